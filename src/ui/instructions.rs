//! `Instructions`: the task's instructions in a panel the annotator can open and close.

use super::later::use_painted;
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
/// A closed panel fills in its body after the first frame (or when opened, if sooner).
#[component]
pub fn Instructions(props: &InstructionsProps) -> Html {
    let painted = use_painted();
    let opened = use_state_eq(|| false);
    let onclick = {
        let opened = opened.setter();
        Callback::from(move |_: MouseEvent| opened.set(true))
    };
    html! {
        <details class="glossa-panel glossa-instructions" open={props.open}>
            <summary {onclick}>{props.heading.clone()}</summary>
            if props.open || painted || *opened {
                // On a phone the body scrolls in its own box: focusable, so keys scroll it too.
                <div class="glossa-instructions-body" tabindex="0">
                    <Markdown source={props.source.clone()} />
                </div>
            }
        </details>
    }
}
