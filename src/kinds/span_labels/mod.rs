//! `span_labels`: passages of a text, each with one label from a set (named entities, toxic
//! spans, MQM error spans), attributes per span, and "nothing to mark" as an answer.

mod edit;
pub use edit::LabelEdit;
mod span_count;
mod span_label;
mod span_overlap;
/// brat documents as items with suggestions, and results as brat documents (`glossa items
/// --from brat`, `glossa export brat`).
#[cfg(not(target_arch = "wasm32"))]
pub mod brat;
pub mod exports;
mod findings;
pub mod spec;
// The view: the UI layer of the kind (browser builds only).
#[cfg(ui)]
mod view;
mod word_units;
#[cfg(ui)]
mod label_bar;
pub mod label_groups;
#[cfg(ui)]
mod labelled_span_row;

use super::prelude::*;
use crate::analysis::agreement::measured;
use super::options::check_options;
use crate::answer::{LabelSet, LabelledSpan, LabelledSpanValue, SpanLabelsValue, WordSpan};

use crate::simulate::{select, words};
use crate::spec::{ChoiceOption, SpanLabels};
use crate::study::gold::{done, locate, problem};
use crate::support::family::{Gate, Labels};
use crate::text::Tokens;

fn gate<T>(v: T) -> Labels<T> {
    Gate::gate(v)
}

impl CheckControl for SpanLabels {
    fn check(&self, path: &str, keys: &mut SortedMap<String, String>, out: &mut Vec<SpecIssue>) {
        let options: Vec<ChoiceOption> = self
            .labels
            .iter()
            .map(|l| ChoiceOption {
                value: l.value.clone(),
                label: l.label.clone(),
                description: None,
                key: l.key.clone(),
            })
            .collect();
        let listed: Vec<(String, &ChoiceOption)> = options
            .iter()
            .enumerate()
            .map(|(n, o)| (format!("{path}.labels[{n}]"), o))
            .collect();
        check_options(&format!("{path}.labels"), &listed, keys, out);
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
        if crate::support::family::COMPOSE {
            label_groups::check(self, path, out);
        }
        crate::spec::distinct(
            self.attributes.iter().map(|a| a.id.as_str()),
            |n| format!("{path}.attributes[{n}].id"),
            SpecIssueCode::DuplicateControlId,
            "attribute id",
            out,
        );
        for (n, a) in self.attributes.iter().enumerate() {
            let apath = format!("{path}.attributes[{n}]");
            if a.label.trim().is_empty() {
                out.push(SpecIssue::new(
                    format!("{apath}.label"),
                    SpecIssueCode::Empty,
                    "the attribute label is empty".to_owned(),
                ));
            }
            crate::spec::distinct(
                a.values.iter().map(|v| v.value.as_str()),
                |i| format!("{apath}.values[{i}].value"),
                SpecIssueCode::DuplicateOptionValue,
                "value",
                out,
            );
        }
    }
}

impl ItemFields for SpanLabels {
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

/// A worked example's span: `{"label": "PER", "words": [first, last], "attributes": {...}}`.
fn example_span(v: &Value) -> Option<LabelledSpan> {
    let words = v.get("words")?.as_array()?;
    let attrs = v
        .get("attributes")
        .and_then(Value::as_object)
        .map(|m| {
            m.iter()
                .filter_map(|(k, v)| Some((k.clone(), v.as_str()?.to_owned())))
                .collect()
        })
        .unwrap_or_default();
    Some(LabelledSpan {
        span: WordSpan {
            first: words.first()?.as_u64()? as usize,
            last: words.get(1).or(words.first())?.as_u64()? as usize,
        },
        label: v.get("label")?.as_str()?.into(),
        attrs,
    })
}

impl KindAnswer for SpanLabels {
    fn read_value(&self, json: &Value) -> Result<AnswerValue, String> {
        typed(json).map(|v| AnswerValue::SpanLabels(gate(v)))
    }

