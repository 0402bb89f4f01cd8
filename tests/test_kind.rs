//! The test suite's own kind (issue 53): `test_choice`, made of its folder
//! (`src/kinds/test_choice/`) and its line in the declaration alone — no other file names it —
//! is aggregated, decides display logic, is scored against a model and imported from Label
//! Studio, on a plain spec and where a section asks it per output. On the same answers it gives
//! exactly what a `single_choice` gives. Built with `--features test-kind` (`scripts/test.sh`
//! runs it so); without the feature this file is empty.
#![cfg(all(feature = "test-kind", not(target_arch = "wasm32")))]

mod common;

use common::glossa;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("glossa-test-kind-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs the command line; its standard output (a failure fails the test with what it said).
fn run(args: &[&str]) -> String {
    let out = glossa(args);
    assert!(
        out.status.success(),
        "{args:?}:\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn example(path: &str) -> Value {
    serde_json::from_str(&std::fs::read_to_string(format!("{ROOT}/www/examples/{path}")).unwrap())
        .unwrap()
}

/// The spec with control `id` made of `kind` (its fields kept).
fn with_kind(spec: &Value, id: &str, kind: &str) -> Value {
    let mut spec = spec.clone();
    for c in spec["controls"].as_array_mut().unwrap() {
        if c["id"] == id {
            c["kind"] = json!(kind);
            c.as_object_mut().unwrap().retain(|k, _| {
                ["kind", "id", "label", "help", "required", "options"].contains(&k.as_str())
            });
        }
    }
    spec
}

fn write(dir: &Path, name: &str, value: &Value) -> String {
    let path = dir.join(name);
    std::fs::write(&path, value.to_string()).unwrap();
    path.to_str().unwrap().to_owned()
}

/// What the stages give on a spec: the results simulated, `aggregate --json`, and the model
/// section of `agreement --json`.
fn stages(dir: &Path, spec: &Value, items: &Value) -> (String, Value, Value) {
    let (sp, ip) = (
        write(dir, "spec.json", spec),
        write(dir, "items.json", items),
    );
    run(&["check", &sp, &ip]);
    let results = run(&["simulate", &sp, &ip, "--annotators", "5", "--seed", "7"]);
    let rp = dir.join("results.jsonl");
    std::fs::write(&rp, &results).unwrap();
    let rp = rp.to_str().unwrap();
    run(&["validate", &sp, &ip, rp]);
    let aggregate: Value =
        serde_json::from_str(&run(&["aggregate", &sp, rp, "--items", &ip, "--json"])).unwrap();
    let agreement: Value =
        serde_json::from_str(&run(&["agreement", &sp, rp, "--items", &ip, "--json"])).unwrap();
    (results, aggregate, agreement["models"].clone())
}

/// SummEval with its deciding control (`unsupported`, asked per summary) a `test_choice`: it
/// decides whether the hallucination spans are asked, is aggregated per summary and scored
/// against a model's suggestions, as the `single_choice` it replaces.
#[test]
fn a_kind_asked_per_output_decides_display_logic_is_aggregated_and_scored_against_a_model() {
    let spec = example("en-summeval/spec.json");
    let mut items = example("en-summeval/items.json");
    // A model says whether each summary of the first two items states anything unsupported.
    for it in items.as_array_mut().unwrap().iter_mut().take(2) {
        let answer: serde_json::Map<String, Value> = it["summaries"]
            .as_array()
            .unwrap()
            .iter()
            .enumerate()
            .map(|(n, s)| {
                let says = if n % 2 == 0 { "no" } else { "yes" };
                (s["id"].as_str().unwrap().to_owned(), json!(says))
            })
            .collect();
        it["suggestions"] = json!({"unsupported": {"model": "judge-llm", "answer": answer}});
    }
    let mut spec = spec;
    spec["suggestions"] = json!({});
    let test_kind = with_kind(&spec, "unsupported", "test_choice");
    let (results, aggregate, models) = stages(&scratch("per-output"), &test_kind, &items);

    // Display logic: the spans are asked exactly where the new kind's answer is "yes".
    let (mut shown, mut hidden) = (0, 0);
    for line in results.lines() {
        let r: Value = serde_json::from_str(line).unwrap();
        for (output, says) in r["answers"]["unsupported"].as_object().unwrap() {
            let marked = r["answers"]["hallucinations"].get(output).is_some();
            assert_eq!(marked, says == "yes", "{output} in {line}");
            if marked {
                shown += 1;
            } else {
                hidden += 1;
            }
        }
    }
    assert!(shown > 0 && hidden > 0, "shown {shown}, hidden {hidden}");

    // Aggregated per summary, and scored against the model.
    assert!(
        aggregate["unsupported"]["tasks"].as_u64().unwrap() > 0,
        "{aggregate}"
    );
    assert_eq!(models["unsupported"]["model"], "judge-llm", "{models}");
    assert!(
        models["unsupported"]["items"].as_u64().unwrap() > 0,
        "{models}"
    );

    // Exactly what a single choice gives on the same answers.
    let (plain_results, plain_aggregate, plain_models) = stages(
        &scratch("per-output-single"),
        &with_kind(&spec, "unsupported", "single_choice"),
        &items,
    );
    assert_eq!(results, plain_results);
    assert_eq!(aggregate, plain_aggregate);
    assert_eq!(models, plain_models);
}

/// The Italian implicit-content judgement with its one control a `test_choice`: a Label Studio
/// task's chosen option becomes its suggestion, and the answers are aggregated and scored
/// against that model, as a `single_choice`'s.
#[test]
fn a_plain_kind_is_imported_from_label_studio_aggregated_and_scored_against_a_model() {
    let mut spec = example("it-implicit/spec.json");
    spec["suggestions"] = json!({});
    let items = example("it-implicit/items.json");
    let options: Vec<Value> = spec["controls"][0]["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["value"].clone())
        .collect();
    let tasks: Vec<Value> = items
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
        .map(|(n, it)| {
            json!({
                "data": it,
                "predictions": [{"model_version": "giudice-llm", "result": [{
                    "from_name": "valutazione", "to_name": "testo", "type": "choices",
                    "value": {"choices": [options[n % options.len()]]}
                }]}]
            })
        })
        .collect();
    let mut outcomes = Vec::new();
    for kind in ["test_choice", "single_choice"] {
        let dir = scratch(&format!("plain-{kind}"));
        let spec = with_kind(&spec, "valutazione", kind);
        let sp = write(&dir, "spec.json", &spec);
        let lp = write(&dir, "tasks.json", &Value::from(tasks.clone()));
        let imported: Vec<Value> = run(&["items", &sp, &lp, "--from", "labelstudio"])
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(imported.len(), tasks.len());
        for (n, it) in imported.iter().enumerate() {
            assert_eq!(
                it["suggestions"]["valutazione"],
                json!({"model": "giudice-llm", "answer": options[n % options.len()]}),
                "{kind}: {it}"
            );
        }
        let (_, aggregate, models) = stages(&dir, &spec, &Value::from(imported));
        assert!(
            aggregate["valutazione"]["tasks"].as_u64().unwrap() > 0,
            "{kind}: {aggregate}"
        );
        assert_eq!(
            models["valutazione"]["model"], "giudice-llm",
            "{kind}: {models}"
        );
        outcomes.push((aggregate, models));
    }
    assert_eq!(outcomes[0], outcomes[1]);
}
