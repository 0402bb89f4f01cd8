//! `glossa items`: a spreadsheet (CSV, TSV, XLSX, XLS, ODS) or JSON Lines made into the items
//! of a spec, every row that does not fit named by its row number.

use crate::files::{load_spec_file, read_bytes};
use crate::Outcome;
use glossa::item::Item;
use glossa::study::sheet::{self, Table};
use std::process::ExitCode;

/// Reads the table of a file by its extension (`sheet::read_table`).
fn read_table(path: &str, sheet_name: Option<&str>) -> Result<Table, String> {
    sheet::read_table(&read_bytes(path)?, path, sheet_name)
}

/// Makes the items; writes them (JSON Lines, or a JSON list for a `.json` `--out`) and names
/// every row that does not fit. Exit 1 when some rows did not (the others are written).
pub fn items(
    spec_path: &str,
    path: &str,
    map: &[(String, String)],
    sheet_name: Option<&str>,
    out: Option<&str>,
) -> Outcome {
    let spec = load_spec_file(spec_path)?;
    let lower = path.to_lowercase();
    let (items, problems, notes): (Vec<(usize, Item)>, Vec<String>, Vec<String>) =
        if lower.ends_with(".jsonl") || lower.ends_with(".json") {
            let text = crate::files::read(path)?;
            match glossa::item::parse_items(&text) {
                Ok(items) => {
                    let problems = glossa::mount::check_items(&spec, &items)
                        .iter()
                        .map(ToString::to_string)
                        .collect();
                    (
                        items
                            .into_iter()
                            .enumerate()
                            .map(|(n, i)| (n + 1, i))
                            .collect(),
                        problems,
                        vec![],
                    )
                }
                Err(issues) => (
                    vec![],
                    issues.iter().map(ToString::to_string).collect(),
                    vec![],
                ),
            }
        } else {
            let table = match read_table(path, sheet_name) {
                Ok(t) => t,
                Err(e) => {
                    eprintln!("{path}: {e}");
                    return Err(ExitCode::from(2));
                }
            };
            let (items, problems, notes) = sheet::items(&spec, &table, map);
            let bad_rows: Vec<usize> = problems.iter().filter_map(|p| p.row).collect();
            let fatal = problems.iter().any(|p| p.row.is_none());
            let items = if fatal {
                vec![]
            } else {
                items
                    .into_iter()
                    .filter(|(r, _)| !bad_rows.contains(r))
                    .collect()
            };
            (
                items,
                problems.iter().map(ToString::to_string).collect(),
                notes,
            )
        };
    write(path, &items, &problems, &notes, out)
}

/// Items made from another tool's output (`--from`): each with the model's suggestions,
/// checked against the spec like any items; written as [`items`] writes them.
pub fn imported(
    spec_path: &str,
    path: &str,
    from: &str,
    model: Option<&str>,
    control: Option<&str>,
    out: Option<&str>,
) -> Outcome {
    let spec = load_spec_file(spec_path)?;
    if from.eq_ignore_ascii_case("mqm-tsv") || from.eq_ignore_ascii_case("mqm") {
        let text = crate::files::read(path)?;
        let made = glossa::analysis::mqm_tsv::read(&spec, &text);
        let mut problems = made.problems;
        problems.extend(
            glossa::mount::check_items(&spec, &made.items)
                .iter()
                .map(ToString::to_string),
        );
        let items: Vec<(usize, Item)> = made.items.into_iter().enumerate().collect();
        return write(path, &items, &problems, &made.notes, out);
    }
    if from.eq_ignore_ascii_case("brat") {
        return brat(&spec, spec_path, path, model, control, out);
    }
    let Some(format) = glossa::study::import::Format::read(from) else {
        eprintln!("--from {from}: give labelstudio, spacy, brat or mqm-tsv");
        return Err(ExitCode::from(2));
    };
    shows_suggestions(spec_path, &spec)?;
    let text = crate::files::read(path)?;
    let made = glossa::study::import::import(&spec, &text, format, model, control);
    let list: Vec<Item> = made.items.iter().map(|(_, i)| i.clone()).collect();
    let mut problems = made.problems;
    problems.extend(
        glossa::mount::check_items(&spec, &list)
            .iter()
            .map(ToString::to_string),
    );
    write(path, &made.items, &problems, &made.notes, out)
}

