//! What the kinds whose answer is a point per output the item lists (or one) share: set one at
//! a time, read back, re-validated, laid out in rows, compared with gold, and gathered into
//! agreement units (item × output), with the impls they share (`points_kind!`); and the checks
//! of `outputs` every kind asked per output shares.

use super::prelude::*;
use crate::answer::{Point, PointValue, PointsValue};
use crate::spec::OutputsSource;
use crate::support::family::{Gate, Ratings};
use crate::support::ids::ControlId;

/// The points of an answer by key (`""` for a single point).
pub(super) fn points(answer: Option<&Answer>) -> SortedMap<String, Point> {
    match answer {
        Some(Answer::Points(map)) => SortedMap::clone(map),
        _ => SortedMap::new(),
    }
}

fn gate<T>(v: T) -> Ratings<T> {
    Gate::gate(v)
}

/// Applies a point edit: the key must be one the control asks and `fits` must take the point.
pub(super) fn edit(
    outputs: Option<&OutputsSource>,
    task: &Task,
    control: &ControlId,
    edit: crate::form::PointEdit,
    next: &mut crate::form::FormState,
    fits: impl Fn(Point) -> bool,
) {
    crate::form::change(next, control, |current| {
        pointed(
            outputs,
            task,
            current,
            edit.key.as_deref(),
            edit.point,
            fits,
        )
    });
}

/// The edits that set every point of an answer again.
pub(super) fn replay(
    answer: &Answer,
    action: impl Fn(crate::form::PointEdit) -> Action,
) -> Vec<Action> {
    let Answer::Points(map) = answer else {
        return Vec::new();
    };
    map.iter()
        .map(|(k, p)| {
            action(crate::form::PointEdit {
                key: (!k.is_empty()).then(|| k.clone()),
                point: Some(*p),
            })
        })
        .collect()
}

/// The answer after one point is set or cleared, when `key` is one the control asks and
/// `fits` takes the point.
fn pointed(
    outputs: Option<&OutputsSource>,
    task: &Task,
    current: Option<&Answer>,
    key: Option<&str>,
    point: Option<Point>,
    fits: impl Fn(Point) -> bool,
) -> Option<Option<Answer>> {
    let asked = crate::validate::output_keys(outputs, &task.item);
    if !asked.iter().any(|k| k.as_deref() == key) || point.is_some_and(|p| !fits(p)) {
        return None;
    }
    let mut map = points(current);
    let key = key.unwrap_or_default().to_owned();
    match point {
        Some(p) => map.insert(key, p),
        None => map.remove(&key),
    };
    Some((!map.is_empty()).then(|| Answer::Points(gate(map))))
}

/// A result's value: every point set, per output or the single one.
pub(super) fn value(
    outputs: Option<&OutputsSource>,
    task: &Task,
    answer: Option<&Answer>,
) -> Option<PointsValue> {
    let map = points(answer);
    if outputs.is_some() {
        let per: SortedMap<String, PointValue> = crate::validate::output_keys(outputs, &task.item)
            .into_iter()
            .flatten()
            .filter_map(|k| Some((k.clone(), map.get(&k)?.value())))
            .collect();
        (!per.is_empty()).then_some(PointsValue::PerOutput(per))
    } else {
        map.get("").map(|p| PointsValue::One(p.value()))
    }
}

/// A worked example's answer: a number (or `"n/a"`), or such values keyed by output id.
pub(super) fn example_answer(outputs: Option<&OutputsSource>, json: &Value) -> Option<Answer> {
    let point = |v: &Value| match v {
        Value::Number(n) => n.as_i64().map(Point::Value),
        Value::String(s) if s == crate::answer::NOT_APPLICABLE => Some(Point::NotApplicable),
        _ => None,
    };
    let map: SortedMap<String, Point> = if outputs.is_some() {
        json.as_object()?
            .iter()
            .map(|(k, v)| point(v).map(|p| (k.clone(), p)))
            .collect::<Option<_>>()?
    } else {
        std::iter::once((String::new(), point(json)?)).collect()
    };
    Some(Answer::Points(gate(map)))
}

