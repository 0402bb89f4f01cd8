//! Typed answers, one kind per control kind: a single choice is one value, never a set of flags.

use crate::ids::{ControlId, OptionValue};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The answer to one control.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Answer {
    /// The chosen option of a single-choice control.
    Choice(OptionValue),
}

/// All answers of one item, keyed by control id. A control without an answer has no entry.
pub type Answers = BTreeMap<ControlId, Answer>;
