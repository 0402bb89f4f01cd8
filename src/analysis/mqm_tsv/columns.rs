//! The columns of an MQM ratings file: what each means (the released names, and the names the
//! side-by-side files of generalMT2023 give them), the rows of a file by meaning, and a row
//! written back from what it means.

use crate::support::sorted_map::SortedMap;
use std::borrow::Cow;

/// The columns of the released files, in their order (`comment` may be missing).
pub const COLUMNS: [&str; 10] = [
    "system", "doc", "doc_id", "seg_id", "rater", "source", "target", "category", "severity",
    "comment",
];

/// The columns every row needs.
pub const NEEDED: [&str; 9] = [
    "system", "doc", "doc_id", "seg_id", "rater", "source", "target", "category", "severity",
];

/// What a column means: one of [`NEEDED`] (under its released name or the side-by-side
/// files' `docSegId`, `globalSegId`), or `None` for a column the results keep as it is
/// (`comment`, `metadata`).
pub fn meaning(column: &str) -> Option<&'static str> {
    match column {
        "docSegId" => Some("doc_id"),
        "globalSegId" => Some("seg_id"),
        c => NEEDED.iter().find(|n| **n == c).copied(),
    }
}

/// A file's columns: its header's names (a header cell beginning with `#` is a comment, no
/// column), or the released ones when it has no header.
#[derive(Debug)]
pub struct Header {
    /// The header line as written (the released columns joined when the file has none).
    pub line: String,
    /// The columns' names, in order.
    pub names: Vec<String>,
    /// Whether its cells are quoted as CSV quotes them (newstest2020's `source-errors` files: a
    /// cell with a `"` between `"` and `"`, each `"` in it doubled).
    pub quoted: bool,
}

impl Header {
    /// The header of a header line.
    pub fn of(line: &str) -> Self {
        let names = line
            .split('\t')
            .map(|n| n.trim().to_owned())
            .filter(|n| !n.starts_with('#'))
            .collect();
        Header {
            line: line.to_owned(),
            names,
            quoted: false,
        }
    }

    /// The released header (nine columns, as TED zh-en and the newest files have them).
    pub fn released() -> Self {
        Header::of(&NEEDED.join("\t"))
    }
}

/// One row: its cells by meaning, and the cells of columns with none, by name.
pub struct Row<'t> {
    /// The needed cells, by meaning.
    pub cells: SortedMap<&'static str, Cow<'t, str>>,
    /// The other columns' cells, by column name.
    pub kept: Vec<(String, Cow<'t, str>)>,
}

impl<'t> std::ops::Index<&str> for Row<'t> {
    type Output = str;
    fn index(&self, meaning: &str) -> &str {
        self.cells.get(meaning).map_or("", |c| c.as_ref())
    }
}

/// Whether a cell is one CSV quoting made: between `"` and `"`, with a doubled `"` in it.
fn csv_quoted(cell: &str) -> bool {
    cell.len() >= 2
        && cell.starts_with('"')
        && cell.ends_with('"')
        && cell[1..cell.len() - 1].contains("\"\"")
}

/// A cell as written: in a quoted file, a cell between `"` and `"` is its inside with each
/// doubled `"` one.
fn cell_of(cell: &str, quoted: bool) -> Cow<'_, str> {
    if quoted && cell.len() >= 2 && cell.starts_with('"') && cell.ends_with('"') {
        Cow::Owned(cell[1..cell.len() - 1].replace("\"\"", "\""))
    } else {
        Cow::Borrowed(cell)
    }
}

/// A cell as a quoted file writes it: between `"` and `"` when it has a `"`, each doubled.
pub fn quote(cell: &str, quoted: bool) -> Cow<'_, str> {
    if quoted && cell.contains('"') {
        Cow::Owned(format!("\"{}\"", cell.replace('"', "\"\"")))
    } else {
        Cow::Borrowed(cell)
    }
}

