//! Question authoring (PoQuAD manual): cards, rules, overlap, results, drafts, re-validation
//! and the dataset export, on the shipped Polish example.

mod common;

use common::example_task;
use glossa::analysis::{export, revalidate};
use glossa::answer::{Answer, QuestionSet};
use glossa::form::draft::Draft;
use glossa::form::{apply, Action, FormState, KindEdit};
use glossa::kinds::questions::{QuestionEdit, QuestionsEdit};
use glossa::result::{build, Environment};
use glossa::support::ids::ControlId;
use glossa::support::sorted_map::SortedMap;
use glossa::task::Task;
use glossa::validate::{ProblemCode, Severity};
use proptest::prelude::*;

fn task(n: usize) -> Task {
    example_task("pl-poquad", "spec.json", "items.json", n)
}

fn qa() -> ControlId {
    ControlId::from("qa")
}

fn word(task: &Task, w: &str) -> usize {
    let text = task.item.text("paragraph").unwrap();
    let tokens = task.tokens("paragraph").unwrap();
    (0..tokens.word_count())
        .find(|&i| {
            let t = tokens.word(i).unwrap();
            &text[t.bytes.0..t.bytes.1] == w
        })
        .unwrap_or_else(|| panic!("no word {w}"))
}

fn edit(card: usize, edit: QuestionEdit) -> Action {
    Action::kind(
        qa(),
        KindEdit::Questions(QuestionsEdit::Card {
            card: card,
            edit: edit,
        }),
    )
}

/// Actions writing one question with the fragment `first..=last` (words of the paragraph).
fn question(task: &Task, card: usize, text: &str, first: &str, last: &str) -> Vec<Action> {
    let mut out = Vec::new();
    if card > 0 {
        out.push(Action::kind(qa(), KindEdit::Questions(QuestionsEdit::Add)));
    }
    out.push(edit(card, QuestionEdit::Text(text.into())));
    out.push(Action::Select {
        control: qa(),
        anchor: word(task, first),
        focus: word(task, last),
        complete: true,
    });
    out.push(Action::kind(
        qa(),
        KindEdit::Questions(QuestionsEdit::Assign(card)),
    ));
    out
}

fn run(task: &Task, actions: impl IntoIterator<Item = Action>) -> FormState {
    actions
        .into_iter()
        .fold(FormState::new(1_000), |f, a| apply(task, &f, a))
}

fn set(form: &FormState) -> QuestionSet {
    match form.answers.get(&qa()) {
        Some(Answer::Questions(s)) => s.clone(),
        _ => QuestionSet::default(),
    }
}

/// Five questions on the Kant paragraph: one unanswerable, one yes/no.
fn five_questions(task: &Task) -> Vec<Action> {
    let mut a = Vec::new();
    a.extend(question(
        task,
        0,
        "W którym roku ukazała się Krytyka czystego rozumu?",
        "1781",
        "1781",
    ));
    a.extend(question(
        task,
        1,
        "Ile lat trwały badania prowadzące do publikacji z 1781?",
        "następną",
        "dekadę",
    ));
    a.extend(question(
        task,
        2,
        "Dlaczego Kant porzucił plany wydania Krytyki czystego rozumu?",
        "zarzucił",
        "śmiercią",
    ));
    a.push(edit(2, QuestionEdit::Unanswerable(true)));
    a.extend(question(
        task,
        3,
        "Czy Prolegomena były obszerniejsze od Krytyki?",
        "skromniejsze",
        "objętościowo",
    ));
    a.push(edit(3, QuestionEdit::YesNo(true)));
    a.push(edit(3, QuestionEdit::BaseForm("Nie".into())));
    a.extend(question(
        task,
        4,
        "Jakimi działami filozofii zajmował się Kant pod koniec XVIII wieku?",
        "teorią",
        "estetyką",
    ));
    a.push(edit(1, QuestionEdit::BaseForm("dziesięć lat".into())));
    a
}

/// Card uids are screen keys: a restored draft numbers its cards afresh.
fn without_uids(mut s: QuestionSet) -> QuestionSet {
    s.cards.iter_mut().for_each(|q| q.uid = 0);
    s
}

fn env() -> Environment {
    Environment {
        locale: "pl-PL".into(),
        viewport: Default::default(),
        touch: true,
        user_agent: "test".into(),
    }
}

