//! Semantic checks of a parsed spec: everything serde cannot see (unique ids, valid keys, ...).
//! Worked examples, which need items, answers and validation, are checked a layer up
//! (the `mount` layer's worked examples).

use super::{
    GridControl, NumberControl, QuestionsControl, SingleChoice, SpanAttributes, SpecIssue,
    SpecIssueCode, TaskSpec, SPEC_FORMAT,
};
use crate::support::sorted_map::{SortedMap, SortedSet};

/// What a control kind checks in its own entry of the spec, beyond what reading it enforces
/// (each kind implements it in `crate::kinds`).
pub trait CheckControl {
    /// Pushes this control's problems; `path` is its place (`controls[2]`), `keys` the
    /// shortcut keys used so far (key -> where), shared by every control.
    fn check(&self, path: &str, keys: &mut SortedMap<String, String>, out: &mut Vec<SpecIssue>);
}

/// Runs every semantic check; returns all problems found (empty when the spec is usable).
pub fn check_spec(spec: &TaskSpec) -> Vec<SpecIssue> {
    let mut out = Vec::new();
    if spec.glossa != SPEC_FORMAT {
        out.push(SpecIssue::new(
            "glossa",
            SpecIssueCode::UnsupportedFormat,
            format!(
                "spec format {} is not supported; this widget reads format {SPEC_FORMAT}",
                spec.glossa
            ),
        ));
    }
    if spec.id.trim().is_empty() {
        out.push(SpecIssue::new(
            "id",
            SpecIssueCode::Empty,
            "the spec id is empty; give the task a stable id",
        ));
    }
    if spec.controls.is_empty() {
        out.push(SpecIssue::new(
            "controls",
            SpecIssueCode::NoControls,
            "the spec has no controls; add at least one thing to answer",
        ));
    }
    let mut ids = SortedSet::new();
    let mut keys: SortedMap<String, String> = SortedMap::new();
    for (n, control) in spec.controls.iter().enumerate() {
        let path = format!("controls[{n}]");
        if control.id().as_str().trim().is_empty() {
            out.push(SpecIssue::new(
                format!("{path}.id"),
                SpecIssueCode::Empty,
                "the control id is empty; answers are stored under it",
            ));
        } else if !ids.insert(control.id().clone()) {
            out.push(SpecIssue::new(
                format!("{path}.id"),
                SpecIssueCode::DuplicateControlId,
                format!(
                    "control id \"{}\" is used twice; each control needs its own id",
                    control.id()
                ),
            ));
        }
        super::each_control!(control, c => c.check(&path, &mut keys, &mut out));
    }
    out
}

pub(crate) fn check_choice(
    c: &SingleChoice,
    path: &str,
    keys: &mut SortedMap<String, String>,
    out: &mut Vec<SpecIssue>,
) {
    if c.options.is_empty() {
        out.push(SpecIssue::new(
            format!("{path}.options"),
            SpecIssueCode::NoOptions,
            "a choice needs at least one option",
        ));
    }
    let mut values = SortedSet::new();
    for (n, option) in c.options.iter().enumerate() {
        let opath = format!("{path}.options[{n}]");
        if option.value.as_str().trim().is_empty() {
            out.push(SpecIssue::new(
                format!("{opath}.value"),
                SpecIssueCode::Empty,
                "the option value is empty; results record it",
            ));
        } else if !values.insert(option.value.clone()) {
            out.push(SpecIssue::new(
                format!("{opath}.value"),
                SpecIssueCode::DuplicateOptionValue,
                format!(
                    "option value \"{}\" is used twice in this control; values must be unique",
                    option.value
                ),
            ));
        }
        if option.label.trim().is_empty() {
            out.push(SpecIssue::new(
                format!("{opath}.label"),
                SpecIssueCode::Empty,
                "the option label is empty; annotators need something to read",
            ));
        }
        if let Some(key) = &option.key {
            let kpath = format!("{opath}.key");
            if !is_valid_key(key) {
                out.push(SpecIssue::new(
                    kpath,
                    SpecIssueCode::InvalidShortcutKey,
                    format!("shortcut key \"{key}\" must be one character, 1-9 or a-z"),
                ));
            } else if let Some(first) = keys.insert(key.to_ascii_lowercase(), kpath.clone()) {
                out.push(SpecIssue::new(
                    kpath,
                    SpecIssueCode::DuplicateShortcutKey,
                    format!("shortcut key \"{key}\" is already used at {first}"),
                ));
            }
        }
    }
}

/// A shortcut key is one character from `1`-`9` or `a`-`z` (case-insensitive).
pub fn is_valid_key(key: &str) -> bool {
    let mut chars = key.chars();
    matches!((chars.next(), chars.next()), (Some(c), None) if c.is_ascii_alphanumeric() && c != '0')
}

/// Largest number of digits a `u64` always holds.
const MAX_DIGITS: u8 = 18;

