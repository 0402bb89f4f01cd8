//! A task's language: any BCP 47 tag (`de`, `pt-BR`, `zh-Hant-TW`, `eu`), held as a handle on
//! the strings table it reads (see `tables`), so that it stays `Copy` and two bytes.

use super::dir::Dir;
use super::tables;
use schemars::JsonSchema;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A language: a BCP 47 tag and the UI strings it reads (the shipped language the tag falls
/// back to, `de-AT` → `de`, then English; with a spec's own strings over them once the spec is
/// loaded).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Lang(pub(super) u16);

/// What a text that is not a language tag is told.
pub const NOT_A_TAG: &str =
    "not a language tag: use a BCP 47 tag such as en, de, pt-BR or zh-Hant (letters, digits and hyphens)";

impl Lang {
    /// English, the last fallback of every language.
    pub const EN: Lang = Lang(0);

    /// Whether `tag` is a language tag: letters, digits and hyphens, a primary subtag of 2 to
    /// 8 letters, at most 35 characters.
    pub fn is_tag(tag: &str) -> bool {
        let mut parts = tag.split('-');
        let primary = parts.next().unwrap_or_default();
        tag.len() <= 35
            && (2..=8).contains(&primary.len())
            && primary.bytes().all(|b| b.is_ascii_alphabetic())
            && parts
                .all(|p| (1..=8).contains(&p.len()) && p.bytes().all(|b| b.is_ascii_alphanumeric()))
    }

    /// The language of a tag (see [`Lang::is_tag`]). Case is not significant (`pt-br` is
    /// `pt-BR`).
    pub fn parse(tag: &str) -> Result<Lang, &'static str> {
        if Lang::is_tag(tag) {
            Ok(Lang(tables::for_tag(tag)))
        } else {
            Err(NOT_A_TAG)
        }
    }

    /// The language of any text, unchecked: a text that is not a tag reads English's strings
    /// (the spec's checks name it).
    pub fn read(tag: &str) -> Lang {
        Lang(tables::for_tag(tag))
    }

    /// The tag, as the spec gives it (for the `lang` attribute and results).
    pub fn tag(self) -> &'static str {
        tables::tag(self.0)
    }

    /// The language with a spec's own strings over its own (see `tables::overlay`).
    #[cfg(not(all(feature = "strings-data", target_arch = "wasm32")))]
    pub fn with_strings(self, own: &crate::support::sorted_map::SortedMap<String, String>) -> Lang {
        Lang(tables::overlay(self.0, own))
    }

    /// The direction the language's text runs.
    pub fn dir(self) -> Dir {
        tables::dir(self.0)
    }
}

impl Default for Lang {
    fn default() -> Self {
        Lang::EN
    }
}

impl std::fmt::Debug for Lang {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Lang({})", self.tag())
    }
}

impl Serialize for Lang {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.tag())
    }
}

impl<'de> Deserialize<'de> for Lang {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        // Any text reads; one that is not a tag reads English's strings and is named by the
        // spec's checks (`language`).
        let tag = String::deserialize(d)?;
        Ok(Lang::read(&tag))
    }
}

impl JsonSchema for Lang {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Lang".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "type": "string",
            "description": "A BCP 47 language tag (en, de, pt-BR, zh-Hant, …).",
            "pattern": "^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$",
            "maxLength": 35
        })
    }
}
