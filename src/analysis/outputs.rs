//! Results of sections asked per output, laid out for the analysis every kind already has: a
//! rating a section asks per output (a slider, a scale, a number) becomes that rating asked per
//! output (so its agreement units and system scores are those of any rating per output); any
//! other control (labelled spans, a choice, a note) answers on each output as on an item of its
//! own, `item/output`, whose text field holds the output's text (so span agreement, exports and
//! tidy rows name the output).

use crate::answer::AnswerValue;
use crate::item::Item;
use crate::result::ResultDoc;
use crate::spec::{Block, Control, TaskSpec};
use crate::support::ids::ControlId;
use crate::support::sorted_map::SortedMap;
use serde_json::Value;

/// A spec, its items and results as the analysis reads them.
pub struct Unfolded {
    /// The spec without sections asked per output: a rating of one asks per output itself.
    pub spec: TaskSpec,
    /// The items, then one item per output a control was answered on (`item/output`).
    pub items: Vec<Item>,
    /// The results: each item's answers to the controls asked of the item and to the ratings
    /// per output, then each output's answers as a result of its own.
    pub results: Vec<ResultDoc>,
}

/// The id of an output's own item.
pub fn output_item(item: &str, output: &str) -> String {
    format!("{item}/{output}")
}

/// The control asking about `src`'s outputs itself, when its kind can (a rating); `None` for
/// a kind that cannot (it has no `outputs`).
fn asked_per_output(control: &Control, src: &crate::spec::OutputsSource) -> Option<Control> {
    let mut json = serde_json::to_value(control).ok()?;
    json.as_object_mut()?
        .insert("outputs".to_owned(), serde_json::to_value(src).ok()?);
    let control: Control = crate::spec::from_value(&json).ok()?;
    use crate::spec::check::CheckControl;
    crate::spec::each_control!(&control, c => c.asks_about_outputs()).then_some(control)
}

/// The spec, items and results unfolded; `None` when no section asks per output (read them
/// as they are).
pub fn unfold(spec: &TaskSpec, items: &[Item], results: &[ResultDoc]) -> Option<Unfolded> {
    let mut flat = spec.clone();
    // Controls answering per output as items of their own, with their outputs' field.
    let mut own: SortedMap<ControlId, String> = SortedMap::new();
    for block in &mut flat.blocks {
        let Block::Section(section) = block else {
            continue;
        };
        let Some(src) = section.outputs.take() else {
            continue;
        };
        for id in &section.controls {
            let Some(at) = flat.controls.iter().position(|c| c.id() == id) else {
                continue;
            };
            match asked_per_output(&flat.controls[at], &src) {
                Some(rating) => flat.controls[at] = rating,
                None => {
                    own.insert(id.clone(), src.field.to_string());
                }
            }
        }
    }
    if flat == *spec {
        return None;
    }
    let by_id: std::collections::HashMap<&str, &Item> =
        items.iter().map(|i| (i.id.as_str(), i)).collect();
    // Each result unfolded on its own (on every core).
    let per_result = super::parallel::map(results, |r| unfold_result(&flat, &own, r));
    // The outputs' own items, each once, in the order first answered.
    let mut made = std::collections::HashSet::new();
    let mut wanted: Vec<(&Item, &str)> = Vec::new();
    for (r, (_, outputs)) in results.iter().zip(&per_result) {
        let Some(item) = by_id.get(r.item_id.as_str()).copied() else {
            continue;
        };
        for (output, doc) in outputs {
            if made.insert(doc.item_id.as_str()) {
                wanted.push((item, output.as_str()));
            }
        }
    }
    // Each item's outputs, read once.
    let mut read: std::collections::HashMap<&str, Vec<(&str, Vec<crate::spec::item::Output>)>> =
        Default::default();
    for (item, _) in &wanted {
        read.entry(item.id.as_str()).or_insert_with(|| {
            own.values()
                .map(|field| (field.as_str(), item.outputs(field)))
                .collect()
        });
    }
    let mut out_items = items.to_vec();
    out_items.extend(super::parallel::map(&wanted, |(item, output)| {
        // The item's fields but its outputs', which become this output's text.
        let mut copy = Item {
            id: output_item(&item.id, output),
            fields: item
                .fields
                .iter()
                .filter(|(k, _)| !own.values().any(|f| f == *k))
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect(),
        };
        for (field, texts) in &read[item.id.as_str()] {
            if let Some(o) = texts.iter().find(|o| o.id == *output) {
                copy.fields
                    .insert((*field).to_owned(), Value::String(o.text.clone()));
            }
        }
        copy
    }));
    let mut out_results = Vec::with_capacity(results.len());
    let mut per_output = Vec::new();
    for (item_level, outputs) in per_result {
        out_results.push(item_level);
        per_output.extend(outputs.into_iter().map(|(_, doc)| doc));
    }
    out_results.extend(per_output);
    Some(Unfolded {
        spec: flat,
        items: out_items,
        results: out_results,
    })
}

/// One result unfolded: its answers to the controls asked of the item and to the ratings per
/// output, and each output's answers as a result of its own (with the output's id).
fn unfold_result(
    flat: &TaskSpec,
    own: &SortedMap<ControlId, String>,
    r: &ResultDoc,
) -> (ResultDoc, Vec<(String, ResultDoc)>) {
    // The result but its answers and suggestions, copied once (a result per output is this
    // with its own answers: copying the whole result per output would grow with the outputs'
    // square).
    let mut bare = r.clone();
    bare.answers = SortedMap::new();
    bare.provenance = SortedMap::new();
    let mut item_level = bare.clone();
    // What became of a suggestion on an output (`control/output`) goes with that output's own
    // result, under the control's id.
    item_level.provenance = r
        .provenance
        .iter()
        .filter(|(key, _)| {
            !own.keys()
                .any(|id| key.as_str().starts_with(&format!("{id}/")))
        })
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect();
    let mut outputs: SortedMap<String, SortedMap<ControlId, AnswerValue>> = SortedMap::new();
    for (id, value) in &r.answers {
        let Some(control) = flat.control(id) else {
            continue;
        };
        if !own.contains_key(id) {
            // A rating per output reads the object of its outputs as its own.
            let read = match value {
                AnswerValue::PerOutput(_) => serde_json::to_value(value)
                    .ok()
                    .and_then(|json| AnswerValue::read(control, &json).ok()),
                _ => Some(value.clone()),
            };
            if let Some(v) = read {
                item_level.answers.insert(id.clone(), v);
            }
            continue;
        }
        for (output, v) in value.per_output() {
            outputs
                .entry(output.to_owned())
                .or_default()
                .insert(id.clone(), v.clone());
        }
    }
    let per_output = outputs
        .into_iter()
        .map(|(output, answers)| {
            let provenance = own
                .keys()
                .filter_map(|c| {
                    let p = r
                        .provenance
                        .get(&crate::task::sections::copy_id(c, &output))?;
                    Some((c.clone(), p.clone()))
                })
                .collect();
            let doc = ResultDoc {
                item_id: output_item(&r.item_id, &output),
                answers,
                provenance,
                ..bare.clone()
            };
            (output, doc)
        })
        .collect();
    (item_level, per_output)
}
