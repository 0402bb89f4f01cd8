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
//!   `{"text": ..., "occurrence": n}`, or as a result holds it (`start`/`end` in code points).

use super::{jaccard, Gold, GoldProblem};
use crate::item::Item;
use crate::spec::{Control, GridControl, SpanAttributes, TaskSpec};
use crate::support::sorted_map::SortedMap;
use crate::text::tokens::Tokens;
use serde_json::Value;

/// One control's expected answer.
#[derive(Clone, Debug, PartialEq)]
pub enum Expected {
    /// The same value exactly (a choice, a text).
    Exact(Value),
    /// A whole number, within the ratio band.
    Number(u64),
    /// A whole number per output id, each within the ratio band.
    Numbers(SortedMap<String, u64>),
    /// Each row's cells exactly, row by row.
    Grid(Vec<Value>),
    /// Per attribute, the words marked for each value (empty: the value without spans).
    Spans(SortedMap<String, SortedMap<String, Vec<u64>>>),
    /// Answer fragments (code points); each must overlap one of the annotator's fragments.
    Questions(Vec<(u64, u64)>),
}

/// The value read, or every problem found on the way.
pub(super) fn done<T>(value: T, problems: Vec<GoldProblem>) -> Result<T, Vec<GoldProblem>> {
    if problems.is_empty() {
        Ok(value)
    } else {
        Err(problems)
    }
}

fn problem(path: &str, message: String) -> Vec<GoldProblem> {
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
    match control {
        Control::SingleChoice(c) => {
            let values: Vec<&str> = c.options.iter().map(|o| o.value.as_str()).collect();
            match value.as_str() {
                Some(v) if values.contains(&v) => Ok(Expected::Exact(value.clone())),
                _ => Err(problem(
                    path,
                    format!(
                        "{value} is not an option of \"{control_id}\": use one of {}",
                        values.join(", ")
                    ),
                )),
            }
        }
        Control::Text(_) => match value {
            Value::String(_) => Ok(Expected::Exact(value.clone())),
            _ => Err(problem(
                path,
                format!("{value} is not a text: write it in quotes"),
            )),
        },
        Control::Number(c) => match (&c.outputs, value) {
            (None, v) => whole(v, path).map(Expected::Number),
            (Some(src), Value::Object(map)) => {
                let ids: Vec<String> = item
                    .outputs(src.field.as_str())
                    .into_iter()
                    .map(|o| o.id)
                    .collect();
                let mut numbers = SortedMap::new();
                let mut problems = Vec::new();
                for (k, v) in map {
                    let at = format!("{path}.{k}");
                    if !ids.contains(k) {
                        problems.extend(problem(
                            &at,
                            format!(
                                "item \"{}\" has no output \"{k}\" (its outputs: {})",
                                item.id,
                                ids.join(", ")
                            ),
                        ));
                    }
                    match whole(v, &at) {
                        Ok(n) => {
                            numbers.insert(k.clone(), n);
                        }
                        Err(mut p) => problems.append(&mut p),
                    }
                }
                done(Expected::Numbers(numbers), problems)
            }
            (Some(_), v) => Err(problem(
                path,
                format!("{v} is not a number per output: write {{\"<output id>\": 100, …}}"),
            )),
        },
        Control::Grid(c) => grid(c, item, value, path),
        Control::SpanAttributes(c) => spans(c, item, value, path),
        Control::Questions(c) => {
            let text = item.text(c.text_field.as_str()).unwrap_or_default();
            let tokens = Tokens::new(text);
            let questions = value.get("questions").and_then(Value::as_array);
            let Some(questions) = questions else {
                return Err(problem(
                    path,
                    "write {\"questions\": [{\"answers\": [\"the answer's text\"]}]}".into(),
                ));
            };
            let mut fragments = Vec::new();
            let mut problems = Vec::new();
            for (q, question) in questions.iter().enumerate() {
                let answers = question.get("answers").and_then(Value::as_array);
                for (a, answer) in answers.into_iter().flatten().enumerate() {
                    let at = format!("{path}.questions[{q}].answers[{a}]");
                    let direct = answer
                        .get("start")
                        .and_then(Value::as_u64)
                        .zip(answer.get("end").and_then(Value::as_u64));
                    let found = match direct {
                        Some((s, e)) if s < e && e as usize <= text.chars().count() => Ok((s, e)),
                        Some((s, e)) => Err(problem(
                            &at,
                            format!(
                                "{s}..{e} is not a range of the text (it has {} characters)",
                                text.chars().count()
                            ),
                        )),
                        None => locate(text, &tokens, answer, &at).map(|(f, l)| {
                            (
                                tokens.word(f).map_or(0, |t| t.chars.0 as u64),
                                tokens.word(l).map_or(0, |t| t.chars.1 as u64),
                            )
                        }),
                    };
                    match found {
                        Ok(range) => fragments.push(range),
                        Err(mut p) => problems.append(&mut p),
                    }
                }
            }
            done(Expected::Questions(fragments), problems)
        }
    }
}

