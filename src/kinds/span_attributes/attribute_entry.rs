//! `AttributeEntry`: one span attribute (or one entry of a repeatable one): its value list,
//! its spans as chips (show / remove), and a red `<>` marker while a needed span is missing.

use crate::ui::highlight::PALETTE;
use crate::ui::markdown_view::Markdown;
use crate::answer::{SpanEntry, WordSpan};
use crate::form::Action;
use crate::i18n::{t, tf, Lang, Msg};
use crate::spec::SpanAttribute;
use crate::support::ids::ControlId;
use std::rc::Rc;
use yew::prelude::*;

/// Props of [`AttributeEntry`].
#[derive(Properties, PartialEq)]
pub struct AttributeEntryProps {
    /// DOM id (the select is `{id}-value`).
    pub id: AttrValue,
    /// The span control.
    pub control: ControlId,
    /// The attribute.
    pub attribute: Rc<SpanAttribute>,
    /// The label shown (with `{n}` filled in for repeatable entries).
    pub label: AttrValue,
    /// The entry index (0 for a plain attribute).
    pub entry: usize,
    /// The entry's value and spans.
    pub value: SpanEntry,
    /// The covered text of each span, in order.
    pub span_texts: Vec<String>,
    /// The colour index of this attribute's highlights.
    pub colour: usize,
    /// The message to show, if any.
    #[prop_or_default]
    pub error: Option<AttrValue>,
    /// Locked after submit.
    #[prop_or_default]
    pub disabled: bool,
    /// UI language.
    pub lang: Lang,
    /// Dispatches value changes and removals.
    pub on_action: Callback<Action>,
    /// Shows a span in the text.
    pub on_jump: Callback<WordSpan>,
}

/// One attribute row.
#[component]
pub fn AttributeEntry(props: &AttributeEntryProps) -> Html {
    let a = &props.attribute;
    let lang = props.lang;
    let open = use_state_eq(|| false);
    let missing = props
        .value
        .value
        .as_deref()
        .is_some_and(|v| a.needs_span(v))
        && props.value.spans.is_empty();
    let onchange = {
        let (on_action, control, attr, entry) = (
            props.on_action.clone(),
            props.control.clone(),
            a.id.clone(),
            props.entry,
        );
        Callback::from(move |e: Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            let v = select.value();
            on_action.emit(crate::spec::SpanAttributes::action_on(
                &control,
                super::SpanEdit::Value {
                    attr: attr.clone(),
                    entry,
                    value: (!v.is_empty()).then_some(v),
                },
            ))
        })
    };
    let toggle = {
        let open = open.clone();
        Callback::from(move |_: MouseEvent| open.set(!*open))
    };
    let remove_entry = {
        let (on_action, control, attr, entry) = (
            props.on_action.clone(),
            props.control.clone(),
            a.id.clone(),
            props.entry,
        );
        Callback::from(move |_: MouseEvent| {
            on_action.emit(crate::spec::SpanAttributes::action_on(
                &control,
                super::SpanEdit::RemoveEntry {
                    attr: attr.clone(),
                    entry,
                },
            ))
        })
    };
    let value_id = format!("{}-value", props.id);
    let error_id = format!("{}-error", props.id);
    let current = props.value.value.clone().unwrap_or_default();
    html! {
        <div class={classes!("glossa-attribute", props.error.is_some().then_some("has-error"))} id={props.id.clone()}>
            <div class="glossa-attribute-head">
                <span class={format!("glossa-swatch glossa-c{}", props.colour % PALETTE)} aria-hidden="true">{"Aa"}</span>
                <label for={value_id.clone()} class="glossa-attribute-label">{props.label.clone()}</label>
                if missing {
                    <span class="glossa-span-marker" title={t(lang, Msg::SpanNeeded)}>
                        <span aria-hidden="true">{"<>"}</span>
                        <span class="glossa-sr-only">{t(lang, Msg::SpanNeeded)}</span>
                    </span>
                }
                if a.description.is_some() {
                    <button type="button" class="glossa-def-toggle glossa-def-inline" onclick={toggle}
                        aria-expanded={if *open { "true" } else { "false" }}
                        aria-label={tf(lang, Msg::Definition, &[("label", &props.label)])}>
                        <span aria-hidden="true">{"?"}</span>
                    </button>
                }
                if a.repeatable && !props.disabled {
                    <button type="button" class="glossa-link-button" onclick={remove_entry}>
                        {tf(lang, Msg::RemoveEntry, &[("label", &props.label)])}
                    </button>
                }
            </div>
            if let (Some(d), true) = (&a.description, *open) {
                <Markdown source={d.clone()} class="glossa-definition" />
            }
            if let Some(vl) = &a.value_label {
                <span class="glossa-value-label" aria-hidden="true">{vl.clone()}</span>
            }
            <select id={value_id} class="glossa-select" {onchange} disabled={props.disabled}
                aria-invalid={props.error.is_some().then_some("true")}
                aria-describedby={props.error.as_ref().map(|_| error_id.clone())}>
                <option value="" selected={current.is_empty()}>{t(lang, Msg::NoValue)}</option>
                { for a.values.iter().map(|v| html! {
                    <option value={v.value.clone()} selected={v.value == current}>{v.label.clone()}</option>
                }) }
            </select>
            if !props.value.spans.is_empty() {
                <ul class="glossa-chips glossa-span-chips">
                    { for props.value.spans.iter().zip(&props.span_texts).enumerate().map(|(i, (span, text))| {
                        let jump = { let (cb, s) = (props.on_jump.clone(), *span); Callback::from(move |_: MouseEvent| cb.emit(s)) };
                        let remove = {
                            let (on_action, control, attr, entry) = (props.on_action.clone(), props.control.clone(), a.id.clone(), props.entry);
                            Callback::from(move |_: MouseEvent| on_action.emit(crate::spec::SpanAttributes::action_on(&control, super::SpanEdit::RemoveSpan { attr: attr.clone(), entry, index: i })))
                        };
                        let short: String = if text.chars().count() > 40 { text.chars().take(38).collect::<String>() + "…" } else { text.clone() };
                        html! {
                            <li class={format!("glossa-chip glossa-span-chip glossa-c{}", props.colour % PALETTE)}>
                                <button type="button" class="glossa-chip-jump" onclick={jump}
                                    aria-label={tf(lang, Msg::JumpToSpan, &[("text", text)])}>{short}</button>
                                if !props.disabled {
                                    <button type="button" class="glossa-chip-remove" onclick={remove}
                                        aria-label={tf(lang, Msg::RemoveSpan, &[("text", text), ("label", &props.label)])}>
                                        <span aria-hidden="true">{"×"}</span>
                                    </button>
                                }
                            </li>
                        }
                    }) }
                </ul>
            }
            if let Some(error) = &props.error {
                <p class="glossa-error" id={error_id}>{error.clone()}</p>
            }
        </div>
    }
}
