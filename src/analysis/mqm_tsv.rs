//! The public MQM ratings' TSV (Google's WMT MQM human evaluation, Freitag et al. 2021) in and
//! out. A row is one error (or `No-error`) that one rater found in one system's translation of
//! one segment: `system  doc  doc_id  seg_id  rater  source  target  category  severity
//! [comment]`, the error's span between `<v>` and `</v>` in the target (or, for an omission,
//! in the source). Read against a spec whose section asks a labelled-span control per output
//! (the translations), a segment becomes an item (its translations the section's outputs, in
//! the order the systems first appear) and a (segment, rater) a result: the systems that
//! rater rated are the outputs shown to them (the rest were not assigned to them), each with
//! its errors as spans of words (its severity the span's severity attribute), a `No-error`
//! row as nothing to mark; errors marked in the source go to the section's span control over
//! the source. Categories are matched to label values and labels without regard to case or
//! punctuation (`Non-translation!` is `non_translation`).

use crate::answer::{LabelledSpanValue, SpanValue, WordSpan};
use crate::item::{Item, ItemFields};
use crate::spec::{Control, TaskSpec};
use crate::support::ids::ControlId;
use crate::support::sorted_map::SortedMap;
use crate::task::span_positions::{words, Units};
use crate::text::Tokens;
use serde_json::{json, Map, Value};

/// The columns of the released files, in their order (`comment` may be missing).
pub const COLUMNS: [&str; 10] = [
    "system", "doc", "doc_id", "seg_id", "rater", "source", "target", "category", "severity",
    "comment",
];

/// What a file read against a spec made: items, results, and what was noted or refused (each
/// naming its line).
#[derive(Debug, Default)]
pub struct Read {
    /// One item per segment.
    pub items: Vec<Item>,
    /// One result per (segment, rater), as JSON (`glossa.result/1`).
    pub results: Vec<Value>,
    /// What was adjusted (a span grown to whole words).
    pub notes: Vec<String>,
    /// What could not be read (the row is left out).
    pub problems: Vec<String>,
}

/// Where the spec puts what a row says.
struct Mapping<'s> {
    /// The outputs field of the section asked per output.
    outputs: &'s str,
    /// The span control over the translations.
    target: &'s Control,
    /// The span control over the source, if the section has one.
    source: Option<&'s Control>,
    /// The field the source is in.
    source_field: String,
}

/// A category or a label as compared: lower case, every run of other characters than letters
/// and digits one `_`, none at the ends.
fn normal(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        if c.is_alphanumeric() {
            out.extend(c.to_lowercase());
        } else if !out.ends_with('_') {
            out.push('_');
        }
    }
    out.trim_matches('_').to_owned()
}

impl<'s> Mapping<'s> {
    fn of(spec: &'s TaskSpec) -> Result<Self, String> {
        for (_, section) in spec.sections() {
            let Some(src) = &section.outputs else {
                continue;
            };
            let spans: Vec<&Control> = section
                .controls
                .iter()
                .filter_map(|id| spec.control(id))
                .filter(|c| c.labelled_spans().is_some())
                .collect();
            let field = src.field.as_str();
            let Some(target) = spans
                .iter()
                .find(|c| c.labelled_spans().is_some_and(|l| l.text_field == field))
            else {
                continue;
            };
            let source = spans
                .iter()
                .find(|c| c.labelled_spans().is_some_and(|l| l.text_field != field))
                .copied();
            let source_field = source
                .and_then(|c| c.labelled_spans())
                .map_or("source", |l| l.text_field)
                .to_owned();
            return Ok(Mapping {
                outputs: field,
                target,
                source,
                source_field,
            });
        }
        Err("the spec has no section asking a labelled-span control per output (the translations' error spans): MQM ratings have nowhere to go".to_owned())
    }
}

/// The label of a control a category names, and the attribute and value a severity names.
fn label_of(control: &Control, category: &str) -> Option<String> {
    let c = control.labelled_spans()?;
    let want = normal(category);
    c.labels
        .iter()
        .find(|(value, label)| normal(value) == want || normal(label) == want)
        .map(|(value, _)| (*value).to_owned())
}

/// The attribute whose values hold the severity, and the value a row's severity names.
fn severity_of(control: &Control, severity: &str) -> Option<(String, String)> {
    let c = control.labelled_spans()?;
    let want = normal(severity);
    c.attributes.iter().find_map(|a| {
        control
            .attribute_values(a)
            .into_iter()
            .find(|v| normal(v) == want)
            .map(|v| ((*a).to_owned(), v.to_owned()))
    })
}

