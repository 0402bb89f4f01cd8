//! `QuestionBar`: the words selected in the paragraph and one button that adds them to the
//! question in focus. Sticks to the bottom of the screen on a phone, like the span
//! assignment bar.

use crate::form::Action;
use crate::i18n::{t, tf, Lang, Msg};
use crate::support::ids::ControlId;
use yew::prelude::*;

/// Props of [`QuestionBar`].
#[derive(Properties, PartialEq)]
pub struct QuestionBarProps {
    /// The questions control.
    pub control: ControlId,
    /// The selected text.
    pub text: AttrValue,
    /// Whether both ends are chosen (only then can it be added).
    pub complete: bool,
    /// The card the selection goes to (its position).
    pub card: usize,
    /// UI language.
    pub lang: Lang,
    /// Dispatches the assignment.
    pub on_action: Callback<Action>,
}

/// The bar under the paragraph while words are selected.
#[component]
pub fn QuestionBar(props: &QuestionBarProps) -> Html {
    let lang = props.lang;
    let add = {
        let (control, card) = (props.control.clone(), props.card);
        props
            .on_action
            .reform(move |_: MouseEvent| {
                crate::spec::QuestionsControl::action_on(&control, super::QuestionsEdit::Assign(card))
            })
    };
    let cancel = props
        .on_action
        .reform(|_: MouseEvent| Action::ClearSelection);
    let n = (props.card + 1).to_string();
    html! {
        <div class="glossa-assign-bar" role="region" aria-label={t(lang, Msg::AnswerFragments)}>
            <p class="glossa-assign-selected" role="status" aria-live="polite">
                {tf(lang, Msg::Selected, &[("text", &props.text)])}
            </p>
            if props.complete {
                <div class="glossa-assign-buttons">
                    <button type="button" class="glossa-assign" onclick={add}>
                        {tf(lang, Msg::AddToQuestion, &[("n", &n)])}
                    </button>
                </div>
            }
            <button type="button" class="glossa-link-button" onclick={cancel}>{t(lang, Msg::CancelSelection)}</button>
        </div>
    }
}
