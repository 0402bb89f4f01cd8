//! What a spec says of a `span_labels` control: its entry's fields, as the JSON Schema and the spec
//! reference show them.

use crate::spec::parts::*;
use crate::support::ids::{FieldName, OptionValue};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

crate::spec::parts::control_struct! {
    /// Labelled spans: the annotator marks passages of a text and gives each one label.
    #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct SpanLabels {
        /// The item field whose text the spans are marked in. Spans never leave this text.
        pub text_field: FieldName,
        /// Label of the text block (e.g. `Kommentar`, `Translation`).
        pub text_label: String,
        /// What a span is made of: `words` (default) or `characters` (Thai, Chinese, Japanese, or
        /// spans starting inside a word). Results record the same offsets either way.
        #[serde(default)]
        pub units: crate::text::tokens::Units,
        /// The labels, in screen order (at most 15 look different from each other).
        pub labels: Vec<SpanLabel>,
        /// Whether spans may overlap: `none` (default: marking over a span replaces it), `nested`
        /// (one span inside another, never crossing) or `allowed` (any overlap).
        #[serde(default)]
        pub overlap: SpanOverlap,
        /// The fewest spans an item needs (default 0).
        #[serde(default)]
        pub min: usize,
        /// The most spans an item takes (default: any number).
        #[serde(default)]
        pub max: Option<usize>,
        /// With `min` 0, whether an item without spans needs the annotator to tick "nothing to
        /// mark" (default `true`: an empty answer is an answer, never a skipped item). Results
        /// record `nothing_to_mark`.
        #[serde(default = "yes")]
        pub confirm_empty: bool,
        /// What each span is asked besides its label (e.g. MQM's `severity`, or a note), in
        /// screen order.
        #[serde(default)]
        pub attributes: Vec<SpanLabelAttribute>,
    }
}

/// One label of a labelled-span control.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SpanLabel {
    /// The stable value recorded in results (e.g. `PER`, `insult`); unique in its control.
    pub value: OptionValue,
    /// The label shown on its button and beside its spans.
    pub label: String,
    /// What the label covers and how to mark it, in Markdown (opened on the spot).
    #[serde(default)]
    pub description: Option<String>,
    /// A shortcut key: labels the selected passage, or (nothing selected) picks the label to
    /// mark with. One character `1`–`9` or `a`–`z`, unique in the spec.
    #[serde(default)]
    pub key: Option<String>,
    /// Its colour: `amber`, `blue`, `pink`, `green`, `purple`, `orange`, `teal` or `brown`
    /// (default: by position). Every label also has its own line style, so labels differ
    /// without colour vision too.
    #[serde(default)]
    pub color: Option<LabelColor>,
    /// The group the label belongs to, as the annotator reads it (MQM's `Accuracy` for
    /// `Accuracy/Mistranslation`): the label bar shows each group as one button that opens
    /// its labels, so 20 categories fit a phone (a group of one label shows the label); a section's `weights` may name the group, and
    /// error scores are reported by group as well as by label. Labels of a group stand
    /// together in `labels`. Loaded with the `full` build.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    // (A build without label groups never reads one: `glossa.js` loads the full build for a
    // spec with groups, and this build refuses the field as unknown.)
    #[cfg_attr(not(any(feature = "compose", not(target_arch = "wasm32"))), serde(skip))]
    pub group: Option<crate::support::family::Compose<String>>,
}

/// The colours labels can take (each paired with line styles that tell labels apart).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum LabelColor {
    /// Amber.
    Amber,
    /// Blue.
    Blue,
    /// Pink.
    Pink,
    /// Green.
    Green,
    /// Purple.
    Purple,
    /// Orange.
    Orange,
    /// Teal.
    Teal,
    /// Brown.
    Brown,
}

/// Whether the spans of a labelled-span control may overlap.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SpanOverlap {
    /// No two spans share a word; marking over a span replaces it.
    #[default]
    None,
    /// A span may lie inside another, never across its edge; marking across replaces.
    Nested,
    /// Spans may overlap in any way.
    Allowed,
}

/// Something asked of every span besides its label: a value from a list, or (without
/// `values`) a free-text note.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SpanLabelAttribute {
    /// Id, unique in the control; results use it as the key (e.g. `severity`).
    pub id: String,
    /// Label shown beside each span (e.g. `Severity`).
    pub label: String,
    /// The values to choose from (e.g. `minor`, `major`, `critical`); none: a free-text note.
    #[serde(default)]
    pub values: Vec<AttributeValue>,
    /// Whether every span needs it (default: `true` with values, `false` for a note).
    #[serde(default)]
    pub required: Option<bool>,
    /// The most characters of a note (default 500).
    #[serde(default = "five_hundred")]
    pub max_length: usize,
}

