//! `SubmitBar`: the submit button and the status line beside it (a polite live region).

use yew::prelude::*;

/// Props of [`SubmitBar`].
#[derive(Properties, PartialEq)]
pub struct SubmitBarProps {
    /// DOM id of the bar.
    pub id: AttrValue,
    /// The button's label.
    pub label: AttrValue,
    /// Whether to show the button (hosts with their own Next button hide it).
    pub show_button: bool,
    /// Whether the item was submitted (button disabled).
    pub submitted: bool,
    /// The status text ("complete the marked parts", "submitted").
    #[prop_or_default]
    pub status: Option<AttrValue>,
    /// Whether the status is an error.
    #[prop_or_default]
    pub status_is_error: bool,
}

/// The bottom bar of the form. The button is the form's submit button, so Enter in a radio
/// group submits too.
#[component]
pub fn SubmitBar(props: &SubmitBarProps) -> Html {
    html! {
        <div class="glossa-submit-bar" id={props.id.clone()}>
            if props.show_button {
                <button type="submit" class="glossa-submit" disabled={props.submitted}>
                    {props.label.clone()}
                </button>
            }
            <p class={classes!("glossa-status", props.status_is_error.then_some("is-error"))}
                role="status" aria-live="polite">
                {props.status.clone().unwrap_or_default()}
            </p>
        </div>
    }
}
