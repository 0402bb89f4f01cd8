//! Items from a spreadsheet: a table (CSV, TSV, XLSX, XLS, ODS) read into rows, and rows made
//! into items for a spec — one item per row, one field per column — with every row that does
//! not fit named by the row number the spreadsheet shows (the header is row 1).
//!
//! A column becomes the field of its header's name; `--map field=Column` names another. The id
//! is the column `id` or `item_id` (any case) unless mapped. A field the spec needs that no
//! column is named after is taken from the column whose name differs only in case, spaces,
//! dashes or underscores (`Article` for `article`). A cell holding a JSON list or object
//! (`[{"id": "sys-a", "text": "…"}]`) is that value; columns `outputs.sys-a`, `outputs.sys-b`
//! make the list of outputs `[{"id": "sys-a", "text": …}, …]` in column order.

use crate::item::{check_items, Item};
use crate::spec::{SpecIssueCode, TaskSpec};
use crate::support::delimited;
use crate::support::sorted_map::SortedMap;
use serde_json::Value;

/// A table: the header and the rows, each with the row number the spreadsheet shows.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Table {
    /// Column names (row 1).
    pub header: Vec<String>,
    /// `(row number, cells)`, from row 2; rows with every cell empty are left out.
    pub rows: Vec<(usize, Vec<String>)>,
}

/// A row that does not become an item, or a column the mapping names that is not there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RowProblem {
    /// The row (`None`: the whole table, e.g. a missing column).
    pub row: Option<usize>,
    /// The column, when the problem is one cell's.
    pub column: Option<String>,
    /// What is wrong and what to do.
    pub message: String,
}

impl std::fmt::Display for RowProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (&self.row, &self.column) {
            (Some(r), Some(c)) => write!(f, "row {r}, column \"{c}\": {}", self.message),
            (Some(r), None) => write!(f, "row {r}: {}", self.message),
            (None, Some(c)) => write!(f, "column \"{c}\": {}", self.message),
            (None, None) => f.write_str(&self.message),
        }
    }
}

/// Reads the table of a file's bytes by its name's extension: a workbook (`sheet_name`: which
/// sheet, default the first) or delimited text (tab for `.tsv`/`.tab`, else the header's
/// delimiter). The CLI's `glossa items` and the studio (in the researcher's wasm) read with it.
#[cfg(any(not(target_arch = "wasm32"), feature = "report-web"))]
pub fn read_table(bytes: &[u8], path: &str, sheet_name: Option<&str>) -> Result<Table, String> {
    let ext = path.rsplit('.').next().unwrap_or_default().to_lowercase();
    match ext.as_str() {
        "xlsx" | "xlsm" | "xlsb" | "xls" | "ods" => workbook(bytes, sheet_name),
        "tsv" | "tab" => delimited(&decode(bytes)?, Some('\t')),
        _ => delimited(&decode(bytes)?, None),
    }
}

/// The most a workbook may unpack to (its zip's entries together): far above any items file
/// (10,000 rows of text are a few MB), far below what would exhaust a laptop.
const MAX_UNPACKED: u64 = 64 << 20;
/// The most filled cells a sheet may have.
const MAX_CELLS: usize = 2_000_000;

/// A workbook that is a zip (XLSX, XLSM, XLSB, ODS) is refused when it would unpack to more
/// than [`MAX_UNPACKED`] (a zip bomb: a megabyte that unpacks to gigabytes).
#[cfg(any(not(target_arch = "wasm32"), feature = "report-web"))]
fn check_unpacked(bytes: &[u8]) -> Result<(), String> {
    if !bytes.starts_with(b"PK") {
        return Ok(());
    }
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(bytes))
        .map_err(|e| format!("not a workbook Glossa can read: {e}"))?;
    let mut total = 0u64;
    for i in 0..zip.len() {
        let entry = zip
            .by_index_raw(i)
            .map_err(|e| format!("not a workbook Glossa can read: {e}"))?;
        total = total.saturating_add(entry.size());
    }
    if total > MAX_UNPACKED {
        return Err(format!(
            "the workbook unpacks to {} MB, more than the {} MB Glossa reads: keep only the items' sheet, or save it as CSV",
            total >> 20,
            MAX_UNPACKED >> 20
        ));
    }
    Ok(())
}

