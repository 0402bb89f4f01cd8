//! `multiple_choice`: any options out of a list (multi-label), between `min` and `max` of
//! them, with an exclusive "none of these" when the spec gives one.

mod choice_count;
pub mod spec;
// The view: the UI layer of the kind (browser builds only).
#[cfg(ui)]
mod view;

use super::prelude::*;
use super::options::check_options;
use crate::spec::MultipleChoice;
use crate::support::ids::OptionValue;

impl CheckControl for MultipleChoice {
    fn check(&self, path: &str, keys: &mut SortedMap<String, String>, out: &mut Vec<SpecIssue>) {
        let mut options: Vec<(String, &crate::spec::ChoiceOption)> = self
            .options
            .iter()
            .enumerate()
            .map(|(n, o)| (format!("{path}.options[{n}]"), o))
            .collect();
        options.extend(self.none.iter().map(|o| (format!("{path}.none"), o)));
        check_options(&format!("{path}.options"), &options, keys, out);
        let n = self.options.len();
        if self.min > n {
            out.push(SpecIssue::new(
                format!("{path}.min"),
                SpecIssueCode::InvalidField,
                format!("min ({}) is more than the {n} options", self.min),
            ));
        }
        if let Some(max) = self.max {
            if max == 0 || max < self.min {
                out.push(SpecIssue::new(
                    format!("{path}.max"),
                    SpecIssueCode::InvalidField,
                    format!(
                        "max ({max}) must be at least 1 and at least min ({})",
                        self.min
                    ),
                ));
            }
        }
    }
}

impl ItemFields for MultipleChoice {
    fn check_item(&self, _: &Item, _: &str, _: &mut Vec<SpecIssue>) {}

    fn span_field(&self) -> Option<&str> {
        None
    }
}

impl MultipleChoice {
    /// `values` as a result holds them: known values once each, in the spec's order.
    pub fn ordered(&self, values: &[OptionValue]) -> Vec<OptionValue> {
        self.all_options()
            .filter(|o| values.contains(&o.value))
            .map(|o| o.value.clone())
            .collect()
    }

    /// Whether `value` is the spec's "none of these".
    pub fn is_none(&self, value: &OptionValue) -> bool {
        self.none.as_ref().is_some_and(|n| &n.value == value)
    }
}

impl KindAnswer for MultipleChoice {
    fn read_value(&self, json: &Value) -> Result<AnswerValue, String> {
        typed(json).map(AnswerValue::MultipleChoice)
    }

    fn example_answer(&self, json: &Value) -> Option<Answer> {
        let values: Option<Vec<OptionValue>> = json
            .as_array()?
            .iter()
            .map(|v| v.as_str().map(OptionValue::from))
            .collect();
        Some(Answer::Choices(gate(values?)))
    }

    fn example_hint(&self) -> &'static str {
        "give the ticked options' values as a list of strings"
    }
}

/// A list in its family's gate.
fn gate(values: Vec<OptionValue>) -> crate::support::family::Labels<Vec<OptionValue>> {
    crate::support::family::Gate::gate(values)
}

impl MultipleChoice {
    /// Whether `answer` may be the whole answer: known options, each once.
    fn accepts(&self, answer: &Answer) -> bool {
        matches!(answer, Answer::Choices(values)
            if values.iter().all(|v| self.all_options().any(|o| &o.value == v))
                && self.ordered(values).len() == values.len())
    }

    /// "None of these" clears the others, another option clears "none of these"; the spec's
    /// order; no option left is no answer.
    fn toggled(&self, current: Option<&Answer>, value: &OptionValue) -> Option<Option<Answer>> {
        if !self.all_options().any(|o| &o.value == value) {
            return None;
        }
        let ticked: &[OptionValue] = match current {
            Some(Answer::Choices(v)) => v,
            _ => &[],
        };
        let next: Vec<OptionValue> = if ticked.contains(value) {
            ticked.iter().filter(|v| *v != value).cloned().collect()
        } else if self.is_none(value) {
            vec![value.clone()]
        } else {
            ticked
                .iter()
                .filter(|v| !self.is_none(v))
                .cloned()
                .chain(std::iter::once(value.clone()))
                .collect()
        };
        let next = self.ordered(&next);
        Some((!next.is_empty()).then(|| Answer::Choices(gate(next))))
    }
}

