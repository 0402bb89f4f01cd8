//! Results as a tidy long table, the shape pandas and R read as is: one row per result and
//! answer field — participant, item, control, part (output id, grid row and column, span
//! attribute and entry, question and field), value, span offsets (code points) and text, and
//! the result's active time.

use super::agreement::annotator;
use crate::spec::{Control, TaskSpec};
use serde_json::Value;

/// The table's columns.
pub const COLUMNS: [&str; 9] = [
    "participant",
    "item_id",
    "control",
    "part",
    "value",
    "start",
    "end",
    "text",
    "active_ms",
];

/// One row of the table.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Row {
    /// The cells, in [`COLUMNS`] order.
    pub cells: [String; 9],
}

fn text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Null => String::new(),
        Value::Object(o) if o.contains_key("category") => format!(
            "{}/{}",
            o.get("category").and_then(Value::as_str).unwrap_or(""),
            o.get("value").and_then(Value::as_str).unwrap_or("")
        ),
        other => other.to_string(),
    }
}

/// The rows of every result, controls in spec order.
pub fn rows(spec: &TaskSpec, results: &[Value]) -> Vec<Row> {
    let mut out = Vec::new();
    for (n, r) in results.iter().enumerate() {
        let who = annotator(r, n);
        let item = r
            .get("item_id")
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_owned();
        let active = r
            .pointer("/timings/active_ms")
            .map(|v| v.to_string())
            .unwrap_or_default();
        for control in &spec.controls {
            let id = control.id().to_string();
            let Some(v) = r.get("answers").and_then(|a| a.get(&id)) else {
                continue;
            };
            let mut push = |part: String, value: String, span: Option<&Value>| {
                let (start, end, covered) = match span {
                    Some(s) => (
                        s.get("start").map(|x| x.to_string()).unwrap_or_default(),
                        s.get("end").map(|x| x.to_string()).unwrap_or_default(),
                        s.get("text").map(text).unwrap_or_default(),
                    ),
                    None => Default::default(),
                };
                out.push(Row {
                    cells: [
                        who.clone(),
                        item.clone(),
                        id.clone(),
                        part,
                        value,
                        start,
                        end,
                        covered,
                        active.clone(),
                    ],
                });
            };
            match control {
                Control::Number(_) => match v {
                    Value::Object(map) => {
                        map.iter().for_each(|(k, x)| push(k.clone(), text(x), None))
                    }
                    other => push(String::new(), text(other), None),
                },
                Control::Grid(_) => {
                    for row in v.as_array().into_iter().flatten() {
                        let n = row.get("row").map(|x| x.to_string()).unwrap_or_default();
                        for (col, cell) in row
                            .get("cells")
                            .and_then(Value::as_object)
                            .into_iter()
                            .flatten()
                        {
                            push(format!("row{n}.{col}"), text(cell), None);
                        }
                    }
                }
                Control::SpanAttributes(_) => {
                    for (attr, entry) in v.as_object().into_iter().flatten() {
                        let entries: Vec<(String, &Value)> = match entry {
                            Value::Array(list) => list
                                .iter()
                                .enumerate()
                                .map(|(i, e)| (format!("{attr}[{i}]"), e))
                                .collect(),
                            e => vec![(attr.clone(), e)],
                        };
                        for (part, e) in entries {
                            let value = e.get("value").map(text).unwrap_or_default();
                            let spans = e
                                .get("spans")
                                .and_then(Value::as_array)
                                .filter(|s| !s.is_empty());
                            match spans {
                                Some(list) => list
                                    .iter()
                                    .for_each(|s| push(part.clone(), value.clone(), Some(s))),
                                None => push(part, value, None),
                            }
                        }
                    }
                }
                Control::Questions(_) => {
                    if let Some(reason) = v.get("skipped").and_then(Value::as_str) {
                        push("skipped".to_owned(), reason.to_owned(), None);
                    }
                    for (k, q) in v
                        .get("questions")
                        .and_then(Value::as_array)
                        .into_iter()
                        .flatten()
                        .enumerate()
                    {
                        let p = |f: &str| format!("q{}.{f}", k + 1);
                        for f in [
                            "question",
                            "base_form",
                            "category",
                            "unanswerable",
                            "yes_no",
                            "needs_manual_acceptance",
                        ] {
                            push(p(f), q.get(f).map(text).unwrap_or_default(), None);
                        }
                        for a in q
                            .get("answers")
                            .and_then(Value::as_array)
                            .into_iter()
                            .flatten()
                        {
                            push(p("answer"), String::new(), Some(a));
                        }
                    }
                }
                Control::SingleChoice(_) | Control::Text(_) => push(String::new(), text(v), None),
            }
        }
    }
    out
}

/// Writes a CSV field (quoted when it holds a comma, a quote or a line break), as RFC 4180 does.
pub fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_owned()
    }
}

/// The table as CSV text, header first, CRLF line ends (RFC 4180).
pub fn csv(rows: &[Row]) -> String {
    let mut out = COLUMNS.join(",") + "\r\n";
    for r in rows {
        out += &r
            .cells
            .iter()
            .map(|c| csv_field(c))
            .collect::<Vec<_>>()
            .join(",");
        out += "\r\n";
    }
    out
}