/// A cell's text as the table holds it.
#[cfg(any(not(target_arch = "wasm32"), feature = "report-web"))]
fn cell_text(d: &calamine::Data) -> String {
    use calamine::Data;
    match d {
        Data::Empty => String::new(),
        Data::String(s) => s.clone(),
        // Excel keeps every number as a float: 7 is 7.0.
        Data::Float(f) if f.fract() == 0.0 && f.abs() < 1e15 => format!("{}", *f as i64),
        Data::Float(f) => f.to_string(),
        Data::Int(i) => i.to_string(),
        Data::Bool(b) => b.to_string(),
        other => other.to_string(),
    }
}

/// Rows of filled cells (`(row, [(column, text)])`, from 0) as a table: each row as wide as
/// its own last cell (a stray cell far away makes one wide row, never a huge grid); row
/// numbers as the spreadsheet shows them.
#[cfg(any(not(target_arch = "wasm32"), feature = "report-web"))]
fn sparse_table(rows: std::collections::BTreeMap<u32, Vec<(u32, String)>>) -> Table {
    let place = |cells: Vec<(u32, String)>| {
        let width = cells
            .iter()
            .map(|(c, _)| *c as usize + 1)
            .max()
            .unwrap_or(0);
        let mut out = vec![String::new(); width];
        for (c, v) in cells {
            out[c as usize] = v;
        }
        out
    };
    let mut rows = rows.into_iter();
    let header = rows.next().map(|(_, r)| place(r)).unwrap_or_default();
    table(
        header,
        rows.map(|(r, cells)| (r as usize + 1, place(cells))),
    )
}

/// A sheet of a workbook as a table (row numbers as the spreadsheet shows them). XLSX is read
/// cell by cell (a sheet with cells at A1 and XFD1048576 is two cells, not 17 billion); a
/// workbook that unpacks too large, or a sheet with too many cells, is refused with the reason.
#[cfg(any(not(target_arch = "wasm32"), feature = "report-web"))]
fn workbook(bytes: &[u8], sheet_name: Option<&str>) -> Result<Table, String> {
    use calamine::Reader;
    check_unpacked(bytes)?;
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
    let too_many = || {
        format!("sheet \"{name}\": more than {MAX_CELLS} filled cells: keep only the items' columns and rows")
    };
    let mut rows: std::collections::BTreeMap<u32, Vec<(u32, String)>> = Default::default();
    let mut filled = 0usize;
    if let calamine::Sheets::Xlsx(xlsx) = &mut book {
        let mut cells = xlsx
            .worksheet_cells_reader(&name)
            .map_err(|e| format!("sheet \"{name}\": {e}"))?;
        while let Some(cell) = cells
            .next_cell()
            .map_err(|e| format!("sheet \"{name}\": {e}"))?
        {
            let (r, c) = cell.get_position();
            let text = cell_text(&calamine::Data::from(cell.get_value().clone()));
            if text.is_empty() {
                continue;
            }
            filled += 1;
            if filled > MAX_CELLS {
                return Err(too_many());
            }
            rows.entry(r).or_default().push((c, text));
        }
        return Ok(sparse_table(rows));
    }
    let range = book
        .worksheet_range(&name)
        .map_err(|e| format!("sheet \"{name}\": {e}"))?;
    for (r, c, d) in range.used_cells() {
        let text = cell_text(d);
        if text.is_empty() {
            continue;
        }
        filled += 1;
        if filled > MAX_CELLS {
            return Err(too_many());
        }
        let start = range.start().unwrap_or((0, 0));
        rows.entry(start.0 + r as u32)
            .or_default()
            .push((start.1 + c as u32, text));
    }
    Ok(sparse_table(rows))
}

