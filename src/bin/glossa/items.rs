//! `glossa items`: a spreadsheet (CSV, TSV, XLSX, XLS, ODS) or JSON Lines made into the items
//! of a spec, every row that does not fit named by its row number.

use crate::files::{load_spec_file, read_bytes};
use crate::Outcome;
use glossa::item::Item;
use glossa::study::sheet::{self, Table};
use std::process::ExitCode;

/// Reads the table of a file by its extension: a workbook (`sheet`: which sheet, default the
/// first) or delimited text (tab for `.tsv`/`.tab`, else the header's delimiter).
fn read_table(path: &str, sheet_name: Option<&str>) -> Result<Table, String> {
    let bytes = read_bytes(path)?;
    let ext = path.rsplit('.').next().unwrap_or_default().to_lowercase();
    match ext.as_str() {
        "xlsx" | "xlsm" | "xlsb" | "xls" | "ods" => workbook(&bytes, sheet_name),
        "tsv" | "tab" => Ok(sheet::delimited(&sheet::decode(&bytes)?, Some('\t'))),
        _ => Ok(sheet::delimited(&sheet::decode(&bytes)?, None)),
    }
}

/// A sheet of a workbook as a table (row numbers as the spreadsheet shows them).
fn workbook(bytes: &[u8], sheet_name: Option<&str>) -> Result<Table, String> {
    use calamine::{Data, Reader};
    let mut book = calamine::open_workbook_auto_from_rs(std::io::Cursor::new(bytes.to_vec()))
        .map_err(|e| format!("not a workbook Glossa can read: {e}"))?;
    let names = book.sheet_names();
    let name = match sheet_name {
        Some(s) if names.iter().any(|n| n == s) => s.to_owned(),
        Some(s) => {
            return Err(format!(
                "no sheet \"{s}\" (the sheets: {})",
                names.join(", ")
            ))
        }
        None => names.first().cloned().ok_or("the workbook has no sheet")?,
    };
    let range = book
        .worksheet_range(&name)
        .map_err(|e| format!("sheet \"{name}\": {e}"))?;
    let first_row = range.start().map_or(0, |(r, _)| r as usize);
    let first_col = range.start().map_or(0, |(_, c)| c as usize);
    let text = |d: &Data| match d {
        Data::Empty => String::new(),
        Data::String(s) => s.clone(),
        // Excel keeps every number as a float: 7 is 7.0.
        Data::Float(f) if f.fract() == 0.0 && f.abs() < 1e15 => format!("{}", *f as i64),
        Data::Float(f) => f.to_string(),
        Data::Int(i) => i.to_string(),
        Data::Bool(b) => b.to_string(),
        other => other.to_string(),
    };
    // Cells left of the used range are empty columns: keep the header's columns in place.
    let pad = |cells: Vec<String>| [vec![String::new(); first_col], cells].concat();
    let mut rows = range.rows().enumerate();
    let header = rows
        .next()
        .map(|(_, r)| pad(r.iter().map(text).collect()))
        .unwrap_or_default();
    Ok(sheet::table(
        header,
        rows.map(|(i, r)| (first_row + i + 1, pad(r.iter().map(text).collect()))),
    ))
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
                    let problems = glossa::item::check_items(&spec, &items)
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
    for n in &notes {
        eprintln!("{path}: {n}");
    }
    for p in &problems {
        eprintln!("{path}: {p}");
    }
    let list: Vec<&Item> = items.iter().map(|(_, i)| i).collect();
    let text = match out {
        Some(o) if o.to_lowercase().ends_with(".json") => {
            serde_json::to_string_pretty(&list).expect("items serialise") + "\n"
        }
        _ => list
            .iter()
            .map(|i| serde_json::to_string(i).expect("items serialise") + "\n")
            .collect(),
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
