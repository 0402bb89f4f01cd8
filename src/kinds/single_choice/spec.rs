//! What a spec says of a `single_choice` control: its entry's fields, as the JSON Schema and the spec
//! reference show them.

use crate::spec::parts::*;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

crate::spec::parts::control_struct! {
    /// A single-choice control.
    #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct SingleChoice {
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

impl crate::spec::capability::Capabilities for SingleChoice {
    fn categories(&self) -> Option<Vec<&str>> {
        Some(self.options.iter().map(|o| o.value.as_str()).collect())
    }
}
