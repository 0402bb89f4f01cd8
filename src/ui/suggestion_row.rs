//! `suggestion_row`: under one suggested part of an answer (a span, a link) — what became of
//! it (a sign and a word, never colour alone) and, while it is still to decide, its accept and
//! reject buttons, each named with the part it decides on. A function, not a component: it is
//! drawn inside its row's component, as it was before rows of two kinds shared it.
//! Build family: suggest (model suggestions; `scripts/css_for_build.py` reads this line).

use crate::form::suggestions::Decision;
use crate::form::Action;
use crate::i18n::{t, Lang, Msg};
use crate::support::ids::ControlId;
use yew::prelude::*;

/// What [`suggestion_row`] draws.
pub struct SuggestionRow<'a> {
    /// The DOM id of the part's row (the buttons are `{id}-accept` and `{id}-reject`).
    pub id: &'a str,
    /// The control the part is of.
    pub control: ControlId,
    /// The part's place among the suggestion's parts.
    pub part: usize,
    /// What became of it.
    pub decision: Decision,
    /// The part as the buttons name it (`Peter Blackburn (Person)`).
    pub what: String,
    /// Locked after submit.
    pub disabled: bool,
    /// UI language.
    pub lang: Lang,
    /// Dispatches the decision.
    pub on_action: &'a Callback<Action>,
}

/// One suggested part's state and buttons.
pub fn suggestion_row(props: SuggestionRow) -> Html {
    let lang = props.lang;
    let tag = match props.decision {
        Decision::Pending => Msg::SuggestionPending,
        Decision::Accepted => Msg::SuggestionAccepted,
        _ => Msg::SuggestionChanged,
    };
    let decide = |accept: bool| {
        let (on_action, control, part) =
            (props.on_action.clone(), props.control.clone(), props.part);
        Callback::from(move |_: MouseEvent| {
            on_action.emit(Action::Decide {
                control: control.clone(),
                part: Some(part),
                accept,
            })
        })
    };
    let what = &props.what;
    html! {
        <div class="glossa-suggestion-row" data-decision={props.decision.as_str()}>
            <span class="glossa-suggestion-tag">{"✦ "}{t(lang, tag)}</span>
            if props.decision == Decision::Pending && !props.disabled {
                <button type="button" class="glossa-button glossa-suggestion-accept" id={format!("{}-accept", props.id)}
                    onclick={decide(true)} aria-label={format!("{}: {what}", t(lang, Msg::SuggestionAccept))}>
                    {t(lang, Msg::SuggestionAccept)}
                </button>
                <button type="button" class="glossa-button glossa-suggestion-reject" id={format!("{}-reject", props.id)}
                    onclick={decide(false)} aria-label={format!("{}: {what}", t(lang, Msg::SuggestionReject))}>
                    {t(lang, Msg::SuggestionReject)}
                </button>
            }
        </div>
    }
}