/// A text with its `<v>…</v>` markers taken out, and the marked range in code points.
fn unmark(text: &str) -> (String, Option<(usize, usize)>) {
    let Some(open) = text.find("<v>") else {
        return (text.to_owned(), None);
    };
    let rest = &text[open + 3..];
    let Some(close) = rest.find("</v>") else {
        return (text.replacen("<v>", "", 1), None);
    };
    let before = &text[..open];
    let inside = &rest[..close];
    let after = &rest[close + 4..];
    let start = before.chars().count();
    let end = start + inside.chars().count();
    (format!("{before}{inside}{after}"), Some((start, end)))
}

/// One row, its fields by column name.
type Row<'t> = SortedMap<&'static str, &'t str>;

/// Reads the rows of a file: its header names the columns (the released order when it has
/// none), each line a row.
fn rows(text: &str) -> (Vec<(usize, Row<'_>)>, Vec<String>) {
    let mut lines = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty());
    let mut problems = Vec::new();
    let mut columns: Vec<&'static str> = COLUMNS.to_vec();
    let mut first = lines.next();
    if let Some((_, header)) = first {
        let names: Vec<&str> = header.split('\t').map(str::trim).collect();
        if names.contains(&"system") && names.contains(&"category") {
            columns = names
                .iter()
                .map(|n| COLUMNS.iter().find(|c| *c == n).copied().unwrap_or(""))
                .collect();
            first = None;
        }
    }
    let mut out = Vec::new();
    for (n, line) in first.into_iter().chain(lines) {
        let cells: Vec<&str> = line.trim_end_matches('\r').split('\t').collect();
        let mut row = Row::new();
        for (name, cell) in columns.iter().zip(&cells) {
            if !name.is_empty() {
                row.insert(*name, *cell);
            }
        }
        let missing: Vec<&str> = COLUMNS[..9]
            .iter()
            .filter(|c| !row.contains_key(*c))
            .copied()
            .collect();
        if missing.is_empty() {
            out.push((n + 1, row));
        } else {
            problems.push(format!(
                "line {}: no {} (a row has the columns {})",
                n + 1,
                missing.join(", "),
                COLUMNS[..9].join(", ")
            ));
        }
    }
    (out, problems)
}

/// The span (as results hold it) a marked range of a text stands for, grown to whole words.
fn span(
    control: &Control,
    text: &str,
    range: Option<(usize, usize)>,
    at: &str,
    notes: &mut Vec<String>,
) -> Option<SpanValue> {
    let tokens = Tokens::with_units(
        text,
        crate::spec::each_control!(control, k => k.span_units()),
    );
    let words_count = tokens.word_count();
    if words_count == 0 {
        return None;
    }
    // An error marked nowhere (a non-translation, an error of the whole segment) spans it all.
    let (first, last) = match range {
        Some((start, end)) => {
            let (first, last, exact) = words(&tokens, text, start, end, Units::CodePoints)?;
            if !exact {
                notes.push(format!(
                    "{at}: the marked span ends inside a word; it is the whole words \"{}\"",
                    tokens.covered(text, first, last)
                ));
            }
            (first, last)
        }
        None => (0, words_count - 1),
    };
    SpanValue::of(text, &tokens, &WordSpan { first, last })
}

/// One (segment, rater)'s answers as they are gathered: per output, its spans over the
/// translation and over the source, and whether it had a `No-error` row.
#[derive(Default)]
struct Rated {
    outputs: Vec<String>,
    target: SortedMap<String, Vec<LabelledSpanValue>>,
    source: SortedMap<String, Vec<LabelledSpanValue>>,
}

