//! Controls: what the annotator answers, one kind per variant.

use super::tagged;
use crate::support::family::{Grids, Labels, Marking, Numbers, Ratings};
use crate::support::ids::{ControlId, FieldName, OptionValue};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A control: one question the annotator answers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Control {
    /// Exactly one option out of a list, each option with a short label and a definition.
    SingleChoice(SingleChoice),
    /// Any options out of a list (multi-label), between `min` and `max` of them, with an
    /// exclusive "none of these" when the spec gives one.
    MultipleChoice(Labels<MultipleChoice>),
    /// A whole number, asked once or once for each output the item lists (magnitude
    /// estimation: one score per utterance).
    Number(Numbers<NumberControl>),
    /// A rating scale (Likert): one of `points` ordered points, with labels per point or at
    /// the ends and an optional "not applicable", asked once or once per output.
    Scale(Ratings<ScaleControl>),
    /// A slider (Direct Assessment, 0–100 by default) with no preset position: untouched is
    /// unanswered. Asked once or once per output.
    Slider(Ratings<SliderControl>),
    /// Pairwise preference: two outputs of the item side by side, the better one (or a tie),
    /// optionally how much better, optionally per criterion. Sides are shuffled per item.
    Pairwise(Ratings<PairwiseControl>),
    /// Ranking of the item's outputs (RankME's relative ranking), or best–worst scaling (the
    /// best and the worst of them).
    Ranking(Ratings<RankingControl>),
    /// A grid: one row per sentence of the item, columns of options (possibly two-level), at
    /// most one choice per column per row, and rows filled by exactly one alternative group of
    /// columns (the per-sentence error taxonomy).
    Grid(Grids<GridControl>),
    /// Attributes that each take a value and spans of a text (span annotation).
    SpanAttributes(Marking<SpanAttributes>),
    /// Labelled spans: passages of a text, each with one label from a set (named entities,
    /// toxic spans, MQM error spans), optionally with attributes per span.
    SpanLabels(Labels<SpanLabels>),
    /// Free text (e.g. an optional note).
    Text(TextControl),
    /// Question authoring: questions about a paragraph, each with its answer marked in it.
    Questions(Marking<super::QuestionsControl>),
}
tagged::tagged_enum!(Control {
    "single_choice" => SingleChoice(SingleChoice),
    "multiple_choice" => MultipleChoice(Labels<MultipleChoice>),
    "number" => Number(Numbers<NumberControl>),
    "scale" => Scale(Ratings<ScaleControl>),
    "slider" => Slider(Ratings<SliderControl>),
    "pairwise" => Pairwise(Ratings<PairwiseControl>),
    "ranking" => Ranking(Ratings<RankingControl>),
    "grid" => Grid(Grids<GridControl>),
    "span_attributes" => SpanAttributes(Marking<SpanAttributes>),
    "span_labels" => SpanLabels(Labels<SpanLabels>),
    "text" => Text(TextControl),
    "questions" => Questions(Marking<super::QuestionsControl>),
});

/// Runs `$body` with `$c` bound to the control's payload, whatever its kind: the one place
/// besides the enum itself that lists the kinds. Code that works per kind calls a trait method
/// on `$c` (each kind implements the layer's trait in `crate::kinds`), so adding a kind never
/// adds an arm elsewhere. A payload of a family the build leaves out dereferences to its type
/// and is never reached.
macro_rules! each_control {
    ($control:expr, $c:ident => $body:expr) => {
        match $control {
            $crate::spec::Control::SingleChoice($c) => $body,
            $crate::spec::Control::MultipleChoice($c) => $body,
            $crate::spec::Control::Number($c) => $body,
            $crate::spec::Control::Scale($c) => $body,
            $crate::spec::Control::Slider($c) => $body,
            $crate::spec::Control::Pairwise($c) => $body,
            $crate::spec::Control::Ranking($c) => $body,
            $crate::spec::Control::Grid($c) => $body,
            $crate::spec::Control::SpanAttributes($c) => $body,
            $crate::spec::Control::SpanLabels($c) => $body,
            $crate::spec::Control::Text($c) => $body,
            $crate::spec::Control::Questions($c) => $body,
        }
    };
}
pub(crate) use each_control;

impl Control {
    /// The control's id; answers are keyed by it.
    pub fn id(&self) -> &ControlId {
        each_control!(self, c => &c.id)
    }

