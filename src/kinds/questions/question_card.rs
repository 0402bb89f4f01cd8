//! `QuestionCard`: one question being written — its text, the answer fragments picked in the
//! paragraph, the unanswerable and yes/no flags, the base form, the category, and the live
//! lexical-overlap badge. Cards can be moved, folded and removed.

use crate::answer::{QuestionCard as Card, WordSpan};
use super::{QuestionEdit, QuestionsEdit};
use crate::form::Action;
use crate::i18n::{t, tf, Lang, Msg};
use crate::spec::QuestionsControl;
use crate::validate::{AnswerPath, QuestionPart};
use std::rc::Rc;
use wasm_bindgen::JsCast;
use web_sys::{HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement};
use yew::prelude::*;

/// Props of [`QuestionCard`].
#[derive(Properties, PartialEq)]
pub struct QuestionCardProps {
    /// DOM id of the card (its fields add suffixes).
    pub id: AttrValue,
    /// The questions control.
    pub control: Rc<QuestionsControl>,
    /// The card's position.
    pub index: usize,
    /// How many cards there are.
    pub count: usize,
    /// The card.
    pub card: Card,
    /// The text of each fragment.
    pub fragments: Rc<Vec<String>>,
    /// The base form as it stands (edited, or from the fragments).
    pub base_form: AttrValue,
    /// Lexical overlap: shared and content words (`None` before a fragment is marked).
    pub overlap: Option<(usize, usize)>,
    /// The overlap's warning, when above the threshold.
    pub overlap_warning: Option<AttrValue>,
    /// Whether this card is the one the paragraph shows and selections go to.
    pub active: bool,
    /// Messages to show, by field (`question`, `answer`, `base_form`, `category`).
    pub errors: Rc<Vec<(&'static str, String)>>,
    /// Locked after submit.
    pub disabled: bool,
    /// UI language.
    pub lang: Lang,
    /// Dispatches actions.
    pub on_action: Callback<Action>,
    /// Tells the list this card got focus.
    pub on_focus: Callback<usize>,
    /// Shows a fragment in the paragraph (scrolls to it and marks it).
    pub on_jump: Callback<WordSpan>,
}

/// One question card.
#[component]
pub fn QuestionCard(props: &QuestionCardProps) -> Html {
    let (c, q, lang, index) = (&props.control, &props.card, props.lang, props.index);
    let n = (index + 1).to_string();
    let id = props.id.as_str();
    // Every field of the card reads its element and dispatches one edit of this card.
    let on_edit = |read: fn(&web_sys::EventTarget) -> QuestionEdit| {
        let (on_action, control) = (props.on_action.clone(), c.id.clone());
        Callback::from(move |e: Event| {
            if let Some(target) = e.target() {
                on_action.emit(crate::spec::QuestionsControl::action_on(
                    &control,
                    QuestionsEdit::Card {
                        card: index,
                        edit: read(&target),
                    },
                ))
            }
        })
    };
    let on_text = on_edit(|t| {
        let text = t.unchecked_ref::<HtmlTextAreaElement>().value();
        QuestionEdit::Text(text.replace(['\n', '\r'], " "))
    });
    let on_base =
        on_edit(|t| QuestionEdit::BaseForm(t.unchecked_ref::<HtmlInputElement>().value()));
    let on_unanswerable =
        on_edit(|t| QuestionEdit::Unanswerable(t.unchecked_ref::<HtmlInputElement>().checked()));
    let on_yes_no =
        on_edit(|t| QuestionEdit::YesNo(t.unchecked_ref::<HtmlInputElement>().checked()));
    let on_category = on_edit(|t| {
        let v = t.unchecked_ref::<HtmlSelectElement>().value();
        QuestionEdit::Category((!v.is_empty()).then_some(v))
    });
    let action = |a: Action| props.on_action.reform(move |_: MouseEvent| a.clone());
    // A moved card stays the one in focus (the paragraph keeps showing its fragments).
    let move_to = |to: usize| {
        let (on_action, on_focus, control) = (
            props.on_action.clone(),
            props.on_focus.clone(),
            c.id.clone(),
        );
        Callback::from(move |e: MouseEvent| {
            e.stop_propagation();
            on_action.emit(crate::spec::QuestionsControl::action_on(&control, QuestionsEdit::Move { card: index, to }));
            on_focus.emit(to);
        })
    };
    let control = || c.id.clone();
    let leave = {
        let (on_action, path) = (
            props.on_action.clone(),
            AnswerPath::question(&c.id, index)
                .part(QuestionPart::Question)
                .to_string(),
        );
        Callback::from(move |_: FocusEvent| on_action.emit(Action::Leave { path: path.clone() }))
    };
    let onfocusin = props.on_focus.reform(move |_: FocusEvent| index);
    let onclick = props.on_focus.reform(move |_: MouseEvent| index);
    let error = |field: &str| {
        props
            .errors
            .iter()
            .find(|(f, _)| *f == field)
            .map(|(_, m)| m.clone())
    };
    let error_view = |field: &str| match error(field) {
        Some(m) => html! { <p class="glossa-error" id={format!("{id}-{field}-error")}>{m}</p> },
        None => html! {},
    };
    let described = |field: &str| error(field).map(|_| format!("{id}-{field}-error"));
    let heading = tf(lang, Msg::QuestionN, &[("n", &n)]);
    let disabled = props.disabled;
    let folded_summary = {
        let answer = props.fragments.first().cloned().unwrap_or_default();
        format!("{} — {answer}", q.question)
    };
    html! {
        <li class={classes!("glossa-question", props.active.then_some("is-active"), (!props.errors.is_empty()).then_some("has-error"))}
            id={props.id.clone()} {onfocusin} {onclick} aria-labelledby={format!("{id}-title")}>
            <div class="glossa-question-head">
                <h4 class="glossa-question-title" id={format!("{id}-title")}>{heading}</h4>
                if let Some((shared, content)) = props.overlap {
                    <span class={classes!("glossa-overlap", props.overlap_warning.is_some().then_some("is-high"))}
                        data-testid={format!("{id}-overlap")}
                        title={tf(lang, Msg::OverlapBadge, &[("shared", &shared.to_string()), ("content", &content.to_string())])}>
                        <span class="glossa-sr-only">{tf(lang, Msg::OverlapBadge, &[("shared", &shared.to_string()), ("content", &content.to_string())])}</span>
                        <span aria-hidden="true">{format!("{shared}/{content}")}</span>
                        if props.overlap_warning.is_some() {
                            {" · "}{t(lang, Msg::NeedsAcceptance)}
                        }
                    </span>
                }
                if !disabled {
                    <div class="glossa-question-tools">
                        <button type="button" class="glossa-icon-button" disabled={index == 0}
                            aria-label={tf(lang, Msg::MoveUp, &[("n", &n)])}
                            onclick={move_to(index.saturating_sub(1))}>
                            <span aria-hidden="true">{"↑"}</span>
                        </button>
                        <button type="button" class="glossa-icon-button" disabled={index + 1 >= props.count}
                            aria-label={tf(lang, Msg::MoveDown, &[("n", &n)])}
                            onclick={move_to(index + 1)}>
                            <span aria-hidden="true">{"↓"}</span>
                        </button>
                        <button type="button" class="glossa-icon-button" aria-expanded={if q.collapsed { "false" } else { "true" }}
                            aria-controls={format!("{id}-body")}
                            aria-label={tf(lang, Msg::FoldQuestion, &[("n", &n)])}
                            onclick={action(crate::spec::QuestionsControl::action_on(&control(), QuestionsEdit::Card { card: index, edit: QuestionEdit::Collapsed(!q.collapsed) }))}>
                            <span aria-hidden="true">{if q.collapsed { "▸" } else { "▾" }}</span>
                        </button>
                        <button type="button" class="glossa-icon-button" aria-label={tf(lang, Msg::RemoveQuestion, &[("n", &n)])}
                            onclick={action(crate::spec::QuestionsControl::action_on(&control(), QuestionsEdit::Remove(index)))}>
                            <span aria-hidden="true">{"×"}</span>
                        </button>
                    </div>
                }
            </div>
            if q.collapsed {
                <p class="glossa-question-summary">{folded_summary}</p>
            }
            <div class="glossa-question-body" id={format!("{id}-body")} hidden={q.collapsed}>
                <label class="glossa-field-label" for={format!("{id}-text")}>{t(lang, Msg::QuestionText)}</label>
                <textarea class="glossa-textarea" id={format!("{id}-text")} rows="3" value={q.question.clone()}
                    oninput={on_text.reform(|e: InputEvent| Event::from(e))} onblur={leave} {disabled} maxlength="500"
                    aria-invalid={error("question").map(|_| "true")} aria-describedby={described("question")} />
                { error_view("question") }
                <div class="glossa-fragments" role="group" aria-labelledby={format!("{id}-fragments")}>
                    <span class="glossa-field-label" id={format!("{id}-fragments")}>{t(lang, Msg::AnswerFragments)}</span>
                    if props.fragments.is_empty() {
                        <p class="glossa-fragments-empty">{t(lang, Msg::NoFragmentYet)}</p>
                    } else {
                        <ul class="glossa-chips glossa-span-chips">
                            { for props.fragments.iter().enumerate().map(|(k, text)| html! {
                                <li class="glossa-chip glossa-span-chip glossa-c0">
                                    <button type="button" class="glossa-chip-jump"
                                        aria-label={tf(lang, Msg::JumpToSpan, &[("text", text)])}
                                        onclick={let (cb, span) = (props.on_jump.clone(), q.spans[k]); Callback::from(move |_: MouseEvent| cb.emit(span))}>
                                        {text.clone()}
                                    </button>
                                    if !disabled {
                                        <button type="button" class="glossa-chip-remove"
                                            aria-label={tf(lang, Msg::RemoveSpan, &[("text", text), ("label", &tf(lang, Msg::QuestionN, &[("n", &n)]))])}
                                            onclick={action(crate::spec::QuestionsControl::action_on(&control(), QuestionsEdit::RemoveSpan { card: index, index: k }))}>
                                            <span aria-hidden="true">{"×"}</span>
                                        </button>
                                    }
                                </li>
                            }) }
                        </ul>
                    }
                    { error_view("answer") }
                </div>
                <label class="glossa-check">
                    <input type="checkbox" checked={q.unanswerable} onchange={on_unanswerable} {disabled} />
                    <span>{t(lang, Msg::Unanswerable)}</span>
                </label>
                if q.unanswerable {
                    <p class="glossa-field-hint">{t(lang, Msg::UnanswerableHint)}</p>
                }
                <label class="glossa-check">
                    <input type="checkbox" checked={q.yes_no} onchange={on_yes_no} {disabled} />
                    <span>{t(lang, Msg::YesNoQuestion)}</span>
                </label>
                if q.yes_no {
                    <fieldset class="glossa-yes-no" aria-describedby={described("base_form")}>
                        <legend class="glossa-field-label">{t(lang, Msg::BaseForm)}</legend>
                        { for c.yes_no_values.iter().map(|v| {
                            let (on_action, control, value) = (props.on_action.clone(), c.id.clone(), v.clone());
                            let onchange = Callback::from(move |_: Event| on_action.emit(crate::spec::QuestionsControl::action_on(
                                &control, QuestionsEdit::Card { card: index, edit: QuestionEdit::BaseForm(value.clone()) })));
                            html! {
                                <label class="glossa-check">
                                    <input type="radio" name={format!("{id}-yes-no")} value={v.clone()}
                                        checked={props.base_form.as_str() == v} {onchange} {disabled} />
                                    <span>{v.clone()}</span>
                                </label>
                            }
                        }) }
                    </fieldset>
                } else {
                    <label class="glossa-field-label" for={format!("{id}-base")}>{t(lang, Msg::BaseForm)}</label>
                    <input type="text" class="glossa-text-input" id={format!("{id}-base")} value={props.base_form.clone()}
                        oninput={on_base.reform(|e: InputEvent| Event::from(e))} {disabled} maxlength="500"
                        aria-invalid={error("base_form").map(|_| "true")}
                        aria-describedby={described("base_form").unwrap_or_else(|| format!("{id}-base-hint"))} />
                    <p class="glossa-field-hint" id={format!("{id}-base-hint")}>{t(lang, Msg::BaseFormHint)}</p>
                }
                { error_view("base_form") }
                if !c.categories.is_empty() {
                    <label class="glossa-field-label" for={format!("{id}-category")}>{t(lang, Msg::Category)}</label>
                    <select class="glossa-select" id={format!("{id}-category")} onchange={on_category} {disabled}>
                        <option value="" selected={q.category.is_none()}>{t(lang, Msg::NoValue)}</option>
                        { for c.categories.iter().map(|cat| html! {
                            <option value={cat.value.clone()} selected={q.category.as_ref() == Some(&cat.value)}>{cat.label.clone()}</option>
                        }) }
                    </select>
                    { error_view("category") }
                }
                if let Some(w) = &props.overlap_warning {
                    <p class="glossa-warning">{w.clone()}</p>
                }
            </div>
        </li>
    }
}
