//! Labelled spans against an independent implementation (`tests/span_reference.py`: the PyPI
//! `krippendorff` package for alpha, span F1 written again in Python): simulated annotators
//! label every item of the three span examples (pairs of them alike, so agreement is neither
//! nil nor whole), `glossa agreement --json` is compared with the reference to 1e-9, and the
//! CoNLL, Label Studio and spaCy exports are read back in Python with every span sliced out of
//! its text.
#![cfg(not(target_arch = "wasm32"))]

use glossa::item;
use glossa::result::{build, Environment};
use glossa::support::sorted_map::SortedMap;
use glossa::task::Task;
use serde_json::{json, Value};
use std::process::Command;

fn python() -> String {
    std::env::var("GLOSSA_PYTHON").unwrap_or_else(|_| {
        concat!(env!("CARGO_MANIFEST_DIR"), "/tests/.venv/bin/python").to_owned()
    })
}

fn glossa(args: &[&str]) -> String {
    let o = Command::new(env!("CARGO_BIN_EXE_glossa"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("runs");
    assert!(
        o.status.success(),
        "glossa {args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8(o.stdout).unwrap()
}

fn close(a: &Value, b: &Value, what: &str) {
    match (a.as_f64(), b.as_f64()) {
        (Some(x), Some(y)) => assert!((x - y).abs() < 1e-9, "{what}: glossa {x}, reference {y}"),
        _ => assert_eq!(a, b, "{what}"),
    }
}

fn check(dir: &str) {
    let root = env!("CARGO_MANIFEST_DIR");
    let spec_path = format!("www/examples/{dir}/spec.json");
    let items_path = format!("www/examples/{dir}/items.json");
    let read = |f: &str| std::fs::read_to_string(format!("{root}/{f}")).unwrap();
    let spec = glossa::mount::load_spec(&read(&spec_path)).unwrap();
    let items = item::parse_items(&read(&items_path)).unwrap();
    let glossa::spec::Control::SpanLabels(c) = &spec.controls[0] else {
        panic!("span_labels first")
    };
    // Four annotators per item; p1 and p3 (and p2 and p4) answer alike on most items.
    let mut lines = String::new();
    let mut words = serde_json::Map::new();
    for (n, it) in items.iter().enumerate() {
        let t = Task::new(spec.clone(), it.clone(), None);
        words.insert(
            it.id.clone(),
            json!(t.tokens(c.text_field.as_str()).unwrap().word_count()),
        );
        for a in 1..=4u64 {
            let seed = if n % 3 == 2 {
                n as u64 * 10 + a
            } else {
                n as u64 * 10 + a % 2
            };
            let (_, form) = glossa::simulate::annotate(&t, seed, 0).expect("valid");
            let mut ids = SortedMap::new();
            ids.insert("participant".to_owned(), format!("p{a}"));
            let doc = build(&t, &form, &Environment::default(), &ids, 1).expect("valid");
            lines += &serde_json::to_string(&doc).unwrap();
            lines.push('\n');
        }
    }
    let tmp = std::env::temp_dir().join(format!("glossa-spanref-{dir}-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    let path = |f: &str| tmp.join(f).to_string_lossy().into_owned();
    std::fs::write(path("results.jsonl"), &lines).unwrap();
    let agreement: Value = serde_json::from_str(&glossa(&[
        "agreement",
        &spec_path,
        &path("results.jsonl"),
        "--items",
        &items_path,
        "--json",
    ]))
    .unwrap();
    std::fs::write(
        path("ls.json"),
        glossa(&[
            "export",
            "label-studio",
            &spec_path,
            &items_path,
            &path("results.jsonl"),
            "--config",
            &path("config.xml"),
        ]),
    )
    .unwrap();
    std::fs::write(
        path("spacy.jsonl"),
        glossa(&[
            "export",
            "spacy",
            &spec_path,
            &items_path,
            &path("results.jsonl"),
        ]),
    )
    .unwrap();
    std::fs::write(
        path("conll.txt"),
        glossa(&[
            "export",
            "conll",
            &spec_path,
            &items_path,
            &path("results.jsonl"),
        ]),
    )
    .unwrap();
    let labels: Vec<&str> = c.labels.iter().map(|l| l.value.as_str()).collect();
    let job = json!({
        "control": c.id.as_str(), "text_field": c.text_field.as_str(), "labels": labels, "words": words,
        "items": format!("{root}/{items_path}"), "results": path("results.jsonl"),
        "label_studio": path("ls.json"), "spacy": path("spacy.jsonl"), "conll": path("conll.txt"),
    });
    std::fs::write(path("job.json"), job.to_string()).unwrap();
    let out = Command::new(python())
        .arg(format!("{root}/tests/span_reference.py"))
        .arg(path("job.json"))
        .output()
        .expect("python with the krippendorff package (scripts/setup.sh test installs it in tests/.venv)");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let reference: Value = serde_json::from_slice(&out.stdout).unwrap();
    let defined = reference["alpha"]
        .as_object()
        .unwrap()
        .values()
        .filter(|a| a.is_f64())
        .count();
    assert!(
        defined >= 2,
        "{dir}: too few alphas defined to compare: {reference}"
    );
    for (key, alpha) in reference["alpha"].as_object().unwrap() {
        close(
            &agreement["controls"][key]["alpha"],
            alpha,
            &format!("{dir}: alpha of {key}"),
        );
    }
    let ours = &agreement["span_f1"][c.id.as_str()];
    let mut compared = 0;
    for (label, modes) in reference["f1"].as_object().unwrap() {
        let mine = if label == "all" {
            ours.clone()
        } else {
            ours["labels"][label].clone()
        };
        for mode in ["exact", "overlap"] {
            for k in ["precision", "recall", "f1"] {
                close(
                    &mine[mode][k],
                    &modes[mode][k],
                    &format!("{dir}: {label} {mode} {k}"),
                );
                compared += 1;
            }
        }
    }
    assert!(compared >= 6 * (labels.len() + 1));
    let f1 = ours["exact"]["f1"].as_f64().expect("spans to compare");
    assert!(
        f1 > 0.0 && f1 < 1.0,
        "{dir}: exact F1 {f1} is neither nil nor whole"
    );
    for export in ["label_studio", "spacy", "conll"] {
        assert_eq!(reference[export], json!([]), "{dir}: {export}");
    }
    // The table and the report show the same F1.
    let table = glossa(&[
        "agreement",
        &spec_path,
        &path("results.jsonl"),
        "--items",
        &items_path,
    ]);
    let exact = format!("{f1:.3}");
    assert!(
        table.contains("span F1") && table.contains(&exact),
        "{table}"
    );
    glossa(&[
        "report",
        &spec_path,
        &items_path,
        &path("results.jsonl"),
        "--out",
        &path("report.html"),
    ]);
    let report = std::fs::read_to_string(path("report.html")).unwrap();
    assert!(
        report.contains("Span F1 between annotators") && report.contains(&exact),
        "the report's F1 table"
    );
    let config = std::fs::read_to_string(path("config.xml")).unwrap();
    assert!(
        config.contains(&format!("<Labels name=\"{}\" toName=\"text\">", c.id)),
        "{config}"
    );
    std::fs::remove_dir_all(&tmp).ok();
}

#[test]
fn toxic_spans_agree_with_the_reference() {
    check("de-toxic");
}

#[test]
fn named_entities_agree_with_the_reference() {
    check("en-ner");
}

#[test]
fn mqm_error_spans_agree_with_the_reference() {
    check("en-de-mqm");
}
