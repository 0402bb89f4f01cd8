//! `Root`: what a mount shows — the task widget, or an error panel when the spec or item is bad.

use super::{ErrorPanel, ErrorPanelProps, Widget, WidgetProps};
use std::rc::Rc;
use yew::prelude::*;

/// What to show.
#[derive(PartialEq)]
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
        RootView::Task(p) => html! {
            <Widget instance={p.instance} task={p.task.clone()} initial={p.initial.clone()}
                storage_note={p.storage_note.clone()} tally={p.tally.clone()}
                link={p.link.clone()} hide_submit={p.hide_submit} readonly={p.readonly} started_ms={p.started_ms}
                first_item={p.first_item}
                on_ready={p.on_ready.clone()} on_change={p.on_change.clone()}
                on_submit={p.on_submit.clone()} />
        },
        RootView::Error(p) => html! {
            <ErrorPanel title={p.title.clone()} help={p.help.clone()} lines={p.lines.clone()} />
        },
    }
}
