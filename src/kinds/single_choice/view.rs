//! `SingleChoiceView`: a radio group (fieldset + legend) with its options and its error.

use crate::ui::choice_option::ChoiceOptionView;
use crate::ui::markdown_view::Markdown;
pub use super::props::SingleChoiceProps;
use crate::form::Action;
use crate::i18n::Lang;
use crate::spec::SingleChoice;
use crate::support::ids::dom_id;
use std::rc::Rc;
use yew::prelude::*;

/// A single-choice question.
#[component]
pub fn SingleChoiceView(props: &SingleChoiceProps) -> Html {
    let c = &props.control;
    let base = dom_id(props.instance, &[c.id.as_str()]);
    let error_id = format!("{base}-error");
    let described_by: Option<AttrValue> = props.error.as_ref().map(|_| error_id.clone().into());
    html! {
        <fieldset class={classes!("glossa-control", props.error.is_some().then_some("has-error"))}
            id={base.clone()} disabled={props.disabled}>
            <legend class="glossa-control-label">{c.label.clone()}</legend>
            if let Some(help) = &c.help {
                <Markdown source={help.clone()} class="glossa-help" />
            }
            <div class="glossa-options">
                { for c.options.iter().map(|o| {
                    let value = o.value.clone();
                    let control = Rc::clone(c);
                    let on_choose = props.on_action.reform(move |()| control.action(value.clone()));
                    html! {
                        <ChoiceOptionView key={o.value.as_str().to_owned()}
                            id={dom_id(props.instance, &[c.id.as_str(), "opt", o.value.as_str()])}
                            name={base.clone()} value={o.value.to_string()} label={o.label.clone()}
                            description={o.description.clone().map(AttrValue::from)}
                            shortcut={o.key.clone().map(AttrValue::from)}
                            checked={props.chosen.as_ref() == Some(&o.value)}
                            definition_open={c.definitions_open}
                            invalid={props.error.is_some()}
                            described_by={described_by.clone()}
                            tag={(crate::support::family::SUGGEST && props.suggested.as_ref() == Some(&o.value)).then(|| AttrValue::from(crate::i18n::t(props.lang, crate::i18n::Msg::SuggestionPending)))}
                            lang={props.lang} {on_choose} />
                    }
                }) }
            </div>
            if let Some(error) = &props.error {
                <p class="glossa-error" id={error_id} role="alert">{error.clone()}</p>
            }
        </fieldset>
    }
}

impl crate::ui::kind_view::KindView for SingleChoice {
    fn view(&self, cx: &crate::ui::kind_view::ViewContext) -> Html {
        let (instance, form, lang) = (cx.instance, cx.form, cx.lang);
        let error = cx.error.clone();
        let control = Rc::new(self.clone());
        let chosen = form.choice(&self.id).cloned();
        let on_action = cx.actions.now.clone();
        if self.layout == crate::spec::ChoiceLayout::Dropdown {
            html! {
                <super::dropdown::DropdownChoice {instance} {control} {chosen} {error}
                    disabled={form.submitted} {lang} {on_action} />
            }
        } else {
            let suggested = crate::ui::suggestion_bar::suggested_options(cx.task, &self.id).into_iter().next();
            html! {
                <SingleChoiceView {instance} {control} {chosen} {error} {suggested}
                    disabled={form.submitted} {lang} {on_action} />
            }
        }
    }

    /// The select, or the chosen (else the first) option.
    fn focus_problem(&self, instance: u32, model: &crate::ui::Model, _: &crate::validate::Place) {
        let id = self.id.as_str();
        if self.layout == crate::spec::ChoiceLayout::Dropdown {
            crate::ui::focus::focus(&dom_id(instance, &[id, "select"]));
            return;
        }
        let value = model
            .form
            .choice(&self.id)
            .or(self.options.first().map(|o| &o.value));
        if let Some(v) = value {
            crate::ui::focus::focus(&dom_id(instance, &[id, "opt", v.as_str()]));
        }
    }

    fn shortcut(&self, key: &str, instance: u32) -> Option<(Action, String)> {
        let o = self.options.iter().find(|o| {
            o.key
                .as_deref()
                .is_some_and(|k| k.eq_ignore_ascii_case(key))
        })?;
        Some((
            self.action(o.value.clone()),
            dom_id(instance, &[self.id.as_str(), "opt", o.value.as_str()]),
        ))
    }

    fn example(&self, value: &serde_json::Value, _: &crate::item::Item, _: Lang) -> Html {
        let v = value.as_str().unwrap_or_default();
        let label = self
            .options
            .iter()
            .find(|o| o.value.as_str() == v)
            .map_or(v, |o| o.label.as_str());
        html! { {label.to_owned()} }
    }
}
