//! Labelled spans in the formats people load next: CoNLL (BIO tags per token, one document per
//! item and annotator), Label Studio tasks (each item with every annotator's regions, labels
//! and per-region attributes; its labelling config beside it) and spaCy / Prodigy JSON Lines
//! (`{"text", "spans": [{"start", "end", "label"}]}`). Offsets are code points, as Python
//! slices them (`text[start:end]`).

use crate::analysis::agreement::annotator;
use crate::answer::SpanLabelsValue;
use crate::item::Item;
use crate::kinds::relations::spec::{LinkShape, RelationsControl};
use crate::result::ResultDoc;
use crate::spec::{Control, SpanLabels, TaskSpec};
use crate::text::Tokens;
use serde_json::{json, Value};

/// The labelled-span control to export: `id`, or the spec's only one.
pub fn control<'a>(spec: &'a TaskSpec, id: Option<&str>) -> Result<&'a SpanLabels, String> {
    let all: Vec<&SpanLabels> = spec
        .controls
        .iter()
        .filter_map(|c| match c {
            Control::SpanLabels(s) => {
                let s: &SpanLabels = s;
                Some(s)
            }
            _ => None,
        })
        .collect();
    match (id, all.as_slice()) {
        (Some(id), _) => all
            .iter()
            .copied()
            .find(|c| c.id.as_str() == id)
            .ok_or_else(|| {
                let ids: Vec<&str> = all.iter().map(|c| c.id.as_str()).collect();
                format!(
                    "--control {id}: not a span_labels control of the spec (it has: {})",
                    ids.join(", ")
                )
            }),
        (None, [one]) => Ok(one),
        (None, []) => Err("the spec has no span_labels control".to_owned()),
        (None, many) => {
            let ids: Vec<&str> = many.iter().map(|c| c.id.as_str()).collect();
            Err(format!(
                "the spec has several span_labels controls: choose one with --control ({})",
                ids.join(", ")
            ))
        }
    }
}

/// Each result of the control with its item, annotator and value (and the result), in the
/// results' order.
fn answered<'a>(
    c: &SpanLabels,
    items: &'a [Item],
    results: &'a [ResultDoc],
) -> Vec<(&'a Item, String, &'a SpanLabelsValue, &'a ResultDoc)> {
    results
        .iter()
        .enumerate()
        .filter_map(|(n, r)| {
            let item = items.iter().find(|i| i.id == r.item_id)?;
            let v = r.answers.get(&c.id)?.span_labels()?;
            Some((item, annotator(r, n), v, r))
        })
        .collect()
}

/// CoNLL: a `# item_id = …` and `# annotator = …` line, then one `token<TAB>tag` line per token
/// (`B-LABEL`, `I-LABEL`, `O`), a blank line between documents. Spans that overlap an earlier
/// one cannot be written in BIO: they are left out and counted (the second value).
pub fn conll(c: &SpanLabels, items: &[Item], results: &[ResultDoc]) -> (String, usize) {
    let mut out = String::new();
    let mut dropped = 0;
    for (item, who, v, _) in answered(c, items, results) {
        let text = item.text(c.text_field.as_str()).unwrap_or_default();
        let tokens = Tokens::with_units(text, c.units);
        let mut tags: Vec<String> = vec!["O".to_owned(); tokens.word_count()];
        for s in &v.spans {
            let (f, l) = (s.first_word, s.last_word);
            if l >= tags.len() || tags[f..=l].iter().any(|t| t != "O") {
                dropped += 1;
                continue;
            }
            for (w, tag) in tags.iter_mut().enumerate().take(l + 1).skip(f) {
                *tag = format!("{}-{}", if w == f { "B" } else { "I" }, s.label);
            }
        }
        out += &format!("# item_id = {}\n# annotator = {who}\n", item.id);
        for (w, tag) in tags.iter().enumerate() {
            let word = tokens.covered(text, w, w);
            out += &format!("{word}\t{tag}\n");
        }
        out.push('\n');
    }
    (out, dropped)
}

/// Label Studio's labelling config for the control: a `Labels` over the text, named by the
/// control's id (so `glossa items --from labelstudio` reads its regions back to the control),
/// and a per-region `Choices` (or `TextArea` for a note) for each attribute.
pub fn label_studio_config(c: &SpanLabels, relations: Option<&RelationsControl>) -> String {
    let esc = |s: &str| {
        s.replace('&', "&amp;")
            .replace('"', "&quot;")
            .replace('<', "&lt;")
            .replace('>', "&gt;")
    };
    let mut x = String::from("<View>\n");
    x += &format!(
        "  <Labels name=\"{}\" toName=\"text\">\n",
        esc(c.id.as_str())
    );
    for l in &c.labels {
        x += &format!("    <Label value=\"{}\"/>\n", esc(l.value.as_str()));
    }
    x += "  </Labels>\n";
    x += &format!(
        "  <Text name=\"text\" value=\"${}\"/>\n",
        esc(c.text_field.as_str())
    );
    for a in &c.attributes {
        if a.values.is_empty() {
            x += &format!(
                "  <TextArea name=\"{}\" toName=\"text\" perRegion=\"true\" maxSubmissions=\"1\"/>\n",
                esc(&a.id)
            );
        } else {
            x += &format!(
                "  <Choices name=\"{}\" toName=\"text\" perRegion=\"true\">\n",
                esc(&a.id)
            );
            for v in &a.values {
                x += &format!("    <Choice value=\"{}\"/>\n", esc(&v.value));
            }
            x += "  </Choices>\n";
        }
    }
    // The link types, for Label Studio's relations between the regions.
    if let Some(r) = relations {
        x += "  <Relations>\n";
        for t in &r.types {
            x += &format!("    <Relation value=\"{}\"/>\n", esc(t.value.as_str()));
        }
        x += "  </Relations>\n";
    }
    x + "</View>\n"
}

