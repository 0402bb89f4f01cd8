//! The studio's templates (`www/studio/templates.json`): one per common control kind, each a
//! spec that loads and items that fit it, so a researcher's first preview never starts with a
//! problem of ours. And the researcher's wasm reads items with `glossa items`' own code.
#![cfg(not(target_arch = "wasm32"))]

use glossa::item;
use serde_json::Value;

#[test]
fn every_template_is_a_spec_that_loads_with_items_that_fit() {
    let root = env!("CARGO_MANIFEST_DIR");
    let text = std::fs::read_to_string(format!("{root}/www/studio/templates.json")).unwrap();
    let templates: Vec<Value> = serde_json::from_str(&text).unwrap();
    let mut kinds = Vec::new();
    for t in &templates {
        let id = t["id"].as_str().unwrap();
        let spec = glossa::mount::load_spec(&t["spec"].to_string())
            .unwrap_or_else(|e| panic!("template {id}: {e:?}"));
        let items = item::parse_items(&t["items"].to_string()).expect("items");
        assert!(
            items.len() >= 2,
            "template {id}: at least two items to page through"
        );
        let issues = item::check_items(&spec, &items);
        assert!(issues.is_empty(), "template {id}: {issues:?}");
        assert_eq!(spec.language.tag(), "en");
        kinds.extend(spec.controls.iter().map(|c| {
            serde_json::to_value(c).unwrap()["kind"]
                .as_str()
                .unwrap()
                .to_owned()
        }));
    }
    for (kind, _) in glossa::spec::Control::KINDS {
        assert!(kinds.iter().any(|k| k == kind), "no template for {kind}");
    }
}

#[test]
fn the_study_zip_holds_a_folder_that_loads_and_refuses_a_broken_study() {
    use glossa::study::export::{study_zip, PlanOptions};
    use std::io::Read;
    let root = env!("CARGO_MANIFEST_DIR");
    let spec =
        std::fs::read_to_string(format!("{root}/www/examples/it-implicit/spec.json")).unwrap();
    let items = item::parse_items(
        &std::fs::read_to_string(format!("{root}/www/examples/it-implicit/items.json")).unwrap(),
    )
    .unwrap();
    let gold = format!(
        r#"{{"items": [{{"item_id": "{}", "kind": "attention", "answers": {{"valutazione": "totalmente_corretto"}}}}]}}"#,
        items[0].id
    );
    let plan = PlanOptions {
        per_item: 2,
        annotators: 3,
        gold_every: 2,
        seed: 7,
    };
    let bytes = study_zip(&spec, &items, &gold, Some(plan)).expect("zips");
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(bytes)).unwrap();
    let mut read = |name: &str| {
        let mut s = String::new();
        zip.by_name(&format!("implicit-content-it/{name}"))
            .unwrap()
            .read_to_string(&mut s)
            .unwrap();
        s
    };
    assert_eq!(read("spec.json"), spec, "the spec as written");
    let back = item::parse_items(&read("items.jsonl")).unwrap();
    assert_eq!(back, items);
    let plan: Value = serde_json::from_str(&read("plan.json")).unwrap();
    assert_eq!(plan["annotators"].as_array().unwrap().len(), 3);
    assert_eq!(
        plan["attention"][&items[0].id]["valutazione"],
        "totalmente_corretto"
    );
    assert!(read("README.txt").contains("glossa host pilot implicit-content-it"));
    // Refused: bad items, bad gold, no items.
    let err = study_zip(
        &spec,
        &items,
        r#"{"items": [{"item_id": "nope", "answers": {}}]}"#,
        None,
    )
    .unwrap_err();
    assert!(err.starts_with("gold.json: "), "{err}");
    assert!(study_zip(&spec, &[], "", None)
        .unwrap_err()
        .starts_with("items.jsonl: "));
    assert!(study_zip("{}", &items, "", None)
        .unwrap_err()
        .starts_with("spec.json: "));
}

#[test]
fn the_fields_a_column_mapping_offers_are_the_ones_the_spec_reads() {
    let root = env!("CARGO_MANIFEST_DIR");
    let fields = |dir: &str| {
        let spec = glossa::mount::load_spec(
            &std::fs::read_to_string(format!("{root}/www/examples/{dir}/spec.json")).unwrap(),
        )
        .unwrap();
        glossa::study::sheet::needed_fields(&spec)
    };
    assert_eq!(
        fields("it-implicit"),
        ["testo", "annotazione", "output"],
        "in screen order"
    );
    assert_eq!(fields("en-likert"), ["article", "summaries"]);
    assert_eq!(fields("en-ner"), ["text"]);
}
