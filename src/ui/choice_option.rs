//! `ChoiceOptionView`: one option — a radio button, or a checkbox for a multiple choice — with
//! its short label, shortcut key and a definition the annotator can open on the spot (tap,
//! click or keyboard).

use super::markdown_view::Markdown;
use crate::i18n::{tf, Lang, Msg};
use yew::prelude::*;

/// Props of [`ChoiceOptionView`].
#[derive(Properties, PartialEq)]
pub struct ChoiceOptionProps {
    /// DOM id of the radio input; the definition is `{id}-def`.
    pub id: AttrValue,
    /// The radio group's name.
    #[prop_or_default]
    pub name: Option<AttrValue>,
    /// A checkbox (a multiple choice's option) rather than a radio button.
    #[prop_or_default]
    pub checkbox: bool,
    /// More classes for the option (a multiple choice's own look).
    #[prop_or_default]
    pub class: Classes,
    /// The option's stable value.
    pub value: AttrValue,
    /// The short label (the radio's accessible name).
    pub label: AttrValue,
    /// The definition, in Markdown.
    #[prop_or_default]
    pub description: Option<AttrValue>,
    /// The shortcut key, if any.
    #[prop_or_default]
    pub shortcut: Option<AttrValue>,
    /// Whether this option is chosen.
    pub checked: bool,
    /// Whether the definition starts opened.
    #[prop_or_default]
    pub definition_open: bool,
    /// Whether the radio is marked invalid.
    #[prop_or_default]
    pub invalid: bool,
    /// Id of the element describing the radio (the control's error), if any.
    #[prop_or_default]
    pub described_by: Option<AttrValue>,
    /// A tag after the label (a model suggested this option), part of its accessible name.
    #[prop_or_default]
    pub tag: Option<AttrValue>,
    /// UI language.
    pub lang: Lang,
    /// Called when the annotator picks this option.
    pub on_choose: Callback<()>,
}

/// One option of a single-choice control.
#[component]
pub fn ChoiceOptionView(props: &ChoiceOptionProps) -> Html {
    let open = use_state_eq(|| props.definition_open);
    let def_id = format!("{}-def", props.id);
    let toggle = {
        let open = open.clone();
        Callback::from(move |_: MouseEvent| open.set(!*open))
    };
    let onchange = props.on_choose.reform(|_: Event| ());
    let toggle_name = tf(props.lang, Msg::Definition, &[("label", &props.label)]);
    let shortcut_title = props
        .shortcut
        .as_ref()
        .map(|k| tf(props.lang, Msg::ShortcutHint, &[("key", k)]));
    html! {
        <div class={classes!("glossa-option", props.class.clone(), props.checked.then_some("is-checked"))}>
            <div class="glossa-option-row">
                <input type={if props.checkbox { "checkbox" } else { "radio" }} id={props.id.clone()} name={props.name.clone()}
                    value={props.value.clone()} checked={props.checked} {onchange}
                    aria-invalid={props.invalid.then_some("true")}
                    aria-describedby={props.described_by.clone()}
                    aria-keyshortcuts={props.shortcut.clone()} />
                <label for={props.id.clone()} class="glossa-option-label">
                    if let Some(key) = &props.shortcut {
                        <kbd class="glossa-key" aria-hidden="true" title={shortcut_title}>{key.clone()}</kbd>
                    }
                    <span>{props.label.clone()}</span>
                    if let (Some(tag), true) = (&props.tag, crate::support::family::SUGGEST) {
                        <span class="glossa-suggestion-tag">{" ✦ "}{tag.clone()}</span>
                    }
                </label>
                if props.description.is_some() {
                    <button type="button" class="glossa-def-toggle" onclick={toggle}
                        aria-expanded={if *open { "true" } else { "false" }}
                        aria-controls={def_id.clone()} aria-label={toggle_name.clone()}
                        title={toggle_name} data-testid={format!("{}-toggle", props.id)}>
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
