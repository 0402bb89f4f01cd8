//! The link between a mounted widget and its host: the host reads the latest state and
//! dispatches actions through it; the widget fills it in as it renders.

use super::Model;
use crate::form::Action;
use std::cell::RefCell;
use yew::Callback;

/// Shared between the host controller and the widget.
#[derive(Default)]
pub struct WidgetLink {
    dispatch: RefCell<Option<Callback<Action>>>,
    latest: RefCell<Option<Model>>,
}

impl WidgetLink {
    /// Sends an action to the widget (ignored before its first render).
    pub fn dispatch(&self, action: Action) {
        let cb = self.dispatch.borrow().clone();
        if let Some(cb) = cb {
            cb.emit(action);
        }
    }

    /// The state the widget last rendered.
    pub fn latest(&self) -> Option<Model> {
        self.latest.borrow().clone()
    }

    /// Called by the widget on every render.
    pub(super) fn update(&self, model: &Model, dispatch: Callback<Action>) {
        *self.latest.borrow_mut() = Some(model.clone());
        *self.dispatch.borrow_mut() = Some(dispatch);
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
