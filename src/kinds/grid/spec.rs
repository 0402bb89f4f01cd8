//! What a spec says of a `grid` control: its entry's fields, as the JSON Schema and the spec
//! reference show them.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

crate::spec::parts::control_struct! {
    /// A grid control: rows from the item, columns of options, an either/or rule between groups
    /// of columns.
    #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct GridControl {
        /// Where the rows come from.
        pub rows: GridRows,
        /// The columns, in screen order. In each row, each column takes at most one option.
        pub columns: Vec<GridColumn>,
        /// Groups of column ids. Each row must fill exactly one group completely and leave the
        /// other groups empty (e.g. `[["special"], ["mapping", "meaning"]]`). Without groups, every
        /// column must be filled.
        #[serde(default)]
        pub alternatives: Vec<Vec<String>>,
        /// The answer a row gets when the item has fewer sentences than rows ("Sentence missing");
        /// that option is only allowed on such rows.
        #[serde(default)]
        pub missing_row: Option<MissingRow>,
    }
}

/// Where a grid's rows come from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GridRows {
    /// The item field holding the sentences: a text whose sentences start with "•", or a list
    /// of strings.
    pub field: crate::support::ids::FieldName,
    /// How many rows to ask (1 for a headline, 3 for an abstract). Rows beyond the item's
    /// sentences are missing sentences. Default: one row per sentence.
    #[serde(default)]
    pub count: Option<usize>,
    /// Label of each row; `{n}` is the row number (e.g. `Sentence{n}`).
    pub label: String,
}

impl GridRows {
    /// The most rows a grid asks (a spec's `rows.count`, or an item's sentences).
    pub const MAX: usize = 200;
}

/// A column of a grid: options, possibly grouped in categories (two levels).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GridColumn {
    /// Id of the column, unique in the grid; results use it as the key.
    pub id: String,
    /// The column's heading (e.g. `Mapping`).
    pub label: String,
    /// A hint shown under the heading, in Markdown (e.g. "Malformed takes precedence over
    /// Misleading").
    #[serde(default)]
    pub hint: Option<String>,
    /// The options. An option with `options` of its own is a category: the annotator picks one
    /// of its sub-options, and the result records both levels.
    pub options: Vec<GridOption>,
}

/// An option of a grid column, or a category of sub-options.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GridOption {
    /// The stable value recorded in results; unique in its column (across both levels).
    pub value: String,
    /// The label shown.
    pub label: String,
    /// The definition (and the manual's example), in Markdown, opened on the spot.
    #[serde(default)]
    pub description: Option<String>,
    /// Sub-options: makes this option a category.
    #[serde(default)]
    pub options: Vec<GridOption>,
}

/// The answer of rows the item has no sentence for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MissingRow {
    /// The column (e.g. `special`).
    pub column: String,
    /// The option (e.g. `sentence_missing`).
    pub value: String,
}

impl GridColumn {
    /// The choosable options (leaves) with their category, in screen order.
    pub fn leaves(&self) -> Vec<(Option<&GridOption>, &GridOption)> {
        let mut out = Vec::new();
        for o in &self.options {
            if o.options.is_empty() {
                out.push((None, o));
            } else {
                out.extend(o.options.iter().map(|leaf| (Some(o), leaf)));
            }
        }
        out
    }

    /// The category and leaf of a value, if the value is a leaf of this column.
    pub fn leaf(&self, value: &str) -> Option<(Option<&GridOption>, &GridOption)> {
        self.leaves().into_iter().find(|(_, l)| l.value == value)
    }
}

impl GridControl {
    /// A column by id.
    pub fn column(&self, id: &str) -> Option<&GridColumn> {
        self.columns.iter().find(|c| c.id == id)
    }

    /// The alternative group a column belongs to (its index), if groups are set.
    pub fn alternative_of(&self, column: &str) -> Option<usize> {
        self.alternatives
            .iter()
            .position(|g| g.iter().any(|c| c == column))
    }
}

impl crate::spec::capability::Capabilities for GridControl {}