/// Reads the rows of a file: its header names the columns (the released order when it has
/// none), each line a row; a row lacking a needed cell is a problem naming its line.
pub fn rows(text: &str) -> (Header, Vec<(usize, Row<'_>)>, Vec<String>) {
    let mut lines = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty());
    let mut problems = Vec::new();
    let mut header = None;
    let mut first = lines.next();
    if let Some((_, line)) = first {
        let h = Header::of(line.trim_end_matches('\r'));
        if h.names.iter().any(|n| n == "system") && h.names.iter().any(|n| n == "category") {
            header = Some(h);
            first = None;
        }
    }
    let mut header = header.unwrap_or_else(|| Header::of(&COLUMNS.join("\t")));
    let lines: Vec<(usize, &str)> = first.into_iter().chain(lines).collect();
    header.quoted = lines
        .iter()
        .any(|(_, l)| l.trim_end_matches('\r').split('\t').any(csv_quoted));
    let mut out = Vec::new();
    for (n, line) in lines {
        let mut row = Row {
            cells: SortedMap::new(),
            kept: Vec::new(),
        };
        for (name, cell) in header
            .names
            .iter()
            .zip(line.trim_end_matches('\r').split('\t'))
        {
            let cell = cell_of(cell, header.quoted);
            match meaning(name) {
                Some(m) => {
                    row.cells.insert(m, cell);
                }
                None => row.kept.push((name.clone(), cell)),
            }
        }
        let missing: Vec<&str> = NEEDED
            .iter()
            .filter(|c| !row.cells.contains_key(*c))
            .copied()
            .collect();
        if missing.is_empty() {
            out.push((n + 1, row));
        } else {
            problems.push(format!(
                "line {}: no {} (a row has the columns {})",
                n + 1,
                missing.join(", "),
                NEEDED.join(", ")
            ));
        }
    }
    (header, out, problems)
}

/// A row as the answers give it: each needed cell by meaning.
pub struct Said<'a> {
    pub system: &'a str,
    pub doc: &'a str,
    pub doc_id: &'a str,
    pub seg_id: &'a str,
    pub rater: &'a str,
    pub source: String,
    pub target: String,
    pub category: &'a str,
    pub severity: &'a str,
}

impl Said<'_> {
    /// The cell of a column that means `meaning`.
    pub fn cell(&self, meaning: &str) -> &str {
        match meaning {
            "system" => self.system,
            "doc" => self.doc,
            "doc_id" => self.doc_id,
            "seg_id" => self.seg_id,
            "rater" => self.rater,
            "source" => &self.source,
            "target" => &self.target,
            "category" => self.category,
            "severity" => self.severity,
            _ => "",
        }
    }

    /// The row's line: each column's cell, a kept cell where there is one.
    pub fn line(&self, header: &Header, kept: &SortedMap<String, String>) -> String {
        let cells: Vec<Cow<'_, str>> = header
            .names
            .iter()
            .map(|name| match kept.get(name) {
                Some(v) => v.as_str(),
                None => meaning(name).map_or("", |m| self.cell(m)),
            })
            .map(|cell| quote(cell, header.quoted))
            .collect();
        cells.join("\t") + "\n"
    }
}

/// A text with a range (in code points) between `<v>` and `</v>`; the text as it is without
/// one.
pub fn marked(text: &str, range: Option<(usize, usize)>) -> String {
    let Some((start, end)) = range else {
        return text.to_owned();
    };
    let chars: Vec<char> = text.chars().collect();
    let (start, end) = (start.min(chars.len()), end.min(chars.len()));
    let part = |a: usize, b: usize| chars[a..b].iter().collect::<String>();
    format!(
        "{}<v>{}</v>{}",
        part(0, start),
        part(start, end),
        part(end, chars.len())
    )
}

/// A text with its `<v>…</v>` markers taken out, the marked range in code points, and whether
/// a `<v>` had no `</v>` (then it is taken out and nothing is marked).
pub fn unmark(text: &str) -> (String, Option<(usize, usize)>, bool) {
    let Some(open) = text.find("<v>") else {
        return (text.to_owned(), None, false);
    };
    let rest = &text[open + 3..];
    let Some(close) = rest.find("</v>") else {
        return (text.replacen("<v>", "", 1), None, true);
    };
    let before = &text[..open];
    let inside = &rest[..close];
    let after = &rest[close + 4..];
    let start = before.chars().count();
    let end = start + inside.chars().count();
    (
        format!("{before}{inside}{after}"),
        Some((start, end)),
        false,
    )
}
