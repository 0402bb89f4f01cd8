//! Dialogues, natively: a section's outputs read as a conversation's turns (the en-dialogue
//! example, MultiWOZ turns): only the asked speakers' turns get the section's controls, the
//! others are context; a progressive dialogue shows the turns up to the first asked turn not
//! yet answered; results, `glossa validate`, simulation and the unfolded analysis see the
//! asked turns only; the spec's and items' checks name what to mend.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::{choose, glossa_ok as glossa, rate};
use glossa::analysis::revalidate::check_result;
use glossa::form::{apply, Action, FormState, KindEdit, PointEdit};
use glossa::item;
use glossa::result::{build, Environment};
use glossa::support::ids::ControlId;
use glossa::support::sorted_map::SortedMap;
use glossa::task::Task;
use serde_json::{json, Value};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn read(path: &str) -> String {
    std::fs::read_to_string(format!("{ROOT}/{path}")).unwrap()
}

fn example() -> (Value, Vec<Value>) {
    (
        serde_json::from_str(&read("www/examples/en-dialogue/spec.json")).unwrap(),
        serde_json::from_str(&read("www/examples/en-dialogue/items.json")).unwrap(),
    )
}

fn task_of(spec: &Value, item: &Value) -> Task {
    let spec = glossa::mount::load_spec(&spec.to_string()).expect("spec");
    let items = item::parse_items(&json!([item]).to_string()).expect("items");
    Task::new(spec, items[0].clone(), Some("P-1"))
}

fn c(s: &str) -> ControlId {
    ControlId::from(s)
}

fn run(t: &Task, form: FormState, actions: Vec<Action>) -> FormState {
    actions.into_iter().fold(form, |f, a| apply(t, &f, a))
}

/// The turns a progressive section shows now.
fn shown(t: &Task, form: &FormState) -> Vec<String> {
    let layout = t.layout().expect("a layout");
    let report = form.report(t);
    let (&n, parts) = layout.shown.iter().next().unwrap();
    let reached = layout.parts_shown(n, &form.answers, |c| report.for_control(c).next().is_none());
    parts[..reached].iter().map(|(o, _)| o.clone()).collect()
}

#[test]
fn only_the_asked_speakers_turns_get_the_controls_and_the_others_are_context() {
    let (spec, items) = example();
    let t = task_of(&spec, &items[0]);
    let layout = t.layout().expect("a layout");
    let parts = layout.shown.values().next().unwrap();
    let turns: Vec<(&str, usize)> = parts
        .iter()
        .map(|(o, ids)| (o.as_str(), ids.len()))
        .collect();
    // The customer's turns (t1, t3, t5) are shown without questions; the assistant's, with two.
    assert_eq!(
        turns,
        [
            ("t1", 0),
            ("t2", 2),
            ("t3", 0),
            ("t4", 2),
            ("t5", 0),
            ("t6", 2)
        ]
    );
    let ids: Vec<String> = t.spec.controls.iter().map(|c| c.id().to_string()).collect();
    assert_eq!(
        ids,
        [
            "addresses/t2",
            "problem/t2",
            "addresses/t4",
            "problem/t4",
            "addresses/t6",
            "problem/t6",
            "satisfaction"
        ]
    );
}

#[test]
fn a_progressive_dialogue_shows_the_turns_up_to_the_first_reply_not_yet_rated() {
    let (spec, items) = example();
    let t = task_of(&spec, &items[0]);
    let form = FormState::new(0);
    assert_eq!(shown(&t, &form), ["t1", "t2"]);
    // Half the reply's questions: it is not rated yet.
    let form = run(&t, form, vec![rate("addresses/t2", 4)]);
    assert_eq!(shown(&t, &form), ["t1", "t2"]);
    let form = run(&t, form, vec![choose("problem/t2", "none")]);
    assert_eq!(shown(&t, &form), ["t1", "t2", "t3", "t4"]);
    let form = run(
        &t,
        form,
        vec![rate("addresses/t4", 5), choose("problem/t4", "none")],
    );
    assert_eq!(shown(&t, &form), ["t1", "t2", "t3", "t4", "t5", "t6"]);
    // Cleared again, the reply hides what follows it (the answers below stay in the form).
    let form = run(
        &t,
        form,
        vec![Action::kind(
            c("addresses/t2"),
            KindEdit::Scale(PointEdit {
                key: None,
                point: None,
            }),
        )],
    );
    assert_eq!(shown(&t, &form), ["t1", "t2"]);
    assert!(form.answers.contains_key(&c("problem/t4")));

    // Not progressive: every turn from the start.
    let mut whole = spec.clone();
    whole["blocks"][0]["outputs"]["dialogue"]["progressive"] = json!(false);
    let t = task_of(&whole, &items[0]);
    assert_eq!(shown(&t, &FormState::new(0)).len(), 6);
}