/// Refuses a spec that shows no suggestions (what an import makes of another tool's output).
fn shows_suggestions(spec_path: &str, spec: &glossa::spec::TaskSpec) -> Result<(), ExitCode> {
    if spec.suggestions.is_none() {
        eprintln!(
            "{spec_path}: the spec shows no suggestions: add \"suggestions\": {{}} to it first"
        );
        return Err(ExitCode::from(2));
    }
    Ok(())
}

/// Items from a folder of brat documents (every `.txt` with its `.ann`, in sub-folders too;
/// a missing `.ann` is a document with nothing marked), each with the suggestions its
/// standoff makes for the span control (`control`, or the spec's only one) and the relations
/// control over it; the model is `model`, or the folder's name.
fn brat(
    spec: &glossa::spec::TaskSpec,
    spec_path: &str,
    dir: &str,
    model: Option<&str>,
    control: Option<&str>,
    out: Option<&str>,
) -> Outcome {
    fn texts(dir: &std::path::Path, found: &mut Vec<std::path::PathBuf>) -> std::io::Result<()> {
        for entry in std::fs::read_dir(dir)? {
            let path = entry?.path();
            if path.is_dir() {
                texts(&path, found)?;
            } else if path.extension().is_some_and(|e| e == "txt") {
                found.push(path);
            }
        }
        Ok(())
    }
    shows_suggestions(spec_path, spec)?;
    let c = glossa::kinds::span_labels::exports::control(spec, control).map_err(|m| {
        eprintln!("{spec_path}: {m}");
        ExitCode::from(2)
    })?;
    let root = std::path::Path::new(dir);
    let mut found = Vec::new();
    if let Err(e) = texts(root, &mut found) {
        eprintln!("{dir}: cannot read the folder of brat documents: {e}");
        return Err(ExitCode::from(2));
    }
    found.sort();
    let mut docs = Vec::new();
    for txt in found {
        let name = txt.strip_prefix(root).unwrap_or(&txt).with_extension("");
        let text = crate::files::read(&txt.to_string_lossy())?;
        let ann = std::fs::read_to_string(txt.with_extension("ann")).unwrap_or_default();
        let name = name.to_string_lossy().replace('\\', "/");
        docs.push(glossa::kinds::span_labels::brat::Doc { name, text, ann });
    }
    if docs.is_empty() {
        eprintln!("{dir}: no brat documents (.txt with .ann) in the folder");
        return Err(ExitCode::from(2));
    }
    let folder = root.file_name().map(|n| n.to_string_lossy().into_owned());
    let model = model
        .map(str::to_owned)
        .or(folder)
        .unwrap_or_else(|| "brat".to_owned());
    let made = glossa::kinds::span_labels::brat::import(spec, c, &docs, &model);
    let list: Vec<Item> = made.items.iter().map(|(_, i)| i.clone()).collect();
    let mut problems = made.problems;
    problems.extend(
        glossa::mount::check_items(spec, &list)
            .iter()
            .map(ToString::to_string),
    );
    write(dir, &made.items, &problems, &made.notes, out)
}

/// Writes items (JSON Lines; a JSON list for a `.json` `out`), naming the notes and problems
/// on standard error. Exit 1 when there were problems (the items read are written).
fn write(
    path: &str,
    items: &[(usize, Item)],
    problems: &[String],
    notes: &[String],
    out: Option<&str>,
) -> Outcome {
    for n in notes {
        eprintln!("{path}: {n}");
    }
    for p in problems {
        eprintln!("{path}: {p}");
    }
    let list: Vec<&Item> = items.iter().map(|(_, i)| i).collect();
    let text = match out {
        Some(o) if o.to_lowercase().ends_with(".json") => {
            serde_json::to_string_pretty(&list).expect("items serialise") + "\n"
        }
        _ => glossa::item::json_lines(list.iter().copied()),
    };
    match out {
        Some(o) => {
            if let Err(e) = std::fs::write(o, text) {
                eprintln!("{o}: cannot write: {e}");
                return Err(ExitCode::from(2));
            }
        }
        None => print!("{text}"),
    }
    eprintln!(
        "{path}: {} item(s) written{}",
        list.len(),
        if problems.is_empty() {
            String::new()
        } else {
            format!(", {} problem(s)", problems.len())
        }
    );
    Ok(if problems.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}