/// What the annotator does to a multiple choice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChoicesEdit {
    /// Tick or untick one option, on the answer as it stands (two fast keys both count).
    Toggle(OptionValue),
    /// The whole set of ticked options (a draft replayed).
    Set(Vec<OptionValue>),
}

impl FormKind for MultipleChoice {
    type Edit = ChoicesEdit;

    fn edit(&self, _: &Task, control: &ControlId, edit: ChoicesEdit, next: &mut FormState) {
        match edit {
            ChoicesEdit::Toggle(value) => {
                crate::form::change(next, control, |current| self.toggled(current, &value))
            }
            ChoicesEdit::Set(values) => {
                let answer = Answer::Choices(gate(values));
                if self.accepts(&answer) {
                    crate::form::put(&mut next.answers, control.clone(), Some(answer));
                }
            }
        }
    }

    fn replay(&self, _: &ControlId, answer: &Answer) -> Vec<Action> {
        match answer {
            Answer::Choices(values) => vec![self.action(ChoicesEdit::Set(Vec::clone(values)))],
            _ => Vec::new(),
        }
    }
}

impl ControlRules for MultipleChoice {
    fn rules(&self, _: &Task, answer: Option<&Answer>, out: &mut Vec<Problem>) {
        let ticked: &[OptionValue] = match answer {
            Some(Answer::Choices(values)) => values,
            _ => &[],
        };
        let none = ticked.iter().any(|v| self.is_none(v));
        out.extend(choice_count::apply(
            AnswerPath::whole(&self.id),
            if none { 1 } else { ticked.len() },
            self.min,
            self.max,
        ));
    }
}

impl ToValue for MultipleChoice {
    fn value(&self, _: &Task, answer: Option<&Answer>) -> Option<AnswerValue> {
        match answer {
            Some(Answer::Choices(values)) if !values.is_empty() => {
                Some(AnswerValue::MultipleChoice(gate(self.ordered(values))))
            }
            _ => None,
        }
    }
}

impl Simulate for MultipleChoice {
    fn simulate(&self, _: &Task, rng: &mut SplitMix, plain: bool, out: &mut Vec<Action>) {
        let n = self.options.len();
        let max = self.max.unwrap_or(n).min(n);
        let values: Vec<OptionValue> = if self.none.is_some() && (plain || pick(rng, 4) == 0) {
            self.none.iter().map(|o| o.value.clone()).collect()
        } else {
            let want =
                self.min.max(1).min(max) + pick(rng, max.saturating_sub(self.min.max(1)) + 1);
            let mut chosen: Vec<usize> = Vec::new();
            while chosen.len() < want.min(n) {
                let i = pick(rng, n);
                if !chosen.contains(&i) {
                    chosen.push(i);
                }
            }
            let values: Vec<OptionValue> = chosen
                .iter()
                .map(|&i| self.options[i].value.clone())
                .collect();
            self.ordered(&values)
        };
        out.push(self.action(ChoicesEdit::Set(values)));
    }
}

impl GoldAnswer for MultipleChoice {
    fn expected(&self, _: &Item, value: &Value, path: &str) -> Result<Expected, Vec<GoldProblem>> {
        let known: Vec<&str> = self.all_options().map(|o| o.value.as_str()).collect();
        let values: Option<Vec<OptionValue>> = value.as_array().and_then(|list| {
            list.iter()
                .map(|v| {
                    v.as_str()
                        .filter(|s| known.contains(s))
                        .map(OptionValue::from)
                })
                .collect()
        });
        match values {
            Some(v) => Ok(Expected::Exact(AnswerValue::MultipleChoice(gate(
                self.ordered(&v),
            )))),
            None => Err(gold::problem(
                path,
                format!(
                    "{value} is not a list of options of \"{}\": use some of {}",
                    self.id,
                    known.join(", ")
                ),
            )),
        }
    }
}

/// The ticked options of a multiple-choice value.
fn ticked(value: &AnswerValue) -> Option<&[OptionValue]> {
    match value {
        AnswerValue::MultipleChoice(v) => Some(v),
        _ => None,
    }
}

