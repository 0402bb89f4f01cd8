//! Drafts, natively: every family's work survives a save and restore exactly, and a stale or
//! tampered draft restores only what the form model allows.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use glossa::answer::Answer;
use glossa::form::draft::{storage_key, Draft};
use glossa::form::{apply, Action, FormState, KindEdit};
use glossa::kinds::grid::GridEdit;
use glossa::kinds::number::NumberEdit;
use glossa::kinds::span_attributes::SpanEdit;
use glossa::support::ids::{ControlId, OptionValue};
use glossa::support::sorted_map::SortedMap;
use glossa::task::Task;

fn task(dir: &str, spec_file: &str, items_file: &str, n: usize) -> Task {
    common::example_task(dir, spec_file, items_file, n)
}

/// 2026-11-24T06:00:00Z: an item is shown at T0 (ms since the epoch).
const T0: u64 = 1_795_500_000_000;

fn run(t: &Task, actions: Vec<Action>) -> FormState {
    actions
        .into_iter()
        .fold(FormState::new(T0 + 1_000), |f, a| apply(t, &f, a))
}

fn round_trip(t: &Task, form: &FormState) -> FormState {
    let json = serde_json::to_string(&Draft::of(t, form, T0 + 5_000)).unwrap();
    // Read back the way the widget reads storage: text -> Value -> Glossa's deserialiser.
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    let draft: Draft = glossa::spec::from_value(&value).unwrap();
    draft.restore(t, T0 + 9_000).expect("same task")
}

#[test]
fn every_family_round_trips() {
    let c = |s: &str| ControlId::from(s);
    let cases = vec![
        (
            task("it-implicit", "spec.json", "items.json", 0),
            vec![Action::kind(
                c("valutazione"),
                KindEdit::SingleChoice(OptionValue::from("parzialmente_corretto")),
            )],
        ),
        (
            task("en-informativeness", "spec.json", "items.json", 0),
            vec![
                Action::kind(
                    c("informativeness"),
                    KindEdit::Number(NumberEdit {
                        key: Some("sys-a".into()),
                        text: "7".into(),
                    }),
                ),
                Action::kind(
                    c("informativeness"),
                    KindEdit::Number(NumberEdit {
                        key: Some("sys-b".into()),
                        text: "1.5".into(),
                    }),
                ),
                Action::Leave {
                    path: "informativeness.sys-b".into(),
                },
            ],
        ),
        (
            task(
                "cs-summary-errors",
                "abstract-spec.json",
                "abstract-items.json",
                0,
            ),
            vec![
                Action::kind(
                    c("errors"),
                    KindEdit::Grid(GridEdit::Choose {
                        row: 0,
                        column: "mapping".into(),
                        value: "omission".into(),
                    }),
                ),
                Action::kind(
                    c("errors"),
                    KindEdit::Grid(GridEdit::Choose {
                        row: 0,
                        column: "meaning".into(),
                        value: "pragmatic".into(),
                    }),
                ),
                Action::kind(
                    c("errors"),
                    KindEdit::Grid(GridEdit::Choose {
                        row: 2,
                        column: "special".into(),
                        value: "ok".into(),
                    }),
                ),
            ],
        ),
        (
            task("cs-propaganda", "spec.json", "items.json", 0),
            vec![
                Action::Select {
                    control: c("techniky"),
                    anchor: 5,
                    focus: 6,
                    complete: true,
                },
                Action::kind(
                    c("techniky"),
                    KindEdit::SpanAttributes(SpanEdit::Assign {
                        attr: "vina".into(),
                        entry: None,
                    }),
                ),
                Action::kind(
                    c("techniky"),
                    KindEdit::SpanAttributes(SpanEdit::Value {
                        attr: "vina".into(),
                        entry: 0,
                        value: Some("ano".into()),
                    }),
                ),
                Action::Select {
                    control: c("techniky"),
                    anchor: 40,
                    focus: 41,
                    complete: true,
                },
                Action::kind(
                    c("techniky"),
                    KindEdit::SpanAttributes(SpanEdit::Assign {
                        attr: "politik".into(),
                        entry: None,
                    }),
                ),
                Action::Select {
                    control: c("techniky"),
                    anchor: 50,
                    focus: 51,
                    complete: true,
                },
                Action::kind(
                    c("techniky"),
                    KindEdit::SpanAttributes(SpanEdit::Assign {
                        attr: "politik".into(),
                        entry: None,
                    }),
                ),
                Action::Select {
                    control: c("techniky"),
                    anchor: 60,
                    focus: 60,
                    complete: true,
                },
                Action::kind(
                    c("techniky"),
                    KindEdit::SpanAttributes(SpanEdit::Assign {
                        attr: "politik".into(),
                        entry: Some(1),
                    }),
                ),
                Action::kind(
                    c("techniky"),
                    KindEdit::SpanAttributes(SpanEdit::Value {
                        attr: "politik".into(),
                        entry: 1,
                        value: Some("negativni".into()),
                    }),
                ),
                Action::kind(c("poznamka"), KindEdit::Text("rozepsaná poznámka".into())),
                Action::kind(
                    c("zanr"),
                    KindEdit::SingleChoice(OptionValue::from("rozhovor")),
                ),
            ],
        ),
    ];
    for (t, actions) in cases {
        let form = run(&t, actions);
        assert!(!form.answers.is_empty());
        let back = round_trip(&t, &form);
        assert_eq!(back.answers, form.answers, "{}", t.spec.id);
        assert_eq!(back.touched, form.touched);
        assert_eq!(back.started_ms, T0 + 1_000);
        assert_eq!(back.active_ms, 4_000, "active time carries over");
        assert_eq!(
            back.visible_since,
            Some(T0 + 9_000),
            "visible time restarts at the restore"
        );
        assert!(!back.timing_dropped);
    }
}

