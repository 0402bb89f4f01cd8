//! Sections: controls shown together in one part of the screen — once per output of the item
//! (WMT's ESA: per translation its error spans, then its score) or once — and display logic
//! (a control shown only when another answer has a value).

use crate::support::ids::ControlId;
use crate::support::sorted_map::SortedMap;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::OutputsSource;

/// A section of the screen: the controls it names, shown here instead of among the controls.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SectionBlock {
    /// Heading of the section (e.g. `Your judgement`); a section asked per output is headed
    /// by each output's label instead.
    #[serde(default)]
    pub title: Option<String>,
    /// Ask the section's controls once for each output of the item: each output is shown
    /// once, its text then its controls (e.g. `{"field": "translations", "label":
    /// "Translation {n}", "shuffle": true}`). A span control of the section whose
    /// `text_field` is this field marks spans inside each output's text. The answers are
    /// objects keyed by output id; the order shown is recorded once, under the field's name,
    /// and every other control over the same outputs (a pairwise preference, a ranking)
    /// follows it.
    #[serde(default)]
    pub outputs: Option<OutputsSource>,
    /// The ids of the controls shown in this section, in screen order (each a control of the
    /// spec's `controls`, in one section at most).
    pub controls: Vec<ControlId>,
    /// Display logic: a control of this section shown only when another answer has a value,
    /// keyed by the control's id (e.g. `{"errors": {"control": "has_errors", "is": ["yes"]}}`).
    /// A hidden control is neither required nor recorded; `glossa validate` refuses a result
    /// that answers one.
    #[serde(default, skip_serializing_if = "SortedMap::is_empty")]
    pub visible_when: SortedMap<ControlId, Condition>,
    /// What each error weighs in the error score of an output and a system (MQM), for the
    /// labelled-span controls of a section asked per output: by label value, label group or
    /// attribute value, or a label or group with a value as `label|value`, e.g. `{"minor": 1,
    /// "major": 5, "critical": 10, "non_translation": 25}` — the default, Freitag et al.
    /// (2021)'s weights. A span weighs the most particular weight that names it: its label with
    /// its value (`Fluency/Punctuation|Minor`), its label (a non-translation), its group with
    /// its value (`Fluency|Minor`), its group, the first of its attribute values that has one
    /// (its severity), else 1.
    #[serde(default, skip_serializing_if = "SortedMap::is_empty")]
    pub weights: SortedMap<String, serde_json::Number>,
}

/// When a control is shown: another control's answer has a value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Condition {
    /// The control whose answer decides: a single or multiple choice shown before it. In a
    /// section asked per output, a control of the same section decides for each output.
    pub control: ControlId,
    /// The option values that show it (a multiple choice: any of them ticked); none: any
    /// answer shows it.
    #[serde(default)]
    pub is: Vec<String>,
}

use super::check_control::CheckControl;
use super::{Control, SpecIssue, SpecIssueCode, TaskSpec};

impl TaskSpec {
    /// The spec's sections, with their place among the blocks.
    pub fn sections(&self) -> impl Iterator<Item = (usize, &SectionBlock)> {
        let compose = crate::support::family::COMPOSE;
        self.blocks
            .iter()
            .enumerate()
            .filter(move |_| compose)
            .filter_map(|(n, b)| match b {
                super::Block::Section(s) => {
                    let s: &SectionBlock = s; // through `Compose`, whichever it is
                    Some((n, s))
                }
                _ => None,
            })
    }

    /// The section a control is shown in, if any.
    pub fn section_of(&self, control: &ControlId) -> Option<&SectionBlock> {
        self.sections()
            .map(|(_, s)| s)
            .find(|s| s.controls.contains(control))
    }

    /// Where the outputs come from when a control is asked once per output by its section.
    pub fn per_output(&self, control: &ControlId) -> Option<&OutputsSource> {
        self.section_of(control)?.outputs.as_ref()
    }

