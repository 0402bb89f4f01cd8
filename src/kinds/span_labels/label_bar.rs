//! `LabelBar`: a button per label (its colour and line, its name, its shortcut key). With a
//! passage selected, a label's button labels it; with none, it picks the label to mark with
//! (the brush, `aria-pressed`) or puts it down. Sticks to the bottom of the screen on a phone,
//! so a label is always one tap away; says what is selected and what the brush is.

use crate::ui::highlight::PALETTE;
use super::LabelEdit;
use crate::form::Action;
use crate::i18n::{t, tf, Lang, Msg};
use crate::spec::SpanLabels;
use crate::support::ids::OptionValue;
use std::rc::Rc;
use yew::prelude::*;

/// Props of [`LabelBar`].
#[derive(Properties, PartialEq)]
pub struct LabelBarProps {
    /// DOM id of the bar.
    pub id: AttrValue,
    /// The control.
    pub control: Rc<SpanLabels>,
    /// Each label's style.
    pub styles: Rc<Vec<usize>>,
    /// The selected text, if a passage is selected (complete or not).
    pub selected: Option<AttrValue>,
    /// Whether the selection is complete (then a label's button labels it).
    pub complete: bool,
    /// The brush.
    pub brush: Option<OptionValue>,
    /// Locked after submit.
    #[prop_or_default]
    pub disabled: bool,
    /// UI language.
    pub lang: Lang,
    /// Dispatches at once.
    pub on_action: Callback<Action>,
}

/// The label buttons.
#[component]
pub fn LabelBar(props: &LabelBarProps) -> Html {
    let (c, lang) = (&props.control, props.lang);
    let edit = {
        let (on_action, control) = (props.on_action.clone(), Rc::clone(c));
        move |edit: LabelEdit| on_action.emit(control.action(edit))
    };
    let brush_label = props
        .brush
        .as_ref()
        .and_then(|b| c.label_of(b.as_str()))
        .map(|l| l.label.clone());
    let cancel = props
        .on_action
        .reform(|_: MouseEvent| Action::ClearSelection);
    // A label's button, with its style.
    let button = |l: &crate::spec::SpanLabel, style: usize| -> Html {
        let on = props.brush.as_ref() == Some(&l.value);
        let onclick = {
            let (edit, value) = (edit.clone(), l.value.clone());
            Callback::from(move |_: MouseEvent| edit(LabelEdit::Pick(value.clone())))
        };
        html! {
            <button type="button" key={l.value.as_str().to_owned()}
                class={classes!("glossa-label-button", on.then_some("is-brush"))}
                aria-pressed={(!props.complete).then_some(if on { "true" } else { "false" })}
                aria-keyshortcuts={l.key.clone()} disabled={props.disabled}
                data-label={l.value.to_string()} {onclick}>
                <span class={format!("glossa-swatch glossa-c{}", style % PALETTE)} aria-hidden="true">{"Aa"}</span>
                <span class="glossa-label-name">{l.label.clone()}</span>
                if let Some(key) = &l.key {
                    <kbd class="glossa-key" aria-hidden="true" title={tf(lang, Msg::ShortcutHint, &[("key", key)])}>{key.clone()}</kbd>
                }
            </button>
        }
    };
    html! {
        <div class="glossa-label-bar" id={props.id.clone()} role="group" aria-label={c.label.clone()}>
            if let Some(text) = &props.selected {
                <p class="glossa-assign-selected" role="status" aria-live="polite">
                    {tf(lang, Msg::Selected, &[("text", text)])}
                </p>
            } else if let Some(label) = &brush_label {
                <p class="glossa-brush-status" role="status" aria-live="polite">
                    {tf(lang, Msg::LabelBrushOn, &[("label", label)])}
                </p>
            }
            <div class="glossa-label-buttons">
                if crate::support::family::COMPOSE && c.labels.iter().any(|l| l.group.is_some()) {
                    { crate::ui::label_groups::grouped(&props.id, &super::label_groups::runs(c), props.brush.as_ref().and_then(|b| c.group_of(b.as_str())),
                        &|k| button(&c.labels[k], props.styles.get(k).copied().unwrap_or(0))) }
                } else {
                    { for c.labels.iter().zip(props.styles.iter()).map(|(l, style)| button(l, *style)) }
                }
            </div>
            if props.selected.is_some() {
                <button type="button" class="glossa-link-button" onclick={cancel}>{t(lang, Msg::CancelSelection)}</button>
            }
        </div>
    }
}
