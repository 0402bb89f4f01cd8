//! What a spec says of a `test_choice` control: one option out of a list. The kind exists for
//! the test suite alone (cargo feature `test-kind`, `tests/test_kind.rs`): a kind made of its
//! folder and its line in the declaration, and nothing else.

use crate::spec::parts::*;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

crate::spec::parts::control_struct! {
    /// The test suite's choice-like kind.
    #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct TestChoice {
        /// Whether an answer is required before submitting (default `true`).
        #[serde(default = "yes")]
        pub required: bool,
        /// The options, in screen order.
        pub options: Vec<ChoiceOption>,
    }
}

impl crate::spec::capability::Capabilities for TestChoice {
    fn categories(&self) -> Option<Vec<&str>> {
        Some(self.options.iter().map(|o| o.value.as_str()).collect())
    }
}