/// A result's value as the form's answer, each point named when it is not one the control takes
/// or the value's shape is not the control's (per output or not).
pub(super) fn revalidate(
    outputs: Option<&OutputsSource>,
    value: &PointsValue,
    path: &str,
    out: &mut Vec<Finding>,
    fits: impl Fn(Point) -> bool,
) -> Option<Answer> {
    let per_output = matches!(value, PointsValue::PerOutput(_));
    if per_output != outputs.is_some() {
        out.push(finding(
            path,
            if per_output {
                "points per output, but the control asks one"
            } else {
                "one point, but the control asks one per output"
            }
            .to_owned(),
        ));
        return None;
    }
    let mut map = SortedMap::new();
    for (k, p) in value.entries() {
        let at = if k.is_empty() {
            path.to_owned()
        } else {
            format!("{path}.{k}")
        };
        match p.point().filter(|p| fits(*p)) {
            Some(point) => {
                map.insert(k.to_owned(), point);
            }
            None => out.push(finding(
                &at,
                format!(
                    "{} is not a point of this control",
                    serde_json::to_string(p).unwrap_or_default()
                ),
            )),
        }
    }
    Some(Answer::Points(gate(map)))
}

/// A row per point: the output id as the part, the point as the value.
pub(super) fn tidy(value: &AnswerValue, push: &mut dyn FnMut(String, String, Option<&SpanValue>)) {
    for (k, p) in value.points().map(PointsValue::entries).unwrap_or_default() {
        let shown = match p {
            PointValue::Number(n) => n.to_string(),
            PointValue::Text(t) => t.clone(),
        };
        push(k.to_owned(), shown, None);
    }
}

/// A point per output (or one): its number, or its label (`n/a`).
pub(super) fn dataset(value: &AnswerValue, push: &mut dyn FnMut(&str, Cells)) {
    for (k, p) in value.points().map(PointsValue::entries).unwrap_or_default() {
        push(
            k,
            match p {
                PointValue::Number(n) => Cells::number(*n as f64),
                PointValue::Text(t) => Cells::label(t.clone()),
            },
        );
    }
}

/// Agreement units: one per item and output, each annotator's number ("n/a" is missing).
pub(super) fn table(answers: &[Answered], datum: impl Fn(i64) -> Datum) -> Table {
    let mut t = Table::new();
    for a in answers {
        for (k, p) in a
            .value
            .points()
            .map(PointsValue::entries)
            .unwrap_or_default()
        {
            if let Some(n) = p.number() {
                t.entry((a.item.to_owned(), k.to_owned()))
                    .or_default()
                    .insert(a.who.clone(), datum(n));
            }
        }
    }
    t
}

/// A gold answer: a point (or `"n/a"` where the control has it), or points keyed by output id.
pub(super) fn expected(
    outputs: Option<&OutputsSource>,
    item: &Item,
    value: &Value,
    path: &str,
    fits: impl Fn(Point) -> bool,
    hint: &str,
) -> Result<Expected, Vec<GoldProblem>> {
    let read = |v: &Value, at: &str| -> Result<PointValue, Vec<GoldProblem>> {
        let point = match v {
            Value::Number(n) => n.as_i64().map(Point::Value),
            Value::String(s) if s == crate::answer::NOT_APPLICABLE => Some(Point::NotApplicable),
            _ => None,
        };
        match point.filter(|p| fits(*p)) {
            Some(p) => Ok(p.value()),
            None => Err(gold::problem(
                at,
                format!("{v} is not a point of this control: {hint}"),
            )),
        }
    };
    let mut want = SortedMap::new();
    let mut problems = Vec::new();
    match (outputs, value) {
        (None, v) => match read(v, path) {
            Ok(p) => {
                want.insert(String::new(), p);
            }
            Err(mut p) => problems.append(&mut p),
        },
        (Some(src), Value::Object(map)) => {
            let ids = output_ids(item, src);
            for (k, v) in map {
                let at = format!("{path}.{k}");
                if !ids.contains(k) {
                    problems.extend(no_output(item, &ids, &at, k));
                    continue;
                }
                match read(v, &at) {
                    Ok(p) => {
                        want.insert(k.clone(), p);
                    }
                    Err(mut p) => problems.append(&mut p),
                }
            }
        }
        (Some(_), v) => problems.extend(gold::problem(
            path,
            format!("{v} is not a point per output: write {{\"<output id>\": …}}"),
        )),
    }
    gold::done(Expected::Points(want), problems)
}

/// The spec checks of `outputs` (a control asked per output).
pub(crate) fn check_outputs_source(src: &OutputsSource, path: &str, out: &mut Vec<SpecIssue>) {
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
    if src.dialogue().is_some() {
        out.push(SpecIssue::new(
            format!("{path}.outputs.dialogue"),
            SpecIssueCode::InvalidField,
            "only a section's outputs can be a dialogue: put the control in a section whose `outputs` has the `dialogue`, and remove the control's own `outputs`",
        ));
    }
}

