//! Model suggestions imported from other tools into items of a spec: Label Studio tasks with
//! `predictions` (its JSON export), and spaCy / Prodigy JSON Lines (`{"text", "spans":
//! [{"start", "end", "label"}], "accept": [...]}`, as `spacy.training` and Prodigy write
//! them). Spans given by character offsets (Label Studio's count UTF-16 code units, as
//! JavaScript does; spaCy's count code points, as Python does) become spans of the control's
//! words; a span whose ends fall inside a word grows to the whole word, with a note.

use crate::item::Item;
use crate::spec::{Control, TaskSpec};
use crate::support::sorted_map::SortedMap;
use crate::text::Tokens;
use serde_json::{json, Map, Value};

/// The formats read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Label Studio's JSON export: tasks with `data` and `predictions`.
    LabelStudio,
    /// spaCy / Prodigy JSON Lines: `text`, `spans`, `accept`, `meta`.
    Spacy,
}

impl Format {
    /// Reads a format's name (`labelstudio`, `spacy`, `prodigy`).
    pub fn read(name: &str) -> Option<Format> {
        match name
            .to_ascii_lowercase()
            .replace(['-', '_', ' '], "")
            .as_str()
        {
            "labelstudio" | "ls" => Some(Format::LabelStudio),
            "spacy" | "prodigy" => Some(Format::Spacy),
            _ => None,
        }
    }
}

/// What an import made: the items (with their record's number, from 1), and notes and
/// problems naming the record.
#[derive(Debug, Default)]
pub struct Imported {
    /// The items made, with the number of the record each came from.
    pub items: Vec<(usize, Item)>,
    /// What was adjusted (a span grown to whole words).
    pub notes: Vec<String>,
    /// What could not be read (the record is left out).
    pub problems: Vec<String>,
}

use crate::task::span_positions::{words, Units};

/// Reads an import's text into items for the spec. `model` names the model when the file
/// does not (spaCy lines never do; Label Studio's `model_version` otherwise); `control` is the
/// span control spaCy's spans go to (default: the spec's only one, or the one over `text`).
pub fn import(
    spec: &TaskSpec,
    text: &str,
    format: Format,
    model: Option<&str>,
    control: Option<&str>,
) -> Imported {
    let mut out = Imported::default();
    let records: Vec<Value> = match format {
        Format::LabelStudio => match serde_json::from_str::<Value>(text) {
            Ok(Value::Array(tasks)) => tasks,
            Ok(task @ Value::Object(_)) => vec![task],
            Ok(_) => {
                out.problems
                    .push("a Label Studio export is a JSON list of tasks".to_owned());
                return out;
            }
            Err(e) => {
                out.problems.push(format!("not JSON: {e}"));
                return out;
            }
        },
        Format::Spacy => {
            let mut lines = Vec::new();
            for (n, line) in text
                .lines()
                .enumerate()
                .filter(|(_, l)| !l.trim().is_empty())
            {
                match serde_json::from_str::<Value>(line) {
                    Ok(v) => lines.push(v),
                    Err(e) => out.problems.push(format!("line {}: not JSON: {e}", n + 1)),
                }
            }
            lines
        }
    };
    for (n, record) in records.iter().enumerate() {
        let at = match format {
            Format::LabelStudio => format!("task {}", n + 1),
            Format::Spacy => format!("line {}", n + 1),
        };
        let made = match format {
            Format::LabelStudio => label_studio(spec, record, model, &at, &mut out.notes),
            Format::Spacy => spacy(spec, record, model, control, n, &at, &mut out.notes),
        };
        match made {
            Ok(item) => out.items.push((n + 1, item)),
            Err(e) => out.problems.push(format!("{at}: {e}")),
        }
    }
    fold_outputs(spec, &mut out, format);
    out
}

/// The outputs field of a section asked per output that a record gives one output's text in
/// (a string where the items hold a list of outputs), if any.
fn one_output_field<'s>(spec: &'s TaskSpec, item: &Item) -> Option<&'s str> {
    spec.sections().find_map(|(_, s)| {
        let field = s.outputs.as_ref()?.field.as_str();
        item.fields.get(field)?.is_string().then_some(field)
    })
}

