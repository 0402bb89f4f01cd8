//! Rankings and best–worst scaling, natively: ranks given by taps in order, taken back, moved,
//! tied when allowed; the best and the worst exclusive; refusals; results with the order and the
//! ranks by output id; drafts, gold, simulation; and against an independent implementation
//! (`tests/ranking_reference.py`: the krippendorff package, scipy's Friedman test for Kendall's
//! W): ordinal alpha, W, mean ranks and best–worst scores.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use glossa::answer::{Answer, OrderSet};
use glossa::form::{apply, Action, FormState, KindEdit};
use glossa::item;
use glossa::kinds::ranking::RankEdit;
use glossa::result::{build, Environment};
use glossa::support::sorted_map::SortedMap;
use glossa::task::Task;
use glossa::validate::{self, ProblemCode};
use serde_json::{json, Value};
use std::process::Command;

fn example(dir: &str, n: usize, seed: &str) -> Task {
    let root = env!("CARGO_MANIFEST_DIR");
    let read = |f: &str| std::fs::read_to_string(format!("{root}/www/examples/{dir}/{f}")).unwrap();
    let spec = glossa::mount::load_spec(&read("spec.json")).expect("spec");
    let items = item::parse_items(&read("items.json")).expect("items");
    Task::new(spec, items[n].clone(), Some(seed))
}

fn rank(t: &Task, f: &FormState, edit: RankEdit) -> FormState {
    let control = t.spec.controls[0].id().clone();
    apply(t, f, Action::kind(control, KindEdit::Ranking(edit)))
}

fn set(t: &Task, f: &FormState) -> OrderSet {
    match f.answers.get(t.spec.controls[0].id()) {
        Some(Answer::Order(o)) => o.clone(),
        _ => OrderSet::default(),
    }
}

fn ranks(t: &Task, f: &FormState) -> Vec<(String, u32)> {
    set(t, f).ranks.into_iter().collect()
}

fn codes(t: &Task, f: &FormState) -> Vec<ProblemCode> {
    validate::validate(t, &f.answers)
        .problems
        .iter()
        .map(|p| p.code)
        .collect()
}

fn next(id: &str) -> RankEdit {
    RankEdit::Next(id.into())
}

#[test]
fn taps_in_order_rank_a_tap_again_unranks_and_arrows_swap() {
    let t = example("en-rankme-ranking", 0, "s");
    let f = FormState::new(0);
    assert_eq!(codes(&t, &f), vec![ProblemCode::Required]);
    let f = rank(&t, &rank(&t, &f, next("sys-c")), next("sys-a"));
    assert_eq!(codes(&t, &f), vec![ProblemCode::RankingIncomplete]);
    let f = rank(&t, &f, next("sys-b"));
    assert_eq!(
        ranks(&t, &f),
        [
            ("sys-a".into(), 2),
            ("sys-b".into(), 3),
            ("sys-c".into(), 1)
        ]
    );
    assert_eq!(codes(&t, &f), vec![]);
    // A tap on a ranked output takes its rank back; the others close up.
    let f2 = rank(&t, &f, next("sys-c"));
    assert_eq!(ranks(&t, &f2), [("sys-a".into(), 1), ("sys-b".into(), 2)]);
    // Arrows swap with the neighbour.
    let f = rank(
        &t,
        &f,
        RankEdit::Move {
            id: "sys-b".into(),
            up: true,
        },
    );
    assert_eq!(
        ranks(&t, &f),
        [
            ("sys-a".into(), 3),
            ("sys-b".into(), 2),
            ("sys-c".into(), 1)
        ]
    );
    assert_eq!(
        rank(
            &t,
            &f,
            RankEdit::Move {
                id: "sys-c".into(),
                up: true
            }
        ),
        f,
        "the best cannot go up"
    );
    assert_eq!(
        rank(&t, &f, RankEdit::Tie("sys-b".into())),
        f,
        "no ties in this spec"
    );
    assert_eq!(rank(&t, &f, next("sys-z")), f, "not an output");
    let doc = build(&t, &f, &Environment::default(), &SortedMap::new(), 1).expect("valid");
    let json = serde_json::to_value(&doc).unwrap();
    assert_eq!(
        json["answers"]["naturalness"],
        json!({"order": ["sys-c", "sys-b", "sys-a"], "ranks": {"sys-a": 3, "sys-b": 2, "sys-c": 1}})
    );
    let back = glossa::result::ResultDoc::read(&t.spec, &json).expect("reads back");
    assert_eq!(back.answers.len(), 1);
    assert!(glossa::analysis::revalidate::check_result(&t, &json).is_empty());
    let mut bad = json.clone();
    bad["answers"]["naturalness"]["ranks"]["sys-a"] = json!(1);
    assert!(
        !glossa::analysis::revalidate::check_result(&t, &bad).is_empty(),
        "two firsts"
    );
    let draft = glossa::form::draft::Draft::of(&t, &f, 0);
    let draft: glossa::form::draft::Draft =
        glossa::spec::from_value(&serde_json::to_value(&draft).unwrap()).unwrap();
    assert_eq!(draft.restore(&t, 0).unwrap().answers, f.answers);
    let f = rank(&t, &f, RankEdit::Clear);
    assert!(f.answers.is_empty());
}