    /// The control's visible label (its accessible name).
    pub fn label(&self) -> &str {
        each_control!(self, c => &c.label)
    }
}

/// A single-choice control.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SingleChoice {
    /// Id of the control, unique in the spec; the answer is stored under it.
    pub id: ControlId,
    /// The question shown to the annotator; also the control's accessible name.
    pub label: String,
    /// Optional help under the question, in Markdown.
    #[serde(default)]
    pub help: Option<String>,
    /// Whether an answer is required before submitting (default `true`).
    #[serde(default = "yes")]
    pub required: bool,
    /// Whether every option's definition starts opened (default `false`: opened per option).
    #[serde(default)]
    pub definitions_open: bool,
    /// How the options are shown: `radio` (default: every option visible, with definitions)
    /// or `dropdown` (a compact select with an empty first entry that cannot be submitted).
    #[serde(default)]
    pub layout: ChoiceLayout,
    /// The options, in screen order.
    pub options: Vec<ChoiceOption>,
}

/// A multiple-choice control: checkboxes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MultipleChoice {
    /// Id of the control, unique in the spec; the answer is stored under it.
    pub id: ControlId,
    /// The question shown to the annotator; also the control's accessible name.
    pub label: String,
    /// Optional help under the question, in Markdown.
    #[serde(default)]
    pub help: Option<String>,
    /// The fewest options to tick (default 1). `0` lets an empty answer through: give `none`
    /// instead, so that "nothing applies" is an answer and not a skipped question.
    #[serde(default = "one_usize")]
    pub min: usize,
    /// The most options to tick (default: all of them).
    #[serde(default)]
    pub max: Option<usize>,
    /// An exclusive "none of these" option: ticking it clears the others, ticking another
    /// clears it, and it is an answer on its own whatever `min` says. Results record its value.
    #[serde(default)]
    pub none: Option<ChoiceOption>,
    /// Whether every option's definition starts opened (default `false`: opened per option).
    #[serde(default)]
    pub definitions_open: bool,
    /// How the options are laid out: `list` (default, one per line) or `columns` (as many
    /// columns as fit: for many short options).
    #[serde(default)]
    pub layout: MultipleLayout,
    /// The options, in screen order. Results list the ticked ones in this order.
    pub options: Vec<ChoiceOption>,
}

/// How a multiple choice is laid out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum MultipleLayout {
    /// One option per line.
    #[default]
    List,
    /// As many columns as fit.
    Columns,
}

impl MultipleChoice {
    /// Every option a result may record: the options, then `none`.
    pub fn all_options(&self) -> impl Iterator<Item = &ChoiceOption> {
        self.options.iter().chain(self.none.as_ref())
    }
}

fn one_usize() -> usize {
    1
}

/// How a single choice is shown.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ChoiceLayout {
    /// Radio buttons.
    #[default]
    Radio,
    /// A select box.
    Dropdown,
}

/// One option of a choice control.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ChoiceOption {
    /// The stable value recorded in results (e.g. `totalmente_sbagliato`); unique in its control.
    pub value: OptionValue,
    /// The short label shown beside the radio button; also its accessible name.
    pub label: String,
    /// The long definition, in Markdown, that the annotator can open on the spot.
    #[serde(default)]
    pub description: Option<String>,
    /// A shortcut key that picks this option while the widget has focus: one character `1`–`9`
    /// or `a`–`z`, unique in the spec.
    #[serde(default)]
    pub key: Option<String>,
}

/// A whole-number control (e.g. a magnitude estimate). The annotator types digits; the result
/// holds integers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NumberControl {
    /// Id of the control, unique in the spec; the answer is stored under it.
    pub id: ControlId,
    /// The question (e.g. `Informativeness`); with `outputs`, each box is named
    /// "{label} — {output label}".
    pub label: String,
    /// Optional help under the question, in Markdown.
    #[serde(default)]
    pub help: Option<String>,
    /// Whether every box must be filled before submitting (default `true`).
    #[serde(default = "yes")]
    pub required: bool,
    /// The smallest number allowed (default `1`: whole positive numbers only).
    #[serde(default = "one")]
    pub min: u64,
    /// The most digits a number may have (default `6`, at most 18).
    #[serde(default = "six")]
    pub max_digits: u8,
    /// Ask one number for each output the item lists, shown side by side (stacked on phones).
    #[serde(default)]
    pub outputs: Option<OutputsSource>,
}

