//! Studies to and from brat's standoff documents (a `.txt` and its `.ann`): documents read as
//! items with a model's suggestions (`glossa items DIR --from brat`: `T` lines a span control's
//! spans, `A` lines and `#` notes their attributes, `R` lines and `*` equivalences the links of
//! the relations control over those spans), and results written as documents
//! (`glossa export brat`), with the `annotation.conf` brat needs to open them.
//!
//! Offsets are brat's: code points of the `.txt`, end exclusive. A line Glossa cannot hold (an
//! event, a label or type the spec lacks, a binary attribute) is left out with a note naming it.

use crate::kinds::relations::relations_over;
use crate::study::brat::{self, Line, Standoff};
use crate::study::import::{spans_and_ends, Imported, Range};
use crate::analysis::findings::annotator;
use crate::answer::LabelledSpanValue;
use crate::item::Item;
use crate::kinds::relations::spec::{LinkShape, RelationsControl};
use crate::result::ResultDoc;
use crate::spec::{SpanLabels, TaskSpec};
use crate::support::sorted_map::SortedMap;
use crate::task::span_positions::Units;
use serde_json::{json, Map, Value};

/// One brat document: its name (the files' path without `.txt` / `.ann`), text and standoff.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Doc {
    /// The files' shared name, e.g. `news/060-relation_annotation`.
    pub name: String,
    /// The `.txt`.
    pub text: String,
    /// The `.ann`.
    pub ann: String,
}

/// Items from brat documents, one per document (its name the item's id, its text the span
/// control's field), each with `model`'s suggestions for the span control and the relations
/// control over it.
pub fn import(spec: &TaskSpec, c: &SpanLabels, docs: &[Doc], model: &str) -> Imported {
    let mut out = Imported::default();
    let control = spec.control(&c.id).expect("the span control is the spec's");
    let relations = relations_over(spec, &c.id);
    for (n, doc) in docs.iter().enumerate() {
        let at = format!("{}.ann", doc.name);
        let ann = brat::read(&doc.ann);
        let (ranges, ids) = text_bound(c, &ann, &at, &mut out.notes);
        let mut fields = Map::new();
        fields.insert(c.text_field.to_string(), json!(doc.text));
        let (answer, each) = match spans_and_ends(
            control,
            &fields,
            &ranges,
            Units::CodePoints,
            &at,
            &mut out.notes,
        ) {
            Ok(made) => made,
            Err(e) => {
                out.problems.push(format!("{at}: {e}"));
                continue;
            }
        };
        // Each `T` id → its span as a link end names it.
        let ends: SortedMap<String, Value> = ids
            .iter()
            .zip(each)
            .filter_map(|(id, end)| Some((id.clone(), end?)))
            .collect();
        let mut suggestions = Map::new();
        suggestions.insert(c.id.to_string(), json!({"model": model, "answer": answer}));
        match relations {
            Some(r) => {
                let links = links(r, &ann, &ends, &at, &mut out.notes);
                suggestions.insert(
                    r.id.to_string(),
                    json!({"model": model, "answer": {"links": links}}),
                );
            }
            None => {
                for line in &ann.lines {
                    if matches!(line, Line::Relation { .. } | Line::Equiv { .. }) {
                        out.notes.push(format!(
                            "{at}: \"{}\" left out: the spec has no relations control over \"{}\"",
                            brat::written(line).trim_end(),
                            c.id
                        ));
                    }
                }
            }
        }
        fields.insert(
            crate::task::suggestions::FIELD.to_owned(),
            Value::Object(suggestions),
        );
        out.items.push((
            n + 1,
            Item {
                id: doc.name.clone(),
                fields: fields.into_iter().collect(),
            },
        ));
    }
    out
}