fn place(id: &str, at: usize) -> RankEdit {
    RankEdit::Place { id: id.into(), at }
}

#[test]
fn a_dragged_output_is_ranked_where_it_is_dropped() {
    let t = example("en-rankme-ranking", 0, "s");
    // Dropped first, then last of the ranked, then past them all (ranked last).
    let f = rank(&t, &FormState::new(0), place("sys-b", 0));
    assert_eq!(ranks(&t, &f), [("sys-b".into(), 1)]);
    let f = rank(&t, &f, place("sys-c", 0));
    let f = rank(&t, &f, place("sys-a", 7));
    assert_eq!(
        ranks(&t, &f),
        [
            ("sys-a".into(), 3),
            ("sys-b".into(), 2),
            ("sys-c".into(), 1)
        ]
    );
    // A ranked output dragged from the top to the middle.
    let f = rank(&t, &f, place("sys-c", 1));
    assert_eq!(
        set(&t, &f)
            .ranks
            .iter()
            .map(|(k, v)| (k.as_str(), *v))
            .collect::<Vec<_>>(),
        [("sys-a", 3), ("sys-b", 1), ("sys-c", 2)]
    );
    assert_eq!(rank(&t, &f, place("sys-c", 1)), f, "dropped where it was");
    assert_eq!(rank(&t, &f, place("sys-z", 0)), f, "not an output");
    assert_eq!(codes(&t, &f), vec![]);
}

#[test]
fn dropped_between_tied_outputs_an_output_parts_them() {
    let mut t = example("en-rankme-ranking", 0, "s");
    let glossa::spec::Control::Ranking(c) = &mut t.spec.controls[0] else {
        panic!()
    };
    c.ties = true;
    let f = [next("sys-a"), next("sys-b"), RankEdit::Tie("sys-b".into())]
        .into_iter()
        .fold(FormState::new(0), |f, e| rank(&t, &f, e));
    assert_eq!(ranks(&t, &f), [("sys-a".into(), 1), ("sys-b".into(), 1)]);
    // Dropped after both, the tie stays.
    let kept = rank(&t, &f, place("sys-c", 2));
    assert_eq!(
        ranks(&t, &kept),
        [
            ("sys-a".into(), 1),
            ("sys-b".into(), 1),
            ("sys-c".into(), 2)
        ]
    );
    let parted = rank(&t, &f, place("sys-c", 1));
    assert_eq!(
        ranks(&t, &parted),
        [
            ("sys-a".into(), 1),
            ("sys-b".into(), 3),
            ("sys-c".into(), 2)
        ]
    );
}

#[test]
fn ties_share_a_rank_and_leave_it_again_when_the_spec_allows_them() {
    let mut t = example("en-rankme-ranking", 0, "s");
    let glossa::spec::Control::Ranking(c) = &mut t.spec.controls[0] else {
        panic!()
    };
    c.ties = true;
    let f = [next("sys-a"), next("sys-b"), next("sys-c")]
        .into_iter()
        .fold(FormState::new(0), |f, e| rank(&t, &f, e));
    let f = rank(&t, &f, RankEdit::Tie("sys-b".into()));
    assert_eq!(
        ranks(&t, &f),
        [
            ("sys-a".into(), 1),
            ("sys-b".into(), 1),
            ("sys-c".into(), 2)
        ]
    );
    assert_eq!(codes(&t, &f), vec![]);
    let draft = glossa::form::draft::Draft::of(&t, &f, 0);
    assert_eq!(
        draft.restore(&t, 0).unwrap().answers,
        f.answers,
        "ties come back from a draft"
    );
    let f = rank(&t, &f, RankEdit::Tie("sys-b".into()));
    assert_eq!(
        ranks(&t, &f),
        [
            ("sys-a".into(), 1),
            ("sys-b".into(), 2),
            ("sys-c".into(), 3)
        ]
    );
}

#[test]
fn best_and_worst_are_two_different_outputs() {
    let t = example("en-bws", 0, "s");
    let f = rank(&t, &FormState::new(0), RankEdit::Best("sys-a".into()));
    assert_eq!(codes(&t, &f), vec![ProblemCode::RankingIncomplete]);
    let f = rank(&t, &f, RankEdit::Worst("sys-a".into()));
    assert_eq!(
        (set(&t, &f).best, set(&t, &f).worst),
        (None, Some("sys-a".into())),
        "worst takes it from best"
    );
    let f = rank(
        &t,
        &rank(&t, &f, RankEdit::Best("sys-b".into())),
        RankEdit::Worst("sys-d".into()),
    );
    assert_eq!(codes(&t, &f), vec![]);
    let doc = build(&t, &f, &Environment::default(), &SortedMap::new(), 1).expect("valid");
    assert_eq!(
        serde_json::to_value(&doc).unwrap()["answers"]["bws"],
        json!({"best": "sys-b", "worst": "sys-d"})
    );
    assert_eq!(rank(&t, &f, next("sys-a")), f, "no ranks in best-worst");
}

