//! Provenance in the result: for each control a model suggested an answer for, the model, what
//! it suggested (as results write answers), whether the participant saw it, and per part
//! (span, option, link, the whole answer) whether it was accepted, kept, changed, rejected, or added
//! by the annotator.

use super::ToValue;
use crate::answer::{Answer, LabelSet, LinkSet, SpanLink};
use crate::form::suggestions::{parts, Decision, Part};
use crate::form::FormState;
use crate::support::family::{Gate, Suggest};
use crate::support::ids::ControlId;
use crate::support::sorted_map::SortedMap;
use crate::task::Task;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Where one control's answer came from, when a model suggested one.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Provenance {
    /// The model's name, as the item gave it.
    pub model: String,
    /// The model's confidence, when the item gave one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub confidence: Option<f64>,
    /// Whether the participant saw the suggestion (`false`: the spec's anchoring split hid
    /// it on this item, and `units` is empty).
    pub shown: bool,
    /// What the model suggested, as results write the control's answers.
    pub suggested: serde_json::Value,
    /// Each suggested part with what became of it, then each part the annotator added.
    #[serde(default)]
    pub units: Vec<UnitRecord>,
}

/// One decision, with the parts it is about as results write them (a span, an option's value,
/// or the whole answer).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct UnitRecord {
    /// What became of the suggested part (or `added`).
    pub decision: Decision,
    /// The suggested part (absent for an added one).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub suggested: Option<serde_json::Value>,
    /// The answer's part that stands for it (absent for a rejected one).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub answer: Option<serde_json::Value>,
}

/// One part as results write it: a labelled span, an option's value, or the whole answer.
pub fn part_value(
    task: &Task,
    control: &crate::spec::Control,
    part: Part,
) -> Option<serde_json::Value> {
    match part {
        Part::Span(span) => {
            let one = Answer::Labels(Gate::gate(LabelSet {
                spans: vec![span.clone()],
                nothing: false,
                brush: None,
            }));
            let v = crate::spec::each_control!(control, c => c.value(task, Some(&one)))?;
            serde_json::to_value(v.span_labels()?.spans.first()?).ok()
        }
        Part::Option(value) => Some(serde_json::Value::String(value.to_string())),
        Part::Link(link) => {
            let one = Answer::Links(Gate::gate(LinkSet {
                links: vec![SpanLink::clone(&link)],
            }));
            let v = crate::spec::each_control!(control, c => c.value(task, Some(&one)))?;
            serde_json::to_value(v.relations()?.links.first()?).ok()
        }
        Part::Whole(answer) => {
            crate::spec::each_control!(control, c => c.value(task, Some(answer)))
                .and_then(|v| serde_json::to_value(v).ok())
        }
    }
}

/// The decisions on one control as results record them: the suggested answer against the
/// answer, given the parts decided on (`require`: a part left as suggested is then pending,
/// else kept).
pub fn records(
    task: &Task,
    control: &crate::spec::Control,
    suggested: &Answer,
    answer: Option<&Answer>,
    decided: &[usize],
    require: bool,
) -> Vec<UnitRecord> {
    let (s, a) = (parts(Some(suggested)), parts(answer));
    crate::form::suggestions::units(suggested, answer, decided)
        .into_iter()
        .map(|u| UnitRecord {
            decision: match u.decision {
                Decision::Pending if !require => Decision::Kept,
                d => d,
            },
            suggested: u
                .suggested
                .and_then(|i| part_value(task, control, *s.get(i)?)),
            answer: u.answer.and_then(|j| part_value(task, control, *a.get(j)?)),
        })
        .collect()
}

/// The provenance of every control with a suggestion, by the task's control id (a control a
/// section asks per output: `control/output`). Hidden controls are left out.
pub fn of(task: &Task, form: &FormState) -> SortedMap<ControlId, Suggest<Provenance>> {
    let mut out = SortedMap::new();
    let Some(suggested) = task.suggested() else {
        return out;
    };
    let require = task
        .spec
        .suggestions
        .as_ref()
        .is_some_and(|s| s.require_decision);
    for (id, suggestion) in &suggested.by_control {
        let Some(control) = task.spec.control(id) else {
            continue;
        };
        if !task.visible(id, &form.answers) {
            continue;
        }
        let answer = form.answers.get(id);
        let suggested_value =
            part_value(task, control, Part::Whole(&suggestion.answer)).unwrap_or_default();
        let units = if suggested.shown {
            let decided = form.decided.get(id).map_or(&[][..], |v| v.as_slice());
            records(task, control, &suggestion.answer, answer, decided, require)
        } else {
            Vec::new()
        };
        out.insert(
            id.clone(),
            Gate::gate(Provenance {
                model: suggestion.model.clone(),
                confidence: suggestion.confidence.as_ref().and_then(|n| n.as_f64()),
                shown: suggested.shown,
                suggested: suggested_value,
                units,
            }),
        );
    }
    out
}
