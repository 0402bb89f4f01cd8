//! A spec's own strings (`ui_strings`) checked, and the strings a study starts from (`glossa
//! strings`): native only, for the command line.

use super::{compiled, Msg, PAGE_STRINGS, SHIPPED};
use crate::spec::{SpecIssue, SpecIssueCode, TaskSpec};

/// Every key a strings file or `ui_strings` may give, with its note: the widget's, then the
/// host pages'.
pub fn keys() -> Vec<(&'static str, String)> {
    Msg::ALL
        .iter()
        .map(|m| (m.key(), m.note().trim().replace("  ", " ")))
        .chain(PAGE_STRINGS.iter().map(|(k, n)| (*k, (*n).to_owned())))
        .collect()
}

/// The shipped file a tag reads (the tag, then shorter ones), if any.
pub fn shipped_for(tag: &str) -> Option<&'static str> {
    let mut t = tag;
    loop {
        if let Some(s) = SHIPPED.iter().find(|s| s.eq_ignore_ascii_case(t)) {
            return Some(s);
        }
        t = &t[..t.rfind('-')?];
    }
}

/// A shipped file's strings by key.
fn file(tag: &str) -> serde_json::Map<String, serde_json::Value> {
    match compiled::file(tag).map(serde_json::from_str) {
        Some(Ok(serde_json::Value::Object(m))) => m,
        _ => serde_json::Map::new(),
    }
}

/// The strings a study in `tag` starts from, ready to edit into `ui_strings`, as JSON text in
/// the files' order: every key with its text (the language's where Glossa ships it, else
/// English), then `_notes`, what each string is for (keys starting with `_` are never read as
/// strings).
pub fn starter(tag: &str) -> String {
    let en = file("en");
    let own = shipped_for(tag).map(file).unwrap_or_default();
    let json = |v: &str| serde_json::Value::from(v).to_string();
    let mut texts = Vec::new();
    let mut notes = Vec::new();
    for (key, note) in keys() {
        let text = own
            .get(key)
            .or_else(|| en.get(key))
            .and_then(|v| v.as_str())
            .unwrap_or_default();
        texts.push(format!("  {}: {}", json(key), json(text)));
        notes.push(format!("    {}: {}", json(key), json(&note)));
    }
    format!(
        "{{\n{},\n  \"_notes\": {{\n{}\n  }}\n}}\n",
        texts.join(",\n"),
        notes.join(",\n")
    )
}

/// The `{name}`s a string takes (a plural choice counts as its name), sorted.
pub(crate) fn params(s: &str) -> Vec<&str> {
    let mut p: Vec<&str> = s
        .split('{')
        .skip(1)
        .filter_map(|s| s.split(['}', ':']).next())
        .collect();
    p.sort_unstable();
    p.dedup();
    p
}

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
