//! `text`: free text, one line or several (e.g. an optional note).

mod text_length;
pub mod spec;
// The view: the UI layer of the kind (browser builds only).
#[cfg(ui)]
mod view;

use super::prelude::*;
use crate::spec::TextControl;

impl CheckControl for TextControl {
    fn check(&self, path: &str, _: &mut SortedMap<String, String>, out: &mut Vec<SpecIssue>) {
        if self.max_length == 0 {
            out.push(SpecIssue::new(
                format!("{path}.max_length"),
                SpecIssueCode::InvalidLimits,
                "max_length must be at least 1",
            ));
        }
    }
}

impl ItemFields for TextControl {
    fn check_item(&self, _: &Item, _: &str, _: &mut Vec<SpecIssue>) {}

    fn span_field(&self) -> Option<&str> {
        None
    }
}

impl KindAnswer for TextControl {
    fn read_value(&self, json: &Value) -> Result<AnswerValue, String> {
        typed(json).map(AnswerValue::Text)
    }

    fn example_answer(&self, json: &Value) -> Option<Answer> {
        json.as_str().map(|s| Answer::Text(s.to_owned()))
    }

    fn example_hint(&self) -> &'static str {
        "give a string"
    }
}

/// The text typed, empty when nothing is.
fn typed_text(answer: Option<&Answer>) -> &str {
    match answer {
        Some(Answer::Text(t)) => t,
        _ => "",
    }
}

impl FormKind for TextControl {
    /// The whole text, as typed.
    type Edit = String;

    fn edit(&self, _: &Task, control: &ControlId, text: String, next: &mut FormState) {
        let answer = (!text.is_empty()).then_some(Answer::Text(text));
        crate::form::put(&mut next.answers, control.clone(), answer);
    }

    fn replay(&self, _: &ControlId, answer: &Answer) -> Vec<Action> {
        match answer {
            Answer::Text(text) => vec![self.action(text.clone())],
            _ => Vec::new(),
        }
    }
}

impl ControlRules for TextControl {
    fn rules(&self, _: &Task, answer: Option<&Answer>, out: &mut Vec<Problem>) {
        out.extend(text_length::apply(self, typed_text(answer)));
    }
}

impl ToValue for TextControl {
    fn value(&self, _: &Task, answer: Option<&Answer>) -> Option<AnswerValue> {
        let text = typed_text(answer);
        (!text.is_empty()).then(|| AnswerValue::Text(text.to_owned()))
    }
}

impl Simulate for TextControl {
    fn simulate(&self, _: &Task, rng: &mut SplitMix, _: bool, out: &mut Vec<Action>) {
        if self.required || rng.below(2) == 0 {
            let text: String = "simulated".chars().take(self.max_length.max(1)).collect();
            out.push(self.action(text));
        }
    }
    fn typed_room(&self) -> usize {
        self.max_length
    }
}

impl GoldAnswer for TextControl {
    fn expected(&self, _: &Item, value: &Value, path: &str) -> Result<Expected, Vec<GoldProblem>> {
        match value {
            Value::String(s) => Ok(Expected::Exact(AnswerValue::Text(s.clone()))),
            _ => Err(gold::problem(
                path,
                format!("{value} is not a text: write it in quotes"),
            )),
        }
    }
}

impl Analyse for TextControl {
    fn revalidate(
        &self,
        _: &Task,
        value: &AnswerValue,
        _: &str,
        _: &mut Vec<Finding>,
    ) -> Option<Answer> {
        match value {
            AnswerValue::Text(t) => Some(Answer::Text(t.clone())),
            _ => None,
        }
    }

    fn tidy(&self, value: &AnswerValue, push: &mut dyn FnMut(String, String, Option<&SpanValue>)) {
        if let AnswerValue::Text(t) = value {
            push(String::new(), t.clone(), None);
        }
    }

    /// Free text: a note, which a dataset keeps only when the researcher asks.
    fn dataset(&self, value: &AnswerValue, push: &mut dyn FnMut(&str, Cells)) {
        if let AnswerValue::Text(t) = value {
            let note = Some(t.clone());
            push("", Cells { note, ..Cells::default() });
        }
    }

    /// Free text has no agreement measure.
    fn agreement(&self, _: &Context, _: &[Answered], _: &mut AgreementReport) {}

    fn distribution(&self, _: &[&AnswerValue]) -> Vec<(String, Vec<(String, usize)>)> {
        Vec::new()
    }

    fn categorical(&self, _: &AnswerValue) -> Vec<String> {
        Vec::new()
    }
}
