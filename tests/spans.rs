//! Span annotation (family 4), natively: tokens and offsets over arbitrary Unicode, the span
//! rules, and results whose offsets slice the text back (as Python's `str` would).
#![cfg(not(target_arch = "wasm32"))]

mod common;

use glossa::answer::{AnswerValue, SpanAttrValue};
use glossa::form::{apply, Action, FormState, KindEdit};
use glossa::item::{self, Item};
use glossa::kinds::span_attributes::SpanEdit;
use glossa::result::{build, Environment};
use glossa::spec::TaskSpec;
use glossa::support::ids::ControlId;
use glossa::support::sorted_map::SortedMap;
use glossa::task::Task;
use glossa::text::{TokenKind, Tokens};
use glossa::validate::ProblemCode;
use proptest::prelude::*;

fn example(n: usize) -> Task {
    let spec = glossa::mount::load_spec(include_str!("../www/examples/cs-propaganda/spec.json"))
        .expect("spec");
    let items =
        item::parse_items(include_str!("../www/examples/cs-propaganda/items.json")).expect("items");
    assert_eq!(item::check_items(&spec, &items), vec![]);
    Task::new(spec, items[n].clone(), None)
}

fn slice_chars(text: &str, start: usize, end: usize) -> String {
    text.chars().skip(start).take(end - start).collect()
}

fn utf16_slice(text: &str, start: usize, end: usize) -> String {
    let units: Vec<u16> = text.encode_utf16().collect();
    String::from_utf16(&units[start..end]).unwrap()
}

fn unicode_text() -> impl Strategy<Value = String> {
    let pieces = prop_oneof![
        Just("Žluťoučký".to_owned()),
        Just("kůň".to_owned()),
        Just("źdźbło".to_owned()),
        Just(" ".to_owned()),
        Just("\r\n".to_owned()),
        Just("\n\n".to_owned()),
        Just(", ".to_owned()),
        Just("🐴".to_owned()),
        Just("👩‍👩‍👧".to_owned()),
        Just("e\u{301}".to_owned()),
        Just("🇨🇿".to_owned()),
        Just("„uvozovky“".to_owned()),
        "\\PC{0,6}",
    ];
    proptest::collection::vec(pieces, 0..30).prop_map(|v| v.concat())
}

proptest! {
    /// Every token's code-point, UTF-16 and byte ranges slice back to the same text, the tokens
    /// cover the text exactly, and word indices count the non-space tokens.
    #[test]
    fn token_offsets_round_trip(text in unicode_text()) {
        let tokens = Tokens::new(&text);
        let mut expect_byte = 0;
        for t in &tokens.all {
            prop_assert_eq!(t.bytes.0, expect_byte);
            expect_byte = t.bytes.1;
            let piece = &text[t.bytes.0..t.bytes.1];
            prop_assert_eq!(slice_chars(&text, t.chars.0, t.chars.1), piece);
            prop_assert_eq!(utf16_slice(&text, t.utf16.0, t.utf16.1), piece);
        }
        prop_assert_eq!(expect_byte, text.len());
        let words = tokens.all.iter().filter(|t| t.kind != TokenKind::Space).count();
        prop_assert_eq!(tokens.word_count(), words);
    }
}

fn select(task: &Task, form: &FormState, first: usize, last: usize) -> FormState {
    let action = Action::Select {
        control: ControlId::from("techniky"),
        anchor: first,
        focus: last,
        complete: true,
    };
    apply(task, form, action)
}

fn assign(task: &Task, form: &FormState, attr: &str, entry: Option<usize>) -> FormState {
    apply(
        task,
        form,
        Action::kind(
            ControlId::from("techniky"),
            KindEdit::SpanAttributes(SpanEdit::Assign {
                attr: attr.into(),
                entry: entry,
            }),
        ),
    )
}

fn value(task: &Task, form: &FormState, attr: &str, entry: usize, v: &str) -> FormState {
    let action = Action::kind(
        ControlId::from("techniky"),
        KindEdit::SpanAttributes(SpanEdit::Value {
            attr: attr.into(),
            entry: entry,
            value: Some(v.into()),
        }),
    );
    apply(task, form, action)
}

