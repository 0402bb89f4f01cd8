//! Multiple choice (multi-label), natively: the form takes whole sets of options, the rules
//! count them ("none of these" alone), results list them in the spec's order, and the analysis
//! reads them back (re-validation, tidy rows, agreement per option).
#![cfg(not(target_arch = "wasm32"))]

use glossa::answer::{Answer, AnswerValue};
use glossa::form::{apply, Action, FormState, KindEdit};
use glossa::item;
use glossa::kinds::multiple_choice::ChoicesEdit;
use glossa::result::{build, Environment};
use glossa::support::ids::{ControlId, OptionValue};
use glossa::support::sorted_map::SortedMap;
use glossa::task::Task;
use glossa::validate::{self, ProblemCode};

fn task(n: usize) -> Task {
    let spec = glossa::mount::load_spec(include_str!("../www/examples/en-emotions/spec.json"))
        .expect("spec");
    let items =
        item::parse_items(include_str!("../www/examples/en-emotions/items.json")).expect("items");
    Task::new(spec, items[n].clone(), None)
}

fn tick(t: &Task, values: &[&str]) -> FormState {
    let answer: Vec<OptionValue> = values.iter().map(|v| OptionValue::from(*v)).collect();
    apply(
        t,
        &FormState::new(0),
        Action::kind(
            ControlId::from("emotions"),
            KindEdit::MultipleChoice(ChoicesEdit::Set(answer)),
        ),
    )
}

fn codes(t: &Task, form: &FormState) -> Vec<ProblemCode> {
    validate::validate(t, &form.answers)
        .problems
        .iter()
        .map(|p| p.code)
        .collect()
}

#[test]
fn between_one_and_three_emotions_or_neutral_alone() {
    let t = task(0);
    assert_eq!(
        codes(&t, &FormState::new(0)),
        vec![ProblemCode::ChoicesTooFew]
    );
    assert_eq!(codes(&t, &tick(&t, &["anger"])), vec![]);
    assert_eq!(
        codes(&t, &tick(&t, &["anger", "surprise", "sadness"])),
        vec![]
    );
    assert_eq!(
        codes(&t, &tick(&t, &["anger", "surprise", "sadness", "fear"])),
        vec![ProblemCode::ChoicesTooMany]
    );
    assert_eq!(codes(&t, &tick(&t, &["neutral"])), vec![]);
    // The form takes known options only, each once.
    assert!(tick(&t, &["anger", "bliss"]).answers.is_empty());
    assert!(tick(&t, &["anger", "anger"]).answers.is_empty());
}

#[test]
fn results_list_the_ticked_options_in_the_specs_order_and_read_back() {
    let t = task(2);
    let form = tick(&t, &["joy", "gratitude"]);
    let doc = build(&t, &form, &Environment::default(), &SortedMap::new(), 1).expect("valid");
    let json = serde_json::to_value(&doc).unwrap();
    assert_eq!(
        json["answers"]["emotions"],
        serde_json::json!(["joy", "gratitude"])
    );
    let back = glossa::result::ResultDoc::read(&t.spec, &json).expect("reads back");
    assert_eq!(
        back.answers.get(&ControlId::from("emotions")),
        Some(&AnswerValue::MultipleChoice(vec![
            OptionValue::from("joy"),
            OptionValue::from("gratitude")
        ]))
    );
    assert!(glossa::analysis::revalidate::check_result(&t, &json).is_empty());
    // A result that ticks "neutral" with an emotion is named.
    let mut bad = json.clone();
    bad["answers"]["emotions"] = serde_json::json!(["joy", "neutral"]);
    let findings = glossa::analysis::revalidate::check_result(&t, &bad);
    assert!(
        findings.iter().any(|f| f.message.contains("none of these")),
        "{findings:?}"
    );
}

#[test]
fn a_simulated_annotator_gives_valid_answers() {
    for seed in 0..40 {
        let t = task(seed as usize % 4);
        let (_, form) = glossa::simulate::annotate(&t, seed, 0).expect("valid");
        assert_eq!(codes(&t, &form), vec![], "seed {seed}");
    }
}

#[test]
fn toggles_apply_to_the_answer_as_it_stands_and_none_stands_alone() {
    let t = task(1);
    let toggle = |f: &FormState, v: &str| {
        apply(
            &t,
            f,
            Action::kind(
                ControlId::from("emotions"),
                KindEdit::MultipleChoice(ChoicesEdit::Toggle(OptionValue::from(v))),
            ),
        )
    };
    let ticked = |f: &FormState| match f.answers.get(&ControlId::from("emotions")) {
        Some(Answer::Choices(v)) => v.iter().map(|o| o.to_string()).collect::<Vec<_>>(),
        _ => vec![],
    };
    let f = toggle(&toggle(&FormState::new(0), "anger"), "joy");
    assert_eq!(ticked(&f), ["joy", "anger"], "the spec's order");
    let f = toggle(&f, "neutral");
    assert_eq!(ticked(&f), ["neutral"]);
    let f = toggle(&f, "fear");
    assert_eq!(ticked(&f), ["fear"]);
    let f = toggle(&f, "fear");
    assert!(f.answers.is_empty(), "nothing ticked is no answer");
    assert_eq!(toggle(&f, "bliss"), f, "an unknown option changes nothing");
}
