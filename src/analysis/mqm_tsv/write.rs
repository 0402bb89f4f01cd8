//! Collected results written as the released TSV. A result read from such a file writes its
//! rows back as they were (its `imported` record: the file's columns, each row's line, the
//! characters it marked, the cells the answers do not hold), as long as its answers still hold
//! the row's span; what the answers hold beyond those rows (a page's results, an adjudicator's
//! changes) follows, a row per error and a `No-error` row for an output with none.

use super::columns::{marked, Header, Said};
use super::{Mapping, NO_ERROR};
use crate::answer::LabelledSpanValue;
use crate::item::Item;
use crate::spec::{Control, TaskSpec};
use crate::support::ids::ControlId;
use crate::support::sorted_map::SortedMap;
use serde_json::Value;

/// Where a row goes in the file: a row read from it at its line, the others after, in the
/// results' order.
type Place = (usize, usize, usize);

/// The released TSV of collected results (see the module).
pub fn write(spec: &TaskSpec, items: &[Item], results: &[crate::result::ResultDoc]) -> String {
    let header = results
        .iter()
        .find_map(|r| r.imported.as_ref().filter(|i| i.format == "mqm-tsv"))
        .map_or_else(Header::released, |i| Header {
            quoted: i.quoted,
            ..Header::of(&i.header)
        });
    let mut out = header.line.clone() + "\n";
    let Ok(map) = Mapping::of(spec) else {
        return out;
    };
    let by_id: std::collections::BTreeMap<&str, &Item> =
        items.iter().map(|i| (i.id.as_str(), i)).collect();
    let mut rows: Vec<(Place, String)> = Vec::new();
    for (n, r) in results.iter().enumerate() {
        let Some(item) = by_id.get(r.item_id.as_str()) else {
            continue;
        };
        let rater = super::super::findings::annotator(r, n);
        let source = item.text(&map.source_field).unwrap_or_default().to_owned();
        let field = |name: &str| item.fields.get(name).and_then(Value::as_str).unwrap_or("");
        let answered = |id: &ControlId| -> SortedMap<String, Vec<LabelledSpanValue>> {
            r.answers
                .get(id)
                .map(|v| {
                    v.per_output()
                        .into_iter()
                        .filter_map(|(o, v)| Some((o.to_owned(), v.span_labels()?.spans.clone())))
                        .collect()
                })
                .unwrap_or_default()
        };
        // Each span control's spans per output, with whether a row has written it.
        let mut spans: SortedMap<String, SortedMap<String, Vec<(LabelledSpanValue, bool)>>> =
            SortedMap::new();
        let mut controls: Vec<&Control> = vec![map.target];
        controls.extend(map.source);
        for c in &controls {
            let per_output = answered(c.id())
                .into_iter()
                .map(|(o, list)| (o, list.into_iter().map(|s| (s, false)).collect()))
                .collect();
            spans.insert(c.id().to_string(), per_output);
        }
        let errors =
            |spans: &SortedMap<String, SortedMap<String, Vec<(LabelledSpanValue, bool)>>>,
             output: &str| {
                spans
                    .values()
                    .any(|per| per.get(output).is_some_and(|l| !l.is_empty()))
            };
        let target_of = |output: &str| {
            item.outputs(map.outputs)
                .into_iter()
                .find(|o| o.id == output)
                .map(|o| o.text)
                .unwrap_or_default()
        };
        let said = |output: &'_ str| Said {
            system: "",
            doc: field("doc"),
            doc_id: field("doc_id"),
            seg_id: &item.id,
            rater: &rater,
            source: source.clone(),
            target: target_of(output).to_owned(),
            category: NO_ERROR,
            severity: NO_ERROR,
        };
        let mut none_said: Vec<String> = Vec::new();
        let mut no_error_rows = Vec::new();
        let none = SortedMap::new();
        // The rows it was read from, where its answers still hold them.
        for row in r
            .imported
            .iter()
            .filter(|i| i.format == "mqm-tsv")
            .flat_map(|i| &i.rows)
        {
            let mut s = said(&row.output);
            s.system = &row.output;
            let place = (0, row.line, 0);
            let Some(span) = &row.span else {
                no_error_rows.push(row);
                continue;
            };
            let Some(list) = spans
                .get_mut(&span.control)
                .and_then(|per| per.get_mut(&row.output))
            else {
                continue;
            };
            let Some((held, used)) = list.iter_mut().find(|(h, used)| {
                !used && h.label == span.label && (h.start, h.end) == (span.start, span.end)
            }) else {
                continue;
            };
            *used = true;
            let held = held.clone();
            let mark = span.written();
            let severity = severity(map_control(&controls, &span.control), &held);
            if span.control == map.target.id().as_str() {
                s.target = marked(&s.target, mark);
            } else {
                s.source = marked(&s.source, mark);
            }
            s.category = &held.label;
            s.severity = &severity;
            rows.push((place, s.line(&header, &row.cells)));
        }
        // A `No-error` row (beside a planted error's `Missed`, or alone) is written back
        // while the output's spans are all ones read with it.
        for row in no_error_rows {
            let unchanged = spans.values().all(|per| {
                per.get(&row.output)
                    .is_none_or(|l| l.iter().all(|(_, used)| *used))
            });
            if unchanged
                && spans[map.target.id().as_str()].contains_key(&row.output)
                && !none_said.contains(&row.output)
            {
                none_said.push(row.output.clone());
                let mut s = said(&row.output);
                s.system = &row.output;
                rows.push(((0, row.line, 0), s.line(&header, &row.cells)));
            }
        }
        // What the answers hold beyond those rows.
        let mut seq = 0;
        let outputs: Vec<String> = spans[map.target.id().as_str()].keys().cloned().collect();
        for output in &outputs {
            let mut s = said(output);
            s.system = output;
            let mut push = |line: String| {
                seq += 1;
                rows.push(((1, n, seq), line));
            };
            if !errors(&spans, output) && !none_said.contains(output) {
                push(s.line(&header, &none));
            }
            for c in &controls {
                let Some(list) = spans[c.id().as_str()].get(output) else {
                    continue;
                };
                for (held, _) in list.iter().filter(|(_, used)| !used) {
                    let mut row = said(output);
                    row.system = output;
                    let sev = severity(c, held);
                    let mark = Some((held.start, held.end));
                    if c.id() == map.target.id() {
                        row.target = marked(&row.target, mark);
                    } else {
                        row.source = marked(&row.source, mark);
                    }
                    row.category = &held.label;
                    row.severity = &sev;
                    push(row.line(&header, &none));
                }
            }
        }
    }
    rows.sort_by_key(|(place, _)| *place);
    for (_, line) in rows {
        out += &line;
    }
    out
}

/// The span control of the mapping an id names (the target's when none does).
fn map_control<'c>(controls: &[&'c Control], id: &str) -> &'c Control {
    controls
        .iter()
        .find(|c| c.id().as_str() == id)
        .copied()
        .unwrap_or(controls[0])
}

/// A span's severity: the value of the first of its control's attributes it has.
pub(super) fn severity(control: &Control, span: &LabelledSpanValue) -> String {
    control
        .labelled_spans()
        .and_then(|c| {
            c.attributes
                .iter()
                .find_map(|a| span.attributes.get(*a).cloned())
        })
        .unwrap_or_default()
}