    fn example_answer(&self, json: &Value) -> Option<Answer> {
        let spans = json
            .get("spans")?
            .as_array()?
            .iter()
            .map(example_span)
            .collect::<Option<Vec<_>>>()?;
        let nothing = spans.is_empty();
        Some(Answer::Labels(gate(LabelSet {
            spans,
            nothing,
            brush: None,
        })))
    }

    fn example_hint(&self) -> &'static str {
        "give {\"spans\": [{\"label\": \"...\", \"words\": [first word, last word]}]} ([] for nothing to mark)"
    }
}

/// The labelled spans of an answer (none when there is no answer).
fn label_set(answer: Option<&Answer>) -> Option<&LabelSet> {
    match answer {
        Some(Answer::Labels(set)) => Some(set),
        _ => None,
    }
}

impl ControlRules for SpanLabels {
    fn rules(&self, task: &Task, answer: Option<&Answer>, out: &mut Vec<Problem>) {
        let set = label_set(answer);
        out.extend(span_count::apply(self, set));
        let Some(set) = set else { return };
        let tokens = task.tokens(self.text_field.as_str());
        let text = task.item.text(self.text_field.as_str()).unwrap_or_default();
        let words = tokens.map_or(0, |t| t.word_count());
        for (i, s) in set.spans.iter().enumerate() {
            out.extend(span_label::apply(self, i, s, words));
        }
        let covered = |j: usize| -> String {
            let s = set.spans[j].span;
            tokens
                .filter(|t| !crate::validate::span_bounds::outside(&s, t.word_count()))
                .map_or_else(String::new, |t| t.covered(text, s.first, s.last).to_owned())
        };
        out.extend(span_overlap::apply(self, &set.spans, &covered));
    }
}

/// The spans of a value in the order results keep: by start, then end, then label.
fn sorted(mut spans: Vec<LabelledSpanValue>) -> Vec<LabelledSpanValue> {
    spans.sort_by(|a, b| (a.start, a.end, &a.label).cmp(&(b.start, b.end, &b.label)));
    spans
}

impl ToValue for SpanLabels {
    /// Always a value: an item without spans records `"spans": []` (with `nothing_to_mark`),
    /// so agreement counts it.
    fn value(&self, task: &Task, answer: Option<&Answer>) -> Option<AnswerValue> {
        let text = task.item.text(self.text_field.as_str()).unwrap_or_default();
        let tokens = task.tokens(self.text_field.as_str())?;
        let set = label_set(answer);
        let spans = set
            .map(|s| s.spans.as_slice())
            .unwrap_or_default()
            .iter()
            .filter_map(|s| {
                Some(LabelledSpanValue::new(
                    s.label.to_string(),
                    SpanValue::of(text, tokens, &s.span)?,
                    s.attrs.clone(),
                ))
            })
            .collect();
        Some(AnswerValue::SpanLabels(gate(SpanLabelsValue {
            spans: sorted(spans),
            nothing_to_mark: set.is_some_and(|s| s.nothing),
        })))
    }
}

impl Simulate for SpanLabels {
    /// Up to three spans (at least `min`), each labelled one way or the other (selection first,
    /// or the brush), with every attribute; or "nothing to mark".
    fn simulate(&self, task: &Task, rng: &mut SplitMix, plain: bool, out: &mut Vec<Action>) {
        let count = task
            .tokens(self.text_field.as_str())
            .map_or(0, |t| t.word_count());
        let act = |edit| self.action(edit);
        let most = self.max.unwrap_or(3).min(3);
        let want = if self.labels.is_empty() || count == 0 {
            0
        } else if plain {
            self.min.max(1).min(most)
        } else {
            self.min + pick(rng, most.saturating_sub(self.min) + 1)
        };
        if want == 0 {
            out.push(act(LabelEdit::Nothing(true)));
            return;
        }
        let mut made = 0;
        for _ in 0..want {
            let label = self.labels[pick(rng, self.labels.len())].value.clone();
            let Some(span) = words(rng, count) else { break };
            if pick(rng, 2) == 0 {
                out.push(select(&self.id, span));
                out.push(act(LabelEdit::Pick(label)));
            } else {
                out.push(act(LabelEdit::Brush(Some(label))));
                out.push(select(&self.id, span));
                out.push(act(LabelEdit::Brush(None)));
            }
            made += 1;
        }
        // Spans replaced under the overlap rule are fewer: attributes go to those left, by
        // position (a missing one is a harmless no-op).
        for i in 0..made {
            for a in &self.attributes {
                let value = if a.values.is_empty() {
                    "simulated note".to_owned()
                } else {
                    a.values[pick(rng, a.values.len())].value.clone()
                };
                out.push(act(LabelEdit::Attribute {
                    span: i,
                    attr: a.id.clone(),
                    value: Some(value),
                }));
            }
        }
    }
}

