//! Blocks: what the screen shows of the item (and of the study, such as a standard to relate to).

use super::tagged;
use crate::support::family::{Base, Compose, Grids, Numbers};
use crate::support::ids::FieldName;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A block of the screen that shows part of the item.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Block {
    /// A labelled text shown verbatim (line breaks kept). The text is data: never markup.
    Text(TextBlock),
    /// A meaning representation (`name[Cocum], area[city centre]`) shown as attribute chips,
    /// the attributes the item marks as highlighted set apart.
    MeaningRepresentation(Numbers<MeaningRepresentationBlock>),
    /// A fixed reference from the spec (not the item) that answers relate to, with its score:
    /// RankME's STANDARD.
    Standard(Numbers<StandardBlock>),
    /// A text split into numbered sentences ("•" bullets, or a list of strings).
    Sentences(Grids<SentencesBlock>),
    /// The item's source: a link to the original (opened in a new tab) and, optionally, its
    /// images with their captions, for answers that need a look at the source (the propaganda
    /// manual's Obrázek and Video).
    Source(SourceBlock),
    /// Controls shown together: once per output of the item (each output's text, then its
    /// controls), or once; some shown only when another answer has a value.
    Section(Compose<super::SectionBlock>),
    /// An item's recording, image or video (a path or URL in an item field), with its text
    /// alternative, played by Glossa's own controls only after a tap. (Not in a build without
    /// media, whose spec reader does not know the kind: glossa.js never gives it one.)
    #[cfg(any(feature = "media", not(target_arch = "wasm32")))]
    Media(super::media::MediaBlock),
}
tagged::tagged_enum!(Block {
    "text" => Text(Base<TextBlock>),
    "meaning_representation" => MeaningRepresentation(Numbers<MeaningRepresentationBlock>),
    "standard" => Standard(Numbers<StandardBlock>),
    "sentences" => Sentences(Grids<SentencesBlock>),
    "source" => Source(Base<SourceBlock>),
    "section" => Section(Compose<super::SectionBlock>),
    @cfg(any(feature = "media", not(target_arch = "wasm32"))) "media" => Media(crate::support::family::Media<super::media::MediaBlock>),
});

/// A labelled text block.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TextBlock {
    /// The item field holding the text.
    pub field: FieldName,
    /// The label shown above the text (e.g. `Testo`).
    pub label: String,
    /// An optional note under the label, in Markdown (e.g. "context only").
    #[serde(default)]
    pub note: Option<String>,
    /// The text's direction when it differs from the task language's (a Hebrew quotation in
    /// an English study: `rtl`; `auto`: from its first strong letter). Default: the
    /// language's.
    /// (Read as text — an enum's own reader would weigh a kilobyte in every build — and
    /// checked by the spec's checks.)
    #[serde(default)]
    #[schemars(with = "Option<TextDir>")]
    pub dir: Option<String>,
}

/// The direction of a text (the values a text block's `dir` takes).
#[derive(JsonSchema)]
#[serde(rename_all = "lowercase")]
#[allow(dead_code)]
enum TextDir {
    /// Left to right.
    Ltr,
    /// Right to left.
    Rtl,
    /// From the text's first strong letter.
    Auto,
}

/// A meaning representation block.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MeaningRepresentationBlock {
    /// The item field holding the meaning representation, `attr[value], attr[value]`.
    pub field: FieldName,
    /// The label shown above it (e.g. `Meaning representation`).
    pub label: String,
    /// An optional item field: a list of attribute names to highlight (e.g. `["area"]`).
    #[serde(default)]
    pub highlight_field: Option<FieldName>,
    /// An optional note under the label, in Markdown.
    #[serde(default)]
    pub note: Option<String>,
}

/// A text shown as numbered sentences.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SentencesBlock {
    /// The item field: a text whose sentences start with "•", or a list of strings.
    pub field: FieldName,
    /// The label shown above the sentences (e.g. `Generated`).
    pub label: String,
    /// Label of each sentence; `{n}` is its number (e.g. `Sentence{n}`).
    pub sentence_label: String,
    /// An optional note under the label, in Markdown.
    #[serde(default)]
    pub note: Option<String>,
}

/// The source of an item: its address and, optionally, its images.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SourceBlock {
    /// The item field holding the source's address: an `http://` or `https://` URL. An item
    /// without the field shows no link; any other scheme is refused as an item error.
    pub url_field: FieldName,
    /// The heading of the block (e.g. `Zdroj`).
    pub label: String,
    /// The link's text (e.g. `Otevřít původní článek`); default: the address itself. The link
    /// opens in a new tab, without the page's referrer or access to it
    /// (`rel="noopener noreferrer"`).
    #[serde(default)]
    pub link_text: Option<String>,
    /// An optional item field: the source's images, `[{"url": "...", "caption": "..."}]`. Each
    /// is loaded lazily (when scrolled near) and its caption is its alt text. URLs are
    /// `http(s)` or relative to the page.
    #[serde(default)]
    pub images_field: Option<FieldName>,
    /// An optional note under the label, in Markdown.
    #[serde(default)]
    pub note: Option<String>,
}

/// The standard every answer relates to: a meaning representation, an utterance and its score.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StandardBlock {
    /// Heading of the block (e.g. `Here is the STANDARD to relate to:`).
    pub label: String,
    /// The standard's meaning representation, `attr[value], ...` (optional).
    #[serde(default)]
    pub meaning_representation: Option<String>,
    /// Label of the meaning representation (e.g. `Meaning representation`).
    #[serde(default)]
    pub meaning_representation_label: Option<String>,
    /// The standard's text (e.g. its utterance).
    pub text: String,
    /// Label of the text (e.g. `Utterance`).
    #[serde(default)]
    pub text_label: Option<String>,
    /// What the score measures (e.g. `Informativeness`).
    pub score_label: String,
    /// The standard's score (e.g. `100`), recorded in every result.
    pub score: u64,
}

impl Block {
    /// The item fields this block shows (none for a standard, which comes from the spec).
    pub fn fields(&self) -> Vec<&FieldName> {
        match self {
            Block::Text(b) => vec![&b.field],
            Block::MeaningRepresentation(b) => vec![&b.field],
            Block::Standard(_) => vec![],
            Block::Sentences(_) => vec![],
            Block::Source(_) => vec![],
            Block::Section(_) => vec![],
            #[cfg(any(feature = "media", not(target_arch = "wasm32")))]
            Block::Media(b) => vec![&b.field, &b.text_field],
        }
    }
}
