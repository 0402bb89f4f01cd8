//! `glossa export dataset`: for ESA (spans and scores per output, a pairwise judgement), NER
//! with a model's suggestions and a gold item, propaganda techniques (span attributes and a
//! free-text note) and PoQuAD (authored questions), with simulated annotators, the folder is
//! read by `datasets`, `pandas` and `pyarrow` (`tests/dataset_reference.py`), every value is
//! compared with the results, the card's metadata is read by `huggingface_hub`, and no
//! annotator id of the results is anywhere in it. Then what the export refuses, and why.

mod common;

use common::{glossa, glossa_ok, reference};
use std::path::{Path, PathBuf};

/// A new folder of its own for each study (the tests run at once).
fn dir(name: &str) -> PathBuf {
    static N: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = N.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let d = std::env::temp_dir().join(format!("glossa-dataset-{name}-{}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// A study's files: the example's spec and items, simulated results, a card and a salt.
#[derive(Clone)]
struct Study {
    dir: PathBuf,
    spec: String,
    items: String,
    results: PathBuf,
    card: PathBuf,
    salt: PathBuf,
}

fn study(example: &str, annotators: usize, card: serde_json::Value) -> Study {
    let dir = dir(example);
    let spec = format!("www/examples/{example}/spec.json");
    let items = format!("www/examples/{example}/items.json");
    let results = dir.join("results.jsonl");
    let n = annotators.to_string();
    let out = glossa_ok(&[
        "simulate",
        &spec,
        &items,
        "--annotators",
        &n,
        "--agreement",
        "0.7",
        "--seed",
        "11",
    ]);
    std::fs::write(&results, out).unwrap();
    let card_path = dir.join("card.json");
    std::fs::write(&card_path, card.to_string()).unwrap();
    let salt = dir.join("salt.txt");
    std::fs::write(&salt, "c2VjcmV0IHNhbHQgb2YgdGhpcyB0ZXN0LCAzMiBieXRlcw==\n").unwrap();
    Study {
        dir,
        spec,
        items,
        results,
        card: card_path,
        salt,
    }
}

fn card(task: &str, languages: &[&str]) -> serde_json::Value {
    serde_json::json!({
        "license": "cc-by-4.0",
        "pretty_name": "A Glossa test study",
        "task_categories": [task],
        "languages": languages,
        "annotations_creators": ["expert-generated"],
        "platform": "Prolific",
        "pay": "£9.00 per hour",
        "data_statement": {"curation_rationale": "Sentences the manual itself gives as examples."}
    })
}

/// Runs the export of the study into `out` with `extra` options.
fn run(st: &Study, out: &Path, extra: &[&str]) -> std::process::Output {
    let mut args = vec![
        "export",
        "dataset",
        &st.spec,
        &st.items,
        s(&st.results),
        "--card",
        s(&st.card),
        "--salt",
        s(&st.salt),
        "--out",
        s(out),
    ];
    args.extend(extra);
    glossa(&args)
}

/// Exports the study into `out` with `extra` options, which must succeed; returns the folder.
fn export(st: &Study, out: &str, extra: &[&str]) -> PathBuf {
    let folder = st.dir.join(out);
    let got = run(st, &folder, extra);
    assert!(
        got.status.success(),
        "{}",
        String::from_utf8_lossy(&got.stderr)
    );
    folder
}

/// The independent reader's summary of a folder.
fn read_back(st: &Study, folder: &Path, notes: &str) -> serde_json::Value {
    let root = env!("CARGO_MANIFEST_DIR");
    reference(
        "dataset_reference.py",
        &[
            s(folder),
            s(&Path::new(root).join(&st.items)),
            s(&st.results),
            s(&st.salt),
            notes,
        ],
    )
}

fn lines(p: &Path) -> usize {
    std::fs::read_to_string(p).unwrap().lines().count()
}

#[test]
fn esa_spans_and_scores_per_output_read_back_by_the_fields_tools() {
    let st = study("de-esa", 4, card("translation", &["en", "de"]));
    let plan = st.dir.join("plan.json");
    let planned = glossa_ok(&[
        "plan",
        &st.spec,
        &st.items,
        "--per-item",
        "4",
        "--annotators",
        "4",
        "--seed",
        "7",
    ]);
    std::fs::write(&plan, planned).unwrap();
    let folder = export(&st, "out", &["--plan", s(&plan)]);
    let got = read_back(&st, &folder, "drop");
    // 6 items × 4 annotators: per translation (2) spans and a score, one pairwise judgement.
    assert_eq!(got["rows"]["items"], 6);
    assert_eq!(got["rows"]["annotations"], 6 * 4 * (2 * 2 + 1));
    assert_eq!(got["values_checked"], 6 * 4 * 5);
    assert_eq!(got["spans_checked"], 6 * 4 * 2);
    assert_eq!(got["numbers_checked"], 6 * 4 * 2);
    assert_eq!(got["labels_checked"], 6 * 4);
    assert_eq!(got["annotators"], 4);
    assert_eq!(got["language"], serde_json::json!(["en", "de"]));
    let readme = std::fs::read_to_string(folder.join("README.md")).unwrap();
    // The card says what the study knows, and marks what only the researcher can say.
    for said in [
        "Assigned by `glossa plan` (seed 7): each item to 4 of 4 annotator slots",
        "annotations_creators:\n- \"expert-generated\"\n",
        "4 annotators",
        "Prolific",
        "£9.00 per hour",
        "`errors`",
        "`minor`: Kleiner Fehler",
        "Latn (100%)",
        "| `score` |",
        "Sentences the manual itself gives as examples.",
        "### C. Speaker demographic\n\n*To be completed by the dataset's curators.*",
    ] {
        assert!(readme.contains(said), "the card lacks {said:?}");
    }
    // The same salt, the same pseudonyms; the jsonl beside each Parquet file.
    let again = export(&st, "again", &[]);
    let table = |f: &Path| std::fs::read_to_string(f.join("data/annotations/train.jsonl")).unwrap();
    assert_eq!(table(&folder), table(&again));
    // Aggregated: 3 methods × 6 items × (the spans of 2 translations, the judgement); the
    // scores are numbers, which crowd aggregation does not label.
    assert_eq!(
        lines(&folder.join("data/aggregated/train.jsonl")),
        3 * 6 * 3
    );
}

#[test]
fn links_between_spans_are_a_column_of_structs_with_their_spans() {
    let st = study("en-relations", 3, card("token-classification", &["en"]));
    let folder = export(&st, "out", &[]);
    let got = read_back(&st, &folder, "drop");
    assert_eq!(got["rows"]["annotations"], 10 * 3 * 2, "{got}");
    // Every annotator's links, read back by pyarrow and `datasets`, each passage sliced out of
    // its item's text.
    let made: usize = std::fs::read_to_string(&st.results)
        .unwrap()
        .lines()
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["answers"]["relations"]["links"]
                .as_array()
                .map_or(0, Vec::len)
        })
        .sum();
    assert!(made > 0);
    assert_eq!(got["links_checked"], made, "{got}");
    let readme = std::fs::read_to_string(folder.join("README.md")).unwrap();
    assert!(
        readme.contains(
            "| `relations` | list&lt;struct&lt;label: string, head: struct&lt;start: int64"
        ),
        "{readme}"
    );
}

#[test]
fn ner_with_suggestions_and_a_gold_item() {
    let st = study("en-ner", 4, card("token-classification", &["en"]));
    // sim-01's answers on the first item as the gold (a results file read as gold).
    let first = std::fs::read_to_string(&st.results)
        .unwrap()
        .lines()
        .next()
        .unwrap()
        .to_owned();
    let gold = st.dir.join("gold.jsonl");
    std::fs::write(&gold, format!("{first}\n")).unwrap();
    let folder = export(&st, "out", &["--gold", s(&gold)]);
    let got = read_back(&st, &folder, "drop");
    assert_eq!(got["rows"]["items"], 5);
    assert_eq!(got["rows"]["annotations"], 5 * 4);
    assert_eq!(got["spans_checked"], 5 * 4);
    let rows: Vec<serde_json::Value> =
        std::fs::read_to_string(folder.join("data/annotations/train.jsonl"))
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
    let item = serde_json::from_str::<serde_json::Value>(&first).unwrap()["item_id"].clone();
    for r in &rows {
        let want = if r["item_id"] == item {
            serde_json::json!("gold")
        } else {
            serde_json::Value::Null
        };
        assert_eq!(r["quality_control"], want);
    }
    // Where the model suggested spans, each row says what it suggested and what became of it.
    let suggested = rows
        .iter()
        .filter(|r| r["suggestion_json"].is_string())
        .count();
    assert!(suggested >= 4, "{suggested} rows with a suggestion");
    let one: serde_json::Value = serde_json::from_str(
        rows.iter()
            .find(|r| r["suggestion_json"].is_string())
            .unwrap()["suggestion_json"]
            .as_str()
            .unwrap(),
    )
    .unwrap();
    assert_eq!(one["model"], "dslim/bert-base-NER");
    // The gold item is not aggregated.
    let aggregated = std::fs::read_to_string(folder.join("data/aggregated/train.jsonl")).unwrap();
    assert!(!aggregated.contains(&format!("\"item_id\":{item}")));
    assert_eq!(got["rows"]["aggregated"], 3 * 4);
    let readme = std::fs::read_to_string(folder.join("README.md")).unwrap();
    assert!(readme.contains("## Model suggestions") && readme.contains("`dslim/bert-base-NER`"));
    assert!(readme.contains("Gold items (known answers, annotators scored on them): 1"));
}

#[test]
fn propaganda_notes_are_left_out_unless_kept() {
    let st = study("cs-propaganda", 3, card("token-classification", &["cs"]));
    let dropped = read_back(&st, &export(&st, "dropped", &[]), "drop");
    let notes = std::fs::read_to_string(&st.results)
        .unwrap()
        .matches("\"poznamka\"")
        .count();
    assert!(notes > 0, "the simulated annotators wrote notes");
    assert_eq!(dropped["notes_dropped"], notes);
    assert_eq!(dropped["spans_checked"], 2 * 3);
    let kept = read_back(&st, &export(&st, "kept", &["--keep-notes"]), "keep");
    assert_eq!(kept["notes_dropped"], 0);
    assert_eq!(
        kept["rows"]["annotations"].as_u64().unwrap(),
        dropped["rows"]["annotations"].as_u64().unwrap() + notes as u64
    );
    let readme = std::fs::read_to_string(st.dir.join("kept/README.md")).unwrap();
    assert!(readme.contains("`cs` (BCP 47)"));
    assert!(readme.contains("notes are kept"));
}

#[test]
fn poquad_questions_kept_whole_and_no_aggregated_config() {
    let st = study("pl-poquad", 3, card("question-answering", &["pl"]));
    let folder = export(&st, "out", &[]);
    let got = read_back(&st, &folder, "drop");
    assert_eq!(got["configs"], serde_json::json!(["annotations", "items"]));
    assert_eq!(got["values_checked"], 3 * 3);
    assert!(!folder.join("data/aggregated").exists());
    let readme = std::fs::read_to_string(folder.join("README.md")).unwrap();
    assert!(readme.contains("Two configs") && readme.contains("## Aggregation\n\nNone"));
}

#[test]
fn a_card_without_its_licence_is_named_by_check_and_refused_by_the_export() {
    let st = study(
        "en-ner",
        2,
        serde_json::json!({"pretty_name": "x", "task_categories": ["tagging"], "languages": ["english"], "annotations_creators": ["crowd"]}),
    );
    let got = glossa(&["check", &st.spec, &st.items, "--card", s(&st.card)]);
    assert!(!got.status.success());
    let said = String::from_utf8_lossy(&got.stdout);
    assert!(
        said.contains("license: give the dataset's licence"),
        "{said}"
    );
    assert!(
        said.contains("task_categories[0]: \"tagging\" is not one of the Hub's task categories"),
        "{said}"
    );
    assert!(
        said.contains("languages[0]: \"english\" is not a BCP 47 tag"),
        "{said}"
    );
    let refused = run(&st, &st.dir.join("out"), &[]);
    assert!(!refused.status.success());
    assert!(!st.dir.join("out").exists(), "nothing written");
    // `other` needs its name and link.
    std::fs::write(
        &st.card,
        r#"{"license": "other", "pretty_name": "x", "task_categories": ["token-classification"]}"#,
    )
    .unwrap();
    let said =
        String::from_utf8(glossa(&["check", &st.spec, "--card", s(&st.card)]).stdout).unwrap();
    assert!(
        said.contains("license_name:") && said.contains("license_link:"),
        "{said}"
    );
}

#[test]
fn results_validate_refuses_are_left_out_and_counted() {
    let st = study("en-ner", 2, card("token-classification", &["en"]));
    // A span whose text is not the item's, and a line that is not a result.
    let text = std::fs::read_to_string(&st.results).unwrap();
    let mut bad: serde_json::Value =
        serde_json::from_str(text.lines().find(|l| l.contains("\"start\"")).unwrap()).unwrap();
    bad["ids"]["participant"] = "sim-99".into();
    bad["answers"]["entities"]["spans"][0]["text"] = "not in the text".into();
    std::fs::write(&st.results, format!("{text}{bad}\nnot json\n")).unwrap();
    let out = st.dir.join("out");
    let got = run(&st, &out, &[]);
    let said = String::from_utf8_lossy(&got.stderr);
    assert!(got.status.success(), "{said}");
    assert!(
        said.contains("2 result(s) `glossa validate` refuses: left out"),
        "{said}"
    );
    assert_eq!(lines(&out.join("data/annotations/train.jsonl")), 10);
    assert!(std::fs::read_to_string(out.join("README.md"))
        .unwrap()
        .contains("Results `glossa validate` refused: 2 (left out)"));
    let all = st.dir.join("all");
    let got = run(&st, &all, &["--include-invalid"]);
    assert!(String::from_utf8_lossy(&got.stderr).contains("published all the same"));
    assert_eq!(
        lines(&all.join("data/annotations/train.jsonl")),
        11,
        "the refused result in, the line that is no result still out"
    );
}

#[test]
fn the_salt_and_the_folder_are_guarded() {
    let st = study("en-ner", 2, card("token-classification", &["en"]));
    // The study with another salt.
    let run = |salt: &Path, out: &Path| {
        let other = Study {
            salt: salt.to_owned(),
            ..st.clone()
        };
        run(&other, out, &[])
    };
    let short = st.dir.join("short.txt");
    std::fs::write(&short, "abc\n").unwrap();
    let got = run(&short, &st.dir.join("a"));
    assert!(String::from_utf8_lossy(&got.stderr).contains("the salt has 3 bytes: give at least 16"));
    // A folder with files in it is not written into.
    let full = st.dir.join("full");
    std::fs::create_dir_all(&full).unwrap();
    std::fs::write(full.join("old.txt"), "x").unwrap();
    assert!(String::from_utf8_lossy(&run(&st.salt, &full).stderr).contains("not empty"));
    // Another salt: other pseudonyms, every one of them.
    let other = st.dir.join("other.txt");
    std::fs::write(&other, "b3RoZXIgc2FsdCBvZiB0aGlzIHRlc3QsIDMyIGJ5dGVz\n").unwrap();
    assert!(run(&st.salt, &st.dir.join("one")).status.success());
    assert!(run(&other, &st.dir.join("two")).status.success());
    let who = |f: &str| -> std::collections::BTreeSet<String> {
        std::fs::read_to_string(st.dir.join(f).join("data/annotations/train.jsonl"))
            .unwrap()
            .lines()
            .map(|l| {
                serde_json::from_str::<serde_json::Value>(l).unwrap()["annotator"]
                    .as_str()
                    .unwrap()
                    .to_owned()
            })
            .collect()
    };
    assert_eq!(who("one").len(), 2);
    assert!(who("one").is_disjoint(&who("two")));
}

#[test]
fn items_that_name_their_split_give_a_split_per_name_in_every_table() {
    let mut st = study("en-ner", 3, card("token-classification", &["en"]));
    // The items as the researcher's split them: the first three to train, the rest to test.
    let items: Vec<serde_json::Value> =
        serde_json::from_str(&std::fs::read_to_string(&st.items).unwrap()).unwrap();
    let split: Vec<serde_json::Value> = items
        .into_iter()
        .enumerate()
        .map(|(n, mut i)| {
            i["split"] = if n < 3 { "train" } else { "test" }.into();
            i
        })
        .collect();
    let path = st.dir.join("items.json");
    std::fs::write(&path, serde_json::to_string(&split).unwrap()).unwrap();
    st.items = s(&path).to_owned();
    let folder = export(&st, "out", &[]);
    let got = read_back(&st, &folder, "drop");
    assert_eq!(got["rows"]["items"], 5);
    assert_eq!(lines(&folder.join("data/annotations/train.jsonl")), 3 * 3);
    assert_eq!(lines(&folder.join("data/annotations/test.jsonl")), 2 * 3);
    assert_eq!(lines(&folder.join("data/items/test.jsonl")), 2);
    let readme = std::fs::read_to_string(folder.join("README.md")).unwrap();
    assert!(
        readme.contains("  - split: \"test\"\n    path: \"data/aggregated/test.parquet\""),
        "{readme}"
    );
}

#[test]
fn the_card_gives_the_anchoring_of_suggestions_hidden_on_some_items() {
    let mut st = study("en-ner", 2, card("token-classification", &["en"]));
    // The spec's suggestions shown on half the items, to measure anchoring.
    let mut spec: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&st.spec).unwrap()).unwrap();
    spec["suggestions"]["show_percent"] = 50.into();
    let path = st.dir.join("spec.json");
    std::fs::write(&path, spec.to_string()).unwrap();
    st.spec = s(&path).to_owned();
    let results = glossa_ok(&[
        "simulate",
        &st.spec,
        &st.items,
        "--annotators",
        "6",
        "--seed",
        "4",
    ]);
    std::fs::write(&st.results, results).unwrap();
    let folder = export(&st, "out", &[]);
    let readme = std::fs::read_to_string(folder.join("README.md")).unwrap();
    let line = readme
        .lines()
        .find(|l| l.starts_with("- `entities`, anchoring: agreement with the model "))
        .unwrap_or_else(|| panic!("no anchoring in the card:\n{readme}"));
    assert!(
        line.contains("where it was hidden: effect ") && line.contains("(95% CI "),
        "{line}"
    );
    // The figures are `glossa agreement`'s.
    let agreement: serde_json::Value = serde_json::from_str(&glossa_ok(&[
        "agreement",
        &st.spec,
        s(&st.results),
        "--items",
        &st.items,
        "--json",
    ]))
    .unwrap();
    let effect = agreement["models"]["entities"]["anchoring"]["effect"]
        .as_f64()
        .unwrap();
    assert!(
        line.contains(&format!("effect {effect:.3} ")),
        "{line} vs {effect}"
    );
}

