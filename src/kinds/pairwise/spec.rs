//! What a spec says of a `pairwise` control: its entry's fields, as the JSON Schema and the spec
//! reference show them.

use crate::spec::parts::*;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

crate::spec::parts::control_struct! {
    /// Pairwise preference between the item's two outputs.
    #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct PairwiseControl {
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

impl crate::spec::capability::Capabilities for PairwiseControl {}