impl Analyse for MultipleChoice {
    /// Crowd aggregation: one task per unit and option, `yes` or `no`.
    fn votes(&self, value: &AnswerValue, _: usize, _: &[&AnswerValue]) -> Vec<(Part, String)> {
        let Some(ticked) = ticked(value) else {
            return Vec::new();
        };
        self.options
            .iter()
            .map(|o| {
                let yes = if ticked.contains(&o.value) { "yes" } else { "no" };
                (Part::Piece(o.value.to_string()), yes.to_owned())
            })
            .collect()
    }

    /// The options most annotators ticked; none of them: the spec's "none of these" if it has
    /// one. A set the rules refuse (fewer than `min`, more than `max`) is no aggregate: the
    /// whole answers are compared instead.
    fn aggregated(&self, parts: &[(Part, String)], _: Option<&Item>, _: &str, _: &UnitAnswers) -> Option<Value> {
        let chosen: Vec<&str> = self
            .options
            .iter()
            .filter(|o| {
                parts
                    .iter()
                    .any(|(p, l)| *p == Part::Piece(o.value.to_string()) && l == "yes")
            })
            .map(|o| o.value.as_str())
            .collect();
        if chosen.is_empty() {
            if let Some(none) = &self.none {
                return Some(Value::from(vec![none.value.as_str()]));
            }
        }
        let fits = chosen.len() >= self.min && self.max.is_none_or(|m| chosen.len() <= m);
        fits.then(|| Value::from(chosen))
    }

    fn revalidate(
        &self,
        _: &Task,
        value: &AnswerValue,
        path: &str,
        out: &mut Vec<Finding>,
    ) -> Option<Answer> {
        let values = ticked(value)?;
        for v in values {
            if !self.all_options().any(|o| &o.value == v) {
                out.push(finding(path, format!("\"{v}\" is not an option")));
            }
        }
        if self.ordered(values).len() != values.len() {
            out.push(finding(path, "an option is ticked twice".to_owned()));
        }
        if values.len() > 1 && values.iter().any(|v| self.is_none(v)) {
            out.push(finding(
                path,
                "\"none of these\" is ticked with other options".to_owned(),
            ));
        }
        Some(Answer::Choices(gate(values.to_vec())))
    }

    fn tidy(&self, value: &AnswerValue, push: &mut dyn FnMut(String, String, Option<&SpanValue>)) {
        for v in ticked(value).unwrap_or_default() {
            push(String::new(), v.to_string(), None);
        }
    }

    fn dataset(&self, value: &AnswerValue, push: &mut dyn FnMut(&str, Cells)) {
        if let Some(vs) = ticked(value) {
            let labels = Some(vs.iter().map(ToString::to_string).collect());
            push("", Cells { labels, ..Cells::default() });
        }
    }

    /// One measure per option: ticked or not (nominal), over every item an annotator answered.
    fn agreement(&self, _: &Context, answers: &[Answered], report: &mut AgreementReport) {
        for o in self.all_options() {
            let mut t = Table::new();
            for a in answers {
                if let Some(values) = ticked(a.value) {
                    let on = if values.contains(&o.value) {
                        "yes"
                    } else {
                        "no"
                    };
                    t.entry((a.item.to_owned(), String::new()))
                        .or_default()
                        .insert(a.who.clone(), Datum::Category(on.to_owned()));
                }
            }
            report.measures.push(measure(
                format!("{}.{}", self.id, o.value),
                Level::Nominal,
                "ticked or not",
                &t,
            ));
        }
    }

    fn distribution(&self, values: &[&AnswerValue]) -> Vec<(String, Vec<(String, usize)>)> {
        let data = self
            .all_options()
            .map(|o| {
                let n = values
                    .iter()
                    .filter(|v| ticked(v).is_some_and(|t| t.contains(&o.value)))
                    .count();
                (o.label.clone(), n)
            })
            .collect();
        vec![(self.label.clone(), data)]
    }

    fn categorical(&self, value: &AnswerValue) -> Vec<String> {
        let values = ticked(value).unwrap_or_default();
        self.all_options()
            .map(|o| format!("{}.{}={}", self.id, o.value, values.contains(&o.value)))
            .collect()
    }
}
