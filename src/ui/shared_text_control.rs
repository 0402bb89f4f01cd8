//! `shared_text_control`: a control of an output's card that marks a text every output shares
//! (MQM's omissions, marked in the source): folded under a button with its name, so the source
//! stands once on the screen (above the outputs), and open in each card whose marks it holds,
//! whose selection is in it, or whose problems show.
//! Build family: compose (the builds with sections; `scripts/css_for_build.py` reads this line).

use yew::prelude::*;

/// The folded control: `label` its name, `open` whether it opens (it holds an answer, the
/// selection, or a problem that shows), `control` its view. (A function, not a component: it
/// keeps no state, and the builds carry no component for it.)
pub fn shared_text_control(label: &str, open: bool, control: Html) -> Html {
    html! {
        <details class="glossa-shared-text" {open}>
            <summary class="glossa-shared-text-name">{label.to_owned()}</summary>
            { control }
        </details>
    }
}
