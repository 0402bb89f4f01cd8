//! A grid's edits: a choice fits a row, a choice on the other side of a row clears the first
//! side (with a notice to undo), a row emptied, the clearing undone.

use crate::answer::{Answer, Answers, GridCells};
use crate::form::{Action, FormKind, FormState, GridNotice};
use crate::item::Item;
use crate::spec::GridControl;
use crate::support::family::Gate;
use crate::support::ids::ControlId;
use super::rows as grid;
use crate::task::Task;

/// A grid choice fits when the row has its sentence, the column has the option, and the option
/// is not the missing-sentence answer (which only rows without a sentence hold).
fn grid_choice_fits(
    g: &GridControl,
    item: &Item,
    row: usize,
    column: &str,
    value: &str,
) -> bool {
    let present = grid::rows(g, item).get(row).is_some_and(Option::is_some);
    let known = g.column(column).and_then(|c| c.leaf(value)).is_some();
    present && known && !grid::is_missing_value(g, column, value)
}

fn grid_choose(
    g: &GridControl,
    form: &mut FormState,
    row: usize,
    column: String,
    value: String,
) {
    let mut cells = grid::cells(form.answers.get(&g.id));
    let previous = cells.get(&row).cloned().unwrap_or_default();
    let mut current = previous.clone();
    let group = g.alternative_of(&column);
    let cleared: Vec<String> = current
        .keys()
        .filter(|col| group.is_some() && g.alternative_of(col) != group)
        .cloned()
        .collect();
    for col in &cleared {
        current.remove(col);
    }
    current.insert(column, value);
    cells.insert(row, current);
    form.grid_notice = (!cleared.is_empty()).then(|| GridNotice {
        control: g.id.clone(),
        row,
        previous,
        cleared,
    });
    set_grid(&mut form.answers, g.id.clone(), cells);
}

fn set_grid(answers: &mut Answers, control: ControlId, cells: GridCells) {
    if cells.is_empty() {
        answers.remove(&control);
    } else {
        answers.insert(control, Answer::Grid(Gate::gate(cells)));
    }
}

/// What the annotator does in a grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GridEdit {
    /// Choose an option in a cell. Choosing in one alternative clears the row's other
    /// alternatives (recorded in `FormState::grid_notice` so it can be undone).
    Choose {
        /// The row (from 0).
        row: usize,
        /// The column id.
        column: String,
        /// The option (a leaf value).
        value: String,
    },
    /// Empty a row.
    ClearRow(usize),
    /// Undo the last automatic clearing in this grid.
    Undo,
}

impl FormKind for GridControl {
    type Edit = GridEdit;

    fn edit(&self, task: &Task, control: &ControlId, edit: GridEdit, next: &mut FormState) {
        match edit {
            GridEdit::Choose { row, column, value } => {
                if grid_choice_fits(self, &task.item, row, &column, &value) {
                    grid_choose(self, next, row, column, value);
                }
            }
            GridEdit::ClearRow(row) => {
                let mut cells = grid::cells(next.answers.get(control));
                cells.remove(&row);
                set_grid(&mut next.answers, control.clone(), cells);
                next.grid_notice = None;
            }
            GridEdit::Undo => {
                if next.grid_notice.as_ref().is_none_or(|n| &n.control != control) {
                    return;
                }
                let Some(n) = next.grid_notice.take() else {
                    return;
                };
                let mut cells = grid::cells(next.answers.get(&n.control));
                if n.previous.is_empty() {
                    cells.remove(&n.row);
                } else {
                    cells.insert(n.row, n.previous);
                }
                set_grid(&mut next.answers, n.control, cells);
            }
        }
    }

    fn replay(&self, _: &ControlId, answer: &Answer) -> Vec<Action> {
        let Answer::Grid(cells) = answer else {
            return Vec::new();
        };
        cells
            .iter()
            .flat_map(|(row, cols)| {
                cols.iter().map(move |(column, value)| {
                    self.action(GridEdit::Choose {
                        row: *row,
                        column: column.clone(),
                        value: value.clone(),
                    })
                })
            })
            .collect()
    }
}
