//! Gold files read against a spec and items, and scored: the problems a researcher's file can
//! have, each named by its field, and the tolerance of each kind.

use super::*;
use crate::mount;
use serde_json::json;

const IT_SPEC: &str = include_str!("../../../www/examples/it-implicit/spec.json");
const IT_ITEMS: &str = include_str!("../../../www/examples/it-implicit/items.json");

/// A German toxic-span study: one repeatable attribute with two labels, plus a free note.
const DE_SPEC: &str = r#"{"glossa": 1, "id": "de-toxic", "version": "1", "language": "en",
  "blocks": [],
  "controls": [
    {"kind": "span_attributes", "id": "toxisch", "label": "Toxic spans", "text_field": "text",
     "text_label": "Kommentar",
     "attributes": [{"id": "stelle", "label": "Stelle", "repeatable": true,
       "values": [{"value": "beleidigung", "label": "Beleidigung"}, {"value": "drohung", "label": "Drohung"}],
       "spans_required_for": ["beleidigung", "drohung"]}]},
    {"kind": "number", "id": "score", "label": "Score", "outputs": {"field": "outputs", "label": "Output"}}
  ]}"#;
const DE_ITEMS: &str = r#"[{"id": "de-1",
  "text": "Du bist ein widerlicher Lügner und Betrüger, ein Lügner!",
  "outputs": [{"id": "sys-a", "text": "a"}, {"id": "sys-b", "text": "b"}]}]"#;

fn study(spec: &str, items: &str) -> (TaskSpec, Vec<Item>) {
    mount::study(spec, items).expect("the study loads")
}

fn problems(text: &str, spec: &str, items: &str) -> Vec<String> {
    let (spec, items) = study(spec, items);
    match Gold::load(text, &spec, &items) {
        Ok(_) => vec![],
        Err(p) => p.iter().map(ToString::to_string).collect(),
    }
}

#[test]
fn a_misspelt_control_an_unknown_item_and_a_value_the_control_cannot_take_are_named() {
    let got = problems(
        r#"{"items": [
          {"item_id": "it-001", "answers": {"valutazion": "totalmente_corretto"}},
          {"item_id": "it-999", "answers": {"valutazione": "totalmente_corretto"}},
          {"item_id": "it-002", "answers": {"valutazione": "corretto"}}
        ]}"#,
        IT_SPEC,
        IT_ITEMS,
    );
    assert_eq!(got.len(), 3, "{got:#?}");
    assert!(got[0].starts_with("items[0].answers.valutazion: the spec has no control \"valutazion\" (its controls: valutazione)"), "{}", got[0]);
    assert!(
        got[1].starts_with("items[1].item_id: no item \"it-999\" in the items file"),
        "{}",
        got[1]
    );
    assert!(got[2].starts_with("items[2].answers.valutazione: \"corretto\" is not an option of \"valutazione\": use one of totalmente_corretto"), "{}", got[2]);
}

#[test]
fn a_file_that_is_not_json_names_its_line_and_an_unknown_kind_is_refused() {
    let got = problems(
        "{\"items\": [\n  {\"item_id\": \"it-001\",}\n]}",
        IT_SPEC,
        IT_ITEMS,
    );
    assert!(got[0].starts_with("line 2, column"), "{got:?}");
    let got = problems(
        r#"{"items": [{"item_id": "it-001", "kind": "golden", "answers": {}}]}"#,
        IT_SPEC,
        IT_ITEMS,
    );
    assert!(got[0].contains("unknown variant `golden`"), "{got:?}");
    let got = problems(
        r#"{"items": [], "ratio_band": 0.5, "span_overlap": 2}"#,
        IT_SPEC,
        IT_ITEMS,
    );
    assert_eq!(got.len(), 2, "{got:?}");
}

