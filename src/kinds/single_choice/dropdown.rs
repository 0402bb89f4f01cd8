//! `DropdownChoice`: a single choice shown as a compact select, its empty first entry not
//! submittable (document attributes such as Žánr or Téma).

use crate::ui::markdown_view::Markdown;
use super::props::SingleChoiceProps;
use crate::form::Action;
use crate::i18n::{t, Msg};
use crate::support::ids::{dom_id, OptionValue};
use std::rc::Rc;
use yew::prelude::*;

/// A labelled select.
#[component]
pub fn DropdownChoice(props: &SingleChoiceProps) -> Html {
    let c = &props.control;
    let id = dom_id(props.instance, &[c.id.as_str(), "select"]);
    let error_id = format!("{id}-error");
    let onchange = {
        let (on_action, control) = (props.on_action.clone(), Rc::clone(c));
        Callback::from(move |e: Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            let v = select.value();
            on_action.emit(if v.is_empty() {
                Action::Clear {
                    control: control.id.clone(),
                }
            } else {
                control.action(OptionValue(v))
            })
        })
    };
    let current = props.chosen.as_ref().map(|v| v.as_str()).unwrap_or("");
    html! {
        <div class={classes!("glossa-control", "glossa-dropdown", props.error.is_some().then_some("has-error"))}>
            <label for={id.clone()} class="glossa-control-label">{c.label.clone()}</label>
            if let Some(help) = &c.help {
                <Markdown source={help.clone()} class="glossa-help" />
            }
            <select {id} class="glossa-select" {onchange} disabled={props.disabled}
                aria-invalid={props.error.is_some().then_some("true")}
                aria-describedby={props.error.as_ref().map(|_| error_id.clone())}>
                <option value="" selected={current.is_empty()}>{t(props.lang, Msg::NoValue)}</option>
                { for c.options.iter().map(|o| html! {
                    <option value={o.value.to_string()} selected={o.value.as_str() == current}>{o.label.clone()}</option>
                }) }
            </select>
            if let Some(error) = &props.error {
                <p class="glossa-error" id={error_id}>{error.clone()}</p>
            }
        </div>
    }
}