/// Item checks: the outputs field, when the control is asked per output.
pub(super) fn check_item(
    outputs: Option<&OutputsSource>,
    item: &Item,
    path: &str,
    out: &mut Vec<SpecIssue>,
) {
    if let Some(src) = outputs {
        out.extend(crate::item::check_outputs(
            item,
            src.field.as_str(),
            src.count,
            path,
        ));
    }
}

/// Each key without a point is a problem when the control is required.
pub(super) fn required_rule(
    id: &ControlId,
    outputs: Option<&OutputsSource>,
    required: bool,
    task: &Task,
    answer: Option<&Answer>,
    msg: Msg,
    fits: impl Fn(Point) -> bool,
    out: &mut Vec<Problem>,
) {
    let map = points(answer);
    for key in crate::validate::output_keys(outputs, &task.item) {
        let path = AnswerPath::output(id, key.as_deref());
        match map.get(key.as_deref().unwrap_or_default()) {
            None => out.extend(required::apply(path, required, false, msg)),
            Some(p) if !fits(*p) => out.push(Problem::error(
                path,
                crate::validate::ProblemCode::PointOutOfRange,
                Msg::ErrPointOutOfRange,
                vec![],
            )),
            Some(_) => {}
        }
    }
}

/// The layers' impls a kind whose answer is a point per output (or one) shares with the other
/// such kinds: its item fields, reading its value back, its edits, its required rule and its
/// result value. The kind gives its `AnswerValue` variant, the refusal of a point not set, and
/// what a worked example's answer should be (per output, and single); it has `outputs`,
/// `required` and `fits(point)`.
macro_rules! points_kind {
    ($kind:ident, $variant:ident, $required:expr, $per_output_hint:literal, $single_hint:literal) => {
        impl ItemFields for $kind {
            fn check_item(&self, item: &Item, path: &str, out: &mut Vec<SpecIssue>) {
                points::check_item(self.outputs.as_ref(), item, path, out);
            }

            fn span_field(&self) -> Option<&str> {
                None
            }

            fn outputs_source(&self) -> Option<&crate::spec::OutputsSource> {
                self.outputs.as_ref()
            }
        }

        impl KindAnswer for $kind {
            fn read_value(&self, json: &Value) -> Result<AnswerValue, String> {
                typed::<crate::answer::PointsValue>(json)
                    .map(|v| AnswerValue::$variant(Gate::gate(v)))
            }

            fn example_answer(&self, json: &Value) -> Option<Answer> {
                points::example_answer(self.outputs.as_ref(), json)
            }

            fn example_hint(&self) -> &'static str {
                if self.outputs.is_some() {
                    $per_output_hint
                } else {
                    $single_hint
                }
            }
        }

        impl FormKind for $kind {
            type Edit = PointEdit;

            fn edit(
                &self,
                task: &Task,
                control: &ControlId,
                edit: PointEdit,
                next: &mut FormState,
            ) {
                points::edit(self.outputs.as_ref(), task, control, edit, next, |p| {
                    self.fits(p)
                });
            }

            fn replay(&self, _: &ControlId, answer: &Answer) -> Vec<Action> {
                points::replay(answer, |edit| self.action(edit))
            }
        }

        impl ControlRules for $kind {
            fn rules(&self, task: &Task, answer: Option<&Answer>, out: &mut Vec<Problem>) {
                points::required_rule(
                    &self.id,
                    self.outputs.as_ref(),
                    self.required,
                    task,
                    answer,
                    $required,
                    |p| self.fits(p),
                    out,
                );
            }
        }

        impl ToValue for $kind {
            fn value(&self, task: &Task, answer: Option<&Answer>) -> Option<AnswerValue> {
                points::value(self.outputs.as_ref(), task, answer)
                    .map(|v| AnswerValue::$variant(Gate::gate(v)))
            }
        }
    };
}
pub(super) use points_kind;

/// The ids of an item's outputs.
pub(super) fn output_ids(item: &Item, src: &OutputsSource) -> Vec<String> {
    item.outputs(src.field.as_str())
        .into_iter()
        .map(|o| o.id)
        .collect()
}

/// A gold answer's key that is not one of the item's outputs.
pub(super) fn no_output(item: &Item, ids: &[String], at: &str, key: &str) -> Vec<GoldProblem> {
    gold::problem(
        at,
        format!(
            "item \"{}\" has no output \"{key}\" (its outputs: {})",
            item.id,
            ids.join(", ")
        ),
    )
}
