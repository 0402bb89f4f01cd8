//! The spec's `min_seconds`: a submit before that much visible time is refused with the
//! seconds still to go, hidden time does not count, a draft keeps the clock, the spec check
//! refuses nonsense, and `glossa validate` flags a result that came too soon.
#![cfg(not(target_arch = "wasm32"))]

use glossa::form::{apply, Action, FormState, KindEdit};
use glossa::item;
use glossa::result::{build, Environment};
use glossa::support::ids::{ControlId, OptionValue};
use glossa::support::sorted_map::SortedMap;
use glossa::task::Task;
use glossa::validate::{min_time, ProblemCode};

const T0: u64 = 1_790_000_000_000;

fn task(min_seconds: Option<u32>) -> Task {
    let mut spec = glossa::mount::load_spec(include_str!("../www/examples/it-implicit/spec.json"))
        .expect("spec");
    spec.min_seconds = min_seconds;
    let items =
        item::parse_items(include_str!("../www/examples/it-implicit/items.json")).expect("items");
    Task::new(spec, items[0].clone(), Some("s"))
}

fn answered(t: &Task) -> FormState {
    apply(
        t,
        &FormState::new(T0),
        Action::kind(
            ControlId::from("valutazione"),
            KindEdit::SingleChoice(OptionValue::from("totalmente_sbagliato")),
        ),
    )
}

fn submit(t: &Task, f: &FormState, at_s: u64) -> Result<(), Vec<ProblemCode>> {
    build(
        t,
        f,
        &Environment::default(),
        &SortedMap::new(),
        T0 + at_s * 1000,
    )
    .map(|_| ())
    .map_err(|r| r.problems.iter().map(|p| p.code).collect())
}

#[test]
fn a_submit_before_the_minimum_is_refused_with_the_time_to_go() {
    let t = task(Some(20));
    let f = answered(&t);
    assert_eq!(submit(&t, &f, 5), Err(vec![ProblemCode::MinTime]));
    let refused = apply(&t, &f, Action::SubmitRefused { now_ms: T0 + 5_400 });
    assert_eq!(refused.early_s, Some(15), "14.6 s rounds up to 15");
    assert_eq!(
        min_time::problem(&t.spec, 15).message(t.spec.language),
        "Dedica almeno 20 secondi a questo elemento; mancano 15 secondi.",
        "in the task's language"
    );
    assert_eq!(submit(&t, &refused, 20), Ok(()));
    let done = apply(
        &t,
        &refused,
        Action::Submitted {
            now_ms: T0 + 20_000,
        },
    );
    assert_eq!(done.early_s, None);
    // Without the field, no minimum.
    let free = task(None);
    assert_eq!(submit(&free, &answered(&free), 0), Ok(()));
    // Answers come first: an unanswered form is refused for them, not for the time.
    assert_eq!(
        submit(&t, &FormState::new(T0), 1),
        Err(vec![ProblemCode::Required])
    );
}

#[test]
fn hidden_time_does_not_count_and_a_draft_keeps_the_clock() {
    let t = task(Some(20));
    let f = answered(&t);
    let hidden = apply(
        &t,
        &f,
        Action::Visibility {
            visible: false,
            now_ms: T0 + 10_000,
        },
    );
    let back = apply(
        &t,
        &hidden,
        Action::Visibility {
            visible: true,
            now_ms: T0 + 60_000,
        },
    );
    // 10 s visible, 50 s hidden, 5 s visible again: 15 s of the 20.
    assert_eq!(submit(&t, &back, 65), Err(vec![ProblemCode::MinTime]));
    assert_eq!(submit(&t, &back, 70), Ok(()));
    // A reload 12 s in: the restored form has those 12 s.
    let draft = glossa::form::draft::Draft::of(&t, &f, T0 + 12_000);
    let restored = draft.restore(&t, T0 + 13_000).expect("restores");
    assert_eq!(
        min_time::left_s(&t.spec, restored.active_ms_at(T0 + 13_000)),
        Some(8)
    );
}

#[test]
fn the_spec_check_names_a_minimum_out_of_range() {
    let json = include_str!("../www/examples/it-implicit/spec.json");
    let mut v: serde_json::Value = serde_json::from_str(json).unwrap();
    v["min_seconds"] = 0.into();
    let issues = glossa::spec::load(&v.to_string()).unwrap_err();
    assert_eq!(issues[0].path, "min_seconds");
    v["min_seconds"] = 30.into();
    assert!(glossa::spec::load(&v.to_string()).is_ok());
}

#[test]
fn a_result_that_came_too_soon_is_a_finding() {
    let t = task(Some(20));
    let f = answered(&t);
    let doc = build(
        &task(None),
        &f,
        &Environment::default(),
        &SortedMap::new(),
        T0 + 3_000,
    )
    .expect("no minimum");
    let json = serde_json::to_value(&doc).unwrap();
    let findings = glossa::analysis::revalidate::check_result(&t, &json);
    assert_eq!(findings.len(), 1, "{findings:?}");
    assert_eq!(findings[0].path, "timings.active_ms");
    assert!(findings[0].message.contains("20"));
    let slow = build(
        &t,
        &f,
        &Environment::default(),
        &SortedMap::new(),
        T0 + 25_000,
    )
    .unwrap();
    assert!(
        glossa::analysis::revalidate::check_result(&t, &serde_json::to_value(&slow).unwrap())
            .is_empty()
    );
}
