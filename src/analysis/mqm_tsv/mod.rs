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
use crate::support::sorted_map::SortedMap;
use crate::task::span_positions::{words, Units};
use crate::text::Tokens;
use serde_json::{json, Map, Value};

mod columns;
mod write;

use crate::result::imported::{Imported, ImportedRow, ImportedSpan};
use columns::{unmark, Said};
pub use columns::{COLUMNS, NEEDED};
pub use write::write;

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
        Some((start, end)) => match words(&tokens, text, start, end, Units::CodePoints) {
            Some((first, last, exact)) => {
                if !exact {
                    notes.push(format!(
                        "{at}: the marked span ends inside a word: the answer holds the whole words \"{}\" (and the marked characters, for the export)",
                        tokens.covered(text, first, last)
                    ));
                }
                (first, last)
            }
            None => {
                // Only white space marked, or nothing (a space too many, one missing): the
                // words either side of it.
                let (first, last) = beside(&tokens, text, start, end)?;
                notes.push(format!(
                    "{at}: the marked span is white space or empty: the answer holds the words beside it, \"{}\" (and the marked characters, for the export)",
                    tokens.covered(text, first, last)
                ));
                (first, last)
            }
        },
        None => (0, words_count - 1),
    };
    SpanValue::of(text, &tokens, &WordSpan { first, last })
}

/// The words either side of a range of code points that covers none: the last word before
/// it and the first after (one of them at a text's edge); `None` for a text without words.
fn beside(tokens: &Tokens, text: &str, start: usize, end: usize) -> Option<(usize, usize)> {
    let utf16 = |n: usize| text.chars().take(n).map(char::len_utf16).sum::<usize>();
    let (start, end) = (utf16(start), utf16(end));
    let count = tokens.word_count();
    let before = (0..count)
        .rev()
        .find(|&i| tokens.word(i).is_some_and(|w| w.utf16.1 <= start));
    let after = (0..count).find(|&i| tokens.word(i).is_some_and(|w| w.utf16.0 >= end));
    match (before, after) {
        (Some(b), Some(a)) => Some((b, a)),
        (Some(w), None) | (None, Some(w)) => Some((w, w)),
        (None, None) => None,
    }
}

/// One (segment, rater)'s answers as they are gathered: per output, its spans over the
/// translation and over the source, and the rows they came from.
#[derive(Default)]
struct Rated {
    outputs: Vec<String>,
    target: SortedMap<String, Vec<LabelledSpanValue>>,
    source: SortedMap<String, Vec<LabelledSpanValue>>,
    rows: Vec<ImportedRow>,
}

