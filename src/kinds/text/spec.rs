//! What a spec says of a `text` control: its entry's fields, as the JSON Schema and the spec
//! reference show them.

use crate::support::ids::ControlId;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

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
