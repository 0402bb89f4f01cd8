//! What a spec says of a `scale` control: its entry's fields, as the JSON Schema and the spec
//! reference show them.

use crate::spec::parts::*;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

crate::spec::parts::control_struct! {
    /// A rating scale: `points` ordered points numbered from `start`.
    #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct ScaleControl {
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
}

impl ScaleControl {
    /// The points' values, in order.
    pub fn values(&self) -> std::ops::RangeInclusive<i64> {
        self.start..=self.start + i64::from(self.points.max(1)) - 1
    }
}

impl crate::spec::capability::Capabilities for ScaleControl {
    fn rates(&self) -> bool {
        true
    }
}
