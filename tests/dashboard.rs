//! The report's annotator dashboard (`analysis::dashboard`): agreement with the others and
//! with the majority per annotator, competence, flags with the items that raised them.
#![cfg(not(target_arch = "wasm32"))]

use glossa::result::ResultDoc;
use serde_json::json;

const SPEC: &str = include_str!("../www/examples/it-implicit/spec.json");
const ITEMS: &str = include_str!("../www/examples/it-implicit/items.json");

fn result(who: &str, item: &str, v: &str, ms: u64) -> serde_json::Value {
    json!({"format": "glossa.result/1", "spec": {"id": "implicit-content-it", "version": "1.0.0"},
        "item_id": item, "ids": {"participant": who}, "answers": {"valutazione": v},
        "timings": {"started_at": "2026-11-26T08:00:00.000Z", "active_ms": ms}})
}

#[test]
fn each_annotator_is_measured_against_the_others_and_the_majority() {
    let (spec, items) = glossa::mount::study(SPEC, ITEMS).unwrap();
    let raw = [
        result("A", "it-001", "totalmente_corretto", 30_000),
        result("B", "it-001", "totalmente_corretto", 31_000),
        result("C", "it-001", "totalmente_sbagliato", 500),
        result("A", "it-002", "totalmente_sbagliato", 30_000),
        result("B", "it-002", "parzialmente_corretto", 29_000),
        result("C", "it-002", "risposta_non_fornita", 28_000),
    ];
    let results: Vec<ResultDoc> = raw
        .iter()
        .map(|r| ResultDoc::read(&spec, r).unwrap())
        .collect();
    let fits = glossa::analysis::aggregate::fit(&spec, &items, &results);
    let s = glossa::analysis::dashboard::standing(&spec, &results, &fits);
    // it-001: A and B agree, C differs; it-002: all differ (no majority).
    assert_eq!(s["A"].with_others, (1, 4));
    assert_eq!(s["C"].with_others, (0, 4));
    assert_eq!(s["A"].with_majority, (1, 1));
    assert_eq!(s["C"].with_majority, (0, 1));
    assert!(s["A"].competence.is_some());
    let rows = glossa::analysis::dashboard::annotators(&results, None);
    let c = rows.iter().find(|r| r.who == "C").unwrap();
    assert_eq!(c.too_fast_items, ["it-001"]);
    let html = glossa::analysis::dashboard::section(&rows, &s);
    assert!(html.contains("too fast: it-001"), "{html}");
    assert!(html.contains("<table data-sort>"));
}

/// A listening test with a headphone check: each listener's first item's active time holds
/// the ~60 s check, which is no part of the item's usual time; a listener who answered that
/// item (later, without the check) in 7 s is not too fast.
#[test]
fn the_headphone_checks_time_is_no_part_of_an_items_usual_time() {
    let (spec, _) = glossa::mount::study(SPEC, ITEMS).unwrap();
    let check = json!({"correct": 6, "trials": 6, "attempts": 1, "passed": true});
    let at = |who: &str, item: &str, ms: u64, minute: u32| {
        let mut r = result(who, item, "totalmente_corretto", ms);
        r["timings"]["started_at"] = format!("2026-11-26T08:{minute:02}:00.000Z").into();
        r["headphones"] = check.clone();
        ResultDoc::read(&spec, &r).unwrap()
    };
    let results = vec![
        // A starts on it-001 (the check, 65 s), B on it-002.
        at("A", "it-001", 65_000, 0),
        at("A", "it-002", 8_000, 2),
        at("B", "it-002", 66_000, 0),
        at("B", "it-001", 7_000, 2),
    ];
    let rows = glossa::analysis::dashboard::annotators(&results, None);
    for row in &rows {
        assert_eq!(row.too_fast, 0, "{}: {:?}", row.who, row.too_fast_items);
    }
    // Without the check in the records, the same times make B's 7 s look too fast.
    let mut plain = results.clone();
    for r in &mut plain {
        r.headphones = None;
    }
    let rows = glossa::analysis::dashboard::annotators(&plain, None);
    assert!(
        rows.iter().any(|r| r.too_fast > 0),
        "the comparison above can fail"
    );
}
