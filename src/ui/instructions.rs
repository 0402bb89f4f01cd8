//! `Instructions`: the task's instructions in a panel the annotator can open and close.

use super::markdown_view::Markdown;
use yew::prelude::*;

/// Props of [`Instructions`].
#[derive(Properties, PartialEq)]
pub struct InstructionsProps {
    /// The panel's heading.
    pub heading: AttrValue,
    /// The instructions, in Markdown.
    pub source: AttrValue,
    /// Whether the panel starts opened.
    #[prop_or_default]
    pub open: bool,
}

/// A collapsible instructions panel (a native `<details>`: works by tap, click and keyboard).
#[component]
pub fn Instructions(props: &InstructionsProps) -> Html {
    html! {
        <details class="glossa-panel glossa-instructions" open={props.open}>
            <summary>{props.heading.clone()}</summary>
            <Markdown source={props.source.clone()} />
        </details>
    }
}
