//! The public MQM ratings (issue 54): the en-de TED ratings of WMT 2021 as Google released them
//! (`tests/fixtures/mqm/`), read with nothing but the command line and the spec the book gives
//! (`docs/src/mqm.md`), reproduce the published per-segment averages on every rated segment —
//! to the last printed digit — and the published order of the systems, with significance
//! clusters equal to an independent implementation's (SciPy); every result (a rater
//! shown some of a segment's systems) passes `glossa validate`; and `glossa export mqm-tsv`
//! writes ratings that read back as the same results.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::glossa;
use serde_json::Value;
use std::collections::BTreeMap;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The book's MQM spec: the first `json spec` block of its chapter.
fn book_spec() -> String {
    let chapter = std::fs::read_to_string(format!("{ROOT}/docs/src/mqm.md")).unwrap();
    let start = chapter
        .find("```json spec\n")
        .expect("the chapter shows its spec")
        + 13;
    let end = start + chapter[start..].find("\n```").unwrap();
    chapter[start..end].to_owned()
}

fn run(args: &[&str]) -> String {
    let out = glossa(args);
    assert!(
        out.status.success(),
        "{args:?}:\n{}",
        String::from_utf8_lossy(&out.stderr)
            .lines()
            .rev()
            .take(20)
            .collect::<Vec<_>>()
            .join("\n")
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn the_public_ted_ende_ratings_give_the_published_segment_scores_and_system_order() {
    replicate("mqm_ted_ende", 1948);
}

/// TED zh-en: Chinese sources (Han characters are words by default), and `Source error` rows
/// marked in the source.
#[test]
fn the_public_ted_zhen_ratings_give_the_published_segment_scores_and_system_order() {
    replicate("mqm_ted_zhen", 3275);
}

/// A release (`tests/fixtures/mqm/<name>.tsv` and its `.avg_seg_scores.tsv`) through the
/// book's spec: `results` results, every published segment score equal, the published
/// system order, SciPy's significance decisions, and the ratings written back read the same.
fn replicate(name: &str, results_count: usize) {
    let dir = std::env::temp_dir().join(format!("glossa-mqm-public-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = |f: &str| dir.join(f).to_str().unwrap().to_owned();
    std::fs::write(path("spec.json"), book_spec()).unwrap();
    let (sp, tsv) = (
        path("spec.json"),
        format!("{ROOT}/tests/fixtures/mqm/{name}.tsv"),
    );
    run(&["check", &sp]);
    std::fs::write(
        path("items.jsonl"),
        run(&["items", &sp, &tsv, "--from", "mqm-tsv"]),
    )
    .unwrap();
    let results = run(&["collect", "mqm-tsv", &tsv, "--spec", &sp]);
    std::fs::write(path("results.jsonl"), &results).unwrap();
    let (ip, rp) = (path("items.jsonl"), path("results.jsonl"));
    assert_eq!(
        results.lines().count(),
        results_count,
        "a result per segment and rater"
    );
    // Raters saw some of each segment's systems: every result is one the page could give.
    let said = run(&["validate", &sp, &ip, &rp]);
    assert!(
        said.contains(&format!("{results_count} result(s), 0 with problems")),
        "{said}"
    );

    let agreement: Value =
        serde_json::from_str(&run(&["agreement", &sp, &rp, "--items", &ip, "--json"])).unwrap();
    let scores = &agreement["error_scores"]["errors"];

    // The published per-segment averages (negated: WMT prints the penalty as a negative
    // score; its references are `ref` and `refB` in the ratings, `ref-A` and `ref-B` in the
    // averages).
    let published = std::fs::read_to_string(format!(
        "{ROOT}/tests/fixtures/mqm/{name}.avg_seg_scores.tsv"
    ))
    .unwrap();
    let mut want: BTreeMap<(String, String), String> = BTreeMap::new();
    for line in published.lines().skip(1) {
        let cells: Vec<&str> = line.split_whitespace().collect();
        let system = match cells[0] {
            "ref-A" => "ref",
            "ref-B" => "refB",
            s => s,
        };
        if cells[1] != "None" {
            want.insert(
                (system.to_owned(), cells[2].to_owned()),
                cells[1].to_owned(),
            );
        }
    }
    let outputs = scores["outputs"].as_array().unwrap();
    assert_eq!(
        outputs.len(),
        want.len(),
        "every rated segment, and no other"
    );
    // `--compare-to` says the same: every published score equal, none in one only.
    let avg = format!("{ROOT}/tests/fixtures/mqm/{name}.avg_seg_scores.tsv");
    let compared: Value = serde_json::from_str(&run(&[
        "agreement",
        &sp,
        &rp,
        "--items",
        &ip,
        "--json",
        "--compare-to",
        &avg,
    ]))
    .unwrap();
    let compared = &compared["compared_to"];
    assert_eq!(compared["equal"], want.len(), "{compared}");
    for list in ["different", "only_published", "only_computed"] {
        assert_eq!(compared[list], serde_json::json!([]), "{list}");
    }
    let said = run(&["agreement", &sp, &rp, "--items", &ip, "--compare-to", &avg]);
    assert!(
        said.contains(&format!(
            "{} equal, 0 different, 0 only in the file, 0 only in the results",
            want.len()
        )),
        "{}",
        said.lines().last().unwrap_or_default()
    );
    let mut differ = Vec::new();
    for o in outputs {
        let key = (
            o["output"].as_str().unwrap().to_owned(),
            o["item"].as_str().unwrap().to_owned(),
        );
        let mine = format!("{:.6}", -o["error_score"].as_f64().unwrap());
        let theirs = &want[&key];
        if mine.trim_start_matches('-') != theirs.trim_start_matches('-') {
            differ.push(format!("{key:?}: {mine} against {theirs}"));
        }
    }
    assert!(
        differ.is_empty(),
        "{} of {} segments differ:\n{}",
        differ.len(),
        outputs.len(),
        differ.join("\n")
    );

    // The systems in the published order: by the mean of their published segment averages.
    let mut published_means: BTreeMap<&str, (f64, usize)> = BTreeMap::new();
    for ((system, _), v) in &want {
        let e = published_means.entry(system.as_str()).or_default();
        e.0 += -v.parse::<f64>().unwrap();
        e.1 += 1;
    }
    let order = |means: Vec<(&str, f64)>| {
        let mut m = means;
        m.sort_by(|a, b| a.1.total_cmp(&b.1).then(a.0.cmp(b.0)));
        m.into_iter().map(|(s, _)| s.to_owned()).collect::<Vec<_>>()
    };
    let theirs = order(
        published_means
            .iter()
            .map(|(s, (sum, n))| (*s, sum / *n as f64))
            .collect(),
    );
    let systems = scores["systems"].as_object().unwrap();
    let mine = order(
        systems
            .iter()
            .map(|(s, v)| (s.as_str(), v["error_score"].as_f64().unwrap()))
            .collect(),
    );
    assert_eq!(mine, theirs);
    for (s, (sum, n)) in &published_means {
        let m = systems[*s]["error_score"].as_f64().unwrap();
        assert!((m - sum / *n as f64).abs() < 1e-9, "{s}: {m}");
        assert_eq!(systems[*s]["segments"], *n as u64, "{s}");
    }

    // The significance clusters equal an independent implementation's (SciPy's bootstrap and
    // permutation test, with its own seed): the same clusters, each pair's p-value within the
    // resampling's noise and on the same side of 0.05 (but where SciPy's is within 0.01 of
    // it), each interval's ends within 0.05.
    std::fs::write(path("agreement.json"), agreement.to_string()).unwrap();
    let reference = std::process::Command::new(common::python())
        .arg(format!("{ROOT}/tests/significance_reference.py"))
        .args([path("agreement.json").as_str(), "errors"])
        .output()
        .unwrap();
    assert!(
        reference.status.success(),
        "{}",
        String::from_utf8_lossy(&reference.stderr)
    );
    let reference: Value = serde_json::from_slice(&reference.stdout).unwrap();
    let significance = &scores["significance"];
    assert_eq!(significance["clusters"], reference["clusters"]);
    assert!(
        significance["clusters"].as_array().unwrap().len() > 1,
        "the systems are told apart: {}",
        significance["clusters"]
    );
    for want in reference["pairs"].as_array().unwrap() {
        let got = significance["pairs"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["better"] == want["better"] && p["worse"] == want["worse"])
            .unwrap_or_else(|| panic!("no pair {want}"));
        let (p, q) = (got["p"].as_f64().unwrap(), want["p"].as_f64().unwrap());
        assert!((p - q).abs() < 0.03, "{got} against {want}");
        if (q - 0.05).abs() > 0.01 {
            assert_eq!(p <= 0.05, q <= 0.05, "{got} against {want}");
        }
        let (d, e) = (
            got["delta"].as_f64().unwrap(),
            want["delta"].as_f64().unwrap(),
        );
        assert!((d - e).abs() < 1e-9, "{got} against {want}");
    }
    for (system, want) in reference["ci95"].as_object().unwrap() {
        let got = &significance["ci95"][system];
        for end in 0..2 {
            let (a, b) = (got[end].as_f64().unwrap(), want[end].as_f64().unwrap());
            assert!((a - b).abs() < 0.05, "{system}: {got} against {want}");
        }
    }

    // Written back as the released TSV: the file as it was, row for row, and read again the
    // same results.
    let back = run(&["export", "mqm-tsv", &sp, &ip, &rp]);
    same_rows(&back, &std::fs::read_to_string(&tsv).unwrap());
    std::fs::write(path("back.tsv"), &back).unwrap();
    let again = run(&["collect", "mqm-tsv", &path("back.tsv"), "--spec", &sp]);
    let set = |text: &str| {
        let mut v: Vec<Value> = text
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        v.sort_by_key(|r| r.to_string());
        v
    };
    assert_eq!(set(&again), set(&results));
}

/// Two files equal row for row (the first rows that differ named when they do not).
fn same_rows(written: &str, original: &str) {
    if written == original {
        return;
    }
    let (w, o): (Vec<&str>, Vec<&str>) = (written.lines().collect(), original.lines().collect());
    let first = w
        .iter()
        .zip(&o)
        .position(|(a, b)| a != b)
        .unwrap_or(w.len().min(o.len()));
    let cut = |l: Option<&&str>| l.map_or("(none)".to_owned(), |l| l.chars().take(300).collect());
    panic!(
        "{} rows written, {} read; line {} differs:\n written: {}\n read:    {}",
        w.len(),
        o.len(),
        first + 1,
        cut(w.get(first)),
        cut(o.get(first))
    );
}

/// WMT's generalMT2023 side-by-side ratings (`docSegId`, `globalSegId`, `metadata` and a
/// documentation cell in the header; three raters per segment; attention checks `Found` and
/// `Missed` of severity `HOTW-test`; a space marked as an error; a text with a space at its end
/// the segment's other rows lack): read through the book's spec with no problem, every result
/// valid, and written back the file as it was.
#[test]
fn the_generalmt2023_side_by_side_ratings_read_in_and_write_out_unchanged() {
    for (pair, results_count) in [("ende", 6), ("zhen", 6)] {
        let dir =
            std::env::temp_dir().join(format!("glossa-mqm-sxs-{pair}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = |f: &str| dir.join(f).to_str().unwrap().to_owned();
        std::fs::write(path("spec.json"), book_spec()).unwrap();
        let sp = path("spec.json");
        let tsv = format!("{ROOT}/tests/fixtures/mqm/sxs_mqm_generalMT2023_{pair}.slice.tsv");
        let original = std::fs::read_to_string(&tsv).unwrap();
        std::fs::write(
            path("items.jsonl"),
            run(&["items", &sp, &tsv, "--from", "mqm-tsv"]),
        )
        .unwrap();
        let out = glossa(&["collect", "mqm-tsv", &tsv, "--spec", &sp]);
        let said = String::from_utf8_lossy(&out.stderr).into_owned();
        assert!(out.status.success(), "{said}");
        assert!(
            said.contains(&format!("{results_count} result(s), 0 problem(s)")),
            "{said}"
        );
        std::fs::write(path("results.jsonl"), &out.stdout).unwrap();
        let (ip, rp) = (path("items.jsonl"), path("results.jsonl"));
        let valid = run(&["validate", &sp, &ip, &rp]);
        assert!(
            valid.contains(&format!("{results_count} result(s), 0 with problems")),
            "{valid}"
        );
        // The segments are the side-by-side file's global ids, the documents' ids beside them.
        let items = std::fs::read_to_string(&ip).unwrap();
        let first: Value = serde_json::from_str(items.lines().next().unwrap()).unwrap();
        let row: Vec<&str> = original.lines().nth(1).unwrap().split('\t').collect();
        assert_eq!(first["id"], row[3]);
        assert_eq!(first["doc_id"], row[2]);
        same_rows(&run(&["export", "mqm-tsv", &sp, &ip, &rp]), &original);
        if pair == "ende" {
            // A space marked as an error holds the words either side of it, and is written
            // back as the space it was.
            assert!(
                said.contains(
                    "the marked span is white space or empty: the answer holds the words beside it"
                ),
                "{said}"
            );
            // An attention check weighs nothing: the error scores are those of the file
            // without its `HOTW-test` rows.
            let without: String = original
                .lines()
                .filter(|l| !l.contains("\tHOTW-test\t"))
                .map(|l| l.to_owned() + "\n")
                .collect();
            assert!(
                without.len() < original.len(),
                "the slice has attention checks"
            );
            std::fs::write(path("without.tsv"), &without).unwrap();
            let rest = run(&["collect", "mqm-tsv", &path("without.tsv"), "--spec", &sp]);
            std::fs::write(path("without.jsonl"), rest).unwrap();
            let scores = |results: &str| -> Value {
                let a: Value = serde_json::from_str(&run(&[
                    "agreement",
                    &sp,
                    results,
                    "--items",
                    &ip,
                    "--json",
                ]))
                .unwrap();
                a["error_scores"]["errors"]["systems"].clone()
            };
            let (with, without) = (scores(&rp), scores(&path("without.jsonl")));
            for (system, v) in with.as_object().unwrap() {
                assert_eq!(v["error_score"], without[system]["error_score"], "{system}");
            }
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// The answers decide what is written back: a span an adjudicator took out loses its row, and
/// an output left with no error gets a `No-error` row after the rows read.
#[test]
fn an_exported_file_follows_the_answers_not_the_rows_read() {
    let dir = std::env::temp_dir().join(format!("glossa-mqm-edited-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = |f: &str| dir.join(f).to_str().unwrap().to_owned();
    std::fs::write(path("spec.json"), book_spec()).unwrap();
    let sp = path("spec.json");
    let tsv = format!("{ROOT}/tests/fixtures/mqm/mqm_ted_ende.tsv");
    std::fs::write(
        path("items.jsonl"),
        run(&["items", &sp, &tsv, "--from", "mqm-tsv"]),
    )
    .unwrap();
    let results = run(&["collect", "mqm-tsv", &tsv, "--spec", &sp]);
    // The first output with exactly one error: its span taken out.
    let mut docs: Vec<Value> = results
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let (mut system, mut line) = (String::new(), 0);
    'find: for d in &mut docs {
        let rows = d["imported"]["rows"].as_array().unwrap().clone();
        for (output, answer) in d["answers"]["errors"].as_object_mut().unwrap() {
            let spans = answer["spans"].as_array_mut().unwrap();
            let from_source = rows
                .iter()
                .any(|r| r["output"] == *output && r["span"]["control"] == "source_errors");
            if spans.len() == 1 && !from_source {
                spans.clear();
                answer["nothing_to_mark"] = Value::Bool(true);
                system = output.clone();
                line = rows
                    .iter()
                    .find(|r| r["output"] == *output && r["span"].is_object())
                    .unwrap()["line"]
                    .as_u64()
                    .unwrap() as usize;
                break 'find;
            }
        }
    }
    assert!(line > 0, "an output with one error");
    let edited: String = docs.iter().map(|d| d.to_string() + "\n").collect();
    std::fs::write(path("results.jsonl"), edited).unwrap();
    let back = run(&[
        "export",
        "mqm-tsv",
        &sp,
        &path("items.jsonl"),
        &path("results.jsonl"),
    ]);
    let original = std::fs::read_to_string(&tsv).unwrap();
    let mut want: Vec<&str> = original.lines().collect();
    let taken = want.remove(line - 1);
    let cells: Vec<&str> = taken.split('\t').collect();
    assert_eq!(cells[0], system);
    let got: Vec<&str> = back.lines().collect();
    assert_eq!(
        got.len(),
        want.len() + 1,
        "one row out, one `No-error` row in"
    );
    assert_eq!(&got[..want.len()], &want[..]);
    let added: Vec<&str> = got[want.len()].split('\t').collect();
    assert_eq!(added[0], system);
    assert_eq!(
        &added[2..5],
        &cells[2..5],
        "its document, segment and rater"
    );
    assert_eq!(&added[7..9], &["No-error", "No-error"]);
    assert!(!added[6].contains("<v>"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A category the spec lacks is one message naming the label to add (with the rows' count and
/// first lines), not a line per row.
#[test]
fn a_category_the_spec_lacks_is_one_message_naming_the_label_to_add() {
    let dir = std::env::temp_dir().join(format!("glossa-mqm-lacks-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let spec = book_spec().replace(
        ",\n        {\"value\": \"Source error\", \"label\": \"Source error\", \"color\": \"brown\"}\n      ],",
        "\n      ],",
    );
    assert_ne!(spec, book_spec(), "the source errors' label taken out");
    let sp = dir.join("spec.json");
    std::fs::write(&sp, spec).unwrap();
    let out = glossa(&[
        "collect",
        "mqm-tsv",
        &format!("{ROOT}/tests/fixtures/mqm/mqm_ted_zhen.tsv"),
        "--spec",
        sp.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let said = String::from_utf8_lossy(&out.stderr);
    let about: Vec<&str> = said
        .lines()
        .filter(|l| l.contains("Source error"))
        .collect();
    assert_eq!(about.len(), 1, "{said}");
    assert!(
        about[0].contains("(38 row(s): line ")
            && about[0].contains("add {\"value\": \"Source error\""),
        "{}",
        about[0]
    );
    let _ = std::fs::remove_dir_all(&dir);
}
