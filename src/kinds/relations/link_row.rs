//! `LinkRow`: one link in the list — its two passages and its type as one sentence
//! (`“Anna” (Person) → works for → “ACME” (Organisation)`), its type changeable, a directed
//! link turned round, a delete button, and its problem.

use super::passage::{passage_name, Passage};
use super::RelationEdit;
use crate::answer::SpanLink;
use crate::form::Action;
use crate::i18n::{t, Lang, Msg};
use crate::spec::RelationsControl;
use crate::ui::suggestion_row::{suggestion_row, SuggestionRow};
use std::rc::Rc;
use yew::prelude::*;

/// Props of [`LinkRow`].
#[derive(Properties, PartialEq)]
pub struct LinkRowProps {
    /// DOM id (its type select is `{id}-type`, its buttons `{id}-turn` and `{id}-delete`).
    pub id: AttrValue,
    /// The control.
    pub control: Rc<RelationsControl>,
    /// The link's place in the answer.
    pub index: usize,
    /// The link.
    pub link: SpanLink,
    /// Its first passage (`None`: no longer marked).
    pub from: Option<Passage>,
    /// Its second passage.
    pub to: Option<Passage>,
    /// Its problem, once problems show.
    #[prop_or_default]
    pub error: Option<AttrValue>,
    /// Locked after submit.
    #[prop_or_default]
    pub disabled: bool,
    /// UI language.
    pub lang: Lang,
    /// Dispatches edits.
    pub on_action: Callback<Action>,
    /// When a model suggested it: its place among the suggestion's parts, and what became of
    /// it (pending ones can be accepted or rejected here).
    #[prop_or_default]
    pub suggested: Option<(usize, crate::form::suggestions::Decision)>,
    /// Called with `true` when the link is pointed at or focused (its passages highlighted),
    /// `false` when no longer.
    #[prop_or_default]
    pub on_point: Option<Callback<bool>>,
}

/// One link.
#[component]
pub fn LinkRow(props: &LinkRowProps) -> Html {
    let (c, lang, i, id) = (&props.control, props.lang, props.index, &props.id);
    let ty = c.relation_type(props.link.kind.as_str());
    let directed = ty.is_some_and(|t| t.shape.directed());
    let name = |p: &Option<Passage>, end: &crate::answer::LinkEnd| {
        p.as_ref().map_or_else(|| format!("({})", end.label), passage_name)
    };
    let arrow = if directed { "→" } else { "—" };
    let edit = {
        let (on_action, c) = (props.on_action.clone(), Rc::clone(c));
        move |e: RelationEdit| on_action.emit(c.action(e))
    };
    let retype = {
        let edit = edit.clone();
        Callback::from(move |e: Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            edit(RelationEdit::Retype { at: i, kind: select.value().as_str().into() })
        })
    };
    let turn = {
        let edit = edit.clone();
        Callback::from(move |_: MouseEvent| edit(RelationEdit::Turn(i)))
    };
    // Each attribute of the link's type: a choice (blank: none given).
    let attributes: Html = (c.attributes.iter())
        .filter(|a| a.applies_to(props.link.kind.as_str()))
        .map(|a| {
            let (edit, name) = (edit.clone(), a.id.clone());
            let onchange = Callback::from(move |e: Event| {
                let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
                let value = select.value();
                edit(RelationEdit::Attribute { at: i, name: name.clone(), value: (!value.is_empty()).then_some(value) })
            });
            let current = props.link.attributes.get(&a.id).map(String::as_str).unwrap_or_default();
            let select_id = format!("{id}-attr-{}", a.id);
            html! {
                <div class="glossa-link-field">
                    <label class="glossa-link-attr" for={select_id.clone()}>{a.label.clone()}</label>
                    <select id={select_id} class="glossa-select" {onchange} disabled={props.disabled}>
                        <option value="" selected={current.is_empty()}>{"—"}</option>
                        { for a.values.iter().map(|v| html! {
                            <option value={v.value.clone()} selected={v.value == current}>{v.label.clone()}</option>
                        }) }
                    </select>
                </div>
            }
        })
        .collect();
    let delete = Callback::from(move |_: MouseEvent| edit(RelationEdit::Unlink(i)));
    // The types this link's passages can take (its own always listed).
    let types: Vec<&crate::spec::RelationType> = (c.types.iter())
        .filter(|t| t.value == props.link.kind || t.fits(props.link.from.label.as_str(), props.link.to.label.as_str()))
        .collect();
    let error_id = format!("{id}-error");
    let sentence = format!(
        "{} {arrow} {} {arrow} {}",
        name(&props.from, &props.link.from),
        ty.map_or_else(|| props.link.kind.to_string(), |t| t.label.clone()),
        name(&props.to, &props.link.to)
    );
    // (`SUGGEST`: a build without suggestions has none to show.)
    let suggested = props.suggested.filter(|_| crate::support::family::SUGGEST);
    fn point<E: 'static>(f: &Option<Callback<bool>>, on: bool) -> Option<Callback<E>> {
        f.clone().map(|f| Callback::from(move |_: E| f.emit(on)))
    }
    let p = &props.on_point;
    html! {
        <li class={classes!("glossa-link", props.error.is_some().then_some("has-error"), suggested.map(|_| "is-suggested"))} id={id.clone()}
            onmouseenter={point::<MouseEvent>(p, true)} onmouseleave={point::<MouseEvent>(p, false)}
            onfocusin={point::<FocusEvent>(p, true)} onfocusout={point::<FocusEvent>(p, false)}>
            <p class="glossa-link-sentence">
                <span class="glossa-link-end">{name(&props.from, &props.link.from)}</span>
                {format!(" {arrow} ")}
                <span class="glossa-link-type">{ty.map_or_else(|| props.link.kind.to_string(), |t| t.label.clone())}</span>
                {format!(" {arrow} ")}
                <span class="glossa-link-end">{name(&props.to, &props.link.to)}</span>
            </p>
            <div class="glossa-link-actions">
                <div class="glossa-link-field">
                    <label class="glossa-sr-only" for={format!("{id}-type")}>{t(lang, Msg::LinkType)}</label>
                    <select id={format!("{id}-type")} class="glossa-select" onchange={retype} disabled={props.disabled}
                        aria-invalid={props.error.as_ref().map(|_| "true")}
                        aria-describedby={props.error.as_ref().map(|_| error_id.clone())}>
                        { for types.iter().map(|ty| html! {
                            <option value={ty.value.to_string()} selected={ty.value == props.link.kind}>{ty.label.clone()}</option>
                        }) }
                    </select>
                </div>
                {attributes}
                if directed {
                    <button type="button" class="glossa-link-turn" id={format!("{id}-turn")}
                        disabled={props.disabled} onclick={turn}>{t(lang, Msg::LinkTurn)}</button>
                }
                <button type="button" class="glossa-link-delete" id={format!("{id}-delete")}
                    disabled={props.disabled} onclick={delete}>{t(lang, Msg::LinkDelete)}</button>
            </div>
            if let Some((part, decision)) = suggested {
                {suggestion_row(SuggestionRow { id, control: c.id.clone(), part, decision, what: sentence.clone(),
                    disabled: props.disabled, lang, on_action: &props.on_action })}
            }
            if let Some(e) = &props.error {
                <p class="glossa-error" id={error_id}>{e.clone()}</p>
            }
        </li>
    }
}