/// Reads a released TSV against the spec (see the module).
pub fn read(spec: &TaskSpec, text: &str) -> Read {
    let mut out = Read::default();
    let map = match Mapping::of(spec) {
        Ok(m) => m,
        Err(e) => {
            out.problems.push(e);
            return out;
        }
    };
    let (rows, problems) = rows(text);
    out.problems = problems;
    // Segments in the order they first appear: their source, doc, and outputs' texts.
    let mut segments: Vec<(String, Map<String, Value>, Vec<(String, String)>)> = Vec::new();
    let mut rated: Vec<((String, String), Rated)> = Vec::new();
    // Where each segment and each (segment, rater) is in those lists: a file has a row per
    // error, and a search of the lists per row would grow with the square of the rows.
    let mut segment_at: std::collections::BTreeMap<String, usize> = Default::default();
    let mut rated_at: std::collections::BTreeMap<(String, String), usize> = Default::default();
    // Categories no label of their control has: the lines that name each.
    let mut unknown: std::collections::BTreeMap<(String, String), Vec<usize>> = Default::default();
    for (line, row) in rows {
        let at = format!("line {line}");
        let seg = row["seg_id"].to_owned();
        let system = row["system"].to_owned();
        let (target, target_range) = unmark(row["target"]);
        let (source, source_range) = unmark(row["source"]);
        let s = match segment_at.get(&seg) {
            Some(s) => *s,
            None => {
                segment_at.insert(seg.clone(), segments.len());
                let mut fields = Map::new();
                fields.insert(map.source_field.clone(), json!(source));
                fields.insert("doc".to_owned(), json!(row["doc"]));
                fields.insert("doc_id".to_owned(), json!(row["doc_id"]));
                segments.push((seg.clone(), fields, Vec::new()));
                segments.len() - 1
            }
        };
        let outputs = &mut segments[s].2;
        match outputs.iter().find(|(id, _)| *id == system) {
            Some((_, known)) if *known != target => {
                out.problems.push(format!(
                    "{at}: system \"{system}\"'s translation of segment {seg} differs from its earlier rows'"
                ));
                continue;
            }
            Some(_) => {}
            None => outputs.push((system.clone(), target.clone())),
        }
        let key = (seg.clone(), row["rater"].to_owned());
        let r = match rated_at.get(&key) {
            Some(r) => *r,
            None => {
                rated_at.insert(key.clone(), rated.len());
                rated.push((key, Rated::default()));
                rated.len() - 1
            }
        };
        let answers = &mut rated[r].1;
        if !answers.outputs.contains(&system) {
            answers.outputs.push(system.clone());
        }
        answers.target.entry(system.clone()).or_default();
        let category = row["category"];
        if normal(category) == "no_error" || normal(row["severity"]) == "no_error" {
            continue;
        }
        // An error marked in the source (an omission) goes to the span control over it.
        let (control, text, range, spans) = match (source_range, target_range, map.source) {
            (Some(range), None, Some(c)) => (c, &source, Some(range), &mut answers.source),
            _ => (map.target, &target, target_range, &mut answers.target),
        };
        let Some(label) = label_of(control, category) else {
            // Said once per category, after the rows: one label is missing, not a row.
            unknown
                .entry((category.to_owned(), control.id().to_string()))
                .or_default()
                .push(line);
            continue;
        };
        let Some(value) = span(control, text, range, &at, &mut out.notes) else {
            out.problems
                .push(format!("{at}: the marked span covers no word"));
            continue;
        };
        let mut attributes = SortedMap::new();
        match severity_of(control, row["severity"]) {
            Some((a, v)) => {
                attributes.insert(a, v);
            }
            None => {
                out.problems.push(format!(
                    "{at}: the severity \"{}\" is no attribute value of \"{}\"",
                    row["severity"],
                    control.id()
                ));
                continue;
            }
        }
        spans.entry(system).or_default().push(LabelledSpanValue {
            label,
            text: value.text,
            start: value.start,
            end: value.end,
            start_utf16: value.start_utf16,
            end_utf16: value.end_utf16,
            first_word: value.first_word,
            last_word: value.last_word,
            attributes,
        });
    }
    for ((category, control), lines) in unknown {
        let shown: Vec<String> = lines.iter().take(3).map(|l| l.to_string()).collect();
        let more = lines.len().saturating_sub(shown.len());
        out.problems.push(format!(
            "the category \"{category}\" is no label of \"{control}\" ({} row(s): line {}{}): add {{\"value\": \"{category}\", \"label\": \"{category}\"}} to the labels of \"{control}\" in the spec",
            lines.len(),
            shown.join(", "),
            if more > 0 { format!(" and {more} more") } else { String::new() },
        ));
    }
    for (seg, mut fields, outputs) in segments {
        let list: Vec<Value> = outputs
            .iter()
            .map(|(id, text)| json!({"id": id, "text": text}))
            .collect();
        fields.insert(map.outputs.to_owned(), Value::Array(list));
        out.items.push(Item {
            id: seg,
            fields: fields.into_iter().collect(),
        });
    }
    for ((seg, rater), r) in rated {
        let mut answers = Map::new();
        let per_output = |spans: &SortedMap<String, Vec<LabelledSpanValue>>, all: bool| {
            let mut m = Map::new();
            for o in &r.outputs {
                let mut list = spans.get(o).cloned().unwrap_or_default();
                if list.is_empty() && !all {
                    continue;
                }
                list.sort_by_key(|s| (s.start, s.end));
                m.insert(
                    o.clone(),
                    json!({"spans": list, "nothing_to_mark": list.is_empty()}),
                );
            }
            m
        };
        answers.insert(
            map.target.id().to_string(),
            Value::Object(per_output(&r.target, true)),
        );
        if let Some(c) = map.source {
            let m = per_output(&r.source, false);
            if !m.is_empty() {
                answers.insert(c.id().to_string(), Value::Object(m));
            }
        }
        out.results.push(json!({
            "format": crate::result::RESULT_FORMAT,
            "spec": {"id": spec.id, "version": spec.version},
            "item_id": seg,
            "answers": answers,
            "shown": {"order": {map.outputs: r.outputs}},
            "ids": {"participant": rater},
        }));
    }
    out
}

