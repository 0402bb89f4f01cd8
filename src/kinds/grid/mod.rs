//! `grid`: one row per sentence of the item, columns of options (possibly two-level), exactly
//! one alternative group of columns filled per row (the per-sentence error taxonomy).

mod edit;
pub use edit::GridEdit;
mod grid_cells;
mod grid_extra_sentences;
mod grid_missing_row;
mod grid_row;
pub mod rows;
pub mod spec;
// The view: the UI layer of the kind (browser builds only).
#[cfg(ui)]
mod view;
#[cfg(ui)]
mod row_view;

use super::prelude::*;
use crate::answer::CellValue;
use crate::answer::{GridCells, GridRowValue};
use crate::spec::GridControl;
use crate::study::gold::{done, problem};
use crate::support::family::Gate;
use rows as grid_rows;

impl CheckControl for GridControl {
    fn check(&self, path: &str, _: &mut SortedMap<String, String>, out: &mut Vec<SpecIssue>) {
        check_grid(self, path, out);
    }
}

impl ItemFields for GridControl {
    /// A summary with more sentences than the grid's fixed rows: the extra sentences are
    /// shown and flagged, not rated.
    fn notes(&self, item: &Item, path: &str, out: &mut Vec<SpecIssue>) {
        let extra = grid_rows::extra_sentences(self, item).len();
        if extra > 0 {
            let rows = self.rows.count.unwrap_or_default();
            out.push(SpecIssue::new(
                crate::spec::join_path(path, self.rows.field.as_str()),
                SpecIssueCode::ExtraSentences,
                format!(
                    "item \"{}\" has {} sentences and the grid \"{}\" {rows} row(s): the last {extra} will be shown flagged as extra (wrong number of sentences), not rated",
                    item.id,
                    rows + extra,
                    self.id
                ),
            ));
        }
    }

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

    fn span_field(&self) -> Option<&str> {
        None
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
        let rows = grid_rows::rows(self, &task.item);
        let extra = grid_rows::extra_sentences(self, &task.item).len();
        out.extend(grid_extra_sentences::apply(self, rows.len(), extra));
        for (row, sentence) in rows.iter().enumerate() {
            let present = sentence.is_some();
            let cells = grid_rows::effective_row(self, answer, row, present);
            let path = AnswerPath::row(&self.id, row);
            out.extend(grid_cells::apply(self, &path, &cells));
            out.extend(grid_missing_row::apply(self, &path, &cells, present));
            out.extend(grid_row::apply(self, &path, &cells));
        }
    }
}

impl ToValue for GridControl {
    fn value(&self, task: &Task, answer: Option<&Answer>) -> Option<AnswerValue> {
        let rows = grid_value(self, &task.item, answer);
        Some(AnswerValue::Grid(Gate::gate(rows)))
    }
}

impl Simulate for GridControl {
    fn simulate(&self, task: &Task, rng: &mut SplitMix, _: bool, out: &mut Vec<Action>) {
        grid_actions(task, self, rng, out);
    }
}

