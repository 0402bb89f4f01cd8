//! Labels in two levels (MQM's `Accuracy` over `Accuracy/Mistranslation`), on the per-output
//! example `en-de-mqm-systems` (the book's MQM spec): what the spec check says of groups,
//! weights that name a group and their precedence, the error score broken down by group and by
//! label (summing to the score), and the build a spec with groups loads.

mod common;

use common::glossa_ok as glossa;
use serde_json::{json, Value};
use std::collections::BTreeMap;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");
const DIR: &str = "www/examples/en-de-mqm-systems";

fn spec() -> Value {
    serde_json::from_str(&std::fs::read_to_string(format!("{ROOT}/{DIR}/spec.json")).unwrap())
        .unwrap()
}

/// The spec check's complaints: (path, message).
fn problems(spec: &Value) -> Vec<(String, String)> {
    match glossa::mount::load_spec(&spec.to_string()) {
        Ok(_) => vec![],
        Err(issues) => issues.into_iter().map(|i| (i.path, i.message)).collect(),
    }
}

fn section(spec: &mut Value) -> &mut Value {
    spec["blocks"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|b| b["kind"] == "section")
        .unwrap()
}

#[test]
fn the_example_loads_and_its_groups_stand_in_the_order_of_its_labels() {
    let spec = spec();
    assert_eq!(problems(&spec), vec![]);
    let task = glossa::mount::load_spec(&spec.to_string()).unwrap();
    let errors = task
        .controls
        .iter()
        .find_map(|c| match c {
            glossa::spec::Control::SpanLabels(s) if s.id.as_str() == "errors" => Some(s.clone()),
            _ => None,
        })
        .unwrap();
    let runs: Vec<(Option<String>, usize)> =
        glossa::kinds::span_labels::label_groups::runs(&errors)
            .into_iter()
            .map(|(g, m)| (g.map(str::to_owned), m.len()))
            .collect();
    let g = |s: &str, n| (Some(s.to_owned()), n);
    assert_eq!(
        runs,
        vec![
            g("Accuracy", 4),
            g("Fluency", 7),
            g("Terminology", 2),
            g("Style", 1),
            g("Locale convention", 6),
            (None, 1),
            (None, 1),
            (None, 1)
        ]
    );
    assert_eq!(errors.group_of("Fluency/Punctuation"), Some("Fluency"));
    assert_eq!(errors.group_of("Non-translation!"), None);
}

#[test]
fn a_group_whose_labels_stand_apart_or_that_is_empty_is_refused_by_name() {
    let mut spec = spec();
    let labels = spec["controls"][0]["labels"].as_array_mut().unwrap();
    // The second Fluency label moved behind Style: Fluency stands apart.
    let moved = labels.remove(5);
    labels.insert(13, moved);
    labels[0]["group"] = json!(" ");
    let got = problems(&spec);
    assert_eq!(got.len(), 2, "{got:?}");
    assert!(
        got[0].0.ends_with("labels[0].group") && got[0].1.contains("empty"),
        "{got:?}"
    );
    assert!(
        got[1].1.contains("\"Fluency\" stand apart"),
        "the message names the group: {got:?}"
    );
}

#[test]
fn a_weight_may_name_a_group_and_a_group_with_a_severity_and_a_misspelt_one_is_refused() {
    let mut spec = spec();
    section(&mut spec)["weights"] =
        json!({"Major": 5, "Minor": 1, "Fluency|Minor": 0.5, "Style": 2});
    assert_eq!(problems(&spec), vec![]);
    section(&mut spec)["weights"] = json!({"Major": 5, "Fluencey|Minor": 0.5});
    let got = problems(&spec);
    assert_eq!(got.len(), 1, "{got:?}");
    assert!(got[0].1.contains("did you mean \"Fluency\"?"), "{got:?}");
}

/// The weight of a span by the book's precedence, written out here on its own: label with
/// severity, label, group with severity, group, severity, else 1.
fn weight(weights: &Value, label: &str, group: Option<&str>, severity: &str) -> f64 {
    let w = |k: String| weights.get(&k).and_then(Value::as_f64);
    w(format!("{label}|{severity}"))
        .or_else(|| w(label.to_owned()))
        .or_else(|| group.and_then(|g| w(format!("{g}|{severity}")).or_else(|| w(g.to_owned()))))
        .or_else(|| w(severity.to_owned()))
        .unwrap_or(1.0)
}