/// Records that each give one output of an item (a Label Studio task with one text per output,
/// a spaCy / Prodigy line per output), made one item each: its outputs field the list of their
/// texts in the records' order, and each per-output suggestion keyed by output id, as the
/// items of a section asked per output hold them. A record says which item and output it is
/// by its id (`item/output`, as `glossa export` writes them) or by an `output` field.
fn fold_outputs(spec: &TaskSpec, out: &mut Imported, format: Format) {
    let mut folded: Vec<(usize, Item)> = Vec::new();
    for (n, mut record) in std::mem::take(&mut out.items) {
        let Some(field) = one_output_field(spec, &record) else {
            folded.push((n, record));
            continue;
        };
        let at = match format {
            Format::LabelStudio => format!("task {n}"),
            Format::Spacy => format!("line {n}"),
        };
        let named = record
            .fields
            .remove("output")
            .and_then(|v| v.as_str().map(str::to_owned));
        let (item, output) = match named {
            Some(o) => (record.id.clone(), o),
            None => match record.id.rsplit_once('/') {
                Some((i, o)) => (i.to_owned(), o.to_owned()),
                None => {
                    out.problems.push(format!(
                        "{at}: it gives one output's text in \"{field}\": say which item and output it is (the id \"item/output\", or an \"output\" field)"
                    ));
                    continue;
                }
            },
        };
        let text = record.fields.remove(field).unwrap_or_default();
        let suggested = record.fields.remove(crate::task::suggestions::FIELD);
        let at_item = match folded.iter().position(|(_, i)| i.id == item) {
            Some(k) => k,
            None => {
                record.id = item;
                record.fields.insert(field.to_owned(), json!([]));
                folded.push((n, record));
                folded.len() - 1
            }
        };
        let target = &mut folded[at_item].1;
        let outputs = target
            .fields
            .entry(field.to_owned())
            .or_insert_with(|| json!([]));
        if outputs
            .as_array()
            .is_some_and(|a| a.iter().any(|o| o["id"] == output.as_str()))
        {
            out.problems.push(format!(
                "{at}: item \"{}\" has output \"{output}\" already: each output once",
                target.id
            ));
            continue;
        }
        if let Some(list) = outputs.as_array_mut() {
            list.push(json!({"id": output, "text": text}));
        }
        // Each suggestion of a control asked per output, under the output's id.
        for (control, s) in suggested
            .as_ref()
            .and_then(Value::as_object)
            .into_iter()
            .flatten()
        {
            let all = target
                .fields
                .entry(crate::task::suggestions::FIELD.to_owned())
                .or_insert_with(|| json!({}));
            if spec.per_output(&control.as_str().into()).is_none() {
                all[control] = s.clone();
                continue;
            }
            let entry = &mut all[control];
            if entry.is_null() {
                *entry = json!({"model": s["model"], "answer": {}});
                if let Some(c) = s.get("confidence") {
                    entry["confidence"] = c.clone();
                }
            }
            entry["answer"][output.as_str()] = s["answer"].clone();
        }
    }
    out.items = folded;
}

/// A character range a tool labelled, with the values it gave the span's attributes.
pub(crate) struct Range {
    start: usize,
    end: usize,
    label: String,
    pub(crate) attributes: Map<String, Value>,
}

impl Range {
    pub(crate) fn new(start: usize, end: usize, label: String) -> Self {
        Range {
            start,
            end,
            label,
            attributes: Map::new(),
        }
    }
}

/// A span control's suggested spans from character ranges with their labels (and attributes).
pub(crate) fn spans(
    control: &Control,
    fields: &Map<String, Value>,
    ranges: &[Range],
    units: Units,
    at: &str,
    notes: &mut Vec<String>,
) -> Result<Value, String> {
    let out: Vec<Value> = range_spans(control, fields, ranges, units, at, notes)?
        .into_iter()
        .flatten()
        .collect();
    Ok(json!({ "spans": out }))
}

