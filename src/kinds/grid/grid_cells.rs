//! Rule `grid_unknown_option`: every cell holds one of its column's options (a leaf), in a
//! column the grid has. (The form cannot make such cells; tampered results can.)

use crate::validate::{AnswerPath, Problem, ProblemCode};
use crate::i18n::Msg;
use crate::spec::GridControl;
use crate::support::sorted_map::SortedMap;

/// Reports each cell of a row (at `path`) whose column or value is unknown.
pub fn apply(
    c: &GridControl,
    path: &AnswerPath,
    cells: &SortedMap<String, String>,
) -> Vec<Problem> {
    cells
        .iter()
        .filter(|(col, value)| {
            c.column(col)
                .and_then(|column| column.leaf(value))
                .is_none()
        })
        .map(|(col, value)| {
            Problem::error(
                path.cell(col),
                ProblemCode::GridUnknownOption,
                Msg::ErrGridUnknownOption,
                vec![("value", value.clone())],
            )
        })
        .collect()
}
