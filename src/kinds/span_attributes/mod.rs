//! `span_attributes`: attributes that each take a value and spans of a text (the propaganda
//! manual's techniques, a politician's tone).

mod edit;
pub use edit::SpanEdit;
mod span_needed;
mod span_value;
pub mod spec;
// The view: the UI layer of the kind (browser builds only).
#[cfg(ui)]
mod view;
#[cfg(ui)]
mod attribute_entry;
#[cfg(ui)]
mod assign_bar;

use super::prelude::*;
use crate::answer::SpanEntryValue;
use crate::answer::{SpanAttrValue, SpanEntry, WordSpan};
use crate::simulate::{select, words};
use crate::spec::SpanAttributes;
use crate::study::gold::{done, locate, problem};
use crate::support::family::Gate;
use crate::text::Tokens;
use crate::validate::span_bounds;

impl CheckControl for SpanAttributes {
    fn check(&self, path: &str, _: &mut SortedMap<String, String>, out: &mut Vec<SpecIssue>) {
        check_span_attributes(self, path, out);
    }
}

impl ItemFields for SpanAttributes {
    fn check_item(&self, item: &Item, path: &str, out: &mut Vec<SpecIssue>) {
        out.extend(crate::item::check_text_field(
            item,
            self.text_field.as_str(),
            path,
        ));
    }

    fn span_field(&self) -> Option<&str> {
        Some(self.text_field.as_str())
    }

    fn span_field_mut(&mut self) -> Option<&mut crate::support::ids::FieldName> {
        Some(&mut self.text_field)
    }

    fn span_units(&self) -> crate::text::tokens::Units {
        self.units
    }
}

/// An example's span entry: `{"value": "ano", "spans": [[first, last], ...]}`.
fn example_entry(v: &Value) -> Option<SpanEntry> {
    let value = v.get("value")?.as_str()?.to_owned();
    let spans = match v.get("spans") {
        None => Vec::new(),
        Some(s) => s
            .as_array()?
            .iter()
            .map(|pair| {
                let p = pair.as_array()?;
                Some(WordSpan {
                    first: p.first()?.as_u64()? as usize,
                    last: p.get(1)?.as_u64()? as usize,
                })
            })
            .collect::<Option<Vec<_>>>()?,
    };
    Some(SpanEntry {
        value: Some(value),
        spans,
    })
}

impl KindAnswer for SpanAttributes {
    fn read_value(&self, json: &Value) -> Result<AnswerValue, String> {
        typed(json).map(AnswerValue::SpanAttributes)
    }

    fn example_answer(&self, json: &Value) -> Option<Answer> {
        let mut out = SortedMap::new();
        for (attr, v) in json.as_object()? {
            let entries = match v {
                Value::Array(list) => list.iter().map(example_entry).collect::<Option<Vec<_>>>()?,
                other => vec![example_entry(other)?],
            };
            out.insert(attr.clone(), entries);
        }
        Some(Answer::Spans(Gate::gate(out)))
    }

    fn example_hint(&self) -> &'static str {
        "give an object {\"attribute id\": {\"value\": \"...\", \"spans\": [[first word, last word]]}}"
    }
}

impl ControlRules for SpanAttributes {
    fn rules(&self, task: &Task, answer: Option<&Answer>, out: &mut Vec<Problem>) {
        let words = task
            .tokens(self.text_field.as_str())
            .map_or(0, |t| t.word_count());
        let entries = match answer {
            Some(Answer::Spans(map)) => Some(map),
            _ => None,
        };
        for a in &self.attributes {
            let list: &[SpanEntry] = entries
                .and_then(|m| m.get(&a.id))
                .map_or(&[], Vec::as_slice);
            if !a.repeatable {
                let path = AnswerPath::attribute(&self.id, &a.id, None);
                out.extend(span_value::apply(a, path, list.first()));
            }
            for (i, entry) in list.iter().enumerate() {
                let path = AnswerPath::attribute(&self.id, &a.id, a.repeatable.then_some(i));
                if a.repeatable {
                    out.extend(span_value::apply(a, path.clone(), Some(entry)));
                }
                out.extend(span_needed::apply(a, path.clone(), entry));
                out.extend(span_bounds::apply(&path, &entry.spans, words));
            }
        }
    }
}

