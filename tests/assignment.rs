//! Outputs assigned per rater (issue 54): MQM and ESA campaigns give each rater some of a
//! segment's systems. `glossa plan --outputs-per-rater K` gives each slot K of each item's
//! outputs, balanced; the page shows a slot only its outputs (`planSlot` narrows the item),
//! so its result records them as the outputs shown; `glossa validate` and the analysis read
//! the others as not assigned — never as unanswered — and a shown output left without its
//! answer is refused as the page refuses it.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::glossa;
use serde_json::{json, Value};
use std::collections::BTreeMap;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn run(args: &[&str]) -> String {
    let out = glossa(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn each_rater_rates_the_outputs_the_plan_gives_them_and_validation_tells_unassigned_from_unanswered(
) {
    let spec = format!("{ROOT}/www/examples/en-summeval/spec.json");
    let items_path = format!("{ROOT}/www/examples/en-summeval/items.json");
    let plan: Value = serde_json::from_str(&run(&[
        "plan",
        &spec,
        &items_path,
        "--per-item",
        "3",
        "--annotators",
        "3",
        "--outputs-per-rater",
        "2",
    ]))
    .unwrap();
    // The pilot's test page reads this plan from the fixture: it is what the command makes.
    let fixture: Value = serde_json::from_str(
        &std::fs::read_to_string(format!("{ROOT}/tests/fixtures/summeval-plan.json")).unwrap(),
    )
    .unwrap();
    assert_eq!(
        plan, fixture,
        "tests/fixtures/summeval-plan.json is not what glossa plan makes"
    );
    assert_eq!(plan["outputs_field"], "summaries");

    // Balanced: each of an item's three summaries goes to two of its three raters.
    let items: Vec<Value> =
        serde_json::from_str(&std::fs::read_to_string(&items_path).unwrap()).unwrap();
    let mut seen: BTreeMap<(String, String), usize> = BTreeMap::new();
    for slot in plan["annotators"].as_array().unwrap() {
        for id in slot["items"].as_array().unwrap() {
            let id = id.as_str().unwrap();
            let mine = slot["outputs"][id].as_array().unwrap();
            assert_eq!(mine.len(), 2, "{slot}");
            for o in mine {
                *seen
                    .entry((id.to_owned(), o.as_str().unwrap().to_owned()))
                    .or_default() += 1;
            }
        }
    }
    for it in &items {
        for o in it["summaries"].as_array().unwrap() {
            let key = (
                it["id"].as_str().unwrap().to_owned(),
                o["id"].as_str().unwrap().to_owned(),
            );
            assert_eq!(seen.get(&key), Some(&2), "{key:?}");
        }
    }

    // Each slot annotates its items as the page shows them: with its outputs alone.
    let dir = std::env::temp_dir().join(format!("glossa-assignment-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut results = String::new();
    for slot in plan["annotators"].as_array().unwrap() {
        let name = slot["slot"].as_str().unwrap();
        let narrowed: Vec<Value> = slot["items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|id| {
                let mut it = items.iter().find(|i| &i["id"] == id).unwrap().clone();
                let mine = slot["outputs"][id.as_str().unwrap()]
                    .as_array()
                    .unwrap()
                    .clone();
                it["summaries"]
                    .as_array_mut()
                    .unwrap()
                    .retain(|o| mine.contains(&o["id"]));
                it
            })
            .collect();
        let path = dir.join(format!("{name}.json"));
        std::fs::write(&path, Value::from(narrowed).to_string()).unwrap();
        let made = run(&[
            "simulate",
            &spec,
            path.to_str().unwrap(),
            "--annotators",
            "1",
            "--seed",
            "3",
        ]);
        for line in made.lines() {
            let mut r: Value = serde_json::from_str(line).unwrap();
            let shown = r["shown"]["order"]["summaries"].as_array().unwrap().len();
            assert_eq!(shown, 2, "{r}");
            r["ids"] = json!({"participant": name});
            results += &(r.to_string() + "\n");
        }
    }
    let rp = dir.join("results.jsonl");
    std::fs::write(&rp, &results).unwrap();
    let rp = rp.to_str().unwrap();
    let said = run(&["validate", &spec, &items_path, rp]);
    assert!(said.contains("9 result(s), 0 with problems"), "{said}");

    // The analysis: each summary rated by its two raters, each system over all three items.
    let agreement: Value = serde_json::from_str(&run(&[
        "agreement",
        &spec,
        rp,
        "--items",
        &items_path,
        "--json",
    ]))
    .unwrap();
    let scores = &agreement["error_scores"]["hallucinations"];
    let outputs = scores["outputs"].as_array().unwrap();
    assert_eq!(outputs.len(), 9, "{scores}");
    assert!(outputs.iter().all(|o| o["annotators"] == 2), "{scores}");
    for system in ["M11", "M17", "M23"] {
        assert_eq!(scores["systems"][system]["segments"], 3, "{scores}");
    }

    // A shown output without its answers is unanswered, and refused as the page refuses it.
    let first: Value = serde_json::from_str(results.lines().next().unwrap()).unwrap();
    let shown = first["shown"]["order"]["summaries"][0].as_str().unwrap();
    let mut broken = first.clone();
    broken["answers"]["coherence"]
        .as_object_mut()
        .unwrap()
        .remove(shown);
    let bp = dir.join("broken.jsonl");
    std::fs::write(&bp, broken.to_string() + "\n").unwrap();
    let out = glossa(&["validate", &spec, &items_path, bp.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        said.contains(&format!("answers.coherence.{shown}")),
        "{said}"
    );

    // A section that shows every item's outputs (`count`) assigns none: ESA's plan is refused.
    let out = glossa(&[
        "plan",
        &format!("{ROOT}/www/examples/de-esa/spec.json"),
        &format!("{ROOT}/www/examples/de-esa/items.json"),
        "--per-item",
        "2",
        "--annotators",
        "4",
        "--outputs-per-rater",
        "1",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("outputs.count"));
}
