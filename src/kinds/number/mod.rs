//! `number`: a whole number, asked once or once per output the item lists (magnitude
//! estimation).

mod whole_number;
pub mod spec;
// The view: the UI layer of the kind (browser builds only).
#[cfg(ui)]
mod view;
#[cfg(ui)]
mod number_box;

use super::prelude::*;
use crate::answer::NumberValue;
use crate::spec::NumberControl;
use crate::support::family::Gate;
use whole_number::value as whole_number_value;

/// Largest number of digits a `u64` always holds.
const MAX_DIGITS: u8 = 18;

impl CheckControl for NumberControl {
    fn check(&self, path: &str, _: &mut SortedMap<String, String>, out: &mut Vec<SpecIssue>) {
        check_number(self, path, out);
    }

    fn asks_about_outputs(&self) -> bool {
        self.outputs.is_some()
    }
}

impl ItemFields for NumberControl {
    fn check_item(&self, item: &Item, path: &str, out: &mut Vec<SpecIssue>) {
        super::points::check_item(self.outputs.as_ref(), item, path, out);
    }

    fn span_field(&self) -> Option<&str> {
        None
    }

    fn outputs_source(&self) -> Option<&crate::spec::OutputsSource> {
        self.outputs.as_ref()
    }
}

impl KindAnswer for NumberControl {
    fn read_value(&self, json: &Value) -> Result<AnswerValue, String> {
        typed(json).map(AnswerValue::Number)
    }

    fn example_answer(&self, json: &Value) -> Option<Answer> {
        let number = |v: &Value| match v {
            Value::Number(n) => Some(n.to_string()),
            _ => None,
        };
        if self.outputs.is_some() {
            let texts = json
                .as_object()?
                .iter()
                .map(|(k, v)| number(v).map(|t| (k.clone(), t)))
                .collect::<Option<SortedMap<_, _>>>()?;
            Some(Answer::NumberTexts(Gate::gate(texts)))
        } else {
            number(json).map(|t| Answer::NumberText(Gate::gate(t)))
        }
    }

    fn example_hint(&self) -> &'static str {
        if self.outputs.is_some() {
            "give an object of whole numbers keyed by output id"
        } else {
            "give a whole number"
        }
    }
}

/// Typing into a number box (`key` = output id, `None` for a single box). The text is kept
/// as typed; validation says what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NumberEdit {
    /// The output id, for a number asked per output.
    pub key: Option<String>,
    /// The text in the box.
    pub text: String,
}

impl FormKind for NumberControl {
    type Edit = NumberEdit;

    fn edit(&self, task: &Task, control: &ControlId, edit: NumberEdit, next: &mut FormState) {
        if number_keys(self, &task.item).contains(&edit.key) {
            set_number(&mut next.answers, control.clone(), edit.key, edit.text);
        }
    }

    fn replay(&self, _: &ControlId, answer: &Answer) -> Vec<Action> {
        let typed = |key: Option<String>, text: &str| {
            self.action(NumberEdit {
                key,
                text: text.to_owned(),
            })
        };
        match answer {
            Answer::NumberText(text) => vec![typed(None, text)],
            Answer::NumberTexts(map) => map
                .iter()
                .map(|(k, text)| typed(Some(k.clone()), text))
                .collect(),
            _ => Vec::new(),
        }
    }
}

fn set_number(
    answers: &mut crate::answer::Answers,
    control: ControlId,
    key: Option<String>,
    text: String,
) {
    match key {
        None if text.is_empty() => {
            answers.remove(&control);
        }
        None => {
            answers.insert(control, Answer::NumberText(Gate::gate(text)));
        }
        Some(key) => {
            let entry = answers.entry(control.clone()).or_insert_with(|| {
                Answer::NumberTexts(Gate::gate(SortedMap::<String, String>::new()))
            });
            if let Answer::NumberTexts(map) = entry {
                if text.is_empty() {
                    map.remove(&key);
                } else {
                    map.insert(key, text);
                }
                if map.is_empty() {
                    answers.remove(&control);
                }
            }
        }
    }
}

impl ControlRules for NumberControl {
    fn rules(&self, task: &Task, answer: Option<&Answer>, out: &mut Vec<Problem>) {
        for key in number_keys(self, &task.item) {
            let text = Answer::number_text(answer, key.as_deref());
            let path = AnswerPath::output(&self.id, key.as_deref());
            if text.is_empty() {
                out.extend(required::apply(
                    path,
                    self.required,
                    false,
                    Msg::ErrRequiredNumber,
                ));
            } else if let Some((code, param)) = whole_number::apply(text, self.min, self.max_digits)
            {
                let params = param
                    .map(|n| vec![("n", n.to_string())])
                    .unwrap_or_default();
                out.push(Problem::error(path, code, number_msg(code), params));
            }
        }
    }
}

impl ToValue for NumberControl {
    fn value(&self, task: &Task, answer: Option<&Answer>) -> Option<AnswerValue> {
        let value = if self.outputs.is_some() {
            let numbers: SortedMap<String, u64> = number_keys(self, &task.item)
                .into_iter()
                .flatten()
                .filter_map(|k| {
                    whole_number_value(Answer::number_text(answer, Some(&k))).map(|v| (k, v))
                })
                .collect();
            (!numbers.is_empty()).then_some(NumberValue::PerOutput(numbers))?
        } else {
            NumberValue::One(whole_number_value(Answer::number_text(answer, None))?)
        };
        Some(AnswerValue::Number(Gate::gate(value)))
    }
}