/// A rating scale: `points` ordered points numbered from `start`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ScaleControl {
    /// Id of the control, unique in the spec; the answer is stored under it.
    pub id: ControlId,
    /// The question (e.g. `Fluency`); also the control's accessible name.
    pub label: String,
    /// Optional help under the question, in Markdown.
    #[serde(default)]
    pub help: Option<String>,
    /// Whether every scale must be answered (default `true`).
    #[serde(default = "yes")]
    pub required: bool,
    /// How many points (2 to 11; e.g. 5 or 7).
    pub points: u8,
    /// The number of the first point (default 1: a 5-point scale records 1 to 5).
    #[serde(default = "one_i64")]
    pub start: i64,
    /// A label per point, in order (all of them, or none).
    #[serde(default)]
    pub labels: Vec<String>,
    /// Labels of the two ends only (e.g. `Incomprehensible` … `Flawless`), shown under the
    /// first and the last point.
    #[serde(default)]
    pub anchors: Option<Anchors>,
    /// The label of a "not applicable" choice beside the points (default: none); results record
    /// it as `"n/a"`.
    #[serde(default)]
    pub not_applicable: Option<String>,
    /// Ask one scale for each output the item lists (stacked, each with its output's text).
    #[serde(default)]
    pub outputs: Option<OutputsSource>,
}

/// The labels of a scale's or a slider's two ends.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Anchors {
    /// The low end (e.g. `0: Nonsense`).
    pub low: String,
    /// The high end (e.g. `100: Perfect`).
    pub high: String,
}

/// A slider: a whole number from `min` to `max`, by `step`, that starts unset.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SliderControl {
    /// Id of the control, unique in the spec; the answer is stored under it.
    pub id: ControlId,
    /// The question (e.g. `How well does the translation convey the source?`).
    pub label: String,
    /// Optional help under the question, in Markdown.
    #[serde(default)]
    pub help: Option<String>,
    /// Whether every slider must be moved (default `true`). An untouched slider has no value:
    /// there is no preset position to anchor answers.
    #[serde(default = "yes")]
    pub required: bool,
    /// The lowest value (default 0).
    #[serde(default)]
    pub min: i64,
    /// The highest value (default 100).
    #[serde(default = "hundred")]
    pub max: i64,
    /// The step (default 1).
    #[serde(default = "one_u32")]
    pub step: u32,
    /// Labels of the two ends, under them.
    #[serde(default)]
    pub anchors: Option<Anchors>,
    /// Labels spaced evenly under the track, the first at `min` and the last at `max` (e.g.
    /// `["0", "25", "50", "75", "100"]`).
    #[serde(default)]
    pub ticks: Vec<String>,
    /// Whether the value is shown beside the slider once set (default `false`: WMT's DA hides
    /// it, so annotators judge by position).
    #[serde(default)]
    pub show_value: bool,
    /// Ask one slider for each output the item lists.
    #[serde(default)]
    pub outputs: Option<OutputsSource>,
}

/// Pairwise preference between the item's two outputs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PairwiseControl {
    /// Id of the control, unique in the spec; the answer is stored under it.
    pub id: ControlId,
    /// The question (e.g. `Which response is better?`); also the control's accessible name.
    pub label: String,
    /// Optional help under the question, in Markdown.
    #[serde(default)]
    pub help: Option<String>,
    /// Whether every judgement is required (default `true`).
    #[serde(default = "yes")]
    pub required: bool,
    /// The item field with the two outputs (`[{"id", "text"}, {"id", "text"}]`) and the label of
    /// each side (`Response {n}`). An item with another number of outputs is refused.
    pub outputs: OutputsSource,
    /// Keep the item's order of the two sides (default `false`: the sides are shuffled per item
    /// from the host's seed, and the order shown is recorded).
    #[serde(default)]
    pub fixed_sides: bool,
    /// Whether "about the same" may be chosen (default `true`).
    #[serde(default = "yes")]
    pub ties: bool,
    /// The label of the tie (default: the UI string `pair_tie`, "About the same").
    #[serde(default)]
    pub tie_label: Option<String>,
    /// How much better, asked after a side is chosen (e.g. `slightly`, `clearly`); none: not
    /// asked.
    #[serde(default)]
    pub strengths: Vec<AttributeValue>,
    /// Judge the pair once per criterion (e.g. fluency, adequacy); none: one judgement.
    #[serde(default)]
    pub criteria: Vec<Criterion>,
}

