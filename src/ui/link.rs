//! The link between a mounted widget and its host: the host reads the state and dispatches
//! actions through it; the widget fills it in as it renders.
//!
//! What the host reads is the state after the annotator's last input, not the state of the
//! last render: yew applies an action to the reducer at once but renders in a later task, and a
//! word pick may still wait for its frame (see [`Actions`]). A host that calls `submit()` in the
//! same task as a click or a keystroke (Qualtrics' Next, a jsPsych timeline, autofill, a test
//! script) must get that click or keystroke.

use super::actions::Actions;
use super::Model;
use crate::form::Action;
use std::cell::RefCell;
use yew::UseReducerHandle;

/// Shared between the host controller and the widget.
#[derive(Default)]
pub struct WidgetLink {
    /// The widget's reducer (it reads the live state, not a render's snapshot) and its senders.
    inner: RefCell<Option<(UseReducerHandle<Model>, Actions)>>,
}

impl WidgetLink {
    /// Sends an action to the widget, after any that are waiting (ignored before its first
    /// render).
    pub fn dispatch(&self, action: Action) {
        let actions = self.inner.borrow().as_ref().map(|(_, a)| a.clone());
        if let Some(actions) = actions {
            actions.now.emit(action);
        }
    }

    /// The state after every action sent so far: waiting ones are delivered first.
    pub fn latest(&self) -> Option<Model> {
        let (state, actions) = self.inner.borrow().clone()?;
        actions.deliver_waiting();
        // A fresh handle reads the reducer's current value (and keeps no history of its own).
        let model: &Model = &state;
        Some(model.clone())
    }

    /// Called by the widget on every render.
    pub(super) fn update(&self, state: &UseReducerHandle<Model>, actions: &Actions) {
        *self.inner.borrow_mut() = Some((state.clone(), actions.clone()));
    }
}

impl std::fmt::Debug for WidgetLink {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("WidgetLink")
    }
}

impl PartialEq for WidgetLink {
    /// Links are equal only to themselves.
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self, other)
    }
}
