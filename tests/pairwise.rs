//! Pairwise preference, natively: the better output or a tie per criterion, how much better,
//! refusals, results naming output ids (never a side), sides shuffled and recorded, drafts, gold;
//! and against independent implementations (`tests/pairwise_reference.py`: statsmodels' Fleiss
//! and Cohen kappas, choix's Bradley–Terry): agreement, kappas, win rates and strengths.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use glossa::form::{apply, Action, FormState, KindEdit};
use glossa::item;
use glossa::kinds::pairwise::{Prefer, PreferEdit};
use glossa::result::{build, Environment};
use glossa::support::ids::ControlId;
use glossa::support::sorted_map::SortedMap;
use glossa::task::Task;
use glossa::validate::{self, ProblemCode};
use serde_json::{json, Value};
use std::process::Command;

const DIR: &str = "en-chatbot-pairwise";

fn example(n: usize, seed: &str) -> Task {
    let root = env!("CARGO_MANIFEST_DIR");
    let read = |f: &str| std::fs::read_to_string(format!("{root}/www/examples/{DIR}/{f}")).unwrap();
    let spec = glossa::mount::load_spec(&read("spec.json")).expect("spec");
    let items = item::parse_items(&read("items.json")).expect("items");
    Task::new(spec, items[n].clone(), Some(seed))
}

fn prefer(t: &Task, f: &FormState, criterion: &str, edit: PreferEdit) -> FormState {
    apply(
        t,
        f,
        Action::kind(
            ControlId::from("preference"),
            KindEdit::Pairwise(Prefer {
                criterion: Some(criterion.to_owned()),
                edit,
            }),
        ),
    )
}

fn codes(t: &Task, f: &FormState) -> Vec<(String, ProblemCode)> {
    validate::validate(t, &f.answers)
        .problems
        .iter()
        .map(|p| (p.path.clone(), p.code))
        .collect()
}

#[test]
fn each_criterion_needs_a_side_or_a_tie_and_a_side_its_strength() {
    let t = example(0, "s");
    let f = FormState::new(0);
    assert_eq!(codes(&t, &f).len(), 2);
    let f = prefer(&t, &f, "helpful", PreferEdit::Winner("model-a".into()));
    assert_eq!(
        codes(&t, &f)[0],
        ("preference.helpful".to_owned(), ProblemCode::Required),
        "the strength"
    );
    assert_eq!(
        prefer(&t, &f, "helpful", PreferEdit::Strength("hugely".into())),
        f,
        "not a strength"
    );
    assert_eq!(
        prefer(&t, &f, "helpful", PreferEdit::Winner("model-z".into())),
        f,
        "not of the pair"
    );
    assert_eq!(
        prefer(&t, &f, "style", PreferEdit::Tie),
        f,
        "not a criterion"
    );
    assert_eq!(
        prefer(
            &t,
            &FormState::new(0),
            "helpful",
            PreferEdit::Strength("slightly".into())
        ),
        FormState::new(0),
        "no strength before a side"
    );
    let f = prefer(&t, &f, "helpful", PreferEdit::Strength("clearly".into()));
    let f = prefer(&t, &f, "correct", PreferEdit::Tie);
    assert_eq!(codes(&t, &f), vec![]);
    let doc = build(&t, &f, &Environment::default(), &SortedMap::new(), 1).expect("valid");
    let json = serde_json::to_value(&doc).unwrap();
    assert_eq!(
        json["answers"]["preference"]["helpful"],
        json!({"winner": "model-a", "loser": "model-b", "tie": false, "strength": "clearly"})
    );
    assert_eq!(
        json["answers"]["preference"]["correct"],
        json!({"winner": null, "loser": null, "tie": true})
    );
    let back = glossa::result::ResultDoc::read(&t.spec, &json).expect("reads back");
    assert_eq!(back.answers.len(), 1);
    assert!(glossa::analysis::revalidate::check_result(&t, &json).is_empty());
    let mut bad = json.clone();
    bad["answers"]["preference"]["helpful"]["winner"] = json!("model-z");
    assert!(!glossa::analysis::revalidate::check_result(&t, &bad).is_empty());
    let draft = glossa::form::draft::Draft::of(&t, &f, 0);
    let draft: glossa::form::draft::Draft =
        glossa::spec::from_value(&serde_json::to_value(&draft).unwrap()).unwrap();
    assert_eq!(draft.restore(&t, 0).unwrap().answers, f.answers);
}

#[test]
fn the_sides_are_shuffled_per_participant_and_recorded() {
    let orders: std::collections::BTreeSet<Vec<String>> = (0..16)
        .map(|k| {
            example(0, &format!("participant-{k}")).presentation.order
                [&ControlId::from("preference")]
                .clone()
        })
        .collect();
    assert_eq!(orders.len(), 2, "both orders occur");
    let t = example(0, "participant-3");
    assert_eq!(
        t.presentation.order,
        example(0, "participant-3").presentation.order,
        "the same for the same seed"
    );
}

