//! Labelled spans, natively: labelling a selection and marking with a brush, the overlap
//! rules, "nothing to mark" as an answer, the rules per span and attribute, results with
//! offsets read back and re-validated, drafts restored, gold per label, and agreement per
//! label with span F1.
#![cfg(not(target_arch = "wasm32"))]

use glossa::answer::{Answer, AnswerValue, LabelSet, WordSpan};
use glossa::form::{apply, Action, FormState, KindEdit};
use glossa::item;
use glossa::kinds::span_labels::LabelEdit;
use glossa::result::{build, Environment};
use glossa::support::ids::ControlId;
use glossa::support::sorted_map::SortedMap;
use glossa::task::Task;
use glossa::validate::{self, ProblemCode};

fn example(dir: &str, n: usize) -> Task {
    let root = env!("CARGO_MANIFEST_DIR");
    let read = |f: &str| std::fs::read_to_string(format!("{root}/www/examples/{dir}/{f}")).unwrap();
    let spec = glossa::mount::load_spec(&read("spec.json")).expect("spec");
    let items = item::parse_items(&read("items.json")).expect("items");
    Task::new(spec, items[n].clone(), None)
}

/// The only labelled-span control of the task.
fn id(t: &Task) -> ControlId {
    t.spec.controls[0].id().clone()
}

fn edit(t: &Task, f: &FormState, edit: LabelEdit) -> FormState {
    apply(t, f, Action::kind(id(t), KindEdit::SpanLabels(edit)))
}

fn select(t: &Task, f: &FormState, first: usize, last: usize) -> FormState {
    apply(
        t,
        f,
        Action::Select {
            control: id(t),
            anchor: first,
            focus: last,
            complete: true,
        },
    )
}

fn tap(t: &Task, f: &FormState, word: usize) -> FormState {
    apply(
        t,
        f,
        Action::TapWord {
            control: id(t),
            word,
        },
    )
}

fn set(t: &Task, f: &FormState) -> LabelSet {
    match f.answers.get(&id(t)) {
        Some(Answer::Labels(s)) => s.clone(),
        _ => LabelSet::default(),
    }
}

fn spans(t: &Task, f: &FormState) -> Vec<(usize, usize, String)> {
    set(t, f)
        .spans
        .iter()
        .map(|s| (s.span.first, s.span.last, s.label.to_string()))
        .collect()
}

fn codes(t: &Task, f: &FormState) -> Vec<ProblemCode> {
    validate::validate(t, &f.answers)
        .problems
        .iter()
        .map(|p| p.code)
        .collect()
}

fn pick(label: &str) -> LabelEdit {
    LabelEdit::Pick(label.into())
}

#[test]
fn a_selection_then_a_label_or_a_label_then_passages() {
    // tox-003: "Leute wie du gehören weggesperrt , und wenn ich dich treffe , bist du dran ."
    let t = example("de-toxic", 2);
    let f = FormState::new(0);
    // Selection first: two taps, then the label.
    let f = tap(&t, &tap(&t, &f, 3), 4);
    let f = edit(&t, &f, pick("beleidigung"));
    assert_eq!(spans(&t, &f), [(3, 4, "beleidigung".into())]);
    assert!(f.selection.is_none(), "the selection is used up");
    // Label first: the brush stays for every passage until it is put down.
    let f = edit(&t, &f, pick("drohung"));
    assert_eq!(
        set(&t, &f).brush.as_ref().map(|b| b.as_str()),
        Some("drohung")
    );
    let f = tap(&t, &tap(&t, &f, 7), 10);
    let f = tap(&t, &tap(&t, &f, 12), 14);
    assert_eq!(
        spans(&t, &f),
        [
            (3, 4, "beleidigung".into()),
            (7, 10, "drohung".into()),
            (12, 14, "drohung".into())
        ]
    );
    let f = edit(&t, &f, pick("drohung"));
    assert_eq!(
        set(&t, &f).brush,
        None,
        "picking the brush again puts it down"
    );
    let f = tap(&t, &tap(&t, &f, 0), 0);
    assert_eq!(
        spans(&t, &f).len(),
        3,
        "without a brush a selection waits for its label"
    );
    assert!(f.selection.is_some());
    // Unknown labels change nothing.
    assert_eq!(edit(&t, &f, pick("spam")), f);
    assert_eq!(codes(&t, &f), vec![]);
}

