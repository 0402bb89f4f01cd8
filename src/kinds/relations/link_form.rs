//! `LinkForm`: making a link — the first passage, the second and the type (the types that take
//! the two passages' labels; the only one chosen for you), then "Add link". A link the type
//! does not take, or one already made, is refused with the reason, read aloud.

use super::passage::{passage_name, Passage};
use super::RelationEdit;
use crate::answer::{LinkEnd, LinkSet, SpanLink};
use crate::form::Action;
use crate::i18n::{t, Lang, Msg};
use crate::spec::RelationsControl;
use std::rc::Rc;
use yew::prelude::*;

/// Props of [`LinkForm`].
#[derive(Properties, PartialEq)]
pub struct LinkFormProps {
    /// DOM id (its selects are `{id}-from`, `{id}-to`, `{id}-type`; the button `{id}-add`).
    pub id: AttrValue,
    /// The control.
    pub control: Rc<RelationsControl>,
    /// The passages to link, in text order.
    pub passages: Rc<Vec<Passage>>,
    /// The links made.
    pub links: Rc<LinkSet>,
    /// UI language.
    pub lang: Lang,
    /// Dispatches the link made.
    pub on_action: Callback<Action>,
}

/// The form that makes a link.
#[component]
pub fn LinkForm(props: &LinkFormProps) -> Html {
    let (c, lang, id) = (&props.control, props.lang, &props.id);
    let from = use_state_eq(|| None::<usize>);
    let to = use_state_eq(|| None::<usize>);
    let kind = use_state_eq(|| None::<String>);
    let refused = use_state_eq(|| None::<Msg>);
    let end = |i: Option<usize>| i.and_then(|i| props.passages.get(i)).map(|p| LinkEnd::of(&p.span));
    let (a, b) = (end(*from), end(*to));
    // The types that take the two passages (every type until both are chosen).
    let fitting: Vec<&crate::spec::RelationType> = (c.types.iter())
        .filter(|t| match (&a, &b) {
            (Some(a), Some(b)) => t.fits(a.label.as_str(), b.label.as_str()),
            _ => true,
        })
        .collect();
    let chosen = match (&*kind, fitting.as_slice()) {
        (Some(k), _) if fitting.iter().any(|t| t.value.as_str() == k) => Some(k.clone()),
        (_, [only]) if a.is_some() && b.is_some() => Some(only.value.to_string()),
        _ => None,
    };
    let pick = |state: UseStateHandle<Option<usize>>, refused: UseStateHandle<Option<Msg>>| {
        Callback::from(move |e: Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            state.set(select.value().parse().ok());
            refused.set(None);
        })
    };
    let on_kind = {
        let (kind, refused) = (kind.clone(), refused.clone());
        Callback::from(move |e: Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            let v = select.value();
            kind.set((!v.is_empty()).then_some(v));
            refused.set(None);
        })
    };
    let add = {
        let (c, links, on_action) = (Rc::clone(c), Rc::clone(&props.links), props.on_action.clone());
        let (from, to, kind, refused) = (from.clone(), to.clone(), kind.clone(), refused.clone());
        let (a, b, chosen) = (a.clone(), b.clone(), chosen.clone());
        Callback::from(move |_: MouseEvent| {
            let (Some(a), Some(b), Some(k)) = (a.clone(), b.clone(), chosen.clone()) else { return };
            let link = SpanLink::new(k.as_str().into(), a, b);
            match c.refusal(&link, &links.links) {
                Some(super::links::Refused::Duplicate) => refused.set(Some(Msg::LinkDuplicate)),
                Some(_) => refused.set(Some(Msg::LinkRefused)),
                None => {
                    on_action.emit(c.action(RelationEdit::Link(link)));
                    (from.set(None), to.set(None), kind.set(None), refused.set(None));
                }
            }
        })
    };
    let options = |selected: Option<usize>, other: Option<usize>| {
        html! {
            <>
                <option value="" selected={selected.is_none()}>{t(lang, Msg::LinkChoose)}</option>
                { for props.passages.iter().enumerate().map(|(i, p)| html! {
                    <option value={i.to_string()} selected={selected == Some(i)} disabled={other == Some(i)}>{passage_name(p)}</option>
                }) }
            </>
        }
    };
    let ready = a.is_some() && b.is_some() && chosen.is_some();
    html! {
        <div class="glossa-link-form" id={id.clone()}>
            <p class="glossa-links-hint">{t(lang, Msg::LinksHint)}</p>
            <div class="glossa-link-field">
                <label for={format!("{id}-from")}>{t(lang, Msg::LinkFrom)}</label>
                <select id={format!("{id}-from")} class="glossa-select" onchange={pick(from.clone(), refused.clone())}>{options(*from, *to)}</select>
            </div>
            <div class="glossa-link-field">
                <label for={format!("{id}-to")}>{t(lang, Msg::LinkTo)}</label>
                <select id={format!("{id}-to")} class="glossa-select" onchange={pick(to.clone(), refused.clone())}>{options(*to, *from)}</select>
            </div>
            <div class="glossa-link-field">
                <label for={format!("{id}-type")}>{t(lang, Msg::LinkType)}</label>
                <select id={format!("{id}-type")} class="glossa-select" onchange={on_kind}>
                    <option value="" selected={chosen.is_none()}>{t(lang, Msg::LinkChoose)}</option>
                    { for fitting.iter().map(|ty| html! {
                        <option value={ty.value.to_string()} selected={chosen.as_deref() == Some(ty.value.as_str())}>{ty.label.clone()}</option>
                    }) }
                </select>
            </div>
            <button type="button" class="glossa-link-add" id={format!("{id}-add")}
                disabled={!ready} onclick={add}>{t(lang, Msg::LinkAdd)}</button>
            <p class="glossa-link-refused" role="status">{refused.map(|m| t(lang, m)).unwrap_or_default()}</p>
        </div>
    }
}
