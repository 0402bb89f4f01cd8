//! Where a result read from another tool's file came from, row by row (`glossa collect
//! mqm-tsv`): kept beside the answers so that an export to the same format writes the rows
//! back as they were read. Only the command line reads or writes it; a page never does.

use crate::support::sorted_map::SortedMap;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The file a result was read from, and the rows of it the result holds.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Imported {
    /// The format read: `mqm-tsv`.
    pub format: String,
    /// The file's header line, as written.
    pub header: String,
    /// Whether the file's cells are quoted as CSV quotes them (a cell with a `"` between `"`
    /// and `"`, each `"` in it doubled).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub quoted: bool,
    /// The rows this result was read from, in the file's order.
    pub rows: Vec<ImportedRow>,
}

/// One row of the file, as the answers hold it.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct ImportedRow {
    /// Its line in the file (the header is line 1).
    pub line: usize,
    /// The output the row rated (an MQM row's system).
    pub output: String,
    /// The span the row became; absent for a row that marks no error (`No-error`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub span: Option<ImportedSpan>,
    /// Cells the answers do not give back, by column: columns the results have no place for
    /// (`comment`, `metadata`), and a cell written otherwise than the answers say (a text with
    /// white space at its end the segment's other rows lack, an unclosed `<v>`, a category in
    /// other letters than its label's value).
    #[serde(skip_serializing_if = "SortedMap::is_empty")]
    pub cells: SortedMap<String, String>,
}

/// The span a row became: which control's, its label and its offsets as the answer holds them
/// (whole words), and the characters the row marked when they are not the span's own.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct ImportedSpan {
    /// The span control the span is in.
    pub control: String,
    /// Its label's value.
    pub label: String,
    /// The span's start, in code points (the answer's `start`).
    pub start: usize,
    /// The span's end (exclusive), in code points (the answer's `end`).
    pub end: usize,
    /// The characters the row marked, `[start, end)` in code points, when they are not the
    /// span's: a mark that ends inside a word or takes in the white space beside it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub marked: Option<[usize; 2]>,
    /// `true` when the row marked nothing (an error of the whole text).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub unmarked: bool,
}
