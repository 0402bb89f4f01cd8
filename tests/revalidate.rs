//! Re-validation (`glossa validate`): results the widget builds pass; tampered ones are caught,
//! each with the path of what was changed.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use glossa::analysis::revalidate::check_result;
use glossa::form::{apply, Action, FormState, KindEdit};
use glossa::kinds::grid::GridEdit;
use glossa::kinds::number::NumberEdit;
use glossa::kinds::span_attributes::SpanEdit;
use glossa::result::{build, Environment};
use glossa::support::ids::{ControlId, OptionValue};
use glossa::support::sorted_map::SortedMap;
use glossa::task::Task;
use serde_json::{json, Value};
use std::process::Command;

fn task(dir: &str, spec_file: &str, items_file: &str, n: usize) -> Task {
    common::example_task(dir, spec_file, items_file, n)
}

fn result(t: &Task, actions: Vec<Action>) -> Value {
    let form = actions
        .into_iter()
        .fold(FormState::new(0), |f, a| apply(t, &f, a));
    serde_json::to_value(
        build(t, &form, &Environment::default(), &SortedMap::new(), 1).expect("valid"),
    )
    .unwrap()
}

fn c(s: &str) -> ControlId {
    ControlId::from(s)
}

/// A valid result of every family, with its task.
fn examples() -> Vec<(Task, Value)> {
    let it = task("it-implicit", "spec.json", "items.json", 0);
    let it_r = result(
        &it,
        vec![Action::kind(
            c("valutazione"),
            KindEdit::SingleChoice(OptionValue::from("totalmente_sbagliato")),
        )],
    );
    let en = task("en-informativeness", "spec.json", "items.json", 0);
    let en_r = result(
        &en,
        ["sys-a", "sys-b", "sys-c"]
            .iter()
            .zip(["70", "100", "90"])
            .map(|(k, v)| {
                Action::kind(
                    c("informativeness"),
                    KindEdit::Number(NumberEdit {
                        key: Some((*k).into()),
                        text: v.into(),
                    }),
                )
            })
            .collect(),
    );
    let cs = task(
        "cs-summary-errors",
        "abstract-spec.json",
        "abstract-items.json",
        1,
    );
    let g = |row, column: &str, value: &str| {
        Action::kind(
            c("errors"),
            KindEdit::Grid(GridEdit::Choose {
                row: row,
                column: column.into(),
                value: value.into(),
            }),
        )
    };
    let cs_r = result(
        &cs,
        vec![
            g(0, "mapping", "fabrication"),
            g(0, "meaning", "not_entailed"),
            g(1, "special", "ok"),
        ],
    );
    let pr = task("cs-propaganda", "spec.json", "items.json", 1);
    let mut actions = vec![
        Action::Select {
            control: c("techniky"),
            anchor: 0,
            focus: 1,
            complete: true,
        },
        Action::kind(
            c("techniky"),
            KindEdit::SpanAttributes(SpanEdit::Assign {
                attr: "misto".into(),
                entry: None,
            }),
        ),
    ];
    actions.push(Action::kind(
        c("techniky"),
        KindEdit::SpanAttributes(SpanEdit::Value {
            attr: "misto".into(),
            entry: 0,
            value: Some("cr".into()),
        }),
    ));
    actions.extend(common::propaganda_plain_answers(&["misto"]));
    let pr_r = result(&pr, actions);
    vec![(it, it_r), (en, en_r), (cs, cs_r), (pr, pr_r)]
}

#[test]
fn results_the_widget_builds_pass() {
    for (t, r) in examples() {
        assert_eq!(check_result(&t, &r), vec![], "{}", t.spec.id);
    }
}

#[test]
fn tampering_is_caught_with_its_path() {
    let ex = examples();
    let cases: Vec<(usize, &str, Value, &str)> = vec![
        (
            0,
            "/answers/valutazione",
            json!("geniale"),
            "answers.valutazione",
        ),
        (
            1,
            "/answers/informativeness/sys-b",
            json!(0),
            "answers.informativeness.sys-b",
        ),
        (
            1,
            "/answers/informativeness/sys-c",
            json!(1.5),
            "answers.informativeness",
        ),
        (
            2,
            "/answers/errors/0/cells/special",
            json!("ok"),
            "answers.errors[0]",
        ),
        (
            2,
            "/answers/errors/2/cells",
            json!({"special": "ok"}),
            "answers.errors[2].cells",
        ),
        (
            2,
            "/answers/errors/1/sentence",
            json!("Něco jiného."),
            "answers.errors[1].sentence",
        ),
        (
            3,
            "/answers/techniky/misto/spans/0/text",
            json!("Praha"),
            "answers.techniky.misto[0].spans[0]",
        ),
        (
            3,
            "/answers/techniky/vina/value",
            json!("ano"),
            "answers.techniky.vina",
        ),
        (3, "/spec/version", json!("0.9"), "spec"),
    ];
    for (n, pointer, value, path) in cases {
        let (t, r) = &ex[n];
        let mut bad = r.clone();
        match bad.pointer_mut(pointer) {
            Some(slot) => *slot = value,
            None => {
                let (parent, key) = pointer.rsplit_once('/').unwrap();
                bad.pointer_mut(parent)
                    .unwrap()
                    .as_object_mut()
                    .unwrap()
                    .insert(key.into(), value);
            }
        }
        let findings = check_result(t, &bad);
        assert!(
            findings.iter().any(|f| f.path == path),
            "{pointer}: expected {path} in {findings:?}"
        );
    }
}

#[test]
fn the_cli_passes_good_results_and_fails_tampered_ones() {
    let ex = examples();
    let dir = std::env::temp_dir().join(format!("glossa-validate-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("good.jsonl");
    std::fs::write(&good, format!("{}\n", ex[2].1)).unwrap();
    let mut tampered = ex[2].1.clone();
    tampered["answers"]["errors"][1]["cells"] = json!({"special": "ok", "mapping": "omission"});
    // Another participant's (the same participant's second result would be a copy, left out).
    tampered["ids"] = json!({"participant": "another"});
    let bad = dir.join("bad.jsonl");
    std::fs::write(&bad, format!("{}\n{}\n", ex[2].1, tampered)).unwrap();
    let run = |results: &std::path::Path| {
        Command::new(env!("CARGO_BIN_EXE_glossa"))
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .args([
                "validate",
                "www/examples/cs-summary-errors/abstract-spec.json",
                "www/examples/cs-summary-errors/abstract-items.json",
            ])
            .arg(results)
            .output()
            .unwrap()
    };
    let ok = run(&good);
    assert_eq!(
        ok.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&ok.stdout)
    );
    let out = run(&bad);
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("bad.jsonl:2: item abs-002: answers.errors[1]: GridMixedAlternatives"),
        "{text}"
    );
    assert!(text.contains("2 result(s), 1 with problems"), "{text}");
}
