//! What a spec says of a `ranking` control: its entry's fields, as the JSON Schema and the spec
//! reference show them.

use crate::spec::parts::*;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

crate::spec::parts::control_struct! {
    /// Ranking the item's outputs, or picking the best and the worst of them.
    #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct RankingControl {
        /// The item field with the outputs and each one's label (`Utterance {n}`); `shuffle` for an
        /// order shuffled per item.
        pub outputs: OutputsSource,
        /// `rank` (default: every output gets a rank, 1 the best) or `best_worst` (the best and the
        /// worst of them, for best–worst scaling).
        #[serde(default)]
        pub mode: RankingMode,
        /// In `rank` mode, whether two outputs may share a rank (default `false`).
        #[serde(default)]
        pub ties: bool,
        /// The label of the best (default `Best`) and of the worst (default `Worst`) in
        /// `best_worst` mode, and of rank 1 and the last rank in `rank` mode.
        #[serde(default)]
        pub anchors: Option<Anchors>,
    }
}

/// How a ranking is asked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum RankingMode {
    /// Every output gets a rank.
    #[default]
    Rank,
    /// The best and the worst output.
    BestWorst,
}

impl crate::spec::capability::Capabilities for RankingControl {
    /// Cards dragged into an order are not kept by the page.
    fn keeps_early_taps(&self) -> bool {
        false
    }
}
