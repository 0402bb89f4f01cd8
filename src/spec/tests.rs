//! Spec parsing and semantic checks.

use super::*;

pub(crate) fn minimal() -> serde_json::Value {
    serde_json::json!({
        "glossa": 1, "id": "t", "version": "1", "language": "it",
        "blocks": [{"kind": "text", "field": "testo", "label": "Testo"}],
        "controls": [{"kind": "single_choice", "id": "g", "label": "Giudizio",
            "options": [{"value": "a", "label": "A", "key": "1"}, {"value": "b", "label": "B", "key": "2"}]}]
    })
}

fn codes(v: serde_json::Value) -> Vec<(String, SpecIssueCode)> {
    match load(&v.to_string()) {
        Ok(_) => vec![],
        Err(issues) => issues.into_iter().map(|i| (i.path, i.code)).collect(),
    }
}

#[test]
fn minimal_spec_loads_and_requires_by_default() {
    let spec = load(&minimal().to_string()).expect("loads");
    let Control::SingleChoice(c) = &spec.controls[0] else {
        unreachable!()
    };
    assert!(c.required);
}

#[test]
fn unknown_field_is_reported_with_its_path() {
    let mut v = minimal();
    v["controls"][0]["options"][1]["colour"] = "red".into();
    let got = codes(v);
    assert_eq!(
        got,
        vec![(
            "controls[0].options[1].colour".to_owned(),
            SpecIssueCode::InvalidField
        )]
    );
    let mut v = minimal();
    v["titel"] = "x".into();
    assert_eq!(codes(v)[0].1, SpecIssueCode::InvalidField);
}

#[test]
fn unknown_control_kind_is_reported() {
    let mut v = minimal();
    v["controls"][0]["kind"] = "likert".into();
    assert_eq!(
        codes(v),
        vec![("controls[0]".to_owned(), SpecIssueCode::InvalidField)]
    );
}

#[test]
fn wrong_type_and_bad_language_are_reported() {
    let mut v = minimal();
    v["language"] = "de".into();
    assert_eq!(codes(v.clone()), vec![], "any language tag is a language");
    v["language"] = "Deutsch (Österreich)".into();
    assert_eq!(
        codes(v),
        vec![("language".to_owned(), SpecIssueCode::InvalidField)]
    );
    assert_eq!(
        load("{ not json").unwrap_err()[0].code,
        SpecIssueCode::InvalidJson
    );
}

#[test]
fn duplicate_values_ids_and_keys_are_all_reported_at_once() {
    let mut v = minimal();
    v["controls"][0]["options"][1]["value"] = "a".into();
    v["controls"][0]["options"][1]["key"] = "1".into();
    let dup = v["controls"][0].clone();
    v["controls"].as_array_mut().unwrap().push(dup);
    let got = codes(v);
    let expect = [
        (
            "controls[0].options[1].value",
            SpecIssueCode::DuplicateOptionValue,
        ),
        (
            "controls[0].options[1].key",
            SpecIssueCode::DuplicateShortcutKey,
        ),
        ("controls[1].id", SpecIssueCode::DuplicateControlId),
    ];
    for (path, code) in expect {
        assert!(
            got.contains(&(path.to_owned(), code)),
            "{path} {code:?} missing in {got:?}"
        );
    }
}

#[test]
fn bad_keys_empty_options_and_format_are_reported() {
    let mut v = minimal();
    v["glossa"] = 2.into();
    v["controls"][0]["options"][0]["key"] = "F1".into();
    let got = codes(v);
    assert!(got.contains(&("glossa".into(), SpecIssueCode::UnsupportedFormat)));
    assert!(got.contains(&(
        "controls[0].options[0].key".into(),
        SpecIssueCode::InvalidShortcutKey
    )));
    let mut v = minimal();
    v["controls"][0]["options"] = serde_json::json!([]);
    assert_eq!(
        codes(v),
        vec![("controls[0].options".to_owned(), SpecIssueCode::NoOptions)]
    );
}
