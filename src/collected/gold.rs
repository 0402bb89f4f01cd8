//! Gold and attention items, scored after collection: the researcher's expected answers stay
//! in their own file (never in the participant's browser) and each result on such an item is
//! compared per control with a tolerance per kind — exact for choices, texts and grid cells; a
//! ratio band for magnitude numbers; word overlap for spans; fragment overlap for questions
//! (each expected question's answer fragment overlaps a fragment of one of the annotator's
//! questions).
//!
//! The file: `{"items": [{"item_id": "it-003", "kind": "gold" | "attention", "answers":
//! {"<control>": <expected value, as results hold it>}}], "ratio_band": 2, "span_overlap": 0.5}`.

use crate::support::sorted_map::SortedMap;
use serde::Deserialize;
use serde_json::Value;

/// A gold file.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Gold {
    /// The gold and attention items.
    pub items: Vec<GoldItem>,
    /// A number passes when expected ÷ band ≤ given ≤ expected × band (default 2).
    #[serde(default = "two")]
    pub ratio_band: f64,
    /// A span attribute passes when the words marked overlap the expected ones by at least this
    /// share (Jaccard, default 0.5).
    #[serde(default = "half")]
    pub span_overlap: f64,
}

fn two() -> f64 {
    2.0
}

fn half() -> f64 {
    0.5
}

/// One gold or attention item.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GoldItem {
    /// The item.
    pub item_id: String,
    /// `gold` (a known answer) or `attention` (an instructed answer).
    #[serde(default = "gold_kind")]
    pub kind: String,
    /// The expected answers by control id, as results hold them.
    pub answers: SortedMap<String, Value>,
}

fn gold_kind() -> String {
    "gold".to_owned()
}

impl Gold {
    /// The gold item of this id, if any.
    pub fn item(&self, id: &str) -> Option<&GoldItem> {
        self.items.iter().find(|g| g.item_id == id)
    }

    /// Whether a result passes its gold item: every expected control within tolerance.
    /// `None` when the result's item is not gold.
    pub fn passes(&self, result: &Value) -> Option<bool> {
        let id = result.get("item_id")?.as_str()?;
        let g = self.item(id)?;
        let answers = result.get("answers");
        Some(g.answers.iter().all(|(control, expected)| {
            answers
                .and_then(|a| a.get(control))
                .is_some_and(|got| self.matches(expected, got))
        }))
    }

    /// Whether `got` matches `expected` within the tolerance of its kind.
    pub fn matches(&self, expected: &Value, got: &Value) -> bool {
        match (expected, got) {
            (Value::Number(e), Value::Number(g)) => match (e.as_f64(), g.as_f64()) {
                (Some(e), Some(g)) if e > 0.0 && g > 0.0 => {
                    g >= e / self.ratio_band && g <= e * self.ratio_band
                }
                (Some(e), Some(g)) => e == g,
                _ => false,
            },
            (Value::Object(e), Value::Object(g)) if e.values().all(Value::is_number) => e
                .iter()
                .all(|(k, v)| g.get(k).is_some_and(|x| self.matches(v, x))),
            (Value::Object(e), Value::Object(g)) if e.contains_key("questions") => {
                let theirs = fragments(g.get("questions"));
                fragments(e.get("questions")).iter().all(|want| {
                    theirs
                        .iter()
                        .any(|have| overlap(*want, *have) >= self.span_overlap)
                })
            }
            (Value::Object(e), Value::Object(g)) if is_spans(e) => e.iter().all(|(attr, v)| {
                let want = v.get("value");
                let have = g.get(attr);
                have.and_then(|h| h.get("value")) == want
                    && jaccard(&span_words(v), &have.map(span_words).unwrap_or_default())
                        >= self.span_overlap
            }),
            (Value::Array(e), Value::Array(g)) => {
                // Grid rows: each expected row's cells, exactly.
                e.len() == g.len()
                    && e.iter()
                        .zip(g)
                        .all(|(er, gr)| er.get("cells") == gr.get("cells"))
            }
            (e, g) => e == g,
        }
    }
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

fn is_spans(map: &serde_json::Map<String, Value>) -> bool {
    map.values().any(|v| v.get("spans").is_some())
}

/// The words a span entry covers (from its spans' `first_word`/`last_word`, or `[first, last]`),
/// sorted, each once.
pub fn span_words(entry: &Value) -> Vec<u64> {
    let mut out = Vec::new();
    for s in entry
        .get("spans")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        let (f, l) = match s {
            Value::Array(p) => (
                p.first().and_then(Value::as_u64),
                p.get(1).and_then(Value::as_u64),
            ),
            o => (
                o.get("first_word").and_then(Value::as_u64),
                o.get("last_word").and_then(Value::as_u64),
            ),
        };
        if let (Some(f), Some(l)) = (f, l) {
            out.extend(f..=l);
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

fn jaccard(a: &[u64], b: &[u64]) -> f64 {
    if a.is_empty() && b.is_empty() {
        return 1.0;
    }
    let inter = a.iter().filter(|x| b.binary_search(x).is_ok()).count() as f64;
    inter / ((a.len() + b.len()) as f64 - inter)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn gold() -> Gold {
        Gold {
            items: vec![],
            ratio_band: 2.0,
            span_overlap: 0.5,
        }
    }

    #[test]
    fn tolerance_per_kind() {
        let g = gold();
        assert!(g.matches(&json!("ok"), &json!("ok")));
        assert!(!g.matches(&json!("ok"), &json!("other")));
        assert!(g.matches(
            &json!({"sys-a": 100, "sys-b": 50}),
            &json!({"sys-a": 190, "sys-b": 26})
        ));
        assert!(!g.matches(&json!({"sys-a": 100}), &json!({"sys-a": 201})));
        let rows = json!([{"row": 1, "cells": {"special": "ok"}}]);
        assert!(g.matches(&rows, &rows));
        assert!(!g.matches(
            &rows,
            &json!([{"row": 1, "cells": {"special": "repetitive"}}])
        ));
        let want = json!({"vina": {"value": "ano", "spans": [[3, 6]]}});
        let near = json!({"vina": {"value": "ano", "spans": [{"first_word": 4, "last_word": 7}]}});
        let far = json!({"vina": {"value": "ano", "spans": [{"first_word": 9, "last_word": 12}]}});
        assert!(g.matches(&want, &near), "3 shared of 5 in all: 0.6");
        assert!(!g.matches(&want, &far));
        let q = |start: u64, end: u64| json!({"questions": [{"question": "?", "answers": [{"text": "x", "start": start, "end": end}]}]});
        assert!(g.matches(&q(10, 20), &q(12, 20)), "8 of 10 code points");
        assert!(!g.matches(&q(10, 20), &q(18, 30)));
    }

    #[test]
    fn jaccard_is_intersection_over_union() {
        assert!((jaccard(&[1, 2, 3, 4], &[3, 4, 5, 6]) - 2.0 / 6.0).abs() < 1e-12);
        assert!((jaccard(&[1, 2], &[1, 2]) - 1.0).abs() < 1e-12);
    }
}
