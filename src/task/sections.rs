//! Sections as a task lays them out: a control a section asks once per output becomes one
//! control per output (`errors/sysA`, `errors/sysB`), each with the output's text as its span
//! text, so every kind works inside an output unchanged; results fold them back into objects
//! keyed by output id. Display logic is resolved here too: which control's answer shows which.

use crate::answer::{Answer, Answers};
use crate::item::{Item, ItemFields};
use crate::spec::{Condition, Control, TaskSpec};
use crate::support::family::COMPOSE;
use crate::support::ids::{ControlId, FieldName};
use crate::support::sorted_map::SortedMap;
use crate::task::presentation::Presentation;

/// How a task's controls stand to the spec's: which are copies of a control asked per output,
/// and when each is shown.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Layout {
    /// The spec as written, when sections asked per output changed the task's controls
    /// (results and the analysis read answers by its controls).
    pub written: Option<TaskSpec>,
    /// Each copy of a control asked per output: the spec's control, and the output's id.
    pub asked: SortedMap<ControlId, (ControlId, String)>,
    /// Each section's controls by output, in the order shown: the section's place among the
    /// blocks → (output id, the task's control ids) (one entry, output `""`, for a section
    /// asked once).
    pub shown: SortedMap<usize, Vec<(String, Vec<ControlId>)>>,
    /// When a control is shown (ids as the task has them).
    pub conditions: SortedMap<ControlId, Condition>,
    /// The sections (by place among the blocks) whose dialogue is shown turn by turn: up to
    /// the first asked turn not yet answered.
    pub progressive: Vec<usize>,
}

/// The id of a control's copy for one output.
pub fn copy_id(control: &ControlId, output: &str) -> ControlId {
    ControlId(format!("{control}/{output}"))
}

/// The name of the field that holds one output's text in a task's item.
fn output_field(field: &str, output: &str) -> String {
    format!("{field}/{output}")
}

/// Lays the spec's sections out for one item: the task's spec (each control asked per output
/// copied once per output, the copies where the first of the section's controls stood), its
/// item (each output's text a field of its own), and the layout.
pub fn lay_out(
    spec: TaskSpec,
    mut item: Item,
    presentation: &Presentation,
) -> (TaskSpec, Item, Option<Layout>) {
    if !COMPOSE || spec.sections().next().is_none() {
        return (spec, item, None);
    }
    let mut layout = Layout::default();
    let mut copies: SortedMap<ControlId, Vec<Control>> = SortedMap::new();
    for (n, section) in spec.sections() {
        let Some(src) = &section.outputs else {
            layout
                .shown
                .insert(n, vec![(String::new(), section.controls.clone())]);
            for (id, c) in &section.visible_when {
                layout.conditions.insert(id.clone(), c.clone());
            }
            continue;
        };
        let field = src.field.as_str();
        let outputs =
            presentation.outputs_in_order(&ControlId::from(field), field, &item.outputs(field));
        let dialogue = src.dialogue();
        if dialogue.is_some_and(|d| d.progressive) {
            layout.progressive.push(n);
        }
        let mut shown = Vec::new();
        for output in &outputs {
            let text_field = output_field(field, &output.id);
            item.fields.insert(
                text_field.clone(),
                serde_json::Value::String(output.text.clone()),
            );
            // A dialogue's turn the section does not ask about: shown, as context, without
            // controls.
            if dialogue.is_some_and(|d| !d.asks(output)) {
                shown.push((output.id.clone(), Vec::new()));
                continue;
            }
            let mut ids = Vec::new();
            for id in &section.controls {
                let Some(control) = spec.control(id) else {
                    continue;
                };
                let mut copy = control.clone();
                let copy_id = copy_id(id, &output.id);
                crate::spec::each_control!(&mut copy, c => {
                    c.id = copy_id.clone();
                    if let Some(f) = c.span_field_mut().filter(|f| f.as_str() == field) {
                        *f = FieldName(text_field.clone());
                    }
                    if let Some(other) = c.linked_control_mut().filter(|o| section.controls.contains(o)) {
                        *other = self::copy_id(other, &output.id);
                    }
                });
                layout
                    .asked
                    .insert(copy_id.clone(), (id.clone(), output.id.clone()));
                if let Some(c) = section.visible_when.get(id) {
                    let decider = if section.controls.contains(&c.control) {
                        self::copy_id(&c.control, &output.id)
                    } else {
                        c.control.clone()
                    };
                    layout.conditions.insert(
                        copy_id.clone(),
                        Condition {
                            control: decider,
                            is: c.is.clone(),
                        },
                    );
                }
                copies.entry(id.clone()).or_default().push(copy);
                ids.push(copy_id);
            }
            shown.push((output.id.clone(), ids));
        }
        layout.shown.insert(n, shown);
    }
    if copies.is_empty() {
        return (spec, item, Some(layout));
    }
    let mut task_spec = spec.clone();
    let mut controls = Vec::new();
    for control in &spec.controls {
        let Some(section) = spec
            .sections()
            .map(|(_, s)| s)
            .find(|s| s.outputs.is_some() && s.controls.contains(control.id()))
        else {
            controls.push(control.clone());
            continue;
        };
        // The copies go where the section's first control stands, output by output.
        if section.controls.first() != Some(control.id()) {
            continue;
        }
        let per: Vec<&Vec<Control>> = section
            .controls
            .iter()
            .filter_map(|id| copies.get(id))
            .collect();
        let outputs = per.first().map_or(0, |v| v.len());
        for k in 0..outputs {
            controls.extend(per.iter().map(|v| v[k].clone()));
        }
    }
    task_spec.controls = controls;
    layout.written = Some(spec);
    (task_spec, item, Some(layout))
}