    /// When a control is shown, if its section says.
    pub fn condition(&self, control: &ControlId) -> Option<&Condition> {
        self.section_of(control)?.visible_when.get(control)
    }
}

/// The option values a control can be shown by (a categorical kind's, see
/// [`crate::spec::capability::Capabilities::categories`]), or `None` for a control that cannot
/// decide what is shown.
fn deciding_values(control: &Control) -> Option<Vec<&str>> {
    control.categories()
}

/// Checks every section: its controls exist and are in one section each; a section asked per
/// output holds no control that asks per output itself, nor shortcut keys (one key would
/// answer only the first output); display logic names a choice shown before, its values, and
/// no loop.
pub(crate) fn check_sections(spec: &TaskSpec, out: &mut Vec<SpecIssue>) {
    let mut placed: SortedMap<ControlId, usize> = SortedMap::new();
    for (n, section) in spec.sections() {
        let path = format!("blocks[{n}]");
        if let Some(src) = &section.outputs {
            super::dialogue::check_dialogue(src, &path, out);
        }
        for (k, id) in section.controls.iter().enumerate() {
            let at = format!("{path}.controls[{k}]");
            let Some(control) = spec.control(id) else {
                out.push(SpecIssue::new(
                    at,
                    SpecIssueCode::UnknownControl,
                    format!("the spec has no control \"{id}\"; name a control of `controls`"),
                ));
                continue;
            };
            if placed.insert(id.clone(), n).is_some() {
                out.push(SpecIssue::new(
                    at.clone(),
                    SpecIssueCode::InvalidField,
                    format!("control \"{id}\" is already in another section; a control is shown in one place"),
                ));
            }
            if section.outputs.is_none() {
                continue;
            }
            if crate::spec::each_control!(control, c => c.asks_about_outputs()) {
                out.push(SpecIssue::new(
                    at.clone(),
                    SpecIssueCode::InvalidField,
                    format!("control \"{id}\" asks about outputs itself, and this section already asks it once per output; remove its `outputs` (a slider, scale or number), or move it out of the section (a pairwise or ranking, which compares the outputs)"),
                ));
            }
            let mut keys = SortedMap::new();
            let mut ignored = Vec::new();
            crate::spec::each_control!(control, c => c.check("", &mut keys, &mut ignored));
            if !keys.is_empty() {
                out.push(SpecIssue::new(
                    at,
                    SpecIssueCode::InvalidShortcutKey,
                    format!("control \"{id}\" has shortcut keys, but it is asked once per output, so a key would answer only the first; remove its `key`s"),
                ));
            }
        }
        // (Weights are the analysis's: the researcher's tools check them, the participant's
        // page carries none of it.)
        #[cfg(any(not(target_arch = "wasm32"), feature = "report-web"))]
        check_weights(spec, section, &path, out);
        for (id, condition) in &section.visible_when {
            let at = format!("{path}.visible_when.{id}");
            if !section.controls.contains(id) {
                out.push(SpecIssue::new(
                    at.clone(),
                    SpecIssueCode::UnknownControl,
                    format!("\"{id}\" is not a control of this section; display logic goes in the section that shows the control"),
                ));
            }
            check_condition(spec, section, id, condition, &at, out);
        }
    }
}

