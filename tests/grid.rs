//! The per-sentence error grid (family 3), natively: every rule with valid and invalid rows,
//! the either/or clearing with undo, missing sentences, and a property test that no sequence
//! of actions yields a result that breaks a rule.
#![cfg(not(target_arch = "wasm32"))]

use glossa::task::Task;

use glossa::answer::{Answer, AnswerValue, CellValue, GridCells};
use glossa::form::{apply, Action, FormState, KindEdit};
use glossa::item::{self, Item};
use glossa::kinds::grid::GridEdit;
use glossa::result::{build, Environment};
use glossa::spec::{Control, GridControl, TaskSpec};
use glossa::support::ids::ControlId;
use glossa::support::sorted_map::SortedMap;
use glossa::validate::{validate, ProblemCode};
use proptest::prelude::*;

fn example() -> (TaskSpec, Vec<Item>) {
    let spec = glossa::mount::load_spec(include_str!(
        "../www/examples/cs-summary-errors/abstract-spec.json"
    ))
    .expect("spec");
    let items = item::parse_items(include_str!(
        "../www/examples/cs-summary-errors/abstract-items.json"
    ))
    .expect("items");
    assert_eq!(item::check_items(&spec, &items), vec![]);
    (spec, items)
}

fn grid(spec: &TaskSpec) -> &GridControl {
    match &spec.controls[0] {
        Control::Grid(g) => g,
        _ => unreachable!(),
    }
}

fn errors() -> ControlId {
    ControlId::from("errors")
}

fn choose(row: usize, column: &str, value: &str) -> Action {
    Action::kind(
        errors(),
        KindEdit::Grid(GridEdit::Choose {
            row: row,
            column: column.into(),
            value: value.into(),
        }),
    )
}

fn run(spec: &TaskSpec, item: &Item, actions: Vec<Action>) -> FormState {
    actions
        .into_iter()
        .fold(FormState::new(0), |f, a| apply(&bind(spec, item), &f, a))
}

fn codes(spec: &TaskSpec, item: &Item, cells: GridCells) -> Vec<(String, ProblemCode)> {
    let answers = SortedMap::from([(errors(), Answer::Grid(cells))]);
    validate(&bind(spec, item), &answers)
        .problems
        .into_iter()
        .map(|p| (p.path, p.code))
        .collect()
}

fn row(pairs: &[(&str, &str)]) -> SortedMap<String, String> {
    pairs
        .iter()
        .map(|(k, v)| ((*k).into(), (*v).into()))
        .collect()
}

#[test]
fn complete_rows_pass_either_way() {
    let (spec, items) = example();
    let cells = GridCells::from([
        (0, row(&[("mapping", "omission"), ("meaning", "pragmatic")])),
        (1, row(&[("special", "ok")])),
        (2, row(&[("special", "repetitive")])),
    ]);
    assert_eq!(codes(&spec, &items[0], cells), vec![]);
}

#[test]
fn each_broken_row_is_named_with_its_rule() {
    let (spec, items) = example();
    let cells = GridCells::from([
        (0, row(&[("special", "ok"), ("mapping", "omission")])),
        (1, row(&[("mapping", "fabrication")])),
        (2, row(&[("special", "sentence_missing")])),
    ]);
    assert_eq!(
        codes(&spec, &items[0], cells),
        vec![
            ("errors[0]".into(), ProblemCode::GridMixedAlternatives),
            ("errors[1]".into(), ProblemCode::GridRowIncomplete),
            (
                "errors[2].special".into(),
                ProblemCode::GridMissingValueOnPresentRow
            ),
        ]
    );
    let unknown = GridCells::from([
        (0, row(&[("special", "great")])),
        (1, row(&[("colour", "red")])),
    ]);
    let got = codes(&spec, &items[0], unknown);
    assert!(
        got.contains(&("errors[0].special".into(), ProblemCode::GridUnknownOption)),
        "{got:?}"
    );
    assert!(
        got.contains(&("errors[1].colour".into(), ProblemCode::GridUnknownOption)),
        "{got:?}"
    );
    assert!(
        got.contains(&("errors[2]".into(), ProblemCode::Required)),
        "{got:?}"
    );
}

