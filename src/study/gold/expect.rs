//! One control's expected answer in a gold file, read against the spec and the item, and
//! compared with what an annotator gave.
//!
//! How each kind is written:
//! - single choice: the option's value (`"corretto"`); free text: the text;
//! - number: a whole number, or `{"<output id>": n}` for a number asked per output;
//! - grid: the rows as results hold them (`[{"row": 1, "cells": {"special": "ok"}}]`);
//! - span attributes: `{"<attribute>": {"value": "ano", "spans": [...]}}`, a list of such
//!   entries for a repeatable attribute; each span is the marked text (`"widerlicher Lügner"`),
//!   `{"text": "Lügner", "occurrence": 2}` when that text is in the item more than once, word
//!   indices `[3, 5]` or `{"words": [3, 5]}`, or a result's span copied as it is;
//! - questions: `{"questions": [{"answers": [...]}]}` with each answer fragment as the text, as
//!   `{"text": ..., "occurrence": n}`, or as a result holds it (`start`/`end` in code points);
//! - links between spans: `{"links": [{"label": "Located", "head": {"label": "Person", "words":
//!   [0, 1]}, "tail": {...}}]}`, each passage by its label and words (or a result's links
//!   copied as they are).

use super::{jaccard, GoldProblem, Tolerance};
use crate::answer::{AnswerValue, NumberValue, SpanAttrValue};
use crate::item::Item;
use crate::spec::TaskSpec;
use crate::support::sorted_map::SortedMap;
use crate::text::tokens::Tokens;
use serde_json::Value;

/// One control's expected answer.
#[derive(Clone, Debug, PartialEq)]
pub enum Expected {
    /// The same value exactly (a choice, a text).
    Exact(AnswerValue),
    /// A whole number, within the ratio band.
    Number(u64),
    /// A whole number per output id, each within the ratio band.
    Numbers(SortedMap<String, u64>),
    /// Each row's cells (column id -> the option chosen, a leaf), row by row.
    Grid(Vec<SortedMap<String, String>>),
    /// Per attribute, the words marked for each value (empty: the value without spans).
    Spans(SortedMap<String, SortedMap<String, Vec<u64>>>),
    /// Answer fragments (code points); each must overlap one of the annotator's fragments.
    Questions(Vec<(u64, u64)>),
    /// A rating's points by output id (`""` for a single one), each within the
    /// gold file's `point_band`; `"n/a"` only as "n/a".
    Points(SortedMap<String, crate::answer::PointValue>),
    /// Judgements of a pair by criterion (`""` for one): the better output's id, or `None` for a
    /// tie.
    Prefs(SortedMap<String, Option<String>>),
    /// A ranking's ranks exactly, or its best and worst.
    Ranking(crate::answer::RankingValue),
    /// A control a section asks per output: the expected answer for each output, by id.
    PerOutput(SortedMap<String, Expected>),
    /// Links between spans: each the same type between passages of the same labels whose
    /// words overlap the expected ones by the span tolerance, and no other link.
    Links(Vec<GoldLink>),
}

/// One expected link between two passages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GoldLink {
    /// The type's value.
    pub label: String,
    /// The first passage: its label, first and last word.
    pub head: (String, u64, u64),
    /// The second passage.
    pub tail: (String, u64, u64),
    /// Whether the passages' order counts (a directed type).
    pub directed: bool,
}

impl GoldLink {
    /// Whether a given link (type, head and tail passages) is this one within `overlap`.
    fn found(
        &self,
        label: &str,
        head: (&str, u64, u64),
        tail: (&str, u64, u64),
        overlap: f64,
    ) -> bool {
        let same = |want: &(String, u64, u64), got: (&str, u64, u64)| {
            let words = |f: u64, l: u64| (f..=l).collect::<Vec<u64>>();
            want.0 == got.0 && jaccard(&words(want.1, want.2), &words(got.1, got.2)) >= overlap
        };
        self.label == label
            && ((same(&self.head, head) && same(&self.tail, tail))
                || (!self.directed && same(&self.head, tail) && same(&self.tail, head)))
    }
}

/// Whether every expected link is found, each by its own given link, and nothing else was
/// given (`found[e]`: the given links expected link `e` accepts).
fn one_to_one(found: &[Vec<usize>], given: usize) -> bool {
    // Augmenting paths (Kuhn): each expected link takes a given one, moving earlier takers.
    fn take(
        e: usize,
        found: &[Vec<usize>],
        seen: &mut [bool],
        owner: &mut [Option<usize>],
    ) -> bool {
        for &g in &found[e] {
            if !std::mem::replace(&mut seen[g], true)
                && owner[g].is_none_or(|o| take(o, found, seen, owner))
            {
                owner[g] = Some(e);
                return true;
            }
        }
        false
    }
    let mut owner = vec![None; given];
    found.len() == given
        && (0..found.len()).all(|e| take(e, found, &mut vec![false; given], &mut owner))
}