#[test]
fn overlap_rules_replace_what_may_not_stand() {
    // none (toxic): marking over a span replaces it.
    let t = example("de-toxic", 2);
    let f = edit(
        &t,
        &select(&t, &FormState::new(0), 3, 4),
        pick("beleidigung"),
    );
    let f = edit(&t, &select(&t, &f, 4, 6), pick("sonstiges"));
    assert_eq!(spans(&t, &f), [(4, 6, "sonstiges".into())]);
    // The same passage with the same label is kept once.
    let f = edit(&t, &select(&t, &f, 4, 6), pick("sonstiges"));
    assert_eq!(spans(&t, &f).len(), 1);
    // allowed (MQM): spans overlap freely.
    let t = example("en-de-mqm", 2);
    let f = edit(&t, &select(&t, &FormState::new(0), 1, 3), pick("accuracy"));
    let f = edit(&t, &select(&t, &f, 3, 5), pick("fluency"));
    let f = edit(&t, &select(&t, &f, 1, 3), pick("style"));
    assert_eq!(spans(&t, &f).len(), 3);
}

#[test]
fn nested_spans_stand_inside_each_other_but_never_across() {
    let mut t = example("en-ner", 1);
    let glossa::spec::Control::SpanLabels(c) = &mut t.spec.controls[0] else {
        panic!()
    };
    c.overlap = glossa::spec::SpanOverlap::Nested;
    let f = edit(&t, &select(&t, &FormState::new(0), 1, 2), pick("ORG"));
    let f = edit(&t, &select(&t, &f, 2, 2), pick("LOC"));
    assert_eq!(spans(&t, &f).len(), 2, "inside");
    let f = edit(&t, &select(&t, &f, 2, 4), pick("MISC"));
    assert_eq!(spans(&t, &f), [(2, 2, "LOC".into()), (2, 4, "MISC".into())]);
    assert!(
        !spans(&t, &f).iter().any(|s| s.2 == "ORG"),
        "ORG 1-2 crossed 2-4: replaced"
    );
    // A hand-made answer that crosses is refused by the rule.
    let mut bad = f.clone();
    if let Some(Answer::Labels(s)) = bad.answers.get_mut(&id(&t)) {
        s.spans.push(glossa::answer::LabelledSpan {
            span: WordSpan { first: 0, last: 2 },
            label: "PER".into(),
            attrs: Default::default(),
        });
    }
    assert!(codes(&t, &bad).contains(&ProblemCode::SpansOverlap));
}

#[test]
fn nothing_to_mark_is_an_answer_and_an_empty_one_is_refused() {
    let t = example("de-toxic", 1);
    let empty = FormState::new(0);
    assert_eq!(codes(&t, &empty), vec![ProblemCode::NothingUnconfirmed]);
    let f = edit(&t, &empty, LabelEdit::Nothing(true));
    assert_eq!(codes(&t, &f), vec![]);
    let doc = build(&t, &f, &Environment::default(), &SortedMap::new(), 1).expect("valid");
    let json = serde_json::to_value(&doc).unwrap();
    assert_eq!(
        json["answers"]["toxisch"],
        serde_json::json!({"spans": [], "nothing_to_mark": true})
    );
    // Marking a passage unticks it; ticking it removes every span.
    let f = edit(&t, &select(&t, &f, 0, 0), pick("sonstiges"));
    assert!(!set(&t, &f).nothing);
    let f = edit(&t, &f, LabelEdit::Nothing(true));
    assert!(spans(&t, &f).is_empty() && set(&t, &f).nothing);
}

