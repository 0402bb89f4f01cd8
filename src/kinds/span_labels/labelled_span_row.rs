//! `LabelledSpanRow`: one marked passage in the list beside the text — its colour, its text
//! (tap to show it in the text), its label (changeable), its attributes (a value list or a
//! note each), a remove button, and its problems.

use crate::ui::highlight::PALETTE;
use crate::answer::{LabelledSpan, WordSpan};
use super::LabelEdit;
use crate::form::Action;
use crate::i18n::{t, tf, Lang, Msg};
use crate::spec::SpanLabels;
use crate::ui::suggestion_row::{suggestion_row, SuggestionRow};
use std::rc::Rc;
use yew::prelude::*;

/// Props of [`LabelledSpanRow`].
#[derive(Properties, PartialEq)]
pub struct LabelledSpanRowProps {
    /// DOM id (the label select is `{id}-label`, an attribute's field `{id}-{attr}`).
    pub id: AttrValue,
    /// The control.
    pub control: Rc<SpanLabels>,
    /// The span's position in the answer.
    pub index: usize,
    /// The span.
    pub span: LabelledSpan,
    /// Its covered text.
    pub text: AttrValue,
    /// Its label's style.
    pub style: usize,
    /// Problems to show: with the span as a whole (`None`) or with one attribute.
    #[prop_or_default]
    pub errors: Vec<(Option<String>, AttrValue)>,
    /// Locked after submit.
    #[prop_or_default]
    pub disabled: bool,
    /// UI language.
    pub lang: Lang,
    /// Dispatches edits.
    pub on_action: Callback<Action>,
    /// Shows the span in the text.
    pub on_jump: Callback<WordSpan>,
    /// When a model suggested it: its position among the suggestion's parts, and what became
    /// of it (pending ones can be accepted or rejected here).
    #[prop_or_default]
    pub suggested: Option<(usize, crate::form::suggestions::Decision)>,
}

/// One marked passage.
#[component]
pub fn LabelledSpanRow(props: &LabelledSpanRowProps) -> Html {
    let (c, lang, i) = (&props.control, props.lang, props.index);
    let edit = {
        let (on_action, control) = (props.on_action.clone(), Rc::clone(c));
        move |edit: LabelEdit| on_action.emit(control.action(edit))
    };
    let label_name = c
        .label_of(props.span.label.as_str())
        .map_or_else(|| props.span.label.to_string(), |l| l.label.clone());
    let relabel = {
        let edit = edit.clone();
        Callback::from(move |e: Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            edit(LabelEdit::Relabel {
                span: i,
                label: select.value().as_str().into(),
            })
        })
    };
    let remove = {
        let edit = edit.clone();
        Callback::from(move |_: MouseEvent| edit(LabelEdit::Remove(i)))
    };
    let jump = {
        let (cb, s) = (props.on_jump.clone(), props.span.span);
        Callback::from(move |_: MouseEvent| cb.emit(s))
    };
    let error_for = |attr: Option<&str>| {
        props
            .errors
            .iter()
            .find(|(a, _)| a.as_deref() == attr)
            .map(|(_, m)| m.clone())
    };
    let whole_error = error_for(None);
    let short: String = if props.text.chars().count() > 60 {
        props.text.chars().take(58).collect::<String>() + "…"
    } else {
        props.text.to_string()
    };
    let label_id = format!("{}-label", props.id);
    // (`SUGGEST`: a build without suggestions has none to show.)
    let suggestion = props.suggested.filter(|_| crate::support::family::SUGGEST).map(|(part, decision)| {
        suggestion_row(SuggestionRow {
            id: &props.id,
            control: c.id.clone(),
            part,
            decision,
            what: format!("{} ({label_name})", props.text),
            disabled: props.disabled,
            lang,
            on_action: &props.on_action,
        })
    });
    html! {
        <li class={classes!("glossa-labelled-span", (!props.errors.is_empty()).then_some("has-error"), props.suggested.filter(|_| crate::support::family::SUGGEST).map(|_| "is-suggested"))} id={props.id.clone()}>
            <div class="glossa-labelled-head">
                <span class={format!("glossa-swatch glossa-c{}", props.style % PALETTE)} aria-hidden="true">{"Aa"}</span>
                <button type="button" class="glossa-chip-jump glossa-labelled-text" onclick={jump}
                    aria-label={tf(lang, Msg::JumpToSpan, &[("text", &props.text)])}>{short}</button>
                if !props.disabled {
                    <button type="button" class="glossa-chip-remove" onclick={remove}
                        aria-label={tf(lang, Msg::RemoveSpan, &[("text", &props.text), ("label", &label_name)])}>
                        <span aria-hidden="true">{"×"}</span>
                    </button>
                }
            </div>
            if let Some(row) = suggestion {
                {row}
            }
            <div class="glossa-labelled-fields">
                <label class="glossa-labelled-field">
                    <span class="glossa-value-label">{t(lang, Msg::SpanLabel)}</span>
                    <select id={label_id} class="glossa-select" onchange={relabel} disabled={props.disabled}
                        aria-invalid={whole_error.is_some().then_some("true")}>
                        { for c.labels.iter().map(|l| html! {
                            <option value={l.value.to_string()} selected={l.value == props.span.label}>{l.label.clone()}</option>
                        }) }
                    </select>
                </label>
                { for c.attributes.iter().map(|a| {
                    let field_id = format!("{}-{}", props.id, a.id);
                    let error = error_for(Some(&a.id));
                    let current = props.span.attrs.get(&a.id).cloned().unwrap_or_default();
                    let attr = a.id.clone();
                    let field = if a.values.is_empty() {
                        let edit = edit.clone();
                        let oninput = Callback::from(move |e: InputEvent| {
                            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
                            edit(LabelEdit::Attribute { span: i, attr: attr.clone(), value: Some(input.value()) })
                        });
                        html! {
                            <input id={field_id.clone()} type="text" class="glossa-text-input" value={current}
                                maxlength={a.max_length.to_string()} {oninput} disabled={props.disabled}
                                aria-invalid={error.is_some().then_some("true")} />
                        }
                    } else {
                        let edit = edit.clone();
                        let onchange = Callback::from(move |e: Event| {
                            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
                            let v = select.value();
                            edit(LabelEdit::Attribute { span: i, attr: attr.clone(), value: (!v.is_empty()).then_some(v) })
                        });
                        html! {
                            <select id={field_id.clone()} class="glossa-select" {onchange} disabled={props.disabled}
                                aria-invalid={error.is_some().then_some("true")}>
                                <option value="" selected={current.is_empty()}>{t(lang, Msg::NoValue)}</option>
                                { for a.values.iter().map(|v| html! {
                                    <option value={v.value.clone()} selected={v.value == current}>{v.label.clone()}</option>
                                }) }
                            </select>
                        }
                    };
                    html! {
                        <label class="glossa-labelled-field" key={a.id.clone()}>
                            <span class="glossa-value-label">{a.label.clone()}</span>
                            {field}
                            if let Some(e) = error {
                                <span class="glossa-error">{e}</span>
                            }
                        </label>
                    }
                }) }
            </div>
            if let Some(e) = whole_error {
                <p class="glossa-error">{e}</p>
            }
        </li>
    }
}
