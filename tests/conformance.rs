//! The conformance matrix (issue 53): every shipped example (plain and per output) through every
//! stage — simulate, validate, agreement, report, aggregate and each export, the review page's
//! decisions (each source in turn) and their download, gold and attention items through
//! `check`, `plan` (and `--refill`) and `report`, the published dataset — and its output is not empty where the example has something to say: a stage that
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

thread_local! {
    /// The stage the matrix is in, named when something in it panics.
    static STAGE: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
}

/// Says which stage the matrix is in (a panic names it).
fn at(name: &str) {
    STAGE.with(|s| *s.borrow_mut() = name.to_owned());
}

/// Runs the command line, and its standard output, failing the test (naming the example and
/// the stage) on a non-zero exit.
fn stage(example: &str, name: &str, args: &[&str]) -> String {
    at(name);
    let out = glossa(args);
    assert!(
        out.status.success(),
        "{example}: {name} failed ({args:?}):\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// The layouts the book documents that no shipped example has, each by the fixture the book
/// names: a titled section without `outputs` whose follow-up questions show after a *yes*
/// (`docs/src/protocols.md`, display logic).
const LAYOUTS: [(&str, &str, &str); 1] = [(
    "followup (a titled section without outputs, display logic)",
    "tests/fixtures/followup-spec.json",
    "tests/fixtures/followup-items.json",
)];

/// The matrix's rows: every shipped example, then every documented layout.
fn examples() -> Vec<(String, String, String)> {
    let mut rows = shipped();
    rows.extend(LAYOUTS.iter().map(|(id, spec, items)| {
        (
            (*id).to_owned(),
            format!("{ROOT}/{spec}"),
            format!("{ROOT}/{items}"),
        )
    }));
    rows
}

fn shipped() -> Vec<(String, String, String)> {
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
    let mut rejected = 0;
    for (n, (example, spec_path, items_path)) in examples().into_iter().enumerate() {
        // A panic anywhere in an example's stages names the example and the stage.
        at("load");
        let page = glossa::analysis::pages::Page::ALL[n % glossa::analysis::pages::Page::ALL.len()];
        let ran = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            one_example(&example, &spec_path, &items_path, page, &mut rows)
        }));
        match ran {
            Ok(r) => rejected += r,
            Err(e) => {
                let why = e
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| e.downcast_ref::<&str>().map(|s| (*s).to_owned()))
                    .unwrap_or_default();
                let stage = STAGE.with(|s| s.borrow().clone());
                panic!("{example}: stage \"{stage}\" panicked: {why}");
            }
        }
        rows.push(example);
    }
    // Every shipped example ran, a per-output one among them, and every documented layout.
    assert!(rows.len() >= 17 + LAYOUTS.len(), "{rows:?}");
    assert!(rows.iter().any(|r| r.contains("per output")), "{rows:?}");
    // Some participants gave other answers than an attention item's, and were rejected.
    assert!(rejected > 0, "payments rejected no one in any example");
    // Every page's results ran through the stages.
    for page in glossa::analysis::pages::Page::ALL {
        assert!(
            rows.iter()
                .any(|r| r.ends_with(&format!("as the {} page writes them", page.name()))),
            "{rows:?}"
        );
    }
}

/// Every kind the crate declares (control and block) is in the matrix: some row's spec uses
/// it. A kind declared in its folder with no example would pass every stage untested.
#[test]
fn every_declared_kind_has_an_example_in_the_matrix() {
    let declared: Value = serde_json::from_str(&glossa::kinds::catalog::json()).unwrap();
    let mut used = std::collections::BTreeSet::new();
    for (_, spec_path, _) in examples() {
        let spec: Value =
            serde_json::from_str(&std::fs::read_to_string(&spec_path).unwrap()).unwrap();
        for list in ["controls", "blocks"] {
            for entry in spec[list].as_array().into_iter().flatten() {
                if let Some(kind) = entry["kind"].as_str() {
                    used.insert((list, kind.to_owned()));
                }
            }
        }
    }
    let missing: Vec<String> = ["controls", "blocks"]
        .into_iter()
        .flat_map(|list| {
            declared[list]
                .as_array()
                .unwrap()
                .iter()
                .map(move |k| (list, k["kind"].as_str().unwrap().to_owned()))
        })
        .filter(|k| !used.contains(k))
        .map(|(list, kind)| format!("{kind} ({list})"))
        .collect();
    assert!(
        missing.is_empty(),
        "declared kinds that no example of the conformance matrix uses: {}; ship an example with them (www/examples/, listed in index.json) or add a layout to LAYOUTS",
        missing.join(", ")
    );
}