#[test]
fn the_first_card_is_created_by_its_first_edit_and_cards_move_and_go() {
    let t = task(0);
    let form = run(&t, [edit(0, QuestionEdit::Text("Kto?".into()))]);
    assert_eq!(set(&form).cards.len(), 1);
    // An edit beyond the list is ignored; adding appends.
    let form = apply(&t, &form, edit(3, QuestionEdit::Text("x".into())));
    assert_eq!(set(&form).cards.len(), 1);
    let form = apply(
        &t,
        &form,
        Action::kind(qa(), KindEdit::Questions(QuestionsEdit::Add)),
    );
    let form = apply(&t, &form, edit(1, QuestionEdit::Text("Gdzie?".into())));
    let form = apply(
        &t,
        &form,
        Action::kind(
            qa(),
            KindEdit::Questions(QuestionsEdit::Move { card: 1, to: 0 }),
        ),
    );
    let s = set(&form);
    assert_eq!(
        s.cards
            .iter()
            .map(|q| q.question.as_str())
            .collect::<Vec<_>>(),
        ["Gdzie?", "Kto?"]
    );
    assert_ne!(
        s.cards[0].uid, s.cards[1].uid,
        "cards keep distinct ids while they move"
    );
    let form = apply(
        &t,
        &form,
        Action::kind(qa(), KindEdit::Questions(QuestionsEdit::Remove(0))),
    );
    assert_eq!(set(&form).cards.len(), 1);
    let form = apply(
        &t,
        &form,
        Action::kind(qa(), KindEdit::Questions(QuestionsEdit::Remove(0))),
    );
    assert_eq!(form.answers.get(&qa()), None, "no cards left: no answer");
}

#[test]
fn base_form_follows_the_fragment_until_edited() {
    let t = task(0);
    let form = run(&t, question(&t, 0, "Kiedy?", "1781", "roku"));
    let s = set(&form);
    assert_eq!(
        glossa::kinds::questions::authoring::base_form(&t, qa_control(&t), &s.cards[0]),
        "1781 roku"
    );
    let form = apply(&t, &form, edit(0, QuestionEdit::BaseForm("w 1781".into())));
    assert_eq!(set(&form).cards[0].base_form.as_deref(), Some("w 1781"));
    // Typing the fragment's own text back returns to following the fragment.
    let form = apply(
        &t,
        &form,
        edit(0, QuestionEdit::BaseForm("1781 roku".into())),
    );
    assert_eq!(set(&form).cards[0].base_form, None);
}

fn qa_control(t: &Task) -> &glossa::spec::QuestionsControl {
    match t.spec.control(&qa()) {
        Some(glossa::spec::Control::Questions(c)) => c,
        _ => panic!("no questions control"),
    }
}

#[test]
fn yes_no_takes_only_the_spec_values_and_its_category() {
    let t = task(0);
    let form = run(
        &t,
        question(&t, 0, "Czy Kant wydał Prolegomena?", "Kant", "Prolegomena"),
    );
    let form = apply(&t, &form, edit(0, QuestionEdit::YesNo(true)));
    let card = &set(&form).cards[0];
    assert_eq!(card.category.as_deref(), Some("rozstrzygniecie"));
    assert_eq!(card.base_form, None);
    let codes: Vec<_> = form.report(&t).problems.iter().map(|p| p.code).collect();
    assert!(codes.contains(&ProblemCode::BaseFormYesNo), "{codes:?}");
    // Anything but Tak/Nie is refused; Tak is taken.
    let form = apply(
        &t,
        &form,
        edit(0, QuestionEdit::BaseForm("Oczywiście".into())),
    );
    assert_eq!(set(&form).cards[0].base_form, None);
    let form = apply(&t, &form, edit(0, QuestionEdit::BaseForm("Tak".into())));
    assert_eq!(set(&form).cards[0].base_form.as_deref(), Some("Tak"));
    let codes: Vec<_> = form.report(&t).problems.iter().map(|p| p.code).collect();
    assert!(!codes.contains(&ProblemCode::BaseFormYesNo), "{codes:?}");
    // Another category unticks yes/no.
    let form = apply(
        &t,
        &form,
        edit(0, QuestionEdit::Category(Some("czas".into()))),
    );
    assert!(!set(&form).cards[0].yes_no);
}