/// Each range's span (`None` for a range that covers no word, with a note), the text
/// tokenised once.
fn range_spans(
    control: &Control,
    fields: &Map<String, Value>,
    ranges: &[Range],
    units: Units,
    at: &str,
    notes: &mut Vec<String>,
) -> Result<Vec<Option<Value>>, String> {
    use crate::item::ItemFields;
    let Some(c) = control.labelled_spans() else {
        return Err(format!(
            "\"{}\" is not a labelled-span control: spans cannot go to it",
            control.id()
        ));
    };
    let text = fields
        .get(c.text_field)
        .and_then(Value::as_str)
        .ok_or_else(|| match fields.get(c.text_field) {
            // The item's whole list of outputs in one record: the shape that works is a record
            // per output.
            Some(Value::Array(_)) => format!(
                "\"{}\" marks each output of \"{}\" on its own, and this record holds the item's whole list: give one record (Label Studio task, spaCy line) per output, its \"{}\" that output's text and its id \"item/output\" (as `glossa export label-studio` writes them) or an \"output\" field",
                control.id(),
                c.text_field,
                c.text_field
            ),
            _ => format!(
                "no text in the field \"{}\" that \"{}\" marks",
                c.text_field,
                control.id()
            ),
        })?;
    let tokens = Tokens::with_units(
        text,
        crate::spec::each_control!(control, k => k.span_units()),
    );
    let mut out = Vec::new();
    for Range {
        start,
        end,
        label,
        attributes,
    } in ranges
    {
        let Some((first, last, exact)) = words(&tokens, text, *start, *end, units) else {
            notes.push(format!(
                "{at}: the span {start}–{end} ({label}) covers no word of the text; left out"
            ));
            out.push(None);
            continue;
        };
        if !exact {
            notes.push(format!(
                "{at}: the span {start}–{end} ({label}) ends inside a word; it is given as the whole words \"{}\"",
                tokens.covered(text, first, last)
            ));
        }
        let mut span = json!({"label": label, "words": [first, last]});
        if !attributes.is_empty() {
            span["attributes"] = Value::Object(attributes.clone());
        }
        out.push(Some(span));
    }
    Ok(out)
}

/// A span control's suggested spans, as [`spans`] makes them, and each range's span as a link
/// end names it (`{"label", "words"}`; `None` for a range that covers no word): the same span
/// twice is suggested once.
pub(crate) fn spans_and_ends(
    control: &Control,
    fields: &Map<String, Value>,
    ranges: &[Range],
    units: Units,
    at: &str,
    notes: &mut Vec<String>,
) -> Result<(Value, Vec<Option<Value>>), String> {
    let (mut marked, mut ends) = (Vec::<Value>::new(), Vec::new());
    for made in range_spans(control, fields, ranges, units, at, notes)? {
        let Some(span) = made else {
            ends.push(None);
            continue;
        };
        let end = json!({"label": span["label"], "words": span["words"]});
        if !marked
            .iter()
            .any(|m| m["label"] == end["label"] && m["words"] == end["words"])
        {
            marked.push(span);
        }
        ends.push(Some(end));
    }
    Ok((json!({ "spans": marked }), ends))
}

/// A Label Studio region's offsets in UTF-16 code units. Label Studio has counted them in
/// UTF-16 units (JavaScript's string indices) and, in some versions, in code points (Python's,
/// as `glossa export label-studio` writes them); where the region gives its text, the offsets
/// are read in the unit in which they slice that text out of the item's, else as UTF-16.
fn utf16_offsets(
    control: &Control,
    fields: &Map<String, Value>,
    start: usize,
    end: usize,
    said: Option<&str>,
) -> (usize, usize) {
    let text = control
        .labelled_spans()
        .and_then(|c| fields.get(c.text_field))
        .and_then(Value::as_str);
    let (Some(text), Some(said)) = (text, said) else {
        return (start, end);
    };
    let by_points: String = text
        .chars()
        .skip(start)
        .take(end.saturating_sub(start))
        .collect();
    if by_points != said {
        return (start, end);
    }
    let units = |n: usize| text.chars().take(n).map(char::len_utf16).sum::<usize>();
    (units(start), units(end))
}

/// The region (its control and place) that a per-region result gives an attribute of: its `id`
/// is a labelled region's, and its `from_name` one of that control's attributes.
fn region_attribute<'r>(
    spec: &TaskSpec,
    r: &Value,
    from: &str,
    regions: &'r SortedMap<String, (String, usize)>,
) -> Option<(&'r String, usize)> {
    let (control, n) = regions.get(r.get("id")?.as_str()?)?;
    let c = spec.control(&control.as_str().into())?;
    c.labelled_spans()?
        .attributes
        .contains(&from)
        .then_some((control, *n))
}

/// A per-region attribute's value: its choice, or its text.
fn attribute_value(r: &Value) -> Value {
    let v = &r["value"];
    match (v["choices"].get(0), v["text"].as_array()) {
        (Some(choice), _) => choice.clone(),
        (None, Some(lines)) => json!(lines
            .iter()
            .filter_map(Value::as_str)
            .collect::<Vec<_>>()
            .join("\n")),
        _ => v["text"].clone(),
    }
}

