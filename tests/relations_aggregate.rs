//! Links judged against the crowd and against gold: crowd aggregation (`glossa aggregate`)
//! keeps a link when most of an item's annotators linked the same passages with the same type,
//! and only between passages the span control's aggregate keeps (the aggregated results pass
//! the widget's own checks); a gold item's links pass when each is found, its passages'
//! words overlapping the expected ones by the span tolerance, and no other link was made.
//! Results are made as the widget makes them, from the shipped relations example ("Terry
//! Pratchett lives in England.", a model's Person, GPE and Located suggested).
#![cfg(not(target_arch = "wasm32"))]

mod common;

use glossa::analysis::aggregate::as_results;
use glossa::analysis::revalidate::check_result;
use glossa::form::suggestions::fresh;
use glossa::form::{apply, Action, FormState};
use glossa::result::ResultDoc;
use glossa::task::Task;
use serde_json::Value;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn study() -> (glossa::spec::TaskSpec, Vec<glossa::item::Item>) {
    let read =
        |f: &str| std::fs::read_to_string(format!("{ROOT}/www/examples/en-relations/{f}")).unwrap();
    let spec = glossa::mount::load_spec(&read("spec.json")).unwrap();
    let items = glossa::item::parse_items(&read("items.json")).unwrap();
    (spec, items)
}

/// Annotator `who`'s result on "news-060-1": the suggestions shown, then `answer`ing.
fn made(who: &str, answer: impl FnOnce(&Task, FormState) -> FormState) -> ResultDoc {
    let (spec, items) = study();
    let item = items.iter().find(|i| i.id == "news-060-1").unwrap().clone();
    let task = Task::new(spec, item, Some(who));
    let form = answer(&task, fresh(&task, 0));
    let doc = common::submitted(&task, &form, who);
    ResultDoc::read(&task.spec, &doc).unwrap()
}

/// Decides a control's suggested part (`None`: every pending one).
fn decide(t: &Task, f: &FormState, control: &str, part: Option<usize>, accept: bool) -> FormState {
    apply(
        t,
        f,
        Action::Decide {
            control: control.into(),
            part,
            accept,
        },
    )
}

/// Every suggested span accepted, and the suggested link accepted or rejected.
fn result(who: &str, link: bool) -> ResultDoc {
    made(who, |t, f| {
        let f = decide(t, &f, "entities", None, true);
        decide(t, &f, "relations", None, link)
    })
}

/// A link of type `kind` made from the passage `head` to `tail` (`(first, last, label)`).
fn link(
    t: &Task,
    f: &FormState,
    kind: &str,
    head: (usize, usize, &str),
    tail: (usize, usize, &str),
) -> FormState {
    use glossa::answer::{LinkEnd, SpanLink, WordSpan};
    use glossa::form::KindEdit;
    use glossa::kinds::relations::RelationEdit;
    let end = |(first, last, label): (usize, usize, &str)| LinkEnd {
        span: WordSpan { first, last },
        label: label.into(),
    };
    let made = SpanLink::new(kind.into(), end(head), end(tail));
    apply(
        t,
        f,
        Action::kind("relations", KindEdit::Relations(RelationEdit::Link(made))),
    )
}

/// The suggested Person rejected (its link with it), England accepted.
fn no_person(t: &Task, f: FormState) -> FormState {
    let f = decide(t, &f, "entities", Some(0), false);
    let f = decide(t, &f, "entities", None, true);
    decide(t, &f, "relations", None, false)
}

