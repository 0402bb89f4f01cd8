//! What a spec says of a `text` control: its entry's fields, as the JSON Schema and the spec
//! reference show them.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

crate::spec::parts::control_struct! {
    /// Free text.
    #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct TextControl {
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
}

fn two_thousand() -> usize {
    2000
}

impl crate::spec::capability::Capabilities for TextControl {
    fn free_text(&self) -> bool {
        true
    }
}
