//! The task spec: what an annotation screen shows, which controls it asks for, and its rules.
//!
//! A spec is JSON written by a researcher. [`load`] parses it (unknown fields are errors, each
//! with its JSON path) and then runs the semantic checks in [`check`], so a spec that loads is
//! one the widget can render.

mod block;
pub mod capability;
pub mod check;
mod check_control;
mod control;
pub(crate) use control::{each_control, each_control_arms};
mod de;
pub mod dialogue;
pub use de::from_value;
mod issue;
pub mod item;
pub mod media;
#[cfg(any(not(target_arch = "wasm32"), feature = "report-web"))]
pub mod own_strings;
pub(crate) mod parts;
mod section;
mod suggestions;
pub use item::Item;
pub use section::{Condition, SectionBlock};
pub use suggestions::SuggestionsSpec;
pub(crate) mod tagged;

pub use block::{
    Block, MeaningRepresentationBlock, SentencesBlock, SourceBlock, StandardBlock, TextBlock,
};
pub use control::Control;
pub use parts::{Anchors, AttributeValue, ChoiceOption, OutputsSource};

/// Re-exports each kind's spec types (`crate::kinds::<kind>::spec`) here, as `spec::…`.
macro_rules! kind_specs {
    ([] $( $(#[$doc:meta])* $folder:ident => $Variant:ident($family:ident<$Payload:ident>) gold $gold:ident $(if $cfg:meta)? ),* $(,)?) => {
        $( $(#[cfg($cfg)])? pub use crate::kinds::$folder::spec::*; )*
    };
}
crate::kinds::control_kinds!([kind_specs]);

pub(crate) use issue::distinct;
pub use issue::{SpecIssue, SpecIssueCode};

use crate::i18n::Lang;
use crate::support::ids::ControlId;
use crate::support::sorted_map::SortedMap;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The spec format version this widget reads.
pub const SPEC_FORMAT: u32 = 1;

/// A task spec: one study's screen, controls and rules. Items are bound to it by field name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TaskSpec {
    /// The JSON Schema this file follows (for editors; the widget ignores it), e.g.
    /// `https://glossa.example/schema/spec/1.json` or a relative path to `schema/spec-1.json`.
    #[serde(rename = "$schema", default, skip_serializing_if = "Option::is_none")]
    pub schema: Option<String>,
    /// Notes for researchers, never shown to annotators (e.g. where this spec departs from its
    /// annotation manual, and why).
    #[serde(rename = "$comment", default, skip_serializing_if = "Option::is_none")]
    pub comment: Option<String>,
    /// Spec format version; must be `1`.
    pub glossa: u32,
    /// Stable id of the task, recorded in every result (e.g. `implicit-content-it`).
    pub id: String,
    /// The researcher's version of this spec (any string, e.g. `1.0.0`), recorded in results.
    pub version: String,
    /// Language of the task, a BCP 47 tag (`de`, `pt-BR`, `ar`, `zh-Hant`): the widget's own
    /// words and messages (Glossa ships 22 languages, and falls back along the tag, `de-AT` →
    /// `de`, then to English), the text direction (right to left for Arabic, Hebrew, Persian, …)
    /// and the `lang` of the screen.
    pub language: Lang,
    /// The study's own UI strings, by key (`glossa strings` lists the keys with the English
    /// text): they go over the language's, so a study in a language Glossa does not ship, or
    /// one wanting other words, needs no rebuild. `glossa check` names unknown keys and, for a
    /// language Glossa does not ship, the strings that will be English.
    #[serde(default, skip_serializing_if = "SortedMap::is_empty")]
    pub ui_strings: SortedMap<String, String>,
    /// Title shown above the task.
    #[serde(default)]
    pub title: Option<String>,
    /// Instructions in Markdown. Raw HTML inside is shown as text, never rendered.
    #[serde(default)]
    pub instructions: Option<String>,
    /// Whether the instructions are open on every item (default `false`; see
    /// `instructions_open_first`).
    #[serde(default)]
    pub instructions_open: bool,
    /// Whether the instructions are open on the annotator's first item of this task (per spec
    /// id and version and the ids the host passes) and folded on later items, one tap to
    /// reopen (default `true`). `false`: folded from the first item on.
    #[serde(default = "yes")]
    pub instructions_open_first: bool,
    /// The least time, in seconds the page is visible, an annotator spends on an item before it
    /// can be submitted (e.g. `20`; none by default). A quicker submit is refused with the time
    /// still to go; the clock stops while the page is hidden and goes on after a reload.
    /// `glossa validate` flags results whose `timings.active_ms` is shorter.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_seconds: Option<u32>,
    /// What the screen shows, top to bottom, each bound to a field of the item.
    pub blocks: Vec<Block>,
    /// What the annotator answers, in screen order.
    pub controls: Vec<Control>,
    /// Worked examples the annotator can open: an item, its correct answers, an explanation.
    #[serde(default)]
    pub examples: Vec<WorkedExample>,
    /// Model suggestions: items may carry, per control, what a model proposes (their
    /// `suggestions` field); the annotator accepts, changes or rejects each part, and the result
    /// records which. This says whether every suggestion must be decided and on what share of
    /// items they are shown (the rest measure anchoring).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub suggestions: Option<crate::support::family::Suggest<SuggestionsSpec>>,
    /// A headphone check before the participant's first answer (ITU-T P.808's environment
    /// check; Woods et al. 2017's antiphase tones), e.g. `{}` for 6 trials, 5 to pass, 2
    /// attempts. Until it is passed or its attempts are used, an item cannot be submitted; its
    /// outcome is kept for the participant's later items and goes in every result
    /// (`headphones`). Default: none.
    /// (Not in a build without media: `glossa.js` loads a build with media for such a spec.)
    #[cfg(any(feature = "media", not(target_arch = "wasm32")))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub headphone_check: Option<media::HeadphoneCheck>,
}

/// A worked example: an item shown like a real one, its correct answers, and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct WorkedExample {
    /// Title of the example (e.g. `Esempio`).
    #[serde(default)]
    pub title: Option<String>,
    /// The example item, with the same fields real items have.
    pub item: Item,
    /// The correct answer for each control, keyed by control id: an option value for a
    /// choice, a whole number for a number, an object `{output id: number}` for a number asked
    /// for each output.
    #[serde(default)]
    pub answers: SortedMap<ControlId, serde_json::Value>,
    /// Why these answers are right, in Markdown.
    #[serde(default)]
    pub explanation: Option<String>,
}

impl TaskSpec {
    /// The headphone check it asks for, if any (none in a build without media).
    pub fn headphones(&self) -> Option<&media::HeadphoneCheck> {
        #[cfg(any(feature = "media", not(target_arch = "wasm32")))]
        return self.headphone_check.as_ref();
        #[cfg(not(any(feature = "media", not(target_arch = "wasm32"))))]
        None
    }

    /// The spec with its own strings (`ui_strings`) over its language's: `language` then reads
    /// them. (The participant builds get them merged by `glossa.js` before the spec loads.)
    pub fn with_own_strings(self) -> Self {
        #[cfg(not(all(feature = "strings-data", target_arch = "wasm32")))]
        if !self.ui_strings.is_empty() {
            let language = self.language.with_strings(&self.ui_strings);
            return Self { language, ..self };
        }
        self
    }

    /// Looks a control up by id.
    pub fn control(&self, id: &ControlId) -> Option<&Control> {
        self.controls.iter().find(|c| c.id() == id)
    }
}

fn yes() -> bool {
    true
}

/// Parses a spec from JSON and runs every semantic check.
/// Returns every problem found, each with the JSON path of the offending field.
pub fn load(json: &str) -> Result<TaskSpec, Vec<SpecIssue>> {
    let spec: TaskSpec = parse_json::<TaskSpec>(json, "")?.with_own_strings();
    let issues = check::check_spec(&spec);
    if issues.is_empty() {
        Ok(spec)
    } else {
        Err(issues)
    }
}

/// Deserialises JSON into `T`, turning a failure into one [`SpecIssue`] with the path of the
/// offending field (prefixed by `prefix`).
pub fn parse_json<T: serde::de::DeserializeOwned>(
    json: &str,
    prefix: &str,
) -> Result<T, Vec<SpecIssue>> {
    // JSON text -> Value -> T: every type is deserialised from a `Value` only (here and in
    // the tagged enums), which keeps one copy of each type's deserialiser in the bundle.
    let value: serde_json::Value = serde_json::from_str(json).map_err(|e| {
        let path = if prefix.is_empty() { "$" } else { prefix };
        vec![SpecIssue::new(
            path,
            SpecIssueCode::InvalidJson,
            e.to_string(),
        )]
    })?;
    de::from_value(&value).map_err(|e| {
        let outer = join_path(prefix, &e.path());
        let (nested, message) = tagged::split_nested_path(e.message());
        let path = if outer == "$" {
            join_path("", &nested)
        } else {
            join_path(&outer, &nested)
        };
        vec![SpecIssue::new(path, SpecIssueCode::InvalidField, message)]
    })
}

/// Joins a path prefix and a sub-path (empty or `.`: the root).
pub(crate) fn join_path(prefix: &str, sub: &str) -> String {
    let sub = if sub == "." { "" } else { sub };
    match (prefix.is_empty(), sub.is_empty()) {
        (true, true) => "$".to_owned(),
        (true, false) => sub.to_owned(),
        (false, true) => prefix.to_owned(),
        (false, false) if sub.starts_with('[') => format!("{prefix}{sub}"),
        (false, false) => format!("{prefix}.{sub}"),
    }
}

#[cfg(test)]
pub(crate) mod tests;
