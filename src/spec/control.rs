//! Controls: what the annotator answers, one kind per variant.

use super::tagged;
use crate::ids::{ControlId, FieldName, OptionValue};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A control: one question the annotator answers.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Control {
    /// Exactly one option out of a list, each option with a short label and a definition.
    SingleChoice(SingleChoice),
    /// A whole number, asked once or once for each output the item lists (magnitude
    /// estimation: one score per utterance).
    Number(NumberControl),
}
tagged::tagged_enum!(Control {
    "single_choice" => SingleChoice(SingleChoice),
    "number" => Number(NumberControl),
});

impl Control {
    /// The control's id; answers are keyed by it.
    pub fn id(&self) -> &ControlId {
        match self {
            Control::SingleChoice(c) => &c.id,
            Control::Number(c) => &c.id,
        }
    }

    /// The control's visible label (its accessible name).
    pub fn label(&self) -> &str {
        match self {
            Control::SingleChoice(c) => &c.label,
            Control::Number(c) => &c.label,
        }
    }
}

/// A single-choice control.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
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
    /// The options, in screen order.
    pub options: Vec<ChoiceOption>,
}

/// One option of a choice control.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
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
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
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

/// Where a control finds the outputs it asks about, one box each.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
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
