//! `grid`: one row per sentence of the item, columns of options (possibly two-level), exactly
//! one alternative group of columns filled per row (the per-sentence error taxonomy).

use super::prelude::*;
use crate::answer::{GridCells, GridRowValue};
use crate::spec::{GridControl, SpecIssueCode};
use crate::support::family::Gate;
use crate::task::grid;
use crate::validate::{grid_cells, grid_extra_sentences, grid_missing_row, grid_row};

impl CheckControl for GridControl {
    fn check(&self, path: &str, _: &mut SortedMap<String, String>, out: &mut Vec<SpecIssue>) {
        crate::spec::check::check_grid(self, path, out);
    }
}

impl ItemFields for GridControl {
    fn check_item(&self, item: &Item, path: &str, out: &mut Vec<SpecIssue>) {
        let field = self.rows.field.as_str();
        out.extend(crate::item::check_sentences_field(item, field, path));
        let n = item
            .fields
            .get(field)
            .and_then(crate::item::sentences::split)
            .map_or(0, |s| s.len());
        if self.rows.count.is_none() && n > crate::spec::GridRows::MAX {
            out.push(SpecIssue::new(
                crate::spec::join_path(path, field),
                SpecIssueCode::ItemTooLarge,
                format!(
                    "the grid asks one row per sentence and this text has {n}; the most is {}",
                    crate::spec::GridRows::MAX
                ),
            ));
        }
    }
}

impl KindAnswer for GridControl {
    fn read_value(&self, json: &Value) -> Result<AnswerValue, String> {
        typed(json).map(AnswerValue::Grid)
    }

    fn example_answer(&self, json: &Value) -> Option<Answer> {
        let mut cells = GridCells::new();
        for (n, row) in json.as_array()?.iter().enumerate() {
            let cols = row
                .as_object()?
                .iter()
                .map(|(k, v)| v.as_str().map(|v| (k.clone(), v.to_owned())))
                .collect::<Option<SortedMap<_, _>>>()?;
            if !cols.is_empty() {
                cells.insert(n, cols);
            }
        }
        Some(Answer::Grid(Gate::gate(cells)))
    }

    fn example_hint(&self) -> &'static str {
        "give a list of rows, each an object {\"column id\": \"option value\"}"
    }
}

impl ControlRules for GridControl {
    fn rules(&self, task: &Task, answer: Option<&Answer>, out: &mut Vec<Problem>) {
        let rows = grid::rows(self, &task.item);
        let extra = grid::extra_sentences(self, &task.item).len();
        out.extend(grid_extra_sentences::apply(self, rows.len(), extra));
        for (row, sentence) in rows.iter().enumerate() {
            let present = sentence.is_some();
            let cells = grid::effective_row(self, answer, row, present);
            let path = AnswerPath::row(&self.id, row);
            out.extend(grid_cells::apply(self, &path, &cells));
            out.extend(grid_missing_row::apply(self, &path, &cells, present));
            out.extend(grid_row::apply(self, &path, &cells));
        }
    }
}

impl ToValue for GridControl {
    fn value(&self, task: &Task, answer: Option<&Answer>) -> Option<AnswerValue> {
        let rows = crate::result::grid_value(self, &task.item, answer);
        Some(AnswerValue::Grid(Gate::gate(rows)))
    }
}

impl Simulate for GridControl {
    fn simulate(&self, task: &Task, rng: &mut SplitMix, _: bool, out: &mut Vec<Action>) {
        crate::simulate::grid_actions(task, self, rng, out);
    }
}

impl GoldAnswer for GridControl {
    fn expected(&self, item: &Item, value: &Value, path: &str) -> Result<Expected, Vec<GoldProblem>> {
        gold::grid(self, item, value, path)
    }
}

/// The rows of a grid value.
fn rows(value: &AnswerValue) -> &[GridRowValue] {
    match value {
        AnswerValue::Grid(rows) => rows,
        _ => &[],
    }
}

impl Analyse for GridControl {
    fn revalidate(&self, task: &Task, value: &AnswerValue, path: &str, out: &mut Vec<Finding>) -> Option<Answer> {
        let AnswerValue::Grid(rows) = value else {
            return None;
        };
        let expected = grid::rows(self, &task.item);
        if rows.len() != expected.len() {
            out.push(finding(
                path,
                format!("{} rows, the item has {}", rows.len(), expected.len()),
            ));
        }
        let mut cells = GridCells::new();
        for (i, row) in rows.iter().enumerate() {
            if expected.get(i).map(Option::as_deref) != Some(row.sentence.as_deref()) {
                out.push(finding(
                    format!("{path}[{i}].sentence"),
                    "does not match the item's sentence",
                ));
            }
            let cols: SortedMap<String, String> = row
                .cells
                .iter()
                .map(|(col, cell)| (col.clone(), cell.leaf().to_owned()))
                .collect();
            match expected.get(i) {
                Some(Some(_)) if !cols.is_empty() => {
                    cells.insert(i, cols);
                }
                Some(None) => {
                    let missing = self
                        .missing_row
                        .as_ref()
                        .map(|m| SortedMap::from([(m.column.clone(), m.value.clone())]));
                    if Some(&cols) != missing.as_ref() {
                        out.push(finding(
                            format!("{path}[{i}].cells"),
                            "a missing sentence's row can only hold the missing-sentence answer",
                        ));
                    }
                }
                _ => {}
            }
        }
        Some(Answer::Grid(Gate::gate(cells)))
    }

    fn tidy(&self, value: &AnswerValue, push: &mut dyn FnMut(String, String, Option<&SpanValue>)) {
        for row in rows(value) {
            for (col, cell) in &row.cells {
                push(format!("row{}.{col}", row.row), cell.text(), None);
            }
        }
    }

    /// Each column is a nominal measure of its own; an empty cell (the row filled the other
    /// alternative) is the category `none`.
    fn agreement(&self, _: &Context, answers: &[Answered], report: &mut AgreementReport) {
        for col in &self.columns {
            let mut t = Table::new();
            for a in answers {
                for row in rows(a.value) {
                    let cell = row.cells.get(&col.id).map_or("none".to_owned(), |c| c.text());
                    t.entry((a.item.to_owned(), format!("{:04}", row.row)))
                        .or_default()
                        .insert(a.who.clone(), Datum::Category(cell));
                }
            }
            report.measures.push(measure(
                format!("{}.{}", self.id, col.id),
                Level::Nominal,
                "option values per row (an empty cell is `none`)",
                &t,
            ));
        }
    }

    fn distribution(&self, values: &[&AnswerValue]) -> Vec<(String, Vec<(String, usize)>)> {
        self.columns
            .iter()
            .map(|col| {
                let mut counts: SortedMap<&str, usize> = SortedMap::new();
                for row in values.iter().flat_map(|v| rows(v)) {
                    let key = row.cells.get(&col.id).map_or("none", |c| c.leaf());
                    *counts.entry(key).or_default() += 1;
                }
                let mut data: Vec<(String, usize)> = col
                    .leaves()
                    .iter()
                    .map(|(_, l)| (l.label.clone(), counts.get(l.value.as_str()).copied().unwrap_or(0)))
                    .collect();
                data.push(("(empty)".to_owned(), counts.get("none").copied().unwrap_or(0)));
                (format!("{} — {}", self.label, col.label), data)
            })
            .collect()
    }

    fn categorical(&self, value: &AnswerValue) -> Vec<String> {
        rows(value)
            .iter()
            .map(|row| {
                let cells = serde_json::to_string(&row.cells).unwrap_or_default();
                format!("{}[{}]={cells}", self.id, row.row)
            })
            .collect()
    }
}