/// One row of the matrix: the plain crowd's results through every stage, then the results
/// as `page` writes them (a plan with gold and attention items); how many payments rejected.
fn one_example(
    example: &str,
    spec_path: &str,
    items_path: &str,
    page: glossa::analysis::pages::Page,
    rows: &mut Vec<String>,
) -> usize {
    let example = example.to_owned();
    let (spec_path, items_path) = (spec_path.to_owned(), items_path.to_owned());
    let dir = scratch(&example);
    let spec_text = std::fs::read_to_string(&spec_path).unwrap();
    let spec = glossa::mount::load_spec(&spec_text).expect("the example's spec loads");
    media_beside(&dir, &spec, &items_path);
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

    // The span exports, for every example with labelled spans: each control of several
    // named (MQM's errors in the translation and in the source).
    let spans = answered_with(&spec, &results, |c| c.labelled_spans().is_some());
    let all_spans = spec
        .controls
        .iter()
        .filter(|c| c.labelled_spans().is_some())
        .count();
    for id in &spans {
        for format in ["conll", "spacy", "label-studio"] {
            let mut args = vec!["export", format, &spec_path, &items_path, rp];
            if all_spans > 1 {
                args.extend(["--control", id.as_str()]);
            }
            let out = stage(&example, &format!("export {format} {id}"), &args);
            assert!(
                !out.trim().is_empty(),
                "{example}: export {format} of {id} is empty"
            );
        }
        if all_spans == 1 {
            break;
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
    for id in &spans {
        imports(&example, &dir, &spec_text, &items_path, &results, id);
        rows.push(format!("{example}/{id} imported"));
    }
    review(&example, &spec_text, &items_path, &results);
    dataset(
        &example,
        &dir,
        &spec,
        &spec_path,
        &items_path,
        &results,
        &[],
    );
    let rejected = gold_and_attention(&example, &dir, &spec_path, &items_path, &results);
    paged(&example, &dir, &spec, &spec_path, &items_path, page);
    rows.push(format!("{example} as the {} page writes them", page.name()));
    rejected
}

/// The results as `page` writes them, for a plan with the gold and attention items
/// [`gold_and_attention`] chose (its `gold.json`): through validate, agreement, report,
/// aggregate, the tidy export and the published dataset, each with the gold file where it
/// takes one; the dataset must not hold any of the page's personal ids.
fn paged(
    example: &str,
    dir: &Path,
    spec: &glossa::spec::TaskSpec,
    spec_path: &str,
    items_path: &str,
    page: glossa::analysis::pages::Page,
) {
    let name = page.name();
    let gold = dir.join("plan-gold.json");
    let gp = s(&gold);
    let plan = dir.join("plan.json");
    let written = stage(
        example,
        "plan for the page",
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
            "--gold-every",
            "1",
            "--seed",
            "5",
        ],
    );
    std::fs::write(&plan, written).unwrap();
    let results = stage(
        example,
        &format!("simulate --page {name}"),
        &[
            "simulate",
            spec_path,
            items_path,
            "--page",
            name,
            "--plan",
            s(&plan),
            "--annotators",
            "8",
            "--seed",
            "11",
        ],
    );
    assert!(
        results.lines().count() > 0,
        "{example}: simulate --page {name} gave no results"
    );
    let path = dir.join(format!("{name}-results.jsonl"));
    std::fs::write(&path, &results).unwrap();
    let rp = s(&path);
    let flagged = results.lines().any(|l| l.contains(r#""gold":"gold""#));
    if page != glossa::analysis::pages::Page::Mturk {
        assert!(
            flagged,
            "{example}: the {name} page flags the plan's gold items"
        );
    }
    stage(
        example,
        &format!("validate ({name})"),
        &["validate", spec_path, items_path, rp],
    );
    stage(
        example,
        &format!("agreement --gold ({name})"),
        &[
            "agreement",
            spec_path,
            rp,
            "--items",
            items_path,
            "--gold",
            gp,
            "--json",
        ],
    );
    let report = dir.join(format!("{name}-report.html"));
    stage(
        example,
        &format!("report --gold ({name})"),
        &[
            "report",
            spec_path,
            items_path,
            rp,
            "--gold",
            gp,
            "--out",
            s(&report),
        ],
    );
    stage(
        example,
        &format!("aggregate ({name})"),
        &["aggregate", spec_path, rp, "--items", items_path, "--json"],
    );
    let csv = stage(
        example,
        &format!("export csv ({name})"),
        &["export", "csv", spec_path, rp],
    );
    assert!(
        csv.lines().count() > 1,
        "{example}: export csv ({name}) is empty"
    );
    dataset(
        example,
        dir,
        spec,
        spec_path,
        items_path,
        &results,
        &["--gold", gp, "--plan", s(&plan)],
    );
}

/// The example's media files, copied into `dir` at the items' paths: the items files the
/// stages write there (imported, unfolded) name them, and `check` verifies each.
fn media_beside(dir: &Path, spec: &glossa::spec::TaskSpec, items_path: &str) {
    let items = glossa::item::parse_items(&std::fs::read_to_string(items_path).unwrap()).unwrap();
    let from = Path::new(items_path).parent().unwrap();
    for rel in glossa::item::media::relative_files(spec, &items).unwrap() {
        let to = dir.join(&rel);
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        std::fs::copy(from.join(&rel), &to).unwrap();
    }
}

/// The published dataset (`export dataset`, notes kept): every answer of every result has its
/// rows in the annotations table under the annotator's pseudonym, each output a section asks
/// for in its own, the value as JSON equal to the result's; no annotator id in the folder
/// (the export itself refuses one that has).
fn dataset(
    example: &str,
    dir: &Path,
    spec: &glossa::spec::TaskSpec,
    spec_path: &str,
    items_path: &str,
    results: &str,
    more: &[&str],
) {
    at("export dataset");
    let card = dir.join("card.json");
    let card_json = json!({"license": "cc-by-4.0", "pretty_name": example, "task_categories": ["other"], "languages": [spec.language.tag()]});
    std::fs::write(&card, card_json.to_string()).unwrap();
    let salt = dir.join("salt.txt");
    std::fs::write(&salt, "the conformance matrix's salt, 48 bytes of it..").unwrap();
    let out = dir.join("dataset");
    let _ = std::fs::remove_dir_all(&out);
    let rp = dir.join("dataset-results.jsonl");
    std::fs::write(&rp, results).unwrap();
    let mut args = vec![
        "export",
        "dataset",
        spec_path,
        items_path,
        s(&rp),
        "--card",
        s(&card),
        "--salt",
        s(&salt),
        "--out",
        s(&out),
        "--keep-notes",
    ];
    args.extend(more);
    stage(example, "export dataset", &args);
    let mut rows: std::collections::BTreeMap<(String, String, String), Vec<Value>> =
        Default::default();
    for line in std::fs::read_to_string(out.join("data/annotations/train.jsonl"))
        .unwrap()
        .lines()
    {
        let row: Value = serde_json::from_str(line).unwrap();
        let key = |k: &str| row[k].as_str().unwrap_or_default().to_owned();
        rows.entry((key("annotator"), key("item_id"), key("control")))
            .or_default()
            .push(row);
    }
    // (A section without `outputs` only groups its controls: they are answered once.)
    let per_output: std::collections::BTreeSet<String> = spec
        .sections()
        .filter(|(_, section)| section.outputs.is_some())
        .flat_map(|(_, section)| section.controls.iter().map(ToString::to_string))
        .collect();
    for line in results.lines() {
        let r: Value = serde_json::from_str(line).unwrap();
        // Who made it, by the hosts' ids (a page's flags, such as gold, name no one).
        let ids = &r["ids"];
        let named = ["participant", "PROLIFIC_PID", "workerId", "assignmentId"]
            .iter()
            .find_map(|k| ids[k].as_str())
            .unwrap_or_else(|| panic!("{example}: a result names no participant: {ids}"));
        let who = format!(
            "ann-{}",
            &glossa::support::digest::hmac_sha256_hex(
                b"the conformance matrix's salt, 48 bytes of it..",
                named.as_bytes()
            )[..16]
        );
        for (control, value) in r["answers"].as_object().unwrap() {
            let key = (
                who.clone(),
                r["item_id"].as_str().unwrap().to_owned(),
                control.clone(),
            );
            let mine = rows
                .get(&key)
                .unwrap_or_else(|| panic!("{example}: export dataset has no row for {key:?}"));
            let values: Vec<(Option<&str>, &Value)> = if per_output.contains(control) {
                value
                    .as_object()
                    .unwrap()
                    .iter()
                    .map(|(o, v)| (Some(o.as_str()), v))
                    .collect()
            } else {
                vec![(None, value)]
            };
            for (output, v) in values {
                let found = mine.iter().any(|row| {
                    output.is_none_or(|o| {
                        row["output"]
                            .as_str()
                            .is_some_and(|x| x == o || x.starts_with(&format!("{o}/")))
                    }) && serde_json::from_str::<Value>(row["value_json"].as_str().unwrap())
                        .unwrap()
                        == *v
                });
                assert!(
                    found,
                    "{example}: export dataset: {key:?} {output:?}: no row with the answer {v}"
                );
            }
        }
    }
    let readme = std::fs::read_to_string(out.join("README.md")).unwrap();
    assert!(
        readme.starts_with("---\nlicense: \"cc-by-4.0\""),
        "{example}: the card"
    );
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
/// `--refill`), `payments` and `report --gold` take the file, and the plan instructs what can
/// be.
fn gold_and_attention(
    example: &str,
    dir: &Path,
    spec_path: &str,
    items_path: &str,
    results: &str,
) -> usize {
    let first: Value = serde_json::from_str(results.lines().next().unwrap()).unwrap();
    let item = first["item_id"].as_str().unwrap();
    let mut entries = vec![json!({"item_id": item, "kind": "gold", "answers": first["answers"]})];
    // A second item as attention, with the answers the page can check.
    let second = results
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .find(|r| r["item_id"] != item);
    let mut instructed = None;
    if let Some(second) = &second {
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
            entries.push(
                json!({"item_id": second["item_id"], "kind": "attention", "answers": answers}),
            );
            instructed = Some((second["item_id"].clone(), answers));
        }
    }
    let gold = dir.join("gold.json");
    std::fs::write(&gold, json!({"items": entries}).to_string()).unwrap();
    // The plan's gold: the gold file, or its first item alone where it has every item (a
    // plan needs items to assign; `glossa plan` says so).
    let items_count = glossa::item::parse_items(&std::fs::read_to_string(items_path).unwrap())
        .unwrap()
        .len();
    let plan_gold = dir.join("plan-gold.json");
    if entries.len() >= items_count {
        at("plan of gold items alone");
        let refused = glossa(&[
            "plan",
            spec_path,
            items_path,
            "--annotators",
            "2",
            "--per-item",
            "1",
            "--gold",
            s(&gold),
        ]);
        assert!(
            String::from_utf8_lossy(&refused.stderr).contains("nothing is left to assign"),
            "{example}: a plan of gold items alone is refused"
        );
    }
    let planned = &entries[..entries.len().min(items_count - 1)];
    std::fs::write(&plan_gold, json!({"items": planned}).to_string()).unwrap();
    let gp = s(&gold);
    let pgp = s(&plan_gold);
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
            pgp,
        ],
    ))
    .unwrap();
    assert_eq!(
        plan["attention"].as_object().is_some_and(|a| !a.is_empty()),
        instructed.is_some() && planned.len() == entries.len(),
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
        pgp,
        "--refill",
        s(&results_path),
    ]);
    let said = String::from_utf8_lossy(&refill.stderr);
    assert!(
        refill.status.success() || said.contains("no judgement is missing"),
        "{example}: plan --refill: {said}"
    );
    let rejected = payments(
        example,
        dir,
        spec_path,
        items_path,
        results,
        gp,
        instructed.as_ref(),
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
    rejected
}

