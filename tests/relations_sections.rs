//! Relations asked per output (`tests/fixtures/relations-per-output-*`: a section asks the names
//! and their links once for each translation): each output's copy links its own output's
//! passages; simulated results re-validate, hold each output's links over its own text, and
//! are measured per output unit; the review page's side-by-side view escapes passage texts.
#![cfg(not(target_arch = "wasm32"))]

use glossa::analysis::review::Review;
use glossa::spec::Control;
use serde_json::{json, Value};

const SPEC: &str = include_str!("fixtures/relations-per-output-spec.json");
const ITEMS: &str = include_str!("fixtures/relations-per-output-items.json");

#[test]
fn each_outputs_links_name_the_spans_of_that_output() {
    let (spec, items) = glossa::mount::study(SPEC, ITEMS).unwrap();
    let task = glossa::task::Task::new(spec, items[0].clone(), None);
    for output in ["sys-a", "sys-b"] {
        let copy = task
            .spec
            .control(&format!("relations/{output}").as_str().into());
        let Some(Control::Relations(c)) = copy else {
            panic!("no copy of the relations control for {output}: {copy:?}")
        };
        assert_eq!(c.spans.as_str(), format!("entities/{output}"));
    }
}

#[test]
fn a_simulated_crowd_links_each_output_over_its_own_text_and_is_measured_per_output() {
    let (spec, items) = glossa::mount::study(SPEC, ITEMS).unwrap();
    let crowd = glossa::simulate::crowd(&spec, &items, 3, 0.8, 7);
    assert_eq!(crowd.len(), 2 * 3);
    let mut links = 0;
    for doc in &crowd {
        let item = items.iter().find(|i| i.id == doc.item_id).unwrap();
        let task = glossa::task::Task::new(spec.clone(), item.clone(), None);
        let json = serde_json::to_value(doc).unwrap();
        let findings = glossa::analysis::revalidate::check_result(&task, &json);
        assert!(findings.is_empty(), "{}: {findings:?}", doc.item_id);
        // Keyed by output, each link's passages are that output's words.
        let by_output = json["answers"]["relations"]
            .as_object()
            .expect("an object keyed by output");
        assert_eq!(by_output.keys().collect::<Vec<_>>(), ["sys-a", "sys-b"]);
        for (output, v) in by_output {
            let text: Vec<char> = item
                .outputs("translations")
                .into_iter()
                .find(|o| &o.id == output)
                .unwrap()
                .text
                .chars()
                .collect();
            let spans = &json["answers"]["entities"][output]["spans"];
            for l in v["links"].as_array().unwrap() {
                links += 1;
                for end in [&l["head"], &l["tail"]] {
                    let (start, stop) = (
                        end["start"].as_u64().unwrap() as usize,
                        end["end"].as_u64().unwrap() as usize,
                    );
                    assert_eq!(
                        text[start..stop].iter().collect::<String>(),
                        end["text"].as_str().unwrap()
                    );
                    let marked = |s: &Value| {
                        s["start"] == end["start"]
                            && s["end"] == end["end"]
                            && s["label"] == end["label"]
                    };
                    assert!(
                        spans.as_array().unwrap().iter().any(marked),
                        "{output}: {end} is not among its spans {spans}"
                    );
                }
            }
        }
    }
    assert!(links > 0, "some links were made");
    // Agreement: one unit per item and output, three pairs of annotators each.
    let report = glossa::analysis::agreement::compute(&spec, &items, &crowd);
    let f = report
        .findings
        .iter()
        .find(|f| f.group == "relation_f1")
        .expect("relation F1");
    assert_eq!(f.key, "relations");
    assert_eq!(f.json["pairs"], 2 * 2 * 3);
}

#[test]
fn passage_texts_in_the_review_view_are_escaped() {
    let mut items: Vec<Value> = serde_json::from_str(ITEMS).unwrap();
    items.truncate(1);
    let hostile = "<img src=x onerror=alert(1)> lebt in <b>England</b>.";
    items[0]["translations"][1]["text"] = json!(hostile);
    let (spec, items) =
        glossa::mount::study(SPEC, &serde_json::to_string(&items).unwrap()).unwrap();
    // Two annotators' results as a page posts them: the markup's passage linked to England.
    let span = |label: &str, text: &str| {
        let start = hostile.find(text).unwrap();
        json!({"label": label, "text": text, "start": start, "end": start + text.len(),
               "start_utf16": start, "end_utf16": start + text.len(), "first_word": 0, "last_word": 0})
    };
    let (img, england) = (
        span("Person", "<img src=x onerror=alert(1)>"),
        span("GPE", "<b>England</b>"),
    );
    let results: Vec<glossa::result::ResultDoc> = ["A", "B"]
        .iter()
        .map(|who| {
            let doc = json!({"format": "glossa.result/1", "spec": {"id": "relations-per-output", "version": "1.0.0"},
                "item_id": "news-060-1", "ids": {"participant": who}, "timings": {"active_ms": 20000},
                "answers": {
                    "entities": {"sys-b": {"spans": [img, england], "nothing_to_mark": false}},
                    "relations": {"sys-b": {"links": [{"label": if *who == "A" { "Located" } else { "Alias" }, "head": img, "tail": england}]}}
                }});
            glossa::result::ResultDoc::read(&spec, &doc).expect("a result")
        })
        .collect();
    let html = Review::new(spec, items.clone(), results).view(&items[0].id);
    // The link's row names both passages, escaped: text, never markup.
    assert!(
        html.contains("<h3>Relations <code>relations</code>"),
        "{html}"
    );
    assert!(
        html.contains("&lt;img src=x onerror=alert(1)&gt;→&lt;b&gt;England&lt;/b&gt;"),
        "{html}"
    );
    assert!(!html.contains("<img") && !html.contains("<b>"), "{html}");
}
