//! The book (`docs/src/`) cannot drift from the code: every spec, items, gold and result
//! snippet it shows is checked the way `glossa check` and `glossa validate` check files, every
//! other JSON snippet must parse (or say it is a fragment: ```json fragment), and the command
//! line reference is what clap prints (`GLOSSA_WRITE_DOCS=1` rewrites it).
#![cfg(not(target_arch = "wasm32"))]

use glossa::study::gold::Gold;
use glossa::{item, mount};
use std::path::{Path, PathBuf};
use std::process::Command;

/// Every Markdown file of the book.
fn chapters() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|x| x == "md") {
                out.push(p);
            }
        }
    }
    let mut out = Vec::new();
    walk(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/src"),
        &mut out,
    );
    out.sort();
    out
}

/// The fenced blocks of a chapter: (info string, first line number, text).
fn blocks(text: &str) -> Vec<(String, usize, String)> {
    let mut out = Vec::new();
    let mut open: Option<(String, usize, String)> = None;
    for (n, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        match (&mut open, trimmed.strip_prefix("```")) {
            (None, Some(info)) => open = Some((info.trim().to_owned(), n + 1, String::new())),
            (Some(_), Some("")) => out.push(open.take().unwrap()),
            (Some((_, _, body)), _) => {
                body.push_str(line);
                body.push('\n');
            }
            (None, None) => {}
        }
    }
    out
}

#[test]
fn every_json_snippet_in_the_book_is_checked() {
    let mut failures = Vec::new();
    let mut checked = 0;
    for path in chapters() {
        let text = std::fs::read_to_string(&path).unwrap();
        let name = path
            .strip_prefix(env!("CARGO_MANIFEST_DIR"))
            .unwrap()
            .display()
            .to_string();
        let (mut spec, mut items) = (None, None);
        for (info, line, body) in blocks(&text) {
            let at = format!("{name}:{line}");
            let mut words = info.split_whitespace();
            if words.next() != Some("json") {
                continue;
            }
            checked += 1;
            match words.next() {
                Some("fragment") => {}
                Some("spec") => match mount::load_spec(&body) {
                    Ok(s) => spec = Some(s),
                    Err(issues) => failures.push(format!("{at}: spec: {issues:?}")),
                },
                Some("items") => match (&spec, item::parse_items(&body)) {
                    (_, Err(issues)) => failures.push(format!("{at}: items: {issues:?}")),
                    (None, _) => {
                        failures.push(format!("{at}: items before any spec in the chapter"))
                    }
                    (Some(s), Ok(list)) => {
                        let issues = mount::check_items(s, &list);
                        if !issues.is_empty() {
                            failures.push(format!("{at}: items: {issues:?}"));
                        }
                        items = Some(list);
                    }
                },
                Some("gold") => match (&spec, &items) {
                    (Some(s), Some(i)) => {
                        if let Err(p) = Gold::load(&body, s, i) {
                            failures.push(format!("{at}: gold: {p:?}"));
                        }
                    }
                    _ => {
                        failures.push(format!("{at}: gold before a spec and items in the chapter"))
                    }
                },
                _ => {
                    if let Err(e) = serde_json::from_str::<serde_json::Value>(&body) {
                        failures.push(format!(
                            "{at}: not JSON ({e}); mark a fragment ```json fragment"
                        ));
                    }
                }
            }
        }
    }
    assert!(checked > 5, "the book has JSON snippets ({checked})");
    assert!(failures.is_empty(), "{failures:#?}");
}

/// The command line reference: each command's `--help`, as clap prints it.
fn cli_reference() -> String {
    let help = |args: &[&str]| {
        let o = Command::new(env!("CARGO_BIN_EXE_glossa"))
            .args(args)
            .output()
            .unwrap();
        String::from_utf8(o.stdout).unwrap()
    };
    let mut out = String::from(
        "# Command line reference\n\nWhat `glossa help <command>` prints, for every command (this page is written by \
         `GLOSSA_WRITE_DOCS=1 cargo test --no-default-features --test book`, and a test fails when it differs \
         from the program).\n\n## glossa\n\n```text\n",
    );
    out.push_str(&help(&["--help"]));
    out.push_str("```\n");
    for cmd in [
        &["check"][..],
        &["validate"],
        &["export", "poquad"],
        &["export", "csv"],
        &["export", "rankme"],
        &["export", "conll"],
        &["export", "label-studio"],
        &["export", "spacy"],
        &["export", "brat"],
        &["export", "mqm-tsv"],
        &["export", "dataset"],
        &["collect"],
        &["agreement"],
        &["aggregate"],
        &["payments"],
        &["simulate"],
        &["report"],
        &["plan"],
        &["items"],
        &["examples"],
        &["studio"],
        &["doctor"],
        &["serve"],
        &["host"],
        &["schema"],
        &["strings"],
    ] {
        let mut args: Vec<&str> = cmd.to_vec();
        args.push("--help");
        out.push_str(&format!(
            "\n## glossa {}\n\n```text\n{}```\n",
            cmd.join(" "),
            help(&args)
        ));
    }
    out
}

#[test]
fn the_cli_reference_is_what_the_program_prints() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/src/cli-reference.md");
    let want = cli_reference();
    if std::env::var_os("GLOSSA_WRITE_DOCS").is_some() {
        std::fs::write(&path, &want).unwrap();
    }
    let have = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(have == want, "docs/src/cli-reference.md differs from the program: GLOSSA_WRITE_DOCS=1 cargo test --no-default-features --test book");
}
