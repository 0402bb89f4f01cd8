//! A passage deleted takes its links with it, and the annotator can undo it: the form keeps
//! what went (the passage in its place, its links) until the links change otherwise.
#![cfg(not(target_arch = "wasm32"))]

use glossa::form::suggestions::fresh;
use glossa::form::{apply, Action, FormState, KindEdit};
use glossa::kinds::relations::RelationEdit;
use glossa::kinds::span_labels::LabelEdit;
use glossa::task::Task;

/// "Terry Pratchett lives in England." with the model's Person, GPE and Located accepted.
fn linked() -> (Task, FormState) {
    let read = |f: &str| {
        std::fs::read_to_string(format!(
            "{}/www/examples/en-relations/{f}",
            env!("CARGO_MANIFEST_DIR")
        ))
        .unwrap()
    };
    let spec = glossa::mount::load_spec(&read("spec.json")).unwrap();
    let items = glossa::item::parse_items(&read("items.json")).unwrap();
    let item = items.into_iter().find(|i| i.id == "news-060-1").unwrap();
    let task = Task::new(spec, item, Some("P-1"));
    let mut form = fresh(&task, 0);
    for control in ["entities", "relations"] {
        form = apply(
            &task,
            &form,
            Action::Decide {
                control: control.into(),
                part: None,
                accept: true,
            },
        );
    }
    (task, form)
}

fn spans(f: &FormState) -> usize {
    let v = serde_json::to_value(f.answers.get(&"entities".into())).unwrap();
    v["labels"]["spans"].as_array().map_or(0, Vec::len)
}

fn links(f: &FormState) -> usize {
    let v = serde_json::to_value(f.answers.get(&"relations".into())).unwrap();
    v["links"]["links"].as_array().map_or(0, Vec::len)
}

#[test]
fn a_passage_deleted_with_its_link_comes_back_with_it_on_undo() {
    let (t, f) = linked();
    assert_eq!((spans(&f), links(&f)), (2, 1), "{:?}", f.answers);
    let before = f.answers.clone();
    // "Terry Pratchett" deleted: its link goes, and the form offers both back.
    let f = apply(
        &t,
        &f,
        Action::kind("entities", KindEdit::SpanLabels(LabelEdit::Remove(0))),
    );
    assert_eq!((spans(&f), links(&f)), (1, 0));
    let notice = f.links_notice.clone().expect("a notice");
    assert_eq!((notice.removed.len(), notice.links.len()), (1, 1));
    let undone = apply(
        &t,
        &f,
        Action::kind("relations", KindEdit::Relations(RelationEdit::Undo)),
    );
    assert_eq!(
        undone.answers, before,
        "the passage in its place and its link"
    );
    assert!(undone.links_notice.is_none());
    // Any other change to the links (one deleted) drops the offer: undo then does nothing.
    let f = apply(
        &t,
        &f,
        Action::kind("relations", KindEdit::Relations(RelationEdit::Unlink(0))),
    );
    assert!(f.links_notice.is_none());
    let f2 = apply(
        &t,
        &f,
        Action::kind("relations", KindEdit::Relations(RelationEdit::Undo)),
    );
    assert_eq!(f2.answers, f.answers);
    // "Nothing to mark" ticked takes every passage and link; undo brings them back.
    let (t, f) = linked();
    let f = apply(
        &t,
        &f,
        Action::kind("entities", KindEdit::SpanLabels(LabelEdit::Nothing(true))),
    );
    assert_eq!((spans(&f), links(&f)), (0, 0));
    let undone = apply(
        &t,
        &f,
        Action::kind("relations", KindEdit::Relations(RelationEdit::Undo)),
    );
    assert_eq!((spans(&undone), links(&undone)), (2, 1));
}
