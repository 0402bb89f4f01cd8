//! The question-authoring control (extractive QA): one card per question, answers picked in a
//! paragraph, a base form, flags, an optional category, and lexical-overlap settings.

use crate::support::ids::FieldName;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

crate::spec::parts::control_struct! {
    /// Question authoring: the annotator writes questions about a paragraph and marks each
    /// answer in it (PoQuAD-style extractive QA).
    #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct QuestionsControl {
        /// The item field holding the paragraph to ask about. Answer fragments never leave it.
        pub text_field: FieldName,
        /// Label of the paragraph (e.g. `Akapit`).
        pub text_label: String,
        /// What an answer fragment is made of: `words` (default) or `characters` (Thai, Chinese,
        /// Japanese). Results record the same offsets either way.
        #[serde(default)]
        pub units: crate::text::tokens::Units,
        /// How many questions each item asks for (default 5). Fewer only when the annotator ticks
        /// "no more questions possible".
        #[serde(default = "five")]
        pub target: usize,
        /// The most questions a card list may hold (default 10).
        #[serde(default = "ten")]
        pub max: usize,
        /// Whether a question must end with a question mark (default `true`).
        #[serde(default = "yes")]
        pub question_mark: bool,
        /// The base forms a yes/no question may have (default `["Tak", "Nie"]`); the card offers
        /// exactly these.
        #[serde(default = "tak_nie")]
        pub yes_no_values: Vec<String>,
        /// Question categories the annotator may pick from (optional per question), with the
        /// manual's target shares.
        #[serde(default)]
        pub categories: Vec<QuestionCategory>,
        /// The category that yes/no questions belong to (e.g. `rozstrzygniecie`): ticking
        /// "yes/no" picks it, and picking it ticks "yes/no".
        #[serde(default)]
        pub yes_no_category: Option<String>,
        /// Target share of unanswerable questions over the whole dataset, in percent (default
        /// 20). An item without any is a warning, never a block.
        #[serde(default = "twenty")]
        pub unanswerable_share: u8,
        /// How lexical overlap is measured and when it needs manual acceptance.
        #[serde(default)]
        pub overlap: OverlapSettings,
        /// Reasons an annotator may give for skipping the paragraph (the PoQuAD manual: paragraphs
        /// that are uninteresting or allow no worthwhile questions are to be skipped). A skipped
        /// paragraph asks no question; the result records the reason, and `glossa export poquad`
        /// leaves it out (and counts it). Empty (default): no skip offered.
        #[serde(default)]
        pub skip_reasons: Vec<crate::spec::AttributeValue>,
    }
}

impl QuestionsControl {
    /// The function words this control ignores: its built-in list (by default the spec's
    /// language `lang`, when one ships) plus its extra words. Built once per task (see
    /// `Task::function_words`).
    pub fn function_words(&self, lang: crate::i18n::Lang) -> crate::text::overlap::FunctionWords {
        let name = self
            .overlap
            .function_words
            .clone()
            .unwrap_or_else(|| lang.tag().to_owned());
        let mut list = crate::text::overlap::FunctionWords::builtin(&name).unwrap_or_default();
        list.extend(&self.overlap.extra_function_words);
        list
    }
}

/// A question category with its target share.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct QuestionCategory {
    /// The stable value recorded in results (e.g. `miejsce`).
    pub value: String,
    /// The label shown (e.g. `Miejsce (Gdzie? Skąd?)`).
    pub label: String,
    /// The manual's target share of all questions, in percent (e.g. `6.5`), shown beside the
    /// annotator's running share.
    #[serde(default)]
    pub share: Option<Percent>,
}

/// A percentage written as a JSON number (e.g. `6.5`).
#[derive(Clone, Copy, Debug, PartialEq, PartialOrd, Serialize, Deserialize, JsonSchema)]
#[serde(transparent)]
pub struct Percent(pub f64);

// JSON numbers are never NaN, so equality is total here.
impl Eq for Percent {}

/// Lexical overlap: the share of a question's content words that also occur in the sentence(s)
/// holding its answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct OverlapSettings {
    /// Above this share, in percent (default 50), the question is flagged "needs manual
    /// acceptance" in the result. A flag, never a block.
    #[serde(default = "fifty")]
    pub threshold: u8,
    /// The built-in list of function words to ignore: `pl` (shipped), or `none`. Default: the
    /// spec's language when a list ships for it, otherwise none.
    #[serde(default)]
    pub function_words: Option<String>,
    /// More function words to ignore, in addition to the built-in list (lower case).
    #[serde(default)]
    pub extra_function_words: Vec<String>,
}

impl Default for OverlapSettings {
    fn default() -> Self {
        OverlapSettings {
            threshold: fifty(),
            function_words: None,
            extra_function_words: Vec::new(),
        }
    }
}

impl QuestionsControl {
    /// A category by value.
    pub fn category(&self, value: &str) -> Option<&QuestionCategory> {
        self.categories.iter().find(|c| c.value == value)
    }
}

fn five() -> usize {
    5
}

fn ten() -> usize {
    10
}

fn yes() -> bool {
    true
}

fn twenty() -> u8 {
    20
}

fn fifty() -> u8 {
    50
}

fn tak_nie() -> Vec<String> {
    vec!["Tak".to_owned(), "Nie".to_owned()]
}

impl crate::spec::capability::Capabilities for QuestionsControl {
    fn free_text(&self) -> bool {
        true
    }

    fn tallies_session(&self) -> bool {
        true
    }
}