#[test]
fn results_answer_the_asked_turns_and_validate_refuses_an_answer_to_a_context_turn() {
    let (spec, items) = example();
    let t = task_of(&spec, &items[0]);
    let mut actions = Vec::new();
    for turn in ["t2", "t4", "t6"] {
        actions.push(rate(&format!("addresses/{turn}"), 3));
        actions.push(choose(&format!("problem/{turn}"), "none"));
    }
    actions.push(rate("satisfaction", 4));
    let form = run(&t, FormState::new(0), actions);
    let doc = build(&t, &form, &Environment::default(), &SortedMap::new(), 1).expect("valid");
    let r = serde_json::to_value(&doc).unwrap();
    assert_eq!(
        r["answers"]["addresses"],
        json!({"t2": 3, "t4": 3, "t6": 3})
    );
    assert_eq!(r["answers"]["problem"]["t6"], json!("none"));
    assert_eq!(r["answers"]["satisfaction"], json!(4));
    assert_eq!(check_result(&t, &r), vec![]);

    // A customer's turn rated: no such question was asked.
    let mut forged = r.clone();
    forged["answers"]["addresses"]["t3"] = json!(2);
    let findings = check_result(&t, &forged);
    assert!(
        findings
            .iter()
            .any(|f| f.path.starts_with("answers.addresses")),
        "{findings:?}"
    );
    // A reply left unrated: incomplete.
    let mut short = r.clone();
    short["answers"]["addresses"]
        .as_object_mut()
        .unwrap()
        .remove("t4");
    assert!(!check_result(&t, &short).is_empty());
}