#[test]
fn two_sentence_abstract_in_a_three_row_task() {
    let (spec, items) = example();
    let it = &items[1]; // two bullets
    let form = run(
        &spec,
        it,
        vec![
            choose(2, "special", "ok"),               // row 3 has no sentence: ignored
            choose(0, "special", "sentence_missing"), // only for missing rows: ignored
            choose(0, "mapping", "fabrication"),
            choose(0, "meaning", "not_entailed"),
            choose(1, "special", "ok"),
        ],
    );
    let doc = build(
        &bind(&spec, it),
        &form,
        &Environment::default(),
        &SortedMap::new(),
        1,
    )
    .expect("valid");
    let AnswerValue::Grid(rows) = &doc.answers[&errors()] else {
        panic!()
    };
    assert_eq!(rows.len(), 3);
    assert_eq!(
        rows[0].sentence.as_deref(),
        Some("Mauresmo bude v osmém měsíci těhotenství se svým prvním dítětem.")
    );
    assert_eq!(
        rows[0].cells["meaning"],
        CellValue::Leveled {
            category: "misleading".into(),
            value: "not_entailed".into()
        }
    );
    assert_eq!(
        rows[0].cells["mapping"],
        CellValue::Option("fabrication".into())
    );
    assert_eq!(
        rows[1].cells,
        SortedMap::from([("special".to_owned(), CellValue::Option("ok".into()))])
    );
    assert_eq!((rows[2].row, rows[2].sentence.as_deref()), (3, None));
    assert_eq!(
        rows[2].cells,
        SortedMap::from([(
            "special".to_owned(),
            CellValue::Option("sentence_missing".into())
        )])
    );
    let json = serde_json::to_value(&doc).unwrap();
    assert_eq!(
        json["answers"]["errors"][0]["meaning"],
        serde_json::Value::Null,
        "cells sit under `cells`"
    );
    assert_eq!(
        json["answers"]["errors"][0]["cells"]["meaning"],
        serde_json::json!({"category": "misleading", "value": "not_entailed"})
    );
}

#[test]
fn choosing_the_other_side_clears_and_undo_restores() {
    let (spec, items) = example();
    let it = &items[0];
    let form = run(
        &spec,
        it,
        vec![
            choose(0, "mapping", "omission"),
            choose(0, "meaning", "ungrammatical"),
            choose(0, "special", "ok"),
        ],
    );
    assert_eq!(
        form.answers[&errors()],
        Answer::Grid(GridCells::from([(0, row(&[("special", "ok")]))]))
    );
    let notice = form.grid_notice.clone().expect("a notice");
    assert_eq!(
        notice.cleared,
        vec!["mapping".to_owned(), "meaning".to_owned()]
    );
    let undone = apply(
        &bind(&spec, it),
        &form,
        Action::kind(errors(), KindEdit::Grid(GridEdit::Undo)),
    );
    assert_eq!(
        undone.answers[&errors()],
        Answer::Grid(GridCells::from([(
            0,
            row(&[("mapping", "omission"), ("meaning", "ungrammatical")])
        )]))
    );
    assert_eq!(undone.grid_notice, None);
    // Same column: the choice replaces, nothing to undo.
    let same = run(
        &spec,
        it,
        vec![
            choose(0, "mapping", "omission"),
            choose(0, "mapping", "fabrication"),
        ],
    );
    assert_eq!(same.grid_notice, None);
    let cleared = apply(
        &bind(&spec, it),
        &same,
        Action::kind(errors(), KindEdit::Grid(GridEdit::ClearRow(0))),
    );
    assert!(cleared.answers.is_empty());
}

#[test]
fn headline_task_has_one_row() {
    let spec = glossa::mount::load_spec(include_str!(
        "../www/examples/cs-summary-errors/headline-spec.json"
    ))
    .unwrap();
    let items = item::parse_items(include_str!(
        "../www/examples/cs-summary-errors/headline-items.json"
    ))
    .unwrap();
    let report = FormState::new(0).report(&bind(&spec, &items[0]));
    assert_eq!(report.problems.len(), 1);
    assert_eq!(
        (report.problems[0].path.as_str(), report.problems[0].code),
        ("errors[0]", ProblemCode::Required)
    );
}

/// An independent statement of the manual's rules, applied to a result row.
fn row_obeys_the_manual(
    g: &GridControl,
    cells: &SortedMap<String, CellValue>,
    present: bool,
) -> bool {
    let special = cells.contains_key("special");
    let mapping_meaning = cells.contains_key("mapping") && cells.contains_key("meaning");
    let either_or = (special && cells.len() == 1) ^ (mapping_meaning && cells.len() == 2);
    let missing = cells.get("special") == Some(&CellValue::Option("sentence_missing".into()));
    let known = cells.iter().all(|(col, v)| {
        let value = match v {
            CellValue::Option(v) | CellValue::Leveled { value: v, .. } => v,
        };
        g.column(col).and_then(|c| c.leaf(value)).is_some()
    });
    either_or && known && (missing != present)
}