impl ToValue for SpanAttributes {
    fn value(&self, task: &Task, answer: Option<&Answer>) -> Option<AnswerValue> {
        let Some(Answer::Spans(map)) = answer else {
            return None;
        };
        let value = span_value(task, self, map);
        Some(AnswerValue::SpanAttributes(Gate::gate(value)))
    }
}

impl Simulate for SpanAttributes {
    fn simulate(&self, task: &Task, rng: &mut SplitMix, _: bool, out: &mut Vec<Action>) {
        span_actions(task, self, rng, out);
    }
}

impl GoldAnswer for SpanAttributes {
    fn expected(
        &self,
        item: &Item,
        value: &Value,
        path: &str,
    ) -> Result<Expected, Vec<GoldProblem>> {
        spans(self, item, value, path)
    }
}

/// The attributes of a span-attributes value.
fn attributes(value: &AnswerValue) -> Option<&SortedMap<String, SpanAttrValue>> {
    match value {
        AnswerValue::SpanAttributes(map) => Some(map),
        _ => None,
    }
}

impl Analyse for SpanAttributes {
    fn revalidate(
        &self,
        task: &Task,
        value: &AnswerValue,
        path: &str,
        out: &mut Vec<Finding>,
    ) -> Option<Answer> {
        let attrs = attributes(value)?;
        let text = task.item.text(self.text_field.as_str()).unwrap_or_default();
        let tokens = task.tokens(self.text_field.as_str())?;
        let mut map = SortedMap::new();
        for (attr, entries) in attrs {
            let mut list = Vec::new();
            for (n, e) in entries.entries().into_iter().enumerate() {
                let at = format!("{path}.{attr}[{n}].spans");
                let spans =
                    crate::analysis::revalidate::read_spans(text, tokens, &e.spans, &at, out);
                list.push(SpanEntry {
                    value: (!e.value.is_empty()).then(|| e.value.clone()),
                    spans,
                });
            }
            map.insert(attr.clone(), list);
        }
        Some(Answer::Spans(Gate::gate(map)))
    }

    fn tidy(&self, value: &AnswerValue, push: &mut dyn FnMut(String, String, Option<&SpanValue>)) {
        for (attr, entries) in attributes(value).into_iter().flatten() {
            let parts: Vec<(String, _)> = match entries {
                SpanAttrValue::One(e) => vec![(attr.clone(), e)],
                SpanAttrValue::Many(list) => list
                    .iter()
                    .enumerate()
                    .map(|(i, e)| (format!("{attr}[{i}]"), e))
                    .collect(),
            };
            for (part, e) in parts {
                if e.spans.is_empty() {
                    push(part.clone(), e.value.clone(), None);
                }
                for s in &e.spans {
                    push(part.clone(), e.value.clone(), Some(s));
                }
            }
        }
    }

    /// Every entry's spans, labelled with the entry's value, the attribute as the part.
    fn dataset(&self, value: &AnswerValue, push: &mut dyn FnMut(&str, Cells)) {
        let Some(attrs) = attributes(value) else { return };
        let mut spans = Vec::new();
        for (attr, entries) in attrs {
            for e in entries.entries() {
                spans.extend(e.spans.iter().map(|s| SpanCell::of(s, &e.value, Some(attr.clone()))));
            }
        }
        push("", Cells { spans: Some(spans), ..Cells::default() });
    }

