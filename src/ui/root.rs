//! `Root`: what a mount shows — the task widget, or an error panel when the spec or item is bad.

use super::{ErrorPanel, ErrorPanelProps, Widget, WidgetProps};
use std::rc::Rc;
use yew::prelude::*;

/// What to show. (One per mount, made once: the size of its larger variant costs nothing.)
#[derive(PartialEq)]
#[allow(clippy::large_enum_variant)]
pub enum RootView {
    /// The task.
    Task(WidgetProps),
    /// A readable error.
    Error(ErrorPanelProps),
}

/// Props of [`Root`].
#[derive(Properties, PartialEq)]
pub struct RootProps {
    /// What to show.
    pub view: Rc<RootView>,
}

/// The component a mount renders.
#[component]
pub fn Root(props: &RootProps) -> Html {
    match &*props.view {
        // Props passed whole: a new prop is declared on the component and set by the host only.
        RootView::Task(p) => html! { <Widget ..p.clone() /> },
        RootView::Error(p) => html! { <ErrorPanel ..p.clone() /> },
    }
}