#[test]
fn simulated_annotators_rate_the_replies_and_agreement_counts_replies_as_units() {
    let dir = std::env::temp_dir().join(format!("glossa-dialogue-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let spec = format!("{ROOT}/www/examples/en-dialogue/spec.json");
    let items = format!("{ROOT}/www/examples/en-dialogue/items.json");
    let results = dir.join("results.jsonl");
    let sim = glossa(&[
        "simulate",
        &spec,
        &items,
        "--annotators",
        "3",
        "--seed",
        "7",
    ]);
    std::fs::write(&results, &sim).unwrap();
    let (_, turns) = example();
    for line in sim.lines() {
        let r: Value = serde_json::from_str(line).unwrap();
        let item = turns.iter().find(|i| i["id"] == r["item_id"]).unwrap();
        let system: Vec<&str> = item["turns"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|t| t["speaker"] == "system")
            .map(|t| t["id"].as_str().unwrap())
            .collect();
        let rated: Vec<&str> = r["answers"]["addresses"]
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        assert_eq!(rated, system, "{line}");
    }
    glossa(&["validate", &spec, &items, results.to_str().unwrap()]);
    // Agreement over the replies: one unit per reply (4 items × 3 replies), none per
    // customer's turn.
    let report = glossa(&[
        "agreement",
        &spec,
        results.to_str().unwrap(),
        "--items",
        &items,
        "--json",
    ]);
    let report: Value = serde_json::from_str(&report).unwrap();
    let text = report.to_string();
    assert!(text.contains("addresses"), "{text}");
    assert_eq!(
        report["controls"]["addresses"]["units"],
        json!(12),
        "{text}"
    );
    assert_eq!(report["controls"]["problem"]["units"], json!(12), "{text}");
    assert_eq!(
        report["controls"]["satisfaction"]["units"],
        json!(4),
        "{text}"
    );
    // A dialogue's turns are not systems: no figures per turn id across conversations.
    assert!(
        report["systems"].as_object().is_none_or(|s| s.is_empty()),
        "{text}"
    );
}

fn problems(spec: Value) -> Vec<(String, String)> {
    match glossa::mount::load_spec(&spec.to_string()) {
        Ok(_) => vec![],
        Err(issues) => issues.into_iter().map(|i| (i.path, i.message)).collect(),
    }
}

#[test]
fn the_checks_name_a_shuffled_dialogue_a_control_s_own_dialogue_and_a_turn_without_speaker() {
    let (spec, items) = example();
    let mut shuffled = spec.clone();
    shuffled["blocks"][0]["outputs"]["shuffle"] = json!(true);
    let found = problems(shuffled);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].0, "blocks[0].outputs.shuffle");
    assert!(
        found[0].1.contains("order they were said"),
        "{}",
        found[0].1
    );

    let mut own = spec.clone();
    own["controls"][2]["outputs"] = json!({"field": "turns", "label": "Turn {n}", "dialogue": {}});
    let found = problems(own);
    assert!(
        found
            .iter()
            .any(|(p, m)| p == "controls[2].outputs.dialogue"
                && m.contains("only a section's outputs")),
        "{found:?}"
    );

    let spec = glossa::mount::load_spec(&spec.to_string()).unwrap();
    let mut item = items[0].clone();
    item["turns"][2].as_object_mut().unwrap().remove("speaker");
    let item = &item::parse_items(&json!([item]).to_string()).unwrap()[0];
    let issues = item::check_item(&spec, item, "items[0]");
    assert!(
        issues
            .iter()
            .any(|i| i.path == "items[0].turns[2].speaker" && i.message.contains("\"t3\"")),
        "{issues:?}"
    );
    let mut quiet = items[0].clone();
    for t in quiet["turns"].as_array_mut().unwrap() {
        t["speaker"] = json!("user");
    }
    let quiet = &item::parse_items(&json!([quiet]).to_string()).unwrap()[0];
    let issues = item::check_item(&spec, quiet, "items[0]");
    assert!(
        issues
            .iter()
            .any(|i| i.path == "items[0].turns" && i.message.contains("no turn of system")),
        "{issues:?}"
    );
}

#[test]
fn a_turn_whose_questions_display_logic_hides_does_not_hold_the_conversation_back() {
    let (mut spec, items) = example();
    // The replies are rated only when the rater says they will: a choice in a section before.
    spec["controls"].as_array_mut().unwrap().push(json!({
        "kind": "single_choice", "id": "rate", "label": "Rate the replies?",
        "options": [{"value": "yes", "label": "Yes"}, {"value": "no", "label": "No"}]
    }));
    let dialogue = spec["blocks"][0].clone();
    spec["blocks"] = json!([{"kind": "section", "title": "First", "controls": ["rate"]}, dialogue]);
    spec["blocks"][1]["visible_when"] = json!({
        "addresses": {"control": "rate", "is": ["yes"]},
        "problem": {"control": "rate", "is": ["yes"]}
    });
    let t = task_of(&spec, &items[0]);
    let (&n, _) = t.layout().unwrap().shown.iter().nth(1).unwrap();
    let shown = |form: &FormState| {
        let report = form.report(&t);
        t.layout()
            .unwrap()
            .parts_shown(n, &form.answers, |c| report.for_control(c).next().is_none())
    };
    // Nothing asked of any turn yet: the whole conversation.
    assert_eq!(shown(&FormState::new(0)), 6);
    let form = run(&t, FormState::new(0), vec![choose("rate", "no")]);
    assert_eq!(shown(&form), 6);
    // Asked: up to the first reply again.
    let form = run(&t, form, vec![choose("rate", "yes")]);
    assert_eq!(shown(&form), 2);
}