/// A whole number of at least 0.
fn whole(v: &Value, path: &str) -> Result<u64, Vec<GoldProblem>> {
    v.as_u64().ok_or_else(|| {
        problem(
            path,
            format!("{v} is not a whole number: write digits only"),
        )
    })
}

/// Grid rows: as many as the item has, each cell a column of the grid with one of its options.
fn grid(
    c: &GridControl,
    item: &Item,
    value: &Value,
    path: &str,
) -> Result<Expected, Vec<GoldProblem>> {
    let want = crate::task::grid::rows(c, item).len();
    let Some(rows) = value.as_array() else {
        return Err(problem(
            path,
            "write the rows as results hold them: [{\"row\": 1, \"cells\": {\"<column>\": \"<option>\"}}]".into(),
        ));
    };
    let mut problems = Vec::new();
    if rows.len() != want {
        problems.extend(problem(
            path,
            format!(
                "item \"{}\" has {want} rows, the gold answer {}: give every row",
                item.id,
                rows.len()
            ),
        ));
    }
    let mut cells_out = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        let cells = row.get("cells").and_then(Value::as_object);
        let Some(cells) = cells else {
            problems.extend(problem(
                &format!("{path}[{r}]"),
                "a row needs its \"cells\"".into(),
            ));
            continue;
        };
        for (col, cell) in cells {
            let at = format!("{path}[{r}].cells.{col}");
            let Some(column) = c.column(col) else {
                let ids: Vec<&str> = c.columns.iter().map(|c| c.id.as_str()).collect();
                problems.extend(problem(
                    &at,
                    format!(
                        "the grid has no column \"{col}\" (its columns: {})",
                        ids.join(", ")
                    ),
                ));
                continue;
            };
            let leaf = cell
                .as_str()
                .or_else(|| cell.get("value").and_then(Value::as_str));
            if leaf.and_then(|v| column.leaf(v)).is_none() {
                let leaves: Vec<&str> = column
                    .leaves()
                    .into_iter()
                    .map(|(_, l)| l.value.as_str())
                    .collect();
                problems.extend(problem(
                    &at,
                    format!(
                        "{cell} is not an option of column \"{col}\": use one of {}",
                        leaves.join(", ")
                    ),
                ));
            }
        }
        cells_out.push(Value::Object(cells.clone()));
    }
    done(Expected::Grid(cells_out), problems)
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
    let tokens = Tokens::new(text);
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

/// The first and last word of a span written as text, as `{"text", "occurrence"}`, as word
/// indices (`[f, l]`, `{"words": [f, l]}`, `{"first_word", "last_word"}`).
fn locate(
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
    /// Whether an annotator's value (as the result holds it) matches within `gold`'s
    /// tolerances.
    pub fn matches(&self, got: &Value, gold: &Gold) -> bool {
        let band = |e: u64, g: &Value| match g.as_f64() {
            Some(g) if e > 0 && g > 0.0 => {
                let e = e as f64;
                g >= e / gold.ratio_band && g <= e * gold.ratio_band
            }
            Some(g) => g == e as f64,
            None => false,
        };
        match self {
            Expected::Exact(e) => e == got,
            Expected::Number(e) => band(*e, got),
            Expected::Numbers(map) => map
                .iter()
                .all(|(k, e)| got.get(k).is_some_and(|g| band(*e, g))),
            Expected::Grid(rows) => got.as_array().is_some_and(|g| {
                g.len() == rows.len() && rows.iter().zip(g).all(|(e, r)| r.get("cells") == Some(e))
            }),
            Expected::Spans(attrs) => attrs.iter().all(|(attr, want)| {
                let have = words_by_value(got.get(attr));
                let same_values = want.keys().eq(have.keys());
                same_values
                    && want
                        .iter()
                        .zip(have.values())
                        .all(|((_, w), h)| jaccard(w, h) >= gold.span_overlap)
            }),
            Expected::Questions(want) => {
                let theirs = fragments(got.get("questions"));
                want.iter()
                    .all(|w| theirs.iter().any(|h| overlap(*w, *h) >= gold.span_overlap))
            }
        }
    }
}

/// An attribute's entries (one, or a list for a repeatable attribute) as the words marked for
/// each value, every entry of a value together.
fn words_by_value(entries: Option<&Value>) -> SortedMap<String, Vec<u64>> {
    let list: Vec<&Value> = match entries {
        Some(Value::Array(list)) => list.iter().collect(),
        Some(e) => vec![e],
        None => vec![],
    };
    let mut out: SortedMap<String, Vec<u64>> = SortedMap::new();
    for e in list {
        let Some(v) = e.get("value").and_then(Value::as_str) else {
            continue;
        };
        let words = out.entry(v.to_owned()).or_default();
        words.extend(super::span_words(e));
        words.sort_unstable();
        words.dedup();
    }
    out
}

/// The answer fragments (`start`, `end` in code points) of a questions value's `questions`.
fn fragments(questions: Option<&Value>) -> Vec<(u64, u64)> {
    questions
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .flat_map(|q| {
            q.get("answers")
                .and_then(Value::as_array)
                .cloned()
                .unwrap_or_default()
        })
        .filter_map(|a| Some((a.get("start")?.as_u64()?, a.get("end")?.as_u64()?)))
        .collect()
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
