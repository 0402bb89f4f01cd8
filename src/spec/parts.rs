//! Parts that several control kinds' entries share: the common fields, a choice's options, the
//! labels of a rating's two ends, where outputs come from, and the defaults they read.

use crate::support::ids::{FieldName, OptionValue};

/// Declares a control kind's spec struct with the fields every control has first — `id`,
/// `label`, `help` — declared here once; the kind's own fields follow.
macro_rules! control_struct {
    ($(#[$meta:meta])* pub struct $name:ident { $($fields:tt)* }) => {
        $(#[$meta])*
        pub struct $name {
            /// Id of the control, unique in the spec; the answer is stored under it.
            pub id: crate::support::ids::ControlId,
            /// The question shown to the annotator (e.g. `Fluency`); also its accessible name.
            pub label: String,
            /// Optional help under the question, in Markdown.
            #[serde(default)]
            pub help: Option<String>,
            $($fields)*
        }
    };
}
pub(crate) use control_struct;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// One option of a choice control.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ChoiceOption {
    /// The stable value recorded in results (e.g. `totalmente_sbagliato`); unique in its control.
    pub value: OptionValue,
    /// The short label shown beside the radio button; also its accessible name.
    pub label: String,
    /// The long definition, in Markdown, that the annotator can open on the spot.
    #[serde(default)]
    pub description: Option<String>,
    /// A shortcut key that picks this option while the widget has focus: one character `1`–`9`
    /// or `a`–`z`, unique in the spec.
    #[serde(default)]
    pub key: Option<String>,
}

/// The labels of a rating's two ends (its lowest and its highest point).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Anchors {
    /// The low end (e.g. `0: Nonsense`).
    pub low: String,
    /// The high end (e.g. `100: Perfect`).
    pub high: String,
}

/// Where a control finds the outputs it asks about, one box each.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct OutputsSource {
    /// The item field holding the outputs: a list of `{"id": "...", "text": "..."}`. Results
    /// are keyed by these ids, never by screen position.
    pub field: FieldName,
    /// Label of each output; `{n}` is its position on screen (e.g. `Utterance {n}`).
    #[schemars(title = "Output label")]
    pub label: String,
    /// Show the outputs in an order shuffled per item (reproducible from the host's seed and the
    /// item id); the order shown is recorded in the result.
    #[serde(default)]
    pub shuffle: bool,
    /// How many outputs every item must list (RankME shows three). An item with another number
    /// is refused, by `glossa check` and by `mount`, with a message naming the item. Default:
    /// any number (at least one).
    #[serde(default)]
    pub count: Option<usize>,
    /// The outputs are recordings, images or videos (a listening test's clips): each output
    /// gives its file in `src` (a path relative to the page or an `http(s)` URL) and its text
    /// alternative in `text` (e.g. `{"type": "audio", "play_to_end": true}`).
    #[cfg(any(feature = "media", not(target_arch = "wasm32")))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub media: Option<super::media::OutputsMedia>,
    /// The outputs are the turns of a conversation, each with its `speaker`, shown in their
    /// order: which speakers' turns the section asks about, the speakers' names, and whether
    /// later turns wait until the earlier are answered. Only a section's outputs.
    #[cfg(any(feature = "compose", not(target_arch = "wasm32")))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dialogue: Option<super::dialogue::Dialogue>,
}

impl OutputsSource {
    /// The conversation the outputs are the turns of, if they are (none in a build without
    /// compositions).
    pub fn dialogue(&self) -> Option<&super::dialogue::Dialogue> {
        #[cfg(any(feature = "compose", not(target_arch = "wasm32")))]
        return self.dialogue.as_ref();
        #[cfg(not(any(feature = "compose", not(target_arch = "wasm32"))))]
        None
    }

    /// Whether the outputs are media, and how they play (none in a build without media).
    pub fn media(&self) -> Option<&super::media::OutputsMedia> {
        #[cfg(any(feature = "media", not(target_arch = "wasm32")))]
        return self.media.as_ref();
        #[cfg(not(any(feature = "media", not(target_arch = "wasm32"))))]
        None
    }
}

pub(crate) fn yes() -> bool {
    true
}

/// A value of a span attribute.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AttributeValue {
    /// The stable value recorded in results.
    pub value: String,
    /// The label shown.
    pub label: String,
}

pub(crate) fn one_i64() -> i64 {
    1
}
