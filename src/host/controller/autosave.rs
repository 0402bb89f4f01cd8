//! Drafts of a mounted widget: saved in a task of their own right after a change (a burst of
//! changes is written once), at once when the page is hidden or goes away, never after the host
//! confirmed the result.

use super::Controller;
use crate::form::draft::Draft;
use crate::form::Action;
use crate::host::env::{now_ms, page_visible};
use gloo_events::EventListener;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

impl Controller {
    pub(super) fn watch_visibility(self: &Rc<Self>) {
        let Some(document) = web_sys::window().and_then(|w| w.document()) else {
            return;
        };
        let weak = Rc::downgrade(self);
        let listener = EventListener::new(&document, "visibilitychange", move |_| {
            let Some(c) = weak.upgrade() else { return };
            c.link.dispatch(Action::Visibility {
                visible: page_visible(),
                now_ms: now_ms(),
            });
            // Phones may never fire `unload`: hiding the page is the last safe moment to save.
            if !page_visible() {
                c.save_draft();
            }
        });
        *self.visibility.borrow_mut() = Some(listener);
        if let Some(window) = web_sys::window() {
            let weak = Rc::downgrade(self);
            let listener = EventListener::new(&window, "pagehide", move |_| {
                if let Some(c) = weak.upgrade() {
                    c.flush_draft();
                }
            });
            *self.pagehide.borrow_mut() = Some(listener);
        }
    }

    /// Saves the latest draft in a task of its own: an answer never waits for storage, and a
    /// burst of changes (typing) is written once. Hiding the page saves at once (below).
    pub(super) fn save_draft_soon(self: &Rc<Self>) {
        if self.draft_key.is_none() || self.save_pending.replace(true) {
            return;
        }
        let weak = Rc::downgrade(self);
        let save = Closure::once_into_js(move || {
            if let Some(c) = weak.upgrade() {
                c.flush_draft();
            }
        });
        let scheduled = web_sys::window()
            .is_some_and(|w| w.set_timeout_with_callback(save.unchecked_ref()).is_ok());
        if !scheduled {
            self.save_draft();
        }
    }

    /// Saves now if a save is waiting.
    pub(super) fn flush_draft(&self) {
        if self.save_pending.get() {
            self.save_draft();
        }
    }

    /// Saves the state the widget last rendered as the item's draft (unless the host has
    /// confirmed the result).
    pub(super) fn save_draft(&self) {
        self.save_pending.set(false);
        let Some(m) = self.link.latest() else { return };
        if let (Some(key), false) = (&self.draft_key, self.confirmed.get()) {
            self.drafts
                .save(key, &Draft::of(&m.task, &m.form, now_ms()));
        }
    }
}