impl GoldAnswer for GridControl {
    fn expected(
        &self,
        item: &Item,
        value: &Value,
        path: &str,
    ) -> Result<Expected, Vec<GoldProblem>> {
        grid(self, item, value, path)
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
    fn revalidate(
        &self,
        task: &Task,
        value: &AnswerValue,
        path: &str,
        out: &mut Vec<Finding>,
    ) -> Option<Answer> {
        let AnswerValue::Grid(rows) = value else {
            return None;
        };
        let expected = grid_rows::rows(self, &task.item);
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
                    let cell = row
                        .cells
                        .get(&col.id)
                        .map_or("none".to_owned(), |c| c.text());
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
                    .map(|(_, l)| {
                        (
                            l.label.clone(),
                            counts.get(l.value.as_str()).copied().unwrap_or(0),
                        )
                    })
                    .collect();
                data.push((
                    "(empty)".to_owned(),
                    counts.get("none").copied().unwrap_or(0),
                ));
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

fn check_grid(c: &GridControl, path: &str, out: &mut Vec<SpecIssue>) {
    let mut issue = |p: String, code, msg: String| out.push(SpecIssue::new(p, code, msg));
    if c.rows.label.trim().is_empty() {
        issue(
            format!("{path}.rows.label"),
            SpecIssueCode::Empty,
            "each row needs a label, e.g. \"Sentence{n}\"".into(),
        );
    }
    if c.rows.count == Some(0) {
        issue(
            format!("{path}.rows.count"),
            SpecIssueCode::InvalidLimits,
            "a grid needs at least one row".into(),
        );
    }
    if c.rows.count.is_some_and(|n| n > crate::spec::GridRows::MAX) {
        issue(
            format!("{path}.rows.count"),
            SpecIssueCode::InvalidLimits,
            format!("a grid has at most {} rows", crate::spec::GridRows::MAX),
        );
    }
    if c.columns.is_empty() {
        issue(
            format!("{path}.columns"),
            SpecIssueCode::NoOptions,
            "a grid needs at least one column".into(),
        );
    }
    let mut ids = SortedSet::new();
    for (n, col) in c.columns.iter().enumerate() {
        let cpath = format!("{path}.columns[{n}]");
        if col.id.trim().is_empty() || !ids.insert(col.id.as_str()) {
            issue(
                format!("{cpath}.id"),
                SpecIssueCode::DuplicateControlId,
                format!("column id \"{}\" is empty or used twice", col.id),
            );
        }
        if col.options.is_empty() {
            issue(
                format!("{cpath}.options"),
                SpecIssueCode::NoOptions,
                "a column needs at least one option".into(),
            );
        }
        let mut values = SortedSet::new();
        for (i, o) in col.options.iter().enumerate() {
            let opath = format!("{cpath}.options[{i}]");
            let leaves = o
                .options
                .iter()
                .enumerate()
                .map(|(j, l)| (format!("{opath}.options[{j}]"), l));
            for (lpath, leaf) in std::iter::once((opath.clone(), o)).chain(leaves) {
                if !leaf.options.is_empty() && lpath != opath {
                    issue(
                        format!("{lpath}.options"),
                        SpecIssueCode::InvalidField,
                        "options nest two levels at most".into(),
                    );
                }
                if leaf.value.trim().is_empty() || !values.insert(leaf.value.as_str()) {
                    issue(
                        format!("{lpath}.value"),
                        SpecIssueCode::DuplicateOptionValue,
                        format!(
                            "option value \"{}\" is empty or used twice in column \"{}\"",
                            leaf.value, col.id
                        ),
                    );
                }
                if leaf.label.trim().is_empty() {
                    issue(
                        format!("{lpath}.label"),
                        SpecIssueCode::Empty,
                        "the option label is empty".into(),
                    );
                }
            }
        }
    }
    let mut grouped = SortedSet::new();
    for (n, group) in c.alternatives.iter().enumerate() {
        for (i, col) in group.iter().enumerate() {
            if c.column(col).is_none() {
                issue(
                    format!("{path}.alternatives[{n}][{i}]"),
                    SpecIssueCode::UnknownControl,
                    format!("the grid has no column \"{col}\""),
                );
            } else if !grouped.insert(col.as_str()) {
                issue(
                    format!("{path}.alternatives[{n}][{i}]"),
                    SpecIssueCode::DuplicateControlId,
                    format!("column \"{col}\" is in two alternatives"),
                );
            }
        }
    }
    if !c.alternatives.is_empty() {
        for (n, col) in c.columns.iter().enumerate() {
            if !grouped.contains(col.id.as_str()) {
                issue(
                    format!("{path}.columns[{n}].id"),
                    SpecIssueCode::InvalidField,
                    format!(
                        "column \"{}\" is in no alternative; add it to one of `alternatives`",
                        col.id
                    ),
                );
            }
        }
    }
    if let Some(m) = &c.missing_row {
        let ok = c
            .column(&m.column)
            .is_some_and(|col| col.leaf(&m.value).is_some());
        if !ok {
            issue(
                format!("{path}.missing_row"),
                SpecIssueCode::UnknownOption,
                format!(
                    "\"{}\" is not an option of column \"{}\"",
                    m.value, m.column
                ),
            );
        }
    }
}

/// A grid's validated rows, with each row's sentence and both levels of two-level columns.
fn grid_value(c: &GridControl, item: &Item, answer: Option<&Answer>) -> Vec<GridRowValue> {
    grid_rows::rows(c, item)
        .into_iter()
        .enumerate()
        .map(|(row, sentence)| {
            let cells = grid_rows::effective_row(c, answer, row, sentence.is_some())
                .into_iter()
                .filter_map(|(col, value)| {
                    let (category, leaf) = c.column(&col)?.leaf(&value)?;
                    let cell = match category {
                        Some(cat) => CellValue::Leveled {
                            category: cat.value.clone(),
                            value: leaf.value.clone(),
                        },
                        None => CellValue::Option(leaf.value.clone()),
                    };
                    Some((col, cell))
                })
                .collect();
            GridRowValue {
                row: row + 1,
                sentence,
                cells,
            }
        })
        .collect()
}

/// Each row: a missing sentence's value, or one alternative's columns, each with a leaf.
fn grid_actions(task: &Task, c: &GridControl, rng: &mut SplitMix, out: &mut Vec<Action>) {
    for (row, sentence) in grid_rows::rows(c, &task.item).into_iter().enumerate() {
        if sentence.is_none() {
            if let Some(m) = &c.missing_row {
                out.push(c.action(GridEdit::Choose {
                    row,
                    column: m.column.clone(),
                    value: m.value.clone(),
                }));
                continue;
            }
        }
        let all: Vec<String> = c.columns.iter().map(|col| col.id.clone()).collect();
        let columns = if c.alternatives.is_empty() {
            all
        } else {
            c.alternatives[pick(rng, c.alternatives.len())].clone()
        };
        for column in columns {
            let Some(col) = c.column(&column) else {
                continue;
            };
            let leaves: Vec<String> = col
                .leaves()
                .into_iter()
                .map(|(_, l)| l.value.clone())
                .filter(|v| !grid_rows::is_missing_value(c, &column, v))
                .collect();
            if !leaves.is_empty() {
                let value = leaves[pick(rng, leaves.len())].clone();
                out.push(c.action(GridEdit::Choose { row, column, value }));
            }
        }
    }
}

/// Grid rows: as many as the item has, each cell a column of the grid with one of its options.
fn grid(
    c: &GridControl,
    item: &Item,
    value: &Value,
    path: &str,
) -> Result<Expected, Vec<GoldProblem>> {
    let want = grid_rows::rows(c, item).len();
    let Some(rows) = value.as_array() else {
        return Err(problem(
            path,
            "write the rows as results hold them: [{\"row\": 1, \"cells\": {\"<column>\": \"<option>\"}}]".into(),
        ));
    };
    let mut problems = Vec::new();
    if rows.len() != want {
        problems.extend(problem(
            path,
            format!(
                "item \"{}\" has {want} rows, the gold answer {}: give every row",
                item.id,
                rows.len()
            ),
        ));
    }
    let mut cells_out = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        let cells = row.get("cells").and_then(Value::as_object);
        let Some(cells) = cells else {
            problems.extend(problem(
                &format!("{path}[{r}]"),
                "a row needs its \"cells\"".into(),
            ));
            continue;
        };
        let mut leaves_out = SortedMap::new();
        for (col, cell) in cells {
            let at = format!("{path}[{r}].cells.{col}");
            let Some(column) = c.column(col) else {
                let ids: Vec<&str> = c.columns.iter().map(|c| c.id.as_str()).collect();
                problems.extend(problem(
                    &at,
                    format!(
                        "the grid has no column \"{col}\" (its columns: {})",
                        ids.join(", ")
                    ),
                ));
                continue;
            };
            let leaf = cell
                .as_str()
                .or_else(|| cell.get("value").and_then(Value::as_str));
            if let Some(leaf) = leaf {
                leaves_out.insert(col.clone(), leaf.to_owned());
            }
            if leaf.and_then(|v| column.leaf(v)).is_none() {
                let leaves: Vec<&str> = column
                    .leaves()
                    .into_iter()
                    .map(|(_, l)| l.value.as_str())
                    .collect();
                problems.extend(problem(
                    &at,
                    format!(
                        "{cell} is not an option of column \"{col}\": use one of {}",
                        leaves.join(", ")
                    ),
                ));
            }
        }
        cells_out.push(leaves_out);
    }
    done(Expected::Grid(cells_out), problems)
}
