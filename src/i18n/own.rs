//! The keys a study's own strings (`ui_strings`) may give, and the strings a study starts from
//! (`glossa strings`): native only, for the command line. The spec's own strings are checked
//! against them in `spec::own_strings`.

use super::{compiled, Msg, PAGE_STRINGS, SHIPPED};

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
pub fn file(tag: &str) -> serde_json::Map<String, serde_json::Value> {
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