/// The `T` lines of the control's labels as ranges (their attributes from `A` and `#` lines),
/// with each one's id; the other lines that qualify spans noted as left out.
fn text_bound(
    c: &SpanLabels,
    ann: &Standoff,
    at: &str,
    notes: &mut Vec<String>,
) -> (Vec<Range>, Vec<String>) {
    let (mut ranges, mut ids) = (Vec::new(), Vec::<String>::new());
    let left_out = |line: &Line, why: String| {
        format!(
            "{at}: \"{}\" left out: {why}",
            brat::written(line).trim_end()
        )
    };
    for line in &ann.lines {
        let Line::Text {
            id,
            label,
            fragments,
            ..
        } = line
        else {
            continue;
        };
        if !c.labels.iter().any(|l| l.value.as_str() == label) {
            notes.push(left_out(
                line,
                format!("\"{label}\" is not a label of \"{}\"", c.id),
            ));
            continue;
        }
        let (Some(first), Some(last)) = (fragments.first(), fragments.last()) else {
            continue;
        };
        if fragments.len() > 1 {
            notes.push(format!(
                "{at}: {id}'s fragments are given as one span, {}–{}",
                first.0, last.1
            ));
        }
        ranges.push(Range::new(first.0, last.1, label.clone()));
        ids.push(id.clone());
    }
    for line in &ann.lines {
        let (target, name, value) = match line {
            Line::Event { .. } => {
                notes.push(left_out(
                    line,
                    "an event (Glossa holds spans and the links between them)".to_owned(),
                ));
                continue;
            }
            Line::Normalization { .. } => {
                notes.push(left_out(
                    line,
                    "a normalization (a span holds attributes, not references)".to_owned(),
                ));
                continue;
            }
            Line::Attribute {
                target,
                name,
                value: Some(v),
                ..
            } => (target, name, v),
            Line::Note {
                target,
                label,
                text,
                ..
            } => (target, label, text),
            Line::Attribute { .. } => {
                notes.push(left_out(
                    line,
                    "a binary attribute has no value a span attribute can hold".to_owned(),
                ));
                continue;
            }
            _ => continue,
        };
        let known = c.attributes.iter().find(|a| &a.id == name);
        match (ids.iter().position(|i| i == target), known) {
            (Some(k), Some(_)) => {
                ranges[k].attributes.insert(name.clone(), json!(value));
            }
            (Some(_), None) => notes.push(left_out(
                line,
                format!("\"{name}\" is not an attribute of \"{}\"", c.id),
            )),
            // An attribute of a relation: the links read it.
            (None, _) if target.starts_with('R') && matches!(line, Line::Attribute { .. }) => {}
            (None, _) => notes.push(left_out(
                line,
                format!("{target} is not a span of \"{}\"", c.id),
            )),
        }
    }
    (ranges, ids)
}

/// The links the `R` lines and `*` equivalences make, for the control's types (a chain's
/// members linked each to the next).
fn links(
    r: &RelationsControl,
    ann: &Standoff,
    ends: &SortedMap<String, Value>,
    at: &str,
    notes: &mut Vec<String>,
) -> Vec<Value> {
    let mut out = Vec::new();
    for line in &ann.lines {
        let mut attributes = Map::new();
        let (label, pairs): (&String, Vec<(&String, &String)>) = match line {
            Line::Relation { id, label, args, .. } => match args.as_slice() {
                [(_, a), (_, b)] => {
                    attributes = link_attributes(r, &ann.lines, id, label, at, notes);
                    (label, vec![(a, b)])
                }
                _ => {
                    notes.push(format!(
                        "{at}: \"{}\" left out: a link has two ends",
                        brat::written(line).trim_end()
                    ));
                    continue;
                }
            },
            Line::Equiv { label, members, .. } => {
                (label, members.iter().zip(members.iter().skip(1)).collect())
            }
            _ => continue,
        };
        let chain = matches!(line, Line::Equiv { .. });
        let fits = r
            .types
            .iter()
            .find(|t| t.value.as_str() == label)
            .map(|t| (t.shape == LinkShape::Chain) == chain);
        if fits != Some(true) {
            let why = match fits {
                None => format!("\"{label}\" is not a type of \"{}\"", r.id),
                Some(_) if chain => format!("\"{label}\" is not a chain type of \"{}\"", r.id),
                Some(_) => format!(
                    "\"{label}\" is a chain type of \"{}\": brat gives chains as `*` lines",
                    r.id
                ),
            };
            notes.push(format!(
                "{at}: \"{}\" left out: {why}",
                brat::written(line).trim_end()
            ));
            continue;
        }
        for (a, b) in pairs {
            match (ends.get(a), ends.get(b)) {
                (Some(head), Some(tail)) if attributes.is_empty() => {
                    out.push(json!({"label": label, "head": head, "tail": tail}))
                }
                (Some(head), Some(tail)) => out.push(
                    json!({"label": label, "head": head, "tail": tail, "attributes": attributes}),
                ),
                _ => notes.push(format!(
                    "{at}: \"{}\" left out: {a} or {b} is not a span of \"{}\"",
                    brat::written(line).trim_end(),
                    r.spans
                )),
            }
        }
    }
    out
}