#[test]
fn rules_name_each_question_and_the_count() {
    let t = task(0);
    let form = run(
        &t,
        [edit(
            0,
            QuestionEdit::Text("Kiedy wydano Prolegomena".into()),
        )],
    );
    let report = form.report(&t);
    let found: Vec<(&str, ProblemCode)> = report
        .problems
        .iter()
        .map(|p| (p.path.as_str(), p.code))
        .collect();
    assert!(
        found.contains(&("qa[0].question", ProblemCode::QuestionMark)),
        "{found:?}"
    );
    assert!(
        found.contains(&("qa[0].answer", ProblemCode::AnswerMissing)),
        "{found:?}"
    );
    assert!(
        found.contains(&("qa.count", ProblemCode::TooFewQuestions)),
        "{found:?}"
    );
    assert!(!report.is_valid());
    // With the box ticked, fewer questions are fine once each one is complete.
    let mut actions = question(&t, 0, "Kiedy wydano Prolegomena?", "1783", "roku");
    actions.push(Action::kind(
        qa(),
        KindEdit::Questions(QuestionsEdit::NoMore(true)),
    ));
    let form = run(&t, actions);
    let report = form.report(&t);
    assert!(report.is_valid(), "{:?}", report.problems);
    // No unanswerable question: a warning, not a block.
    let warning = report.at("qa.unanswerable").expect("a warning");
    assert_eq!(
        (warning.code, warning.severity),
        (ProblemCode::NoUnanswerable, Severity::Warning)
    );
}

#[test]
fn high_overlap_is_flagged_for_manual_acceptance_not_blocked() {
    let t = task(0);
    let mut actions = question(
        &t,
        0,
        "W którym roku ukazała się publikacja Krytyki czystego rozumu?",
        "1781",
        "1781",
    );
    actions.push(Action::kind(
        qa(),
        KindEdit::Questions(QuestionsEdit::NoMore(true)),
    ));
    actions.push(edit(0, QuestionEdit::Unanswerable(true)));
    let form = run(&t, actions);
    let report = form.report(&t);
    assert!(report.is_valid());
    let p = report.at("qa[0].overlap").expect("flagged");
    assert_eq!(
        (p.code, p.severity),
        (ProblemCode::OverlapHigh, Severity::Warning)
    );
    let result = build(&t, &form, &env(), &SortedMap::new(), 2_000).expect("submits");
    let json = serde_json::to_value(&result).unwrap();
    let q = &json["answers"]["qa"]["questions"][0];
    assert_eq!(q["needs_manual_acceptance"], true);
    // roku, publikacja, Krytyki, czystego, rozumu are in the sentence; ukazała is not.
    assert_eq!(q["overlap"]["shared"], 5, "{q}");
    assert_eq!(q["overlap"]["content"], 6, "{q}");
}

#[test]
fn five_questions_make_a_result_that_exports_with_code_point_offsets() {
    let t = task(0);
    let form = run(&t, five_questions(&t));
    let report = form.report(&t);
    assert!(report.is_valid(), "{:?}", report.problems);
    assert!(report
        .problems
        .iter()
        .all(|p| p.code != ProblemCode::NoUnanswerable));
    let ids = SortedMap::from([("PROLIFIC_PID".to_owned(), "p1".to_owned())]);
    let result = build(&t, &form, &env(), &ids, 2_000).expect("submits");
    let json = serde_json::to_value(&result).unwrap();
    let findings = revalidate::check_result(&t, &json);
    assert!(findings.is_empty(), "browser and CLI agree: {findings:?}");
    let items = glossa::item::parse_items(
        &std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/www/examples/pl-poquad/items.json"
        ))
        .unwrap(),
    )
    .unwrap();
    let doc = glossa::result::ResultDoc::read(&t.spec, &json).expect("reads");
    let dataset = export::poquad(&items, &[doc]).expect("exports");
    let para = &dataset["data"][0]["paragraphs"][0];
    let context = para["context"].as_str().unwrap();
    assert!(
        context.contains('ę') && context.contains('’'),
        "diacritics in the context"
    );
    let qas = para["qas"].as_array().unwrap();
    assert_eq!(qas.len(), 5);
    for q in qas {
        let list = if q["is_impossible"] == true {
            &q["plausible_answers"]
        } else {
            &q["answers"]
        };
        let a = &list[0];
        let (start, text) = (
            a["answer_start"].as_u64().unwrap() as usize,
            a["text"].as_str().unwrap(),
        );
        let sliced: String = context
            .chars()
            .skip(start)
            .take(text.chars().count())
            .collect();
        assert_eq!(sliced, text);
    }
    assert_eq!(qas[1]["generative_answer"], "dziesięć lat");
    assert_eq!(qas[2]["is_impossible"], true);
    assert_eq!(qas[2]["answers"], serde_json::json!([]));
    assert_eq!(qas[3]["generative_answer"], "Nie");
    assert_eq!(qas[3]["is_yes_no"], true);
    assert_eq!(qas[0]["id"], "kant-krytyki/p1/qa/1");
}

