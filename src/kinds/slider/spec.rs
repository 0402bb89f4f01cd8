//! What a spec says of a `slider` control: its entry's fields, as the JSON Schema and the spec
//! reference show them.

use crate::spec::parts::*;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

crate::spec::parts::control_struct! {
    /// A slider: a whole number from `min` to `max`, by `step`, that starts unset.
    #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct SliderControl {
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
}

fn hundred() -> i64 {
    100
}

fn one_u32() -> u32 {
    1
}

impl crate::spec::capability::Capabilities for SliderControl {
    fn rates(&self) -> bool {
        true
    }

    /// A handle let go where it started is not an answer the page can keep.
    fn keeps_early_taps(&self) -> bool {
        false
    }
}