#[test]
fn spans_are_written_as_text_with_an_occurrence_or_as_word_indices() {
    let (spec, items) = study(DE_SPEC, DE_ITEMS);
    let gold = Gold::load(
        r#"{"items": [{"item_id": "de-1", "answers": {"toxisch": {"stelle": [
            {"value": "beleidigung", "spans": ["widerlicher Lügner und Betrüger", {"text": "Lügner", "occurrence": 2}]},
            {"value": "drohung", "spans": [[0, 1]]}
          ]}}}]}"#,
        &spec,
        &items,
    )
    .expect("a good gold file");
    // Words: Du(0) bist(1) ein(2) widerlicher(3) Lügner(4) und(5) Betrüger(6) ,(7) ein(8) Lügner(9) !(10)
    let Expected::Spans(attrs) = &gold.items[0].answers.get("toxisch").unwrap() else {
        panic!("spans")
    };
    let stelle = attrs.get("stelle").unwrap();
    assert_eq!(stelle.get("beleidigung").unwrap(), &vec![3, 4, 5, 6, 9]);
    assert_eq!(stelle.get("drohung").unwrap(), &vec![0, 1]);

    let got = problems(
        r#"{"items": [{"item_id": "de-1", "answers": {"toxisch": {"stelle": {"value": "beleidigung",
            "spans": ["Lügner", "Schwindler", {"text": "Lügner", "occurrence": 3}, [9, 40]]}}}}]}"#,
        DE_SPEC,
        DE_ITEMS,
    );
    assert_eq!(got.len(), 4, "{got:#?}");
    assert!(
        got[0].contains("spans[0]: \"Lügner\" is in the text 2 times: add \"occurrence\": 1 … 2"),
        "{}",
        got[0]
    );
    assert!(
        got[1].contains("spans[1]: \"Schwindler\" is not in the item's text"),
        "{}",
        got[1]
    );
    assert!(
        got[2].contains("is in the text 2 times, not 3"),
        "{}",
        got[2]
    );
    assert!(
        got[3].contains("words 9..40 are not in the text (it has 11 words"),
        "{}",
        got[3]
    );
}

#[test]
fn span_gold_is_scored_per_value_by_words_not_entry_by_entry() {
    let (spec, items) = study(DE_SPEC, DE_ITEMS);
    let gold = Gold::load(
        r#"{"items": [{"item_id": "de-1", "answers": {"toxisch": {"stelle": [
            {"value": "beleidigung", "spans": ["widerlicher Lügner und Betrüger"]}]}}}]}"#,
        &spec,
        &items,
    )
    .unwrap();
    let result = |entries: serde_json::Value| json!({"item_id": "de-1", "answers": {"toxisch": {"stelle": entries}}});
    let span = |f: u64, l: u64| json!({"first_word": f, "last_word": l});
    // One gold span; the annotator marked the same words as two spans of two entries.
    let split = result(json!([
        {"value": "beleidigung", "spans": [span(3, 4)]},
        {"value": "beleidigung", "spans": [span(5, 6)]}
    ]));
    assert_eq!(passes(&gold, &spec, &split), Some(true));
    // The reverse: gold in two entries, the annotator one span.
    let gold2 = Gold::load(
        r#"{"items": [{"item_id": "de-1", "answers": {"toxisch": {"stelle": [
            {"value": "beleidigung", "spans": ["widerlicher Lügner"]},
            {"value": "beleidigung", "spans": ["und Betrüger"]}]}}}]}"#,
        &spec,
        &items,
    )
    .unwrap();
    let whole = result(json!([{"value": "beleidigung", "spans": [span(3, 6)]}]));
    assert_eq!(passes(&gold2, &spec, &whole), Some(true));
    // The right words with the wrong label, or an extra label the gold does not have.
    assert_eq!(
        passes(
            &gold,
            &spec,
            &result(json!([{"value": "drohung", "spans": [span(3, 6)]}]))
        ),
        Some(false)
    );
    let extra = result(json!([
        {"value": "beleidigung", "spans": [span(3, 6)]},
        {"value": "drohung", "spans": [span(0, 1)]}
    ]));
    assert_eq!(passes(&gold, &spec, &extra), Some(false));
    // Too few of the words (1 of 4).
    assert_eq!(
        passes(
            &gold,
            &spec,
            &result(json!([{"value": "beleidigung", "spans": [span(4, 4)]}]))
        ),
        Some(false)
    );
}

