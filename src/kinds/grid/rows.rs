//! Grid geometry: which rows a grid has for an item, which are missing sentences, and the
//! cells each row effectively holds (a missing row always holds the spec's missing answer).

use crate::answer::{Answer, GridCells};
use crate::item::sentences;
use crate::item::Item;
use super::spec::{GridControl, GridRows};
use crate::support::sorted_map::SortedMap;

/// The most rows a grid asks (see [`GridRows::MAX`]).
pub const MAX_ROWS: usize = GridRows::MAX;

/// The rows of a grid for an item: `Some(sentence)` for a row the item has a sentence for,
/// `None` for a missing sentence.
pub fn rows(c: &GridControl, item: &Item) -> Vec<Option<String>> {
    let sentences = item
        .fields
        .get(c.rows.field.as_str())
        .and_then(sentences::split)
        .unwrap_or_default();
    let count = c.rows.count.unwrap_or(sentences.len()).min(MAX_ROWS);
    (0..count).map(|i| sentences.get(i).cloned()).collect()
}

/// The item's sentences beyond the grid's fixed `rows.count` (the manual's "chybný počet vět":
/// a summary with more sentences than rows). They are shown, flagged, never dropped silently.
pub fn extra_sentences(c: &GridControl, item: &Item) -> Vec<String> {
    let Some(count) = c.rows.count else {
        return Vec::new();
    };
    item.fields
        .get(c.rows.field.as_str())
        .and_then(sentences::split)
        .unwrap_or_default()
        .into_iter()
        .skip(count)
        .collect()
}

/// The cells a row holds: for a missing row, the spec's missing answer (whatever was sent);
/// otherwise what the annotator chose.
pub fn effective_row(
    c: &GridControl,
    answer: Option<&Answer>,
    row: usize,
    present: bool,
) -> SortedMap<String, String> {
    if !present {
        if let Some(m) = &c.missing_row {
            return SortedMap::from([(m.column.clone(), m.value.clone())]);
        }
    }
    match answer {
        Some(Answer::Grid(cells)) => cells.get(&row).cloned().unwrap_or_default(),
        _ => SortedMap::new(),
    }
}

/// The grid cells of an answer (empty for none).
pub fn cells(answer: Option<&Answer>) -> GridCells {
    match answer {
        Some(Answer::Grid(cells)) => GridCells::clone(cells),
        _ => GridCells::new(),
    }
}

/// Whether `value` is the missing-sentence answer of `column`.
pub fn is_missing_value(c: &GridControl, column: &str, value: &str) -> bool {
    c.missing_row
        .as_ref()
        .is_some_and(|m| m.column == column && m.value == value)
}