    /// One nominal unit per word of the text, per attribute: marked or not by each annotator.
    fn agreement(&self, on: &Context, answers: &[Answered], report: &mut AgreementReport) {
        let words = |item_id: &str| {
            on.item(item_id)
                .and_then(|i| i.text(self.text_field.as_str()))
                .map(|text| Tokens::with_units(text, self.units).word_count())
        };
        for a in &self.attributes {
            // Per item: each annotator's marked words of this attribute.
            let mut marked: SortedMap<String, SortedMap<String, Vec<usize>>> = SortedMap::new();
            for answer in answers {
                let list: Vec<usize> = attributes(answer.value)
                    .and_then(|m| m.get(&a.id))
                    .map(|e| e.entries().iter().flat_map(|e| e.words()).collect())
                    .unwrap_or_default();
                marked
                    .entry(answer.item.to_owned())
                    .or_default()
                    .insert(answer.who.clone(), list);
            }
            let mut t = Table::new();
            for (item, by) in &marked {
                let last = by.values().flatten().max().map_or(0, |m| m + 1);
                let n = words(item).unwrap_or(last);
                for w in 0..n {
                    for (who, list) in by {
                        let on = if list.contains(&w) { "1" } else { "0" };
                        t.entry((item.clone(), format!("{w:07}")))
                            .or_default()
                            .insert(who.clone(), Datum::Category(on.to_owned()));
                    }
                }
            }
            report.measures.push(measure(
                format!("{}.{}", self.id, a.id),
                Level::Nominal,
                "each word marked or not",
                &t,
            ));
        }
    }

    /// One chart for the spans of all attributes, then one per attribute with a bar per value
    /// (the spans marked with it): a repeatable `type` attribute reads as labelled spans.
    fn distribution(&self, values: &[&AnswerValue]) -> Vec<(String, Vec<(String, usize)>)> {
        let entries = |id: &str| -> Vec<&crate::answer::SpanEntryValue> {
            values
                .iter()
                .filter_map(|v| attributes(v)?.get(id))
                .flat_map(SpanAttrValue::entries)
                .collect()
        };
        let label = |a: &crate::spec::SpanAttribute| {
            crate::i18n::fill(&a.label, &[("n", "")]).trim().to_owned()
        };
        let all = self
            .attributes
            .iter()
            .map(|a| (label(a), entries(&a.id).iter().map(|e| e.spans.len()).sum()))
            .collect();
        let mut charts = vec![(format!("{} (spans marked)", self.label), all)];
        for a in self.attributes.iter().filter(|a| a.values.len() > 1) {
            let data = a
                .values
                .iter()
                .map(|v| {
                    let n = entries(&a.id)
                        .iter()
                        .filter(|e| e.value == v.value)
                        .map(|e| e.spans.len().max(1))
                        .sum();
                    (v.label.clone(), n)
                })
                .collect();
            charts.push((format!("{}: by value", label(a)), data));
        }
        charts
    }

    /// Each attribute's value and its marked words (`techniky.vina=ano`,
    /// `techniky.vina.words=3-4,17`): two annotators who mark other words differ.
    fn categorical(&self, value: &AnswerValue) -> Vec<String> {
        let AnswerValue::SpanAttributes(map) = value else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for (attr, v) in map.iter() {
            let entries: Vec<&crate::answer::SpanEntryValue> = match v {
                crate::answer::SpanAttrValue::One(e) => vec![e],
                crate::answer::SpanAttrValue::Many(list) => list.iter().collect(),
            };
            for (n, e) in entries.iter().enumerate() {
                let key = match v {
                    crate::answer::SpanAttrValue::One(_) => format!("{}.{attr}", self.id),
                    crate::answer::SpanAttrValue::Many(_) => format!("{}.{attr}[{n}]", self.id),
                };
                let words: Vec<String> = e
                    .spans
                    .iter()
                    .map(|s| format!("{}-{}", s.first_word, s.last_word))
                    .collect();
                out.push(format!("{key}={}", e.value));
                out.push(format!("{key}.words={}", words.join(",")));
            }
        }
        out
    }
}