/// How a control kind's expected answer is written in a gold file and read against the item
/// (each kind implements it in `crate::kinds`).
pub trait GoldAnswer {
    /// Reads the expected value of this control on `item` (`path` names it in the file).
    fn expected(
        &self,
        item: &Item,
        value: &Value,
        path: &str,
    ) -> Result<Expected, Vec<GoldProblem>>;
}

/// The value read, or every problem found on the way.
pub(crate) fn done<T>(value: T, problems: Vec<GoldProblem>) -> Result<T, Vec<GoldProblem>> {
    if problems.is_empty() {
        Ok(value)
    } else {
        Err(problems)
    }
}

pub(crate) fn problem(path: &str, message: String) -> Vec<GoldProblem> {
    vec![GoldProblem {
        path: path.to_owned(),
        message,
    }]
}

/// Reads the expected value of control `control_id` on `item`.
pub fn read(
    spec: &TaskSpec,
    item: &Item,
    control_id: &str,
    value: &Value,
    path: &str,
) -> Result<Expected, Vec<GoldProblem>> {
    let Some(control) = spec.controls.iter().find(|c| c.id().as_str() == control_id) else {
        let ids: Vec<&str> = spec.controls.iter().map(|c| c.id().as_str()).collect();
        return Err(problem(
            path,
            format!(
                "the spec has no control \"{control_id}\" (its controls: {}): use one of those ids",
                ids.join(", ")
            ),
        ));
    };
    if let Some(src) = spec.per_output(control.id()) {
        let field = src.field.as_str();
        let Some(map) = value.as_object() else {
            return Err(problem(path, "this control is asked once per output: write an object keyed by output id, each entry as the control's answer is written".to_owned()));
        };
        let outputs = item.outputs(field);
        let mut expected = SortedMap::new();
        let mut problems = Vec::new();
        for (id, value) in map {
            let at = format!("{path}.{id}");
            let Some(output) = outputs.iter().find(|o| &o.id == id) else {
                let ids: Vec<&str> = outputs.iter().map(|o| o.id.as_str()).collect();
                problems.extend(problem(
                    &at,
                    format!(
                        "item \"{}\" has no output \"{id}\" (its outputs: {})",
                        item.id,
                        ids.join(", ")
                    ),
                ));
                continue;
            };
            // The output's text stands where the control reads its text.
            let mut own = item.clone();
            own.fields
                .insert(field.to_owned(), Value::String(output.text.clone()));
            match crate::spec::each_control!(control, c => c.expected(&own, value, &at)) {
                Ok(e) => {
                    expected.insert(id.clone(), e);
                }
                Err(mut p) => problems.append(&mut p),
            }
        }
        return done(Expected::PerOutput(expected), problems);
    }
    crate::spec::each_control!(control, c => c.expected(item, value, path))
}

/// A whole number, or the problem naming it.
pub(crate) fn whole(v: &Value, path: &str) -> Result<u64, Vec<GoldProblem>> {
    v.as_u64().ok_or_else(|| {
        problem(
            path,
            format!("{v} is not a whole number: write digits only"),
        )
    })
}

