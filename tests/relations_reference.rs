//! Agreement on links (`glossa agreement`'s relation F₁ and chain scores) equals an independent
//! reference (`tests/relations_reference.py`: relation F₁ matched by scipy's assignment, the
//! chains scored by the PyPI `scorch` package) on the shipped relations study, brat's news
//! tutorial: six simulated annotators, one of whom marks every linked passage a character
//! longer (passages that overlap, not the same) and one who links "Located", made undirected
//! here, the other way round.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use serde_json::{json, Value};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// Every number of `want` in `got` (within 1e-9), and the same keys.
fn same(got: &Value, want: &Value, at: &str, compared: &mut usize) {
    match (got, want) {
        (Value::Object(g), Value::Object(w)) => {
            let (gk, wk): (Vec<&String>, Vec<&String>) = (g.keys().collect(), w.keys().collect());
            assert_eq!(gk, wk, "{at}: the keys");
            for (k, v) in w {
                same(&g[k], v, &format!("{at}.{k}"), compared);
            }
        }
        (Value::Array(g), Value::Array(w)) => {
            assert_eq!(g.len(), w.len(), "{at}");
            for (k, (a, b)) in g.iter().zip(w).enumerate() {
                same(a, b, &format!("{at}[{k}]"), compared);
            }
        }
        (Value::Number(a), Value::Number(b)) => {
            *compared += 1;
            let (a, b) = (a.as_f64().unwrap(), b.as_f64().unwrap());
            assert!(
                (a - b).abs() < 1e-9,
                "{at}: {a} (glossa) != {b} (reference)"
            );
        }
        _ => {
            *compared += 1;
            assert_eq!(got, want, "{at}");
        }
    }
}

#[test]
fn relation_f1_and_chain_scores_equal_the_reference_on_the_news_tutorial() {
    let dir =
        std::env::temp_dir().join(format!("glossa-relations-reference-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut spec: Value = serde_json::from_str(
        &std::fs::read_to_string(format!("{ROOT}/www/examples/en-relations/spec.json")).unwrap(),
    )
    .unwrap();
    let control = spec["controls"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|c| c["kind"] == "relations")
        .unwrap();
    for t in control["types"].as_array_mut().unwrap() {
        if t["value"] == "Located" {
            t["shape"] = json!("undirected");
        }
    }
    let shapes: serde_json::Map<String, Value> = (control["types"].as_array().unwrap().iter())
        .map(|t| {
            (
                t["value"].as_str().unwrap().to_owned(),
                t.get("shape").cloned().unwrap_or(json!("directed")),
            )
        })
        .collect();
    let id = control["id"].as_str().unwrap().to_owned();
    let spec_path = dir.join("spec.json");
    std::fs::write(&spec_path, spec.to_string()).unwrap();
    let items = format!("{ROOT}/www/examples/en-relations/items.json");
    let simulated = common::glossa_ok(&[
        "simulate",
        spec_path.to_str().unwrap(),
        &items,
        "--annotators",
        "6",
        "--seed",
        "11",
    ]);
    // sim-02's passages a character longer; sim-03's Located links turned round.
    let (mut longer, mut turned) = (0, 0);
    let mut lines = String::new();
    for line in simulated.lines() {
        let mut r: Value = serde_json::from_str(line).unwrap();
        let who = r["ids"]["participant"].as_str().unwrap().to_owned();
        for l in r["answers"][&id]["links"]
            .as_array_mut()
            .into_iter()
            .flatten()
        {
            if who == "sim-02" {
                l["head"]["end"] = json!(l["head"]["end"].as_u64().unwrap() + 1);
                longer += 1;
            }
            if who == "sim-03" && l["label"] == "Located" {
                let head = l["head"].take();
                l["head"] = l["tail"].take();
                l["tail"] = head;
                turned += 1;
            }
        }
        lines += &format!("{r}\n");
    }
    assert!(longer > 0 && turned > 0, "{longer} longer, {turned} turned");
    let results = dir.join("results.jsonl");
    std::fs::write(&results, lines).unwrap();

    let agreement: Value = serde_json::from_str(&common::glossa_ok(&[
        "agreement",
        spec_path.to_str().unwrap(),
        results.to_str().unwrap(),
        "--json",
    ]))
    .unwrap();
    let job = dir.join("job.json");
    std::fs::write(
        &job,
        json!({"control": id, "shapes": shapes, "results": results}).to_string(),
    )
    .unwrap();
    let reference = common::reference("relations_reference.py", &[job.to_str().unwrap()]);
    let got = &agreement["relation_f1"][&id];
    let mut compared = 0;
    same(got, &reference, &id, &mut compared);
    assert!(compared > 80, "{compared} figures compared");
    // What the data exercises: passages that overlap without being the same, a turned link
    // of an undirected type matching, and chains.
    assert!(
        got["overlap"]["matched"].as_u64() > got["exact"]["matched"].as_u64(),
        "{got}"
    );
    assert!(
        got["types"]["Located"]["exact"]["matched"].as_u64() > Some(0),
        "{got}"
    );
    assert!(got["chains"]["Alias"]["muc"].as_f64().is_some(), "{got}");
    let _ = std::fs::remove_dir_all(&dir);
}
