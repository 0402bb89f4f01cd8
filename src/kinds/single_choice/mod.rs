//! `single_choice`: exactly one option out of a list (radio buttons or a dropdown).

pub mod spec;
// The view: the UI layer of the kind (browser builds only).
#[cfg(ui)]
mod view;
#[cfg(ui)]
mod dropdown;
#[cfg(ui)]
mod props;

use super::options::check_options;
use super::prelude::*;
use crate::spec::SingleChoice;
use crate::support::ids::OptionValue;

impl CheckControl for SingleChoice {
    fn check(&self, path: &str, keys: &mut SortedMap<String, String>, out: &mut Vec<SpecIssue>) {
        check_choice(self, path, keys, out);
    }
}

impl ItemFields for SingleChoice {
    fn check_item(&self, _: &Item, _: &str, _: &mut Vec<SpecIssue>) {}

    fn span_field(&self) -> Option<&str> {
        None
    }
}

impl KindAnswer for SingleChoice {
    fn read_value(&self, json: &Value) -> Result<AnswerValue, String> {
        typed(json).map(AnswerValue::SingleChoice)
    }

    fn example_answer(&self, json: &Value) -> Option<Answer> {
        json.as_str().map(|s| Answer::Choice(OptionValue::from(s)))
    }

    fn example_hint(&self) -> &'static str {
        "give the option's value as a string"
    }

    fn example_unknown(&self, answer: &Answer) -> Option<String> {
        match answer {
            Answer::Choice(value) if !self.options.iter().any(|o| &o.value == value) => Some(
                format!("\"{value}\" is not an option value of control \"{}\"", self.id),
            ),
            _ => None,
        }
    }
}

impl FormKind for SingleChoice {
    /// The option picked.
    type Edit = OptionValue;

    fn edit(&self, _: &Task, control: &ControlId, value: OptionValue, next: &mut FormState) {
        if self.options.iter().any(|o| o.value == value) {
            next.answers.insert(control.clone(), Answer::Choice(value));
        }
    }

    fn replay(&self, _: &ControlId, answer: &Answer) -> Vec<Action> {
        match answer {
            Answer::Choice(v) => vec![self.action(v.clone())],
            _ => Vec::new(),
        }
    }
}

impl ControlRules for SingleChoice {
    fn rules(&self, _: &Task, answer: Option<&Answer>, out: &mut Vec<Problem>) {
        let path = AnswerPath::whole(&self.id);
        out.extend(required::apply(
            path,
            self.required,
            answer.is_some(),
            Msg::ErrRequiredChoice,
        ));
    }
}

impl ToValue for SingleChoice {
    fn value(&self, _: &Task, answer: Option<&Answer>) -> Option<AnswerValue> {
        match answer {
            Some(Answer::Choice(v)) => Some(AnswerValue::SingleChoice(v.clone())),
            _ => None,
        }
    }
}

impl Simulate for SingleChoice {
    fn simulate(&self, _: &Task, rng: &mut SplitMix, _: bool, out: &mut Vec<Action>) {
        if !self.options.is_empty() {
            let o = &self.options[pick(rng, self.options.len())];
            out.push(self.action(o.value.clone()));
        }
    }
}

impl GoldAnswer for SingleChoice {
    fn expected(&self, _: &Item, value: &Value, path: &str) -> Result<Expected, Vec<GoldProblem>> {
        let values: Vec<&str> = self.options.iter().map(|o| o.value.as_str()).collect();
        match value.as_str() {
            Some(v) if values.contains(&v) => Ok(Expected::Exact(AnswerValue::SingleChoice(
                OptionValue::from(v),
            ))),
            _ => Err(gold::problem(
                path,
                format!(
                    "{value} is not an option of \"{}\": use one of {}",
                    self.id,
                    values.join(", ")
                ),
            )),
        }
    }
}

/// The chosen option of a single-choice value.
fn chosen(value: &AnswerValue) -> Option<&OptionValue> {
    match value {
        AnswerValue::SingleChoice(v) => Some(v),
        _ => None,
    }
}

impl Analyse for SingleChoice {
    /// Crowd aggregation: one task per unit, its option.
    fn votes(&self, value: &AnswerValue, _: usize, _: &[&AnswerValue]) -> Vec<(Part, String)> {
        chosen(value)
            .map(|v| vec![(Part::Whole, v.to_string())])
            .unwrap_or_default()
    }

    fn aggregated(&self, parts: &[(Part, String)], _: Option<&Item>, _: &str, _: &UnitAnswers) -> Option<Value> {
        parts
            .iter()
            .find(|(p, _)| *p == Part::Whole)
            .map(|(_, l)| Value::from(l.as_str()))
    }

    fn one_label(&self) -> bool {
        true
    }

    fn revalidate(
        &self,
        _: &Task,
        value: &AnswerValue,
        path: &str,
        out: &mut Vec<Finding>,
    ) -> Option<Answer> {
        let v = chosen(value)?;
        if !self.options.iter().any(|o| &o.value == v) {
            out.push(finding(path, format!("\"{v}\" is not an option")));
        }
        Some(Answer::Choice(v.clone()))
    }

    fn tidy(&self, value: &AnswerValue, push: &mut dyn FnMut(String, String, Option<&SpanValue>)) {
        if let Some(v) = chosen(value) {
            push(String::new(), v.to_string(), None);
        }
    }

    fn dataset(&self, value: &AnswerValue, push: &mut dyn FnMut(&str, Cells)) {
        if let Some(v) = chosen(value) {
            push("", Cells::label(v.to_string()));
        }
    }

    fn agreement(&self, _: &Context, answers: &[Answered], report: &mut AgreementReport) {
        let mut t = Table::new();
        for a in answers {
            if let Some(v) = chosen(a.value) {
                t.entry((a.item.to_owned(), String::new()))
                    .or_default()
                    .insert(a.who.clone(), Datum::Category(v.to_string()));
            }
        }
        report.measures.push(measure(
            self.id.to_string(),
            Level::Nominal,
            "option values",
            &t,
        ));
    }

    fn distribution(&self, values: &[&AnswerValue]) -> Vec<(String, Vec<(String, usize)>)> {
        let data = self
            .options
            .iter()
            .map(|o| {
                let n = values
                    .iter()
                    .filter(|v| chosen(v) == Some(&o.value))
                    .count();
                (o.label.clone(), n)
            })
            .collect();
        vec![(self.label.clone(), data)]
    }

    fn categorical(&self, value: &AnswerValue) -> Vec<String> {
        chosen(value)
            .map(|v| format!("{}={v}", self.id))
            .into_iter()
            .collect()
    }
}

fn check_choice(
    c: &SingleChoice,
    path: &str,
    keys: &mut SortedMap<String, String>,
    out: &mut Vec<SpecIssue>,
) {
    let options = c
        .options
        .iter()
        .enumerate()
        .map(|(n, o)| (format!("{path}.options[{n}]"), o))
        .collect::<Vec<_>>();
    check_options(&format!("{path}.options"), &options, keys, out);
}