/// Text decoded as a spreadsheet program saves it: UTF-8 with or without a byte order mark,
/// or UTF-16 (little or big endian) with one (Excel's "Unicode text").
pub fn decode(bytes: &[u8]) -> Result<String, String> {
    let utf16 = |be: bool| {
        let units: Vec<u16> = bytes[2..]
            .chunks_exact(2)
            .map(|p| {
                if be {
                    u16::from_be_bytes([p[0], p[1]])
                } else {
                    u16::from_le_bytes([p[0], p[1]])
                }
            })
            .collect();
        String::from_utf16(&units).map_err(|_| "not valid UTF-16 text".to_owned())
    };
    let utf8 = |b: &[u8]| {
        String::from_utf8(b.to_vec()).map_err(|_| {
            "not UTF-8 text: save the file as \"CSV UTF-8\" (Excel) or with UTF-8 encoding"
                .to_owned()
        })
    };
    match bytes {
        [0xFF, 0xFE, ..] => utf16(false),
        [0xFE, 0xFF, ..] => utf16(true),
        [0xEF, 0xBB, 0xBF, rest @ ..] => utf8(rest),
        _ => utf8(bytes),
    }
}

/// A delimited text as a table. `sep` `None` takes the delimiter of the header line: a tab, or
/// `;` when it has more of them than commas (Excel in many European locales), else `,`. Lines
/// end at LF, CRLF or a lone CR (classic Mac). A quote never closed is refused, naming its line.
pub fn delimited(text: &str, sep: Option<char>) -> Result<Table, String> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let first = text.split(['\n', '\r']).next().unwrap_or_default();
    let sep = sep.unwrap_or_else(|| {
        if first.contains('\t') {
            '\t'
        } else if first.matches(';').count() > first.matches(',').count() {
            ';'
        } else {
            ','
        }
    });
    let sep = u8::try_from(sep).ok().filter(u8::is_ascii).unwrap_or(b',');
    let (records, unclosed) = delimited::read_delimited(text, sep);
    if let Some(line) = unclosed {
        return Err(delimited::unclosed_message(line));
    }
    let mut records = records.into_iter();
    let header = records.next().map(|r| r.fields).unwrap_or_default();
    // Rows are numbered as a spreadsheet program shows them (a quoted line break does not
    // start a row): the header is row 1.
    Ok(table(
        header,
        records.enumerate().map(|(i, r)| (i + 2, r.fields)),
    ))
}

/// A table from its header and rows, empty rows left out and cells' trailing `\r` trimmed.
pub fn table(header: Vec<String>, rows: impl Iterator<Item = (usize, Vec<String>)>) -> Table {
    let clean = |cells: Vec<String>| -> Vec<String> {
        cells
            .into_iter()
            .map(|c| c.trim_end_matches('\r').to_owned())
            .collect()
    };
    Table {
        header: clean(header)
            .into_iter()
            .map(|h| h.trim().to_owned())
            .collect(),
        rows: rows
            .map(|(n, cells)| (n, clean(cells)))
            .filter(|(_, cells)| cells.iter().any(|c| !c.trim().is_empty()))
            .collect(),
    }
}

/// A column name as compared for the default mapping: lower case, without spaces, dashes and
/// underscores.
fn loose(name: &str) -> String {
    name.chars()
        .filter(|c| !matches!(c, ' ' | '-' | '_'))
        .flat_map(char::to_lowercase)
        .collect()
}

/// A cell as an item field's value: a JSON list or object when it holds one, else the text.
fn cell_value(cell: &str) -> Value {
    let t = cell.trim();
    if t.starts_with('[') || t.starts_with('{') {
        if let Ok(v) = serde_json::from_str::<Value>(t) {
            if v.is_array() || v.is_object() {
                return v;
            }
        }
    }
    Value::String(cell.to_owned())
}

