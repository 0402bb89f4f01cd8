//! A spec's own strings (`ui_strings`) checked against the keys and parameters of the shipped
//! strings (`i18n::own`), and a string as a study shows it: native only, for the command line
//! and the researcher's wasm.

use super::{SpecIssue, SpecIssueCode, TaskSpec};
use crate::i18n::own::{file, keys, params, shipped_for};

/// Problems of a spec's own strings: a key no string has, a parameter the English string does
/// not have (it would show as `{name}`), braces inside braces; and, as notes, the parameters a
/// string leaves out (allowed — a language may not need the count — but worth a look).
pub fn check(spec: &TaskSpec) -> (Vec<SpecIssue>, Vec<String>) {
    let mut notes = Vec::new();
    let en = file("en");
    let known = keys();
    let mut out = Vec::new();
    for (key, text) in spec.ui_strings.iter() {
        let path = format!("ui_strings.{key}");
        if key.starts_with('_') {
            continue;
        }
        let Some(english) = en.get(key.as_str()).and_then(|v| v.as_str()) else {
            let near = known
                .iter()
                .map(|(k, _)| *k)
                .find(|k| k.contains(key.as_str()) || key.contains(*k))
                .map(|k| format!(" (did you mean {k}?)"))
                .unwrap_or_default();
            out.push(SpecIssue::new(
                path,
                SpecIssueCode::InvalidField,
                format!(
                    "no UI string has the key \"{key}\"{near}: `glossa strings` lists the keys"
                ),
            ));
            continue;
        };
        let (mine, theirs) = (params(text), params(english));
        let invented: Vec<String> = mine
            .iter()
            .filter(|p| !theirs.contains(p))
            .map(|p| format!("{{{p}}}"))
            .collect();
        if !invented.is_empty() {
            let want: Vec<String> = theirs.iter().map(|p| format!("{{{p}}}")).collect();
            out.push(SpecIssue::new(
                path.clone(),
                SpecIssueCode::InvalidField,
                format!(
                    "{} is not a parameter of this string (it takes {}; English: \"{english}\")",
                    invented.join(", "),
                    if want.is_empty() {
                        "none".to_owned()
                    } else {
                        want.join(", ")
                    }
                ),
            ));
        }
        let dropped: Vec<String> = theirs
            .iter()
            .filter(|p| !mine.contains(p))
            .map(|p| format!("{{{p}}}"))
            .collect();
        if !dropped.is_empty() {
            notes.push(format!(
                "{path}: leaves out {} (English: \"{english}\")",
                dropped.join(", ")
            ));
        }
        let mut depth = 0i32;
        for c in text.chars() {
            depth += match c {
                '{' => 1,
                '}' => -1,
                _ => 0,
            };
            if !(0..=1).contains(&depth) {
                out.push(SpecIssue::new(
                    path.clone(),
                    SpecIssueCode::InvalidField,
                    "braces inside braces: write a count before its plural choice, `{n} {n:one=item|other=items}`",
                ));
                break;
            }
        }
    }
    (out, notes)
}

/// What a study's screen will show in English: for a language Glossa does not ship, every
/// string `ui_strings` does not give (none for a shipped language).
pub fn english_fallbacks(spec: &TaskSpec) -> Vec<&'static str> {
    if shipped_for(spec.language.tag()).is_some() {
        return Vec::new();
    }
    keys()
        .into_iter()
        .map(|(k, _)| k)
        .filter(|k| !spec.ui_strings.contains_key(*k))
        .collect()
}

/// A string as a study shows it: its own (`ui_strings`), its language's, or English.
pub fn text(spec: &TaskSpec, key: &str) -> String {
    if let Some(own) = spec.ui_strings.get(key) {
        return own.clone();
    }
    let from = |m: serde_json::Map<String, serde_json::Value>| {
        m.get(key).and_then(|v| v.as_str()).map(str::to_owned)
    };
    shipped_for(spec.language.tag())
        .and_then(|tag| from(file(tag)))
        .or_else(|| from(file("en")))
        .unwrap_or_default()
}