/// Payments: the simulated annotators as Prolific participants; `payments --host prolific`
/// gives each a row, and, where the gold file has an attention item, approves exactly those
/// who gave its instructed answers (the annotator whose answers they are among them) and
/// rejects the others, naming the item.
fn payments(
    example: &str,
    dir: &Path,
    spec_path: &str,
    items_path: &str,
    results: &str,
    gold: &str,
    attention: Option<&(Value, Value)>,
) -> usize {
    let mut lines = String::new();
    let mut who = std::collections::BTreeMap::new();
    for line in results.lines() {
        let mut r: Value = serde_json::from_str(line).unwrap();
        let pid = r["ids"]["participant"].as_str().unwrap().to_owned();
        r["ids"] = json!({"PROLIFIC_PID": pid, "SESSION_ID": format!("S-{pid}"), "STUDY_ID": "ST"});
        // Whether this participant gave the attention item's instructed answers.
        let passed = attention.map(|(item, answers)| {
            r["item_id"] != *item
                || answers
                    .as_object()
                    .unwrap()
                    .iter()
                    .all(|(c, a)| &r["answers"][c] == a)
        });
        let entry = who.entry(pid).or_insert(true);
        *entry &= passed.unwrap_or(true);
        lines += &(r.to_string() + "\n");
    }
    let path = dir.join("prolific.jsonl");
    std::fs::write(&path, lines).unwrap();
    let out = stage(
        example,
        "payments",
        &[
            "payments",
            spec_path,
            items_path,
            s(&path),
            "--host",
            "prolific",
            "--gold",
            gold,
        ],
    );
    let mut reader = csv::Reader::from_reader(out.as_bytes());
    let rows: Vec<Vec<String>> = reader
        .records()
        .map(|r| r.unwrap().iter().map(str::to_owned).collect())
        .collect();
    assert_eq!(
        rows.len(),
        who.len(),
        "{example}: payments: a row per participant:\n{out}"
    );
    for (pid, passed) in &who {
        let row = rows.iter().find(|r| &r[0] == pid).unwrap();
        let expected = if *passed { "APPROVE" } else { "REJECT" };
        assert_eq!(row[2], expected, "{example}: payments: {pid}: {row:?}");
        if let (false, Some((item, _))) = (passed, attention) {
            assert!(
                row[3].contains(item.as_str().unwrap()),
                "{example}: {row:?}"
            );
        }
    }
    if attention.is_some() {
        assert!(
            who.values().any(|p| *p),
            "{example}: the annotator whose answers the attention item holds is approved"
        );
    }
    who.values().filter(|p| !**p).count()
}