#[test]
fn drafts_restore_only_into_the_same_spec_version_and_item() {
    let t = task("it-implicit", "spec.json", "items.json", 0);
    let other = task("it-implicit", "spec.json", "items.json", 1);
    let draft = Draft::of(&t, &FormState::new(0), 1);
    assert!(draft.restore(&other, 2).is_none());
    let mut bumped = draft.clone();
    bumped.spec_version = "0.9".into();
    assert!(bumped.restore(&t, 2).is_none());
}

#[test]
fn a_tampered_draft_restores_only_legal_answers() {
    let t = task("it-implicit", "spec.json", "items.json", 0);
    let mut draft = Draft::of(&t, &FormState::new(0), 1);
    draft.answers.insert(
        ControlId::from("valutazione"),
        Answer::Choice(OptionValue::from("<script>")),
    );
    draft
        .answers
        .insert(ControlId::from("nope"), Answer::Text("x".into()));
    let form = draft.restore(&t, 2).unwrap();
    assert!(form.answers.is_empty());
}

#[test]
fn keys_separate_participants_items_and_versions() {
    let t = task("it-implicit", "spec.json", "items.json", 0);
    let a = SortedMap::from([("participant".to_owned(), "P1".to_owned())]);
    let b = SortedMap::from([("participant".to_owned(), "P2".to_owned())]);
    assert_ne!(storage_key(&t, &a), storage_key(&t, &b));
    assert_eq!(
        storage_key(&t, &a),
        "glossa:draft/1:implicit-content-it@1.0.0:it-001:participant=P1"
    );
}

/// The fault: 1 s on an item, 5 s away (page gone), back: the restored form counted the time
/// from the first start again, so `active_ms` (7,441) exceeded `duration_ms` (6,304).
#[test]
fn a_restored_draft_counts_each_visible_moment_once() {
    let t = task("it-implicit", "spec.json", "items.json", 0);
    let shown = FormState::new(T0);
    let draft = Draft::of(&t, &shown, T0 + 1_000); // saved when the page went away after 1 s
    let back = draft.restore(&t, T0 + 6_000).unwrap(); // restored 5 s later
    let form = apply(
        &t,
        &back,
        Action::kind(
            ControlId::from("valutazione"),
            KindEdit::SingleChoice(OptionValue::from("totalmente_corretto")),
        ),
    );
    let doc = glossa::result::build(
        &t,
        &form,
        &Default::default(),
        &SortedMap::new(),
        T0 + 6_300,
    )
    .unwrap();
    assert_eq!(doc.timings.duration_ms, 6_300);
    assert_eq!(
        doc.timings.active_ms, 1_300,
        "1 s before the save + 0.3 s after the restore"
    );
    assert!(doc.warnings.is_empty());
}

#[test]
fn impossible_draft_timings_are_dropped_with_a_warning() {
    let t = task("it-implicit", "spec.json", "items.json", 0);
    let now = T0 + 60_000;
    let good = Draft::of(&t, &FormState::new(T0), T0 + 1_000);
    let cases: Vec<(&str, Draft)> = vec![
        (
            "started in 1970",
            Draft {
                started_ms: 0,
                active_ms: 1_000,
                ..good.clone()
            },
        ),
        (
            "started in the future",
            Draft {
                started_ms: now + 1,
                active_ms: 0,
                ..good.clone()
            },
        ),
        (
            "active time above 2^53",
            Draft {
                active_ms: (1 << 53) + 5,
                ..good.clone()
            },
        ),
        (
            "more active time than elapsed",
            Draft {
                active_ms: 60_001,
                ..good.clone()
            },
        ),
    ];
    for (why, draft) in cases {
        assert!(!draft.timing_possible(now), "{why}");
        let form = draft.restore(&t, now).unwrap();
        assert!(form.timing_dropped, "{why}");
        assert_eq!(
            (form.started_ms, form.active_ms),
            (now, 0),
            "{why}: timing restarts"
        );
        let form = apply(
            &t,
            &form,
            Action::kind(
                ControlId::from("valutazione"),
                KindEdit::SingleChoice(OptionValue::from("totalmente_corretto")),
            ),
        );
        let doc =
            glossa::result::build(&t, &form, &Default::default(), &SortedMap::new(), now + 500)
                .unwrap();
        assert_eq!(
            doc.timings.started_at,
            glossa::support::time::iso8601(now),
            "{why}"
        );
        assert_eq!(
            (doc.timings.duration_ms, doc.timings.active_ms),
            (500, 500),
            "{why}"
        );
        let json = serde_json::to_value(&doc).unwrap();
        assert_eq!(json["warnings"][0]["code"], "draft_timing_dropped", "{why}");
        assert_eq!(json["warnings"][0]["path"], "timings", "{why}");
        assert_eq!(json["warnings"][0]["severity"], "warning", "{why}");
    }
    assert!(good.timing_possible(now));
    assert!(!good.restore(&t, now).unwrap().timing_dropped);
}

#[test]
fn a_gold_item_is_not_a_new_annotators_first_item() {
    let t = task("it-implicit", "spec.json", "items.json", 0);
    let mut ids = SortedMap::new();
    ids.insert("PROLIFIC_PID".to_owned(), "5f1a".to_owned());
    let plain = glossa::form::draft::seen_key(&t, &ids);
    ids.insert(glossa::form::draft::GOLD_ID.to_owned(), "gold".to_owned());
    assert_eq!(
        glossa::form::draft::seen_key(&t, &ids),
        plain,
        "the gold mark is not part of who it is"
    );
    // Another annotator is another key.
    ids.insert("PROLIFIC_PID".to_owned(), "77b0".to_owned());
    assert_ne!(glossa::form::draft::seen_key(&t, &ids), plain);
}
