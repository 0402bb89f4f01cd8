//! The pure core end to end, natively: load the shipped Italian example, act, validate, build.
#![cfg(not(target_arch = "wasm32"))]

use glossa::task::Task;

use glossa::form::{apply, Action, FormState, KindEdit};
use glossa::item::{self, Item};
use glossa::result::{build, Environment, ResultDoc, RESULT_FORMAT};
use glossa::spec::{Control, TaskSpec};
use glossa::support::ids::{ControlId, OptionValue};
use glossa::support::sorted_map::SortedMap;
use glossa::validate::{ProblemCode, Report};
use proptest::prelude::*;

fn example() -> (TaskSpec, Vec<Item>) {
    let spec = glossa::mount::load_spec(include_str!("../www/examples/it-implicit/spec.json"))
        .expect("spec");
    let items =
        item::parse_items(include_str!("../www/examples/it-implicit/items.json")).expect("items");
    assert!(item::check_items(&spec, &items).is_empty());
    (spec, items)
}

fn choose(value: &str) -> Action {
    Action::kind(
        ControlId::from("valutazione"),
        KindEdit::SingleChoice(OptionValue::from(value)),
    )
}

fn result(
    spec: &TaskSpec,
    item: &Item,
    form: &FormState,
    ids: &SortedMap<String, String>,
    now: u64,
) -> Result<ResultDoc, Report> {
    build(&bind(spec, item), form, &Environment::default(), ids, now)
}

#[test]
fn nothing_chosen_is_reported_as_required() {
    let (spec, items) = example();
    let form = FormState::new(1_000);
    let report = form.report(&bind(&spec, &items[0]));
    assert!(!report.is_valid());
    assert_eq!(report.problems[0].code, ProblemCode::Required);
    assert_eq!(report.problems[0].path, "valutazione");
    let err = result(&spec, &items[0], &form, &SortedMap::new(), 2_000).unwrap_err();
    assert_eq!(err.error_count(), 1);
}

#[test]
fn a_choice_builds_a_result_with_the_option_value_ids_and_timings() {
    let (spec, items) = example();
    let it = &items[1];
    let mut form = FormState::new(1_000);
    form = apply(&bind(&spec, it), &form, choose("totalmente_sbagliato"));
    form = apply(
        &bind(&spec, it),
        &form,
        Action::Visibility {
            visible: false,
            now_ms: 4_000,
        },
    );
    form = apply(
        &bind(&spec, it),
        &form,
        Action::Visibility {
            visible: true,
            now_ms: 9_000,
        },
    );
    let ids = SortedMap::from([("participant".to_owned(), "P7".to_owned())]);
    let doc = result(&spec, it, &form, &ids, 10_000).expect("valid");
    let json = serde_json::to_value(&doc).unwrap();
    assert_eq!(json["format"], RESULT_FORMAT);
    assert_eq!(
        json["spec"],
        serde_json::json!({"id": "implicit-content-it", "version": "1.0.0"})
    );
    assert_eq!(json["item_id"], "it-002");
    assert_eq!(
        json["answers"],
        serde_json::json!({"valutazione": "totalmente_sbagliato"})
    );
    assert_eq!(json["ids"], serde_json::json!({"participant": "P7"}));
    assert_eq!(json["timings"]["duration_ms"], 9_000);
    assert_eq!(
        json["timings"]["active_ms"], 4_000,
        "3 s before hiding + 1 s after showing again"
    );
    assert_eq!(json["timings"]["started_at"], "1970-01-01T00:00:01.000Z");
    assert_eq!(json["environment"]["ui_language"], "it");
}

#[test]
fn unknown_options_and_changes_after_submit_are_ignored() {
    let (spec, items) = example();
    let it = &items[0];
    let form = apply(&bind(&spec, it), &FormState::new(0), choose("non_esiste"));
    assert!(form.answers.is_empty());
    let form = apply(&bind(&spec, it), &form, choose("totalmente_corretto"));
    let form = apply(&bind(&spec, it), &form, Action::Submitted { now_ms: 5 });
    let after = apply(&bind(&spec, it), &form, choose("risposta_non_fornita"));
    assert_eq!(
        after.choice(&ControlId::from("valutazione")),
        Some(&OptionValue::from("totalmente_corretto"))
    );
    let cleared = apply(
        &bind(&spec, it),
        &form,
        Action::Clear {
            control: ControlId::from("valutazione"),
        },
    );
    assert_eq!(cleared, form);
}