pub(crate) fn check_number(c: &NumberControl, path: &str, out: &mut Vec<SpecIssue>) {
    if c.max_digits == 0 || c.max_digits > MAX_DIGITS {
        out.push(SpecIssue::new(
            format!("{path}.max_digits"),
            SpecIssueCode::InvalidLimits,
            format!("max_digits must be between 1 and {MAX_DIGITS}"),
        ));
    } else if c.min.to_string().len() > usize::from(c.max_digits) {
        out.push(SpecIssue::new(
            format!("{path}.min"),
            SpecIssueCode::InvalidLimits,
            format!(
                "min {} has more than max_digits ({}) digits: no number could pass",
                c.min, c.max_digits
            ),
        ));
    }
    if let Some(src) = &c.outputs {
        if src.count == Some(0) {
            out.push(SpecIssue::new(
                format!("{path}.outputs.count"),
                SpecIssueCode::InvalidLimits,
                "outputs.count must be at least 1 (or left out: any number of outputs)",
            ));
        }
        if src.label.trim().is_empty() {
            out.push(SpecIssue::new(
                format!("{path}.outputs.label"),
                SpecIssueCode::Empty,
                "each output needs a label, e.g. \"Utterance {n}\"",
            ));
        }
    }
}

pub(crate) fn check_grid(c: &GridControl, path: &str, out: &mut Vec<SpecIssue>) {
    let mut issue = |p: String, code, msg: String| out.push(SpecIssue::new(p, code, msg));
    if c.rows.label.trim().is_empty() {
        issue(
            format!("{path}.rows.label"),
            SpecIssueCode::Empty,
            "each row needs a label, e.g. \"Sentence{n}\"".into(),
        );
    }
    if c.rows.count == Some(0) {
        issue(
            format!("{path}.rows.count"),
            SpecIssueCode::InvalidLimits,
            "a grid needs at least one row".into(),
        );
    }
    if c.rows.count.is_some_and(|n| n > crate::spec::GridRows::MAX) {
        issue(
            format!("{path}.rows.count"),
            SpecIssueCode::InvalidLimits,
            format!("a grid has at most {} rows", crate::spec::GridRows::MAX),
        );
    }
    if c.columns.is_empty() {
        issue(
            format!("{path}.columns"),
            SpecIssueCode::NoOptions,
            "a grid needs at least one column".into(),
        );
    }
    let mut ids = SortedSet::new();
    for (n, col) in c.columns.iter().enumerate() {
        let cpath = format!("{path}.columns[{n}]");
        if col.id.trim().is_empty() || !ids.insert(col.id.as_str()) {
            issue(
                format!("{cpath}.id"),
                SpecIssueCode::DuplicateControlId,
                format!("column id \"{}\" is empty or used twice", col.id),
            );
        }
        if col.options.is_empty() {
            issue(
                format!("{cpath}.options"),
                SpecIssueCode::NoOptions,
                "a column needs at least one option".into(),
            );
        }
        let mut values = SortedSet::new();
        for (i, o) in col.options.iter().enumerate() {
            let opath = format!("{cpath}.options[{i}]");
            let leaves = o
                .options
                .iter()
                .enumerate()
                .map(|(j, l)| (format!("{opath}.options[{j}]"), l));
            for (lpath, leaf) in std::iter::once((opath.clone(), o)).chain(leaves) {
                if !leaf.options.is_empty() && lpath != opath {
                    issue(
                        format!("{lpath}.options"),
                        SpecIssueCode::InvalidField,
                        "options nest two levels at most".into(),
                    );
                }
                if leaf.value.trim().is_empty() || !values.insert(leaf.value.as_str()) {
                    issue(
                        format!("{lpath}.value"),
                        SpecIssueCode::DuplicateOptionValue,
                        format!(
                            "option value \"{}\" is empty or used twice in column \"{}\"",
                            leaf.value, col.id
                        ),
                    );
                }
                if leaf.label.trim().is_empty() {
                    issue(
                        format!("{lpath}.label"),
                        SpecIssueCode::Empty,
                        "the option label is empty".into(),
                    );
                }
            }
        }
    }
    let mut grouped = SortedSet::new();
    for (n, group) in c.alternatives.iter().enumerate() {
        for (i, col) in group.iter().enumerate() {
            if c.column(col).is_none() {
                issue(
                    format!("{path}.alternatives[{n}][{i}]"),
                    SpecIssueCode::UnknownControl,
                    format!("the grid has no column \"{col}\""),
                );
            } else if !grouped.insert(col.as_str()) {
                issue(
                    format!("{path}.alternatives[{n}][{i}]"),
                    SpecIssueCode::DuplicateControlId,
                    format!("column \"{col}\" is in two alternatives"),
                );
            }
        }
    }
    if !c.alternatives.is_empty() {
        for (n, col) in c.columns.iter().enumerate() {
            if !grouped.contains(col.id.as_str()) {
                issue(
                    format!("{path}.columns[{n}].id"),
                    SpecIssueCode::InvalidField,
                    format!(
                        "column \"{}\" is in no alternative; add it to one of `alternatives`",
                        col.id
                    ),
                );
            }
        }
    }
    if let Some(m) = &c.missing_row {
        let ok = c
            .column(&m.column)
            .is_some_and(|col| col.leaf(&m.value).is_some());
        if !ok {
            issue(
                format!("{path}.missing_row"),
                SpecIssueCode::UnknownOption,
                format!(
                    "\"{}\" is not an option of column \"{}\"",
                    m.value, m.column
                ),
            );
        }
    }
}