#[test]
fn export_refuses_offsets_that_do_not_slice_back() {
    let t = task(0);
    let form = run(&t, five_questions(&t));
    let result = build(&t, &form, &env(), &SortedMap::new(), 2_000).unwrap();
    let mut json = serde_json::to_value(&result).unwrap();
    json["answers"]["qa"]["questions"][0]["answers"][0]["start"] = serde_json::json!(3);
    let items = vec![(*t.item).clone()];
    let doc = glossa::result::ResultDoc::read(&t.spec, &json).expect("reads");
    let problems = export::poquad(&items, &[doc]).unwrap_err();
    assert!(problems[0].message.contains("questions[0]"), "{problems:?}");
}

#[test]
fn a_draft_restores_every_card_field() {
    let t = task(0);
    let mut actions = five_questions(&t);
    actions.push(edit(4, QuestionEdit::Category(Some("wyliczenie".into()))));
    actions.push(edit(0, QuestionEdit::Collapsed(true)));
    let form = run(&t, actions);
    let draft = Draft::of(&t, &form, 5_000);
    let restored = draft.restore(&t, 6_000).expect("same item");
    assert_eq!(without_uids(set(&restored)), without_uids(set(&form)));
    assert_eq!(set(&restored).cards.len(), 5);
}

#[test]
fn tampered_results_are_caught_by_revalidation() {
    let t = task(0);
    let form = run(&t, five_questions(&t));
    let result = build(&t, &form, &env(), &SortedMap::new(), 2_000).unwrap();
    let good = serde_json::to_value(&result).unwrap();
    let mut flag = good.clone();
    flag["answers"]["qa"]["questions"][0]["needs_manual_acceptance"] = serde_json::json!(false);
    flag["answers"]["qa"]["questions"][0]["question"] =
        serde_json::json!("W którym roku ukazała się Krytyka czystego rozumu z 1781?");
    let mut yes_no = good.clone();
    yes_no["answers"]["qa"]["questions"][3]["base_form"] = serde_json::json!("Może");
    let mut few = good;
    few["answers"]["qa"]["questions"]
        .as_array_mut()
        .unwrap()
        .truncate(2);
    for (bad, expect) in [
        (flag, "needs_manual_acceptance"),
        (yes_no, "BaseFormYesNo"),
        (few, "TooFewQuestions"),
    ] {
        let findings = revalidate::check_result(&t, &bad);
        assert!(
            findings
                .iter()
                .any(|f| f.path.contains(expect) || f.message.contains(expect)),
            "{expect}: {findings:?}"
        );
    }
}

fn any_action() -> impl Strategy<Value = Action> {
    let card = 0usize..7;
    prop_oneof![
        Just(Action::kind(qa(), KindEdit::Questions(QuestionsEdit::Add))),
        card.clone()
            .prop_map(|card| Action::kind(qa(), KindEdit::Questions(QuestionsEdit::Remove(card)))),
        (card.clone(), card.clone()).prop_map(|(card, to)| Action::kind(
            qa(),
            KindEdit::Questions(QuestionsEdit::Move { card: card, to: to })
        )),
        (card.clone(), "[a-zżół ?]{0,12}").prop_map(|(card, s)| edit(card, QuestionEdit::Text(s))),
        (card.clone(), any::<bool>()).prop_map(|(card, b)| edit(card, QuestionEdit::YesNo(b))),
        (card.clone(), any::<bool>())
            .prop_map(|(card, b)| edit(card, QuestionEdit::Unanswerable(b))),
        (
            card.clone(),
            prop_oneof![Just("Tak"), Just("Może"), Just(""), Just("w 1781")]
        )
            .prop_map(|(card, s)| edit(card, QuestionEdit::BaseForm(s.into()))),
        (
            card.clone(),
            prop_oneof![
                Just(None),
                Just(Some("czas")),
                Just(Some("rozstrzygniecie")),
                Just(Some("nic"))
            ]
        )
            .prop_map(|(card, c)| edit(card, QuestionEdit::Category(c.map(Into::into)))),
        (0usize..200, 0usize..200).prop_map(|(a, f)| Action::Select {
            control: qa(),
            anchor: a,
            focus: f,
            complete: true
        }),
        card.clone()
            .prop_map(|card| Action::kind(qa(), KindEdit::Questions(QuestionsEdit::Assign(card)))),
        (0usize..200).prop_map(|word| Action::TapWord {
            control: qa(),
            word
        }),
        (card, 0usize..3).prop_map(|(card, index)| Action::kind(
            qa(),
            KindEdit::Questions(QuestionsEdit::RemoveSpan {
                card: card,
                index: index
            })
        )),
        any::<bool>()
            .prop_map(|on| Action::kind(qa(), KindEdit::Questions(QuestionsEdit::NoMore(on)))),
    ]
}