#[test]
fn numbers_per_output_are_checked_and_scored_within_the_band() {
    let got = problems(
        r#"{"items": [{"item_id": "de-1", "answers": {"score": {"sys-a": 100, "sys-c": 5, "sys-b": -1}}}]}"#,
        DE_SPEC,
        DE_ITEMS,
    );
    assert_eq!(got.len(), 2, "{got:#?}");
    assert!(
        got[0].contains("score.sys-b: -1 is not a whole number"),
        "{}",
        got[0]
    );
    assert!(
        got[1].contains("score.sys-c: item \"de-1\" has no output \"sys-c\""),
        "{}",
        got[1]
    );
    let (spec, items) = study(DE_SPEC, DE_ITEMS);
    let gold = Gold::load(
        r#"{"items": [{"item_id": "de-1", "answers": {"score": {"sys-a": 100, "sys-b": 50}}}]}"#,
        &spec,
        &items,
    )
    .unwrap();
    let r =
        |a: u64, b: u64| json!({"item_id": "de-1", "answers": {"score": {"sys-a": a, "sys-b": b}}});
    assert_eq!(passes(&gold, &spec, &r(190, 26)), Some(true));
    assert_eq!(passes(&gold, &spec, &r(201, 50)), Some(false));
    assert_eq!(passes(&gold, &spec, &json!({"item_id": "other"})), None);
}

#[test]
fn choices_are_exact() {
    let (spec, items) = study(IT_SPEC, IT_ITEMS);
    let gold = Gold::load(
        r#"{"items": [{"item_id": "it-003", "kind": "attention", "answers": {"valutazione": "totalmente_sbagliato"}}]}"#,
        &spec,
        &items,
    )
    .unwrap();
    assert_eq!(gold.items[0].kind, GoldKind::Attention);
    let r = |v: &str| json!({"item_id": "it-003", "answers": {"valutazione": v}});
    assert_eq!(passes(&gold, &spec, &r("totalmente_sbagliato")), Some(true));
    assert_eq!(passes(&gold, &spec, &r("totalmente_corretto")), Some(false));
    assert_eq!(
        passes(&gold, &spec, &json!({"item_id": "it-003", "answers": {}})),
        Some(false)
    );
}

#[test]
fn jaccard_is_intersection_over_union() {
    assert!((jaccard(&[1, 2, 3, 4], &[3, 4, 5, 6]) - 2.0 / 6.0).abs() < 1e-12);
    assert!((jaccard(&[1, 2], &[1, 2]) - 1.0).abs() < 1e-12);
}

/// Whether a result (JSON, as the host hands it over) passes its gold item.
fn passes(gold: &Gold, spec: &crate::spec::TaskSpec, result: &serde_json::Value) -> Option<bool> {
    gold.passes(&crate::result::ResultDoc::read(spec, result).expect("the result reads"))
}

#[test]
fn a_labelled_spans_gold_severity_is_checked_against_the_spec_and_scored() {
    const MQM_SPEC: &str = include_str!("../../../www/examples/en-de-mqm/spec.json");
    const MQM_ITEMS: &str = include_str!("../../../www/examples/en-de-mqm/items.json");
    let gold = |severity: &str| {
        format!(
            r#"{{"items": [{{"item_id": "wmt-001", "answers": {{"errors": {{"spans": [
              {{"label": "accuracy", "text": "nächsten Dienstag", "attributes": {{"severity": "{severity}", "note": "free"}}}}
            ]}}}}}}]}}"#
        )
    };
    let got = problems(&gold("blocker"), MQM_SPEC, MQM_ITEMS);
    assert_eq!(got.len(), 1, "{got:#?}");
    assert!(
        got[0].starts_with("items[0].answers.errors.spans[0].attributes.severity: \"blocker\" is not a value of \"severity\": use one of minor, major, critical"),
        "{}",
        got[0]
    );
    let (spec, items) = study(MQM_SPEC, MQM_ITEMS);
    let file = Gold::load(&gold("major"), &spec, &items).expect("loads");
    let result = |severity: &str| {
        let json = json!({"format": "glossa.result/1", "spec": {"id": spec.id, "version": spec.version},
          "item_id": "wmt-001", "answers": {"errors": {"spans": [{"label": "accuracy",
            "text": "nächsten Dienstag", "start": 22, "end": 39, "start_utf16": 22, "end_utf16": 39,
            "first_word": 4, "last_word": 5, "attributes": {"severity": severity}}]}}});
        crate::result::ResultDoc::read(&spec, &json).expect("reads")
    };
    assert_eq!(file.passes(&result("major")), Some(true));
    assert_eq!(
        file.passes(&result("minor")),
        Some(false),
        "the right span with the wrong severity misses"
    );
}