/// A choice control's suggested answer from the options a tool chose.
fn choices(control: &Control, chosen: &[String]) -> Result<Value, String> {
    if control.categories().is_none() {
        return Err(format!(
            "\"{}\" is not a choice: options cannot go to it",
            control.id()
        ));
    }
    if control.several_categories() {
        return Ok(json!(chosen));
    }
    match chosen {
        [one] => Ok(json!(one)),
        _ => Err(format!(
            "\"{}\" takes one option; the suggestion has {}",
            control.id(),
            chosen.len()
        )),
    }
}

/// One Label Studio task: its `data` become the item's fields, its first prediction the
/// suggestions (each result to the control its `from_name` names).
fn label_studio(
    spec: &TaskSpec,
    task: &Value,
    model: Option<&str>,
    at: &str,
    notes: &mut Vec<String>,
) -> Result<Item, String> {
    let data = task
        .get("data")
        .and_then(Value::as_object)
        .ok_or("no \"data\" object")?;
    let mut fields = data.clone();
    // (`item_id`: as `glossa export label-studio` names a task's item.)
    let id = match (
        data.get("item_id").or_else(|| data.get("id")),
        task.get("id"),
    ) {
        (Some(Value::String(s)), _) => s.clone(),
        (Some(v @ Value::Number(_)), _) | (None, Some(v @ Value::Number(_))) => v.to_string(),
        (None, Some(Value::String(s))) => s.clone(),
        _ => return Err("no id (the task's \"id\" or data's \"id\")".to_owned()),
    };
    fields.remove("id");
    fields.remove("item_id");
    let prediction = task
        .get("predictions")
        .and_then(Value::as_array)
        .and_then(|p| p.first());
    let mut suggestions = Map::new();
    if let Some(p) = prediction {
        let name = p
            .get("model_version")
            .and_then(Value::as_str)
            .filter(|s| !s.is_empty())
            .or(model)
            .ok_or("the prediction names no model_version: give one with --model")?;
        let mut ranges: SortedMap<String, Vec<Range>> = SortedMap::new();
        // A region's id → its control and its place in `ranges` (for its attributes).
        let mut regions: SortedMap<String, (String, usize)> = SortedMap::new();
        let results: Vec<&Value> = p
            .get("result")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .collect();
        // The regions first, then what refers to them (a per-region choice or text).
        let is_region =
            |r: &Value| matches!(r["type"].as_str(), Some("labels" | "hypertextlabels"));
        let (labelled, rest): (Vec<&Value>, Vec<&Value>) =
            results.into_iter().partition(|r| is_region(r));
        // Label Studio's relations: `(from_id, to_id, direction, labels)`, read once the
        // regions are spans.
        let mut related: Vec<&Value> = Vec::new();
        for r in labelled.into_iter().chain(rest) {
            if r["type"] == "relation" {
                related.push(r);
                continue;
            }
            let from = r
                .get("from_name")
                .and_then(Value::as_str)
                .unwrap_or_default();
            if spec.control(&from.into()).is_none() {
                if let Some(a) = region_attribute(spec, r, from, &regions) {
                    let (control, n) = a;
                    if let Some(range) = ranges.get_mut(control).and_then(|l| l.get_mut(n)) {
                        range.attributes.insert(from.to_owned(), attribute_value(r));
                        continue;
                    }
                }
            }
            let control = spec.control(&from.into()).ok_or_else(|| {
                format!("the prediction's from_name \"{from}\" is no control of the spec")
            })?;
            let value = r.get("value").cloned().unwrap_or_default();
            let strings = |key: &str| -> Vec<String> {
                value
                    .get(key)
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten()
                    .filter_map(|v| v.as_str().map(str::to_owned))
                    .collect()
            };
            let answer = match r.get("type").and_then(Value::as_str).unwrap_or_default() {
                "labels" | "hypertextlabels" => {
                    let (Some(start), Some(end)) = (value.get("start").and_then(Value::as_u64), value.get("end").and_then(Value::as_u64)) else {
                        return Err(format!("a span of \"{from}\" has no start and end offsets"));
                    };
                    let (start, end) = utf16_offsets(control, &fields, start as usize, end as usize, value.get("text").and_then(Value::as_str));
                    for label in strings("labels") {
                        let list = ranges.entry(from.to_owned()).or_default();
                        if let Some(id) = r.get("id").and_then(Value::as_str) {
                            regions.insert(id.to_owned(), (from.to_owned(), list.len()));
                        }
                        list.push(Range::new(start, end, label));
                    }
                    continue;
                }
                "choices" => choices(control, &strings("choices"))?,
                "rating" | "number" => value.get(if r["type"] == "rating" { "rating" } else { "number" }).cloned().unwrap_or_default(),
                "textarea" => json!(strings("text").join("\n")),
                other => return Err(format!("results of type \"{other}\" are not read; give labels, choices, rating, number or textarea")),
            };
            suggestions.insert(from.to_owned(), json!({"model": name, "answer": answer}));
        }
        let mut ends: SortedMap<String, Vec<Option<Value>>> = SortedMap::new();
        for (from, list) in &ranges {
            let control = spec.control(&from.as_str().into()).ok_or("unreachable")?;
            let (answer, each) = spans_and_ends(control, &fields, list, Units::Utf16, at, notes)?;
            suggestions.insert(from.clone(), json!({"model": name, "answer": answer}));
            ends.insert(from.clone(), each);
        }
        for (control, links) in relations(spec, &related, &regions, &ends, at, notes)? {
            suggestions.insert(control, json!({"model": name, "answer": {"links": links}}));
        }
        // A prediction with no result: the model found nothing to mark, which is a suggestion
        // too (to the spec's one labelled-span control).
        if p.get("result")
            .and_then(Value::as_array)
            .is_none_or(Vec::is_empty)
        {
            let marking: Vec<&Control> = spec
                .controls
                .iter()
                .filter(|c| c.labelled_spans().is_some())
                .collect();
            match marking.as_slice() {
                [c] => {
                    let answer = spans(c, &fields, &[], Units::Utf16, at, notes)?;
                    suggestions.insert(c.id().to_string(), json!({"model": name, "answer": answer}));
                }
                _ => notes.push(format!(
                    "{at}: the prediction marks nothing, and the spec has {} labelled-span controls: no suggestion made",
                    marking.len()
                )),
            }
        }
        if let Some(score) = p.get("score").filter(|s| s.is_number()) {
            for s in suggestions.values_mut() {
                s["confidence"] = score.clone();
            }
        }
    }
    Ok(with_suggestions(id, fields, suggestions))
}