proptest! {
    /// Whatever the annotator does, cards stay within the maximum, fragments inside the
    /// paragraph, categories on the list, yes/no questions in step with their category, and a
    /// draft of the state restores to the same answers.
    #[test]
    fn any_action_sequence_keeps_questions_legal(actions in proptest::collection::vec(any_action(), 0..40)) {
        let t = task(1);
        let c = qa_control(&t);
        let words = t.tokens("paragraph").unwrap().word_count();
        let form = run(&t, actions);
        let s = set(&form);
        prop_assert!(s.cards.len() <= c.max);
        for q in &s.cards {
            prop_assert!(q.spans.iter().all(|w| w.first <= w.last && w.last < words));
            prop_assert!(q.category.as_ref().is_none_or(|v| c.category(v).is_some()));
            prop_assert_eq!(q.yes_no, q.category.as_deref() == Some("rozstrzygniecie"));
            if q.yes_no {
                prop_assert!(q.base_form.as_ref().is_none_or(|b| c.yes_no_values.contains(b)));
            }
        }
        let restored = Draft::of(&t, &form, 9).restore(&t, 10).unwrap();
        prop_assert_eq!(without_uids(set(&restored)), without_uids(s));
    }
}

#[test]
fn the_cli_exports_dataset_json_that_python_slices_back() {
    let t = task(0);
    let form = run(&t, five_questions(&t));
    let result = build(&t, &form, &env(), &SortedMap::new(), 2_000).unwrap();
    let dir = std::env::temp_dir().join(format!("glossa-export-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let results = dir.join("results.jsonl");
    std::fs::write(&results, serde_json::to_string(&result).unwrap() + "\n").unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_glossa"))
        .args(["export", "poquad", "www/examples/pl-poquad/items.json"])
        .arg(&results)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let dataset = dir.join("poquad.json");
    std::fs::write(&dataset, &out.stdout).unwrap();
    let parsed: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        parsed["data"][0]["paragraphs"][0]["qas"]
            .as_array()
            .unwrap()
            .len(),
        5
    );
    // Python's own str slicing, when Python is there (the setup script installs it).
    let script = r#"
import json, sys
d = json.load(open(sys.argv[1], encoding="utf-8"))
n = 0
for art in d["data"]:
    for p in art["paragraphs"]:
        for qa in p["qas"]:
            for a in qa["answers"] + qa.get("plausible_answers", []):
                s = a["answer_start"]
                assert p["context"][s:s + len(a["text"])] == a["text"], a
                n += 1
print(n)
"#;
    if let Ok(py) = std::process::Command::new("python3")
        .arg("-c")
        .arg(script)
        .arg(&dataset)
        .output()
    {
        assert!(
            py.status.success(),
            "{}",
            String::from_utf8_lossy(&py.stderr)
        );
        assert_eq!(String::from_utf8_lossy(&py.stdout).trim(), "5");
    }
    // A result whose fragment does not slice back is refused, naming the line.
    let mut bad = serde_json::to_value(&result).unwrap();
    bad["answers"]["qa"]["questions"][1]["answers"][0]["text"] = serde_json::json!("dekada");
    std::fs::write(&results, format!("\n{bad}\n")).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_glossa"))
        .args(["export", "poquad", "www/examples/pl-poquad/items.json"])
        .arg(&results)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("results.jsonl:2: answers.qa.questions[1]"),
        "{err}"
    );
}

