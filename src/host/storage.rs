//! Draft storage: `localStorage` when the browser allows it, memory otherwise (private modes,
//! full quota, blocked storage), so the widget never fails for want of a place to save.

use std::cell::RefCell;
use std::collections::HashMap;

thread_local! {
    static MEMORY: RefCell<HashMap<String, String>> = RefCell::new(HashMap::new());
}

/// Where drafts go.
pub enum DraftStore {
    /// The browser's local storage.
    Local(web_sys::Storage),
    /// This page's memory (lost on reload; the widget says so).
    Memory,
}

impl DraftStore {
    /// Local storage if a test write succeeds, memory otherwise.
    pub fn open() -> Self {
        let local = web_sys::window()
            .and_then(|w| w.local_storage().ok().flatten())
            .filter(|s| {
                s.set_item("glossa:probe", "1").is_ok() && s.remove_item("glossa:probe").is_ok()
            });
        match local {
            Some(s) => DraftStore::Local(s),
            None => DraftStore::Memory,
        }
    }

    /// Whether drafts survive a reload.
    pub fn persistent(&self) -> bool {
        matches!(self, DraftStore::Local(_))
    }

    /// Reads a draft (or any saved value; a malformed one counts as none).
    pub fn load<T: serde::de::DeserializeOwned>(&self, key: &str) -> Option<T> {
        let text = match self {
            DraftStore::Local(s) => s.get_item(key).ok().flatten(),
            DraftStore::Memory => MEMORY.with(|m| m.borrow().get(key).cloned()),
        }?;
        // Text -> Value -> T, like every other parse: one deserialiser per type in the bundle.
        let value: serde_json::Value = serde_json::from_str(&text).ok()?;
        crate::spec::from_value(&value).ok()
    }

    /// Writes a draft (or any value); a failing write (quota) falls back to memory and
    /// returns `false`.
    pub fn save<T: serde::Serialize>(&self, key: &str, value: &T) -> bool {
        let Ok(text) = serde_json::to_string(value) else {
            return false;
        };
        match self {
            DraftStore::Local(s) if s.set_item(key, &text).is_ok() => true,
            _ => {
                MEMORY.with(|m| m.borrow_mut().insert(key.to_owned(), text));
                false
            }
        }
    }

    /// Removes a draft.
    pub fn clear(&self, key: &str) {
        if let DraftStore::Local(s) = self {
            let _ = s.remove_item(key);
        }
        MEMORY.with(|m| m.borrow_mut().remove(key));
    }
}
