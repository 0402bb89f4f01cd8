//! Crowd aggregation (`glossa aggregate`): majority vote, Dawid–Skene and MACE on the results of
//! a single choice, a multiple choice and labelled spans, against crowd-kit's (PyPI) on the same
//! votes: every posterior and competence within 1e-6 (`tests/aggregate_reference.py`).
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::glossa;

use glossa::support::rng::SplitMix;
use serde_json::{json, Value};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// Thirty posts, each labelled by five of seven annotators of different accuracy (the last a
/// spammer who always says "positive" and marks nothing); the truth drawn per post.
fn crowd(dir: &std::path::Path) -> (String, String) {
    let mut rng = SplitMix::new(20_261_126);
    let sentiments = ["negative", "neutral", "positive"];
    let topics = ["politics", "sport", "science", "culture"];
    let accuracy = [0.95, 0.9, 0.8, 0.7, 0.6, 0.5, 0.0];
    let mut items = Vec::new();
    let mut lines = String::new();
    let pick = |rng: &mut SplitMix, n: usize| rng.below(n as u64) as usize;
    let chance = |rng: &mut SplitMix| rng.below(1_000_000) as f64 / 1_000_000.0;
    for i in 0..30 {
        let id = format!("post-{i:02}");
        let text =
            "Maria Rossi met the Acme board in Turin on Monday to talk about the new stadium";
        items.push(json!({"id": id, "text": text}));
        let truth = sentiments[pick(&mut rng, 3)];
        let true_topics: Vec<&str> = topics
            .iter()
            .copied()
            .filter(|_| pick(&mut rng, 2) == 0)
            .collect();
        // The true names: Maria Rossi (PER, 0–1), Acme (ORG, 4), Turin (LOC, 7).
        let mut who: Vec<usize> = (0..7).collect();
        for k in (1..who.len()).rev() {
            let j = pick(&mut rng, k + 1);
            who.swap(k, j);
        }
        for &w in &who[..5] {
            let good = |rng: &mut SplitMix| chance(rng) < accuracy[w];
            let sentiment = if w == 6 {
                "positive"
            } else if good(&mut rng) {
                truth
            } else {
                sentiments[pick(&mut rng, 3)]
            };
            let ticked: Vec<&str> = topics
                .iter()
                .copied()
                .filter(|t| {
                    let really = true_topics.contains(t);
                    if w == 6 {
                        false
                    } else if good(&mut rng) {
                        really
                    } else {
                        pick(&mut rng, 2) == 0
                    }
                })
                .collect();
            let mut spans = Vec::new();
            if w != 6 {
                for (label, a, b, start, end, covered) in [
                    ("PER", 0, 1, 0, 11, "Maria Rossi"),
                    ("ORG", 4, 4, 20, 24, "Acme"),
                    ("LOC", 7, 7, 34, 39, "Turin"),
                ] {
                    if good(&mut rng) {
                        spans.push(json!({"label": label, "text": covered, "start": start, "end": end,
                            "start_utf16": start, "end_utf16": end, "first_word": a, "last_word": b}));
                    } else if pick(&mut rng, 2) == 0 {
                        // A wrong label over the same words.
                        let wrong = if label == "ORG" { "LOC" } else { "ORG" };
                        spans.push(json!({"label": wrong, "text": covered, "start": start, "end": end,
                            "start_utf16": start, "end_utf16": end, "first_word": a, "last_word": b}));
                    }
                }
            }
            let result = json!({
                "format": "glossa.result/1", "spec": {"id": "crowd-reference", "version": "1"},
                "item_id": id, "ids": {"participant": format!("a{w}")},
                "answers": {"sentiment": sentiment, "topics": ticked,
                            "entities": {"nothing_to_mark": spans.is_empty(), "spans": spans}}
            });
            lines += &(result.to_string() + "\n");
        }
    }
    let items_path = dir.join("items.json");
    let results_path = dir.join("results.jsonl");
    std::fs::write(&items_path, serde_json::to_string(&items).unwrap()).unwrap();
    std::fs::write(&results_path, lines).unwrap();
    (
        items_path.to_str().unwrap().to_owned(),
        results_path.to_str().unwrap().to_owned(),
    )
}

