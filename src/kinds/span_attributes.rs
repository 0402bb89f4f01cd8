//! `span_attributes`: attributes that each take a value and spans of a text (the propaganda
//! manual's techniques, a politician's tone).

use super::prelude::*;
use crate::answer::{SpanAttrValue, SpanEntry, WordSpan};
use crate::spec::SpanAttributes;
use crate::support::family::Gate;
use crate::text::Tokens;
use crate::validate::{span_bounds, span_needed, span_value};

impl CheckControl for SpanAttributes {
    fn check(&self, path: &str, _: &mut SortedMap<String, String>, out: &mut Vec<SpecIssue>) {
        crate::spec::check::check_span_attributes(self, path, out);
    }
}

impl ItemFields for SpanAttributes {
    fn check_item(&self, item: &Item, path: &str, out: &mut Vec<SpecIssue>) {
        out.extend(crate::item::check_text_field(item, self.text_field.as_str(), path));
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
        let value = crate::result::span_value(task, self, map);
        Some(AnswerValue::SpanAttributes(Gate::gate(value)))
    }
}

impl Simulate for SpanAttributes {
    fn simulate(&self, task: &Task, rng: &mut SplitMix, _: bool, out: &mut Vec<Action>) {
        crate::simulate::span_actions(task, self, rng, out);
    }
}

impl GoldAnswer for SpanAttributes {
    fn expected(&self, item: &Item, value: &Value, path: &str) -> Result<Expected, Vec<GoldProblem>> {
        gold::spans(self, item, value, path)
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
    fn revalidate(&self, task: &Task, value: &AnswerValue, path: &str, out: &mut Vec<Finding>) -> Option<Answer> {
        let attrs = attributes(value)?;
        let text = task.item.text(self.text_field.as_str()).unwrap_or_default();
        let tokens = task.tokens(self.text_field.as_str())?;
        let mut map = SortedMap::new();
        for (attr, entries) in attrs {
            let mut list = Vec::new();
            for (n, e) in entries.entries().into_iter().enumerate() {
                let at = format!("{path}.{attr}[{n}].spans");
                let spans = crate::analysis::revalidate::read_spans(text, tokens, &e.spans, &at, out);
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

    /// One nominal unit per word of the text, per attribute: marked or not by each annotator.
    fn agreement(&self, on: &Context, answers: &[Answered], report: &mut AgreementReport) {
        let words = |item_id: &str| {
            on.items
                .iter()
                .find(|i| i.id == item_id)
                .and_then(|i| i.text(self.text_field.as_str()))
                .map(|text| Tokens::new(text).word_count())
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

    fn distribution(&self, values: &[&AnswerValue]) -> Vec<(String, Vec<(String, usize)>)> {
        let data = self
            .attributes
            .iter()
            .map(|a| {
                let spans: usize = values
                    .iter()
                    .filter_map(|v| attributes(v)?.get(&a.id))
                    .flat_map(SpanAttrValue::entries)
                    .map(|e| e.spans.len())
                    .sum();
                let label = crate::i18n::fill(&a.label, &[("n", "")]).trim().to_owned();
                (label, spans)
            })
            .collect();
        vec![(format!("{} (spans marked)", self.label), data)]
    }

    fn categorical(&self, _: &AnswerValue) -> Vec<String> {
        Vec::new()
    }
}