/// The Italian study with a plan with gold and attention items, its results as `page`
/// writes them (`glossa simulate --page`).
fn paged_study(page: &str) -> (Study, PathBuf) {
    let mut st = study("it-implicit", 1, card("text-classification", &["it"]));
    let (spec, items) = (st.spec.clone(), st.items.clone());
    let plan = st.dir.join("plan.json");
    let written = glossa_ok(&[
        "plan",
        &spec,
        &items,
        "--per-item",
        "2",
        "--annotators",
        "3",
        "--gold",
        "tests/fixtures/it-gold-attention.json",
        "--gold-every",
        "1",
        "--seed",
        "7",
    ]);
    std::fs::write(&plan, written).unwrap();
    let results = glossa_ok(&[
        "simulate",
        &spec,
        &items,
        "--page",
        page,
        "--plan",
        s(&plan),
        "--annotators",
        "6",
        "--seed",
        "3",
    ]);
    std::fs::write(&st.results, results).unwrap();
    st.card = st.dir.join("card.json");
    (st, plan)
}

/// The values of every id that names a person in the results (the hosts' documented keys).
fn personal_ids(results: &Path) -> Vec<String> {
    let keys = [
        "participant",
        "PROLIFIC_PID",
        "SESSION_ID",
        "workerId",
        "assignmentId",
    ];
    let mut out = std::collections::BTreeSet::new();
    for line in std::fs::read_to_string(results).unwrap().lines() {
        let r: serde_json::Value = serde_json::from_str(line).unwrap();
        for k in keys {
            if let Some(v) = r["ids"][k].as_str() {
                out.insert(v.to_owned());
            }
        }
    }
    out.into_iter().collect()
}

