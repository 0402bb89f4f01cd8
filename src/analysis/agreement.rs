//! Agreement per control over collected results, with the level of measurement each kind calls
//! for: nominal for a choice and for each grid column (an empty cell — the row filled the other
//! alternative — is the category `none`); interval on the natural log of each score relative to
//! the standard's score (magnitude estimation: ratios, so an annotator who doubles every score
//! agrees with one who does not); for span attributes, one nominal unit per word of the text
//! (marked or not by each annotator, per attribute). Questions have no agreement: their
//! category shares and manual-acceptance flags are reported instead.

use super::alpha::{agreement, Agreement, Datum, Level, Unit};
use crate::item::Item;
use crate::spec::{Block, Control, TaskSpec};
use crate::study::gold::span_words;
use crate::support::sorted_map::SortedMap;
use crate::text::Tokens;
use serde_json::Value;

/// Bootstrap resamples and seed of every interval (fixed: the same results give the same report).
pub const RESAMPLES: usize = 1000;
/// The bootstrap seed.
pub const SEED: u64 = 20_261_124;

/// One measured control (or grid column, or span attribute).
#[derive(Clone, Debug, PartialEq)]
pub struct Measure {
    /// `control`, `control.column` or `control.attribute`.
    pub key: String,
    /// The level of measurement.
    pub level: Level,
    /// What the values are (e.g. "ln(score / standard 100)").
    pub values: &'static str,
    /// Alpha, interval, counts.
    pub agreement: Agreement,
    /// Items with at least two annotators' values.
    pub items: usize,
}

/// The question shares of a questions control (agreement is not defined for authored questions).
#[derive(Clone, Debug, PartialEq)]
pub struct QuestionShares {
    /// The control.
    pub key: String,
    /// Questions in all results.
    pub questions: usize,
    /// Questions per category (`none` for no category).
    pub categories: SortedMap<String, usize>,
    /// Unanswerable questions.
    pub unanswerable: usize,
    /// Questions above the overlap threshold (need manual acceptance).
    pub manual_acceptance: usize,
    /// Paragraphs skipped.
    pub skipped: usize,
}

/// Everything `glossa agreement` reports.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct AgreementReport {
    /// Measured controls, in spec order.
    pub measures: Vec<Measure>,
    /// Question-authoring controls.
    pub questions: Vec<QuestionShares>,
}

/// Who made a result: the participant-like id the host passed (`participant`, `PROLIFIC_PID`,
/// `workerId`, `assignmentId`), else all ids joined, else the result's position.
pub fn annotator(result: &Value, n: usize) -> String {
    let ids = result.get("ids").and_then(Value::as_object);
    for key in ["participant", "PROLIFIC_PID", "workerId", "assignmentId"] {
        if let Some(v) = ids.and_then(|m| m.get(key)).and_then(Value::as_str) {
            return v.to_owned();
        }
    }
    match ids {
        Some(m) if !m.is_empty() => m
            .values()
            .filter_map(Value::as_str)
            .collect::<Vec<_>>()
            .join("&"),
        _ => format!("result {}", n + 1),
    }
}

/// Units keyed by (item, sub-unit), each a map annotator → value (the last result of an
/// annotator for an item counts).
type Table = SortedMap<(String, String), SortedMap<String, Datum>>;

fn units(table: &Table) -> (Vec<Unit>, usize) {
    let mut items = SortedMap::new();
    let units: Vec<Unit> = table
        .iter()
        .map(|((item, _), by)| {
            if by.len() >= 2 {
                items.insert(item.clone(), ());
            }
            by.values().cloned().collect()
        })
        .collect();
    (units, items.len())
}

fn measure(key: String, level: Level, values: &'static str, table: &Table) -> Measure {
    let (units, items) = units(table);
    Measure {
        key,
        level,
        values,
        agreement: agreement(&units, level, RESAMPLES, SEED),
        items,
    }
}

