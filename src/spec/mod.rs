//! The task spec: what an annotation screen shows, which controls it asks for, and its rules.
//!
//! A spec is JSON written by a researcher. [`load`] parses it (unknown fields are errors, each
//! with its JSON path) and then runs the semantic checks in [`check`], so a spec that loads is
//! one the widget can render.

pub mod check;
mod issue;
pub(crate) mod tagged;

pub use issue::{SpecIssue, SpecIssueCode};

use crate::i18n::Lang;
use crate::ids::{ControlId, FieldName, OptionValue};
use crate::item::Item;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The spec format version this widget reads.
pub const SPEC_FORMAT: u32 = 1;

/// A task spec: one study's screen, controls and rules. Items are bound to it by field name.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TaskSpec {
    /// Spec format version; must be `1`.
    pub glossa: u32,
    /// Stable id of the task, recorded in every result (e.g. `implicit-content-it`).
    pub id: String,
    /// The researcher's version of this spec (any string, e.g. `1.0.0`), recorded in results.
    pub version: String,
    /// Language of the UI strings and messages: `it`, `en`, `cs` or `pl`.
    pub language: Lang,
    /// Title shown above the task.
    #[serde(default)]
    pub title: Option<String>,
    /// Instructions in Markdown. Raw HTML inside is shown as text, never rendered.
    #[serde(default)]
    pub instructions: Option<String>,
    /// Whether the instructions start opened (default `false`: a collapsed panel).
    #[serde(default)]
    pub instructions_open: bool,
    /// What the screen shows, top to bottom, each bound to a field of the item.
    pub blocks: Vec<Block>,
    /// What the annotator answers, in screen order.
    pub controls: Vec<Control>,
    /// Worked examples the annotator can open: an item, its correct answers, an explanation.
    #[serde(default)]
    pub examples: Vec<WorkedExample>,
}

/// A block of the screen that shows part of the item.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Block {
    /// A labelled text shown verbatim (line breaks kept). The text is data: never markup.
    Text(TextBlock),
}
tagged::tagged_enum!(Block { "text" => Text(TextBlock) });

/// A labelled text block.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TextBlock {
    /// The item field holding the text.
    pub field: FieldName,
    /// The label shown above the text (e.g. `Testo`).
    pub label: String,
    /// An optional note under the label, in Markdown (e.g. "context only").
    #[serde(default)]
    pub note: Option<String>,
}

impl Block {
    /// The item field this block shows.
    pub fn field(&self) -> &FieldName {
        match self {
            Block::Text(b) => &b.field,
        }
    }
}

/// A control: one question the annotator answers.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Control {
    /// Exactly one option out of a list, each option with a short label and a definition.
    SingleChoice(SingleChoice),
}
tagged::tagged_enum!(Control { "single_choice" => SingleChoice(SingleChoice) });

impl Control {
    /// The control's id; answers are keyed by it.
    pub fn id(&self) -> &ControlId {
        match self {
            Control::SingleChoice(c) => &c.id,
        }
    }

    /// The control's visible label (its accessible name).
    pub fn label(&self) -> &str {
        match self {
            Control::SingleChoice(c) => &c.label,
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

/// A worked example: an item shown like a real one, its correct answers, and why.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct WorkedExample {
    /// Title of the example (e.g. `Esempio`).
    #[serde(default)]
    pub title: Option<String>,
    /// The example item, with the same fields real items have.
    pub item: Item,
    /// The correct answer for each control, keyed by control id (option values for choices).
    #[serde(default)]
    pub answers: BTreeMap<ControlId, OptionValue>,
    /// Why these answers are right, in Markdown.
    #[serde(default)]
    pub explanation: Option<String>,
}

fn yes() -> bool {
    true
}

impl TaskSpec {
    /// Looks a control up by id.
    pub fn control(&self, id: &ControlId) -> Option<&Control> {
        self.controls.iter().find(|c| c.id() == id)
    }
}

/// Parses a spec from JSON and runs every semantic check.
/// Returns every problem found, each with the JSON path of the offending field.
pub fn load(json: &str) -> Result<TaskSpec, Vec<SpecIssue>> {
    let spec: TaskSpec = parse_json(json, "")?;
    let issues = check::check_spec(&spec);
    if issues.is_empty() {
        Ok(spec)
    } else {
        Err(issues)
    }
}

/// Deserialises JSON into `T`, turning a failure into one [`SpecIssue`] with the path of the
/// offending field (prefixed by `prefix`).
pub fn parse_json<T: serde::de::DeserializeOwned>(
    json: &str,
    prefix: &str,
) -> Result<T, Vec<SpecIssue>> {
    let de = &mut serde_json::Deserializer::from_str(json);
    serde_path_to_error::deserialize(de).map_err(|e| {
        let outer = join_path(prefix, &e.path().to_string());
        let inner = e.into_inner();
        let code = if inner.is_syntax() || inner.is_eof() {
            SpecIssueCode::InvalidJson
        } else {
            SpecIssueCode::InvalidField
        };
        let (nested, message) = tagged::split_nested_path(&inner.to_string());
        let path = if outer == "$" {
            join_path("", &nested)
        } else {
            join_path(&outer, &nested)
        };
        vec![SpecIssue::new(path, code, message)]
    })
}

/// Joins a path prefix and a sub-path (`.` means the root in serde_path_to_error).
pub(crate) fn join_path(prefix: &str, sub: &str) -> String {
    let sub = if sub == "." { "" } else { sub };
    match (prefix.is_empty(), sub.is_empty()) {
        (true, true) => "$".to_owned(),
        (true, false) => sub.to_owned(),
        (false, true) => prefix.to_owned(),
        (false, false) if sub.starts_with('[') => format!("{prefix}{sub}"),
        (false, false) => format!("{prefix}.{sub}"),
    }
}

#[cfg(test)]
mod tests;