impl Simulate for NumberControl {
    fn simulate(&self, task: &Task, rng: &mut SplitMix, _: bool, out: &mut Vec<Action>) {
        let low = self.min.max(1);
        let high = 10u64
            .saturating_pow(u32::from(self.max_digits.clamp(1, 18)))
            .saturating_sub(1)
            .min(low + 199)
            .max(low);
        for key in number_keys(self, &task.item) {
            let n = low + rng.below(high - low + 1);
            out.push(self.action(NumberEdit {
                key,
                text: n.to_string(),
            }));
        }
    }
}

impl GoldAnswer for NumberControl {
    fn expected(
        &self,
        item: &Item,
        value: &Value,
        path: &str,
    ) -> Result<Expected, Vec<GoldProblem>> {
        match (&self.outputs, value) {
            (None, v) => gold::whole(v, path).map(Expected::Number),
            (Some(src), Value::Object(map)) => {
                let ids = super::points::output_ids(item, src);
                let mut numbers = SortedMap::new();
                let mut problems = Vec::new();
                for (k, v) in map {
                    let at = format!("{path}.{k}");
                    if !ids.contains(k) {
                        problems.extend(super::points::no_output(item, &ids, &at, k));
                    }
                    match gold::whole(v, &at) {
                        Ok(n) => {
                            numbers.insert(k.clone(), n);
                        }
                        Err(mut p) => problems.append(&mut p),
                    }
                }
                gold::done(Expected::Numbers(numbers), problems)
            }
            (Some(_), v) => Err(gold::problem(
                path,
                format!("{v} is not a number per output: write {{\"<output id>\": 100, …}}"),
            )),
        }
    }
}

/// The numbers of a number value with their output ids (`""` for a single box).
fn numbers(value: &AnswerValue) -> Vec<(&str, u64)> {
    match value {
        AnswerValue::Number(n) => {
            let n: &NumberValue = n;
            n.entries()
        }
        _ => Vec::new(),
    }
}

impl Analyse for NumberControl {
    fn revalidate(
        &self,
        _: &Task,
        value: &AnswerValue,
        _: &str,
        _: &mut Vec<Finding>,
    ) -> Option<Answer> {
        let AnswerValue::Number(n) = value else {
            return None;
        };
        let n: &NumberValue = n;
        Some(match (n, self.outputs.is_some()) {
            (NumberValue::PerOutput(map), true) => {
                let texts: SortedMap<String, String> = map
                    .iter()
                    .map(|(k, v)| (k.clone(), v.to_string()))
                    .collect();
                Answer::NumberTexts(Gate::gate(texts))
            }
            (NumberValue::One(v), false) => Answer::NumberText(Gate::gate(v.to_string())),
            _ => return None,
        })
    }

    fn tidy(&self, value: &AnswerValue, push: &mut dyn FnMut(String, String, Option<&SpanValue>)) {
        for (key, n) in numbers(value) {
            push(key.to_owned(), n.to_string(), None);
        }
    }

    /// A number per output it is asked for (the key), or one.
    fn dataset(&self, value: &AnswerValue, push: &mut dyn FnMut(&str, Cells)) {
        for (key, n) in numbers(value) {
            push(key, Cells::number(n as f64));
        }
    }

    fn agreement(&self, on: &Context, answers: &[Answered], report: &mut AgreementReport) {
        let base = on.standard.unwrap_or(1.0);
        let mut t = Table::new();
        for a in answers {
            for (key, score) in numbers(a.value) {
                if score > 0 {
                    t.entry((a.item.to_owned(), key.to_owned()))
                        .or_default()
                        .insert(a.who.clone(), Datum::Number((score as f64 / base).ln()));
                }
            }
        }
        let values = if on.standard.is_some() {
            "ln(score / the standard's score)"
        } else {
            "ln(score)"
        };
        report
            .measures
            .push(measure(self.id.to_string(), Level::Interval, values, &t));
    }

    fn distribution(&self, values: &[&AnswerValue]) -> Vec<(String, Vec<(String, usize)>)> {
        // Scores in bands of powers of two.
        let mut bands: SortedMap<u64, usize> = SortedMap::new();
        for (_, n) in values.iter().flat_map(|v| numbers(v)) {
            if n > 0 {
                *bands.entry(1u64 << n.ilog2()).or_default() += 1;
            }
        }
        let data = bands
            .into_iter()
            .map(|(lo, count)| (format!("{lo}–{}", lo * 2 - 1), count))
            .collect();
        vec![(format!("{} (scores)", self.label), data)]
    }

    fn categorical(&self, _: &AnswerValue) -> Vec<String> {
        Vec::new()
    }
}

fn check_number(c: &NumberControl, path: &str, out: &mut Vec<SpecIssue>) {
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
        super::points::check_outputs_source(src, path, out);
    }
}

/// The message key for each number problem.
fn number_msg(code: crate::validate::ProblemCode) -> Msg {
    match code {
        crate::validate::ProblemCode::Required => Msg::ErrRequiredNumber,
        crate::validate::ProblemCode::NumberNotWhole => Msg::ErrNumberNotWhole,
        crate::validate::ProblemCode::NumberNegative => Msg::ErrNumberNegative,
        crate::validate::ProblemCode::NumberTooSmall => Msg::ErrNumberTooSmall,
        crate::validate::ProblemCode::NumberLeadingZero => Msg::ErrNumberLeadingZero,
        crate::validate::ProblemCode::NumberTooLong => Msg::ErrNumberTooLong,
        _ => Msg::ErrRequiredNumber,
    }
}

/// The boxes of a number control: one per output (by id), or a single one (`None`).
pub(crate) fn number_keys(c: &NumberControl, item: &Item) -> Vec<Option<String>> {
    crate::validate::output_keys(c.outputs.as_ref(), item)
}
