//! Crowd aggregation of links (`glossa aggregate`): a link is kept when most of an item's
//! annotators linked the same passages with the same type, and only between passages the span
//! control's aggregate keeps; the aggregated results pass the widget's own checks. Results are
//! made as the widget makes them, from the shipped relations example ("Terry Pratchett lives in
//! England.", a model's Person, GPE and Located suggested).
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
    use glossa::answer::{LinkEnd, SpanLink, WordSpan};
    use glossa::form::KindEdit;
    use glossa::kinds::relations::RelationEdit;
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
        let end = |first, last, label: &str| LinkEnd {
            span: WordSpan { first, last },
            label: label.into(),
        };
        let link = RelationEdit::Link(SpanLink {
            kind: "Located".into(),
            from: end(1, 1, "Person"),
            to: end(4, 4, "GPE"),
        });
        apply(
            t,
            &form,
            Action::kind("relations", KindEdit::Relations(link)),
        )
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
