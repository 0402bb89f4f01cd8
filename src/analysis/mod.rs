//! After collection: results read out of the hosts' exports, re-checked against the spec and
//! items, measured (agreement, the report) and turned into the datasets analysis tools read.
//! Planning a study and its gold answers are in `crate::study`.

pub mod agreement;
pub mod alpha;
pub mod export;
pub mod hosts;
pub mod rankme;
pub mod report;
pub mod revalidate;
pub mod tidy;

use serde_json::Value;

/// Reads results as JSON Lines, the way every command and the report page do: each line that is
/// not a result object is named — `(line, message)` — and left out, and reading goes on.
pub fn read_jsonl(text: &str) -> (Vec<Value>, Vec<(usize, String)>) {
    let (results, bad) = read_jsonl_lines(text);
    (results.into_iter().map(|(_, v)| v).collect(), bad)
}

/// Results with their line numbers (from 1), and the bad lines with theirs and what is wrong.
pub type NumberedLines = (Vec<(usize, Value)>, Vec<(usize, String)>);

/// [`read_jsonl`], with each result's line number (from 1) beside it.
pub fn read_jsonl_lines(text: &str) -> NumberedLines {
    let mut results = Vec::new();
    let mut bad = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        match serde_json::from_str::<Value>(line) {
            Ok(v) if v.is_object() => results.push((n + 1, v)),
            Ok(_) => bad.push((n + 1, "not a result object".to_owned())),
            Err(e) => bad.push((n + 1, format!("not JSON: {e}"))),
        }
    }
    (results, bad)
}
