//! Krippendorff's alpha against an independent implementation: the PyPI `krippendorff`
//! package (installed by `scripts/setup.sh test` into `tests/.venv`), on generated reliability
//! data with missing values, nominal, ordinal and interval, to 1e-9.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use glossa::analysis::alpha::{alpha_of, Datum, Level, Unit};
use glossa::support::rng::SplitMix;
use std::process::Command;

#[test]
fn alpha_equals_the_krippendorff_package_on_generated_data() {
    let mut rng = SplitMix::new(42);
    let mut cases = Vec::new();
    let mut ours = Vec::new();
    for case in 0..90 {
        let level = [Level::Nominal, Level::Ordinal, Level::Interval][case % 3];
        let coders = 2 + rng.below(5) as usize;
        let units = 3 + rng.below(40) as usize;
        let categories = 2 + rng.below(5);
        let missing = rng.below(40); // percent
                                     // Annotators who mostly agree with a unit's "true" value, with noise and gaps.
        let mut matrix = vec![vec![serde_json::Value::Null; units]; coders];
        for u in 0..units {
            let truth = rng.below(categories);
            for row in matrix.iter_mut() {
                if rng.below(100) < missing {
                    continue;
                }
                let v = if rng.below(100) < 70 {
                    truth
                } else {
                    rng.below(categories)
                };
                row[u] = match level {
                    Level::Nominal => serde_json::json!(format!("c{v}")),
                    Level::Ordinal => serde_json::json!(v + 1),
                    Level::Interval => {
                        serde_json::json!((v as f64 + rng.below(1000) as f64 / 997.0).ln_1p())
                    }
                };
            }
        }
        let units_of: Vec<Unit> = (0..units)
            .map(|u| {
                matrix
                    .iter()
                    .filter_map(|row| match &row[u] {
                        serde_json::Value::String(s) => Some(Datum::Category(s.clone())),
                        serde_json::Value::Number(n) => Some(Datum::Number(n.as_f64().unwrap())),
                        _ => None,
                    })
                    .collect()
            })
            .collect();
        ours.push(alpha_of(&units_of, level));
        cases.push(serde_json::json!({"level": level.as_str(), "matrix": matrix}));
    }
    let dir = std::env::temp_dir().join(format!("glossa-alpha-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("cases.json");
    std::fs::write(&file, serde_json::json!({ "cases": cases }).to_string()).unwrap();
    let out = Command::new(common::python())
        .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/alpha_reference.py"))
        .arg(&file)
        .output()
        .expect("python with the krippendorff package (scripts/setup.sh test installs it in tests/.venv)");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let theirs: Vec<f64> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| l.parse().unwrap())
        .collect();
    assert_eq!(theirs.len(), ours.len());
    let mut compared = 0;
    for (i, (a, b)) in ours.iter().zip(&theirs).enumerate() {
        match a {
            Some(a) => {
                assert!(
                    (a - b).abs() < 1e-9,
                    "case {i} ({}): ours {a}, krippendorff {b}",
                    cases[i]["level"]
                );
                compared += 1;
            }
            None => assert!(
                b.is_nan() || b.is_infinite(),
                "case {i}: ours undefined, krippendorff {b}"
            ),
        }
    }
    assert!(compared >= 50, "only {compared} cases compared");
}
