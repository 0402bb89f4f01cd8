//! `PairChoice`: one pairwise judgement — the first side, "about the same", the second side
//! (radio buttons: arrows move between them), then how much better when the spec asks.

use crate::answer::Pref;
use super::PreferEdit;
use crate::i18n::{t, tf, Lang, Msg};
use crate::item::Output;
use crate::spec::PairwiseControl;
use std::rc::Rc;
use yew::prelude::*;

/// Props of [`PairChoice`].
#[derive(Properties, PartialEq)]
pub struct PairChoiceProps {
    /// DOM id of the group (each choice is `{id}-{output id}`, the tie `{id}-tie`).
    pub id: AttrValue,
    /// The control.
    pub control: Rc<PairwiseControl>,
    /// The group's accessible name (the question or the criterion).
    pub name: AttrValue,
    /// The two outputs in the order shown, with their side labels.
    pub sides: Rc<Vec<(Output, String)>>,
    /// The judgement so far.
    pub pref: Option<Pref>,
    /// The message to show, if any.
    #[prop_or_default]
    pub error: Option<AttrValue>,
    /// Locked after submit.
    #[prop_or_default]
    pub disabled: bool,
    /// UI language.
    pub lang: Lang,
    /// Dispatches the edit.
    pub on_edit: Callback<PreferEdit>,
}

/// One judgement.
#[component]
pub fn PairChoice(props: &PairChoiceProps) -> Html {
    let c = &props.control;
    let lang = props.lang;
    let error_id = format!("{}-error", props.id);
    let choice = |key: String,
                  label: String,
                  edit: PreferEdit,
                  checked: bool,
                  class: &'static str| {
        let input_id = format!("{}-{key}", props.id);
        let onchange = props.on_edit.reform(move |_: Event| edit.clone());
        html! {
            <label class={classes!("glossa-pair-option", class, checked.then_some("is-checked"))} for={input_id.clone()} key={key.clone()}>
                <input type="radio" id={input_id} name={props.id.clone()} value={key} {checked} disabled={props.disabled} {onchange} />
                <span>{label}</span>
            </label>
        }
    };
    let winner = props.pref.as_ref().and_then(|p| p.winner.clone());
    let tie = props.pref.as_ref().is_some_and(|p| p.winner.is_none());
    let side = |i: usize| {
        props.sides.get(i).map(|(o, label)| {
            choice(
                o.id.clone(),
                label.clone(),
                PreferEdit::Winner(o.id.clone()),
                winner.as_deref() == Some(o.id.as_str()),
                "is-side",
            )
        })
    };
    let tie_label = c
        .tie_label
        .clone()
        .unwrap_or_else(|| t(lang, Msg::PairTie).to_owned());
    let better_label = winner
        .as_ref()
        .and_then(|w| props.sides.iter().find(|(o, _)| &o.id == w))
        .map(|(_, l)| l.clone());
    let strength = {
        let on_edit = props.on_edit.clone();
        Callback::from(move |e: Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            if !select.value().is_empty() {
                on_edit.emit(PreferEdit::Strength(select.value()));
            }
        })
    };
    let current_strength = props
        .pref
        .as_ref()
        .and_then(|p| p.strength.clone())
        .unwrap_or_default();
    html! {
        <div class={classes!("glossa-pair-choice", props.error.is_some().then_some("has-error"))}>
            <div class="glossa-pair-options" role="radiogroup" id={props.id.clone()} aria-label={props.name.clone()}
                aria-describedby={props.error.as_ref().map(|_| error_id.clone())}>
                { side(0).unwrap_or_default() }
                if c.ties {
                    { choice("tie".to_owned(), tie_label, PreferEdit::Tie, tie, "is-tie") }
                }
                { side(1).unwrap_or_default() }
            </div>
            if let (Some(label), false) = (&better_label, c.strengths.is_empty()) {
                <div class="glossa-pair-strength">
                    <label class="glossa-value-label" for={format!("{}-strength", props.id)}>{tf(lang, Msg::PairStrength, &[("label", label)])}</label>
                    <select id={format!("{}-strength", props.id)} class="glossa-select" onchange={strength} disabled={props.disabled}>
                        <option value="" selected={current_strength.is_empty()}>{t(lang, Msg::NoValue)}</option>
                        { for c.strengths.iter().map(|s| html! {
                            <option value={s.value.clone()} selected={s.value == current_strength}>{s.label.clone()}</option>
                        }) }
                    </select>
                </div>
            }
            if let Some(error) = &props.error {
                <p class="glossa-error" id={error_id}>{error.clone()}</p>
            }
        </div>
    }
}
