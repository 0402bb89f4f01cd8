//! `SuggestionBar`: above a control a model suggested an answer for — who suggested it, what
//! to do, what became of it (a polite live region), and buttons to accept or reject what is
//! still to decide (the whole suggestion, or every part still pending).
//! Build family: suggest (model suggestions: the full build only).

use crate::form::suggestions::Decision;
use crate::form::Action;
use crate::i18n::{t, tf, Lang, Msg};
use crate::support::ids::ControlId;
use yew::prelude::*;

/// Props of [`SuggestionBar`].
#[derive(Properties, PartialEq)]
pub struct SuggestionBarProps {
    /// DOM id (the buttons are `{id}-accept` and `{id}-reject`).
    pub id: AttrValue,
    /// The control.
    pub control: ControlId,
    /// The model's name.
    pub model: AttrValue,
    /// What became of each suggested part (a control's suggestion has one part, or one per
    /// span or option).
    pub decisions: Vec<Decision>,
    /// The control's label (the buttons' accessible names say which control).
    pub label: AttrValue,
    /// Locked after submit.
    #[prop_or_default]
    pub disabled: bool,
    /// UI language.
    pub lang: Lang,
    /// Dispatches the decisions.
    pub on_action: Callback<Action>,
}

/// The bar over a control with a suggestion.
#[component]
pub fn SuggestionBar(props: &SuggestionBarProps) -> Html {
    let lang = props.lang;
    let pending = props
        .decisions
        .iter()
        .filter(|d| **d == Decision::Pending)
        .count();
    let one = props.decisions.len() == 1;
    let status = match (one, props.decisions.first()) {
        (_, _) if pending > 0 => t(lang, Msg::SuggestionHint),
        (true, Some(Decision::Accepted)) => t(lang, Msg::SuggestionAccepted),
        (true, Some(Decision::Changed)) => t(lang, Msg::SuggestionChanged),
        (true, Some(Decision::Rejected)) => t(lang, Msg::SuggestionRejected),
        _ => t(lang, Msg::SuggestionAllDecided),
    };
    let decide = |accept: bool| {
        let (on_action, control) = (props.on_action.clone(), props.control.clone());
        Callback::from(move |_: MouseEvent| {
            on_action.emit(Action::Decide {
                control: control.clone(),
                part: None,
                accept,
            })
        })
    };
    let (accept, reject) = if one {
        (Msg::SuggestionAccept, Msg::SuggestionReject)
    } else {
        (Msg::SuggestionAcceptAll, Msg::SuggestionRejectAll)
    };
    let heading_id = format!("{}-by", props.id);
    html! {
        <div class="glossa-suggestion" id={props.id.clone()} role="group" aria-labelledby={heading_id.clone()}
            data-pending={pending.to_string()}>
            <p class="glossa-suggestion-by" id={heading_id}>
                <span class="glossa-suggestion-tag">{"✦ "}{tf(lang, Msg::SuggestedBy, &[("model", &crate::support::bidi::isolate(&props.model))])}</span>
            </p>
            <p class="glossa-suggestion-status" role="status" aria-live="polite">{status}</p>
            if pending > 0 && !props.disabled {
                <div class="glossa-suggestion-actions">
                    <button type="button" class="glossa-button glossa-suggestion-accept" id={format!("{}-accept", props.id)}
                        onclick={decide(true)} aria-label={format!("{}: {}", t(lang, accept), props.label)}>
                        {t(lang, accept)}
                    </button>
                    <button type="button" class="glossa-button glossa-suggestion-reject" id={format!("{}-reject", props.id)}
                        onclick={decide(false)} aria-label={format!("{}: {}", t(lang, reject), props.label)}>
                        {t(lang, reject)}
                    </button>
                </div>
            }
        </div>
    }
}

/// The options a model suggests for a choice control shown with suggestions (none otherwise):
/// their views mark them.
pub fn suggested_options(
    task: &crate::task::Task,
    control: &ControlId,
) -> Vec<crate::support::ids::OptionValue> {
    if !crate::support::family::SUGGEST {
        return Vec::new();
    }
    match task.suggestion(control).map(|s| &s.answer) {
        Some(crate::answer::Answer::Choice(v)) => vec![v.clone()],
        Some(crate::answer::Answer::Choices(vs)) => vs.to_vec(),
        _ => Vec::new(),
    }
}