/// Suggestions imported: the first annotator's spans of control `id`, exported as Label Studio
/// predictions and as spaCy lines, come back through `glossa items --from` as that annotator's
/// spans (words, label and attributes), keyed by output where a section
/// asks the control per output; `check` takes the items, and on the results of annotators
/// shown them the model section scores the control.
fn imports(example: &str, dir: &Path, spec_text: &str, items_path: &str, results: &str, id: &str) {
    let first: Value = serde_json::from_str(results.lines().next().unwrap()).unwrap();
    let model = first["ids"]["participant"].as_str().unwrap().to_owned();
    let mine: String = results
        .lines()
        .filter(|l| serde_json::from_str::<Value>(l).unwrap()["ids"]["participant"] == model)
        .map(|l| format!("{l}\n"))
        .collect();
    let mut spec: Value = serde_json::from_str(spec_text).unwrap();
    if spec.get("suggestions").is_none() {
        spec["suggestions"] = json!({});
    }
    let sp = dir.join(format!("import-{id}-spec.json"));
    std::fs::write(&sp, spec.to_string()).unwrap();
    let model_results = dir.join(format!("import-{id}-model.jsonl"));
    std::fs::write(&model_results, &mine).unwrap();
    let (sp, mp) = (s(&sp), s(&model_results));

    // The spans the model's suggestions must hold, item by item (and output by output).
    // (A spaCy line with no spans, and a Label Studio prediction with no region, say the
    // model found nothing: a suggestion of no spans.)
    let as_suggestion = |value: &Value, nothing: bool| -> Option<Value> {
        let spans: Vec<Value> = value["spans"]
            .as_array()?
            .iter()
            .map(|sp| {
                let mut v =
                    json!({"label": sp["label"], "words": [sp["first_word"], sp["last_word"]]});
                if sp["attributes"].as_object().is_some_and(|a| !a.is_empty()) {
                    v["attributes"] = sp["attributes"].clone();
                }
                v
            })
            .collect();
        (nothing || !spans.is_empty()).then(|| json!({ "spans": spans }))
    };
    let expected = |nothing: bool| -> std::collections::BTreeMap<String, Value> {
        // (Every item the model saw: nothing marked is a suggestion too.)
        let mut out = std::collections::BTreeMap::new();
        for line in mine.lines() {
            let r: Value = serde_json::from_str(line).unwrap();
            let answer = &r["answers"][id];
            let value = if answer.get("spans").is_some() {
                as_suggestion(answer, nothing)
            } else {
                let per_output: serde_json::Map<String, Value> = answer
                    .as_object()
                    .into_iter()
                    .flatten()
                    .filter_map(|(o, v)| Some((o.clone(), as_suggestion(v, nothing)?)))
                    .collect();
                (!per_output.is_empty()).then_some(Value::Object(per_output))
            };
            if let Some(v) = value {
                out.insert(r["item_id"].as_str().unwrap().to_owned(), v);
            }
        }
        out
    };

    let loaded = glossa::mount::load_spec(spec_text).unwrap();
    let marking = loaded
        .controls
        .iter()
        .filter(|c| c.labelled_spans().is_some())
        .count();
    // The relations control that links these spans, if any.
    let linking =
        glossa::kinds::relations::relations_over(&loaded, &id.into()).map(|r| r.id.to_string());
    for format in ["label-studio", "spacy"] {
        let exported = stage(
            example,
            &format!("export {format} (the model)"),
            &["export", format, sp, items_path, mp, "--control", id],
        );
        let (file, args): (String, Vec<&str>) = if format == "label-studio" {
            // Label Studio's predictions are its annotations under another key, with a model.
            let mut tasks: Value = serde_json::from_str(&exported).unwrap();
            for t in tasks.as_array_mut().unwrap() {
                let a = t.as_object_mut().unwrap().remove("annotations").unwrap();
                if let Some(a) = a.get(0) {
                    t["predictions"] = json!([{"model_version": model, "result": a["result"]}]);
                }
            }
            (tasks.to_string(), vec!["--from", "labelstudio"])
        } else {
            (
                exported,
                vec!["--from", "spacy", "--model", &model, "--control", id],
            )
        };
        let path = dir.join(format!("import-{id}.{format}"));
        std::fs::write(&path, file).unwrap();
        let mut command = vec!["items", sp, s(&path)];
        command.extend(args);
        let imported = stage(example, &format!("items --from {format}"), &command);
        let got: std::collections::BTreeMap<String, Value> = imported
            .lines()
            .map(|l| serde_json::from_str::<Value>(l).unwrap())
            .filter(|it| it["suggestions"][id].is_object())
            .map(|it| {
                assert_eq!(
                    it["suggestions"][id]["model"],
                    model.as_str(),
                    "{example}: {it}"
                );
                (
                    it["id"].as_str().unwrap().to_owned(),
                    it["suggestions"][id]["answer"].clone(),
                )
            })
            .collect();
        assert_eq!(
            got,
            // (An empty prediction names no control: with several span controls, it suggests
            // nothing to any.)
            expected(format == "spacy" || marking == 1),
            "{example}: \"{id}\" imported from {format} is not the spans exported"
        );
        // Label Studio's relations between the regions: the links of the relations control over
        // the spans come back as its suggested links (spaCy's lines have no relations).
        if let (Some(links), "label-studio") = (&linking, format) {
            let end = |e: &Value| json!({"label": e["label"], "words": [e["first_word"], e["last_word"]]});
            let as_links = |v: &Value| -> Option<Value> {
                let list = v["links"].as_array()?;
                let list: Vec<Value> = list.iter().map(|l| json!({"label": l["label"], "head": end(&l["head"]), "tail": end(&l["tail"])})).collect();
                (!list.is_empty()).then(|| json!({ "links": list }))
            };
            let want: std::collections::BTreeMap<String, Value> = mine
                .lines()
                .map(|l| serde_json::from_str::<Value>(l).unwrap())
                .filter_map(|r| {
                    let answer = &r["answers"][links.as_str()];
                    let v = if answer.get("links").is_some() {
                        as_links(answer)?
                    } else {
                        let per: serde_json::Map<String, Value> = answer
                            .as_object()?
                            .iter()
                            .filter_map(|(o, v)| Some((o.clone(), as_links(v)?)))
                            .collect();
                        (!per.is_empty()).then_some(Value::Object(per))?
                    };
                    Some((r["item_id"].as_str().unwrap().to_owned(), v))
                })
                .collect();
            let back: std::collections::BTreeMap<String, Value> = imported
                .lines()
                .map(|l| serde_json::from_str::<Value>(l).unwrap())
                .filter(|it| {
                    it["suggestions"][links.as_str()]["answer"]
                        .as_object()
                        .is_some_and(|a| {
                            !a.get("links")
                                .is_some_and(|l| l.as_array().is_some_and(Vec::is_empty))
                        })
                })
                .map(|it| {
                    (
                        it["id"].as_str().unwrap().to_owned(),
                        it["suggestions"][links.as_str()]["answer"].clone(),
                    )
                })
                .collect();
            assert!(
                !want.is_empty(),
                "{example}: the model linked nothing to export"
            );
            assert_eq!(
                back, want,
                "{example}: \"{links}\" imported from {format} is not the links exported"
            );
        }
        // (spaCy's lines are annotations only: an output no one marked has none, and its item
        // comes back without it.)
        if got.is_empty() || format == "spacy" {
            continue;
        }
        // The widget takes the imported items, and the model section scores the control.
        let ip = dir.join(format!("import-{id}-{format}-items.jsonl"));
        std::fs::write(&ip, &imported).unwrap();
        let ip = s(&ip);
        stage(
            example,
            &format!("check (imported from {format})"),
            &["check", sp, ip],
        );
        // Annotators shown the imported suggestions: their results record them.
        let shown = stage(
            example,
            &format!("simulate (imported from {format})"),
            &["simulate", sp, ip, "--annotators", "3", "--seed", "5"],
        );
        let rp = dir.join(format!("import-{id}-{format}-results.jsonl"));
        std::fs::write(&rp, shown).unwrap();
        let agreement: Value = serde_json::from_str(&stage(
            example,
            &format!("agreement (imported from {format})"),
            &["agreement", sp, s(&rp), "--items", ip, "--json"],
        ))
        .unwrap();
        assert_eq!(
            agreement["models"][id]["model"], model.as_str(),
            "{example}: the model section has no \"{id}\" for suggestions imported from {format}: {}",
            agreement["models"]
        );
    }
}
