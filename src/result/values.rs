//! Validated answers as results hold them: integers keyed by output id, grid rows with their
//! sentences and both levels, spans with their text and offsets in every unit, questions with
//! fragments, base forms and overlap.

use crate::answer::{Answer, AnswerValue};
use crate::support::family::Gate;
use crate::support::ids::ControlId;
use crate::support::sorted_map::SortedMap;
use crate::task::Task;
use crate::validate::ValidAnswers;

/// How a control kind's valid answer becomes its result value (each kind implements it in
/// `crate::kinds`).
pub trait ToValue {
    /// The value of this control's answer (`None`: not answered, left out of the result).
    fn value(&self, task: &Task, answer: Option<&Answer>) -> Option<AnswerValue>;
}

/// The answers of a validated form as results hold them, by control id.
pub fn of(task: &Task, valid: &ValidAnswers) -> SortedMap<ControlId, AnswerValue> {
    let (spec, _item) = (&task.spec, &task.item);
    let answers = valid.answers();
    let mut values = SortedMap::new();
    for control in &spec.controls {
        // Display logic: a hidden control is not recorded, not even as unanswered.
        if !task.visible(control.id(), answers) {
            continue;
        }
        let answer = answers.get(control.id());
        let value = crate::spec::each_control!(control, c => c.value(task, answer));
        let Some(v) = value else { continue };
        match task.asked(control.id()) {
            // A copy for one output goes under its control, keyed by the output.
            Some((id, output)) => {
                let entry = values
                    .entry(id.clone())
                    .or_insert_with(|| AnswerValue::PerOutput(Gate::gate(SortedMap::new())));
                if let AnswerValue::PerOutput(map) = entry {
                    map.insert(output.clone(), v);
                }
            }
            None => {
                values.insert(control.id().clone(), v);
            }
        }
    }
    values
}