/// Label Studio's relation results as links, by the relations control over their regions'
/// span control: each label of a relation a link of that type, from the `from_id` region to
/// the `to_id` one (the other way round for `direction: left`).
fn relations(
    spec: &TaskSpec,
    related: &[&Value],
    regions: &SortedMap<String, (String, usize)>,
    ends: &SortedMap<String, Vec<Option<Value>>>,
    at: &str,
    notes: &mut Vec<String>,
) -> Result<SortedMap<String, Vec<Value>>, String> {
    let mut out: SortedMap<String, Vec<Value>> = SortedMap::new();
    for r in related {
        let region = |key: &str| {
            let id = r[key].as_str()?;
            let (control, n) = regions.get(id)?;
            Some((control, ends.get(control)?.get(*n)?.as_ref()))
        };
        let (Some((control, from)), Some((other, to))) = (region("from_id"), region("to_id"))
        else {
            return Err(format!(
                "a relation's from_id or to_id ({}, {}) is no region of a labelled-span control",
                r["from_id"], r["to_id"]
            ));
        };
        // The control whose answer refers to the span control's (its links).
        let linking = spec.controls.iter().find(|c| {
            use crate::item::ItemFields;
            crate::spec::each_control!(c, k => k.linked_control())
                .is_some_and(|to| to.as_str() == control.as_str())
        });
        let Some(links) = linking.filter(|_| control == other) else {
            return Err(format!("a relation links regions of \"{control}\" and \"{other}\": the spec has no relations control over them"));
        };
        let (Some(from), Some(to)) = (from, to) else {
            notes.push(format!(
                "{at}: a relation's region covers no word; the relation is left out"
            ));
            continue;
        };
        let (head, tail) = if r["direction"] == "left" {
            (to, from)
        } else {
            (from, to)
        };
        let labels = r["labels"].as_array().filter(|l| !l.is_empty());
        let Some(labels) = labels else {
            notes.push(format!(
                "{at}: a relation has no label, and \"{}\" needs its type; left out",
                links.id()
            ));
            continue;
        };
        for label in labels {
            out.entry(links.id().to_string())
                .or_default()
                .push(json!({"label": label, "head": head, "tail": tail}));
        }
    }
    Ok(out)
}