/// The `A` lines on relation `id` (of type `label`) the relations control can hold, as a
/// link's attributes; the others noted as left out.
fn link_attributes(
    r: &RelationsControl,
    lines: &[Line],
    id: &str,
    label: &str,
    at: &str,
    notes: &mut Vec<String>,
) -> Map<String, Value> {
    let mut out = Map::new();
    for line in lines {
        let Line::Attribute { target, name, value, .. } = line else {
            continue;
        };
        if target != id {
            continue;
        }
        let value = value.as_deref().unwrap_or_default();
        match r.attribute_problem(label, name, value) {
            None => {
                out.insert(name.clone(), json!(value));
            }
            Some(why) => notes.push(format!(
                "{at}: \"{}\" left out: {why}",
                brat::written(line).trim_end()
            )),
        }
    }
    out
}

/// Each result as a brat document, named `<item>.<annotator>` (characters a file name should
/// not hold made `_`): the span control's spans as `T` lines (a span across a line break in
/// fragments, as brat writes it), their attributes as `A` lines (a free-text one as a `#`
/// note), and the relations control's links as `R` lines and its chains as `*` lines.
pub fn export(
    c: &SpanLabels,
    relations: Option<&RelationsControl>,
    items: &[Item],
    results: &[ResultDoc],
) -> Vec<Doc> {
    let mut out = Vec::new();
    for (n, r) in results.iter().enumerate() {
        let (Some(item), Some(v)) = (
            items.iter().find(|i| i.id == r.item_id),
            r.answers.get(&c.id).and_then(|a| a.span_labels()),
        ) else {
            continue;
        };
        let text = item.text(c.text_field.as_str()).unwrap_or_default();
        let mut lines = Vec::new();
        let (mut attributes, mut notes) = (0, 0);
        for (k, s) in v.spans.iter().enumerate() {
            let id = format!("T{}", k + 1);
            let fragments = fragments(text, s.start, s.end);
            let shown: Vec<String> = fragments
                .iter()
                .map(|&(a, b)| text.chars().skip(a).take(b - a).collect())
                .collect();
            lines.push(Line::Text {
                id: id.clone(),
                label: s.label.clone(),
                fragments,
                text: shown.join(" "),
            });
            for (name, value) in &s.attributes {
                let free = c
                    .attributes
                    .iter()
                    .any(|a| &a.id == name && a.values.is_empty());
                lines.push(if free {
                    notes += 1;
                    Line::Note {
                        id: format!("#{notes}"),
                        label: name.clone(),
                        target: id.clone(),
                        text: value.clone(),
                    }
                } else {
                    attributes += 1;
                    Line::Attribute {
                        id: format!("A{attributes}"),
                        name: name.clone(),
                        target: id.clone(),
                        value: Some(value.clone()),
                        tail: String::new(),
                    }
                });
            }
        }
        let t = |s: &LabelledSpanValue| {
            v.spans
                .iter()
                .position(|x| (&x.label, x.start, x.end) == (&s.label, s.start, s.end))
                .map(|k| format!("T{}", k + 1))
        };
        if let Some(rv) =
            relations.and_then(|rc| r.answers.get(&rc.id)?.relations().map(|v| (rc, v)))
        {
            let (rc, value) = rv;
            let chain = |label: &str| {
                rc.types
                    .iter()
                    .any(|x| x.value.as_str() == label && x.shape == LinkShape::Chain)
            };
            let mut n = 0;
            for link in value.links.iter().filter(|l| !chain(&l.label)) {
                if let (Some(a), Some(b)) = (t(&link.head), t(&link.tail)) {
                    n += 1;
                    lines.push(Line::Relation {
                        id: format!("R{n}"),
                        label: link.label.clone(),
                        args: vec![("Arg1".to_owned(), a), ("Arg2".to_owned(), b)],
                        tail: "\t".to_owned(),
                    });
                    // The link's attributes, as A lines on its R id.
                    for (name, value) in &link.attributes {
                        attributes += 1;
                        lines.push(Line::Attribute {
                            id: format!("A{attributes}"),
                            name: name.clone(),
                            target: format!("R{n}"),
                            value: Some(value.clone()),
                            tail: String::new(),
                        });
                    }
                }
            }
            for (label, chains) in value.chains.iter() {
                for members in chains {
                    lines.push(Line::Equiv {
                        label: label.clone(),
                        members: members.iter().filter_map(t).collect(),
                        tail: String::new(),
                    });
                }
            }
        }
        let name = format!("{}.{}", file_name(&item.id), file_name(&annotator(r, n)));
        out.push(Doc {
            name,
            text: text.to_owned(),
            ann: brat::write(&Standoff {
                final_newline: !lines.is_empty(),
                lines,
            }),
        });
    }
    out
}