/// The first and last word of a span written as text, as `{"text", "occurrence"}`, as word
/// indices (`[f, l]`, `{"words": [f, l]}`, `{"first_word", "last_word"}`).
pub(crate) fn locate(
    text: &str,
    tokens: &Tokens,
    span: &Value,
    path: &str,
) -> Result<(usize, usize), Vec<GoldProblem>> {
    let pair = |v: &Value| {
        let p = v.as_array()?;
        Some((p.first()?.as_u64()? as usize, p.get(1)?.as_u64()? as usize))
    };
    let words = pair(span)
        .or_else(|| span.get("words").and_then(pair))
        .or_else(|| {
            Some((
                span.get("first_word")?.as_u64()? as usize,
                span.get("last_word")?.as_u64()? as usize,
            ))
        });
    if let Some((f, l)) = words {
        let n = tokens.word_count();
        return if f <= l && l < n {
            Ok((f, l))
        } else {
            Err(problem(
                path,
                format!("words {f}..{l} are not in the text (it has {n} words, numbered from 0)"),
            ))
        };
    }
    let (needle, occurrence) = match span {
        Value::String(s) => (s.as_str(), None),
        o => match o.get("text").and_then(Value::as_str) {
            Some(s) => (s, o.get("occurrence").and_then(Value::as_u64)),
            None => {
                return Err(problem(
                    path,
                    "write a span as its text (\"...\"), {\"text\": \"...\", \"occurrence\": 2}, or word indices [first, last]".into(),
                ))
            }
        },
    };
    let needle = needle.trim();
    let found: Vec<usize> = if needle.is_empty() {
        Vec::new()
    } else {
        text.match_indices(needle).map(|(at, _)| at).collect()
    };
    let at = match (found.len(), occurrence) {
        (0, _) => {
            return Err(problem(path, format!("\"{needle}\" is not in the item's text: copy the words exactly as the item has them")))
        }
        (1, None | Some(1)) => found[0],
        (n, None) => {
            return Err(problem(path, format!("\"{needle}\" is in the text {n} times: add \"occurrence\": 1 … {n} to say which")))
        }
        (n, Some(k)) if k == 0 || k as usize > n => {
            return Err(problem(path, format!("\"{needle}\" is in the text {n} times, not {k}: use \"occurrence\": 1 … {n}")))
        }
        (_, Some(k)) => found[k as usize - 1],
    };
    let end = at + needle.len();
    let covering: Vec<usize> = tokens
        .words
        .iter()
        .map(|&i| &tokens.all[i])
        .filter(|t| t.bytes.0 < end && t.bytes.1 > at)
        .map(|t| t.word)
        .collect();
    match (covering.first(), covering.last()) {
        (Some(&f), Some(&l)) => Ok((f, l)),
        _ => Err(problem(
            path,
            format!("\"{needle}\" covers no word of the text"),
        )),
    }
}

impl Expected {
    /// What the participant's page checks an attention item's answer against: a JSON
    /// pattern the result's value must match (an object: each of its keys, recursively;
    /// anything else: exactly). Answers compared exactly (a choice, choices, a text), a
    /// scale's or a slider's point, and a judgement of a pair (its winner, or a tie) can be
    /// instructed, per output too; `None` for an answer that cannot (a number within a band,
    /// spans, a grid, a ranking, questions).
    pub fn instructed(&self) -> Option<serde_json::Value> {
        use serde_json::{json, Map, Value};
        // One entry under "" is the value itself; else an object keyed by output or criterion.
        fn keyed(m: impl Iterator<Item = (String, Value)>) -> Value {
            let m: Map<String, Value> = m.collect();
            match m.get("") {
                Some(v) if m.len() == 1 => v.clone(),
                _ => Value::Object(m),
            }
        }
        match self {
            Expected::Exact(v) => serde_json::to_value(v).ok(),
            Expected::Points(m) => {
                Some(keyed(m.iter().map(|(k, p)| {
                    (k.clone(), serde_json::to_value(p).unwrap_or_default())
                })))
            }
            Expected::Prefs(m) => Some(keyed(m.iter().map(|(k, w)| {
                let judged = match w {
                    Some(w) => json!({"winner": w}),
                    None => json!({"tie": true}),
                };
                (k.clone(), judged)
            }))),
            Expected::PerOutput(m) => m
                .iter()
                .map(|(k, e)| Some((k.clone(), e.instructed()?)))
                .collect::<Option<Map<String, Value>>>()
                .map(Value::Object),
            Expected::Number(_)
            | Expected::Numbers(_)
            | Expected::Grid(_)
            | Expected::Spans(_)
            | Expected::Questions(_)
            | Expected::Links(_)
            | Expected::Ranking(_) => None,
        }
    }

