//! Adjudication (`crate::analysis::review`, the review page's core): the queue ranked by the
//! report's disagreement, the answers a reviewer can take, the widget's draft for an edit, the
//! adjudicated results and what reads them (validate, the report, the gold reader), and the
//! simulated crowd (`glossa simulate`).
#![cfg(not(target_arch = "wasm32"))]

use glossa::analysis::review::{Decision, Review};
use glossa::result::ResultDoc;
use glossa::support::sorted_map::SortedMap;
use serde_json::{json, Value};

const IT_SPEC: &str = include_str!("../www/examples/it-implicit/spec.json");
const IT_ITEMS: &str = include_str!("../www/examples/it-implicit/items.json");
const NER_SPEC: &str = include_str!("../www/examples/en-ner/spec.json");
const NER_ITEMS: &str = include_str!("fixtures/review/ner-items.json");

/// A result of the Italian study: `who` chose `v` on `item`.
fn choice(who: &str, item: &str, v: &str) -> Value {
    json!({"format": "glossa.result/1", "spec": {"id": "implicit-content-it", "version": "1.0.0"},
        "item_id": item, "ids": {"participant": who}, "answers": {"valutazione": v},
        "timings": {"active_ms": 20000}})
}

fn review(spec: &str, items: &str, results: &[Value]) -> Review {
    let (spec, items) = glossa::mount::study(spec, items).expect("the study loads");
    let results = results
        .iter()
        .map(|r| ResultDoc::read(&spec, r).expect("a result"))
        .collect();
    Review::new(spec, items, results)
}

fn decisions(list: &[(&str, Value)]) -> SortedMap<String, Decision> {
    list.iter()
        .map(|(item, d)| {
            (
                (*item).to_owned(),
                serde_json::from_value(d.clone()).unwrap(),
            )
        })
        .collect()
}

/// it-001: three different answers; it-002: two against one; it-003: all agree.
fn italian() -> Review {
    review(
        IT_SPEC,
        IT_ITEMS,
        &[
            choice("A", "it-003", "risposta_non_fornita"),
            choice("B", "it-003", "risposta_non_fornita"),
            choice("C", "it-003", "risposta_non_fornita"),
            choice("A", "it-002", "totalmente_sbagliato"),
            choice("B", "it-002", "totalmente_sbagliato"),
            choice("C", "it-002", "parzialmente_corretto"),
            choice("A", "it-001", "totalmente_corretto"),
            choice("B", "it-001", "parzialmente_corretto"),
            choice("C", "it-001", "totalmente_sbagliato"),
        ],
    )
}

#[test]
fn the_queue_puts_the_most_disputed_items_first_with_what_differs() {
    let review = italian();
    let q = review.queue();
    let order: Vec<&str> = q.iter().map(|e| e.item_id.as_str()).collect();
    assert_eq!(order, ["it-001", "it-002", "it-003"]);
    assert_eq!(q[0].disagreement, 1.0);
    assert!((q[1].disagreement - 2.0 / 3.0).abs() < 1e-12);
    assert_eq!(q[2].disagreement, 0.0);
    assert_eq!(q[0].differ, ["valutazione"]);
    assert!(q[2].differ.is_empty());
    assert_eq!(
        q[1].labels,
        ["parzialmente_corretto", "totalmente_sbagliato"]
    );
    assert_eq!(q[0].annotators, 3);
}

#[test]
fn the_majority_is_offered_only_where_there_is_one() {
    let r = italian();
    let two_to_one = r.candidates("it-002");
    assert_eq!(
        two_to_one["majority_vote"]["answers"],
        json!({"valutazione": "totalmente_sbagliato"})
    );
    assert_eq!(two_to_one["annotators"][2]["who"], "C");
    // Three ways: majority vote breaks the tie as crowd-kit does, so the aggregate answers;
    // an annotator's answer is always there.
    let tie = r.candidates("it-001");
    assert_eq!(tie["annotators"].as_array().unwrap().len(), 3);
    assert!(tie["dawid_skene"]["answers"].is_object());
}