/// What a column becomes.
#[derive(Clone, Debug, PartialEq)]
enum Target {
    /// The item id.
    Id,
    /// A field.
    Field(String),
    /// One output (`id`) of a list field.
    Output(String, String),
}

/// The item fields the spec shows or asks about (blocks, span texts, outputs), as the checks
/// find them missing from an item that has only an id: what a column mapping offers.
pub fn needed_fields(spec: &TaskSpec) -> Vec<String> {
    let bare = Item {
        id: "x".to_owned(),
        fields: SortedMap::new(),
    };
    let mut out: Vec<String> = check_items(spec, &[bare])
        .into_iter()
        .filter(|i| i.code == SpecIssueCode::MissingField)
        .filter_map(|i| {
            let field = i.path.strip_prefix("items[0].")?;
            Some(field.split(['.', '[']).next().unwrap_or(field).to_owned())
        })
        .collect();
    out.dedup();
    out
}

/// The item fields that hold a list of outputs (`outputs.field` of the controls asked per
/// output): a column each output, its header the output's id.
pub fn output_fields(spec: &TaskSpec) -> Vec<String> {
    let mut out: Vec<String> = spec
        .controls
        .iter()
        .filter_map(|c| {
            use crate::item::ItemFields;
            crate::spec::each_control!(c, k => k.outputs_source()).map(|s| s.field.to_string())
        })
        .chain(
            spec.sections()
                .filter_map(|(_, s)| Some(s.outputs.as_ref()?.field.to_string())),
        )
        .collect();
    out.sort();
    out.dedup();
    out
}

/// Every item field the spec reads: the fields its blocks and controls name (`field`,
/// `text_field`, `url_field`, …), shown or optional.
pub fn read_fields(spec: &TaskSpec) -> Vec<String> {
    fn walk(v: &Value, out: &mut Vec<String>) {
        match v {
            Value::Object(map) => {
                for (k, v) in map {
                    match v {
                        Value::String(s) if k == "field" || k.ends_with("_field") => {
                            out.push(s.clone())
                        }
                        _ => walk(v, out),
                    }
                }
            }
            Value::Array(list) => list.iter().for_each(|v| walk(v, out)),
            _ => {}
        }
    }
    let mut out = Vec::new();
    for part in [
        serde_json::to_value(&spec.blocks),
        serde_json::to_value(&spec.controls),
    ]
    .into_iter()
    .flatten()
    {
        walk(&part, &mut out);
    }
    out.extend(needed_fields(spec));
    out.sort();
    out.dedup();
    out
}

/// How to map the outputs of `field` (an output list): one column each, named by the table's
/// columns the spec reads nothing from when there are some (`spare`).
fn outputs_hint(field: &str, spare: &[&str]) -> String {
    let columns = if spare.is_empty() {
        "COLUMN,COLUMN".to_owned()
    } else {
        spare.join(",")
    };
    format!("--map {field}={columns} (one column per output; each header becomes the output's id)")
}

/// Whether `col` is one column whose cells each hold a JSON list (a whole list of outputs per
/// cell, as `glossa items` writes them back), rather than one output's texts.
fn json_lists(table: &Table, col: &str) -> bool {
    let Some(i) = table.header.iter().position(|h| h == col) else {
        return false;
    };
    let cells: Vec<&str> = table
        .rows
        .iter()
        .filter_map(|(_, r)| r.get(i).map(|c| c.trim()))
        .filter(|c| !c.is_empty())
        .collect();
    !cells.is_empty() && cells.iter().all(|c| c.starts_with('['))
}

/// The table's columns the spec reads nothing from (not the id, not a field it reads, not an
/// output `list.id`): what outputs may be in.
fn spare_columns<'a>(table: &'a Table, reads: &[String]) -> Vec<&'a str> {
    table
        .header
        .iter()
        .map(String::as_str)
        .filter(|h| {
            !h.is_empty()
                && !["id", "item_id"].contains(&h.to_lowercase().as_str())
                && !reads
                    .iter()
                    .any(|r| r == h || h.starts_with(&format!("{r}.")))
        })
        .collect()
}

