//! What a researcher saves as gold is what the checker takes: any valid result's answers,
//! written into a gold file as the result holds them (what the studio's "save as gold" does),
//! load without a problem and score full marks against the result itself — for every control
//! kind, over every shipped example and studio template, for many simulated annotators.
#![cfg(not(target_arch = "wasm32"))]

use glossa::item::{self, Item};
use glossa::result::{build, Environment, ResultDoc};
use glossa::spec::TaskSpec;
use glossa::study::gold::Gold;
use glossa::support::sorted_map::SortedMap;
use glossa::task::Task;
use proptest::prelude::*;
use serde_json::{json, Value};

/// Every shipped example and studio template: (name, spec, items).
fn studies() -> Vec<(String, TaskSpec, Vec<Item>)> {
    let root = env!("CARGO_MANIFEST_DIR");
    let read = |p: &str| std::fs::read_to_string(format!("{root}/{p}")).unwrap();
    let mut out = Vec::new();
    let index: Vec<Value> = serde_json::from_str(&read("www/examples/index.json")).unwrap();
    for e in &index {
        let spec_path = format!("www/examples/{}", e["spec"].as_str().unwrap());
        let items_path = format!("www/examples/{}", e["items"].as_str().unwrap());
        let (spec, items) = glossa::mount::study(&read(&spec_path), &read(&items_path))
            .unwrap_or_else(|e| panic!("{spec_path}: {e:?}"));
        out.push((spec_path, spec, items));
    }
    let templates: Vec<Value> = serde_json::from_str(&read("www/studio/templates.json")).unwrap();
    for t in &templates {
        let spec = glossa::mount::load_spec(&t["spec"].to_string()).unwrap();
        let items = item::parse_items(&t["items"].to_string()).unwrap();
        out.push((format!("template {}", t["id"]), spec, items));
    }
    out
}

/// A simulated annotator's valid result for an item, as the host receives it.
fn result_of(spec: &TaskSpec, item: &Item, seed: u64) -> Option<Value> {
    let task = Task::new(spec.clone(), item.clone(), None);
    let (_, form) = glossa::simulate::annotate(&task, seed, 1_000).ok()?;
    let ids: SortedMap<String, String> = [("participant".to_owned(), "gold".to_owned())]
        .into_iter()
        .collect();
    let doc = build(&task, &form, &Environment::default(), &ids, 1_000_000).ok()?;
    Some(serde_json::to_value(&doc).unwrap())
}

/// Saves a result's answers as gold (and, separately, as attention answers) and scores the
/// result against them; the problems found, if any.
fn round_trip(
    name: &str,
    spec: &TaskSpec,
    items: &[Item],
    item: &Item,
    result: &Value,
) -> Vec<String> {
    let mut problems = Vec::new();
    for kind in ["gold", "attention"] {
        let mut answers = result["answers"].clone();
        if kind == "attention" {
            // Only what the page can check is instructed (a choice, a text, a point, a
            // judgement of the pair): every other answer is refused as an attention answer,
            // with words that say so, and the rest round-trips.
            let file = json!({"items": [{"item_id": item.id, "kind": kind, "answers": answers}]});
            if let Err(p) = Gold::load(&file.to_string(), spec, items) {
                for p in p {
                    let text = p.to_string();
                    let Some(control) = text
                        .strip_prefix("items[0].answers.")
                        .and_then(|t| t.split(':').next())
                        .filter(|_| text.contains("cannot be instructed"))
                    else {
                        continue;
                    };
                    answers.as_object_mut().unwrap().remove(control);
                }
            }
            if answers.as_object().is_none_or(|a| a.is_empty()) {
                continue;
            }
        }
        let file = json!({"items": [{"item_id": item.id, "kind": kind, "answers": answers}]});
        match Gold::load(&file.to_string(), spec, items) {
            Err(p) => problems.push(format!(
                "{name}, item {}, as {kind}: the checker refuses its own answers: {}",
                item.id,
                p.iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join("; ")
            )),
            Ok(gold) => {
                let doc = ResultDoc::read(spec, result).unwrap();
                if gold.passes(&doc) != Some(true) {
                    problems.push(format!(
                        "{name}, item {}, as {kind}: the answers do not score full marks against themselves: {}",
                        item.id, result["answers"]
                    ));
                }
            }
        }
    }
    problems
}

#[test]
fn every_example_item_round_trips_for_the_first_simulated_annotators() {
    let mut problems = Vec::new();
    for (name, spec, items) in studies() {
        for item in &items {
            for seed in 0..4 {
                let Some(result) = result_of(&spec, item, seed) else {
                    continue;
                };
                problems.extend(round_trip(&name, &spec, &items, item, &result));
            }
        }
    }
    problems.dedup();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn any_valid_result_saved_as_gold_passes_the_checker_and_scores_full_marks(
        which in 0usize..64, pick in 0usize..64, seed in any::<u64>()
    ) {
        let studies = studies();
        let (name, spec, items) = &studies[which % studies.len()];
        let item = &items[pick % items.len()];
        if let Some(result) = result_of(spec, item, seed) {
            let problems = round_trip(name, spec, items, item, &result);
            prop_assert!(problems.is_empty(), "{}", problems.join("\n"));
        }
    }
}