fn grid_actions() -> impl Strategy<Value = Action> {
    let column_value = prop_oneof![
        Just(("special", "ok")),
        Just(("special", "repetitive")),
        Just(("special", "sentence_missing")),
        Just(("mapping", "omission")),
        Just(("mapping", "lack_of_rewriting")),
        Just(("meaning", "ungrammatical")),
        Just(("meaning", "pragmatic")),
        Just(("meaning", "malformed")),
        Just(("special", "nonsense")),
    ];
    prop_oneof![
        6 => (0usize..4, column_value).prop_map(|(row, (c, v))| choose(row, c, v)),
        1 => (0usize..4).prop_map(|row| Action::kind(errors(), KindEdit::Grid(GridEdit::ClearRow(row)))),
        1 => Just(Action::kind(errors(), KindEdit::Grid(GridEdit::Undo))),
        1 => Just(Action::SubmitRefused { now_ms: 0 }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// No sequence of actions leads to a submitted result that breaks a rule.
    #[test]
    fn no_action_sequence_submits_a_broken_row(
        which in 0usize..3,
        filled_first in any::<bool>(),
        actions in proptest::collection::vec(grid_actions(), 0..40),
    ) {
        let (spec, items) = example();
        let it = &items[which];
        // Half the runs start from a complete, valid grid, so many runs do reach a result.
        let mut all = if filled_first {
            vec![choose(0, "special", "ok"), choose(1, "mapping", "omission"), choose(1, "meaning", "pragmatic"), choose(2, "special", "repetitive")]
        } else {
            vec![]
        };
        all.extend(actions);
        let form = run(&spec, it, all);
        if let Ok(doc) = build(&bind(&spec, it), &form, &Environment::default(), &SortedMap::new(), 1) {
            let AnswerValue::Grid(rows) = &doc.answers[&errors()] else { panic!("grid answer") };
            prop_assert_eq!(rows.len(), 3);
            for r in rows {
                prop_assert!(row_obeys_the_manual(grid(&spec), &r.cells, r.sentence.is_some()), "row {:?}", r);
            }
        }
    }
}

/// Binds a spec and an item into a task (no shuffle seed).
fn bind(spec: &TaskSpec, item: &Item) -> Task {
    Task::new(spec.clone(), item.clone(), None)
}

/// A summary with four sentences on a three-row grid: nothing dropped silently. The fourth is
/// flagged as a warning in the report and the result, and `item::notes` (what `glossa check`
/// prints) names the item.
#[test]
fn a_fourth_sentence_is_flagged_not_dropped() {
    let (spec, _) = example();
    let items = item::parse_items(include_str!("fixtures/cs-four-sentences.json")).unwrap();
    let it = &items[0];
    assert_eq!(
        item::check_items(&spec, &items),
        vec![],
        "the widget shows such an item"
    );
    let extra = glossa::kinds::grid::rows::extra_sentences(grid(&spec), it);
    assert_eq!(
        extra,
        vec!["Pearson řekl, že kádr je po dlouhé sezoně unavený.".to_owned()]
    );
    let notes = item::notes(&spec, it, "items[0]");
    assert_eq!(notes.len(), 1);
    assert_eq!(notes[0].path, "items[0].generated");
    assert!(
        notes[0]
            .message
            .contains("item \"abs-104\" has 4 sentences"),
        "{}",
        notes[0].message
    );

    let t = Task::new(spec.clone(), it.clone(), None);
    let form = [0, 1, 2].into_iter().fold(FormState::new(0), |f, row| {
        apply(&t, &f, choose(row, "special", "ok"))
    });
    let report = validate(&t, &form.answers);
    assert!(report.is_valid(), "a warning never blocks: {report:?}");
    let doc = build(&t, &form, &Environment::default(), &SortedMap::new(), 1).unwrap();
    let json = serde_json::to_value(&doc).unwrap();
    assert_eq!(json["warnings"][0]["code"], "grid_extra_sentences");
    assert_eq!(json["warnings"][0]["path"], "errors");
    assert_eq!(json["answers"]["errors"].as_array().unwrap().len(), 3);
    // Items with as many sentences as rows, or fewer, carry no note.
    let (_, shipped) = example();
    assert!(shipped
        .iter()
        .all(|i| item::notes(&spec, i, "x").is_empty()));
}

#[test]
fn grid_actions_on_another_kind_of_control_change_nothing() {
    // The Italian task's single choice, answered: a row clearing or an undo addressed to it
    // (no screen sends one) must leave its answer as it is.
    let spec = glossa::mount::load_spec(include_str!("../www/examples/it-implicit/spec.json"))
        .expect("spec");
    let items =
        item::parse_items(include_str!("../www/examples/it-implicit/items.json")).expect("items");
    let task = bind(&spec, &items[0]);
    let choice = ControlId::from("valutazione");
    let chosen = apply(
        &task,
        &FormState::new(0),
        Action::kind(
            choice.clone(),
            KindEdit::SingleChoice("totalmente_corretto".into()),
        ),
    );
    assert_eq!(chosen.answers.len(), 1);
    let cleared = apply(
        &task,
        &chosen,
        Action::kind(choice.clone(), KindEdit::Grid(GridEdit::ClearRow(0))),
    );
    assert_eq!(cleared, chosen);
    let mut noticed = chosen.clone();
    noticed.grid_notice = Some(glossa::form::GridNotice {
        control: choice.clone(),
        row: 0,
        previous: SortedMap::new(),
        cleared: vec![],
    });
    let undone = apply(
        &task,
        &noticed,
        Action::kind(choice.clone(), KindEdit::Grid(GridEdit::Undo)),
    );
    assert_eq!(undone.answers, chosen.answers);
}