#[test]
fn gold_names_the_better_output_or_a_tie() {
    use glossa::study::gold::Gold;
    let t = example(1, "s");
    let root = env!("CARGO_MANIFEST_DIR");
    let items = item::parse_items(
        &std::fs::read_to_string(format!("{root}/www/examples/{DIR}/items.json")).unwrap(),
    )
    .unwrap();
    let gold = Gold::load(r#"{"items": [{"item_id": "arena-002", "answers": {"preference": {"correct": "model-b"}}}]}"#, &t.spec, &items).unwrap();
    let judged = |w: &str| {
        let f = prefer(
            &t,
            &FormState::new(0),
            "correct",
            PreferEdit::Winner(w.into()),
        );
        let f = prefer(&t, &f, "correct", PreferEdit::Strength("slightly".into()));
        let f = prefer(&t, &f, "helpful", PreferEdit::Tie);
        let doc = build(&t, &f, &Environment::default(), &SortedMap::new(), 1).unwrap();
        gold.passes(
            &glossa::result::ResultDoc::read(&t.spec, &serde_json::to_value(&doc).unwrap())
                .unwrap(),
        )
    };
    assert_eq!(judged("model-b"), Some(true));
    assert_eq!(judged("model-c"), Some(false));
    let bad = Gold::load(r#"{"items": [{"item_id": "arena-002", "answers": {"preference": {"correct": "model-a", "style": "tie"}}}]}"#, &t.spec, &items).unwrap_err();
    assert_eq!(bad.len(), 2, "{bad:?}");
}

fn close(a: &Value, b: &Value, what: &str) {
    match (a.as_f64(), b.as_f64()) {
        (Some(x), Some(y)) => assert!((x - y).abs() < 1e-6, "{what}: glossa {x}, reference {y}"),
        _ => assert_eq!(a, b, "{what}"),
    }
}

/// `annotators` simulated annotators judge every item (some alike, so agreement is neither nil
/// nor whole), checked against the reference for each criterion.
fn check(annotators: u64) {
    let root = env!("CARGO_MANIFEST_DIR");
    let items = item::parse_items(
        &std::fs::read_to_string(format!("{root}/www/examples/{DIR}/items.json")).unwrap(),
    )
    .unwrap();
    let mut lines = String::new();
    let mut docs = Vec::new();
    for round in 0..3 {
        for n in 0..items.len() {
            let mut items_round = items[n].clone();
            items_round.id = format!("{}-{round}", items[n].id);
            let t0 = example(n, "x");
            for a in 1..=annotators {
                let t = Task::new(t0.spec.clone(), items_round.clone(), Some(&format!("p{a}")));
                let seed = (round * 10 + n as u64) * 100 + if n % 2 == 0 { a % 2 } else { a };
                let (_, form) = glossa::simulate::annotate(&t, seed, 0).expect("valid");
                let mut ids = SortedMap::new();
                ids.insert("participant".to_owned(), format!("p{a}"));
                let doc = build(&t, &form, &Environment::default(), &ids, 1).expect("valid");
                let v = serde_json::to_value(&doc).unwrap();
                lines += &v.to_string();
                lines.push('\n');
                docs.push(v);
            }
        }
    }
    let dir = std::env::temp_dir().join(format!(
        "glossa-pairwise-{annotators}-{}",
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let results = dir.join("results.jsonl");
    std::fs::write(&results, &lines).unwrap();
    // The items as the results saw them (three rounds of each).
    let all_items: Vec<Value> = (0..3)
        .flat_map(|round| {
            items.iter().map(move |it| {
                let mut v = serde_json::to_value(it).unwrap();
                v["id"] = json!(format!("{}-{round}", it.id));
                v
            })
        })
        .collect();
    let items_file = dir.join("items.json");
    std::fs::write(&items_file, serde_json::to_string(&all_items).unwrap()).unwrap();
    let t = example(0, "x");
    let typed_items: Vec<glossa::item::Item> =
        serde_json::from_value(Value::Array(all_items)).unwrap();
    let typed: Vec<glossa::result::ResultDoc> = docs
        .iter()
        .map(|d| glossa::result::ResultDoc::read(&t.spec, d).unwrap())
        .collect();
    let got = glossa::analysis::agreement::compute(&t.spec, &typed_items, &typed).to_json();
    for criterion in ["helpful", "correct"] {
        let out = Command::new(common::python())
            .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/pairwise_reference.py"))
            .args([results.to_str().unwrap(), "preference", criterion, items_file.to_str().unwrap(), "responses"])
            .output()
            .expect("python with statsmodels and choix (scripts/setup.sh test installs them in tests/.venv)");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let want: Value = serde_json::from_slice(&out.stdout).unwrap();
        let mine = &got["pairwise"][format!("preference.{criterion}")];
        close(
            &mine["fleiss_kappa"],
            &want["fleiss"],
            &format!("{criterion} Fleiss"),
        );
        close(
            &mine["agreement"],
            &want["agreement"],
            &format!("{criterion} agreement"),
        );
        if annotators == 2 {
            close(
                &mine["cohen_kappa"],
                &want["cohen"],
                &format!("{criterion} Cohen"),
            );
        } else {
            assert!(mine["cohen_kappa"].is_null());
        }
        let a = mine["agreement"].as_f64().unwrap();
        assert!(a > 0.0 && a < 1.0, "{criterion}: agreement {a}");
        for (sys, bt) in want["bt"].as_object().unwrap() {
            close(
                &mine["systems"][sys]["bradley_terry"],
                bt,
                &format!("{criterion} {sys} Bradley–Terry"),
            );
            close(
                &mine["systems"][sys]["win_rate"],
                &want["win_rate"][sys],
                &format!("{criterion} {sys} win rate"),
            );
        }
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn four_annotators_agree_with_the_reference() {
    check(4);
}

#[test]
fn two_annotators_give_cohens_kappa_as_the_reference() {
    check(2);
}

#[test]
fn simulated_annotators_give_valid_judgements() {
    for seed in 0..16 {
        let t = example(seed as usize % 4, "s");
        let (_, form) = glossa::simulate::annotate(&t, seed, 0).expect("valid");
        assert!(codes(&t, &form).is_empty(), "{seed}");
    }
}
