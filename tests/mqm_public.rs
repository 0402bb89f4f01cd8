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

    // Written back as the released TSV, the ratings read as the same results.
    std::fs::write(path("back.tsv"), run(&["export", "mqm-tsv", &sp, &ip, &rp])).unwrap();
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