/// The items of a table for a spec, with their row numbers, and every problem: a mapped
/// column that is not there, a row without an id, a row that does not fit the spec (by the
/// checks `glossa check` runs), an id used twice.
pub fn items(
    spec: &TaskSpec,
    table: &Table,
    map: &[(String, String)],
) -> (Vec<(usize, Item)>, Vec<RowProblem>, Vec<String>) {
    let mut notes = Vec::new();
    let (items, problems, missing) = try_items(spec, table, map);
    // A field the spec needs that no column is named after: the column whose name differs
    // only in case, spaces, dashes or underscores. With any found, the rows are read again.
    let mut map = map.to_vec();
    for field in &missing {
        if let Some(col) = table.header.iter().find(|h| loose(h) == loose(field)) {
            notes.push(format!("field \"{field}\" taken from column \"{col}\""));
            map.push((field.clone(), col.clone()));
        }
    }
    if notes.is_empty() {
        return (items, problems, notes);
    }
    let (items, problems, _) = try_items(spec, table, &map);
    (items, problems, notes)
}

/// One pass: the items, every problem, and the fields the spec needs that some row lacks
/// (sorted, each once).
#[allow(clippy::type_complexity)]
fn try_items(
    spec: &TaskSpec,
    table: &Table,
    map: &[(String, String)],
) -> (Vec<(usize, Item)>, Vec<RowProblem>, Vec<String>) {
    let mut problems = Vec::new();
    let mut missing = Vec::new();
    let problem = |row: Option<usize>, column: Option<&str>, message: String| RowProblem {
        row,
        column: column.map(str::to_owned),
        message,
    };
    // Column index -> what it becomes.
    let mut targets: Vec<Option<Target>> = table.header.iter().map(|_| None).collect();
    let (outputs, reads) = (output_fields(spec), read_fields(spec));
    let spare = spare_columns(table, &reads);
    for (field, col) in map {
        // `list.id=COLUMN`: one output of a list; `list=A,B`: an output per column.
        let target = match field.split_once('.') {
            Some((list, id)) if outputs.iter().any(|o| o == list) => Some(vec![(
                col.clone(),
                Target::Output(list.to_owned(), id.to_owned()),
            )]),
            _ if field == "id" => Some(vec![(col.clone(), Target::Id)]),
            _ if outputs.contains(field) && !json_lists(table, col) => {
                // A column whose own name holds a comma is that column.
                let columns: Vec<String> = if table.header.contains(col) {
                    vec![col.clone()]
                } else {
                    col.split(',').map(|c| c.trim().to_owned()).collect()
                };
                Some(
                    columns
                        .into_iter()
                        .map(|c| (c.clone(), Target::Output(field.clone(), c)))
                        .collect(),
                )
            }
            _ if reads.contains(field) => Some(vec![(col.clone(), Target::Field(field.clone()))]),
            _ => None,
        };
        let Some(columns) = target else {
            let lists: Vec<String> = outputs.iter().map(|o| outputs_hint(o, &spare)).collect();
            problems.push(problem(
                None,
                Some(col),
                format!(
                    "--map {field}={col}: the spec reads no field \"{field}\"; it reads {}{}",
                    reads.join(", "),
                    if lists.is_empty() {
                        String::new()
                    } else {
                        format!(" (for the outputs: {})", lists.join("; "))
                    }
                ),
            ));
            continue;
        };
        for (one, t) in columns {
            match table.header.iter().position(|h| *h == one) {
                Some(i) => targets[i] = Some(t),
                None if one == *col => problems.push(problem(
                    None,
                    Some(col),
                    format!(
                        "--map {field}={col}: there is no such column (the columns: {})",
                        table.header.join(", ")
                    ),
                )),
                None => problems.push(problem(
                    None,
                    Some(&one),
                    format!(
                        "--map {field}={col}: there is no column \"{one}\" (the columns: {})",
                        table.header.join(", ")
                    ),
                )),
            }
        }
    }
    let mapped = |t: &Target| targets.iter().flatten().any(|x| x == t);
    if !mapped(&Target::Id) {
        let id_col = table
            .header
            .iter()
            .position(|h| ["id", "item_id"].contains(&h.to_lowercase().as_str()));
        match id_col {
            Some(i) if targets[i].is_none() => targets[i] = Some(Target::Id),
            _ => problems.push(problem(
                None,
                None,
                "no id column: name a column \"id\", or say which with --map id=COLUMN".to_owned(),
            )),
        }
    }
    let columns = table.header.clone();
    for (i, h) in columns.iter().enumerate() {
        if targets[i].is_some() || h.is_empty() {
            continue;
        }
        let field_taken = |f: &str| {
            targets
                .iter()
                .flatten()
                .any(|t| matches!(t, Target::Field(x) if x == f))
        };
        targets[i] = Some(match h.split_once('.') {
            Some((list, id)) if !columns.contains(&list.to_owned()) && !field_taken(list) => {
                Target::Output(list.to_owned(), id.to_owned())
            }
            _ => Target::Field(h.clone()),
        });
    }
    let mut out = Vec::new();
    for (row, cells) in &table.rows {
        let mut id = None;
        let mut fields = SortedMap::new();
        for (i, cell) in cells.iter().enumerate() {
            let Some(Some(target)) = targets.get(i) else {
                if !cell.trim().is_empty() {
                    problems.push(problem(
                        Some(*row),
                        None,
                        format!(
                            "cell {} has no column name: name the column, or empty the cell",
                            i + 1
                        ),
                    ));
                }
                continue;
            };
            if cell.trim().is_empty() {
                continue;
            }
            match target {
                Target::Id => id = Some(cell.trim().to_owned()),
                Target::Field(f) => {
                    fields.insert(f.clone(), cell_value(cell));
                }
                Target::Output(list, oid) => {
                    let entry = fields
                        .entry(list.clone())
                        .or_insert_with(|| Value::Array(Vec::new()));
                    if let Value::Array(a) = entry {
                        a.push(serde_json::json!({"id": oid, "text": cell}));
                    }
                }
            }
        }
        match id {
            Some(id) => out.push((*row, Item { id, fields })),
            None => problems.push(problem(
                Some(*row),
                None,
                "no id: every item needs one".to_owned(),
            )),
        }
    }
    // The spec's checks, each problem named by its row and column.
    let items: Vec<Item> = out.iter().map(|(_, i)| i.clone()).collect();
    for issue in check_items(spec, &items) {
        let Some(rest) = issue.path.strip_prefix("items[") else {
            continue;
        };
        let Some((n, field)) = rest.split_once(']') else {
            continue;
        };
        let Some((row, _)) = n.parse::<usize>().ok().and_then(|n| out.get(n)) else {
            continue;
        };
        let field = field.trim_start_matches('.');
        let field = field.split(['.', '[']).next().unwrap_or(field);
        let column = targets.iter().zip(&columns).find_map(|(t, c)| match t {
            Some(Target::Field(f)) | Some(Target::Output(f, _)) if f == field => Some(c.as_str()),
            Some(Target::Id) if field == "id" => Some(c.as_str()),
            _ => None,
        });
        let message = if issue.code == SpecIssueCode::MissingField {
            missing.push(field.to_owned());
            if outputs.iter().any(|o| o == field) {
                format!(
                    "no outputs for field \"{field}\", which the spec asks about: name their columns with {}",
                    outputs_hint(field, &spare)
                )
            } else {
                format!(
                    "no value for field \"{field}\", which the spec shows: fill the cell, or name the column with --map {field}=COLUMN"
                )
            }
        } else {
            issue.message.clone()
        };
        problems.push(problem(Some(*row), column, message));
    }
    missing.sort();
    missing.dedup();
    (out, problems, missing)
}
