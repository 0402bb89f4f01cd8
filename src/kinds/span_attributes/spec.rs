//! What a spec says of a `span_attributes` control: its entry's fields, as the JSON Schema and the spec
//! reference show them.

use crate::spec::parts::*;
use crate::support::ids::FieldName;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

crate::spec::parts::control_struct! {
    /// Span attributes: each attribute takes a value, and spans of the text that show it.
    #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct SpanAttributes {
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

impl crate::spec::capability::Capabilities for SpanAttributes {}