#[test]
fn gold_rankings_match_exactly() {
    use glossa::study::gold::Gold;
    let t = example("en-rankme-ranking", 1, "s");
    let root = env!("CARGO_MANIFEST_DIR");
    let items = item::parse_items(
        &std::fs::read_to_string(format!("{root}/www/examples/en-rankme-ranking/items.json"))
            .unwrap(),
    )
    .unwrap();
    let gold = Gold::load(r#"{"items": [{"item_id": "e2e-002", "answers": {"naturalness": ["sys-c", "sys-a", "sys-b"]}}]}"#, &t.spec, &items).unwrap();
    let ranked = |order: [&str; 3]| {
        let f = order
            .iter()
            .fold(FormState::new(0), |f, id| rank(&t, &f, next(id)));
        let doc = build(&t, &f, &Environment::default(), &SortedMap::new(), 1).unwrap();
        gold.passes(
            &glossa::result::ResultDoc::read(&t.spec, &serde_json::to_value(&doc).unwrap())
                .unwrap(),
        )
    };
    assert_eq!(ranked(["sys-c", "sys-a", "sys-b"]), Some(true));
    assert_eq!(ranked(["sys-a", "sys-c", "sys-b"]), Some(false));
    assert!(Gold::load(
        r#"{"items": [{"item_id": "e2e-002", "answers": {"naturalness": ["sys-x"]}}]}"#,
        &t.spec,
        &items
    )
    .is_err());
}

fn close(a: &Value, b: &Value, what: &str) {
    let (x, y) = (
        a.as_f64().unwrap_or(f64::NAN),
        b.as_f64().unwrap_or(f64::NAN),
    );
    assert!((x - y).abs() < 1e-9, "{what}: glossa {a}, reference {b}");
}

fn check(dir: &str, control: &str, mode: &str) {
    let root = env!("CARGO_MANIFEST_DIR");
    let items_path = format!("{root}/www/examples/{dir}/items.json");
    let items = item::parse_items(&std::fs::read_to_string(&items_path).unwrap()).unwrap();
    let mut lines = String::new();
    let mut docs = Vec::new();
    for (n, _) in items.iter().enumerate() {
        for a in 1..=4u64 {
            let t = example(dir, n, &format!("p{a}"));
            let (_, form) =
                glossa::simulate::annotate(&t, n as u64 * 10 + if n == 0 { a } else { a % 2 }, 0)
                    .expect("valid");
            let mut ids = SortedMap::new();
            ids.insert("participant".to_owned(), format!("p{a}"));
            let v =
                serde_json::to_value(build(&t, &form, &Environment::default(), &ids, 1).unwrap())
                    .unwrap();
            lines += &v.to_string();
            lines.push('\n');
            docs.push(v);
        }
    }
    let file = std::env::temp_dir().join(format!(
        "glossa-ranking-{control}-{}.jsonl",
        std::process::id()
    ));
    std::fs::write(&file, &lines).unwrap();
    let out = Command::new(common::python())
        .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/ranking_reference.py"))
        .args([file.to_str().unwrap(), control, &items_path, if mode == "rank" { "utterances" } else { "summaries" }, mode])
        .output()
        .expect("python with krippendorff and scipy (scripts/setup.sh test installs them in tests/.venv)");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::remove_file(&file).ok();
    let want: Value = serde_json::from_slice(&out.stdout).unwrap();
    let t = example(dir, 0, "x");
    let typed: Vec<glossa::result::ResultDoc> = docs
        .iter()
        .map(|d| glossa::result::ResultDoc::read(&t.spec, d).unwrap())
        .collect();
    let got = glossa::analysis::agreement::compute(&t.spec, &items, &typed).to_json();
    let mine = &got["rankings"][control];
    if mode == "rank" {
        close(
            &got["controls"][control]["alpha"],
            &want["alpha"],
            "ordinal alpha of the ranks",
        );
        close(&mine["kendall_w"], &want["w"], "Kendall's W");
        for (sys, r) in want["mean_rank"].as_object().unwrap() {
            close(
                &mine["systems"][sys]["mean_rank"],
                r,
                &format!("{sys} mean rank"),
            );
        }
    } else {
        for (sys, s) in want["score"].as_object().unwrap() {
            close(
                &mine["systems"][sys]["score"],
                s,
                &format!("{sys} best-worst score"),
            );
        }
    }
}

#[test]
fn rankings_agree_with_the_reference() {
    check("en-rankme-ranking", "naturalness", "rank");
}

#[test]
fn best_worst_scores_agree_with_the_reference() {
    check("en-bws", "bws", "best_worst");
}

#[test]
fn simulated_annotators_give_valid_rankings() {
    for (dir, n) in [("en-rankme-ranking", 3), ("en-bws", 3)] {
        for seed in 0..12 {
            let t = example(dir, seed as usize % n, "s");
            let (_, form) = glossa::simulate::annotate(&t, seed, 0).expect("valid");
            assert!(codes(&t, &form).is_empty(), "{dir} {seed}");
        }
    }
}
