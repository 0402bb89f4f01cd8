//! The `glossa` command line: exit codes and reports, run as a researcher would.
#![cfg(not(target_arch = "wasm32"))]

use std::process::{Command, Output};

fn glossa(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_glossa"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn check_passes_on_the_shipped_example() {
    let o = glossa(&[
        "check",
        "www/examples/it-implicit/spec.json",
        "www/examples/it-implicit/items.json",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert!(stdout(&o).contains("ok (4 items)"));
}

#[test]
fn check_reports_every_spec_problem_with_its_path_and_fails() {
    let o = glossa(&["check", "tests/fixtures/bad-spec.json"]);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(out.contains("controls[0].options[1].value"), "{out}");
    assert!(out.contains("examples[0].item.annotazione_umana"), "{out}");
    assert!(out.contains("2 problem(s)"), "{out}");
}

#[test]
fn check_reports_items_missing_fields_and_duplicate_ids() {
    let dir = std::env::temp_dir().join(format!("glossa-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let items = dir.join("items.jsonl");
    std::fs::write(
        &items,
        "{\"id\":\"a\",\"testo\":\"t\",\"annotazione\":\"a\",\"output\":\"o\"}\n{\"id\":\"a\",\"testo\":\"t\",\"output\":7}\n",
    )
    .unwrap();
    let o = glossa(&[
        "check",
        "www/examples/it-implicit/spec.json",
        items.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(out.contains("items[1].annotazione"), "{out}");
    assert!(out.contains("items[1].output"), "{out}");
    assert!(out.contains("items[1].id"), "{out}");
}

#[test]
fn unreadable_file_and_bad_usage_exit_2() {
    assert_eq!(
        glossa(&["check", "no/such/spec.json"]).status.code(),
        Some(2)
    );
    assert_eq!(glossa(&["frobnicate"]).status.code(), Some(2));
}

#[test]
fn schema_is_json_and_documents_spec_fields() {
    let o = glossa(&["schema"]);
    assert_eq!(o.status.code(), Some(0));
    let schema: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("JSON");
    let text = schema.to_string();
    assert!(
        text.contains("single_choice"),
        "control kinds are in the schema"
    );
    assert!(
        text.contains("The long definition, in Markdown"),
        "field docs become descriptions"
    );
    assert_eq!(
        schema["additionalProperties"],
        serde_json::Value::Bool(false)
    );
}

#[test]
fn check_warns_about_a_summary_with_more_sentences_than_rows_and_passes() {
    let o = glossa(&[
        "check",
        "www/examples/cs-summary-errors/abstract-spec.json",
        "tests/fixtures/cs-four-sentences.json",
    ]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(0), "{out}");
    assert!(
        out.contains("tests/fixtures/cs-four-sentences.json: warning: items[0].generated: item \"abs-104\" has 4 sentences"),
        "{out}"
    );
    assert!(out.contains("[ExtraSentences]"), "{out}");
}
