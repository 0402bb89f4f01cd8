//! The coreference scores against an independent implementation: every response of the CoNLL
//! reference scorer's test cases (`tests/fixtures/coreference`) scored against its key by
//! `glossa::analysis::coreference` and by the PyPI `scorch` package
//! (`tests/coreference_reference.py`, which also reads the CoNLL files), equal to 1e-9.
#![cfg(not(target_arch = "wasm32"))]

use glossa::analysis::coreference::{scores, Prf};
use serde_json::Value;
use std::collections::BTreeSet;
use std::process::Command;

fn python() -> String {
    std::env::var("GLOSSA_PYTHON").unwrap_or_else(|_| {
        concat!(env!("CARGO_MANIFEST_DIR"), "/tests/.venv/bin/python").to_owned()
    })
}

fn side(v: &Value) -> Vec<BTreeSet<String>> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|c| {
            c.as_array()
                .unwrap()
                .iter()
                .map(|m| m.as_str().unwrap().to_owned())
                .collect()
        })
        .collect()
}

#[test]
fn every_test_case_of_the_reference_scorer_scores_as_scorch_does() {
    let root = env!("CARGO_MANIFEST_DIR");
    let out = Command::new(python())
        .args([
            &format!("{root}/tests/coreference_reference.py"),
            &format!("{root}/tests/fixtures/coreference"),
        ])
        .output()
        .expect("the reference runs (scripts/setup.sh test installs it)");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let cases: Vec<Value> = serde_json::from_slice(&out.stdout).unwrap();
    assert!(cases.len() >= 30, "{} cases", cases.len());
    for case in &cases {
        let name = case["case"].as_str().unwrap();
        let s = scores(&side(&case["key"]), &side(&case["response"]));
        for (metric, got) in [
            ("muc", s.muc),
            ("b_cubed", s.b_cubed),
            ("ceaf_m", s.ceaf_m),
            ("ceaf_e", s.ceaf_e),
            ("blanc", s.blanc),
        ] {
            let want: Vec<f64> = case["scores"][metric]
                .as_array()
                .unwrap()
                .iter()
                .map(|x| x.as_f64().unwrap())
                .collect();
            let Prf {
                recall,
                precision,
                f1,
            } = got;
            for (what, g, w) in [
                ("recall", recall, want[0]),
                ("precision", precision, want[1]),
                ("F1", f1, want[2]),
            ] {
                assert!(
                    (g - w).abs() < 1e-9,
                    "{name} {metric} {what}: glossa {g}, scorch {w}"
                );
            }
        }
    }
}