/// Every file's bytes under a folder, as text.
fn all_text(dir: &Path) -> String {
    let mut text = String::new();
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            text += &all_text(&p);
        } else {
            text += &String::from_utf8_lossy(&std::fs::read(&p).unwrap());
        }
    }
    text
}

#[test]
fn results_as_every_page_writes_them_with_gold_and_attention_are_published() {
    for page in ["pilot", "jspsych", "jatos", "mturk", "qualtrics"] {
        let (st, plan) = paged_study(page);
        let raw = std::fs::read_to_string(&st.results).unwrap();
        if page != "mturk" {
            assert!(
                raw.contains(r#""gold":"gold""#),
                "{page}: gold items flagged"
            );
            assert!(raw.contains(r#""slot":"s0"#), "{page}: slots named");
        }
        let folder = export(
            &st,
            page,
            &[
                "--gold",
                "tests/fixtures/it-gold-attention.json",
                "--plan",
                s(&plan),
            ],
        );
        let published = all_text(&folder);
        let ids = personal_ids(&st.results);
        assert!(ids.len() >= 6, "{page}: {ids:?}");
        for id in &ids {
            assert!(!published.contains(id.as_str()), "{page}: {id} published");
        }
        // Every result is in, each under one annotator's pseudonym per participant.
        let annotators: std::collections::BTreeSet<String> =
            std::fs::read_to_string(folder.join("data/annotations/train.jsonl"))
                .unwrap()
                .lines()
                .map(|l| {
                    let row: serde_json::Value = serde_json::from_str(l).unwrap();
                    row["annotator"].as_str().unwrap().to_owned()
                })
                .collect();
        assert_eq!(
            lines(&folder.join("data/annotations/train.jsonl")),
            raw.lines().count(),
            "{page}"
        );
        assert_eq!(annotators.len(), 6, "{page}: {annotators:?}");
        let readme = std::fs::read_to_string(folder.join("README.md")).unwrap();
        assert!(
            readme.contains("Gold items"),
            "{page}: the card's quality control"
        );
    }
}

#[test]
fn a_refused_export_leaves_nothing_and_short_ids_are_searched_as_words() {
    let (mut st, _) = paged_study("pilot");
    // A pilot opened with ?participant=s01: a three-character id, named in an item's text.
    let text = std::fs::read_to_string(&st.results).unwrap();
    let mut with_short = String::new();
    for line in text.lines() {
        let mut r: serde_json::Value = serde_json::from_str(line).unwrap();
        let ids = r["ids"].as_object_mut().unwrap();
        ids.remove("PROLIFIC_PID");
        ids.insert("participant".into(), "s01".into());
        with_short += &format!("{r}\n");
    }
    std::fs::write(&st.results, &with_short).unwrap();
    // Inside a longer word, the id is no leak: the export goes through.
    let items: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&st.items).unwrap()).unwrap();
    let named = |word: &str| {
        let mut items = items.clone();
        let testo = format!(
            "{} (Intervista {word})",
            items[0]["testo"].as_str().unwrap()
        );
        items[0]["testo"] = testo.into();
        let path = st.dir.join(format!("items-{word}.json"));
        std::fs::write(&path, items.to_string()).unwrap();
        s(&path).to_owned()
    };
    st.items = named("s012");
    export(&st, "inside-a-word", &[]);
    st.items = named("s01");
    let out = st.dir.join("refused");
    let got = run(&st, &out, &[]);
    let said = String::from_utf8_lossy(&got.stderr);
    assert_eq!(got.status.code(), Some(1), "{said}");
    assert!(said.contains("holds the annotator id \"s01\""), "{said}");
    assert!(said.contains("nothing written"), "{said}");
    assert!(!out.exists(), "the refused folder is gone");
    let left: Vec<_> = std::fs::read_dir(&st.dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains("partial"))
        .collect();
    assert!(left.is_empty(), "no staging folder left: {left:?}");
}

/// A listening study (the P.808 example) as the pilot page writes its results — each listener's
/// headphone check and playback record — with one listener failing the trapping question: the
/// dataset carries the clips at the items' paths, byte for byte, the playback record as a
/// column, the screening as `screened` and in the card; the field's tools read it.
#[test]
fn a_listening_studys_dataset_carries_its_clips_playback_and_screening() {
    let mut st = study("en-p808-acr", 1, card("audio-classification", &["en"]));
    let results = glossa_ok(&[
        "simulate",
        &st.spec,
        &st.items,
        "--page",
        "pilot",
        "--annotators",
        "4",
        "--seed",
        "2",
    ]);
    // The third listener answers the trapping question ("select Poor") otherwise.
    let mut lines: Vec<serde_json::Value> = results
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let trapped: Vec<String> = lines
        .iter()
        .filter(|r| r["item_id"] == "trap-poor")
        .map(|r| r["ids"]["PROLIFIC_PID"].as_str().unwrap().to_owned())
        .collect();
    for r in &mut lines {
        let pid = r["ids"]["PROLIFIC_PID"].as_str().unwrap().to_owned();
        if r["item_id"] == "trap-poor" {
            r["answers"]["quality"] = if pid == trapped[2] { 4 } else { 2 }.into();
        }
    }
    let text: String = lines.iter().map(|r| format!("{r}\n")).collect();
    std::fs::write(&st.results, text).unwrap();
    st.card = st.dir.join("card.json");
    let folder = export(
        &st,
        "listening",
        &["--gold", "www/examples/en-p808-acr/gold.json"],
    );
    // The clips, byte for byte, where the items say.
    let clips = Path::new(env!("CARGO_MANIFEST_DIR")).join("www/examples/en-p808-acr/clips");
    let mut copied = 0;
    for e in std::fs::read_dir(&clips).unwrap().flatten() {
        let name = e.file_name();
        let mine = folder.join("clips").join(&name);
        assert_eq!(
            std::fs::read(&mine).unwrap_or_default(),
            std::fs::read(e.path()).unwrap(),
            "{name:?}"
        );
        copied += 1;
    }
    assert!(copied >= 13, "{copied}");
    // Every row has what its listener heard; the trapped listener's rows say why they are out.
    let rows: Vec<serde_json::Value> =
        std::fs::read_to_string(folder.join("data/annotations/train.jsonl"))
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
    assert_eq!(rows.len(), lines.len());
    for row in &rows {
        let heard = row["playback"].as_array().unwrap();
        assert_eq!(heard[0]["stimulus"], "clip", "{row}");
        assert_eq!(heard[0]["ended"], true, "{row}");
    }
    let screened: std::collections::BTreeSet<&str> = rows
        .iter()
        .filter_map(|r| {
            r["screened"]
                .as_str()
                .map(|_| r["annotator"].as_str().unwrap())
        })
        .collect();
    assert_eq!(screened.len(), 1, "one listener screened out");
    assert!(rows
        .iter()
        .filter(|r| r["screened"].is_string())
        .all(|r| r["screened"] == "trapping or gold question"));
    let readme = std::fs::read_to_string(folder.join("README.md")).unwrap();
    assert!(
        readme.contains("Listeners the listening figures (MOS, MUSHRA scores, agreement) leave out: 1 (did not pass the headphone check: 0; failed a trapping or gold question, ITU-T P.808: 1;"),
        "{readme}"
    );
    assert!(readme.contains("`clips`"), "the card lists the clips");
    // The field's tools read the tables (Parquet equal to JSON Lines, every row a result's).
    let got = read_back(&st, &folder, "drop");
    assert_eq!(got["rows"]["annotations"], rows.len());
    // The clips as the Hub's Audio, in a config of their own, their bytes the files'.
    assert_eq!(got["rows"]["media"], copied, "{got}");
    assert!(
        got["configs"].as_array().unwrap().contains(&"media".into()),
        "{got}"
    );
}
