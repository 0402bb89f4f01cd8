//! The item as data: an id and named fields (texts, outputs, sentences, images), with the
//! accessors the screen uses. How an item is checked against its spec is in `crate::item`.

use crate::support::sorted_map::SortedMap;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// One item: an id plus the fields the spec's blocks show (`{"id": "it-1", "testo": "..."}`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Item {
    /// Stable id of the item, recorded in its result.
    pub id: String,
    /// The item's fields by name. Texts are data: they are never rendered as markup.
    #[serde(flatten)]
    pub fields: SortedMap<String, serde_json::Value>,
}

/// One output of an item that a control asks about (e.g. one generated utterance).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Output {
    /// Stable id; answers are keyed by it.
    pub id: String,
    /// The text shown (an output that is media: its text alternative).
    pub text: String,
    /// An output that is media: its file, a path relative to the page or an `http(s)` URL.
    #[cfg(any(feature = "media", not(target_arch = "wasm32")))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub src: Option<String>,
    /// An output that is a video: its captions, a WebVTT file beside the items or an `http(s)`
    /// URL, shown from the start.
    #[cfg(any(feature = "media", not(target_arch = "wasm32")))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub captions: Option<String>,
    /// A turn of a conversation: who says it (e.g. `user`, `system`), when the section reads
    /// its outputs as a dialogue.
    #[cfg(any(feature = "compose", not(target_arch = "wasm32")))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub speaker: Option<String>,
}

/// An image of an item's source, shown with its caption as alt text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SourceImage {
    /// The image's address: `http(s)://…`, or a path relative to the page.
    pub url: String,
    /// What the image shows (its alt text and caption).
    pub caption: String,
}

/// Whether `url` is an absolute `http://` or `https://` address with a host and no spaces or
/// control characters: the only links an item may carry.
pub fn is_http_url(url: &str) -> bool {
    let lower = url.get(..8).unwrap_or(url).to_ascii_lowercase();
    let rest = if lower.starts_with("https://") {
        &url[8..]
    } else if lower.starts_with("http://") {
        &url[7..]
    } else {
        return false;
    };
    let host = rest.split(['/', '?', '#']).next().unwrap_or("");
    !host.is_empty() && !url.chars().any(|c| c.is_whitespace() || c.is_control())
}

/// Whether `url` may be an image's address: an `http(s)` URL or a relative path (no scheme,
/// so no `javascript:`, `data:` or `file:`).
pub fn is_image_url(url: &str) -> bool {
    if url.is_empty() || url.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return false;
    }
    let scheme_end = url.find(':');
    let first_slash = url.find(['/', '?', '#']);
    match scheme_end {
        Some(colon) if first_slash.is_none_or(|s| colon < s) => is_http_url(url),
        _ => !url.starts_with("//"),
    }
}

impl Output {
    /// A turn's speaker (none in a build without compositions).
    pub fn speaker(&self) -> Option<&str> {
        #[cfg(any(feature = "compose", not(target_arch = "wasm32")))]
        return self.speaker.as_deref();
        #[cfg(not(any(feature = "compose", not(target_arch = "wasm32"))))]
        None
    }

    /// An output that is media: its file's address (none in a build without media).
    pub fn media_src(&self) -> Option<&str> {
        #[cfg(any(feature = "media", not(target_arch = "wasm32")))]
        return self.src.as_deref();
        #[cfg(not(any(feature = "media", not(target_arch = "wasm32"))))]
        None
    }

    /// An output that is a video: its captions' address (none in a build without media).
    pub fn media_captions(&self) -> Option<&str> {
        #[cfg(any(feature = "media", not(target_arch = "wasm32")))]
        return self.captions.as_deref();
        #[cfg(not(any(feature = "media", not(target_arch = "wasm32"))))]
        None
    }
}

impl Item {
    /// The images of a source block (`[{"url", "caption"}]`); empty when the field is missing
    /// or malformed (which `item::check_item` reports).
    pub fn images(&self, field: &str) -> Vec<SourceImage> {
        self.fields
            .get(field)
            .and_then(|v| crate::spec::from_value(v).ok())
            .unwrap_or_default()
    }

    /// The text of a field, if the item has it as a string.
    pub fn text(&self, field: &str) -> Option<&str> {
        self.fields.get(field).and_then(|v| v.as_str())
    }

    /// The outputs in a field (`[{"id", "text"}]`); empty when the field is missing or malformed
    /// (which `item::check_item` reports).
    pub fn outputs(&self, field: &str) -> Vec<Output> {
        self.fields
            .get(field)
            .and_then(|v| crate::spec::from_value(v).ok())
            .unwrap_or_default()
    }

    /// A list of strings in a field (e.g. attributes to highlight); empty when absent.
    pub fn strings(&self, field: &str) -> Vec<String> {
        self.fields
            .get(field)
            .and_then(|v| crate::spec::from_value(v).ok())
            .unwrap_or_default()
    }
}