/// A section's error weights each name a label or an attribute value of its labelled spans, or
/// a label and a value as `label|value` (a weight that names nothing would leave the errors it
/// meant at 1: `Major` for `major`, a typo), with the near match when there is one.
#[cfg(any(not(target_arch = "wasm32"), feature = "report-web"))]
fn check_weights(spec: &TaskSpec, section: &SectionBlock, path: &str, out: &mut Vec<SpecIssue>) {
    let mut named: Vec<&str> = Vec::new();
    for id in &section.controls {
        if let Some(c) = spec.control(id) {
            named.extend(c.weighable());
        }
    }
    let mut seen = Vec::new();
    named.retain(|n| {
        !seen.contains(n) && {
            seen.push(*n);
            true
        }
    });
    for key in section.weights.keys() {
        // Each part of a pair is checked as a key of its own.
        let Some(part) = key.split('|').find(|p| !named.contains(p)) else {
            continue;
        };
        let near = named
            .iter()
            .filter(|n| n.eq_ignore_ascii_case(part) || edits(n, part) <= 2)
            .min_by_key(|n| edits(n, part))
            .map(|n| format!(" (did you mean \"{n}\"?)"))
            .unwrap_or_default();
        let known = if named.is_empty() {
            "the section has no labelled spans to weigh".to_owned()
        } else {
            format!(
                "its labels, groups and attribute values are {}",
                named.join(", ")
            )
        };
        out.push(SpecIssue::new(
            format!("{path}.weights.{key}"),
            SpecIssueCode::InvalidField,
            format!("the weight \"{key}\" names no label, group or attribute value of the section's labelled spans (\"{part}\"{near}): the errors it meant would weigh 1 ({known})"),
        ));
    }
}

/// The edit distance of two short strings (characters inserted, deleted or replaced).
#[cfg(any(not(target_arch = "wasm32"), feature = "report-web"))]
fn edits(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let next = (row[j + 1] + 1)
                .min(row[j] + 1)
                .min(diagonal + usize::from(ca != *cb));
            diagonal = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}

fn check_condition(
    spec: &TaskSpec,
    section: &SectionBlock,
    id: &ControlId,
    condition: &Condition,
    at: &str,
    out: &mut Vec<SpecIssue>,
) {
    let decider = &condition.control;
    let Some(control) = spec.control(decider) else {
        out.push(SpecIssue::new(
            format!("{at}.control"),
            SpecIssueCode::UnknownControl,
            format!("the spec has no control \"{decider}\"; name the single or multiple choice that decides"),
        ));
        return;
    };
    let Some(values) = deciding_values(control) else {
        out.push(SpecIssue::new(
            format!("{at}.control"),
            SpecIssueCode::InvalidField,
            format!("\"{decider}\" is not a single or multiple choice; only a choice's answer can show or hide a control"),
        ));
        return;
    };
    // Shown before: earlier in the same section, or in an earlier section asked once (the
    // controls outside sections come after every section).
    let mine = section.controls.iter().position(|c| c == id);
    let its = section.controls.iter().position(|c| c == decider);
    let before = match (its, mine) {
        (Some(a), Some(b)) => a < b,
        (Some(_), None) => false,
        (None, _) => spec
            .sections()
            .map(|(_, s)| s)
            .take_while(|s| !std::ptr::eq(*s, section))
            .any(|s| s.outputs.is_none() && s.controls.contains(decider)),
    };
    if !before {
        out.push(SpecIssue::new(
            format!("{at}.control"),
            SpecIssueCode::InvalidField,
            format!("\"{decider}\" must come before \"{id}\": put it earlier in this section, or in an earlier section that is not asked per output (the controls outside sections come after every section)"),
        ));
    }
    for (k, v) in condition.is.iter().enumerate() {
        if !values.contains(&v.as_str()) {
            out.push(SpecIssue::new(
                format!("{at}.is[{k}]"),
                SpecIssueCode::UnknownOption,
                format!(
                    "\"{v}\" is not an option of \"{decider}\"; use one of: {}",
                    values.join(", ")
                ),
            ));
        }
    }
    // A loop (a control shown by a control it shows) would hide both for ever.
    let mut seen = vec![id];
    let mut next = Some(decider);
    while let Some(c) = next {
        if seen.contains(&c) {
            out.push(SpecIssue::new(
                format!("{at}.control"),
                SpecIssueCode::InvalidField,
                format!("display logic goes round in a loop through \"{c}\"; let one of them be always shown"),
            ));
            return;
        }
        seen.push(c);
        next = spec.condition(c).map(|k| &k.control);
    }
}