#[test]
fn an_adjudicated_set_names_who_decided_why_and_from_whom_and_reads_back() {
    let r = italian();
    let d = decisions(&[
        (
            "it-001",
            json!({"source": "annotator", "from": "B", "reason": "B read the answer", "at": "2026-11-26T08:00:00Z"}),
        ),
        ("it-002", json!({"source": "majority_vote"})),
        (
            "it-003",
            json!({"source": "edited", "answers": {"valutazione": "totalmente_corretto"}}),
        ),
    ]);
    let (docs, problems) = r.adjudicated("maria", &d);
    assert!(problems.is_empty(), "{problems:?}");
    let docs: Vec<Value> = docs
        .iter()
        .map(|d| serde_json::to_value(d).unwrap())
        .collect();
    assert_eq!(docs.len(), 3);
    assert_eq!(docs[0]["item_id"], "it-001");
    assert_eq!(docs[0]["answers"]["valutazione"], "parzialmente_corretto");
    assert_eq!(docs[0]["adjudicated"], true);
    assert_eq!(
        docs[0]["adjudication"],
        json!({"by": "maria", "reason": "B read the answer", "source": "annotator", "from": "B",
            "annotators": ["A", "B", "C"], "at": "2026-11-26T08:00:00Z"})
    );
    assert_eq!(docs[0]["ids"]["participant"], "adjudicator:maria");
    assert_eq!(docs[1]["answers"]["valutazione"], "totalmente_sbagliato");
    assert_eq!(docs[2]["answers"]["valutazione"], "totalmente_corretto");
    assert_eq!(docs[2]["adjudication"]["source"], "edited");
    // Read back by the same reader every command uses, marked.
    let (spec, _) = glossa::mount::study(IT_SPEC, IT_ITEMS).unwrap();
    let back = ResultDoc::read(&spec, &docs[0]).unwrap();
    assert!(back.is_adjudicated());
    assert_eq!(back.adjudication.unwrap().from, "B");
}

#[test]
fn decisions_that_cannot_be_made_are_named_by_item() {
    let r = italian();
    let d = decisions(&[
        ("it-001", json!({"source": "annotator", "from": "Z"})),
        (
            "it-002",
            json!({"source": "edited", "answers": {"valutazione": "not-an-option"}}),
        ),
        ("it-003", json!({"source": "oracle"})),
    ]);
    let (docs, problems) = r.adjudicated("maria", &d);
    assert!(docs.is_empty());
    assert_eq!(problems.len(), 3, "{problems:?}");
    assert!(
        problems[0].starts_with("it-001: no result of \"Z\""),
        "{}",
        problems[0]
    );
    assert!(
        problems[1].starts_with("it-002: answers.valutazione"),
        "{}",
        problems[1]
    );
    assert!(
        problems[2].contains("\"oracle\" is not a source"),
        "{}",
        problems[2]
    );
    let (_, nobody) = r.adjudicated(
        " ",
        &decisions(&[("it-002", json!({"source": "majority_vote"}))]),
    );
    assert!(nobody[0].contains("say who adjudicated"), "{nobody:?}");
}

#[test]
fn the_simulated_crowd_gives_valid_results_the_review_overlays_per_label() {
    let (spec, items) = glossa::mount::study(NER_SPEC, NER_ITEMS).unwrap();
    let crowd = glossa::simulate::crowd(&spec, &items, 4, 0.6, 3);
    assert_eq!(crowd.len(), 12 * 4);
    assert_eq!(
        crowd,
        glossa::simulate::crowd(&spec, &items, 4, 0.6, 3),
        "the same seed"
    );
    for doc in &crowd {
        let item = items.iter().find(|i| i.id == doc.item_id).unwrap();
        let task = glossa::task::Task::new(spec.clone(), item.clone(), None);
        let findings =
            glossa::analysis::revalidate::check_result(&task, &serde_json::to_value(doc).unwrap());
        assert!(findings.is_empty(), "{}: {findings:?}", doc.item_id);
    }
    let r = Review::new(spec.clone(), items.clone(), crowd.clone());
    let top = &r.queue()[0];
    let html = r.view(&top.item_id);
    // Every annotator is listed by number, and each marked stretch names who marked it.
    assert_eq!(html.matches("<li>sim-0").count(), 4);
    assert!(html.contains("<mark class=\"n"), "{html}");
    assert!(html.contains("<sup class=review-by>["));
    // The draft the widget resumes from holds the annotator's spans.
    let first = &r.candidates(&top.item_id)["annotators"][0]["answers"];
    let draft = r.draft(&top.item_id, first, 1_800_000_000_000).unwrap();
    assert_eq!(draft.item_id, top.item_id);
    assert!(draft
        .answers
        .contains_key(&glossa::support::ids::ControlId::from("entities")));
}