/// Fills every attribute except Vina (and Politik, which is repeatable) with a value that
/// needs no span, and every document attribute.
fn fill_rest(task: &Task, form: FormState) -> FormState {
    common::propaganda_plain_answers(&["vina"])
        .into_iter()
        .fold(form, |f, a| apply(task, &f, a))
}

fn word_index(task: &Task, word: &str) -> usize {
    let text = task.item.text("article").unwrap();
    let tokens = task.tokens("article").unwrap();
    (0..tokens.word_count())
        .find(|&i| {
            let t = tokens.word(i).unwrap();
            &text[t.bytes.0..t.bytes.1] == word
        })
        .unwrap_or_else(|| panic!("no word {word}"))
}

#[test]
fn a_value_is_required_and_vina_ano_needs_a_span() {
    let task = example(0);
    let form = fill_rest(&task, FormState::new(0));
    let form = value(&task, &form, "vina", 0, "ano");
    let report = form.report(&task);
    let got: Vec<(&str, ProblemCode)> = report
        .problems
        .iter()
        .map(|p| (p.path.as_str(), p.code))
        .collect();
    assert_eq!(got, vec![("techniky.vina", ProblemCode::SpanMissing)]);
    let empty = FormState::new(0).report(&task);
    assert!(empty
        .problems
        .iter()
        .any(|p| p.path == "techniky.misto" && p.code == ProblemCode::Required));
    assert!(empty
        .problems
        .iter()
        .any(|p| p.path == "tema" && p.code == ProblemCode::Required));
    assert!(
        !empty.problems.iter().any(|p| p.path == "poznamka"),
        "the note is optional"
    );
}

#[test]
fn spans_carry_text_and_offsets_that_slice_back() {
    let task = example(0);
    let text = task.item.text("article").unwrap().to_owned();
    let mut form = fill_rest(&task, FormState::new(0));
    form = value(&task, &form, "vina", 0, "ano");
    let (first, last) = (
        word_index(&task, "Nenasytní"),
        word_index(&task, "eurokraté"),
    );
    form = select(&task, &form, last, first); // picked backwards: still first..last
    form = assign(&task, &form, "vina", None);
    assert_eq!(form.selection, None, "assigning uses up the selection");
    let fiala = word_index(&task, "Fiala");
    form = select(&task, &form, fiala - 1, fiala);
    form = assign(&task, &form, "politik", None);
    form = value(&task, &form, "politik", 0, "neutralni");
    let okamura = word_index(&task, "Okamura");
    form = select(&task, &form, okamura - 1, okamura + 2); // "Tomio Okamura mu však"
    form = assign(&task, &form, "politik", None);
    form = value(&task, &form, "politik", 1, "pozitivni");
    let doc = build(&task, &form, &Environment::default(), &SortedMap::new(), 1).expect("valid");
    let AnswerValue::SpanAttributes(spans) = &doc.answers[&ControlId::from("techniky")] else {
        panic!()
    };
    let SpanAttrValue::One(vina) = &spans["vina"] else {
        panic!()
    };
    assert_eq!(vina.spans[0].text, "Nenasytní eurokraté");
    assert_eq!(
        slice_chars(&text, vina.spans[0].start, vina.spans[0].end),
        "Nenasytní eurokraté"
    );
    assert_eq!(
        utf16_slice(&text, vina.spans[0].start_utf16, vina.spans[0].end_utf16),
        "Nenasytní eurokraté"
    );
    let SpanAttrValue::Many(politicians) = &spans["politik"] else {
        panic!()
    };
    assert_eq!(politicians.len(), 2);
    assert_eq!(politicians[0].spans[0].text, "Petr Fiala");
    assert_eq!(politicians[1].spans[0].text, "Tomio Okamura mu však");
    assert_eq!(politicians[1].value, "pozitivni");
    // After the emoji and the ZWJ family, code points and UTF-16 differ: both still slice back.
    let rodiny = word_index(&task, "Rodiny");
    let form = select(&task, &form, rodiny - 1, rodiny);
    let form = assign(&task, &form, "strach", None);
    let form = value(&task, &form, "strach", 0, "ano");
    let doc = build(&task, &form, &Environment::default(), &SortedMap::new(), 1).expect("valid");
    let AnswerValue::SpanAttributes(spans) = &doc.answers[&ControlId::from("techniky")] else {
        panic!()
    };
    let SpanAttrValue::One(strach) = &spans["strach"] else {
        panic!()
    };
    let s = &strach.spans[0];
    assert_eq!(s.text, "👩‍👩‍👧 Rodiny");
    assert_ne!(s.start, s.start_utf16);
    assert_eq!(slice_chars(&text, s.start, s.end), s.text);
    assert_eq!(utf16_slice(&text, s.start_utf16, s.end_utf16), s.text);
}

