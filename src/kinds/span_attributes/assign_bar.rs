//! `AssignBar`: the selected words and a button per attribute to assign them to. Sticks to
//! the bottom of the screen on a phone, so the choice is always one tap away.

use crate::form::Action;
use crate::i18n::{fill_n, t, tf, Lang, Msg};
use crate::spec::SpanAttributes;
use crate::support::ids::ControlId;
use std::rc::Rc;
use yew::prelude::*;

/// Props of [`AssignBar`].
#[derive(Properties, PartialEq)]
pub struct AssignBarProps {
    /// The span control.
    pub control: Rc<SpanAttributes>,
    /// The selected text.
    pub text: AttrValue,
    /// Whether both ends are chosen (only then can it be assigned).
    pub complete: bool,
    /// For each repeatable attribute, the labels of its existing entries.
    pub entries: Rc<Vec<(String, Vec<String>)>>,
    /// UI language.
    pub lang: Lang,
    /// Dispatches the assignment.
    pub on_action: Callback<Action>,
}

/// The assignment bar.
#[component]
pub fn AssignBar(props: &AssignBarProps) -> Html {
    let lang = props.lang;
    let id: ControlId = props.control.id.clone();
    let button = |attr: &str, entry: Option<usize>, label: String| {
        let (on_action, control, attr) = (props.on_action.clone(), id.clone(), attr.to_owned());
        let onclick = Callback::from(move |_: MouseEvent| {
            on_action.emit(crate::spec::SpanAttributes::action_on(
                &control,
                super::SpanEdit::Assign {
                    attr: attr.clone(),
                    entry,
                },
            ))
        });
        html! { <button type="button" class="glossa-assign" {onclick}>{label}</button> }
    };
    let cancel = props
        .on_action
        .reform(|_: MouseEvent| Action::ClearSelection);
    html! {
        <div class="glossa-assign-bar" role="region" aria-label={t(lang, Msg::AssignTo)}>
            <p class="glossa-assign-selected" role="status" aria-live="polite">
                {tf(lang, Msg::Selected, &[("text", &props.text)])}
            </p>
            if props.complete {
                <p class="glossa-assign-heading">{t(lang, Msg::AssignTo)}</p>
                <div class="glossa-assign-buttons">
                    { for props.control.attributes.iter().map(|a| if a.repeatable {
                        let existing = props.entries.iter().find(|(id, _)| id == &a.id).map(|(_, l)| l.clone()).unwrap_or_default();
                        html! {
                            <>
                                { for existing.iter().enumerate().map(|(i, label)| button(&a.id, Some(i), label.clone())) }
                                { button(&a.id, None, tf(lang, Msg::NewEntry, &[("label", &fill_n(lang, &a.label, existing.len() + 1))])) }
                            </>
                        }
                    } else {
                        button(&a.id, None, a.label.clone())
                    }) }
                </div>
            }
            <button type="button" class="glossa-link-button" onclick={cancel}>{t(lang, Msg::CancelSelection)}</button>
        </div>
    }
}
