//! UI strings loaded as data (the participant builds, feature `strings-data`): one list per
//! language, in the order of [`Msg`], handed over by `glossa.js` before the first mount.

use super::{Lang, Msg, MSG_COUNT};
use std::cell::RefCell;

thread_local! {
    static TABLES: RefCell<Vec<(Lang, &'static [&'static str])>> = const { RefCell::new(Vec::new()) };
}

/// Takes a language's list (JSON: an array of strings in the order of [`Msg`]). Returns
/// `false`, keeping nothing, when it is not such a list (a strings file of another version).
pub fn set(lang: Lang, json: &str) -> bool {
    // Read as a `Value` (the one JSON reader the bundle has): a typed read of `Vec<String>` would
    // bring serde_json's error messages for every JSON type, the float formatter among them.
    let Ok(serde_json::Value::Array(items)) = serde_json::from_str(json) else {
        return false;
    };
    if items.len() != MSG_COUNT || !items.iter().all(serde_json::Value::is_string) {
        return false;
    }
    // Kept for the page's life, like the compiled-in tables they replace (a few KB per language).
    let list: Vec<&'static str> = items
        .into_iter()
        .filter_map(|v| match v {
            serde_json::Value::String(s) => Some(&*Box::leak(s.into_boxed_str())),
            _ => None,
        })
        .collect();
    let list: &'static [&'static str] = Box::leak(list.into_boxed_slice());
    TABLES.with(|t| {
        let mut t = t.borrow_mut();
        t.retain(|(l, _)| *l != lang);
        t.push((lang, list));
    });
    true
}

/// A string in a language; in another loaded language when that one is not loaded (glossa.js
/// always loads the task's), and empty only when none is.
pub fn text(lang: Lang, msg: Msg) -> &'static str {
    TABLES.with(|t| {
        let t = t.borrow();
        let list = t
            .iter()
            .find(|(l, _)| *l == lang)
            .or_else(|| t.first())
            .map(|(_, list)| *list);
        list.and_then(|list| list.get(msg as usize).copied())
            .unwrap_or("")
    })
}