#[test]
fn item_text_spec_text_and_annotator_names_in_the_side_by_side_view_are_escaped() {
    let items = r#"[{"id": "x-1", "text": "<img src=x onerror=alert(1)> Rome is nice."}]"#;
    let spec: Value = serde_json::from_str(NER_SPEC).unwrap();
    let mut spec = spec;
    spec.as_object_mut().unwrap().remove("examples");
    // The spec's own texts are the researcher's, but a shared spec is text too.
    let control = &mut spec["controls"][0];
    control["label"] = json!("<script>alert(2)</script> names");
    for label in control["labels"].as_array_mut().unwrap() {
        if label["value"] == "LOC" {
            label["label"] = json!("<svg onload=alert(3)>Place");
        }
    }
    let result = |who: &str| {
        json!({"format": "glossa.result/1", "spec": {"id": "ner-en", "version": "1.0.0"}, "item_id": "x-1",
            "ids": {"participant": who}, "answers": {"entities": {"nothing_to_mark": false, "spans": [
                {"label": "LOC", "text": "<img src=x onerror=alert(1)> Rome", "start": 0, "end": 33,
                 "start_utf16": 0, "end_utf16": 33, "first_word": 0, "last_word": 6}]}}})
    };
    let r = review(&spec.to_string(), items, &[result("<b>A</b>"), result("B")]);
    let html = r.view("x-1");
    assert!(!html.contains("<img"), "{html}");
    assert!(!html.contains("<b>"), "{html}");
    assert!(!html.contains("<script"), "{html}");
    assert!(!html.contains("<svg"), "{html}");
    assert!(html.contains("&lt;img src=x"));
    assert!(html.contains("&lt;script&gt;alert(2)"));
    assert!(html.contains("&lt;svg onload=alert(3)&gt;Place"));
    assert!(html.contains("&lt;b&gt;A&lt;/b&gt;"));
}

#[test]
fn an_adjudicated_set_is_a_gold_file_and_skips_the_timing_rule() {
    let (spec, items) = glossa::mount::study(IT_SPEC, IT_ITEMS).unwrap();
    let (docs, _) = italian().adjudicated(
        "maria",
        &decisions(&[("it-002", json!({"source": "majority_vote"}))]),
    );
    let lines: String = docs
        .iter()
        .map(|d| serde_json::to_string(d).unwrap() + "\n")
        .collect();
    let gold =
        glossa::study::gold::Gold::load(&lines, &spec, &items).expect("results read as gold");
    assert_eq!(gold.items.len(), 1);
    assert_eq!(gold.items[0].item_id, "it-002");
    // A spec with a minimum time: an annotator's result without time breaks it, the reviewer's
    // does not (it was decided on the review page, not timed on an annotator's screen).
    let mut timed: Value = serde_json::from_str(IT_SPEC).unwrap();
    timed["min_seconds"] = json!(5);
    let (timed, _) = glossa::mount::study(&timed.to_string(), IT_ITEMS).unwrap();
    let item = items.iter().find(|i| i.id == "it-002").unwrap();
    let task = glossa::task::Task::new(timed, item.clone(), None);
    let mut doc = serde_json::to_value(&docs[0]).unwrap();
    let check = glossa::analysis::revalidate::check_result;
    assert!(check(&task, &doc)
        .iter()
        .all(|f| f.path != "timings.active_ms"));
    doc.as_object_mut().unwrap().remove("adjudicated");
    assert!(check(&task, &doc)
        .iter()
        .any(|f| f.path == "timings.active_ms"));
}

