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
use crate::answer::{AnswerValue, NumberValue, SpanAttrValue};
use crate::item::Item;
use crate::spec::{GridControl, SpanAttributes, TaskSpec};
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
}

/// How a control kind's expected answer is written in a gold file and read against the item
/// (each kind implements it in `crate::kinds`).
pub trait GoldAnswer {
    /// Reads the expected value of this control on `item` (`path` names it in the file).
    fn expected(&self, item: &Item, value: &Value, path: &str) -> Result<Expected, Vec<GoldProblem>>;
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

/// Grid rows: as many as the item has, each cell a column of the grid with one of its options.
pub(crate) fn grid(
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
        let mut leaves_out = SortedMap::new();
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
            if let Some(leaf) = leaf {
                leaves_out.insert(col.clone(), leaf.to_owned());
            }
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
        cells_out.push(leaves_out);
    }
    done(Expected::Grid(cells_out), problems)
}

/// Span attributes: each attribute of the control, each value one of its values, each span
/// found in the item's text.
pub(crate) fn spans(
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
    /// Whether an annotator's value matches within `gold`'s tolerances.
    pub fn matches(&self, got: &AnswerValue, gold: &Gold) -> bool {
        let band = |e: u64, g: u64| {
            if e > 0 && g > 0 {
                let (e, g) = (e as f64, g as f64);
                g >= e / gold.ratio_band && g <= e * gold.ratio_band
            } else {
                g == e
            }
        };
        match (self, got) {
            (Expected::Exact(e), got) => e == got,
            (Expected::Number(e), AnswerValue::Number(n)) => {
                let n: &NumberValue = n;
                matches!(n, NumberValue::One(g) if band(*e, *g))
            }
            (Expected::Numbers(map), AnswerValue::Number(n)) => {
                let n: &NumberValue = n;
                match n {
                    NumberValue::PerOutput(got) => map
                        .iter()
                        .all(|(k, e)| got.get(k).is_some_and(|g| band(*e, *g))),
                    NumberValue::One(_) => false,
                }
            }
            (Expected::Grid(rows), AnswerValue::Grid(got)) => {
                got.len() == rows.len()
                    && rows.iter().zip(got.iter()).all(|(e, r)| {
                        e.len() == r.cells.len()
                            && r.cells.iter().all(|(col, cell)| e.get(col).map(String::as_str) == Some(cell.leaf()))
                    })
            }
            (Expected::Spans(attrs), AnswerValue::SpanAttributes(got)) => {
                attrs.iter().all(|(attr, want)| {
                    let have = words_by_value(got.get(attr));
                    want.keys().eq(have.keys())
                        && want
                            .iter()
                            .zip(have.values())
                            .all(|((_, w), h)| jaccard(w, h) >= gold.span_overlap)
                })
            }
            (Expected::Questions(want), AnswerValue::Questions(got)) => {
                let theirs: Vec<(u64, u64)> = got
                    .questions
                    .iter()
                    .flat_map(|q| &q.answers)
                    .map(|a| (a.start as u64, a.end as u64))
                    .collect();
                want.iter()
                    .all(|w| theirs.iter().any(|h| overlap(*w, *h) >= gold.span_overlap))
            }
            _ => false,
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