impl GoldAnswer for SpanLabels {
    /// `{"spans": [{"label": "PER", "text": "Angela Merkel"}, ...]}` (a span as its text, with
    /// `occurrence`, as `words`, or copied from a result), or `{"spans": []}` for nothing to
    /// mark: per label, the words marked with it; and per value of an attribute a span gives
    /// (`"attributes": {"severity": "major"}`, checked against the spec), the words marked
    /// with it, scored as the labels are.
    fn expected(
        &self,
        item: &Item,
        value: &Value,
        path: &str,
    ) -> Result<Expected, Vec<GoldProblem>> {
        let text = item.text(self.text_field.as_str()).unwrap_or_default();
        let tokens = Tokens::with_units(text, self.units);
        let Some(list) = value.get("spans").and_then(Value::as_array) else {
            return Err(problem(
                path,
                "write {\"spans\": [{\"label\": \"<label>\", \"text\": \"<marked text>\"}]} ({\"spans\": []} for nothing to mark)".into(),
            ));
        };
        // Per label (under [`LABELS`]) and per value of each attribute, the words marked.
        let mut out: SortedMap<String, SortedMap<String, Vec<u64>>> = SortedMap::new();
        let mut problems = Vec::new();
        for (i, span) in list.iter().enumerate() {
            let at = format!("{path}.spans[{i}]");
            let label = span
                .get("label")
                .and_then(Value::as_str)
                .unwrap_or_default();
            if self.label_of(label).is_none() {
                let known: Vec<&str> = self.labels.iter().map(|l| l.value.as_str()).collect();
                problems.extend(problem(
                    &format!("{at}.label"),
                    format!(
                        "\"{label}\" is not a label of \"{}\": use one of {}",
                        self.id,
                        known.join(", ")
                    ),
                ));
                continue;
            }
            // Its attributes: ids of the spec, values of their lists (a free note is not
            // scored).
            let mut valued = Vec::new();
            for (id, v) in span
                .get("attributes")
                .and_then(Value::as_object)
                .into_iter()
                .flatten()
            {
                let at = format!("{at}.attributes.{id}");
                match self.attributes.iter().find(|a| a.id == *id) {
                    None => problems.extend(problem(
                        &at,
                        format!(
                            "\"{id}\" is not an attribute of \"{}\" (its attributes: {})",
                            self.id,
                            self.attributes
                                .iter()
                                .map(|a| a.id.as_str())
                                .collect::<Vec<_>>()
                                .join(", ")
                        ),
                    )),
                    Some(a) if a.values.is_empty() => {}
                    Some(a) => match v
                        .as_str()
                        .filter(|v| a.values.iter().any(|x| x.value == *v))
                    {
                        Some(v) => valued.push((id.clone(), v.to_owned())),
                        None => problems.extend(problem(
                            &at,
                            format!(
                                "{v} is not a value of \"{id}\": use one of {}",
                                a.values
                                    .iter()
                                    .map(|x| x.value.as_str())
                                    .collect::<Vec<_>>()
                                    .join(", ")
                            ),
                        )),
                    },
                }
            }
            match locate(text, &tokens, span, &at) {
                Ok((f, l)) => {
                    let keys = std::iter::once((LABELS.to_owned(), label.to_owned())).chain(valued);
                    for (attr, value) in keys {
                        let words = out.entry(attr).or_default().entry(value).or_default();
                        words.extend(f as u64..=l as u64);
                        words.sort_unstable();
                        words.dedup();
                    }
                }
                Err(mut p) => problems.append(&mut p),
            }
        }
        out.entry(LABELS.to_owned()).or_default();
        done(Expected::Spans(out), problems)
    }
}