#[test]
fn free_text_answers_choice_labels_numbers_and_item_ids_in_the_side_by_side_view_are_escaped() {
    // Every kind of part the table and the axis show: a free-text answer, a choice, a number,
    // each under a hostile label, on an item whose id and text are hostile too.
    let id = "x-1\"><img src=x onerror=alert(8)>";
    let spec = json!({"glossa": 1, "id": "markup", "version": "1.0.0", "language": "en", "title": "t",
        "blocks": [{"kind": "text", "field": "text", "label": "<iframe src=x></iframe>Text"}],
        "controls": [
            {"kind": "text", "id": "why", "label": "<script>alert(1)</script> why"},
            {"kind": "single_choice", "id": "ok", "label": "<b>ok</b>", "options": [
                {"value": "yes", "label": "<img src=x onerror=alert(2)> yes"},
                {"value": "no", "label": "\"><svg onload=alert(3)> no"}]},
            {"kind": "number", "id": "n", "label": "<svg onload=alert(4)> count", "min": 0}]});
    let items = json!([{"id": id, "text": "<img src=x onerror=alert(5)> text"}]).to_string();
    let result = |who: &str, why: &str, ok: &str, n: u32| {
        json!({"format": "glossa.result/1", "spec": {"id": "markup", "version": "1.0.0"}, "item_id": id,
            "ids": {"participant": who}, "answers": {"why": why, "ok": ok, "n": n}})
    };
    let r = review(
        &spec.to_string(),
        &items,
        &[
            result(
                "<b>A</b>",
                "</td></tr></table><script>alert(6)</script>",
                "yes",
                3,
            ),
            result("\"><iframe src=x>", "<img src=x onerror=alert(7)>", "no", 5),
        ],
    );
    let html = r.view(id);
    for markup in ["<img", "<script", "<svg", "<b>", "<iframe"] {
        assert!(!html.contains(markup), "{markup} in {html}");
    }
    assert!(
        html.contains("&lt;/td&gt;&lt;/tr&gt;&lt;/table&gt;&lt;script&gt;alert(6)"),
        "{html}"
    );
    assert!(
        html.contains("&lt;img src=x onerror=alert(7)&gt;"),
        "{html}"
    );
    assert!(
        html.contains("&lt;script&gt;alert(1)&lt;/script&gt; why"),
        "{html}"
    );
    assert!(html.contains("&lt;svg onload=alert(4)&gt; count"), "{html}");
    assert!(html.contains("&quot;&gt;&lt;iframe src=x&gt;"), "{html}");
}

/// A study with a 0–100 slider and labelled spans over an Arabic text.
fn arabic_slider_and_spans(results: &[(&str, u32, (usize, usize))]) -> Review {
    let spec = json!({"glossa": 1, "id": "ar-review", "version": "1.0.0", "language": "ar", "title": "مراجعة",
        "blocks": [],
        "controls": [
            {"kind": "span_labels", "id": "errors", "label": "الأخطاء", "text_field": "text", "text_label": "النص",
             "labels": [{"value": "major", "label": "كبير"}]},
            {"kind": "slider", "id": "score", "label": "الجودة", "min": 0, "max": 100}]});
    let text = "ذهب أحمد إلى السوق في الساعة 10 صباحا";
    let items = json!([{"id": "ar-1", "text": text}]).to_string();
    let words: Vec<&str> = text.split(' ').collect();
    let docs: Vec<Value> = results
        .iter()
        .map(|(who, score, (first, last))| {
            let start: usize = words[..*first].iter().map(|w| w.chars().count() + 1).sum();
            let covered = words[*first..=*last].join(" ");
            let end = start + covered.chars().count();
            let utf16 = |n: usize| text.chars().take(n).map(char::len_utf16).sum::<usize>();
            json!({"format": "glossa.result/1", "spec": {"id": "ar-review", "version": "1.0.0"}, "item_id": "ar-1",
                "ids": {"participant": who},
                "answers": {"score": score, "errors": {"spans": [{"label": "major", "text": covered,
                    "start": start, "end": end, "start_utf16": utf16(start), "end_utf16": utf16(end),
                    "first_word": first, "last_word": last}]}}})
        })
        .collect();
    review(&spec.to_string(), &items, &docs)
}

#[test]
fn the_number_axis_spans_the_controls_range_not_only_the_answers_given() {
    let r = arabic_slider_and_spans(&[("A", 91, (1, 1)), ("B", 100, (1, 1)), ("C", 95, (1, 2))]);
    let html = r.view("ar-1");
    let axis = html
        .split("review-axis")
        .nth(1)
        .expect("an axis for the slider");
    // The ends are the slider's 0 and 100, and 91 stands near the end (at 91 %), not at 0 %.
    assert!(axis.contains("<span>0</span><span>100</span>"), "{axis}");
    assert!(axis.contains("left:91.0%"), "{axis}");
    assert!(!axis.contains("left:0.0%"), "{axis}");
}