#[test]
fn error_scores_weigh_by_group_and_break_each_system_down_by_group_and_label() {
    let dir = std::env::temp_dir().join(format!("glossa-groups-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut spec = spec();
    let weights = json!({
        "Major": 5, "Minor": 1, "Neutral": 0, "Non-translation!": 25,
        "Fluency/Punctuation|Minor": 0.1, "Fluency|Minor": 0.5, "Style": 2, "Accuracy|Major": 7
    });
    section(&mut spec)["weights"] = weights.clone();
    let sp = dir.join("spec.json");
    std::fs::write(&sp, spec.to_string()).unwrap();
    let items = format!("{ROOT}/{DIR}/items.json");
    let results = glossa(&[
        "simulate",
        sp.to_str().unwrap(),
        &items,
        "--annotators",
        "3",
        "--seed",
        "5",
    ]);
    let rp = dir.join("results.jsonl");
    std::fs::write(&rp, &results).unwrap();
    // The figures written out here: per (segment, system) the raters' mean, then the mean
    // over segments; each category's share made the same way.
    let group = |label: &str| {
        spec["controls"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|c| c["labels"].as_array().unwrap())
            .find(|l| l["value"] == label)
            .and_then(|l| l["group"].as_str().map(str::to_owned))
    };
    // Each rater's rating of a (system, segment): the errors in the translation and in the
    // source, summed, with each category's share.
    let mut ratings: BTreeMap<(String, String, String), (f64, BTreeMap<String, f64>)> =
        BTreeMap::new();
    let mut marked_groups = 0;
    for line in results.lines() {
        let r: Value = serde_json::from_str(line).unwrap();
        let item = r["item_id"].as_str().unwrap().to_owned();
        let who = r["ids"]["participant"].as_str().unwrap().to_owned();
        for control in ["errors", "source_errors"] {
            for (system, answer) in r["answers"][control].as_object().into_iter().flatten() {
                let (score, parts) = ratings
                    .entry((system.clone(), item.clone(), who.clone()))
                    .or_default();
                for s in answer["spans"].as_array().unwrap() {
                    let label = s["label"].as_str().unwrap();
                    let g = group(label);
                    marked_groups += usize::from(g.is_some());
                    let severity = s["attributes"]["severity"].as_str().unwrap();
                    let w = weight(&weights, label, g.as_deref(), severity);
                    *score += w;
                    *parts.entry(label.to_owned()).or_insert(0.0) += w;
                    if let Some(g) = g {
                        *parts.entry(format!("group:{g}")).or_insert(0.0) += w;
                    }
                }
            }
        }
    }
    assert!(marked_groups > 10, "the simulation marks grouped labels");
    // Per (system, segment) the raters' mean; per system, each segment's.
    let mut segments: BTreeMap<(String, String), Vec<&(f64, BTreeMap<String, f64>)>> =
        BTreeMap::new();
    for ((system, item, _), rating) in &ratings {
        segments
            .entry((system.clone(), item.clone()))
            .or_default()
            .push(rating);
    }
    let mut systems: BTreeMap<String, (Vec<f64>, BTreeMap<String, f64>)> = BTreeMap::new();
    for ((system, _), raters) in &segments {
        let n = raters.len() as f64;
        let (scores, parts) = systems.entry(system.clone()).or_default();
        scores.push(raters.iter().map(|r| r.0).sum::<f64>() / n);
        for (_, p) in raters {
            for (k, v) in p {
                *parts.entry(k.clone()).or_insert(0.0) += v / n;
            }
        }
    }
    let got: Value = serde_json::from_str(&glossa(&[
        "agreement",
        sp.to_str().unwrap(),
        rp.to_str().unwrap(),
        "--items",
        &items,
        "--json",
    ]))
    .unwrap();
    let scores = &got["error_scores"]["errors"];
    let close = |a: f64, b: f64, what: &str| assert!((a - b).abs() < 1e-9, "{what}: {a} vs {b}");
    for (system, (segments, parts)) in &systems {
        let want = segments.iter().sum::<f64>() / segments.len() as f64;
        close(
            scores["systems"][system]["error_score"].as_f64().unwrap(),
            want,
            system,
        );
        let by = &scores["by_category"];
        for (k, summed) in parts {
            let v = summed / segments.len() as f64;
            let figure = match k.strip_prefix("group:") {
                Some(g) => &by["groups"][system][g],
                None => &by["labels"][system][k],
            };
            close(figure.as_f64().unwrap(), v, &format!("{system} {k}"));
        }
        // The labels sum to the score; so do the groups with the labels of no group.
        let sum = |figures: &Value, keep: &dyn Fn(&str) -> bool| -> f64 {
            figures
                .as_object()
                .unwrap()
                .iter()
                .filter(|(k, _)| keep(k))
                .map(|(_, v)| v.as_f64().unwrap())
                .sum()
        };
        let labels = sum(&by["labels"][system], &|_| true);
        close(labels, want, &format!("{system}: labels sum to the score"));
        let ungrouped = sum(&by["labels"][system], &|l| group(l).is_none());
        let groups = sum(&by["groups"][system], &|_| true);
        close(
            groups + ungrouped,
            want,
            &format!("{system}: groups sum to the score"),
        );
    }
    // The report shows the breakdown by group.
    let page = dir.join("report.html");
    glossa(&[
        "report",
        sp.to_str().unwrap(),
        &items,
        rp.to_str().unwrap(),
        "--out",
        page.to_str().unwrap(),
    ]);
    let html = std::fs::read_to_string(&page).unwrap();
    let table = html
        .split("What each category adds to a system's error score (by group)")
        .nth(1)
        .unwrap_or_else(|| panic!("the report has the table by group"));
    let head = table.split("</thead>").next().unwrap();
    assert!(
        head.contains("<th>Fluency</th>") && !head.contains("Fluency/"),
        "{head}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_spec_with_label_groups_loads_the_full_build_and_without_them_the_labels_build() {
    let labels = json!([{"value": "Accuracy/Omission", "label": "Omission"}, {"value": "Other", "label": "Other"}]);
    let spec = |labels: Value| {
        json!({"glossa": 1, "id": "s", "version": "1", "language": "en", "blocks": [],
               "controls": [{"kind": "span_labels", "id": "e", "label": "Errors", "text_field": "t",
                             "text_label": "T", "labels": labels}]})
    };
    assert_eq!(
        glossa::kinds::catalog::build_for(&spec(labels.clone())),
        "labels"
    );
    let mut grouped = labels;
    grouped[0]["group"] = json!("Accuracy");
    assert_eq!(glossa::kinds::catalog::build_for(&spec(grouped)), "full");
}
