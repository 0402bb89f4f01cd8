//! `NumberBox`: one whole-number input. Phones get a numeric keypad (`inputmode="numeric"`);
//! the text is kept as typed and the core's rule says what is wrong with it.

use yew::prelude::*;

/// Props of [`NumberBox`].
#[derive(Properties, PartialEq)]
pub struct NumberBoxProps {
    /// DOM id of the input; its error is `{id}-error`.
    pub id: AttrValue,
    /// The visible label.
    pub label: AttrValue,
    /// The accessible name when it must say more than the visible label (it starts with it).
    #[prop_or_default]
    pub accessible_name: Option<AttrValue>,
    /// The text in the box.
    pub value: AttrValue,
    /// The error to show, if any.
    #[prop_or_default]
    pub error: Option<AttrValue>,
    /// Whether the box is locked (after submit).
    #[prop_or_default]
    pub disabled: bool,
    /// Called with the new text on every keystroke.
    pub on_input: Callback<String>,
    /// Called when the annotator leaves the box.
    pub on_leave: Callback<()>,
}

/// A labelled number input with its message.
#[component]
pub fn NumberBox(props: &NumberBoxProps) -> Html {
    let error_id = format!("{}-error", props.id);
    let oninput = props.on_input.reform(|e: InputEvent| {
        let input: web_sys::HtmlInputElement = e.target_unchecked_into();
        input.value()
    });
    let onblur = props.on_leave.reform(|_: FocusEvent| ());
    html! {
        <div class={classes!("glossa-number", props.error.is_some().then_some("has-error"))}>
            <label for={props.id.clone()} class="glossa-number-label">{props.label.clone()}</label>
            <input type="text" inputmode="numeric" autocomplete="off" spellcheck="false"
                enterkeyhint="done" id={props.id.clone()} class="glossa-number-input"
                value={props.value.clone()} disabled={props.disabled} {oninput} {onblur}
                aria-label={props.accessible_name.clone()}
                aria-invalid={props.error.is_some().then_some("true")}
                aria-describedby={props.error.is_some().then_some(error_id.clone())} />
            if let Some(error) = &props.error {
                <p class="glossa-error" id={error_id}>{error.clone()}</p>
            }
        </div>
    }
}