/// Ranking the item's outputs, or picking the best and the worst of them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RankingControl {
    /// Id of the control, unique in the spec; the answer is stored under it.
    pub id: ControlId,
    /// The question (e.g. `Rank the utterances by naturalness`); also the accessible name.
    pub label: String,
    /// Optional help under the question, in Markdown.
    #[serde(default)]
    pub help: Option<String>,
    /// The item field with the outputs and each one's label (`Utterance {n}`); `shuffle` for an
    /// order shuffled per item.
    pub outputs: OutputsSource,
    /// `rank` (default: every output gets a rank, 1 the best) or `best_worst` (the best and the
    /// worst of them, for best–worst scaling).
    #[serde(default)]
    pub mode: RankingMode,
    /// In `rank` mode, whether two outputs may share a rank (default `false`).
    #[serde(default)]
    pub ties: bool,
    /// The label of the best (default `Best`) and of the worst (default `Worst`) in
    /// `best_worst` mode, and of rank 1 and the last rank in `rank` mode.
    #[serde(default)]
    pub anchors: Option<Anchors>,
}

/// How a ranking is asked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum RankingMode {
    /// Every output gets a rank.
    #[default]
    Rank,
    /// The best and the worst output.
    BestWorst,
}

/// One criterion of a pairwise judgement.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Criterion {
    /// Id, unique in the control; results key the judgement by it.
    pub id: String,
    /// The question for this criterion (e.g. `More fluent`).
    pub label: String,
    /// What the criterion means, in Markdown.
    #[serde(default)]
    pub description: Option<String>,
}

impl PairwiseControl {
    /// The keys judged: each criterion's id, or `""` for one judgement.
    pub fn keys(&self) -> Vec<&str> {
        if self.criteria.is_empty() {
            vec![""]
        } else {
            self.criteria.iter().map(|c| c.id.as_str()).collect()
        }
    }
}

fn one_i64() -> i64 {
    1
}

fn hundred() -> i64 {
    100
}

fn one_u32() -> u32 {
    1
}

impl ScaleControl {
    /// The points' values, in order.
    pub fn values(&self) -> std::ops::RangeInclusive<i64> {
        self.start..=self.start + i64::from(self.points.max(1)) - 1
    }
}

/// Where a control finds the outputs it asks about, one box each.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct OutputsSource {
    /// The item field holding the outputs: a list of `{"id": "...", "text": "..."}`. Results
    /// are keyed by these ids, never by screen position.
    pub field: FieldName,
    /// Label of each output; `{n}` is its position on screen (e.g. `Utterance {n}`).
    pub label: String,
    /// Show the outputs in an order shuffled per item (reproducible from the host's seed and the
    /// item id); the order shown is recorded in the result.
    #[serde(default)]
    pub shuffle: bool,
    /// How many outputs every item must list (RankME shows three). An item with another number
    /// is refused, by `glossa check` and by `mount`, with a message naming the item. Default:
    /// any number (at least one).
    #[serde(default)]
    pub count: Option<usize>,
}

/// A grid control: rows from the item, columns of options, an either/or rule between groups
/// of columns.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GridControl {
    /// Id of the control, unique in the spec; the answer is stored under it.
    pub id: ControlId,
    /// The question (e.g. `Chyby ve větách`).
    pub label: String,
    /// Optional help under the question, in Markdown.
    #[serde(default)]
    pub help: Option<String>,
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

/// Span attributes: each attribute takes a value, and spans of the text that show it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SpanAttributes {
    /// Id of the control, unique in the spec; the answer is stored under it.
    pub id: ControlId,
    /// Heading of the attribute list (e.g. `Atributy s rozsahem`).
    pub label: String,
    /// Optional help, in Markdown.
    #[serde(default)]
    pub help: Option<String>,
    /// The item field whose text the spans are picked from. Spans never leave this text.
    pub text_field: FieldName,
    /// Label of the text block (e.g. `Článek`).
    pub text_label: String,
    /// What a span is made of: `words` (default) or `characters` (Thai, Chinese, Japanese, or
    /// spans starting inside a word). Results record the same offsets either way.
    #[serde(default)]
    pub units: crate::text::tokens::Units,
    /// The attributes, in screen order.
    pub attributes: Vec<SpanAttribute>,
}

