//! Rule `grid_missing_row`: the missing-sentence answer belongs to rows the item has no
//! sentence for, and such rows hold nothing else.

use crate::validate::{AnswerPath, Problem, ProblemCode};
use crate::i18n::Msg;
use crate::spec::GridControl;
use crate::support::sorted_map::SortedMap;
use super::rows::is_missing_value;

/// Checks one row (at `path`); `present` says whether the item has its sentence.
pub fn apply(
    c: &GridControl,
    path: &AnswerPath,
    cells: &SortedMap<String, String>,
    present: bool,
) -> Option<Problem> {
    let m = c.missing_row.as_ref()?;
    let label = c
        .column(&m.column)
        .and_then(|col| col.leaf(&m.value))
        .map_or(m.value.clone(), |(_, leaf)| leaf.label.clone());
    let holds_missing = cells.iter().any(|(col, v)| is_missing_value(c, col, v));
    if present && holds_missing {
        return Some(Problem::error(
            path.cell(&m.column),
            ProblemCode::GridMissingValueOnPresentRow,
            Msg::ErrGridMissingOnPresentRow,
            vec![("value", label)],
        ));
    }
    if !(present || (holds_missing && cells.len() == 1)) {
        return Some(Problem::error(
            path.clone(),
            ProblemCode::GridMissingRowExpected,
            Msg::ErrGridMissingRowExpected,
            vec![("value", label)],
        ));
    }
    None
}