/// Computes agreement for every control of the spec over the results. `items` (optional) gives
/// span texts their word counts; without them a span attribute's units are the words up to the
/// last one anybody marked in the item.
pub fn compute(spec: &TaskSpec, items: &[Item], results: &[Value]) -> AgreementReport {
    let standard = spec.blocks.iter().find_map(|b| match b {
        Block::Standard(s) if s.score > 0 => Some(s.score as f64),
        _ => None,
    });
    let mut report = AgreementReport::default();
    for control in &spec.controls {
        let id = control.id().to_string();
        let answers = |r: &Value| r.get("answers").and_then(|a| a.get(&id)).cloned();
        let each = |f: &mut dyn FnMut(String, String, Value)| {
            for (n, r) in results.iter().enumerate() {
                let item = r
                    .get("item_id")
                    .and_then(Value::as_str)
                    .unwrap_or("")
                    .to_owned();
                if let Some(v) = answers(r) {
                    f(item, annotator(r, n), v);
                }
            }
        };
        match control {
            Control::SingleChoice(_) => {
                let mut t = Table::new();
                each(&mut |item, who, v| {
                    if let Some(s) = v.as_str() {
                        t.entry((item, String::new()))
                            .or_default()
                            .insert(who, Datum::Category(s.to_owned()));
                    }
                });
                report
                    .measures
                    .push(measure(id, Level::Nominal, "option values", &t));
            }
            Control::Grid(g) => {
                for col in &g.columns {
                    let mut t = Table::new();
                    each(&mut |item, who, v| {
                        for row in v.as_array().into_iter().flatten() {
                            let n = row.get("row").and_then(Value::as_u64).unwrap_or(0);
                            let cell = match row.get("cells").and_then(|c| c.get(&col.id)) {
                                Some(Value::String(s)) => s.clone(),
                                Some(o @ Value::Object(_)) => format!(
                                    "{}/{}",
                                    o.get("category").and_then(Value::as_str).unwrap_or(""),
                                    o.get("value").and_then(Value::as_str).unwrap_or("")
                                ),
                                _ => "none".to_owned(),
                            };
                            t.entry((item.clone(), format!("{n:04}")))
                                .or_default()
                                .insert(who.clone(), Datum::Category(cell));
                        }
                    });
                    report.measures.push(measure(
                        format!("{id}.{}", col.id),
                        Level::Nominal,
                        "option values per row (an empty cell is `none`)",
                        &t,
                    ));
                }
            }
            Control::Number(_) => {
                let base = standard.unwrap_or(1.0);
                let mut t = Table::new();
                each(&mut |item, who, v| {
                    let mut put = |sub: String, x: &Value| {
                        if let Some(score) = x.as_f64().filter(|s| *s > 0.0) {
                            t.entry((item.clone(), sub))
                                .or_default()
                                .insert(who.clone(), Datum::Number((score / base).ln()));
                        }
                    };
                    match &v {
                        Value::Object(map) => map.iter().for_each(|(k, x)| put(k.clone(), x)),
                        other => put(String::new(), other),
                    }
                });
                let values = if standard.is_some() {
                    "ln(score / the standard's score)"
                } else {
                    "ln(score)"
                };
                report
                    .measures
                    .push(measure(id, Level::Interval, values, &t));
            }
            Control::SpanAttributes(c) => {
                let words = |item_id: &str| {
                    items
                        .iter()
                        .find(|i| i.id == item_id)
                        .and_then(|i| i.text(c.text_field.as_str()))
                        .map(|text| Tokens::new(text).word_count())
                };
                for a in &c.attributes {
                    // Per item: each annotator's marked words of this attribute.
                    let mut marked: SortedMap<String, SortedMap<String, Vec<usize>>> =
                        SortedMap::new();
                    each(&mut |item, who, v| {
                        let mut list = Vec::new();
                        let entries: Vec<&Value> = match v.get(&a.id) {
                            Some(Value::Array(es)) => es.iter().collect(),
                            Some(e @ Value::Object(_)) => vec![e],
                            _ => vec![],
                        };
                        for e in entries {
                            list.extend(span_words(e).into_iter().map(|w| w as usize));
                        }
                        marked.entry(item).or_default().insert(who, list);
                    });
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
                        format!("{id}.{}", a.id),
                        Level::Nominal,
                        "each word marked or not",
                        &t,
                    ));
                }
            }
            Control::Questions(_) => {
                let mut s = QuestionShares {
                    key: id.clone(),
                    questions: 0,
                    categories: SortedMap::new(),
                    unanswerable: 0,
                    manual_acceptance: 0,
                    skipped: 0,
                };
                each(&mut |_, _, v| {
                    if v.get("skipped").and_then(Value::as_str).is_some() {
                        s.skipped += 1;
                    }
                    for q in v
                        .get("questions")
                        .and_then(Value::as_array)
                        .into_iter()
                        .flatten()
                    {
                        s.questions += 1;
                        let cat = q
                            .get("category")
                            .and_then(Value::as_str)
                            .unwrap_or("none")
                            .to_owned();
                        *s.categories.entry(cat).or_default() += 1;
                        s.unanswerable +=
                            usize::from(q.get("unanswerable") == Some(&Value::Bool(true)));
                        s.manual_acceptance += usize::from(
                            q.get("needs_manual_acceptance") == Some(&Value::Bool(true)),
                        );
                    }
                });
                report.questions.push(s);
            }
            Control::Text(_) => {}
        }
    }
    report
}

impl AgreementReport {
    /// The figures as JSON: `{"controls": {"<key>": {"alpha", "level", "ci95", "items", ...}}}`.
    pub fn to_json(&self) -> Value {
        let mut controls = serde_json::Map::new();
        for m in &self.measures {
            controls.insert(
                m.key.clone(),
                serde_json::json!({
                    "alpha": m.agreement.alpha,
                    "level": m.level.as_str(),
                    "values": m.values,
                    "ci95": m.agreement.ci95.map(|(lo, hi)| [lo, hi]),
                    "items": m.items,
                    "units": m.agreement.units,
                    "pairable_values": m.agreement.pairable,
                }),
            );
        }
        for q in &self.questions {
            controls.insert(
                q.key.clone(),
                serde_json::json!({
                    "alpha": null,
                    "level": "not defined (authored questions)",
                    "questions": q.questions,
                    "categories": q.categories.iter().map(|(k, v)| (k.clone(), Value::from(*v))).collect::<serde_json::Map<_, _>>(),
                    "unanswerable": q.unanswerable,
                    "needs_manual_acceptance": q.manual_acceptance,
                    "skipped_paragraphs": q.skipped,
                }),
            );
        }
        serde_json::json!({ "controls": controls, "bootstrap": { "resamples": RESAMPLES, "seed": SEED } })
    }
}
