//! The `glossa` command line: check spec and items files, print the spec's JSON Schema.

use glossa::{item, spec};
use std::process::ExitCode;

const USAGE: &str = "usage:
  glossa check SPEC.json [ITEMS.json|ITEMS.jsonl]   report every problem, exit 1 if any
  glossa schema                                     print the task spec's JSON Schema";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    match args.as_slice() {
        ["schema"] => {
            let schema = schemars::schema_for!(spec::TaskSpec);
            println!(
                "{}",
                serde_json::to_string_pretty(&schema).expect("schema serialises")
            );
            ExitCode::SUCCESS
        }
        ["check", spec_path] => check(spec_path, None),
        ["check", spec_path, items_path] => check(spec_path, Some(items_path)),
        ["-h" | "--help" | "help"] => {
            println!("{USAGE}");
            ExitCode::SUCCESS
        }
        _ => {
            eprintln!("{USAGE}");
            ExitCode::from(2)
        }
    }
}

fn read(path: &str) -> Result<String, ExitCode> {
    std::fs::read_to_string(path).map_err(|e| {
        eprintln!("{path}: cannot read: {e}");
        ExitCode::from(2)
    })
}

fn check(spec_path: &str, items_path: Option<&str>) -> ExitCode {
    let spec_text = match read(spec_path) {
        Ok(t) => t,
        Err(code) => return code,
    };
    let spec = match spec::load(&spec_text) {
        Ok(spec) => spec,
        Err(issues) => return report(spec_path, &issues),
    };
    let Some(items_path) = items_path else {
        println!("{spec_path}: ok");
        return ExitCode::SUCCESS;
    };
    let items_text = match read(items_path) {
        Ok(t) => t,
        Err(code) => return code,
    };
    let issues = match item::parse_items(&items_text) {
        Ok(items) => {
            let issues = item::check_items(&spec, &items);
            if issues.is_empty() {
                println!("{spec_path}: ok\n{items_path}: ok ({} items)", items.len());
                return ExitCode::SUCCESS;
            }
            issues
        }
        Err(issues) => issues,
    };
    println!("{spec_path}: ok");
    report(items_path, &issues)
}

fn report(path: &str, issues: &[spec::SpecIssue]) -> ExitCode {
    for issue in issues {
        println!("{path}: {issue} [{:?}]", issue.code);
    }
    println!("{path}: {} problem(s)", issues.len());
    ExitCode::FAILURE
}