/// A span's code-point range cut at its line breaks, as brat writes a span across lines.
fn fragments(text: &str, start: usize, end: usize) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut from = start;
    for (k, ch) in text
        .chars()
        .enumerate()
        .skip(start)
        .take(end.saturating_sub(start))
    {
        if ch == '\n' || ch == '\r' {
            if k > from {
                out.push((from, k));
            }
            from = k + 1;
        }
    }
    if end > from {
        out.push((from, end));
    }
    out
}

/// A name safe in a file name: letters, digits, `-`, `_` and `.` kept, anything else `_`.
fn file_name(s: &str) -> String {
    s.chars()
        .map(|c| {
            if c.is_alphanumeric() || matches!(c, '-' | '_' | '.') {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// brat's `annotation.conf` for the controls: the labels as entities, the link types as
/// relations (each with the labels its ends take; an undirected one symmetric, a chain
/// type symmetric-transitive, as brat's equivalences are), overlapping spans allowed, and the
/// attributes with values (free-text ones are notes, which brat needs no line for).
pub fn annotation_conf(c: &SpanLabels, relations: Option<&RelationsControl>) -> String {
    let mut x = String::from("[entities]\n");
    for l in &c.labels {
        x += &format!("{}\n", l.value);
    }
    x += "\n[relations]\n";
    for t in relations.into_iter().flat_map(|r| &r.types) {
        let arg = |labels: &[crate::support::ids::OptionValue]| match labels {
            [] => "<ENTITY>".to_owned(),
            _ => labels
                .iter()
                .map(|l| l.as_str())
                .collect::<Vec<_>>()
                .join("|"),
        };
        let kind = match t.shape {
            LinkShape::Directed => "",
            LinkShape::Undirected => ", <REL-TYPE>:symmetric",
            LinkShape::Chain => ", <REL-TYPE>:symmetric-transitive",
        };
        x += &format!(
            "{}\tArg1:{}, Arg2:{}{kind}\n",
            t.value,
            arg(&t.from),
            arg(&t.to)
        );
    }
    x += "<OVERLAP>\tArg1:<ENTITY>, Arg2:<ENTITY>, <OVL-TYPE>:<ANY>\n\n[events]\n\n[attributes]\n";
    for a in c.attributes.iter().filter(|a| !a.values.is_empty()) {
        let values: Vec<&str> = a.values.iter().map(|v| v.value.as_str()).collect();
        x += &format!("{}\tArg:<ENTITY>, Value:{}\n", a.id, values.join("|"));
    }
    for a in relations.into_iter().flat_map(|r| &r.attributes) {
        let values: Vec<&str> = a.values.iter().map(|v| v.value.as_str()).collect();
        let on = match a.types.as_slice() {
            [] => "<RELATION>".to_owned(),
            types => types.iter().map(|t| t.as_str()).collect::<Vec<_>>().join("|"),
        };
        x += &format!("{}\tArg:{on}, Value:{}\n", a.id, values.join("|"));
    }
    x
}
