//! The handle `mount` returns to JavaScript (`www/glossa.js` wraps it in a plain object).

use super::Controller;
use crate::form::draft::Draft;
use crate::host::env::now_ms;
use crate::host::events::to_js;
use std::rc::Rc;
use wasm_bindgen::prelude::*;

/// The handle `mount` returns; `www/glossa.js` wraps it in a plain object.
#[wasm_bindgen]
pub struct Handle {
    pub(super) inner: Rc<Controller>,
}

#[wasm_bindgen]
impl Handle {
    /// The current report: `{valid, problems: [{path, code, severity, message}]}`.
    pub fn validate(&self) -> JsValue {
        self.inner.report_js()
    }

    /// Submits: returns the result document (and raises `glossa:submit`), or the report of
    /// what is still invalid (`valid: false`), which the widget then shows beside the controls.
    pub fn submit(&self) -> JsValue {
        match self.inner.submit() {
            Ok(doc) => to_js(&doc),
            Err(report) => report,
        }
    }

    /// The result document `submit()` would return now, without submitting (no event, nothing
    /// locked): `null` while the answers are invalid. Hosts use it to check that a result fits
    /// where they will store it before they let the participant go on.
    pub fn preview(&self) -> JsValue {
        match self.inner.build(now_ms()) {
            Some(Ok(doc)) => to_js(&doc),
            _ => JsValue::NULL,
        }
    }

    /// Answers the item as a simulated annotator would (see [`crate::simulate`]): the actions
    /// go through the widget, which shows them; the host then submits as usual. Returns whether
    /// a valid answer was found. In the `full` build only (feature `simulate`).
    #[cfg(feature = "simulate")]
    pub fn simulate(&self, seed: f64) -> bool {
        let crate::mount::Loaded::Task { task, .. } = &self.inner.loaded else {
            return false;
        };
        match crate::simulate::annotate(task, seed as u64, now_ms()) {
            Ok((actions, _)) => {
                for action in actions {
                    self.inner.link.dispatch(action);
                }
                true
            }
            Err(_) => false,
        }
    }

    /// Removes the widget from the page (the draft stays until `confirm`).
    pub fn destroy(&self) {
        self.inner.destroy();
    }

    /// The current draft (`glossa.draft/1`), for hosts that keep drafts themselves.
    pub fn draft(&self) -> JsValue {
        match self.inner.link.latest() {
            Some(m) => to_js(&Draft::of(&m.task, &m.form, now_ms())),
            None => JsValue::NULL,
        }
    }

    /// The storage key of this item's draft (`undefined` when drafts are off), so that a
    /// destroyed handle's `confirm()` can still remove it (see [`super::clear_draft`]).
    #[wasm_bindgen(js_name = draftKey)]
    pub fn draft_key(&self) -> Option<String> {
        self.inner.draft_key.clone()
    }

    /// The host confirms it stored the result: the item's draft is removed.
    pub fn confirm(&self) {
        self.inner.confirmed.set(true);
        if let Some(key) = &self.inner.draft_key {
            self.inner.drafts.clear(key);
        }
    }
}
