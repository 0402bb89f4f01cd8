//! `SkipParagraph`: skips a question-authoring paragraph for one of the spec's reasons (the
//! PoQuAD manual: uninteresting paragraphs are skipped, not given questions made up by force).

use crate::form::Action;
use crate::i18n::{t, Lang, Msg};
use crate::spec::AttributeValue;
use crate::support::ids::ControlId;
use std::rc::Rc;
use yew::prelude::*;

/// Props of [`SkipParagraph`].
#[derive(Properties, PartialEq)]
pub struct SkipParagraphProps {
    /// DOM id of the select.
    pub id: AttrValue,
    /// The questions control.
    pub control: ControlId,
    /// The spec's skip reasons.
    pub reasons: Rc<Vec<AttributeValue>>,
    /// The reason chosen, if the paragraph is skipped.
    pub skipped: Option<String>,
    /// Locked after submit.
    #[prop_or_default]
    pub disabled: bool,
    /// UI language.
    pub lang: Lang,
    /// Dispatches [`Action::QuestionsSkip`].
    pub on_action: Callback<Action>,
}

/// A select: "do not skip", or one reason to skip.
#[component]
pub fn SkipParagraph(props: &SkipParagraphProps) -> Html {
    let onchange = {
        let (on_action, control) = (props.on_action.clone(), props.control.clone());
        Callback::from(move |e: Event| {
            let value = e
                .target_unchecked_into::<web_sys::HtmlSelectElement>()
                .value();
            on_action.emit(crate::spec::QuestionsControl::action_on(
                &control,
                super::QuestionsEdit::Skip((!value.is_empty()).then_some(value)),
            ))
        })
    };
    let current = props.skipped.clone().unwrap_or_default();
    html! {
        <div class="glossa-skip">
            <label for={props.id.clone()} class="glossa-skip-label">{t(props.lang, Msg::SkipParagraph)}</label>
            <select id={props.id.clone()} class="glossa-select" {onchange} disabled={props.disabled}>
                <option value="" selected={current.is_empty()}>{t(props.lang, Msg::SkipNone)}</option>
                { for props.reasons.iter().map(|r| html! {
                    <option value={r.value.clone()} selected={r.value == current}>{r.label.clone()}</option>
                }) }
            </select>
        </div>
    }
}