fn close(got: &Value, want: &Value, what: &str) {
    let (g, w) = (got.as_f64(), want.as_f64());
    assert!(
        matches!((g, w), (Some(g), Some(w)) if (g - w).abs() < 1e-6),
        "{what}: Glossa {got}, crowd-kit {want}"
    );
}

/// Glossa's and crowd-kit's aggregation of the same results, every posterior and competence
/// compared within 1e-6, and the majority's labels wherever there is no tie; Glossa's figures.
fn equal_to_crowd_kit(spec: &str, items: &str, results: &str, controls: &[&str]) -> Value {
    let out = glossa(&["aggregate", spec, results, "--items", items, "--json"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let got: Value = serde_json::from_slice(&out.stdout).unwrap();
    let want = common::reference("aggregate_reference.py", &[spec, items, results]);
    for &control in controls {
        for method in ["dawid_skene", "mace"] {
            let (g, w) = (&got[control][method], &want[control][method]);
            let tasks = w["posteriors"].as_object().unwrap();
            // Glossa lists the posteriors of the tasks two or more annotators voted on.
            let listed = g["posteriors"].as_object().unwrap();
            assert_eq!(
                listed.len() as u64,
                got[control]["tasks_combined"].as_u64().unwrap(),
                "{control} {method} tasks"
            );
            assert!(
                listed.keys().all(|t| tasks.contains_key(t)),
                "{control} {method}: a task crowd-kit has not"
            );
            for (task, row) in tasks {
                for (label, p) in row.as_object().unwrap() {
                    // (Glossa lists the labels at 1e-6 or more.)
                    let Some(mine) = listed.get(task) else {
                        continue;
                    };
                    let mine = mine.get(label).cloned().unwrap_or(json!(0.0));
                    close(&mine, p, &format!("{control} {method} {task} {label}"));
                }
                assert_eq!(
                    g["labels"][task], w["labels"][task],
                    "{control} {method} {task}"
                );
            }
            for (who, c) in w["competence"].as_object().unwrap() {
                close(
                    &g["competence"][who],
                    c,
                    &format!("{control} {method} competence of {who}"),
                );
            }
        }
        // The majority vote agrees wherever it has no tie (crowd-kit breaks ties at random).
        let ties: Vec<&str> = got[control]["ties"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t.as_str().unwrap())
            .collect();
        for (task, label) in want[control]["majority_vote"]["labels"]
            .as_object()
            .unwrap()
        {
            if !ties.contains(&task.as_str()) {
                assert_eq!(
                    &got[control]["majority_vote"]["labels"][task], label,
                    "{control} majority {task}"
                );
            }
        }
    }
    got
}

#[test]
fn dawid_skene_and_mace_equal_crowd_kit() {
    let dir = std::env::temp_dir().join(format!("glossa-aggregate-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (items, results) = crowd(&dir);
    let spec = format!("{ROOT}/tests/fixtures/crowd-spec.json");
    let got = equal_to_crowd_kit(
        &spec,
        &items,
        &results,
        &["sentiment", "topics", "entities"],
    );
    // The spammer is found out by both models.
    for method in ["dawid_skene", "mace"] {
        let c = &got["sentiment"][method]["competence"];
        assert!(
            c["a6"].as_f64().unwrap() < c["a0"].as_f64().unwrap(),
            "{method}: {c}"
        );
    }
    // The aggregated labels as results: one per item, read by the exports and the report.
    let aggregated = dir.join("aggregated.jsonl");
    let out = glossa(&[
        "aggregate",
        &spec,
        &results,
        "--items",
        &items,
        "--out",
        aggregated.to_str().unwrap(),
        "--method",
        "mace",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines: Vec<Value> = std::fs::read_to_string(&aggregated)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 30);
    for line in &lines {
        let item = line["item_id"].as_str().unwrap();
        assert_eq!(line["ids"]["participant"], "aggregate:mace");
        assert_eq!(
            line["answers"]["sentiment"], got["sentiment"]["mace"]["labels"][item],
            "{item}"
        );
        for topic in ["politics", "sport", "science", "culture"] {
            let yes = got["topics"]["mace"]["labels"][format!("{item}#{topic}")] == "yes";
            let listed = line["answers"]["topics"]
                .as_array()
                .unwrap()
                .iter()
                .any(|t| t == topic);
            assert_eq!(yes, listed, "{item} {topic}");
        }
        let spans: Vec<(String, String)> = line["answers"]["entities"]["spans"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| {
                (
                    s["label"].as_str().unwrap().to_owned(),
                    s["text"].as_str().unwrap().to_owned(),
                )
            })
            .collect();
        for (label, text) in &spans {
            let first = ["Maria Rossi", "Acme", "Turin"]
                .iter()
                .position(|t| t == text)
                .expect("a whole name");
            let word = [0, 4, 7][first];
            assert_eq!(
                &got["entities"]["mace"]["labels"][format!("{item}#{word:05}")],
                label.as_str()
            );
        }
    }
    // Every export reads them: the spans as BIO tags, the report with its competence section.
    let conll = glossa(&[
        "export",
        "conll",
        &spec,
        &items,
        aggregated.to_str().unwrap(),
    ]);
    assert!(
        conll.status.success(),
        "{}",
        String::from_utf8_lossy(&conll.stderr)
    );
    let conll = String::from_utf8(conll.stdout).unwrap();
    assert!(
        conll.contains("# annotator = aggregate:mace") && conll.contains("Maria\tB-PER"),
        "{conll}"
    );
    let report = dir.join("report.html");
    let out = glossa(&[
        "report",
        &spec,
        &items,
        &results,
        "--out",
        report.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let html = std::fs::read_to_string(&report).unwrap();
    assert!(
        html.contains("Annotators' competence (crowd aggregation)"),
        "the report has the section"
    );
    // The spammer (always "positive", least competent) comes first in the sentiment table, flagged.
    let sentiment = &html[html.find("<h3>sentiment</h3>").unwrap()..];
    let first_row = &sentiment[sentiment.find("<tbody><tr><td>").unwrap()..];
    assert!(
        first_row.starts_with("<tbody><tr><td>a6</td>"),
        "{}",
        &first_row[..200]
    );
    assert!(first_row[..first_row.find("</tr>").unwrap()].contains("straight-lining"));
    if std::env::var_os("GLOSSA_KEEP").is_none() {
        std::fs::remove_dir_all(&dir).ok();
    }
}

/// Real data: Dawid and Skene's own (1979, Table 1) — five anaesthetists, 45 patients, the
/// first rating every form three times (`tests/fixtures/anaesthesia/`).
#[test]
fn dawid_skene_and_mace_equal_crowd_kit_on_dawid_and_skenes_own_data() {
    let dir = format!("{ROOT}/tests/fixtures/anaesthesia");
    let got = equal_to_crowd_kit(
        &format!("{dir}/spec.json"),
        &format!("{dir}/items.json"),
        &format!("{dir}/results.jsonl"),
        &["fitness"],
    );
    let tasks = got["fitness"]["dawid_skene"]["posteriors"]
        .as_object()
        .unwrap()
        .len();
    assert_eq!(tasks, 45);
    // The first anaesthetist, reading the forms three times, agrees with himself: each of his
    // readings is estimated more competent than the least competent colleague.
    let c = &got["fitness"]["dawid_skene"]["competence"];
    let least = ["2", "3", "4", "5"]
        .iter()
        .map(|w| c[format!("anaesthetist-{w}")].as_f64().unwrap())
        .fold(f64::INFINITY, f64::min);
    for reading in ["1a", "1b", "1c"] {
        assert!(
            c[format!("anaesthetist-{reading}")].as_f64().unwrap() > least,
            "{c}"
        );
    }
}

/// Runs the CLI and returns its standard output, failing the test on a non-zero exit.
fn ok(args: &[&str]) -> String {
    let out = glossa(args);
    assert!(
        out.status.success(),
        "glossa {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn spans_a_section_asks_per_output_are_aggregated_as_the_same_answers_unfolded_by_hand() {
    let dir = std::env::temp_dir().join(format!("glossa-aggregate-esa-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (spec, items) = (
        format!("{ROOT}/www/examples/de-esa/spec.json"),
        format!("{ROOT}/www/examples/de-esa/items.json"),
    );
    let results = dir.join("results.jsonl");
    let simulated = ok(&[
        "simulate",
        &spec,
        &items,
        "--annotators",
        "5",
        "--seed",
        "7",
    ]);
    std::fs::write(&results, &simulated).unwrap();
    let got: Value = serde_json::from_str(&ok(&[
        "aggregate",
        &spec,
        results.to_str().unwrap(),
        "--items",
        &items,
        "--json",
    ]))
    .unwrap();
    let errors = &got["errors"];
    assert!(
        errors["tasks"].as_u64().unwrap() > 0,
        "the error spans are aggregated: {got}"
    );
    assert_eq!(errors["annotators"], 5);

    // The same answers unfolded by hand: one item per (item, translation), its text the
    // translation's, the control asked once.
    let [u_spec, u_items, u_results] = common::unfolded_by_hand(
        &dir,
        &std::fs::read_to_string(&spec).unwrap(),
        &items,
        &simulated,
        "errors",
        "translations",
    );
    let by_hand: Value = serde_json::from_str(&ok(&[
        "aggregate",
        u_spec.to_str().unwrap(),
        u_results.to_str().unwrap(),
        "--items",
        u_items.to_str().unwrap(),
        "--json",
    ]))
    .unwrap();
    for key in [
        "tasks",
        "annotators",
        "labels",
        "majority_vote",
        "ties",
        "dawid_skene",
        "mace",
    ] {
        assert_eq!(errors[key], by_hand["errors"][key], "{key}");
    }

    // Written as results: each item's answer keyed by translation, as the widget keys it.
    let items_json: Value =
        serde_json::from_str(&std::fs::read_to_string(&items).unwrap()).unwrap();
    let out = dir.join("aggregated.jsonl");
    ok(&[
        "aggregate",
        &spec,
        results.to_str().unwrap(),
        "--items",
        &items,
        "--out",
        out.to_str().unwrap(),
        "--method",
        "majority_vote",
    ]);
    let written: Vec<Value> = std::fs::read_to_string(&out)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(written.len(), items_json.as_array().unwrap().len());
    for r in &written {
        let it = items_json
            .as_array()
            .unwrap()
            .iter()
            .find(|i| i["id"] == r["item_id"])
            .unwrap();
        let mut want: Vec<&str> = it["translations"]
            .as_array()
            .unwrap()
            .iter()
            .map(|o| o["id"].as_str().unwrap())
            .collect();
        let mut have: Vec<&str> = r["answers"]["errors"]
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        want.sort_unstable();
        have.sort_unstable();
        assert_eq!(have, want, "{r}");
    }
}

#[test]
fn a_pairwise_winner_is_aggregated_per_criterion_and_written_as_a_result_that_validates() {
    let dir = std::env::temp_dir().join(format!("glossa-aggregate-pair-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (spec, items) = (
        format!("{ROOT}/www/examples/en-chatbot-pairwise/spec.json"),
        format!("{ROOT}/www/examples/en-chatbot-pairwise/items.json"),
    );
    let results = dir.join("results.jsonl");
    let simulated = ok(&[
        "simulate",
        &spec,
        &items,
        "--annotators",
        "5",
        "--seed",
        "3",
    ]);
    std::fs::write(&results, &simulated).unwrap();
    let got: Value = serde_json::from_str(&ok(&[
        "aggregate",
        &spec,
        results.to_str().unwrap(),
        "--items",
        &items,
        "--json",
    ]))
    .unwrap();
    let items_json: Value =
        serde_json::from_str(&std::fs::read_to_string(&items).unwrap()).unwrap();
    let items_json = items_json.as_array().unwrap();
    let pref = &got["preference"];
    // One task per item and criterion (two criteria), a winner's id and how much better, or a tie.
    assert_eq!(pref["tasks"], items_json.len() * 2, "{got}");
    assert_eq!(pref["annotators"], 5);
    let ids: Vec<&str> = items_json
        .iter()
        .flat_map(|i| i["responses"].as_array().unwrap())
        .map(|o| o["id"].as_str().unwrap())
        .collect();
    // (How much better is part of the label: `model-a · clearly`.)
    for l in pref["labels"].as_array().unwrap() {
        let l = l.as_str().unwrap();
        let (winner, strength) = l.split_once(" · ").unwrap_or((l, ""));
        assert!(
            l == "tie" || (ids.contains(&winner) && ["slightly", "clearly"].contains(&strength)),
            "{l}"
        );
    }
    // Written as results, one per item: each criterion's winner and loser, which validate.
    let out = dir.join("aggregated.jsonl");
    ok(&[
        "aggregate",
        &spec,
        results.to_str().unwrap(),
        "--items",
        &items,
        "--out",
        out.to_str().unwrap(),
        "--method",
        "dawid_skene",
    ]);
    let written = std::fs::read_to_string(&out).unwrap();
    assert_eq!(written.lines().count(), items_json.len());
    for line in written.lines() {
        let r: Value = serde_json::from_str(line).unwrap();
        let p = &r["answers"]["preference"];
        for c in ["helpful", "correct"] {
            let j = &p[c];
            assert!(j["tie"].as_bool().unwrap() == j["winner"].is_null(), "{r}");
            if !j["tie"].as_bool().unwrap() {
                assert!(j["loser"].is_string() && j["winner"] != j["loser"], "{r}");
            }
        }
    }
    let v = glossa(&["validate", &spec, &items, out.to_str().unwrap()]);
    assert!(
        v.status.success(),
        "{}{}",
        String::from_utf8_lossy(&v.stdout),
        String::from_utf8_lossy(&v.stderr)
    );
}

/// MQM's error spans are aggregated with their severity (a choice attribute every span needs):
/// each word votes on its category and severity together, and every aggregated span carries
/// one, so the aggregate is an answer the task takes.
#[test]
fn mqm_spans_are_aggregated_with_their_severity() {
    let dir = std::env::temp_dir().join(format!("glossa-aggregate-mqm-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (spec, items) = (
        format!("{ROOT}/www/examples/en-de-mqm/spec.json"),
        format!("{ROOT}/www/examples/en-de-mqm/items.json"),
    );
    let results = dir.join("results.jsonl");
    std::fs::write(
        &results,
        ok(&[
            "simulate",
            &spec,
            &items,
            "--annotators",
            "5",
            "--seed",
            "2",
        ]),
    )
    .unwrap();
    let out = dir.join("aggregated.jsonl");
    let run = glossa(&[
        "aggregate",
        &spec,
        results.to_str().unwrap(),
        "--items",
        &items,
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(run.status.success());
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(!err.contains("not an answer the task takes"), "{err}");
    let written = std::fs::read_to_string(&out).unwrap();
    let mut spans = 0;
    for line in written.lines() {
        let r: Value = serde_json::from_str(line).unwrap();
        for s in r["answers"]["errors"]["spans"]
            .as_array()
            .into_iter()
            .flatten()
        {
            assert!(s["attributes"]["severity"].is_string(), "{s}");
            spans += 1;
        }
    }
    assert!(spans > 0, "{written}");
    let v = glossa(&["validate", &spec, &items, out.to_str().unwrap()]);
    assert!(v.status.success(), "{}", String::from_utf8_lossy(&v.stdout));
}

/// A crowd of `n` on the Italian implicit-content items: every participant answers the first
/// item (an attention item shared by all: 30 % agree, the rest spread over the other four
/// options), and the others as an honest annotator would, now and then wrong.
fn shared_item_crowd(dir: &std::path::Path, n: usize) -> (String, String, String) {
    let options = [
        "totalmente_corretto",
        "corretto_tra_opzioni",
        "parzialmente_corretto",
        "totalmente_sbagliato",
        "risposta_non_fornita",
    ];
    let mut lines = String::new();
    for p in 0..n {
        let first = if p % 10 < 3 {
            options[0]
        } else {
            options[1 + p % 4]
        };
        for (k, (item, answer)) in [
            ("it-001", first),
            ("it-002", if p % 7 == 0 { options[2] } else { options[3] }),
            ("it-003", if p % 5 == 0 { options[0] } else { options[1] }),
            ("it-004", options[4 - (p % 9 == 0) as usize]),
        ]
        .into_iter()
        .enumerate()
        {
            lines += &json!({"format": "glossa.result/1", "spec": {"id": "implicit-content-it", "version": "1.0.0"},
                "item_id": item, "answers": {"valutazione": answer}, "timings": {"active_ms": 30000 + k},
                "ids": {"participant": format!("p{p:04}")}})
            .to_string();
            lines.push('\n');
        }
    }
    let results = dir.join(format!("crowd-{n}.jsonl"));
    std::fs::write(&results, lines).unwrap();
    (
        format!("{ROOT}/www/examples/it-implicit/spec.json"),
        format!("{ROOT}/www/examples/it-implicit/items.json"),
        results.to_str().unwrap().to_owned(),
    )
}

/// Issue 54: an item shared by a crowd of hundreds who mostly disagree. MACE's likelihoods are
/// summed as logarithms, so no posterior or competence underflows to NaN at any crowd size (a
/// product over 1,000 votes did, and every label silently became the first); where crowd-kit
/// converges (200 raters) both methods equal its figures.
#[test]
fn a_crowd_of_hundreds_on_one_item_never_gives_nan_and_equals_crowd_kit_where_it_converges() {
    let dir = std::env::temp_dir().join(format!("glossa-crowd-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (spec, items, results) = shared_item_crowd(&dir, 200);
    equal_to_crowd_kit(&spec, &items, &results, &["valutazione"]);
    for n in [1000, 5000] {
        let (spec, items, results) = shared_item_crowd(&dir, n);
        let out = glossa(&["aggregate", &spec, &results, "--items", &items, "--json"]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let got: Value = serde_json::from_slice(&out.stdout).unwrap();
        for method in ["dawid_skene", "mace"] {
            let m = &got["valutazione"][method];
            for (task, row) in m["posteriors"].as_object().unwrap() {
                let sum: f64 = row
                    .as_object()
                    .unwrap()
                    .values()
                    .map(|p| {
                        p.as_f64()
                            .unwrap_or_else(|| panic!("{n}: {method} {task}: {row}"))
                    })
                    .sum();
                assert!((sum - 1.0).abs() < 1e-6, "{n}: {method} {task}: {row}");
            }
            assert!(
                m["competence"]
                    .as_object()
                    .unwrap()
                    .values()
                    .all(|c| c.as_f64().is_some_and(|c| (0.0..=1.0).contains(&c))),
                "{n}: {method}: a competence is not a number"
            );
            // The 30 % who agree outvote the four spread groups of 17.5 % each.
            assert_eq!(
                m["labels"]["it-001"], "totalmente_corretto",
                "{n}: {method}"
            );
        }
    }
}

/// Issue 54: aggregation counts only what an annotator could have answered. A result of another
/// spec, one that names no participant, an aggregated one, and one `glossa validate` refuses
/// (an option the spec lacks, which would otherwise win its item) are each named and left out;
/// an empty file is an error, not `{}` with exit 0.
#[test]
fn aggregation_leaves_out_and_names_what_validate_refuses_and_an_empty_input_is_an_error() {
    let dir = std::env::temp_dir().join(format!("glossa-agg-refuse-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let spec = format!("{ROOT}/www/examples/it-implicit/spec.json");
    let items = format!("{ROOT}/www/examples/it-implicit/items.json");
    let result = |who: Option<&str>, spec_id: &str, answer: &str| {
        let mut r = json!({"format": "glossa.result/1", "spec": {"id": spec_id, "version": "1.0.0"},
            "item_id": "it-001", "answers": {"valutazione": answer}, "timings": {"active_ms": 30000}});
        if let Some(w) = who {
            r["ids"] = json!({"participant": w});
        }
        r.to_string() + "\n"
    };
    let mut lines = String::new();
    lines += &result(Some("p1"), "implicit-content-it", "totalmente_corretto");
    // Three votes for an option the spec lacks would outvote p1.
    for w in ["p2", "p3", "p4"] {
        lines += &result(Some(w), "implicit-content-it", "inventata");
    }
    lines += &result(None, "implicit-content-it", "totalmente_sbagliato");
    lines += &result(Some("p5"), "another-study", "totalmente_sbagliato");
    let path = dir.join("results.jsonl");
    std::fs::write(&path, lines).unwrap();
    let out = glossa(&[
        "aggregate",
        &spec,
        path.to_str().unwrap(),
        "--items",
        &items,
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let said = String::from_utf8_lossy(&out.stderr);
    for line in 2..=4 {
        assert!(
            said.contains(&format!(
                "results.jsonl:{line}: item it-001: answers.valutazione"
            )),
            "{said}"
        );
    }
    assert!(
        said.contains("results.jsonl:5: names no participant"),
        "{said}"
    );
    assert!(
        said.contains("results.jsonl:6: a result of another-study@1.0.0"),
        "{said}"
    );
    let got: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        got["valutazione"]["majority_vote"]["labels"]["it-001"], "totalmente_corretto",
        "{got}"
    );
    assert_eq!(got["valutazione"]["annotators"], 1, "{got}");

    let empty = dir.join("empty.jsonl");
    std::fs::write(&empty, "").unwrap();
    let out = glossa(&["aggregate", &spec, empty.to_str().unwrap(), "--json"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("no result to aggregate"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.stdout.is_empty());
}

/// A result of an item the items file lacks is left out and named, once, in words.
#[test]
fn a_result_of_an_item_the_items_lack_is_named_and_left_out() {
    let dir = std::env::temp_dir().join(format!("glossa-aggregate-lacks-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (items, results) = crowd(&dir);
    let mut list: Vec<Value> =
        serde_json::from_str(&std::fs::read_to_string(&items).unwrap()).unwrap();
    list.retain(|i| i["id"] != "post-00");
    std::fs::write(&items, serde_json::to_string(&list).unwrap()).unwrap();
    let spec = format!("{ROOT}/tests/fixtures/crowd-spec.json");
    let out = glossa(&["aggregate", &spec, &results, "--items", &items]);
    let said = String::from_utf8_lossy(&out.stderr);
    let named: Vec<&str> = said
        .lines()
        .filter(|l| l.contains("item post-00 is not in the items file"))
        .collect();
    assert_eq!(
        named.len(),
        5,
        "each of its five results named once:\n{said}"
    );
    assert!(said.lines().all(|l| !l.contains("post-01")), "{said}");
    assert_eq!(out.status.code(), Some(1), "{said}");
    let _ = std::fs::remove_dir_all(&dir);
}
