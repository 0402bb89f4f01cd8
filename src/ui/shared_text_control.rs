//! `SharedTextControl`: a control of an output's card that marks a text every output shares
//! (MQM's omissions, marked in the source): folded under a button with its name, so the source
//! stands once on the screen (above the outputs), and open in each card whose marks it holds,
//! whose selection is in it, or whose problems show.
//! Build family: compose (the builds with sections; `scripts/css_for_build.py` reads this line).

use yew::prelude::*;

/// Props of [`SharedTextControl`].
#[derive(Properties, PartialEq)]
pub struct SharedTextControlProps {
    /// The control's name (its label).
    pub label: AttrValue,
    /// Whether it opens: it holds an answer, the selection, or a problem that shows.
    pub open: bool,
    /// The control.
    pub children: Html,
}

/// The folded control.
#[component]
pub fn SharedTextControl(props: &SharedTextControlProps) -> Html {
    html! {
        <details class="glossa-shared-text" open={props.open}>
            <summary class="glossa-shared-text-name">{props.label.clone()}</summary>
            { props.children.clone() }
        </details>
    }
}
