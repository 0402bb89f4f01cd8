//! The conformance matrix (issue 53): every shipped example (plain and per output) through every
//! stage — simulate, validate, agreement, report, aggregate and each export, the review page's
//! decisions (each source in turn) and their download, gold and attention items through
//! `check`, `plan` (and `--refill`) and `report` — and its output is not empty where the example has something to say: a stage that
//! applies to a control (by the kind's capabilities, never by its name) covers every such
//! control, including those a section asks per output. A control a section asks per output is
//! aggregated exactly as the same answers unfolded by hand (one item per item and output, the
//! control asked once). Examples and kinds join the matrix by being shipped and declared: the
//! rows are read from `www/examples/index.json` and the columns from the spec's capabilities.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::glossa;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// Runs the command line, and its standard output, failing the test (naming the example and
/// the stage) on a non-zero exit.
fn stage(example: &str, name: &str, args: &[&str]) -> String {
    let out = glossa(args);
    assert!(
        out.status.success(),
        "{example}: {name} failed ({args:?}):\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn examples() -> Vec<(String, String, String)> {
    let index: Value = serde_json::from_str(
        &std::fs::read_to_string(format!("{ROOT}/www/examples/index.json")).unwrap(),
    )
    .unwrap();
    index
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["id"].as_str().unwrap().to_owned(),
                format!("{ROOT}/www/examples/{}", e["spec"].as_str().unwrap()),
                format!("{ROOT}/www/examples/{}", e["items"].as_str().unwrap()),
            )
        })
        .collect()
}