fn check_span_attributes(c: &SpanAttributes, path: &str, out: &mut Vec<SpecIssue>) {
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

/// Span attributes with each span's covered text and offsets in every unit.
fn span_value(
    task: &Task,
    c: &SpanAttributes,
    map: &SortedMap<String, Vec<SpanEntry>>,
) -> SortedMap<String, SpanAttrValue> {
    let text = task.item.text(c.text_field.as_str()).unwrap_or_default();
    let Some(tokens) = task.tokens(c.text_field.as_str()) else {
        return SortedMap::new();
    };
    let entry_value = |e: &SpanEntry| SpanEntryValue {
        value: e.value.clone().unwrap_or_default(),
        spans: e
            .spans
            .iter()
            .filter_map(|s| SpanValue::of(text, tokens, s))
            .collect(),
    };
    c.attributes
        .iter()
        .filter_map(|a| {
            let list = map.get(&a.id)?;
            let value = if a.repeatable {
                SpanAttrValue::Many(list.iter().map(entry_value).collect())
            } else {
                SpanAttrValue::One(entry_value(list.first()?))
            };
            Some((a.id.clone(), value))
        })
        .collect()
}

/// Each attribute: a value, and a span of real words when the value needs one (a repeatable
/// attribute gets one entry).
fn span_actions(task: &Task, c: &SpanAttributes, rng: &mut SplitMix, out: &mut Vec<Action>) {
    let count = task
        .tokens(c.text_field.as_str())
        .map_or(0, |t| t.word_count());
    for a in &c.attributes {
        if a.values.is_empty() {
            continue;
        }
        let value = a.values[pick(rng, a.values.len())].value.clone();
        let span = a.needs_span(&value).then(|| words(rng, count)).flatten();
        if let Some(words) = span {
            out.push(select(&c.id, words));
            out.push(c.action(SpanEdit::Assign {
                attr: a.id.clone(),
                entry: (!a.repeatable).then_some(0),
            }));
        }
        out.push(c.action(SpanEdit::Value {
            attr: a.id.clone(),
            entry: 0,
            value: Some(value),
        }));
    }
}

/// Span attributes: each attribute of the control, each value one of its values, each span
/// found in the item's text.
fn spans(
    c: &SpanAttributes,
    item: &Item,
    value: &Value,
    path: &str,
) -> Result<Expected, Vec<GoldProblem>> {
    let text = item.text(c.text_field.as_str()).unwrap_or_default();
    let tokens = Tokens::with_units(text, c.units);
    let Some(map) = value.as_object() else {
        return Err(problem(
            path,
            "write {\"<attribute>\": {\"value\": \"<value>\", \"spans\": [\"<marked text>\"]}}"
                .into(),
        ));
    };
    let mut out = SortedMap::new();
    let mut problems = Vec::new();
    for (attr_id, entries) in map {
        let at = format!("{path}.{attr_id}");
        let Some(attr) = c.attribute(attr_id) else {
            let ids: Vec<&str> = c.attributes.iter().map(|a| a.id.as_str()).collect();
            problems.extend(problem(
                &at,
                format!(
                    "\"{}\" has no attribute \"{attr_id}\" (its attributes: {})",
                    c.id.as_str(),
                    ids.join(", ")
                ),
            ));
            continue;
        };
        let list: Vec<(String, &Value)> = match entries {
            Value::Array(list) => list
                .iter()
                .enumerate()
                .map(|(i, e)| (format!("{at}[{i}]"), e))
                .collect(),
            e => vec![(at.clone(), e)],
        };
        let mut by_value: SortedMap<String, Vec<u64>> = SortedMap::new();
        for (at, entry) in list {
            let Some(v) = entry.get("value").and_then(Value::as_str) else {
                problems.extend(problem(&at, "an entry needs its \"value\"".into()));
                continue;
            };
            if !attr.values.iter().any(|x| x.value == v) {
                let values: Vec<&str> = attr.values.iter().map(|x| x.value.as_str()).collect();
                problems.extend(problem(
                    &format!("{at}.value"),
                    format!(
                        "\"{v}\" is not a value of \"{attr_id}\": use one of {}",
                        values.join(", ")
                    ),
                ));
                continue;
            }
            let words = by_value.entry(v.to_owned()).or_default();
            for (s, span) in entry
                .get("spans")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .enumerate()
            {
                match locate(text, &tokens, span, &format!("{at}.spans[{s}]")) {
                    Ok((f, l)) => words.extend(f as u64..=l as u64),
                    Err(mut p) => problems.append(&mut p),
                }
            }
            words.sort_unstable();
            words.dedup();
        }
        out.insert(attr_id.clone(), by_value);
    }
    done(Expected::Spans(out), problems)
}
