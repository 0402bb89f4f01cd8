//! Results as a tidy long table, the shape pandas and R read as is: one row per result and
//! answer field — participant, item, control, part (output id, grid row and column, span
//! attribute and entry, question and field), value, span offsets (code points) and text, the
//! result's active time, and where the row's answer came from when a model suggested one
//! (`provenance`: accepted, kept, changed or added; `hidden` where the suggestion was not
//! shown).

use super::agreement::annotator;
use super::Analyse;
use crate::answer::SpanValue;
use crate::result::ResultDoc;
use crate::spec::TaskSpec;

/// The table's columns.
pub const COLUMNS: [&str; 10] = [
    "participant",
    "item_id",
    "control",
    "part",
    "value",
    "start",
    "end",
    "text",
    "active_ms",
    "provenance",
];

/// One row of the table.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Row {
    /// The cells, in [`COLUMNS`] order.
    pub cells: [String; 10],
}

/// The rows of every result, controls in spec order.
pub fn rows(spec: &TaskSpec, results: &[ResultDoc]) -> Vec<Row> {
    let mut out = Vec::new();
    for (n, r) in results.iter().enumerate() {
        rows_of(spec, r, n, &mut out);
    }
    out
}

/// The rows of one result, the `n`th of its file (from 0: an annotator without ids is named by
/// it), controls in spec order.
pub fn rows_of(spec: &TaskSpec, r: &ResultDoc, n: usize, out: &mut Vec<Row>) {
    let who = annotator(r, n);
    let active = r.timings.active_ms.to_string();
    for control in &spec.controls {
        let Some(value) = r.answers.get(control.id()) else {
            continue;
        };
        let id = control.id().to_string();
        let row = |part: String, value: String, span: Option<&SpanValue>| {
            let (start, end, covered) = match span {
                Some(s) => (s.start.to_string(), s.end.to_string(), s.text.clone()),
                None => Default::default(),
            };
            Row {
                cells: [
                    who.clone(),
                    r.item_id.clone(),
                    id.clone(),
                    part,
                    value,
                    start,
                    end,
                    covered,
                    active.clone(),
                    String::new(),
                ],
            }
        };
        // A control a section asks per output: its rows per output, the output first in `part`;
        // each output's rows take that output's provenance (`control/output`).
        for (output, value) in value.per_output() {
            let before = out.len();
            let mut push = |part: String, value: String, span: Option<&SpanValue>| {
                let part = match (output.is_empty(), part.is_empty()) {
                    (true, _) => part,
                    (false, true) => output.to_owned(),
                    (false, false) => format!("{output}.{part}"),
                };
                out.push(row(part, value, span))
            };
            crate::spec::each_control!(control, c => c.tidy(value, &mut push));
            let key = if output.is_empty() {
                control.id().clone()
            } else {
                crate::task::sections::copy_id(control.id(), output)
            };
            if let Some(p) = r
                .provenance
                .get(&key)
                .filter(|_| crate::support::family::SUGGEST)
            {
                let whole = out.len() - before == 1;
                for row in &mut out[before..] {
                    row.cells[9] = provenance_of(p, &row.cells, whole);
                }
            }
        }
    }
}

/// What a row's answer is to a model's suggestion: the decision of the unit whose answer it is
/// (a span by label and offsets, an option by value, else the whole answer).
fn provenance_of(
    p: &crate::result::provenance::Provenance,
    cells: &[String; 10],
    whole: bool,
) -> String {
    if !p.shown {
        return "hidden".to_owned();
    }
    let is_row = |a: &serde_json::Value| match a {
        serde_json::Value::String(s) => *s == cells[4],
        serde_json::Value::Object(o) if o.contains_key("start") => {
            o.get("label").and_then(|v| v.as_str()) == Some(cells[4].as_str())
                && o.get("start").map(ToString::to_string).as_deref() == Some(cells[5].as_str())
                && o.get("end").map(ToString::to_string).as_deref() == Some(cells[6].as_str())
        }
        _ => whole,
    };
    p.units
        .iter()
        .find(|u| u.answer.as_ref().is_some_and(is_row))
        .map_or_else(String::new, |u| u.decision.as_str().to_owned())
}

#[cfg(any(not(target_arch = "wasm32"), feature = "report-web"))]
/// The table as CSV text, header first, CRLF line ends (RFC 4180).
pub fn csv(rows: &[Row]) -> String {
    COLUMNS.join(",") + "\r\n" + &csv_rows(rows)
}

#[cfg(any(not(target_arch = "wasm32"), feature = "report-web"))]
/// Rows as CSV lines (no header), CRLF line ends.
pub fn csv_rows(rows: &[Row]) -> String {
    crate::support::delimited::csv_lines(rows.iter().map(|r| r.cells.iter().map(String::as_str)))
}