/// Label Studio tasks: one per item with the control's text, answered or not (`data` holds the item's fields; read back
/// by `glossa items --from labelstudio`, the tasks are the items again, every output of a
/// per-output study among them), one annotation per result with a `labels` region per span
/// (named by the control's id) and a per-region `choices` / `textarea` result per attribute;
/// the annotator is in each annotation's `meta`. With the relations control over the spans,
/// each link is a `relation` result between its spans' regions (`direction`: `right` from the
/// first span, `bi` for a type either way round or a chain).
pub fn label_studio(
    c: &SpanLabels,
    relations: Option<&RelationsControl>,
    items: &[Item],
    results: &[ResultDoc],
) -> Value {
    let answered = answered(c, items, results);
    let mut tasks = Vec::new();
    for (n, item) in items.iter().enumerate() {
        // (Only items with the text the control marks: a per-output study's whole items are
        // its outputs' documents.)
        if item.text(c.text_field.as_str()).is_none() {
            continue;
        }
        let mine: Vec<_> = answered
            .iter()
            .filter(|(i, _, _, _)| i.id == item.id)
            .collect();
        let mut data = serde_json::Map::new();
        for (k, v) in item.fields.iter() {
            data.insert(k.clone(), v.clone());
        }
        data.insert("item_id".to_owned(), Value::from(item.id.clone()));
        let annotations: Vec<Value> = mine
            .iter()
            .map(|(_, who, v, doc)| {
                let mut result = Vec::new();
                for (k, s) in v.spans.iter().enumerate() {
                    let region = format!("s{k}");
                    let at = json!({"start": s.start, "end": s.end, "text": s.text});
                    let mut labels = at.clone();
                    labels["labels"] = json!([s.label]);
                    result.push(json!({"id": region, "from_name": c.id, "to_name": "text", "type": "labels", "value": labels}));
                    for (attr, value) in &s.attributes {
                        let is_note = c.attributes.iter().any(|a| &a.id == attr && a.values.is_empty());
                        let mut v = at.clone();
                        let kind = if is_note {
                            v["text"] = json!([value]);
                            "textarea"
                        } else {
                            v["choices"] = json!([value]);
                            "choices"
                        };
                        result.push(json!({"id": region, "from_name": attr, "to_name": "text", "type": kind, "value": v}));
                    }
                }
                let linked = relations.and_then(|r| Some((r, doc.answers.get(&r.id)?.relations()?)));
                if let Some((r, linked)) = linked {
                    let region = |end: &crate::answer::LabelledSpanValue| {
                        let k = v.spans.iter().position(|s| (&s.label, s.start, s.end) == (&end.label, end.start, end.end))?;
                        Some(format!("s{k}"))
                    };
                    for link in &linked.links {
                        let directed = r.types.iter().any(|t| t.value.as_str() == link.label && t.shape == LinkShape::Directed);
                        if let (Some(from), Some(to)) = (region(&link.head), region(&link.tail)) {
                            let direction = if directed { "right" } else { "bi" };
                            result.push(json!({"from_id": from, "to_id": to, "type": "relation", "direction": direction, "labels": [link.label]}));
                        }
                    }
                }
                json!({"result": result, "was_cancelled": false, "ground_truth": false, "meta": {"annotator": who, "nothing_to_mark": v.nothing_to_mark}})
            })
            .collect();
        tasks.push(json!({"id": n + 1, "data": data, "annotations": annotations}));
    }
    Value::Array(tasks)
}

/// spaCy / Prodigy JSON Lines: one line per result, `{"text", "spans": [{"start", "end",
/// "label", "attributes" (when it has any)}], "meta": {"item_id", "annotator", "nothing_to_mark", the item's other fields}}` (load with `doc.char_span(start, end,
/// label)`; overlapping spans go to `doc.spans`, not `doc.ents`).
pub fn spacy(c: &SpanLabels, items: &[Item], results: &[ResultDoc]) -> String {
    let mut out = String::new();
    for (item, who, v, _) in answered(c, items, results) {
        let text = item.text(c.text_field.as_str()).unwrap_or_default();
        let spans: Vec<Value> = v
            .spans
            .iter()
            .map(|s| {
                let mut span = json!({"start": s.start, "end": s.end, "label": s.label, "text": s.text});
                if !s.attributes.is_empty() {
                    span["attributes"] = json!(s.attributes);
                }
                span
            })
            .collect();
        // The item's other fields (a translation's source, a summary's article) in `meta`,
        // where Prodigy shows them and `glossa items --from spacy` reads them back.
        let mut meta: serde_json::Map<String, Value> = item
            .fields
            .iter()
            .filter(|(k, _)| k.as_str() != c.text_field.as_str())
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        meta.insert("item_id".to_owned(), json!(item.id));
        meta.insert("annotator".to_owned(), json!(who));
        meta.insert("nothing_to_mark".to_owned(), json!(v.nothing_to_mark));
        let line = json!({"text": text, "spans": spans, "meta": meta});
        out += &line.to_string();
        out.push('\n');
    }
    out
}
