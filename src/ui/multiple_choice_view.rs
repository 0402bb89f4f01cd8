//! Build family: marking (the `full` build).
//!
//! `MultipleChoiceView`: checkboxes (fieldset + legend), each with its label, shortcut key and
//! definition, an exclusive "none of these" set apart, and the control's error.

use super::markdown_view::Markdown;
use crate::form::{Action, Toggle};
use crate::i18n::{tf, Lang, Msg};
use crate::spec::{ChoiceOption, MultipleChoice, MultipleLayout};
use crate::support::family::Gate;
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
    /// UI language.
    pub lang: Lang,
    /// Dispatches the new set of ticked options.
    pub on_action: Callback<Action>,
}

/// The action that ticks or unticks `value` (the form applies it to the answer as it stands).
fn toggle(c: &MultipleChoice, value: &OptionValue) -> Action {
    Action::Toggle(Gate::gate(Toggle {
        control: c.id.clone(),
        value: value.clone(),
    }))
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
        let onchange = props.on_action.reform(move |_: Event| action.clone());
        html! {
            <CheckOption key={o.value.as_str().to_owned()}
                id={dom_id(props.instance, &[c.id.as_str(), "opt", o.value.as_str()])}
                label={o.label.clone()} description={o.description.clone().map(AttrValue::from)}
                shortcut={o.key.clone().map(AttrValue::from)}
                checked={props.ticked.contains(&o.value)} {exclusive}
                definition_open={c.definitions_open} invalid={props.error.is_some()}
                described_by={described_by.clone()} lang={props.lang} {onchange} />
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

/// Props of [`CheckOption`].
#[derive(Properties, PartialEq)]
struct CheckOptionProps {
    id: AttrValue,
    label: AttrValue,
    #[prop_or_default]
    description: Option<AttrValue>,
    #[prop_or_default]
    shortcut: Option<AttrValue>,
    checked: bool,
    exclusive: bool,
    definition_open: bool,
    invalid: bool,
    #[prop_or_default]
    described_by: Option<AttrValue>,
    lang: Lang,
    onchange: Callback<Event>,
}

/// One checkbox with its label, shortcut key and definition.
#[component]
fn CheckOption(props: &CheckOptionProps) -> Html {
    let open = use_state_eq(|| props.definition_open);
    let def_id = format!("{}-def", props.id);
    let toggle = {
        let open = open.clone();
        Callback::from(move |_: MouseEvent| open.set(!*open))
    };
    let toggle_name = tf(props.lang, Msg::Definition, &[("label", &props.label)]);
    let shortcut_title = props
        .shortcut
        .as_ref()
        .map(|k| tf(props.lang, Msg::ShortcutHint, &[("key", k)]));
    html! {
        <div class={classes!("glossa-option", "glossa-check", props.checked.then_some("is-checked"), props.exclusive.then_some("is-exclusive"))}>
            <div class="glossa-option-row">
                <input type="checkbox" id={props.id.clone()} checked={props.checked}
                    onchange={props.onchange.clone()}
                    aria-invalid={props.invalid.then_some("true")}
                    aria-describedby={props.described_by.clone()}
                    aria-keyshortcuts={props.shortcut.clone()} />
                <label for={props.id.clone()} class="glossa-option-label">
                    if let Some(key) = &props.shortcut {
                        <kbd class="glossa-key" aria-hidden="true" title={shortcut_title}>{key.clone()}</kbd>
                    }
                    <span>{props.label.clone()}</span>
                </label>
                if props.description.is_some() {
                    <button type="button" class="glossa-def-toggle" onclick={toggle}
                        aria-expanded={if *open { "true" } else { "false" }}
                        aria-controls={def_id.clone()} aria-label={toggle_name.clone()}
                        title={toggle_name}>
                        <span aria-hidden="true">{if *open { "−" } else { "?" }}</span>
                    </button>
                }
            </div>
            if let (Some(desc), true) = (&props.description, *open) {
                <Markdown source={desc.clone()} class="glossa-definition" />
            }
        </div>
    }
}

impl super::kind_view::KindView for MultipleChoice {
    fn view(&self, cx: &super::kind_view::ViewContext) -> Html {
        let ticked = match cx.form.answers.get(&self.id) {
            Some(crate::answer::Answer::Choices(v)) => v.to_vec(),
            _ => Vec::new(),
        };
        html! {
            <MultipleChoiceView instance={cx.instance} control={Rc::new(self.clone())} {ticked}
                error={cx.error.clone()} disabled={cx.form.submitted} lang={cx.lang}
                on_action={cx.actions.now.clone()} />
        }
    }

    /// The first ticked (else the first) option.
    fn focus_problem(&self, instance: u32, model: &super::Model, _: &crate::validate::Place) {
        let first = match model.form.answers.get(&self.id) {
            Some(crate::answer::Answer::Choices(v)) => v.first().cloned(),
            _ => None,
        };
        if let Some(v) = first.or_else(|| self.options.first().map(|o| o.value.clone())) {
            super::focus::focus(&dom_id(instance, &[self.id.as_str(), "opt", v.as_str()]));
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