/// The key a labelled-span control's gold labels are read under, beside its attributes' ids
/// (an attribute id is never empty, so never this).
pub(crate) const LABELS: &str = "";

/// Between a span's label and its attributes' values in a word's aggregation tag.
const ATTRIBUTE: char = '|';

impl SpanLabels {
    /// The attributes chosen from a list (MQM's severity), in the spec's order: aggregated
    /// with the label. A free note is not.
    fn choice_attributes(&self) -> impl Iterator<Item = &str> {
        self.attributes
            .iter()
            .filter(|a| !a.values.is_empty())
            .map(|a| a.id.as_str())
    }

    /// A span's tag for crowd aggregation: its label with its choice attributes' values
    /// (`accuracy/mistranslation|major`).
    fn span_tag(&self, s: &crate::answer::LabelledSpanValue) -> String {
        let mut t = s.label.clone();
        for a in self.choice_attributes() {
            t.push(ATTRIBUTE);
            t.push_str(s.attributes.get(a).map_or("", String::as_str));
        }
        t
    }
}

impl Analyse for SpanLabels {
    /// Crowd aggregation: the unit's words (the text's, or up to the last word marked when the
    /// text is not at hand).
    fn vote_words(&self, item: Option<&Item>, output: &str, values: &[&AnswerValue]) -> Option<usize> {
        let counted = item
            .and_then(|i| self.unit_text(i, output))
            .map(|t| crate::text::Tokens::count(&t, self.units));
        counted.or_else(|| {
            values
                .iter()
                .filter_map(|v| v.span_labels())
                .flat_map(|v| v.spans.iter().map(|s| s.last_word + 1))
                .max()
        })
    }

    /// Crowd aggregation: one task per word, its tag (`O` for none; the sorted tags of
    /// overlapping spans, each once, joined by `+`).
    fn votes(&self, value: &AnswerValue, words: usize, _: &[&AnswerValue]) -> Vec<(Part, String)> {
        let Some(v) = value.span_labels() else {
            return Vec::new();
        };
        let tags: Vec<String> = v.spans.iter().map(|s| self.span_tag(s)).collect();
        let mut over: Vec<&str> = Vec::new();
        let mut out = Vec::with_capacity(words);
        for w in 0..words {
            over.clear();
            over.extend(
                v.spans
                    .iter()
                    .zip(&tags)
                    .filter(|(s, _)| s.first_word <= w && w <= s.last_word)
                    .map(|(_, t)| t.as_str()),
            );
            over.sort_unstable();
            over.dedup();
            let tag = if over.is_empty() {
                "O".to_owned()
            } else {
                over.join("+")
            };
            out.push((Part::Word(w), tag));
        }
        out
    }