#[test]
fn each_span_needs_its_attributes_and_results_carry_them() {
    // wmt-003: "Die Bank am Fluss erhöhte die Zinsen um einen halben Prozent ."
    let t = example("en-de-mqm", 2);
    let f = edit(&t, &select(&t, &FormState::new(0), 2, 3), pick("accuracy"));
    assert_eq!(
        codes(&t, &f),
        vec![ProblemCode::Required],
        "severity is required"
    );
    let f = edit(
        &t,
        &f,
        LabelEdit::Attribute {
            span: 0,
            attr: "severity".into(),
            value: Some("major".into()),
        },
    );
    let f = edit(
        &t,
        &f,
        LabelEdit::Attribute {
            span: 0,
            attr: "severity".into(),
            value: Some("huge".into()),
        },
    );
    assert_eq!(
        set(&t, &f).spans[0]
            .attrs
            .get("severity")
            .map(String::as_str),
        Some("major"),
        "unknown values are not taken"
    );
    let f = edit(
        &t,
        &f,
        LabelEdit::Attribute {
            span: 0,
            attr: "note".into(),
            value: Some("river bank".into()),
        },
    );
    let f = edit(&t, &select(&t, &f, 9, 10), pick("fluency"));
    let f = edit(
        &t,
        &f,
        LabelEdit::Attribute {
            span: 1,
            attr: "severity".into(),
            value: Some("minor".into()),
        },
    );
    let f = edit(
        &t,
        &f,
        LabelEdit::Relabel {
            span: 1,
            label: "terminology".into(),
        },
    );
    assert_eq!(codes(&t, &f), vec![]);
    let doc = build(&t, &f, &Environment::default(), &SortedMap::new(), 1).expect("valid");
    let json = serde_json::to_value(&doc).unwrap();
    let target = t.item.text("target").unwrap();
    let got = &json["answers"]["errors"]["spans"];
    assert_eq!(got[0]["label"], "accuracy");
    assert_eq!(got[0]["text"], "am Fluss");
    assert_eq!(
        got[0]["attributes"],
        serde_json::json!({"severity": "major", "note": "river bank"})
    );
    assert_eq!(got[1]["label"], "terminology");
    for s in got.as_array().unwrap() {
        let (a, b) = (
            s["start"].as_u64().unwrap() as usize,
            s["end"].as_u64().unwrap() as usize,
        );
        let sliced: String = target.chars().skip(a).take(b - a).collect();
        assert_eq!(
            sliced,
            s["text"].as_str().unwrap(),
            "code-point offsets slice the text"
        );
    }
    // Read back into the same types, re-validated, and a tampered label named.
    let back = glossa::result::ResultDoc::read(&t.spec, &json).expect("reads back");
    assert!(
        matches!(back.answers.get(&ControlId::from("errors")), Some(AnswerValue::SpanLabels(v)) if v.spans.len() == 2)
    );
    assert!(glossa::analysis::revalidate::check_result(&t, &json).is_empty());
    // The tidy table: a row per span, the label as its value, the attributes as its part.
    let rows = glossa::analysis::tidy::rows(&t.spec, &[back.clone()]);
    let cells: Vec<[&str; 4]> = rows
        .iter()
        .map(|r| {
            [
                r.cells[3].as_str(),
                r.cells[4].as_str(),
                r.cells[5].as_str(),
                r.cells[7].as_str(),
            ]
        })
        .collect();
    assert_eq!(
        cells[0],
        [
            "note=river bank;severity=major",
            "accuracy",
            got[0]["start"].to_string().as_str(),
            "am Fluss"
        ]
    );
    assert_eq!(cells[1][1], "terminology");
    let mut bad = json.clone();
    bad["answers"]["errors"]["spans"][0]["label"] = "grammar".into();
    assert!(!glossa::analysis::revalidate::check_result(&t, &bad).is_empty());
}

#[test]
fn drafts_restore_spans_attributes_nothing_and_the_brush() {
    let t = example("en-de-mqm", 2);
    let f = edit(&t, &select(&t, &FormState::new(0), 2, 3), pick("accuracy"));
    let f = edit(
        &t,
        &f,
        LabelEdit::Attribute {
            span: 0,
            attr: "severity".into(),
            value: Some("critical".into()),
        },
    );
    let f = edit(&t, &f, pick("style"));
    let draft = glossa::form::draft::Draft::of(&t, &f, 0);
    let text = serde_json::to_string(&draft).unwrap();
    // Read as the browser reads it (the crate's one deserialiser over a JSON value).
    let value: serde_json::Value = serde_json::from_str(&text).unwrap();
    let back: glossa::form::draft::Draft =
        glossa::spec::from_value(&value).expect("the draft reads");
    let restored = back.restore(&t, 0).expect("restores");
    assert_eq!(restored.answers, f.answers);
}

#[test]
fn a_simulated_annotator_gives_valid_answers() {
    for (dir, n) in [("de-toxic", 6), ("en-ner", 5), ("en-de-mqm", 5)] {
        for seed in 0..24 {
            let t = example(dir, seed as usize % n);
            let (_, form) = glossa::simulate::annotate(&t, seed, 0).expect("valid");
            assert_eq!(codes(&t, &form), vec![], "{dir} seed {seed}");
        }
    }
}

