//! Helpers shared by the native integration tests: loading the shipped examples as tasks, the
//! actions that answer the propaganda task's plain attributes, and running the command line.
#![allow(dead_code)]

use glossa::form::{Action, KindEdit};
use glossa::item;
use glossa::kinds::span_attributes::SpanEdit;
use glossa::support::ids::{ControlId, OptionValue};
use glossa::task::Task;

/// Item `n` of a shipped example (`www/examples/DIR/SPEC`, `ITEMS`) as a task (no seed).
pub fn example_task(dir: &str, spec_file: &str, items_file: &str, n: usize) -> Task {
    let root = env!("CARGO_MANIFEST_DIR");
    let read = |f: &str| std::fs::read_to_string(format!("{root}/www/examples/{dir}/{f}")).unwrap();
    let s = glossa::mount::load_spec(&read(spec_file)).expect("the example spec loads");
    let items = item::parse_items(&read(items_file)).expect("the example items parse");
    assert_eq!(glossa::mount::check_items(&s, &items), vec![]);
    Task::new(s, items[n].clone(), None)
}

/// Actions giving every span attribute of the propaganda task, except those in `skip`, a
/// value that needs no span, and every document attribute a value.
pub fn propaganda_plain_answers(skip: &[&str]) -> Vec<Action> {
    let control = ControlId::from("techniky");
    let mut out = Vec::new();
    for (attr, v) in [
        ("misto", "nelze"),
        ("vina", "ne"),
        ("nalepkovani", "ne"),
        ("argumentace", "ne"),
        ("emoce", "zadna"),
        ("demonizace", "ne"),
        ("relativizace", "ne"),
        ("strach", "ne"),
        ("fabulace", "ne"),
        ("nazor", "ne"),
        ("zdroj", "ne"),
        ("odbornik", "ne"),
    ] {
        if !skip.contains(&attr) {
            out.push(Action::kind(
                control.clone(),
                KindEdit::SpanAttributes(SpanEdit::Value {
                    attr: attr.into(),
                    entry: 0,
                    value: Some(v.into()),
                }),
            ));
        }
    }
    for (c, v) in [
        ("tema", "migrace"),
        ("zanr", "komentar"),
        ("zamereni", "domaci"),
        ("vyzneni", "negativni"),
        ("obrazek", "ne"),
        ("video", "ne"),
    ] {
        out.push(Action::kind(
            ControlId::from(c),
            KindEdit::SingleChoice(OptionValue::from(v)),
        ));
    }
    out
}

/// A shipped example spec (path under `www/examples/`), loaded with its worked examples.
pub fn example_spec(path: &str) -> glossa::spec::TaskSpec {
    let file = format!("{}/www/examples/{path}", env!("CARGO_MANIFEST_DIR"));
    glossa::mount::load_spec(&std::fs::read_to_string(file).unwrap())
        .expect("the example spec loads")
}

/// Results (JSON, as a host hands them over) read into the types that wrote them.
#[allow(dead_code)]
pub fn typed(
    spec: &glossa::spec::TaskSpec,
    results: &[serde_json::Value],
) -> Vec<glossa::result::ResultDoc> {
    results
        .iter()
        .map(|r| glossa::result::ResultDoc::read(spec, r).expect("the result reads"))
        .collect()
}

/// The Python that runs the independent references (`tests/*_reference.py`):
/// `GLOSSA_PYTHON`, else the test set-up's `tests/.venv` (`scripts/setup.sh test` installs
/// scipy, krippendorff, statsmodels and choix there).
pub fn python() -> String {
    std::env::var("GLOSSA_PYTHON").unwrap_or_else(|_| {
        concat!(env!("CARGO_MANIFEST_DIR"), "/tests/.venv/bin/python").to_owned()
    })
}

/// Runs the `glossa` command line (the test's build of it) from the repository's root.
pub fn glossa(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_glossa"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("glossa runs")
}