/// An edit is taken only by a control of its kind that can take it: a valid option, not an
/// unknown one, not a text for a choice, nothing for an unknown control; `Clear` clears it.
#[test]
fn an_edit_is_taken_only_by_a_control_of_its_kind() {
    let (spec, items) = example();
    let task = bind(&spec, &items[0]);
    let chosen = |control: &str, v: &str| {
        Action::kind(
            ControlId::from(control),
            KindEdit::SingleChoice(OptionValue::from(v)),
        )
    };
    let form = apply(
        &task,
        &FormState::new(0),
        chosen("valutazione", "non_esiste"),
    );
    assert!(form.answers.is_empty(), "an unknown option is refused");
    let form = apply(
        &task,
        &form,
        Action::kind(ControlId::from("valutazione"), KindEdit::Text("x".into())),
    );
    assert!(form.answers.is_empty(), "a text is not a choice's edit");
    let form = apply(&task, &form, chosen("nessuno", "totalmente_corretto"));
    assert!(form.answers.is_empty(), "an unknown control is refused");
    let form = apply(&task, &form, chosen("valutazione", "totalmente_corretto"));
    assert_eq!(
        form.choice(&ControlId::from("valutazione")),
        Some(&OptionValue::from("totalmente_corretto"))
    );
    assert!(result(&spec, &items[0], &form, &SortedMap::new(), 10).is_ok());
    let cleared = apply(
        &task,
        &form,
        Action::Clear {
            control: ControlId::from("valutazione"),
        },
    );
    assert!(cleared.answers.is_empty());
}

fn action_strategy(values: Vec<String>) -> impl Strategy<Value = Action> {
    let value = prop_oneof![proptest::sample::select(values), "[a-z_]{0,12}"];
    prop_oneof![
        value.prop_map(|v| Action::kind(
            ControlId::from("valutazione"),
            KindEdit::SingleChoice(OptionValue(v))
        )),
        Just(Action::Clear {
            control: ControlId::from("valutazione")
        }),
        Just(Action::SubmitRefused { now_ms: 0 }),
        (any::<bool>(), 0u64..1_000_000)
            .prop_map(|(visible, now_ms)| Action::Visibility { visible, now_ms }),
    ]
}

proptest! {
    /// Whatever the annotator does, the answer is either absent or one of the spec's options,
    /// and a result can be built exactly when the report is valid.
    #[test]
    fn any_action_sequence_keeps_answers_legal(actions in proptest::collection::vec(
        action_strategy(vec!["totalmente_corretto".into(), "risposta_non_fornita".into()]), 0..30)) {
        let (spec, items) = example();
        let Control::SingleChoice(c) = &spec.controls[0] else { unreachable!() };
        let mut form = FormState::new(0);
        for a in actions {
            form = apply(&bind(&spec, &items[0]), &form, a);
            if let Some(v) = form.choice(&c.id) {
                prop_assert!(c.options.iter().any(|o| &o.value == v));
            }
        }
        let built = result(&spec, &items[0], &form, &SortedMap::new(), 2_000_000);
        prop_assert_eq!(built.is_ok(), form.report(&bind(&spec, &items[0])).is_valid());
    }

    /// Arbitrary text never panics the spec or item loaders.
    #[test]
    fn loaders_never_panic(text in ".{0,200}") {
        let _ = glossa::mount::load_spec(&text);
        let _ = item::parse_items(&text);
    }
}

/// Binds a spec and an item into a task (no shuffle seed).
fn bind(spec: &TaskSpec, item: &Item) -> Task {
    Task::new(spec.clone(), item.clone(), None)
}