/// One attribute: a value from a list, and spans of the text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SpanAttribute {
    /// Id, unique in the control; results use it as the key.
    pub id: String,
    /// Label (e.g. `Vina`); for a repeatable attribute `{n}` is the entry's number
    /// (`Politik {n}`).
    pub label: String,
    /// What the attribute means and how to mark it, in Markdown (opened on the spot).
    #[serde(default)]
    pub description: Option<String>,
    /// Label of the value (e.g. `Vyznění` for a politician's tone); default: none shown.
    #[serde(default)]
    pub value_label: Option<String>,
    /// The values to choose from. A value is required: the empty first entry of the list
    /// cannot be submitted.
    pub values: Vec<AttributeValue>,
    /// Values that need at least one span (e.g. `["ano"]` for Vina); `["*"]` = every value.
    #[serde(default)]
    pub spans_required_for: Vec<String>,
    /// The attribute can be added several times (Politik 1, Politik 2, ...), each entry with
    /// its own value and spans.
    #[serde(default)]
    pub repeatable: bool,
    /// Whether a value is required (default `true`). An optional attribute (the propaganda
    /// manual's Rusko: "nemusíte vyplňovat") may stay empty and is then left out of the
    /// result; once it has spans, they need a value.
    #[serde(default = "yes")]
    pub required: bool,
}

/// A value of a span attribute.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AttributeValue {
    /// The stable value recorded in results.
    pub value: String,
    /// The label shown.
    pub label: String,
}

impl SpanAttribute {
    /// Whether this value needs a span.
    pub fn needs_span(&self, value: &str) -> bool {
        self.spans_required_for
            .iter()
            .any(|v| v == "*" || v == value)
    }
}

impl SpanAttributes {
    /// An attribute by id.
    pub fn attribute(&self, id: &str) -> Option<&SpanAttribute> {
        self.attributes.iter().find(|a| a.id == id)
    }
}

/// Labelled spans: the annotator marks passages of a text and gives each one label.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SpanLabels {
    /// Id of the control, unique in the spec; the answer is stored under it.
    pub id: ControlId,
    /// The task in a few words (e.g. `Toxische Stellen`); also the control's accessible name.
    pub label: String,
    /// Optional help under the label, in Markdown.
    #[serde(default)]
    pub help: Option<String>,
    /// The item field whose text the spans are marked in. Spans never leave this text.
    pub text_field: FieldName,
    /// Label of the text block (e.g. `Kommentar`, `Translation`).
    pub text_label: String,
    /// What a span is made of: `words` (default) or `characters` (Thai, Chinese, Japanese, or
    /// spans starting inside a word). Results record the same offsets either way.
    #[serde(default)]
    pub units: crate::text::tokens::Units,
    /// The labels, in screen order (at most 15 look different from each other).
    pub labels: Vec<SpanLabel>,
    /// Whether spans may overlap: `none` (default: marking over a span replaces it), `nested`
    /// (one span inside another, never crossing) or `allowed` (any overlap).
    #[serde(default)]
    pub overlap: SpanOverlap,
    /// The fewest spans an item needs (default 0).
    #[serde(default)]
    pub min: usize,
    /// The most spans an item takes (default: any number).
    #[serde(default)]
    pub max: Option<usize>,
    /// With `min` 0, whether an item without spans needs the annotator to tick "nothing to
    /// mark" (default `true`: an empty answer is an answer, never a skipped item). Results
    /// record `nothing_to_mark`.
    #[serde(default = "yes")]
    pub confirm_empty: bool,
    /// What each span is asked besides its label (e.g. MQM's `severity`, or a note), in
    /// screen order.
    #[serde(default)]
    pub attributes: Vec<SpanLabelAttribute>,
}

