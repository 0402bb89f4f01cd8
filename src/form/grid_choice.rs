//! The grid part of the form model: a choice fits a row, a choice on the other side of a row
//! clears the first side (with a notice to undo).

use super::{FormState, GridNotice};
use crate::answer::{Answer, Answers, GridCells};
use crate::item::Item;
use crate::spec::GridControl;
use crate::support::family::Gate;
use crate::support::ids::ControlId;
use crate::task::grid;

/// A grid choice fits when the row has its sentence, the column has the option, and the option
/// is not the missing-sentence answer (which only rows without a sentence hold).
pub(super) fn grid_choice_fits(
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

pub(super) fn grid_choose(
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

pub(super) fn set_grid(answers: &mut Answers, control: ControlId, cells: GridCells) {
    if cells.is_empty() {
        answers.remove(&control);
    } else {
        answers.insert(control, Answer::Grid(Gate::gate(cells)));
    }
}
