//! Reading the files a command names (or standard input for `-`), and printing their problems:
//! the one place that turns a file into a spec, items, gold or results for every command.

use glossa::mount::{self, Failed};
use glossa::study::gold;
use glossa::{item, spec};
use std::process::ExitCode;

/// Reads a file, or standard input for `-`.
pub fn read(path: &str) -> Result<String, ExitCode> {
    if path == "-" {
        let mut text = String::new();
        return std::io::Read::read_to_string(&mut std::io::stdin(), &mut text)
            .map(|_| text)
            .map_err(|e| {
                eprintln!("standard input: cannot read: {e}");
                ExitCode::from(2)
            });
    }
    std::fs::read_to_string(path).map_err(|e| {
        eprintln!("{path}: cannot read: {e}");
        ExitCode::from(2)
    })
}

/// Calls `f` with each line of a file (or standard input for `-`) and its number (from 1),
/// reading as it goes: memory stays that of one line however large the file.
pub fn each_line(path: &str, mut f: impl FnMut(usize, &str)) -> Result<(), ExitCode> {
    use std::io::BufRead;
    let fail = |e: std::io::Error| {
        eprintln!("{path}: cannot read: {e}");
        ExitCode::from(2)
    };
    let reader: Box<dyn BufRead> = if path == "-" {
        Box::new(std::io::BufReader::new(std::io::stdin()))
    } else {
        Box::new(std::io::BufReader::new(
            std::fs::File::open(path).map_err(fail)?,
        ))
    };
    let mut line = String::new();
    let mut reader = reader;
    let mut n = 0;
    loop {
        line.clear();
        if reader.read_line(&mut line).map_err(fail)? == 0 {
            return Ok(());
        }
        n += 1;
        f(n, line.trim_end_matches(['\n', '\r']));
    }
}

/// A study folder's files, found by their usual names: `spec.json`, `items.jsonl` (or
/// `items.json`), and `plan.json` when there is one (`glossa serve` and `glossa host`).
pub fn study_files(
    study: &std::path::Path,
) -> Result<
    (
        std::path::PathBuf,
        std::path::PathBuf,
        Option<std::path::PathBuf>,
    ),
    String,
> {
    let find = |names: &[&str]| names.iter().map(|n| study.join(n)).find(|p| p.is_file());
    let spec = find(&["spec.json"]).ok_or("no spec.json in the study folder")?;
    let items = find(&["items.jsonl", "items.json"])
        .ok_or("no items.jsonl or items.json in the study folder")?;
    Ok((spec, items, find(&["plan.json"])))
}

/// Reads a file's bytes, or standard input's for `-`; the message says why not.
pub fn read_bytes(path: &str) -> Result<Vec<u8>, String> {
    if path == "-" {
        let mut bytes = Vec::new();
        return std::io::Read::read_to_end(&mut std::io::stdin(), &mut bytes)
            .map(|_| bytes)
            .map_err(|e| format!("cannot read standard input: {e}"));
    }
    std::fs::read(path).map_err(|e| format!("cannot read: {e}"))
}

/// Prints a file's problems and their count; exit 1.
pub fn report(path: &str, issues: &[spec::SpecIssue]) -> ExitCode {
    for issue in issues {
        println!("{path}: {issue} [{:?}]", issue.code);
    }
    println!("{path}: {} problem(s)", issues.len());
    ExitCode::FAILURE
}

/// Reads and loads a spec file (with its worked examples), reporting its problems.
pub fn load_spec_file(spec_path: &str) -> Result<spec::TaskSpec, ExitCode> {
    match mount::load_spec(&read(spec_path)?) {
        Ok(spec) => Ok(spec),
        Err(issues) => Err(report(spec_path, &issues)),
    }
}

/// Reads and loads a spec and its items file, reporting the problems of whichever fails.
pub fn load_study(
    spec_path: &str,
    items_path: &str,
) -> Result<(spec::TaskSpec, Vec<item::Item>), ExitCode> {
    let (spec_text, items_text) = (read(spec_path)?, read(items_path)?);
    mount::study(&spec_text, &items_text).map_err(|(which, issues)| match which {
        Failed::Spec => report(spec_path, &issues),
        _ => report(items_path, &issues),
    })
}

/// Reads a gold file against the spec and items; every problem is printed with the file's name
/// and the field (exit 1: the file has problems to fix).
pub fn load_gold(
    path: &str,
    spec: &spec::TaskSpec,
    items: &[item::Item],
) -> Result<gold::Gold, ExitCode> {
    let text = read(path)?;
    gold::Gold::load(&text, spec, items).map_err(|problems| {
        for p in &problems {
            eprintln!("{path}: {p}");
        }
        eprintln!("{path}: {} problem(s); nothing was scored", problems.len());
        ExitCode::from(1)
    })
}

/// Reads an items file, reporting its problems.
pub fn load_items(path: &str) -> Result<Vec<item::Item>, ExitCode> {
    item::parse_items(&read(path)?).map_err(|issues| report(path, &issues))
}

/// Reads results as JSON Lines into the types that wrote them (each answer as its control's
/// kind writes it), naming each line that does not read (with its number and every problem)
/// and going on. The results come with their line numbers, and the count of bad lines makes
/// the exit code 1.
pub fn read_results(
    spec: &glossa::spec::TaskSpec,
    path: &str,
) -> Result<(Lines, Vec<glossa::result::ResultDoc>, usize), ExitCode> {
    let (results, bad) = glossa::analysis::read_results(spec, &read(path)?);
    for (line, message) in &bad {
        eprintln!("{path}:{line}: {message}");
    }
    let (lines, docs) = results.into_iter().unzip();
    Ok((Lines(lines), docs, bad.len()))
}

/// [`read_results`] without a spec: every answer holding a `questions` list is read as
/// authored questions (what `export poquad` needs), the rest of each result as results hold it.
pub fn read_questions(
    path: &str,
) -> Result<(Lines, Vec<glossa::result::ResultDoc>, usize), ExitCode> {
    let (lines, mut bad) = glossa::analysis::read_jsonl_lines(&read(path)?);
    let (lines, mut repeats) = glossa::analysis::duplicates::first_wins(lines);
    bad.append(&mut repeats);
    let (results, mut untyped) = glossa::analysis::export::read_questions(lines);
    bad.append(&mut untyped);
    bad.sort_by_key(|(line, _)| *line);
    for (line, message) in &bad {
        eprintln!("{path}:{line}: {message}");
    }
    let (lines, docs) = results.into_iter().unzip();
    Ok((Lines(lines), docs, bad.len()))
}

/// The line number (from 1) of each result read, by its position.
pub struct Lines(Vec<usize>);

impl Lines {
    /// The line of the `n`th result (from 0).
    pub fn of(&self, n: usize) -> usize {
        self.0[n]
    }
}

/// Exit 1 when some input lines or rows had problems (they were reported).
pub fn exit_for(problems: usize) -> ExitCode {
    if problems == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
