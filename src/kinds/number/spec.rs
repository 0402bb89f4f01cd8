//! What a spec says of a `number` control: its entry's fields, as the JSON Schema and the spec
//! reference show them.

use crate::spec::parts::*;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

crate::spec::parts::control_struct! {
    /// A whole-number control (e.g. a magnitude estimate). The annotator types digits; the result
    /// holds integers.
    #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct NumberControl {
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
}

fn one() -> u64 {
    1
}

fn six() -> u8 {
    6
}

impl crate::spec::capability::Capabilities for NumberControl {
    fn rates(&self) -> bool {
        true
    }

    /// Magnitude estimation: a score relative to a reference, on a ratio scale.
    fn ratio_scale(&self) -> bool {
        true
    }
}
