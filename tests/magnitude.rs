//! Magnitude estimation (family 2), natively: the shipped English example, number rules,
//! results keyed by output id, shuffled orders recorded.
#![cfg(not(target_arch = "wasm32"))]

use glossa::task::Task;

use glossa::form::{apply, Action, FormState, KindEdit};
use glossa::item::{self, Item};
use glossa::kinds::number::NumberEdit;
use glossa::result::{build, Environment};
use glossa::spec::{SpecIssueCode, TaskSpec};
use glossa::support::ids::ControlId;
use glossa::support::sorted_map::SortedMap;
use glossa::task::presentation::Presentation;
use glossa::validate::ProblemCode;

const SPEC: &str = include_str!("../www/examples/en-informativeness/spec.json");

fn example() -> (TaskSpec, Vec<Item>) {
    let spec = glossa::mount::load_spec(SPEC).expect("spec");
    let items = item::parse_items(include_str!(
        "../www/examples/en-informativeness/items.json"
    ))
    .expect("items");
    assert_eq!(item::check_items(&spec, &items), vec![]);
    (spec, items)
}

fn typed(spec: &TaskSpec, item: &Item, scores: &[(&str, &str)]) -> FormState {
    scores.iter().fold(FormState::new(0), |form, (id, text)| {
        let action = Action::kind(
            ControlId::from("informativeness"),
            KindEdit::Number(NumberEdit {
                key: Some((*id).to_owned()),
                text: (*text).to_owned(),
            }),
        );
        apply(&bind(spec, item), &form, action)
    })
}

#[test]
fn the_manuals_example_gives_integers_keyed_by_output_id() {
    let (spec, items) = example();
    let it = &items[0];
    let form = typed(
        &spec,
        it,
        &[("sys-a", "70"), ("sys-b", "100"), ("sys-c", "90")],
    );
    let doc = build(
        &bind(&spec, it),
        &form,
        &Environment::default(),
        &SortedMap::new(),
        1,
    )
    .expect("valid");
    let json = serde_json::to_value(&doc).unwrap();
    assert_eq!(
        json["answers"]["informativeness"],
        serde_json::json!({"sys-a": 70, "sys-b": 100, "sys-c": 90})
    );
    assert_eq!(
        json["shown"]["order"]["informativeness"],
        serde_json::json!(["sys-a", "sys-b", "sys-c"])
    );
    assert_eq!(
        json["shown"]["standards"],
        serde_json::json!([{"score_label": "Informativeness", "score": 100}])
    );
}

#[test]
fn every_box_must_hold_a_valid_number_each_problem_at_its_output() {
    let (spec, items) = example();
    let it = &items[0];
    let form = typed(&spec, it, &[("sys-a", "1.5"), ("sys-c", "0012")]);
    let report = form.report(&bind(&spec, it));
    let got: Vec<(&str, ProblemCode)> = report
        .problems
        .iter()
        .map(|p| (p.path.as_str(), p.code))
        .collect();
    assert_eq!(
        got,
        vec![
            ("informativeness.sys-a", ProblemCode::NumberNotWhole),
            ("informativeness.sys-b", ProblemCode::Required),
            ("informativeness.sys-c", ProblemCode::NumberLeadingZero),
        ]
    );
    assert_eq!(report.problems[0].message(spec.language), "Use a whole number written with digits only: no decimals, fractions, spaces or separators.");
}

#[test]
fn clearing_a_box_removes_its_answer_and_unknown_outputs_are_ignored() {
    let (spec, items) = example();
    let it = &items[0];
    let form = typed(&spec, it, &[("sys-a", "5"), ("nope", "7"), ("sys-a", "")]);
    assert!(form.answers.is_empty());
}

/// Items with 2 and 5 outputs, for a spec that fixes no count.
fn varying() -> Vec<Item> {
    item::parse_items(include_str!("fixtures/en-varying-items.json")).expect("items")
}

/// The shipped spec without its fixed `outputs.count` (any number of outputs).
fn any_count() -> TaskSpec {
    glossa::mount::load_spec(&SPEC.replace(",\n        \"count\": 3", "")).expect("spec")
}

#[test]
fn the_number_of_outputs_comes_from_the_item() {
    let (spec, items) = (any_count(), varying());
    assert!(spec.controls.iter().all(|c| !matches!(c, glossa::spec::Control::Number(n) if n.outputs.as_ref().unwrap().count.is_some())));
    assert_eq!(item::check_items(&spec, &items), vec![]);
    for (it, n) in [(&items[0], 2), (&items[1], 5)] {
        let report = FormState::new(0).report(&bind(&spec, it));
        assert_eq!(report.problems.len(), n, "{}", it.id);
    }
}