/// The released TSV of collected results: a row per error of each output each result
/// answered (its span marked in the target, or in the source for the span control over it),
/// a `No-error` row for an output with none; categories and severities as the spec's values.
pub fn write(spec: &TaskSpec, items: &[Item], results: &[crate::result::ResultDoc]) -> String {
    let mut out = COLUMNS.join("\t") + "\n";
    let Ok(map) = Mapping::of(spec) else {
        return out;
    };
    let severity = |control: &Control, span: &LabelledSpanValue| -> String {
        control
            .labelled_spans()
            .and_then(|c| {
                c.attributes
                    .iter()
                    .find_map(|a| span.attributes.get(*a).cloned())
            })
            .unwrap_or_default()
    };
    let mark = |text: &str, s: &LabelledSpanValue| -> String {
        let chars: Vec<char> = text.chars().collect();
        let at = |n: usize| chars[..n.min(chars.len())].iter().collect::<String>();
        let start = at(s.start);
        let inside: String = chars[s.start.min(chars.len())..s.end.min(chars.len())]
            .iter()
            .collect();
        let after: String = chars[s.end.min(chars.len())..].iter().collect();
        format!("{start}<v>{inside}</v>{after}")
    };
    let by_id: std::collections::BTreeMap<&str, &Item> =
        items.iter().map(|i| (i.id.as_str(), i)).collect();
    for (n, r) in results.iter().enumerate() {
        let Some(item) = by_id.get(r.item_id.as_str()) else {
            continue;
        };
        let rater = super::findings::annotator(r, n);
        let source = item.text(&map.source_field).unwrap_or_default().to_owned();
        let doc = item.fields.get("doc").and_then(Value::as_str).unwrap_or("");
        let doc_id = item
            .fields
            .get("doc_id")
            .and_then(Value::as_str)
            .unwrap_or("");
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
        let target_spans = answered(map.target.id());
        let source_spans = map.source.map(|c| answered(c.id())).unwrap_or_default();
        for (output, spans) in &target_spans {
            let target = item
                .outputs(map.outputs)
                .into_iter()
                .find(|o| o.id == *output)
                .map(|o| o.text)
                .unwrap_or_default();
            let row = |src: &str, tgt: &str, category: &str, sev: &str| {
                [
                    output.as_str(),
                    doc,
                    doc_id,
                    &item.id,
                    &rater,
                    src,
                    tgt,
                    category,
                    sev,
                    "",
                ]
                .join("\t")
                    + "\n"
            };
            let from_source = source_spans.get(output).cloned().unwrap_or_default();
            if spans.is_empty() && from_source.is_empty() {
                out += &row(&source, &target, "No-error", "No-error");
            }
            for s in spans {
                out += &row(
                    &source,
                    &mark(&target, s),
                    &s.label,
                    &severity(map.target, s),
                );
            }
            if let Some(c) = map.source {
                for s in &from_source {
                    out += &row(&mark(&source, s), &target, &s.label, &severity(c, s));
                }
            }
        }
    }
    out
}