    /// Whether an annotator's value matches within the control's tolerance.
    pub fn matches(&self, got: &AnswerValue, gold: &Tolerance) -> bool {
        let band = |e: u64, g: u64| {
            if e > 0 && g > 0 {
                let (e, g) = (e as f64, g as f64);
                g >= e / gold.ratio_band && g <= e * gold.ratio_band
            } else {
                g == e
            }
        };
        match (self, got) {
            (Expected::PerOutput(want), got) => {
                let got = got.per_output();
                want.iter()
                    .all(|(id, e)| got.iter().any(|(o, g)| o == id && e.matches(g, gold)))
            }
            (Expected::Exact(e), got) => e == got,
            (Expected::Links(want), got) => {
                let Some(got) = got.relations() else {
                    return false;
                };
                fn end(s: &crate::answer::LabelledSpanValue) -> (&str, u64, u64) {
                    (s.label.as_str(), s.first_word as u64, s.last_word as u64)
                }
                let found: Vec<Vec<usize>> = (want.iter())
                    .map(|w| {
                        (got.links.iter().enumerate())
                            .filter(|(_, l)| {
                                w.found(&l.label, end(&l.head), end(&l.tail), gold.span_overlap)
                            })
                            .map(|(k, _)| k)
                            .collect()
                    })
                    .collect();
                one_to_one(&found, got.links.len())
            }
            (Expected::Number(e), got) => {
                matches!(got.number(), Some(NumberValue::One(g)) if band(*e, *g))
            }
            (Expected::Numbers(map), got) => {
                let Some(n) = got.number() else {
                    return false;
                };
                match n {
                    NumberValue::PerOutput(got) => map
                        .iter()
                        .all(|(k, e)| got.get(k).is_some_and(|g| band(*e, *g))),
                    NumberValue::One(_) => false,
                }
            }
            (Expected::Grid(rows), got) => {
                let Some(got) = got.grid() else {
                    return false;
                };
                got.len() == rows.len()
                    && rows.iter().zip(got.iter()).all(|(e, r)| {
                        e.len() == r.cells.len()
                            && r.cells.iter().all(|(col, cell)| {
                                e.get(col).map(String::as_str) == Some(cell.leaf())
                            })
                    })
            }
            (Expected::Spans(attrs), got) if got.span_attributes().is_some() => {
                let Some(got) = got.span_attributes() else {
                    return false;
                };
                attrs.iter().all(|(attr, want)| {
                    let have = words_by_value(got.get(attr));
                    want.keys().eq(have.keys())
                        && want
                            .iter()
                            .zip(have.values())
                            .all(|((_, w), h)| jaccard(w, h) >= gold.span_overlap)
                })
            }
            (Expected::Spans(attrs), got) => {
                let Some(got) = got.span_labels() else {
                    return false;
                };
                // The labels (under the empty key) and each attribute the gold gives, per value.
                attrs.iter().all(|(attr, want)| {
                    let mut have: SortedMap<String, Vec<u64>> = SortedMap::new();
                    for s in &got.spans {
                        let value = if attr.is_empty() {
                            Some(&s.label)
                        } else {
                            s.attributes.get(attr)
                        };
                        let Some(value) = value else { continue };
                        let words = have.entry(value.clone()).or_default();
                        words.extend(s.first_word as u64..=s.last_word as u64);
                        words.sort_unstable();
                        words.dedup();
                    }
                    want.keys().eq(have.keys())
                        && want
                            .iter()
                            .zip(have.values())
                            .all(|((_, w), h)| jaccard(w, h) >= gold.span_overlap)
                })
            }
            (Expected::Points(want), got) => {
                let Some(got) = got.points() else {
                    return false;
                };
                let have: SortedMap<&str, &crate::answer::PointValue> =
                    got.entries().into_iter().collect();
                want.iter().all(|(k, w)| {
                    have.get(k.as_str())
                        .is_some_and(|h| match (w.number(), h.number()) {
                            (Some(w), Some(h)) => w.abs_diff(h) <= u64::from(gold.point_band),
                            _ => w == *h,
                        })
                })
            }
            (Expected::Prefs(want), got) => {
                let Some(got) = got.prefs() else {
                    return false;
                };
                let have: SortedMap<&str, &Option<String>> = got
                    .entries()
                    .into_iter()
                    .map(|(k, p)| (k, &p.winner))
                    .collect();
                want.iter().all(|(k, w)| have.get(k.as_str()) == Some(&w))
            }
            (Expected::Ranking(want), got) => {
                let Some(got) = got.ranking() else {
                    return false;
                };
                want.ranks == got.ranks && want.best == got.best && want.worst == got.worst
            }
            (Expected::Questions(want), got) => {
                let Some(got) = got.questions() else {
                    return false;
                };
                let theirs: Vec<(u64, u64)> = got
                    .questions
                    .iter()
                    .flat_map(|q| &q.answers)
                    .map(|a| (a.start as u64, a.end as u64))
                    .collect();
                want.iter()
                    .all(|w| theirs.iter().any(|h| overlap(*w, *h) >= gold.span_overlap))
            }
        }
    }
}

/// An attribute's entries (one, or a list for a repeatable attribute) as the words marked for
/// each value, every entry of a value together.
fn words_by_value(entries: Option<&SpanAttrValue>) -> SortedMap<String, Vec<u64>> {
    let mut out: SortedMap<String, Vec<u64>> = SortedMap::new();
    for e in entries.map(SpanAttrValue::entries).unwrap_or_default() {
        let words = out.entry(e.value.clone()).or_default();
        words.extend(e.words().into_iter().map(|w| w as u64));
        words.sort_unstable();
        words.dedup();
    }
    out
}

/// The overlap of two ranges: shared length over their union's length.
fn overlap(a: (u64, u64), b: (u64, u64)) -> f64 {
    let shared = a.1.min(b.1).saturating_sub(a.0.max(b.0)) as f64;
    let union = (a.1.max(b.1) - a.0.min(b.0)) as f64;
    if union == 0.0 {
        1.0
    } else {
        shared / union
    }
}