impl Layout {
    /// How many of a section's parts are shown: in a dialogue shown turn by turn, the turns
    /// up to the first asked turn not yet `done` (a question of it shown, and not every
    /// question shown answered without a problem: `done` says so per control); every part
    /// otherwise.
    pub fn parts_shown(
        &self,
        section: usize,
        answers: &Answers,
        done: impl Fn(&ControlId) -> bool,
    ) -> usize {
        let parts = self.shown.get(&section).map_or(0, Vec::len);
        if !self.progressive.contains(&section) {
            return parts;
        }
        // A turn is open while a question of it is shown and it is not answered yet (a turn
        // whose every question display logic hides has nothing to wait for).
        let open = |ids: &[ControlId]| {
            let shown: Vec<&ControlId> = ids.iter().filter(|c| self.visible(c, answers)).collect();
            !shown.is_empty()
                && (!shown.iter().any(|c| answers.contains_key(*c))
                    || !shown.iter().all(|c| done(c)))
        };
        self.shown[&section]
            .iter()
            .position(|(_, ids)| !ids.is_empty() && open(ids))
            .map_or(parts, |k| k + 1)
    }

    /// Whether a section shows this control (then it is not among the controls below).
    pub fn in_section(&self, control: &ControlId) -> bool {
        self.shown
            .values()
            .any(|parts| parts.iter().any(|(_, ids)| ids.contains(control)))
    }

    /// A problem's path (`errors/sysA[2]`) as the spec's controls name it (`errors.sysA[2]`).
    pub fn written_path(&self, path: &str) -> String {
        self.asked
            .iter()
            .find_map(|(copy, (id, output))| {
                let rest = path.strip_prefix(copy.as_str())?;
                (rest.is_empty() || rest.starts_with(['.', '[']))
                    .then(|| format!("{id}.{output}{rest}"))
            })
            .unwrap_or_else(|| path.to_owned())
    }

    /// Whether a control is shown, given the answers (a control whose decider is hidden is
    /// hidden too).
    pub fn visible(&self, control: &ControlId, answers: &Answers) -> bool {
        if self.conditions.is_empty() {
            return true;
        }
        let mut at = control;
        // A chain is never longer than the spec's controls (the spec's checks refuse loops).
        for _ in 0..=self.conditions.len() {
            let Some(c) = self.conditions.get(at) else {
                return true;
            };
            let shows = match answers.get(&c.control) {
                Some(Answer::Choice(v)) => c.is.is_empty() || c.is.iter().any(|x| x == v.as_str()),
                Some(Answer::Choices(list)) => {
                    !list.is_empty()
                        && (c.is.is_empty()
                            || list.iter().any(|v| c.is.iter().any(|x| x == v.as_str())))
                }
                _ => false,
            };
            if !shows {
                return false;
            }
            at = &c.control;
        }
        false
    }

    /// The answers of the controls shown: a hidden control's answer stays in the draft (it is
    /// back when the control shows again) but never in a result.
    pub fn shown_answers(&self, answers: &Answers) -> Answers {
        if self.conditions.is_empty() {
            return answers.clone();
        }
        answers
            .iter()
            .filter(|(id, _)| self.visible(id, answers))
            .map(|(id, a)| (id.clone(), a.clone()))
            .collect()
    }
}
