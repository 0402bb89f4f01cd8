//! The direction a language's text runs: right to left for the scripts that do, whatever
//! strings a study brings.

/// The direction text in a language runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dir {
    /// Left to right.
    Ltr,
    /// Right to left (Arabic, Hebrew, Persian, Urdu, …).
    Rtl,
}

impl Dir {
    /// The value of the `dir` attribute.
    pub fn attr(self) -> &'static str {
        match self {
            Dir::Ltr => "ltr",
            Dir::Rtl => "rtl",
        }
    }
}

/// Languages written right to left (primary subtags), whatever strings a study brings.
#[cfg(not(all(feature = "strings-data", target_arch = "wasm32")))]
const RTL: [&str; 10] = ["ar", "arc", "dv", "fa", "he", "ku", "ps", "sd", "ug", "ur"];

/// The direction of a tag's language (the participant builds get it from `glossa.js`).
#[cfg(not(all(feature = "strings-data", target_arch = "wasm32")))]
pub(super) fn dir_of(tag: &str) -> Dir {
    let primary = tag.split('-').next().unwrap_or(tag).to_ascii_lowercase();
    if RTL.contains(&primary.as_str()) {
        Dir::Rtl
    } else {
        Dir::Ltr
    }
}
