//! What a spec says of model suggestions: whether each must be decided, and on what share of
//! items they are shown (the rest, hidden, measure how far annotators anchor on them).

use super::{SpecIssue, SpecIssueCode};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// How the items' suggestions are shown (`suggestions` in the spec).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SuggestionsSpec {
    /// Whether the annotator must accept, change or reject every suggested part before
    /// submitting (default `true`). With `false`, parts left as suggested are recorded as
    /// `kept`.
    #[serde(default = "yes")]
    pub require_decision: bool,
    /// The share of items, in percent, on which each participant sees the suggestions (default
    /// 100). Below 100, the rest are shown without them: the findings then compare agreement
    /// with the model on items shown with and without suggestions (anchoring). Which items is
    /// decided by the host's seed (else the participant's id) and the item id: reproducible per
    /// participant, and
    /// balanced, so each item is shown with suggestions to about this share of participants.
    #[serde(default = "all")]
    pub show_percent: u32,
}

fn yes() -> bool {
    true
}

fn all() -> u32 {
    100
}

impl SuggestionsSpec {
    /// Its own problems (paths `suggestions.…`).
    pub fn check(&self, out: &mut Vec<SpecIssue>) {
        if self.show_percent > 100 {
            out.push(SpecIssue::new(
                "suggestions.show_percent",
                SpecIssueCode::InvalidField,
                format!(
                    "{}: give a percentage from 0 to 100 (100 shows the suggestions on every item)",
                    self.show_percent
                ),
            ));
        }
    }
}
