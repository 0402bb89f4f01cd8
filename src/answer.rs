//! Typed answers, one kind per control kind: a single choice is one value, never a set of flags.
//!
//! [`Answer`] is what the form holds while the annotator works (number boxes keep the text as
//! typed, so "1.5" can be shown back with its message); [`Value`] is what a validated result
//! holds (integers).

use crate::ids::{ControlId, OptionValue};
use crate::spec::Control;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The answer to one control, as the annotator has it on screen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Answer {
    /// The chosen option of a single-choice control.
    Choice(OptionValue),
    /// The text typed into a single number box.
    NumberText(String),
    /// The texts typed into the boxes of a number asked per output, keyed by output id.
    NumberTexts(BTreeMap<String, String>),
    /// A grid's cells: row index (from 0) → column id → chosen option (a leaf value).
    Grid(GridCells),
    /// Span attributes: attribute id → entries (one, or several for a repeatable attribute).
    Spans(BTreeMap<String, Vec<SpanEntry>>),
    /// Free text as typed.
    Text(String),
}

/// One entry of a span attribute: its value and its spans.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpanEntry {
    /// The chosen value, if any.
    pub value: Option<String>,
    /// The spans, in the order they were added.
    pub spans: Vec<WordSpan>,
}

/// A span of words, by word index (first and last inclusive).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WordSpan {
    /// First word.
    pub first: usize,
    /// Last word (inclusive).
    pub last: usize,
}

/// A grid's cells: row index (from 0) → column id → chosen leaf value.
pub type GridCells = BTreeMap<usize, BTreeMap<String, String>>;

/// All answers of one item, keyed by control id. A control without an answer has no entry.
pub type Answers = BTreeMap<ControlId, Answer>;

/// A validated answer, as results hold it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Value {
    /// The chosen option's value.
    Choice(OptionValue),
    /// A whole number.
    Number(u64),
    /// Whole numbers keyed by output id.
    Numbers(BTreeMap<String, u64>),
    /// A grid, row by row.
    Grid(Vec<GridRowValue>),
    /// Span attributes by id: one entry, or a list for a repeatable attribute.
    Spans(BTreeMap<String, SpanAttrValue>),
    /// Free text.
    Text(String),
}

/// A span attribute's validated answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum SpanAttrValue {
    /// A plain attribute.
    One(SpanEntryValue),
    /// A repeatable attribute's entries.
    Many(Vec<SpanEntryValue>),
}

/// One entry: its value and spans with their offsets.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SpanEntryValue {
    /// The value.
    pub value: String,
    /// The spans.
    pub spans: Vec<SpanValue>,
}

/// A span as results hold it. `text[start:end] == text` in Python (code points).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SpanValue {
    /// The covered text.
    pub text: String,
    /// Start, in Unicode code points.
    pub start: usize,
    /// End (exclusive), in Unicode code points.
    pub end: usize,
    /// Start, in UTF-16 code units (JavaScript string indices).
    pub start_utf16: usize,
    /// End (exclusive), in UTF-16 code units.
    pub end_utf16: usize,
    /// Index of the first word (words and punctuation, counted from 0; spaces not counted).
    pub first_word: usize,
    /// Index of the last word (inclusive).
    pub last_word: usize,
}

/// One validated grid row.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GridRowValue {
    /// The row's number (from 1).
    pub row: usize,
    /// The sentence the row is about; `null` for a missing sentence.
    pub sentence: Option<String>,
    /// The filled columns by id.
    pub cells: BTreeMap<String, CellValue>,
}

/// A grid cell's value: the option, or for a two-level column its category and option.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum CellValue {
    /// A one-level column's option.
    Option(String),
    /// A two-level column's category and option.
    Leveled {
        /// The category (e.g. `malformed`).
        category: String,
        /// The option within it (e.g. `ungrammatical`).
        value: String,
    },
}

impl Answer {
    /// The text typed for one box of a number control (`key` = output id, `None` for a single
    /// box); empty when nothing was typed.
    pub fn number_text<'a>(answer: Option<&'a Answer>, key: Option<&str>) -> &'a str {
        match (answer, key) {
            (Some(Answer::NumberText(t)), None) => t,
            (Some(Answer::NumberTexts(m)), Some(k)) => m.get(k).map_or("", String::as_str),
            _ => "",
        }
    }

    /// Reads a worked example's answer (JSON) as the form would hold it.
    pub fn from_example(control: &Control, json: &serde_json::Value) -> Option<Answer> {
        let number = |v: &serde_json::Value| match v {
            serde_json::Value::Number(n) => Some(n.to_string()),
            _ => None,
        };
        match control {
            Control::SingleChoice(_) => json.as_str().map(|s| Answer::Choice(OptionValue::from(s))),
            Control::Number(c) if c.outputs.is_some() => {
                let map = json.as_object()?;
                let texts = map
                    .iter()
                    .map(|(k, v)| number(v).map(|t| (k.clone(), t)))
                    .collect::<Option<BTreeMap<_, _>>>()?;
                Some(Answer::NumberTexts(texts))
            }
            Control::Number(_) => number(json).map(Answer::NumberText),
            Control::Grid(_) => {
                let rows = json.as_array()?;
                let mut cells = GridCells::new();
                for (n, row) in rows.iter().enumerate() {
                    let row = row.as_object()?;
                    let cols = row
                        .iter()
                        .map(|(k, v)| v.as_str().map(|v| (k.clone(), v.to_owned())))
                        .collect::<Option<BTreeMap<_, _>>>()?;
                    if !cols.is_empty() {
                        cells.insert(n, cols);
                    }
                }
                Some(Answer::Grid(cells))
            }
            Control::SpanAttributes(_) => {
                let map = json.as_object()?;
                let mut out = BTreeMap::new();
                for (attr, v) in map {
                    let entries = match v {
                        serde_json::Value::Array(list) => {
                            list.iter().map(example_entry).collect::<Option<Vec<_>>>()?
                        }
                        other => vec![example_entry(other)?],
                    };
                    out.insert(attr.clone(), entries);
                }
                Some(Answer::Spans(out))
            }
            Control::Text(_) => json.as_str().map(|s| Answer::Text(s.to_owned())),
        }
    }
}

/// An example's span entry: `{"value": "ano", "spans": [[first, last], ...]}`.
fn example_entry(v: &serde_json::Value) -> Option<SpanEntry> {
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
