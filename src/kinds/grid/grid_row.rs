//! Rule `grid_row`: each row fills exactly one alternative group of columns completely and
//! leaves the others empty (Special cases EITHER Mapping + Meaning). Without groups, every
//! column must be filled.

use crate::validate::{AnswerPath, Problem, ProblemCode};
use crate::i18n::Msg;
use crate::spec::GridControl;
use crate::support::sorted_map::SortedMap;

/// The column groups: the spec's alternatives, or one group of all columns.
fn groups(c: &GridControl) -> Vec<Vec<String>> {
    if c.alternatives.is_empty() {
        vec![c.columns.iter().map(|col| col.id.clone()).collect()]
    } else {
        c.alternatives.clone()
    }
}

fn labels(c: &GridControl, ids: &[String]) -> String {
    ids.iter()
        .map(|id| c.column(id).map_or(id.as_str(), |col| col.label.as_str()))
        .collect::<Vec<_>>()
        .join(" + ")
}

/// Checks one row (at `path`).
pub fn apply(
    c: &GridControl,
    path: &AnswerPath,
    cells: &SortedMap<String, String>,
) -> Option<Problem> {
    let groups = groups(c);
    let touched: Vec<&Vec<String>> = groups
        .iter()
        .filter(|g| g.iter().any(|col| cells.contains_key(col)))
        .collect();
    let error = |code, msg, params| Some(Problem::error(path.clone(), code, msg, params));
    match touched.as_slice() {
        [] => {
            let options = groups.iter().map(|g| labels(c, g)).collect::<Vec<_>>();
            error(
                ProblemCode::Required,
                Msg::ErrGridRowRequired,
                vec![("labels", options.join(" / "))],
            )
        }
        [group] => {
            let missing: Vec<String> = group
                .iter()
                .filter(|col| !cells.contains_key(*col))
                .cloned()
                .collect();
            if missing.is_empty() {
                None
            } else {
                error(
                    ProblemCode::GridRowIncomplete,
                    Msg::ErrGridRowIncomplete,
                    vec![("labels", labels(c, &missing))],
                )
            }
        }
        many => {
            let names = many.iter().map(|g| labels(c, g)).collect::<Vec<_>>();
            error(
                ProblemCode::GridMixedAlternatives,
                Msg::ErrGridMixed,
                vec![("labels", names.join(" / "))],
            )
        }
    }
}
