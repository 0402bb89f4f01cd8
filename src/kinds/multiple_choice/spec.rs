//! What a spec says of a `multiple_choice` control: its entry's fields, as the JSON Schema and the spec
//! reference show them.

use crate::spec::parts::*;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

crate::spec::parts::control_struct! {
    /// A multiple-choice control: checkboxes.
    #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct MultipleChoice {
        /// The fewest options to tick (default 1). `0` lets an empty answer through: give `none`
        /// instead, so that "nothing applies" is an answer and not a skipped question.
        #[serde(default = "one_usize")]
        pub min: usize,
        /// The most options to tick (default: all of them).
        #[serde(default)]
        pub max: Option<usize>,
        /// An exclusive "none of these" option: ticking it clears the others, ticking another
        /// clears it, and it is an answer on its own whatever `min` says. Results record its value.
        #[serde(default)]
        pub none: Option<ChoiceOption>,
        /// Whether every option's definition starts opened (default `false`: opened per option).
        #[serde(default)]
        pub definitions_open: bool,
        /// How the options are laid out: `list` (default, one per line) or `columns` (as many
        /// columns as fit: for many short options).
        #[serde(default)]
        pub layout: MultipleLayout,
        /// The options, in screen order. Results list the ticked ones in this order.
        pub options: Vec<ChoiceOption>,
    }
}

/// How a multiple choice is laid out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum MultipleLayout {
    /// One option per line.
    #[default]
    List,
    /// As many columns as fit.
    Columns,
}

impl MultipleChoice {
    /// Every option a result may record: the options, then `none`.
    pub fn all_options(&self) -> impl Iterator<Item = &ChoiceOption> {
        self.options.iter().chain(self.none.as_ref())
    }
}

fn one_usize() -> usize {
    1
}

impl crate::spec::capability::Capabilities for MultipleChoice {
    fn several_categories(&self) -> bool {
        true
    }

    fn categories(&self) -> Option<Vec<&str>> {
        Some(
            self.options
                .iter()
                .chain(self.none.as_ref())
                .map(|o| o.value.as_str())
                .collect(),
        )
    }
}
