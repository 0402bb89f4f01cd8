//! `glossa agreement` per family: the units each control kind makes, their level of
//! measurement, and alpha at the ends (annotators who agree everywhere score 1; one who
//! disagrees lowers it).
#![cfg(not(target_arch = "wasm32"))]

mod common;

use glossa::analysis::agreement::AgreementReport;
use glossa::analysis::alpha::Level;
use serde_json::{json, Value};

fn spec(path: &str) -> glossa::spec::TaskSpec {
    common::example_spec(path)
}

/// Agreement over results as the host hands them over (JSON).
fn compute(
    s: &glossa::spec::TaskSpec,
    items: &[glossa::item::Item],
    results: &[Value],
) -> AgreementReport {
    glossa::analysis::agreement::compute(s, items, &common::typed(s, results))
}

fn result(who: &str, item: &str, answers: Value) -> Value {
    json!({"format": "glossa.result/1", "item_id": item, "ids": {"participant": who}, "answers": answers})
}

#[test]
fn choices_are_nominal_per_item() {
    let s = spec("it-implicit/spec.json");
    let same = |who| {
        vec![
            result(who, "it-001", json!({"valutazione": "totalmente_corretto"})),
            result(
                who,
                "it-002",
                json!({"valutazione": "totalmente_sbagliato"}),
            ),
        ]
    };
    let r = compute(&s, &[], &[same("A"), same("B")].concat());
    let m = &r.measures[0];
    assert_eq!(
        (m.key.as_str(), m.level, m.items),
        ("valutazione", Level::Nominal, 2)
    );
    assert_eq!(m.agreement.alpha, Some(1.0));
}

#[test]
fn each_grid_column_is_its_own_nominal_measure_and_an_empty_cell_is_none() {
    let s = spec("cs-summary-errors/abstract-spec.json");
    let rows = |mapping: &str| {
        json!({"errors": [
            {"row": 1, "sentence": "a", "cells": {"mapping": mapping, "meaning": {"category": "misleading", "value": "pragmatic"}}},
            {"row": 2, "sentence": "b", "cells": {"special": "ok"}},
            {"row": 3, "sentence": "c", "cells": {"special": "repetitive"}},
        ]})
    };
    let r = compute(
        &s,
        &[],
        &[
            result("A", "abs-001", rows("omission")),
            result("B", "abs-001", rows("omission")),
        ],
    );
    let keys: Vec<&str> = r.measures.iter().map(|m| m.key.as_str()).collect();
    assert_eq!(keys, ["errors.special", "errors.mapping", "errors.meaning"]);
    assert!(r
        .measures
        .iter()
        .all(|m| m.agreement.alpha == Some(1.0) && m.agreement.units == 3));
    let r = compute(
        &s,
        &[],
        &[
            result("A", "abs-001", rows("omission")),
            result("B", "abs-001", rows("fabrication")),
        ],
    );
    assert!(r.measures[1].agreement.alpha.unwrap() < 1.0);
}

#[test]
fn magnitude_scores_are_interval_on_the_log_of_the_ratio_to_the_standard() {
    let s = spec("en-informativeness/spec.json");
    // B gives every score twice A's: on a ratio scale they still differ (ln 2 apart)...
    // (Scores are whole numbers, as results hold them.)
    let a = |k: f64| {
        let n = |x: f64| (x * k).round() as u64;
        json!({"informativeness": {"sys-a": n(70.0), "sys-b": n(100.0), "sys-c": n(90.0)}})
    };
    let r = compute(
        &s,
        &[],
        &[
            result("A", "e2e-001", a(1.0)),
            result("B", "e2e-001", a(1.0)),
            result("A", "e2e-002", a(0.5)),
            result("B", "e2e-002", a(0.5)),
        ],
    );
    let m = &r.measures[0];
    assert_eq!(
        (m.level, m.values),
        (Level::Interval, "ln(score / the standard's score)")
    );
    assert_eq!(m.agreement.units, 6, "one unit per item and output");
    assert!((m.agreement.alpha.unwrap() - 1.0).abs() < 1e-12);
    let r = compute(
        &s,
        &[],
        &[
            result("A", "e2e-001", a(1.0)),
            result("B", "e2e-001", a(2.0)),
            result("A", "e2e-002", a(0.5)),
            result("B", "e2e-002", a(1.0)),
        ],
    );
    assert!(r.measures[0].agreement.alpha.unwrap() < 0.5);
}