#[test]
fn span_offsets_read_left_to_right_and_span_texts_keep_their_own_direction_in_arabic() {
    let r = arabic_slider_and_spans(&[("A", 50, (1, 1)), ("B", 60, (1, 2))]);
    let html = r.view("ar-1");
    // "أحمد" at code points 4–8: the offsets in a left-to-right isolate, the text in a
    // first-strong isolate, so an Arabic line shows 4–8, not 8–4.
    assert!(
        html.contains("“\u{2068}أحمد\u{2069}” \u{2066}4–8\u{2069}"),
        "{html}"
    );
}

#[test]
fn majority_and_dawid_skene_are_offered_on_every_item_of_a_study_asked_per_output() {
    let (spec, items) = glossa::mount::study(
        include_str!("../www/examples/de-esa/spec.json"),
        include_str!("../www/examples/de-esa/items.json"),
    )
    .unwrap();
    let crowd = glossa::simulate::crowd(&spec, &items, 5, 0.7, 11);
    let r = Review::new(spec.clone(), items.clone(), crowd);
    let mut decided = Vec::new();
    let mut offered = 0;
    for it in &items {
        let c = r.candidates(&it.id);
        let outputs: Vec<&str> = it.fields["translations"]
            .as_array()
            .unwrap()
            .iter()
            .map(|o| o["id"].as_str().unwrap())
            .collect();
        for method in ["majority_vote", "dawid_skene"] {
            let answers = &c[method]["answers"];
            // A real tie withholds it: only the preference (asked once, not per output) can tie.
            if answers.is_null() && c[method]["note"] == "a tie on better" {
                continue;
            }
            assert!(answers.is_object(), "{}: {method}: {}", it.id, c[method]);
            offered += 1;
            // Each translation has its spans and its score; the score is one an annotator gave.
            for control in ["errors", "score"] {
                for o in &outputs {
                    assert!(
                        !answers[control][o].is_null(),
                        "{}: {method}: {control} of {o}: {answers}",
                        it.id
                    );
                }
            }
            let given: Vec<&Value> = c["annotators"]
                .as_array()
                .unwrap()
                .iter()
                .map(|a| &a["answers"]["score"][outputs[0]])
                .collect();
            assert!(given.contains(&&answers["score"][outputs[0]]), "{answers}");
        }
        if c["majority_vote"]["answers"].is_object() {
            decided.push((it.id.as_str(), json!({"source": "majority_vote"})));
        }
    }
    assert!(
        offered >= items.len(),
        "offered on {offered} of {} item-methods",
        2 * items.len()
    );
    // Decided by the majority on every item: each decision makes an adjudicated result.
    let (docs, problems) = r.adjudicated("reviewer", &decisions(&decided));
    assert_eq!(problems, Vec::<String>::new());
    assert_eq!(docs.len(), decided.len());
}

#[test]
fn decisions_on_items_that_carry_suggestions_are_adjudicated_like_any_other() {
    let (spec, items) = glossa::mount::study(
        include_str!("../www/examples/en-ner/spec.json"),
        include_str!("../www/examples/en-ner/items.json"),
    )
    .unwrap();
    assert!(
        items.iter().any(|i| i.fields.contains_key("suggestions")),
        "en-ner carries suggestions"
    );
    let crowd = glossa::simulate::crowd(&spec, &items, 5, 0.7, 5);
    let r = Review::new(spec, items.clone(), crowd);
    let mut decided = Vec::new();
    for (k, it) in items.iter().enumerate() {
        let c = r.candidates(&it.id);
        let d = match k % 3 {
            0 => json!({"source": "annotator", "from": c["annotators"][k % 5]["who"]}),
            1 if c["majority_vote"]["answers"].is_object() => json!({"source": "majority_vote"}),
            _ => json!({"source": "edited", "answers": c["annotators"][0]["answers"]}),
        };
        decided.push((it.id.as_str(), d));
    }
    let (docs, problems) = r.adjudicated("reviewer", &decisions(&decided));
    assert_eq!(problems, Vec::<String>::new());
    assert_eq!(docs.len(), items.len());
}