#[test]
fn a_draft_as_the_browser_saved_it_restores() {
    let t = example("en-de-mqm", 2);
    let text = r#"{"format":"glossa.draft/1","spec_id":"mqm-en-de","spec_version":"1.0.0","item_id":"wmt-003","answers":{"errors":{"labels":{"spans":[{"span":{"first":1,"last":1},"label":"style","attrs":{}}],"nothing":false}}},"touched":[],"started_ms":1795571287968,"active_ms":254}"#;
    let value: serde_json::Value = serde_json::from_str(text).unwrap();
    let draft: glossa::form::draft::Draft = glossa::spec::from_value(&value).expect("reads");
    let f = draft.restore(&t, 1795571297968).expect("restores");
    assert_eq!(spans(&t, &f), [(1, 1, "style".into())]);
}

#[test]
fn gold_is_scored_per_label_by_word_overlap_and_a_bad_entry_is_named() {
    use glossa::study::gold::Gold;
    let t = example("en-ner", 0); // "Peter Blackburn reports from Brussels for the European Commission ."
    let root = env!("CARGO_MANIFEST_DIR");
    let items = item::parse_items(
        &std::fs::read_to_string(format!("{root}/www/examples/en-ner/items.json")).unwrap(),
    )
    .unwrap();
    let gold = r#"{"items": [{"item_id": "conll-001", "answers": {"entities": {"spans": [
        {"label": "PER", "text": "Peter Blackburn"}, {"label": "LOC", "text": "Brussels"},
        {"label": "ORG", "words": [7, 8]}]}}},
      {"item_id": "conll-004", "answers": {"entities": {"spans": []}}}], "span_overlap": 0.6}"#;
    let gold = Gold::load(gold, &t.spec, &items).expect("the gold file reads");
    let result = |t: &Task, f: &FormState| {
        // (The tagger's suggestion, where the item has one, is accepted as it stands.)
        let accept = glossa::form::Action::Decide {
            control: "entities".into(),
            part: None,
            accept: true,
        };
        let f = &glossa::form::apply(t, f, accept);
        let doc = build(t, f, &Environment::default(), &SortedMap::new(), 1).expect("valid");
        glossa::result::ResultDoc::read(&t.spec, &serde_json::to_value(&doc).unwrap()).unwrap()
    };
    let label = |f: &FormState, a, b, l| edit(&t, &select(&t, f, a, b), pick(l));
    let all = label(
        &label(&label(&FormState::new(0), 0, 1, "PER"), 4, 4, "LOC"),
        7,
        8,
        "ORG",
    );
    assert_eq!(gold.passes(&result(&t, &all)), Some(true));
    // "Commission" alone for ORG: 1 of 2 words (Jaccard 0.5, under the file's 0.6).
    let short = label(
        &label(&label(&FormState::new(0), 0, 1, "PER"), 4, 4, "LOC"),
        8,
        8,
        "ORG",
    );
    assert_eq!(gold.passes(&result(&t, &short)), Some(false));
    // The right words under another label fail; a label the gold lacks fails.
    let wrong = label(
        &label(&label(&FormState::new(0), 0, 1, "PER"), 4, 4, "ORG"),
        7,
        8,
        "ORG",
    );
    assert_eq!(gold.passes(&result(&t, &wrong)), Some(false));
    // Nothing to mark is the gold answer of conll-004.
    let t4 = example("en-ner", 3);
    let nothing = edit(&t4, &FormState::new(0), LabelEdit::Nothing(true));
    assert_eq!(gold.passes(&result(&t4, &nothing)), Some(true));
    let marked = edit(&t4, &select(&t4, &FormState::new(0), 0, 0), pick("MISC"));
    assert_eq!(gold.passes(&result(&t4, &marked)), Some(false));
    // A label the control lacks and a text the item lacks are named by their field.
    let bad = r#"{"items": [{"item_id": "conll-001", "answers": {"entities": {"spans": [
        {"label": "PERSON", "text": "Peter"}, {"label": "LOC", "text": "Paris"}]}}}]}"#;
    let problems: Vec<String> = Gold::load(bad, &t.spec, &items)
        .unwrap_err()
        .iter()
        .map(ToString::to_string)
        .collect();
    assert!(
        problems[0].contains("spans[0].label") && problems[0].contains("PERSON"),
        "{problems:?}"
    );
    assert!(
        problems[1].contains("spans[1]") && problems[1].contains("Paris"),
        "{problems:?}"
    );
}