#[test]
fn span_attributes_are_nominal_per_word_over_the_whole_text() {
    let s = spec("cs-propaganda/spec.json");
    let items = glossa::item::parse_items(
        &std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/www/examples/cs-propaganda/items.json"
        ))
        .unwrap(),
    )
    .unwrap();
    let words = glossa::text::Tokens::new(items[0].text("article").unwrap()).word_count();
    let vina = |first: u64, last: u64| json!({"techniky": {"vina": {"value": "ano", "spans": [{"first_word": first, "last_word": last}]}}});
    let r = compute(
        &s,
        &items,
        &[
            result("A", "prop-001", vina(0, 1)),
            result("B", "prop-001", vina(0, 1)),
        ],
    );
    let m = r
        .measures
        .iter()
        .find(|m| m.key == "techniky.vina")
        .unwrap();
    assert_eq!(
        m.agreement.units, words,
        "every word of the article is a unit"
    );
    assert_eq!(m.agreement.alpha, Some(1.0));
    let r = compute(
        &s,
        &items,
        &[
            result("A", "prop-001", vina(0, 1)),
            result("B", "prop-001", vina(1, 4)),
        ],
    );
    let m = r
        .measures
        .iter()
        .find(|m| m.key == "techniky.vina")
        .unwrap();
    assert!(m.agreement.alpha.unwrap() < 0.6);
}

#[test]
fn questions_report_shares_not_agreement() {
    let s = spec("pl-poquad/spec.json");
    let qs = json!({"qa": {"text_field": "paragraph", "no_more_questions": true, "questions": [
        {"question": "a?", "category": "czas", "unanswerable": false, "needs_manual_acceptance": true},
        {"question": "b?", "category": "osoba", "unanswerable": true, "needs_manual_acceptance": false}]}});
    let r = compute(
        &s,
        &[],
        &[
            result("A", "kant-krytyki", qs.clone()),
            result(
                "B",
                "hess-lot",
                json!({"qa": {"questions": [], "skipped": "nieinteresujacy"}}),
            ),
        ],
    );
    assert!(r.measures.is_empty());
    let q = &r.questions[0];
    assert_eq!(
        (q.questions, q.unanswerable, q.manual_acceptance, q.skipped),
        (2, 1, 1, 1)
    );
    assert_eq!(q.categories.get("czas"), Some(&1));
    let v = r.to_json();
    assert_eq!(
        v["controls"]["qa"]["level"],
        "not defined (authored questions)"
    );
}

/// A multiple choice is one nominal measure per option (ticked or not), over every item the
/// annotators answered: an option nobody ticked on an item is agreement too.
#[test]
fn each_option_of_a_multiple_choice_is_its_own_measure() {
    let s = spec("en-emotions/spec.json");
    let r = compute(
        &s,
        &[],
        &[
            result("A", "em-001", json!({"emotions": ["anger", "surprise"]})),
            result("B", "em-001", json!({"emotions": ["anger"]})),
            result("A", "em-002", json!({"emotions": ["neutral"]})),
            result("B", "em-002", json!({"emotions": ["neutral"]})),
        ],
    );
    let keys: Vec<&str> = r.measures.iter().map(|m| m.key.as_str()).collect();
    assert_eq!(
        keys,
        [
            "emotions.joy",
            "emotions.gratitude",
            "emotions.surprise",
            "emotions.sadness",
            "emotions.anger",
            "emotions.fear",
            "emotions.disgust",
            "emotions.neutral"
        ]
    );
    let by = |k: &str| r.measures.iter().find(|m| m.key == k).unwrap();
    assert_eq!(
        (by("emotions.anger").level, by("emotions.anger").items),
        (Level::Nominal, 2)
    );
    // Anger: ticked by both on em-001, by neither on em-002 — full agreement.
    assert_eq!(by("emotions.anger").agreement.alpha, Some(1.0));
    // Surprise: one of two on em-001 — less than full.
    assert!(by("emotions.surprise").agreement.alpha.unwrap_or(1.0) < 1.0);
}

/// The report is the same page for the same results: its charts draw their bars in the data's
/// order (a chart summed through a hash map drew them in a new order each run).
#[test]
fn the_report_is_the_same_page_for_the_same_results() {
    let s = spec("en-emotions/spec.json");
    let results: Vec<Value> = (0..6)
        .map(|n| {
            let pick = ["joy", "anger", "sadness", "fear", "surprise", "disgust"][n % 6];
            result(&format!("p{n}"), "emo-001", json!({"emotions": [pick]}))
        })
        .collect();
    let docs = common::typed(&s, &results);
    let once = glossa::analysis::report::html(&s, &[], &docs, None);
    assert!(once.contains("<svg"), "the report draws its charts");
    for _ in 0..5 {
        assert_eq!(glossa::analysis::report::html(&s, &[], &docs, None), once);
    }
}
