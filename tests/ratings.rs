//! Scales (Likert) and sliders (Direct Assessment), natively: points set one at a time per
//! output, "not applicable", out-of-range points refused, untouched is unanswered, results read
//! back and re-validated, drafts restored, simulated annotators, gold within `point_band`; and
//! against an independent implementation (`tests/ratings_reference.py`: the `krippendorff`
//! package, scipy's z-scores): ordinal alpha for scales, interval alpha and WMT-style z-scored
//! system means for sliders.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use glossa::answer::{Answer, Point};
use glossa::form::{apply, Action, FormState, KindEdit, PointEdit};
use glossa::item;
use glossa::result::{build, Environment};
use glossa::support::ids::ControlId;
use glossa::support::sorted_map::SortedMap;
use glossa::task::Task;
use glossa::validate::{self, ProblemCode};
use serde_json::{json, Value};
use std::process::Command;

fn example(dir: &str, n: usize) -> Task {
    let root = env!("CARGO_MANIFEST_DIR");
    let read = |f: &str| std::fs::read_to_string(format!("{root}/www/examples/{dir}/{f}")).unwrap();
    let spec = glossa::mount::load_spec(&read("spec.json")).expect("spec");
    let items = item::parse_items(&read("items.json")).expect("items");
    Task::new(spec, items[n].clone(), Some("seed-1"))
}

