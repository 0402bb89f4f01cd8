//! Build family: labels (the `labels` and `full` builds).
//!
//! `MultipleChoiceView`: checkboxes (fieldset + legend; each option a `ChoiceOptionView`), an
//! exclusive "none of these" set apart, and the control's error.

use crate::ui::choice_option::ChoiceOptionView;
use crate::ui::markdown_view::Markdown;
use crate::form::Action;
use crate::i18n::Lang;
use crate::spec::{ChoiceOption, MultipleChoice, MultipleLayout};
use crate::support::ids::{dom_id, OptionValue};
use std::rc::Rc;
use yew::prelude::*;

/// Props of [`MultipleChoiceView`].
#[derive(Properties, PartialEq)]
pub struct MultipleChoiceProps {
    /// The widget instance (for DOM ids).
    pub instance: u32,
    /// The control from the spec.
    pub control: Rc<MultipleChoice>,
    /// The ticked values.
    pub ticked: Vec<OptionValue>,
    /// The error to show beside the control, if any.
    #[prop_or_default]
    pub error: Option<AttrValue>,
    /// Whether the control is locked (after submit).
    #[prop_or_default]
    pub disabled: bool,
    /// The options a model suggests, marked as such (none without suggestions).
    #[prop_or_default]
    pub suggested: Vec<OptionValue>,
    /// UI language.
    pub lang: Lang,
    /// Dispatches the new set of ticked options.
    pub on_action: Callback<Action>,
}

/// The action that ticks or unticks `value` (the form applies it to the answer as it stands).
fn toggle(c: &MultipleChoice, value: &OptionValue) -> Action {
    c.action(super::ChoicesEdit::Toggle(value.clone()))
}

/// A multiple-choice question.
#[component]
pub fn MultipleChoiceView(props: &MultipleChoiceProps) -> Html {
    let c = &props.control;
    let base = dom_id(props.instance, &[c.id.as_str()]);
    let error_id = format!("{base}-error");
    let described_by: Option<AttrValue> = props.error.as_ref().map(|_| error_id.clone().into());
    let option = |o: &ChoiceOption, exclusive: bool| {
        let action = toggle(c, &o.value);
        html! {
            <ChoiceOptionView key={o.value.as_str().to_owned()} checkbox=true
                class={classes!("glossa-multi", exclusive.then_some("is-exclusive"))}
                id={dom_id(props.instance, &[c.id.as_str(), "opt", o.value.as_str()])}
                value={o.value.to_string()} label={o.label.clone()}
                description={o.description.clone().map(AttrValue::from)}
                shortcut={o.key.clone().map(AttrValue::from)}
                checked={props.ticked.contains(&o.value)}
                definition_open={c.definitions_open} invalid={props.error.is_some()}
                described_by={described_by.clone()} lang={props.lang}
                tag={(crate::support::family::SUGGEST && props.suggested.contains(&o.value)).then(|| AttrValue::from(crate::i18n::t(props.lang, crate::i18n::Msg::SuggestionPending)))}
                on_choose={props.on_action.reform(move |()| action.clone())} />
        }
    };
    let columns = (c.layout == MultipleLayout::Columns).then_some("glossa-columns");
    html! {
        <fieldset class={classes!("glossa-control", "glossa-multiple", props.error.is_some().then_some("has-error"))}
            id={base.clone()} disabled={props.disabled}>
            <legend class="glossa-control-label">{c.label.clone()}</legend>
            if let Some(help) = &c.help {
                <Markdown source={help.clone()} class="glossa-help" />
            }
            <div class={classes!("glossa-options", columns)}>
                { for c.options.iter().map(|o| option(o, false)) }
            </div>
            if let Some(none) = &c.none {
                <div class="glossa-options glossa-none">{ option(none, true) }</div>
            }
            if let Some(error) = &props.error {
                <p class="glossa-error" id={error_id} role="alert">{error.clone()}</p>
            }
        </fieldset>
    }
}

impl crate::ui::kind_view::KindView for MultipleChoice {
    fn view(&self, cx: &crate::ui::kind_view::ViewContext) -> Html {
        let ticked = match cx.form.answers.get(&self.id) {
            Some(crate::answer::Answer::Choices(v)) => v.to_vec(),
            _ => Vec::new(),
        };
        html! {
            <MultipleChoiceView instance={cx.instance} control={Rc::new(self.clone())} {ticked}
                suggested={crate::ui::suggestion_bar::suggested_options(cx.task, &self.id)}
                error={cx.error.clone()} disabled={cx.form.submitted} lang={cx.lang}
                on_action={cx.actions.now.clone()} />
        }
    }

    /// The first ticked (else the first) option.
    fn focus_problem(&self, instance: u32, model: &crate::ui::Model, _: &crate::validate::Place) {
        let first = match model.form.answers.get(&self.id) {
            Some(crate::answer::Answer::Choices(v)) => v.first().cloned(),
            _ => None,
        };
        if let Some(v) = first.or_else(|| self.options.first().map(|o| o.value.clone())) {
            crate::ui::focus::focus(&dom_id(instance, &[self.id.as_str(), "opt", v.as_str()]));
        }
    }

    fn example(&self, value: &serde_json::Value, _: &crate::item::Item, _: Lang) -> Html {
        let labels: Vec<String> = value
            .as_array()
            .map(Vec::as_slice)
            .unwrap_or_default()
            .iter()
            .filter_map(|v| v.as_str())
            .map(|v| {
                self.all_options()
                    .find(|o| o.value.as_str() == v)
                    .map_or(v.to_owned(), |o| o.label.clone())
            })
            .collect();
        html! { {labels.join(", ")} }
    }

    fn shortcut(&self, key: &str, instance: u32) -> Option<(Action, String)> {
        let o = self.all_options().find(|o| {
            o.key
                .as_deref()
                .is_some_and(|k| k.eq_ignore_ascii_case(key))
        })?;
        Some((
            toggle(self, &o.value),
            dom_id(instance, &[self.id.as_str(), "opt", o.value.as_str()]),
        ))
    }
}
