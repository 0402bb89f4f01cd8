//! `ErrorPanel`: what the annotator sees instead of a blank box when the spec or item is bad.

use yew::prelude::*;

/// Props of [`ErrorPanel`].
#[derive(Properties, PartialEq, Clone)]
pub struct ErrorPanelProps {
    /// The panel's title, in the task's language when known.
    pub title: AttrValue,
    /// The line under the title.
    pub help: AttrValue,
    /// The problems, each naming the field (`path: message`).
    pub lines: Vec<AttrValue>,
    /// The direction of the task's language (`ltr` or `rtl`).
    pub dir: &'static str,
}

/// A readable error panel listing every problem.
#[component]
pub fn ErrorPanel(props: &ErrorPanelProps) -> Html {
    html! {
        <div class="glossa-error-panel" role="alert" dir={props.dir}>
            <h2>{props.title.clone()}</h2>
            <p>{props.help.clone()}</p>
            <ul>
                { for props.lines.iter().map(|l| html! { <li><code>{l.clone()}</code></li> }) }
            </ul>
        </div>
    }
}