/// A segment as its first row gave it: its id, its fields (source, doc, doc_id) and its
/// outputs' texts.
struct Segment {
    id: String,
    fields: Map<String, Value>,
    outputs: Vec<(String, String)>,
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
    let (header, rows, problems) = columns::rows(text);
    out.problems = problems;
    // Segments in the order they first appear.
    let mut segments: Vec<Segment> = Vec::new();
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
        let (target, target_range, target_open) = unmark(&row["target"]);
        let (source, source_range, source_open) = unmark(&row["source"]);
        if target_open || source_open {
            out.notes.push(format!(
                "{at}: a <v> without its </v>: read as an error of the whole text, written back as it was"
            ));
        }
        let s = match segment_at.get(&seg) {
            Some(s) => *s,
            None => {
                segment_at.insert(seg.clone(), segments.len());
                let mut fields = Map::new();
                fields.insert(map.source_field.clone(), json!(source));
                fields.insert("doc".to_owned(), json!(row["doc"]));
                fields.insert("doc_id".to_owned(), json!(row["doc_id"]));
                segments.push(Segment {
                    id: seg.clone(),
                    fields,
                    outputs: Vec::new(),
                });
                segments.len() - 1
            }
        };
        let outputs = &mut segments[s].outputs;
        match outputs.iter().find(|(id, _)| *id == system) {
            // White space at the end that the segment's other rows lack (a mark taking in a
            // space after the text) is the same text; the row's cell is kept as written.
            Some((_, known)) if *known != target && known.trim_end() != target.trim_end() => {
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
        let category = &row["category"];
        let segment = &segments[s];
        let known_target = segment
            .outputs
            .iter()
            .find(|(id, _)| *id == system)
            .map_or("", |(_, t)| t.as_str());
        let known_source = segment
            .fields
            .get(&map.source_field)
            .and_then(Value::as_str)
            .unwrap_or("");
        // The row as the answers will give it back: the cells that differ are kept.
        let mut said = Said {
            system: &system,
            doc: segment.fields["doc"].as_str().unwrap_or(""),
            doc_id: segment.fields["doc_id"].as_str().unwrap_or(""),
            seg_id: &seg,
            rater: &row["rater"],
            source: known_source.to_owned(),
            target: known_target.to_owned(),
            category: NO_ERROR,
            severity: NO_ERROR,
        };
        let mut record = ImportedRow {
            line,
            output: system.clone(),
            span: None,
            cells: SortedMap::new(),
        };
        let keep = |record: &mut ImportedRow, said: &Said| {
            for (name, cell) in &row.kept {
                if !cell.is_empty() {
                    record.cells.insert(name.clone(), cell.to_string());
                }
            }
            for name in &header.names {
                if let Some(m) = columns::meaning(name) {
                    if said.cell(m) != &row[m] {
                        record.cells.insert(name.clone(), row[m].to_owned());
                    }
                }
            }
        };
        if normal(category) == "no_error" || normal(&row["severity"]) == "no_error" {
            keep(&mut record, &said);
            answers.rows.push(record);
            continue;
        }
        // An error marked in the source (an omission) goes to the span control over it.
        let (control, text, range, spans, on_source) =
            match (source_range, target_range, map.source) {
                (Some(range), None, Some(c)) => {
                    (c, &source, Some(range), &mut answers.source, true)
                }
                _ => (
                    map.target,
                    &target,
                    target_range,
                    &mut answers.target,
                    false,
                ),
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
        match severity_of(control, &row["severity"]) {
            Some((a, v)) => {
                attributes.insert(a, v);
            }
            None => {
                out.problems.push(format!(
                    "{at}: the severity \"{}\" is no attribute value of \"{}\"",
                    &row["severity"],
                    control.id()
                ));
                continue;
            }
        }
        let labelled = LabelledSpanValue::new(label, value, attributes);
        let exact = range.unwrap_or((labelled.start, labelled.end));
        let imported = ImportedSpan {
            control: control.id().to_string(),
            label: labelled.label.clone(),
            start: labelled.start,
            end: labelled.end,
            marked: (range.is_some() && exact != (labelled.start, labelled.end))
                .then_some([exact.0, exact.1]),
            unmarked: range.is_none(),
        };
        let written = imported.written();
        if on_source {
            said.source = columns::marked(known_source, written);
        } else {
            said.target = columns::marked(known_target, written);
        }
        said.category = &labelled.label;
        let severity = write::severity(control, &labelled);
        said.severity = &severity;
        keep(&mut record, &said);
        record.span = Some(imported);
        answers.rows.push(record);
        spans.entry(system).or_default().push(labelled);
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
    for Segment {
        id,
        mut fields,
        outputs,
    } in segments
    {
        let list: Vec<Value> = outputs
            .iter()
            .map(|(id, text)| json!({"id": id, "text": text}))
            .collect();
        fields.insert(map.outputs.to_owned(), Value::Array(list));
        out.items.push(Item {
            id,
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
        let imported = Imported {
            format: "mqm-tsv".to_owned(),
            header: header.line.clone(),
            quoted: header.quoted,
            rows: r.rows,
        };
        out.results.push(json!({
            "format": crate::result::RESULT_FORMAT,
            "spec": {"id": spec.id, "version": spec.version},
            "item_id": seg,
            "answers": answers,
            "shown": {"order": {map.outputs: r.outputs}},
            "ids": {"participant": rater},
            "imported": imported,
        }));
    }
    out
}

/// The category and severity of a row that marks no error.
const NO_ERROR: &str = "No-error";

impl ImportedSpan {
    /// The characters the row marked, `None` when it marked none.
    fn written(&self) -> Option<(usize, usize)> {
        if self.unmarked {
            return None;
        }
        Some(self.marked.map_or((self.start, self.end), |[a, b]| (a, b)))
    }
}