impl SpanLabelAttribute {
    /// Whether every span needs this attribute.
    pub fn is_required(&self) -> bool {
        self.required.unwrap_or(!self.values.is_empty())
    }
}

impl SpanLabels {
    /// A label's group (`None`: a label of its own on the bar).
    pub fn group_of(&self, value: &str) -> Option<&str> {
        self.label_of(value)?.group.as_ref().map(|g| g.as_str())
    }

    /// A label by value.
    pub fn label_of(&self, value: &str) -> Option<&SpanLabel> {
        self.labels.iter().find(|l| l.value.as_str() == value)
    }

    /// The words of an item's text that this control marks (`None` when the item is not among
    /// `items`): what figures per word count over.
    pub fn words_in(&self, item: Option<&crate::spec::Item>) -> Option<usize> {
        let text = item?.text(self.text_field.as_str())?;
        Some(crate::text::Tokens::count(text, self.units))
    }

    /// The text of a unit this control marks: the item's text field, or, for a control a
    /// section asks per output, the output's text when the section's outputs field is the
    /// control's text field, else the text every output shares (MQM's omissions, marked in
    /// the source). `None`: the item has no such text.
    pub fn unit_text(&self, item: &crate::spec::Item, output: &str) -> Option<String> {
        let own = (!output.is_empty())
            .then(|| {
                item.outputs(self.text_field.as_str())
                    .into_iter()
                    .find(|o| o.id == output)
            })
            .flatten();
        own.map(|o| o.text)
            .or_else(|| item.text(self.text_field.as_str()).map(str::to_owned))
    }

    /// Whether an empty answer needs "nothing to mark" ticked.
    pub fn needs_confirmation(&self) -> bool {
        self.min == 0 && self.confirm_empty
    }

    /// Each label's style (`0..PALETTE`, see `www/glossa.css`): its colour's first style not
    /// taken by an earlier label, else its position.
    pub fn styles(&self) -> Vec<usize> {
        const STYLES: usize = 15;
        let mut taken: Vec<usize> = Vec::new();
        for (n, l) in self.labels.iter().enumerate() {
            let style = match l.color {
                Some(c) => {
                    let base = c as usize;
                    (0..2)
                        .map(|k| base + 8 * k)
                        .filter(|s| *s < STYLES)
                        .find(|s| !taken.contains(s))
                        .unwrap_or(base)
                }
                None => (n..n + STYLES)
                    .map(|s| s % STYLES)
                    .find(|s| !taken.contains(s) && !self.claimed(*s))
                    .unwrap_or(n % STYLES),
            };
            taken.push(style);
        }
        taken
    }

    /// Whether a label with an explicit colour will take style `s` first.
    fn claimed(&self, s: usize) -> bool {
        self.labels
            .iter()
            .any(|l| l.color.is_some_and(|c| c as usize == s))
    }
}

fn five_hundred() -> usize {
    500
}

impl crate::spec::capability::Capabilities for SpanLabels {
    fn labelled_spans(&self) -> Option<crate::spec::capability::LabelledSpans<'_>> {
        Some(crate::spec::capability::LabelledSpans {
            text_field: self.text_field.as_str(),
            labels: self
                .labels
                .iter()
                .map(|l| (l.value.as_str(), l.label.as_str()))
                .collect(),
            groups: self
                .labels
                .iter()
                .map(|l| l.group.as_ref().map(|g| g.as_str()))
                .collect(),
            attributes: self.attributes.iter().map(|a| a.id.as_str()).collect(),
        })
    }

    fn attribute_values(&self, attribute: &str) -> Vec<&str> {
        self.attributes
            .iter()
            .filter(|a| a.id == attribute)
            .flat_map(|a| a.values.iter().map(|v| v.value.as_str()))
            .collect()
    }

    fn weighable(&self) -> Vec<&str> {
        let mut named: Vec<&str> = self.labels.iter().map(|l| l.value.as_str()).collect();
        named.extend(self.labels.iter().filter_map(|l| l.group.as_ref().map(|g| g.as_str())));
        for a in &self.attributes {
            named.extend(a.values.iter().map(|v| v.value.as_str()));
        }
        named
    }
}