#[test]
fn shuffled_order_is_recorded_and_reproducible() {
    let text = SPEC
        .replace("\"shuffle\": false", "\"shuffle\": true")
        .replace(",\n        \"count\": 3", "");
    let spec = glossa::mount::load_spec(&text).expect("spec");
    let items = varying();
    let it = &items[1];
    let a = Presentation::new(&spec, it, Some("P-17"));
    assert_eq!(a, Presentation::new(&spec, it, Some("P-17")));
    assert_eq!(a.seed.as_deref(), Some("P-17/e2e-004/informativeness"));
    let mut ids = a.order[&ControlId::from("informativeness")].clone();
    ids.sort();
    assert_eq!(ids, ["sys-a", "sys-b", "sys-c", "sys-d", "sys-e"]);
}

#[test]
fn spec_and_item_mistakes_are_named() {
    let bad = SPEC
        .replace("\"max_digits\": 6", "\"max_digits\": 19")
        .replace("\"u3\": 90", "\"u3\": 0");
    let issues = glossa::mount::load_spec(&bad).unwrap_err();
    let got: Vec<(&str, SpecIssueCode)> =
        issues.iter().map(|i| (i.path.as_str(), i.code)).collect();
    assert!(
        got.contains(&("controls[0].max_digits", SpecIssueCode::InvalidLimits)),
        "{got:?}"
    );
    assert!(
        got.contains(&(
            "examples[0].answers.informativeness.u3",
            SpecIssueCode::InvalidExampleAnswer
        )),
        "{got:?}"
    );

    let (spec, _) = example();
    let items = item::parse_items(
        r#"[{"id": "x", "mr": "name[A], area", "outputs": [{"id": "a", "text": "t"}, {"id": "a", "text": "u"}]},
            {"id": "y", "mr": "name[A]", "outputs": "not a list"}]"#,
    )
    .unwrap();
    let got: Vec<(String, SpecIssueCode)> = item::check_items(&spec, &items)
        .into_iter()
        .map(|i| (i.path, i.code))
        .collect();
    assert!(
        got.contains(&(
            "items[0].mr".into(),
            SpecIssueCode::MalformedMeaningRepresentation
        )),
        "{got:?}"
    );
    assert!(
        got.contains(&(
            "items[0].outputs[1].id".into(),
            SpecIssueCode::DuplicateOutputId
        )),
        "{got:?}"
    );
    assert!(
        got.contains(&("items[1].outputs".into(), SpecIssueCode::InvalidField)),
        "{got:?}"
    );
}

#[test]
fn a_spec_fixing_three_outputs_refuses_items_with_two_or_five_naming_each() {
    let (spec, _) = example();
    let issues = item::check_items(&spec, &varying());
    let got: Vec<(&str, SpecIssueCode, &str)> = issues
        .iter()
        .map(|i| (i.path.as_str(), i.code, i.message.as_str()))
        .collect();
    assert_eq!(
        got,
        vec![
            ("items[0].outputs", SpecIssueCode::WrongOutputCount,
             "item \"e2e-003\" lists 2 output(s) but this task shows exactly 3 per item; give the item 3 outputs (or change the spec's outputs.count)"),
            ("items[1].outputs", SpecIssueCode::WrongOutputCount,
             "item \"e2e-004\" lists 5 output(s) but this task shows exactly 3 per item; give the item 3 outputs (or change the spec's outputs.count)"),
        ]
    );
    // `mount` reads one item through the same check: the widget shows this panel instead.
    let one = serde_json::to_string(&varying()[0]).unwrap();
    let refused = item::load(&spec, &one).unwrap_err();
    assert_eq!(refused[0].path, "item.outputs");
    assert_eq!(refused[0].code, SpecIssueCode::WrongOutputCount);
    // A count of zero is a spec mistake.
    let zero = glossa::mount::load_spec(&SPEC.replace("\"count\": 3", "\"count\": 0")).unwrap_err();
    assert_eq!(zero[0].path, "controls[0].outputs.count");
}

/// Binds a spec and an item into a task (no shuffle seed).
fn bind(spec: &TaskSpec, item: &Item) -> Task {
    Task::new(spec.clone(), item.clone(), None)
}