fn point(t: &Task, f: &FormState, control: &str, key: Option<&str>, p: Option<Point>) -> FormState {
    apply(
        t,
        f,
        Action::kind(ControlId::from(control), {
            let edit = PointEdit {
                key: key.map(str::to_owned),
                point: p,
            };
            match t.spec.control(&ControlId::from(control)) {
                Some(glossa::spec::Control::Slider(_)) => KindEdit::Slider(edit),
                _ => KindEdit::Scale(edit),
            }
        }),
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
fn every_output_needs_its_point_and_the_form_takes_only_points_of_the_scale() {
    let t = example("en-likert", 0);
    let f = FormState::new(0);
    assert_eq!(
        codes(&t, &f).len(),
        6,
        "two scales for each of three summaries"
    );
    let mut f = f;
    for sys in ["sys-a", "sys-b", "sys-c"] {
        f = point(&t, &f, "fluency", Some(sys), Some(Point::Value(4)));
        f = point(&t, &f, "adequacy", Some(sys), Some(Point::Value(3)));
    }
    assert_eq!(codes(&t, &f), vec![]);
    // Out of range, "not applicable" where the scale has none, an output the item lacks: refused.
    assert_eq!(
        point(&t, &f, "fluency", Some("sys-a"), Some(Point::Value(6))),
        f
    );
    assert_eq!(
        point(&t, &f, "fluency", Some("sys-a"), Some(Point::NotApplicable)),
        f
    );
    assert_eq!(
        point(&t, &f, "fluency", Some("sys-z"), Some(Point::Value(2))),
        f
    );
    let f = point(
        &t,
        &f,
        "adequacy",
        Some("sys-c"),
        Some(Point::NotApplicable),
    );
    let f = point(&t, &f, "fluency", Some("sys-b"), None);
    assert_eq!(
        codes(&t, &f),
        vec![("fluency.sys-b".to_owned(), ProblemCode::Required)]
    );
    let f = point(&t, &f, "fluency", Some("sys-b"), Some(Point::Value(1)));
    let doc = build(&t, &f, &Environment::default(), &SortedMap::new(), 1).expect("valid");
    let json = serde_json::to_value(&doc).unwrap();
    assert_eq!(
        json["answers"]["fluency"],
        json!({"sys-a": 4, "sys-b": 1, "sys-c": 4})
    );
    assert_eq!(
        json["answers"]["adequacy"],
        json!({"sys-a": 3, "sys-b": 3, "sys-c": "n/a"})
    );
    assert_eq!(
        json["shown"]["order"]["fluency"].as_array().unwrap().len(),
        3,
        "the order shown is recorded"
    );
    let back = glossa::result::ResultDoc::read(&t.spec, &json).expect("reads back");
    assert_eq!(back.answers.len(), 2);
    assert!(glossa::analysis::revalidate::check_result(&t, &json).is_empty());
    let mut bad = json.clone();
    bad["answers"]["fluency"]["sys-a"] = json!(9);
    assert!(
        !glossa::analysis::revalidate::check_result(&t, &bad).is_empty(),
        "9 is not a point"
    );
    // The draft brings every point back.
    let draft = glossa::form::draft::Draft::of(&t, &f, 0);
    let value = serde_json::to_value(&draft).unwrap();
    let draft: glossa::form::draft::Draft = glossa::spec::from_value(&value).unwrap();
    assert_eq!(draft.restore(&t, 0).unwrap().answers, f.answers);
}

#[test]
fn an_untouched_slider_is_unanswered_and_values_keep_the_range_and_step() {
    let t = example("en-de-da", 0);
    let f = FormState::new(0);
    assert_eq!(codes(&t, &f).len(), 3);
    let f = point(&t, &f, "da", Some("sys-a"), Some(Point::Value(87)));
    assert_eq!(
        point(&t, &f, "da", Some("sys-b"), Some(Point::Value(101))),
        f,
        "above max"
    );
    assert_eq!(
        point(&t, &f, "da", Some("sys-b"), Some(Point::Value(-1))),
        f,
        "below min"
    );
    let f = point(&t, &f, "da", Some("sys-b"), Some(Point::Value(40)));
    let f = point(&t, &f, "da", Some("sys-c"), Some(Point::Value(0)));
    assert_eq!(codes(&t, &f), vec![]);
    let doc = build(&t, &f, &Environment::default(), &SortedMap::new(), 1).expect("valid");
    assert_eq!(
        serde_json::to_value(&doc).unwrap()["answers"]["da"],
        json!({"sys-a": 87, "sys-b": 40, "sys-c": 0})
    );
    assert!(matches!(
        f.answers.get(&ControlId::from("da")),
        Some(Answer::Points(_))
    ));
}

#[test]
fn gold_points_pass_within_the_band() {
    use glossa::study::gold::Gold;
    let t = example("en-de-da", 0);
    let root = env!("CARGO_MANIFEST_DIR");
    let items = item::parse_items(
        &std::fs::read_to_string(format!("{root}/www/examples/en-de-da/items.json")).unwrap(),
    )
    .unwrap();
    let gold = Gold::load(r#"{"items": [{"item_id": "wmt-da-001", "answers": {"da": {"sys-a": 95, "sys-c": 10}}}], "point_band": 10}"#, &t.spec, &items).unwrap();
    // Whether a result with these points for sys-a and sys-c passes a gold file.
    let passes = |gold: &Gold, a: i64, c: i64| {
        let f = [("sys-a", a), ("sys-b", 50), ("sys-c", c)]
            .iter()
            .fold(FormState::new(0), |f, (k, v)| {
                point(&t, &f, "da", Some(k), Some(Point::Value(*v)))
            });
        let doc = build(&t, &f, &Environment::default(), &SortedMap::new(), 1).unwrap();
        gold.passes(
            &glossa::result::ResultDoc::read(&t.spec, &serde_json::to_value(&doc).unwrap())
                .unwrap(),
        )
    };
    let score = |a: i64, c: i64| passes(&gold, a, c);
    assert_eq!(score(90, 0), Some(true));
    assert_eq!(score(84, 0), Some(false), "11 below");
    // The control's own tolerance goes over the file's.
    let own = Gold::load(r#"{"items": [{"item_id": "wmt-da-001", "answers": {"da": {"sys-a": 95, "sys-c": 10}}}], "point_band": 10, "tolerance": {"da": 15}}"#, &t.spec, &items).unwrap();
    assert_eq!(own.tolerance("da").point_band, 15);
    let with_own = |a: i64| passes(&own, a, 0);
    assert_eq!(
        with_own(84),
        Some(true),
        "11 below is within the control's 15"
    );
    assert_eq!(with_own(79), Some(false));
    // A tolerance that is not one for the control, or for no control: named.
    let bad = Gold::load(
        r#"{"items": [], "tolerance": {"da": 2.5, "nope": 1}}"#,
        &t.spec,
        &items,
    )
    .unwrap_err();
    let text: Vec<String> = bad.iter().map(ToString::to_string).collect();
    assert_eq!(text.len(), 2, "{text:?}");
    assert!(
        text[0].starts_with(
            "tolerance.da: 2.5 is not a tolerance for this control: give a whole number of points"
        ),
        "{text:?}"
    );
    assert!(
        text[1].starts_with("tolerance.nope: no control"),
        "{text:?}"
    );
    let bad = Gold::load(
        r#"{"items": [{"item_id": "wmt-da-001", "answers": {"da": {"sys-a": 150, "sys-x": 10}}}]}"#,
        &t.spec,
        &items,
    )
    .unwrap_err();
    let text: Vec<String> = bad.iter().map(ToString::to_string).collect();
    assert!(
        text.iter()
            .any(|p| p.contains("da.sys-a") && p.contains("0 to 100")),
        "{text:?}"
    );
    assert!(text.iter().any(|p| p.contains("sys-x")), "{text:?}");
}

/// Simulated annotators over every item; annotators 1 and 3 answer alike, as do 2 and 4.
fn results(dir: &str, items: usize) -> (String, Vec<Value>) {
    let mut lines = String::new();
    let mut docs = Vec::new();
    for n in 0..items {
        let t = example(dir, n);
        for a in 1..=4u64 {
            let (_, form) =
                glossa::simulate::annotate(&t, n as u64 * 10 + a % 2 + u64::from(n == 1) * a, 0)
                    .expect("valid");
            let mut ids = SortedMap::new();
            ids.insert("participant".to_owned(), format!("p{a}"));
            let doc = build(&t, &form, &Environment::default(), &ids, 1).expect("valid");
            let v = serde_json::to_value(&doc).unwrap();
            lines += &v.to_string();
            lines.push('\n');
            docs.push(v);
        }
    }
    (lines, docs)
}

fn reference(lines: &str, control: &str, level: &str) -> Value {
    let file = std::env::temp_dir().join(format!(
        "glossa-ratings-{control}-{}.jsonl",
        std::process::id()
    ));
    std::fs::write(&file, lines).unwrap();
    let out = Command::new(common::python())
        .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/ratings_reference.py"))
        .args([file.to_str().unwrap(), control, level])
        .output()
        .expect("python with krippendorff and scipy (scripts/setup.sh test installs them in tests/.venv)");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::remove_file(&file).ok();
    serde_json::from_slice(&out.stdout).unwrap()
}

fn ours(dir: &str, docs: &[Value]) -> Value {
    let t = example(dir, 0);
    let root = env!("CARGO_MANIFEST_DIR");
    let items = item::parse_items(
        &std::fs::read_to_string(format!("{root}/www/examples/{dir}/items.json")).unwrap(),
    )
    .unwrap();
    let typed: Vec<glossa::result::ResultDoc> = docs
        .iter()
        .map(|d| glossa::result::ResultDoc::read(&t.spec, d).unwrap())
        .collect();
    glossa::analysis::agreement::compute(&t.spec, &items, &typed).to_json()
}

fn close(a: &Value, b: &Value, what: &str) {
    let (x, y) = (
        a.as_f64().unwrap_or(f64::NAN),
        b.as_f64().unwrap_or(f64::NAN),
    );
    assert!((x - y).abs() < 1e-9, "{what}: glossa {a}, reference {b}");
}

#[test]
fn scale_agreement_is_ordinal_and_equals_the_reference() {
    let (lines, docs) = results("en-likert", 3);
    let got = ours("en-likert", &docs);
    for control in ["fluency", "adequacy"] {
        let want = reference(&lines, control, "ordinal");
        assert_eq!(got["controls"][control]["level"], "ordinal");
        close(
            &got["controls"][control]["alpha"],
            &want["alpha"],
            &format!("{control} alpha"),
        );
        for (sys, w) in want["systems"].as_object().unwrap() {
            close(
                &got["systems"][control][sys]["mean"],
                &w["mean"],
                &format!("{control} {sys} mean"),
            );
            close(
                &got["systems"][control][sys]["mean_over_ratings"]["mean"],
                &w["mean_over_ratings"]["mean"],
                &format!("{control} {sys} mean over ratings"),
            );
            assert_eq!(got["systems"][control][sys]["n"], w["n"]);
        }
    }
}

#[test]
fn slider_agreement_is_interval_and_z_scored_system_means_equal_the_reference() {
    let (lines, docs) = results("en-de-da", 3);
    let got = ours("en-de-da", &docs);
    let want = reference(&lines, "da", "interval");
    assert_eq!(got["controls"]["da"]["level"], "interval");
    close(&got["controls"]["da"]["alpha"], &want["alpha"], "da alpha");
    let systems = want["systems"].as_object().unwrap();
    assert_eq!(systems.len(), 3);
    for (sys, w) in systems {
        close(
            &got["systems"]["da"][sys]["mean"],
            &w["mean"],
            &format!("{sys} mean"),
        );
        close(
            &got["systems"]["da"][sys]["z"],
            &w["z"],
            &format!("{sys} z"),
        );
        close(
            &got["systems"]["da"][sys]["mean_over_ratings"]["z"],
            &w["mean_over_ratings"]["z"],
            &format!("{sys} z over ratings"),
        );
        let place = &got["systems"]["da"][sys]["z_significance"];
        assert!(place["cluster"].as_u64().is_some_and(|c| c >= 1), "{place}");
        let (lo, hi) = (
            place["ci95"][0].as_f64().unwrap(),
            place["ci95"][1].as_f64().unwrap(),
        );
        let z = got["systems"]["da"][sys]["z"].as_f64().unwrap();
        assert!(lo <= z && z <= hi, "{sys}: {z} outside {place}");
    }
}

#[test]
fn simulated_annotators_give_valid_ratings() {
    for (dir, n) in [("en-likert", 3), ("en-de-da", 3)] {
        for seed in 0..12 {
            let t = example(dir, seed as usize % n);
            let (_, form) = glossa::simulate::annotate(&t, seed, 0).expect("valid");
            assert!(codes(&t, &form).is_empty(), "{dir} {seed}");
        }
    }
}