fn scratch(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("glossa-conformance-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// The ids of the answered controls with a capability.
fn answered_with(
    spec: &glossa::spec::TaskSpec,
    results: &str,
    has: impl Fn(&glossa::spec::Control) -> bool,
) -> Vec<String> {
    spec.controls
        .iter()
        .filter(|c| has(c))
        .map(|c| c.id().to_string())
        .filter(|id| {
            results.lines().any(|l| {
                serde_json::from_str::<Value>(l).unwrap()["answers"]
                    .get(id)
                    .is_some()
            })
        })
        .collect()
}

#[test]
fn every_example_through_every_stage() {
    let mut rows = Vec::new();
    for (example, spec_path, items_path) in examples() {
        let dir = scratch(&example);
        let spec_text = std::fs::read_to_string(&spec_path).unwrap();
        let spec = glossa::mount::load_spec(&spec_text).expect("the example's spec loads");
        let results = stage(
            &example,
            "simulate",
            &[
                "simulate",
                &spec_path,
                &items_path,
                "--annotators",
                "5",
                "--seed",
                "11",
            ],
        );
        assert!(
            results.lines().count() > 0,
            "{example}: simulate gave no results"
        );
        let results_path = dir.join("results.jsonl");
        std::fs::write(&results_path, &results).unwrap();
        let rp = s(&results_path);

        stage(
            &example,
            "validate",
            &["validate", &spec_path, &items_path, rp],
        );

        let agreement: Value = serde_json::from_str(&stage(
            &example,
            "agreement",
            &[
                "agreement",
                &spec_path,
                rp,
                "--items",
                &items_path,
                "--json",
            ],
        ))
        .unwrap();
        assert!(agreement.is_object(), "{example}: agreement");

        let report = dir.join("report.html");
        stage(
            &example,
            "report",
            &["report", &spec_path, &items_path, rp, "--out", s(&report)],
        );
        let html = std::fs::read_to_string(&report).unwrap();
        assert!(
            html.contains("<html") && html.len() > 1000,
            "{example}: report"
        );

        // Aggregation covers every answered categorical or labelled-span control, per output
        // or not.
        let aggregated: Value = serde_json::from_str(&stage(
            &example,
            "aggregate",
            &[
                "aggregate",
                &spec_path,
                rp,
                "--items",
                &items_path,
                "--json",
            ],
        ))
        .unwrap();
        for id in answered_with(&spec, &results, |c| {
            c.categories().is_some() || c.labelled_spans().is_some()
        }) {
            assert!(
                aggregated[&id]["tasks"].as_u64().unwrap_or(0) > 0,
                "{example}: aggregate has nothing for \"{id}\": {aggregated}"
            );
        }
        let as_results = dir.join("aggregated.jsonl");
        stage(
            &example,
            "aggregate --out",
            &[
                "aggregate",
                &spec_path,
                rp,
                "--items",
                &items_path,
                "--out",
                s(&as_results),
            ],
        );
        let written = std::fs::read_to_string(&as_results).unwrap_or_default();
        if aggregated.as_object().is_some_and(|o| !o.is_empty()) {
            assert!(
                written.lines().count() > 0,
                "{example}: aggregate wrote no results"
            );
        }

        // The tidy table has a row per answer field.
        let csv = stage(&example, "export csv", &["export", "csv", &spec_path, rp]);
        assert!(csv.lines().count() > 1, "{example}: export csv is empty");

        // The span exports, for every example with labelled spans.
        let spans = answered_with(&spec, &results, |c| c.labelled_spans().is_some());
        if !spans.is_empty() {
            for format in ["conll", "spacy", "label-studio"] {
                let out = stage(
                    &example,
                    &format!("export {format}"),
                    &["export", format, &spec_path, &items_path, rp],
                );
                assert!(
                    !out.trim().is_empty(),
                    "{example}: export {format} is empty"
                );
            }
        }

        // Per output: aggregated as the same answers unfolded by hand.
        for (_, section) in spec.sections() {
            let Some(src) = &section.outputs else {
                continue;
            };
            for id in &section.controls {
                let id = id.to_string();
                if aggregated.get(&id).is_none() {
                    continue;
                }
                let by_hand = unfolded(
                    &example,
                    &dir,
                    &spec_text,
                    &items_path,
                    &results,
                    &id,
                    src.field.as_str(),
                );
                for key in [
                    "tasks",
                    "annotators",
                    "labels",
                    "majority_vote",
                    "ties",
                    "dawid_skene",
                    "mace",
                ] {
                    assert_eq!(
                        aggregated[&id][key], by_hand[&id][key],
                        "{example}: \"{id}\" per output differs from unfolded by hand in {key}"
                    );
                }
                rows.push(format!("{example}/{id} per output = unfolded"));
            }
        }
        review(&example, &spec_text, &items_path, &results);
        gold_and_attention(&example, &dir, &spec_path, &items_path, &results);
        rows.push(example);
    }
    // Every shipped example ran, a per-output one among them.
    assert!(rows.len() >= 17, "{rows:?}");
    assert!(rows.iter().any(|r| r.contains("per output")), "{rows:?}");
}

/// The aggregation of control `id` on the same answers unfolded by hand: one item per (item,
/// output) whose text is the output's, the control asked once (where it names the outputs
/// field, it names `text`).
fn unfolded(
    example: &str,
    dir: &Path,
    spec_text: &str,
    items_path: &str,
    results: &str,
    id: &str,
    field: &str,
) -> Value {
    let [sp, ip, rp] = common::unfolded_by_hand(dir, spec_text, items_path, results, id, field);
    serde_json::from_str(&stage(
        example,
        "aggregate unfolded",
        &["aggregate", s(&sp), s(&rp), "--items", s(&ip), "--json"],
    ))
    .unwrap()
}

/// The review page's stage: a decision on every item, each source in turn (an annotator, the
/// majority, Dawid–Skene, the reviewer's own answers), wherever the page offers it; every
/// decision is downloaded, and each adjudicated result passes the checks a result passes.
fn review(example: &str, spec_text: &str, items_path: &str, results: &str) {
    use glossa::analysis::review::{Decision, Review};
    let items_text = std::fs::read_to_string(items_path).unwrap();
    let (spec, items) = glossa::mount::study(spec_text, &items_text).expect("the study loads");
    let docs: Vec<glossa::result::ResultDoc> = results
        .lines()
        .map(|l| glossa::result::ResultDoc::read(&spec, &serde_json::from_str(l).unwrap()).unwrap())
        .collect();
    let r = Review::new(spec.clone(), items.clone(), docs);
    let mut decisions = glossa::support::sorted_map::SortedMap::new();
    let mut offered = [0usize; 2];
    for (k, it) in items.iter().enumerate() {
        let c = r.candidates(&it.id);
        let annotators = c["annotators"].as_array().unwrap();
        if annotators.is_empty() {
            continue;
        }
        let d = match k % 4 {
            1 if c["majority_vote"]["answers"].is_object() => {
                offered[0] += 1;
                json!({"source": "majority_vote"})
            }
            2 if c["dawid_skene"]["answers"].is_object() => {
                offered[1] += 1;
                json!({"source": "dawid_skene"})
            }
            3 => json!({"source": "edited", "answers": annotators[0]["answers"]}),
            _ => json!({"source": "annotator", "from": annotators[k % annotators.len()]["who"]}),
        };
        decisions.insert(
            it.id.clone(),
            serde_json::from_value::<Decision>(d).unwrap(),
        );
    }
    let (adjudicated, problems) = r.adjudicated("conformance", &decisions);
    assert_eq!(
        problems,
        Vec::<String>::new(),
        "{example}: review decisions refused"
    );
    assert_eq!(
        adjudicated.len(),
        decisions.len(),
        "{example}: every decision downloaded"
    );
    assert!(
        offered.iter().sum::<usize>() > 0,
        "{example}: the majority or the aggregate is offered somewhere"
    );
    for doc in &adjudicated {
        let item = items.iter().find(|i| i.id == doc.item_id).unwrap();
        let task = glossa::task::Task::new(spec.clone(), item.clone(), None);
        let findings =
            glossa::analysis::revalidate::check_result(&task, &serde_json::to_value(doc).unwrap());
        assert!(
            findings.is_empty(),
            "{example}: adjudicated {}: {findings:?}",
            doc.item_id
        );
    }
}

/// Gold and attention: the first item's first result saved as a gold item and, where its
/// answers can be instructed, as an attention item; `check --gold`, `plan --gold` (and
/// `--refill`) and `report --gold` take the file, and the plan instructs what can be.
fn gold_and_attention(example: &str, dir: &Path, spec_path: &str, items_path: &str, results: &str) {
    let first: Value = serde_json::from_str(results.lines().next().unwrap()).unwrap();
    let item = first["item_id"].as_str().unwrap();
    let mut entries = vec![json!({"item_id": item, "kind": "gold", "answers": first["answers"]})];
    // A second item as attention, with the answers the page can check.
    let second = results
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .find(|r| r["item_id"] != item);
    let mut instructed = false;
    if let Some(second) = second {
        let gold = dir.join("attention-probe.json");
        let mut answers = second["answers"].clone();
        std::fs::write(&gold, json!({"items": [{"item_id": second["item_id"], "kind": "attention", "answers": answers}]}).to_string()).unwrap();
        let out = glossa(&["check", spec_path, items_path, "--gold", s(&gold)]);
        for line in String::from_utf8_lossy(&out.stderr)
            .lines()
            .chain(String::from_utf8_lossy(&out.stdout).lines())
        {
            if let Some(control) = line
                .split("items[0].answers.")
                .nth(1)
                .and_then(|t| t.split(':').next())
                .filter(|_| line.contains("cannot be instructed"))
            {
                answers.as_object_mut().unwrap().remove(control);
            }
        }
        if answers.as_object().is_some_and(|a| !a.is_empty()) {
            instructed = true;
            entries.push(
                json!({"item_id": second["item_id"], "kind": "attention", "answers": answers}),
            );
        }
    }
    let gold = dir.join("gold.json");
    std::fs::write(&gold, json!({"items": entries}).to_string()).unwrap();
    let gp = s(&gold);
    stage(
        example,
        "check --gold",
        &["check", spec_path, items_path, "--gold", gp],
    );
    let plan: Value = serde_json::from_str(&stage(
        example,
        "plan --gold",
        &[
            "plan",
            spec_path,
            items_path,
            "--annotators",
            "4",
            "--per-item",
            "2",
            "--gold",
            gp,
        ],
    ))
    .unwrap();
    assert_eq!(
        plan["attention"].as_object().is_some_and(|a| !a.is_empty()),
        instructed,
        "{example}: the plan instructs the attention item: {}",
        plan["attention"]
    );
    let results_path = dir.join("results.jsonl");
    // The refill plans what the rejected left undone (or says nothing is missing).
    let refill = glossa(&[
        "plan",
        spec_path,
        items_path,
        "--annotators",
        "12",
        "--per-item",
        "6",
        "--gold",
        gp,
        "--refill",
        s(&results_path),
    ]);
    let said = String::from_utf8_lossy(&refill.stderr);
    assert!(
        refill.status.success() || said.contains("no judgement is missing"),
        "{example}: plan --refill: {said}"
    );
    let report = dir.join("gold-report.html");
    stage(
        example,
        "report --gold",
        &[
            "report",
            spec_path,
            items_path,
            s(&results_path),
            "--gold",
            gp,
            "--out",
            s(&report),
        ],
    );
}
