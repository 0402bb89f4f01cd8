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
    for kind in [
        "single_choice",
        "multiple_choice",
        "scale",
        "slider",
        "pairwise",
        "ranking",
        "span_labels",
        "number",
        "text",
    ] {
        assert!(kinds.iter().any(|k| k == kind), "no template for {kind}");
    }
}