/// One label of a labelled-span control.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SpanLabel {
    /// The stable value recorded in results (e.g. `PER`, `insult`); unique in its control.
    pub value: OptionValue,
    /// The label shown on its button and beside its spans.
    pub label: String,
    /// What the label covers and how to mark it, in Markdown (opened on the spot).
    #[serde(default)]
    pub description: Option<String>,
    /// A shortcut key: labels the selected passage, or (nothing selected) picks the label to
    /// mark with. One character `1`–`9` or `a`–`z`, unique in the spec.
    #[serde(default)]
    pub key: Option<String>,
    /// Its colour: `amber`, `blue`, `pink`, `green`, `purple`, `orange`, `teal` or `brown`
    /// (default: by position). Every label also has its own line style, so labels differ
    /// without colour vision too.
    #[serde(default)]
    pub color: Option<LabelColor>,
}

/// The colours labels can take (each paired with line styles that tell labels apart).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum LabelColor {
    /// Amber.
    Amber,
    /// Blue.
    Blue,
    /// Pink.
    Pink,
    /// Green.
    Green,
    /// Purple.
    Purple,
    /// Orange.
    Orange,
    /// Teal.
    Teal,
    /// Brown.
    Brown,
}

/// Whether the spans of a labelled-span control may overlap.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SpanOverlap {
    /// No two spans share a word; marking over a span replaces it.
    #[default]
    None,
    /// A span may lie inside another, never across its edge; marking across replaces.
    Nested,
    /// Spans may overlap in any way.
    Allowed,
}

/// Something asked of every span besides its label: a value from a list, or (without
/// `values`) a free-text note.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SpanLabelAttribute {
    /// Id, unique in the control; results use it as the key (e.g. `severity`).
    pub id: String,
    /// Label shown beside each span (e.g. `Severity`).
    pub label: String,
    /// The values to choose from (e.g. `minor`, `major`, `critical`); none: a free-text note.
    #[serde(default)]
    pub values: Vec<AttributeValue>,
    /// Whether every span needs it (default: `true` with values, `false` for a note).
    #[serde(default)]
    pub required: Option<bool>,
    /// The most characters of a note (default 500).
    #[serde(default = "five_hundred")]
    pub max_length: usize,
}

impl SpanLabelAttribute {
    /// Whether every span needs this attribute.
    pub fn is_required(&self) -> bool {
        self.required.unwrap_or(!self.values.is_empty())
    }
}

impl SpanLabels {
    /// A label by value.
    pub fn label_of(&self, value: &str) -> Option<&SpanLabel> {
        self.labels.iter().find(|l| l.value.as_str() == value)
    }

    /// Whether an empty answer needs "nothing to mark" ticked.
    pub fn needs_confirmation(&self) -> bool {
        self.min == 0 && self.confirm_empty
    }

    /// Each label's style (`0..PALETTE`, see `www/glossa.css`): its colour's first style not
    /// taken by an earlier label, else its position.
    pub fn styles(&self) -> Vec<usize> {
        const STYLES: usize = 15;
        let mut taken: Vec<usize> = Vec::new();
        for (n, l) in self.labels.iter().enumerate() {
            let style = match l.color {
                Some(c) => {
                    let base = c as usize;
                    (0..2)
                        .map(|k| base + 8 * k)
                        .filter(|s| *s < STYLES)
                        .find(|s| !taken.contains(s))
                        .unwrap_or(base)
                }
                None => (n..n + STYLES)
                    .map(|s| s % STYLES)
                    .find(|s| !taken.contains(s) && !self.claimed(*s))
                    .unwrap_or(n % STYLES),
            };
            taken.push(style);
        }
        taken
    }

    /// Whether a label with an explicit colour will take style `s` first.
    fn claimed(&self, s: usize) -> bool {
        self.labels
            .iter()
            .any(|l| l.color.is_some_and(|c| c as usize == s))
    }
}

fn five_hundred() -> usize {
    500
}

/// Free text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TextControl {
    /// Id of the control, unique in the spec.
    pub id: ControlId,
    /// The label (its accessible name).
    pub label: String,
    /// Optional help, in Markdown.
    #[serde(default)]
    pub help: Option<String>,
    /// Whether the text must not be empty (default `false`).
    #[serde(default)]
    pub required: bool,
    /// The most characters allowed (default 2000).
    #[serde(default = "two_thousand")]
    pub max_length: usize,
    /// Several lines (a text area) rather than one.
    #[serde(default)]
    pub multiline: bool,
}

fn two_thousand() -> usize {
    2000
}

fn yes() -> bool {
    true
}

fn one() -> u64 {
    1
}

fn six() -> u8 {
    6
}