#[test]
fn two_taps_make_a_selection_whatever_the_screen_had_rendered() {
    let t = task(0);
    let tap = |word| Action::TapWord {
        control: qa(),
        word,
    };
    // The second tap completes the first, decided on the latest state (not on what a possibly
    // stale screen showed when the tap arrived).
    let form = run(&t, [tap(3), tap(7)]);
    let sel = form.selection.clone().unwrap();
    assert_eq!((sel.anchor, sel.focus, sel.complete), (3, 7, true));
    // The same word twice is that word; a third tap starts afresh.
    let form = run(&t, [tap(5), tap(5), tap(9)]);
    let sel = form.selection.clone().unwrap();
    assert_eq!((sel.anchor, sel.focus, sel.complete), (9, 9, false));
    // Taps outside the text are ignored.
    let form = run(&t, [tap(100_000)]);
    assert_eq!(form.selection, None);
}

/// The manual: uninteresting paragraphs are skipped, not given questions made up by force.
#[test]
fn a_paragraph_skipped_for_a_listed_reason_submits_no_questions_and_exports_as_left_out() {
    let t = task(2);
    let skip = |reason: Option<&str>| {
        Action::kind(
            qa(),
            KindEdit::Questions(QuestionsEdit::Skip(reason.map(str::to_owned))),
        )
    };
    // Zero questions are refused...
    assert!(!FormState::new(0).report(&t).is_valid());
    // ...but a skip with a reason from the spec's list is accepted, even with a half-written card.
    let mut actions = vec![edit(0, QuestionEdit::Text("Gdzie wylądował".into()))];
    actions.push(skip(Some("nieinteresujacy")));
    let form = run(&t, actions.clone());
    let report = form.report(&t);
    assert!(report.is_valid(), "{:?}", report.problems);
    let result = build(&t, &form, &env(), &SortedMap::new(), 2_000).expect("submits");
    let json = serde_json::to_value(&result).unwrap();
    assert_eq!(json["answers"]["qa"]["skipped"], "nieinteresujacy");
    assert_eq!(json["answers"]["qa"]["questions"], serde_json::json!([]));
    assert!(
        revalidate::check_result(&t, &json).is_empty(),
        "glossa validate accepts it"
    );
    // A reason not in the list is ignored by the form model and refused by validation.
    assert_eq!(set(&run(&t, vec![skip(Some("nudny"))])).skipped, None);
    let mut forged = json.clone();
    forged["answers"]["qa"]["skipped"] = serde_json::json!("nudny");
    let findings = revalidate::check_result(&t, &forged);
    assert!(
        findings.iter().any(|f| f.path == "answers.qa.skipped"),
        "{findings:?}"
    );
    // Unskipping brings the card back; a draft keeps both the skip and the card.
    let back = run(&t, actions.iter().cloned().chain([skip(None)]));
    assert_eq!(set(&back).cards[0].question, "Gdzie wylądował");
    let restored = Draft::of(&t, &form, 5_000).restore(&t, 6_000).unwrap();
    assert_eq!(set(&restored).skipped.as_deref(), Some("nieinteresujacy"));
    assert_eq!(set(&restored).cards[0].question, "Gdzie wylądował");
    // The export leaves the paragraph out and says so.
    let items = vec![(*t.item).clone()];
    let doc = glossa::result::ResultDoc::read(&t.spec, &json).expect("reads");
    let dataset = export::poquad(&items, std::slice::from_ref(&doc)).unwrap();
    assert_eq!(dataset["data"], serde_json::json!([]));
    assert_eq!(
        export::skipped_paragraphs(&[doc]),
        vec![(0, "hess-lot".to_owned(), "nieinteresujacy".to_owned())]
    );
}

/// Found by the property test above: a base form typed while a fragment was assigned, then the
/// fragment removed, left a base form equal to what the card now suggests (empty); the draft
/// restored a different state (no card). The card follows its fragments again instead.
#[test]
fn a_base_form_equal_to_the_fragments_again_is_no_edit() {
    let t = task(1);
    let actions = vec![
        Action::Select {
            control: qa(),
            anchor: 0,
            focus: 0,
            complete: true,
        },
        Action::kind(qa(), KindEdit::Questions(QuestionsEdit::Assign(0))),
        edit(0, QuestionEdit::BaseForm(String::new())),
        Action::kind(
            qa(),
            KindEdit::Questions(QuestionsEdit::RemoveSpan { card: 0, index: 0 }),
        ),
    ];
    let form = run(&t, actions);
    let restored = Draft::of(&t, &form, 9).restore(&t, 10).unwrap();
    assert_eq!(without_uids(set(&restored)), without_uids(set(&form)));
    assert!(
        set(&form).cards.is_empty(),
        "a lone blank card is an empty list"
    );
}