    /// Runs of words with one label become spans.
    fn aggregated(&self, parts: &[(Part, String)], item: Option<&Item>, output: &str, _: &UnitAnswers) -> Option<Value> {
        let text = self.unit_text(item?, output)?;
        let tokens = crate::text::Tokens::with_units(&text, self.units);
        let mut spans = Vec::new();
        let mut run: Option<(usize, usize, String)> = None;
        for (word, l) in parts.iter().filter_map(|(p, l)| match p {
            Part::Word(w) => Some((*w, l.clone())),
            _ => None,
        }) {
            match &mut run {
                Some((_, last, label)) if *last + 1 == word && *label == l => *last = word,
                _ => {
                    spans.extend(run.take());
                    run = (l != "O").then_some((word, word, l));
                }
            }
        }
        spans.extend(run);
        let spans: Vec<Value> = spans
            .into_iter()
            .filter_map(|(first, last, label)| {
                let s = SpanValue::of(&text, &tokens, &crate::answer::WordSpan { first, last })?;
                // Overlapping labels (`A+B`) become one span per label.
                Some(
                    label
                        .split('+')
                        .map(|l| {
                            // `label|value…`: the choice attributes' values, in the spec's order.
                            let mut parts = l.split(ATTRIBUTE);
                            let label = parts.next().unwrap_or_default().to_owned();
                            let attributes = self
                                .choice_attributes()
                                .zip(parts)
                                .filter(|(_, v)| !v.is_empty())
                                .map(|(a, v)| (a.to_owned(), v.to_owned()))
                                .collect();
                            serde_json::to_value(crate::answer::LabelledSpanValue::new(
                                label,
                                s.clone(),
                                attributes,
                            ))
                            .unwrap_or_default()
                        })
                        .collect::<Vec<_>>(),
                )
            })
            .flatten()
            .collect();
        Some(serde_json::json!({"nothing_to_mark": spans.is_empty(), "spans": spans}))
    }

    const FINDINGS: Option<&'static str> = Some(findings::GROUP);

    fn revalidate(
        &self,
        task: &Task,
        value: &AnswerValue,
        path: &str,
        out: &mut Vec<Finding>,
    ) -> Option<Answer> {
        let v = value.span_labels()?;
        let text = task.item.text(self.text_field.as_str()).unwrap_or_default();
        let tokens = task.tokens(self.text_field.as_str())?;
        let plain: Vec<SpanValue> = v.spans.iter().map(LabelledSpanValue::span).collect();
        let words = crate::analysis::revalidate::read_spans(
            text,
            tokens,
            &plain,
            &format!("{path}.spans"),
            out,
        );
        if words.len() != v.spans.len() {
            return None;
        }
        if v.nothing_to_mark && !v.spans.is_empty() {
            out.push(finding(
                path,
                "\"nothing_to_mark\" with spans marked".to_owned(),
            ));
        }
        let spans = v
            .spans
            .iter()
            .zip(words)
            .map(|(s, span)| LabelledSpan {
                span,
                label: s.label.as_str().into(),
                attrs: s.attributes.clone(),
            })
            .collect();
        Some(Answer::Labels(gate(LabelSet {
            spans,
            nothing: v.nothing_to_mark,
            brush: None,
        })))
    }

    /// A row per span: the label as the value, `attr=value` pairs as the part; a row with the
    /// value `nothing_to_mark` (or empty) for an item without spans.
    fn tidy(&self, value: &AnswerValue, push: &mut dyn FnMut(String, String, Option<&SpanValue>)) {
        let Some(v) = value.span_labels() else { return };
        if v.spans.is_empty() {
            let shown = if v.nothing_to_mark {
                "nothing_to_mark"
            } else {
                ""
            };
            push(String::new(), shown.to_owned(), None);
        }
        for s in &v.spans {
            let part: Vec<String> = s
                .attributes
                .iter()
                .map(|(k, v)| format!("{k}={v}"))
                .collect();
            push(part.join(";"), s.label.clone(), Some(&s.span()));
        }
    }

    /// The spans with their labels (`key=value` attributes as the part); none marked: an
    /// empty list.
    fn dataset(&self, value: &AnswerValue, push: &mut dyn FnMut(&str, Cells)) {
        let Some(v) = value.span_labels() else { return };
        let spans = v.spans.iter().map(|s| {
            let part: Vec<String> = s.attributes.iter().map(|(k, v)| format!("{k}={v}")).collect();
            SpanCell::of(&s.span(), &s.label, (!part.is_empty()).then(|| part.join(";")))
        });
        push("", Cells { spans: Some(spans.collect()), ..Cells::default() });
    }