pub(crate) fn check_span_attributes(c: &SpanAttributes, path: &str, out: &mut Vec<SpecIssue>) {
    let mut issue = |p: String, code, msg: String| out.push(SpecIssue::new(p, code, msg));
    if c.attributes.is_empty() {
        issue(
            format!("{path}.attributes"),
            SpecIssueCode::NoOptions,
            "add at least one attribute".into(),
        );
    }
    let mut ids = SortedSet::new();
    for (n, a) in c.attributes.iter().enumerate() {
        let apath = format!("{path}.attributes[{n}]");
        if a.id.trim().is_empty() || !ids.insert(a.id.as_str()) {
            issue(
                format!("{apath}.id"),
                SpecIssueCode::DuplicateControlId,
                format!("attribute id \"{}\" is empty or used twice", a.id),
            );
        }
        if a.label.trim().is_empty() {
            issue(
                format!("{apath}.label"),
                SpecIssueCode::Empty,
                "the attribute label is empty".into(),
            );
        }
        if a.values.is_empty() {
            issue(
                format!("{apath}.values"),
                SpecIssueCode::NoOptions,
                "an attribute needs at least one value".into(),
            );
        }
        let mut values = SortedSet::new();
        for (i, v) in a.values.iter().enumerate() {
            if v.value.trim().is_empty() || !values.insert(v.value.as_str()) {
                issue(
                    format!("{apath}.values[{i}].value"),
                    SpecIssueCode::DuplicateOptionValue,
                    format!("value \"{}\" is empty or used twice", v.value),
                );
            }
        }
        for (i, v) in a.spans_required_for.iter().enumerate() {
            if v != "*" && !values.contains(v.as_str()) {
                issue(
                    format!("{apath}.spans_required_for[{i}]"),
                    SpecIssueCode::UnknownOption,
                    format!("\"{v}\" is not a value of attribute \"{}\"", a.id),
                );
            }
        }
    }
}

pub(crate) fn check_questions(c: &QuestionsControl, path: &str, out: &mut Vec<SpecIssue>) {
    let mut issue =
        |p: &str, code, msg: String| out.push(SpecIssue::new(format!("{path}.{p}"), code, msg));
    if c.target == 0 {
        issue(
            "target",
            SpecIssueCode::InvalidLimits,
            "target must be at least 1".into(),
        );
    }
    if c.max < c.target {
        issue(
            "max",
            SpecIssueCode::InvalidLimits,
            format!("max ({}) must be at least the target ({})", c.max, c.target),
        );
    }
    if c.yes_no_values.is_empty() || c.yes_no_values.iter().any(|v| v.trim().is_empty()) {
        issue(
            "yes_no_values",
            SpecIssueCode::NoOptions,
            "give the yes/no base forms, e.g. [\"Tak\", \"Nie\"]".into(),
        );
    }
    let mut values = SortedSet::new();
    for (i, cat) in c.categories.iter().enumerate() {
        if cat.value.trim().is_empty() || !values.insert(cat.value.as_str()) {
            issue(
                &format!("categories[{i}].value"),
                SpecIssueCode::DuplicateOptionValue,
                format!("category \"{}\" is empty or used twice", cat.value),
            );
        }
        if cat.share.is_some_and(|p| !(0.0..=100.0).contains(&p.0)) {
            issue(
                &format!("categories[{i}].share"),
                SpecIssueCode::InvalidLimits,
                "a share is a percentage between 0 and 100".into(),
            );
        }
    }
    if let Some(cat) = &c.yes_no_category {
        if !values.contains(cat.as_str()) {
            issue(
                "yes_no_category",
                SpecIssueCode::UnknownOption,
                format!("\"{cat}\" is not one of the categories"),
            );
        }
    }
    if c.unanswerable_share > 100 {
        issue(
            "unanswerable_share",
            SpecIssueCode::InvalidLimits,
            "a share is a percentage between 0 and 100".into(),
        );
    }
    if c.overlap.threshold > 100 {
        issue(
            "overlap.threshold",
            SpecIssueCode::InvalidLimits,
            "the threshold is a percentage between 0 and 100".into(),
        );
    }
    if let Some(name) = &c.overlap.function_words {
        if crate::text::overlap::FunctionWords::builtin(name).is_none() {
            issue(
                "overlap.function_words",
                SpecIssueCode::UnknownOption,
                format!(
                    "no built-in function-word list \"{name}\"; use one of {:?}, or list words in extra_function_words",
                    crate::text::overlap::FunctionWords::BUILTIN
                ),
            );
        }
    }
}