/// The keys of a spaCy line's `meta` that name the item or describe the annotation (as `glossa
/// export spacy` writes them), not fields of the item.
const META_OF_THE_ANNOTATION: [&str; 4] = ["id", "item_id", "annotator", "nothing_to_mark"];

/// One spaCy / Prodigy line: `text` (and `meta`'s fields), `spans` to the span control, and
/// Prodigy's `accept` (the options chosen) to the spec's choice control.
fn spacy(
    spec: &TaskSpec,
    line: &Value,
    model: Option<&str>,
    control: Option<&str>,
    n: usize,
    at: &str,
    notes: &mut Vec<String>,
) -> Result<Item, String> {
    let model = model.ok_or("spaCy lines name no model: give one with --model")?;
    let text = line
        .get("text")
        .and_then(Value::as_str)
        .ok_or("no \"text\"")?;
    let meta = line.get("meta").and_then(Value::as_object);
    let id = meta
        .and_then(|m| m.get("item_id").or_else(|| m.get("id")))
        .or_else(|| line.get("id"))
        .map(|v| v.as_str().map_or_else(|| v.to_string(), str::to_owned))
        .unwrap_or_else(|| format!("{}", n + 1));
    let span_control = spec
        .controls
        .iter()
        .filter(|c| c.labelled_spans().is_some());
    let span_control: Vec<&Control> = match control {
        Some(id) => spec
            .controls
            .iter()
            .filter(|c| c.id().as_str() == id)
            .collect(),
        None => span_control.collect(),
    };
    let mut fields = Map::new();
    if let Some(m) = meta {
        for (k, v) in m
            .iter()
            .filter(|(k, _)| !META_OF_THE_ANNOTATION.contains(&k.as_str()))
        {
            fields.insert(k.clone(), v.clone());
        }
    }
    let mut suggestions = Map::new();
    let found: Vec<Range> = line
        .get("spans")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|s| {
            let mut range = Range::new(
                s.get("start")?.as_u64()? as usize,
                s.get("end")?.as_u64()? as usize,
                s.get("label")?.as_str()?.to_owned(),
            );
            // (A span's attributes, as `glossa export spacy` writes them.)
            if let Some(a) = s.get("attributes").and_then(Value::as_object) {
                range.attributes.clone_from(a);
            }
            Some(range)
        })
        .collect();
    if line.get("spans").is_some() {
        let [c] = span_control.as_slice() else {
            return Err("the spec has no single labelled-span control for the spans: name one with --control".to_owned());
        };
        let Some(sl) = c.labelled_spans() else {
            return Err(format!("\"{}\" is not a labelled-span control", c.id()));
        };
        fields.insert(sl.text_field.to_owned(), json!(text));
        let answer = spans(c, &fields, &found, Units::CodePoints, at, notes)?;
        suggestions.insert(
            c.id().to_string(),
            json!({"model": model, "answer": answer}),
        );
    } else {
        fields.insert("text".to_owned(), json!(text));
    }
    if let Some(accept) = line.get("accept").and_then(Value::as_array) {
        let chosen: Vec<String> = accept
            .iter()
            .filter_map(|v| v.as_str().map(str::to_owned))
            .collect();
        let choice: Vec<&Control> = spec
            .controls
            .iter()
            .filter(|c| c.categories().is_some())
            .collect();
        let [c] = choice.as_slice() else {
            return Err("the line's \"accept\" needs the spec's one choice control".to_owned());
        };
        suggestions.insert(
            c.id().to_string(),
            json!({"model": model, "answer": choices(c, &chosen)?}),
        );
    }
    Ok(with_suggestions(id, fields, suggestions))
}

/// An imported item: its fields, and the model's suggestions (when it made any) under the
/// items' suggestions field.
fn with_suggestions(
    id: String,
    mut fields: Map<String, Value>,
    suggestions: Map<String, Value>,
) -> Item {
    // (Suggestions the record carries among the item's fields — an export of items that had
    // another model's — are not this model's: the file's own are.)
    fields.remove(crate::task::suggestions::FIELD);
    if !suggestions.is_empty() {
        fields.insert(
            crate::task::suggestions::FIELD.to_owned(),
            Value::Object(suggestions),
        );
    }
    Item {
        id,
        fields: fields.into_iter().collect(),
    }
}