/// The aggregated links of "news-060-1", as `(type, head, tail)` texts, after the aggregate
/// passed the widget's checks.
fn aggregated(results: &[ResultDoc], method: &str) -> Vec<(String, String, String)> {
    let (spec, items) = study();
    let out = as_results(&spec, &items, results, method);
    let [one] = out.as_slice() else {
        panic!("{out:?}")
    };
    let item = items.iter().find(|i| i.id == "news-060-1").unwrap().clone();
    let findings = check_result(&Task::new(spec, item, Some("aggregate")), one);
    assert!(findings.is_empty(), "{method}: {findings:?}\n{one}");
    let links = one["answers"]["relations"]["links"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let text = |v: &Value| v["text"].as_str().unwrap().to_owned();
    links
        .iter()
        .map(|l| {
            (
                l["label"].as_str().unwrap().to_owned(),
                text(&l["head"]),
                text(&l["tail"]),
            )
        })
        .collect()
}

#[test]
fn a_link_most_annotators_made_is_kept_and_one_most_rejected_is_not() {
    let kept = [result("A", true), result("B", true), result("C", false)];
    let located = (
        "Located".to_owned(),
        "Terry Pratchett".to_owned(),
        "England".to_owned(),
    );
    for method in ["majority_vote", "dawid_skene", "mace"] {
        assert_eq!(aggregated(&kept, method), vec![located.clone()], "{method}");
    }
    let dropped = [result("A", true), result("B", false), result("C", false)];
    assert_eq!(aggregated(&dropped, "majority_vote"), vec![]);
}

#[test]
fn a_link_to_a_passage_the_crowd_did_not_keep_is_dropped() {
    // A and B link the passages; C, D and E reject the suggested Person (and so its link):
    // the spans' majority keeps England alone, so no link can stand (and the aggregate has no
    // dangling link).
    let results = [
        result("A", true),
        result("B", true),
        made("C", no_person),
        made("D", no_person),
        made("E", no_person),
    ];
    assert_eq!(aggregated(&results, "majority_vote"), vec![]);
}

#[test]
fn a_link_to_a_passage_the_crowd_merged_into_a_longer_one_is_dropped() {
    // A, B and C mark "Terry" and "Pratchett" as two people and link Pratchett to England;
    // word by word, the spans' aggregate joins the two into "Terry Pratchett": the link
    // to "Pratchett" alone would dangle, and is dropped.
    use glossa::form::KindEdit;
    use glossa::kinds::span_labels::LabelEdit;
    let split = |t: &Task, f: FormState| {
        let mut form = no_person(t, f);
        for word in [0, 1] {
            let select = Action::Select {
                control: "entities".into(),
                anchor: word,
                focus: word,
                complete: true,
            };
            form = apply(t, &form, select);
            let pick = KindEdit::SpanLabels(LabelEdit::Pick("Person".into()));
            form = apply(t, &form, Action::kind("entities", pick));
        }
        link(t, &form, "Located", (1, 1, "Person"), (4, 4, "GPE"))
    };
    let results = [made("A", split), made("B", split), made("C", split)];
    // (Each links "Pratchett" alone.)
    let head = |r: &ResultDoc| {
        r.answers
            .get(&"relations".into())
            .and_then(|v| v.relations())
            .map(|v| v.links[0].head.text.clone())
    };
    assert!(results
        .iter()
        .all(|r| head(r).as_deref() == Some("Pratchett")));
    assert_eq!(aggregated(&results, "majority_vote"), vec![]);
}

#[test]
fn gold_links_pass_within_the_span_tolerance_and_fail_when_missing_or_beside_another() {
    use glossa::study::gold::Gold;
    let (spec, items) = study();
    let gold = |tolerance: f64| {
        let file = serde_json::json!({
            "items": [{"item_id": "news-060-1", "kind": "gold", "answers": {"relations": {"links": [
                {"label": "Located", "head": {"label": "Person", "words": [0, 1]}, "tail": {"label": "GPE", "words": [4, 4]}}
            ]}}}],
            "span_overlap": tolerance
        });
        Gold::load(&file.to_string(), &spec, &items).unwrap()
    };
    // The suggested link accepted: the same passages.
    let same = result("A", true);
    // "Pratchett" alone linked to England: half the words of "Terry Pratchett".
    let shorter = made("B", |t, f| {
        use glossa::form::KindEdit;
        use glossa::kinds::span_labels::LabelEdit;
        let mut form = no_person(t, f);
        let select = Action::Select {
            control: "entities".into(),
            anchor: 1,
            focus: 1,
            complete: true,
        };
        form = apply(t, &form, select);
        form = apply(
            t,
            &form,
            Action::kind(
                "entities",
                KindEdit::SpanLabels(LabelEdit::Pick("Person".into())),
            ),
        );
        link(t, &form, "Located", (1, 1, "Person"), (4, 4, "GPE"))
    });
    let none = result("C", false);
    // The link, and Employment between the same passages beside it.
    let beside = made("D", |t, f| {
        let f = decide(t, &f, "entities", None, true);
        let f = decide(t, &f, "relations", None, true);
        link(t, &f, "Employment", (0, 1, "Person"), (4, 4, "GPE"))
    });
    let linked = |r: &ResultDoc| {
        r.answers
            .get(&"relations".into())
            .and_then(|v| v.relations())
            .map_or(0, |v| v.links.len())
    };
    assert_eq!(linked(&beside), 2);
    assert_eq!(
        gold(0.5).passes(&beside),
        Some(false),
        "another link beside the expected one"
    );
    assert_eq!(gold(0.5).passes(&same), Some(true));
    assert_eq!(gold(1.0).passes(&same), Some(true));
    assert_eq!(
        gold(0.5).passes(&shorter),
        Some(true),
        "half the words, at a tolerance of 0.5"
    );
    assert_eq!(
        gold(0.6).passes(&shorter),
        Some(false),
        "half the words, at 0.6"
    );
    assert_eq!(gold(0.5).missed(&none), Some(vec!["relations".to_owned()]));
    // A gold file naming a type the control lacks, or a passage without words, is refused by
    // path.
    let bad = serde_json::json!({"items": [{"item_id": "news-060-1", "kind": "gold", "answers": {"relations": {"links": [
        {"label": "Lives", "head": {"label": "Person", "words": [0, 1]}, "tail": {"label": "GPE", "words": [4, 4]}},
        {"label": "Located", "head": {"label": "Person", "text": "Terry"}, "tail": {"label": "GPE", "words": [4, 4]}}
    ]}}}]});
    let problems: Vec<String> = Gold::load(&bad.to_string(), &spec, &items)
        .unwrap_err()
        .iter()
        .map(|p| p.path.clone())
        .collect();
    assert_eq!(
        problems,
        [
            "items[0].answers.relations.links[0].label",
            "items[0].answers.relations.links[1].head"
        ]
    );
}

#[test]
fn the_review_page_shows_each_annotator_s_links_and_takes_the_majority_s_or_the_reviewer_s() {
    use glossa::analysis::review::{Decision, Review};
    let (spec, items) = study();
    let task = Task::new(
        spec.clone(),
        items.iter().find(|i| i.id == "news-060-1").unwrap().clone(),
        None,
    );
    // Two annotators linked Terry Pratchett to England; one did not.
    let results = vec![result("A", true), result("B", true), result("C", false)];
    let review = Review::new(spec, items, results);
    let html = review.view("news-060-1");
    // The link is a row of the relations control, tallied: two of three made it.
    assert!(
        html.contains("<h3>Relations <code>relations</code>"),
        "{html}"
    );
    assert!(html.contains("Terry Pratchett→England"), "{html}");
    assert!(html.contains("≠ answers differ"), "{html}");
    let candidates = review.candidates("news-060-1");
    let majority = &candidates["majority_vote"]["answers"]["relations"]["links"];
    assert_eq!(majority.as_array().map(Vec::len), Some(1), "{candidates}");
    assert_eq!(majority[0]["label"], "Located");
    // Taken, and a reviewer's own answer without the link: both pass the widget's checks.
    let mut own = candidates["majority_vote"]["answers"].clone();
    own["relations"]["links"] = serde_json::json!([]);
    for d in [
        Decision {
            source: "majority_vote".into(),
            from: String::new(),
            answers: None,
            reason: String::new(),
            at: String::new(),
        },
        Decision {
            source: "edited".into(),
            from: String::new(),
            answers: Some(own),
            reason: "Not said in the text.".into(),
            at: String::new(),
        },
    ] {
        let source = d.source.clone();
        let decisions = [("news-060-1".to_owned(), d)].into_iter().collect();
        let (out, problems) = review.adjudicated("maria", &decisions);
        assert_eq!(problems, Vec::<String>::new(), "{source}");
        let doc: Value = serde_json::to_value(&out[0]).unwrap();
        assert_eq!(check_result(&task, &doc), vec![], "{source}: {doc}");
        let links = doc["answers"]["relations"]["links"]
            .as_array()
            .unwrap()
            .len();
        assert_eq!(links, usize::from(source == "majority_vote"), "{source}");
    }
}