    /// Per label, one nominal unit per word of the text: marked with the label or not, over
    /// every item answered (an item nobody marked is agreement too); then every label
    /// together (each word's labels, `O` for none).
    fn agreement(&self, on: &Context, answers: &[Answered], report: &mut AgreementReport) {
        // Per item, each annotator's spans.
        let mut by_item: std::collections::BTreeMap<String, SortedMap<String, &SpanLabelsValue>> =
            Default::default();
        for a in answers {
            if let Some(v) = a.value.span_labels() {
                by_item
                    .entry(a.item.to_owned())
                    .or_default()
                    .insert(a.who.clone(), v);
            }
        }
        // Each item's words (the words up to the last marked when the item is not given).
        let mut units = word_units::WordUnits::new(self.labels.iter().map(|l| l.value.as_str()));
        for (item, by) in &by_item {
            if by.len() < 2 {
                continue;
            }
            let marked = by
                .values()
                .flat_map(|v| v.spans.iter().map(|s| s.last_word + 1))
                .max()
                .unwrap_or(0);
            units.item(self.words_in(on.item(item)).unwrap_or(marked), by);
        }
        for (l, tally) in self.labels.iter().zip(&units.per_label) {
            report.measures.push(measured(
                format!("{}.{}", self.id, l.value),
                Level::Nominal,
                "each word marked with the label or not",
                tally,
                units.items,
            ));
        }
        report.measures.push(measured(
            self.id.to_string(),
            Level::Nominal,
            "each word's labels (O: none)",
            &units.tags,
            units.items,
        ));
        report.findings.push(
            findings::compute(
                self.id.as_str(),
                self.labels.iter().map(|l| l.value.as_str()),
                &by_item,
            )
            .findings(),
        );
    }

    /// Spans per label; with attributes, spans per value of each.
    fn distribution(&self, values: &[&AnswerValue]) -> Vec<(String, Vec<(String, usize)>)> {
        let spans: Vec<&LabelledSpanValue> = values
            .iter()
            .filter_map(|v| v.span_labels())
            .flat_map(|v| &v.spans)
            .collect();
        let per_label = self
            .labels
            .iter()
            .map(|l| {
                (
                    l.label.clone(),
                    spans.iter().filter(|s| s.label == l.value.as_str()).count(),
                )
            })
            .collect();
        let mut charts = vec![(format!("{} (spans per label)", self.label), per_label)];
        for a in self.attributes.iter().filter(|a| !a.values.is_empty()) {
            let data = a
                .values
                .iter()
                .map(|v| {
                    let n = spans
                        .iter()
                        .filter(|s| s.attributes.get(&a.id) == Some(&v.value))
                        .count();
                    (v.label.clone(), n)
                })
                .collect();
            charts.push((format!("{}: {}", self.label, a.label), data));
        }
        charts
    }

    /// Per label, the words marked with it (`ner.PER=3-4,17`), and "nothing to mark".
    fn categorical(&self, value: &AnswerValue) -> Vec<String> {
        let Some(v) = value.span_labels() else {
            return Vec::new();
        };
        use std::fmt::Write;
        // `control.label=first-last,…` per label (empty for a label not given), made in place:
        // a study of spans per output has millions.
        let mut out: Vec<String> = Vec::with_capacity(self.labels.len() + v.spans.len() + 1);
        for l in &self.labels {
            let mut part = String::with_capacity(self.id.as_str().len() + l.value.as_str().len() + 2);
            part.push_str(self.id.as_str());
            part.push('.');
            part.push_str(l.value.as_str());
            part.push('=');
            for (n, s) in v
                .spans
                .iter()
                .filter(|s| s.label == l.value.as_str())
                .enumerate()
            {
                let comma = if n == 0 { "" } else { "," };
                let _ = write!(part, "{comma}{}-{}", s.first_word, s.last_word);
            }
            out.push(part);
        }
        for s in &v.spans {
            for (k, a) in &s.attributes {
                out.push(format!(
                    "{}.{}-{}.{k}={a}",
                    self.id, s.first_word, s.last_word
                ));
            }
        }
        out.push(format!("{}.nothing={}", self.id, v.nothing_to_mark));
        out
    }
}