#[test]
fn selections_outside_the_text_and_values_off_the_list_are_ignored() {
    let task = example(1);
    let words = task.tokens("article").unwrap().word_count();
    let form = select(&task, &FormState::new(0), 0, words);
    assert_eq!(form.selection, None);
    let form = value(&task, &form, "vina", 0, "snad");
    assert!(form.answers.is_empty());
    let form = assign(&task, &form, "vina", None);
    assert!(
        form.answers.is_empty(),
        "nothing selected: nothing assigned"
    );
}

#[test]
fn removing_spans_and_entries() {
    let task = example(0);
    let mut form = select(&task, &FormState::new(0), 3, 4);
    form = assign(&task, &form, "politik", None);
    form = select(&task, &form, 8, 8);
    form = assign(&task, &form, "politik", Some(0));
    let control = ControlId::from("techniky");
    form = apply(
        &task,
        &form,
        Action::kind(
            control.clone(),
            KindEdit::SpanAttributes(SpanEdit::RemoveSpan {
                attr: "politik".into(),
                entry: 0,
                index: 0,
            }),
        ),
    );
    let report = form.report(&task);
    assert!(report
        .problems
        .iter()
        .any(|p| p.path == "techniky.politik[0]" && p.code == ProblemCode::Required));
    form = apply(
        &task,
        &form,
        Action::kind(
            control,
            KindEdit::SpanAttributes(SpanEdit::RemoveEntry {
                attr: "politik".into(),
                entry: 0,
            }),
        ),
    );
    assert!(!form
        .report(&task)
        .problems
        .iter()
        .any(|p| p.path.starts_with("techniky.politik")));
}

#[test]
fn crlf_text_keeps_offsets_exact() {
    let json = include_str!("../www/examples/cs-propaganda/spec.json");
    let spec: TaskSpec = glossa::mount::load_spec(json).unwrap();
    let item: Item = serde_json::from_value(serde_json::json!({
        "id": "crlf", "title": "t", "article": "První řádek.\r\nDruhý řádek s e\u{301}mojí 🐴.\r\n"
    }))
    .unwrap();
    let task = Task::new(spec, item, None);
    let text = task.item.text("article").unwrap();
    let tokens = task.tokens("article").unwrap();
    let horse = (0..tokens.word_count())
        .map(|i| tokens.word(i).unwrap())
        .find(|t| &text[t.bytes.0..t.bytes.1] == "🐴")
        .unwrap();
    assert_eq!(slice_chars(text, horse.chars.0, horse.chars.1), "🐴");
}

/// The report's "items that disagree most" counts span attributes: two annotators who give the
/// same values but mark other words disagree; the same answer twice does not.
#[test]
fn disagreement_counts_the_words_annotators_mark() {
    let task = example(0);
    let (_, form) = glossa::simulate::annotate(&task, 7, 0).expect("a simulated annotator");
    let doc = build(&task, &form, &Environment::default(), &SortedMap::new(), 1).expect("valid");
    let same = glossa::analysis::report::disagreement(&task.spec, &[doc.clone(), doc.clone()]);
    assert_eq!(same[0].1, 0.0, "{same:?}");
    // The second annotator marks the first span one word further on.
    let mut other = doc.clone();
    let control = ControlId::from("techniky");
    let Some(AnswerValue::SpanAttributes(map)) = other.answers.get_mut(&control) else {
        panic!("no span attributes");
    };
    let span = map
        .iter_mut()
        .find_map(|(_, v)| match v {
            SpanAttrValue::One(e) => e.spans.first_mut(),
            SpanAttrValue::Many(list) => list.iter_mut().find_map(|e| e.spans.first_mut()),
        })
        .expect("a simulated span");
    span.last_word += 1;
    let differ = glossa::analysis::report::disagreement(&task.spec, &[doc, other]);
    assert!(differ[0].1 > 0.0, "{differ:?}");
}
