//! `SliderInput`: one slider — a native range input (arrows, Page Up/Down, Home/End; touch and
//! mouse), with its thumb hidden until the annotator first sets it (no preset position),
//! anchors under its ends, evenly spaced ticks, and its value when the spec shows it.

use crate::i18n::{t, Lang, Msg};
use crate::spec::SliderControl;
use std::rc::Rc;
use yew::prelude::*;

/// Props of [`SliderInput`].
#[derive(Properties, PartialEq)]
pub struct SliderInputProps {
    /// DOM id of the input.
    pub id: AttrValue,
    /// The control.
    pub control: Rc<SliderControl>,
    /// The input's accessible name.
    pub name: AttrValue,
    /// The value set, if any.
    pub value: Option<i64>,
    /// The message to show, if any.
    #[prop_or_default]
    pub error: Option<AttrValue>,
    /// Locked after submit.
    #[prop_or_default]
    pub disabled: bool,
    /// UI language.
    pub lang: Lang,
    /// Sets the value.
    pub on_value: Callback<i64>,
}

/// One slider.
#[component]
pub fn SliderInput(props: &SliderInputProps) -> Html {
    let c = &props.control;
    let error_id = format!("{}-error", props.id);
    let read = |e: &web_sys::Event| -> Option<i64> {
        let input: web_sys::HtmlInputElement = e.target_dyn_into()?;
        input.value().parse().ok()
    };
    let oninput = {
        let on_value = props.on_value.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(v) = read(&e) {
                on_value.emit(v)
            }
        })
    };
    // A tap or click where the hidden thumb already is moves nothing: it still sets the value.
    let onpointerup = {
        let (on_value, unset) = (props.on_value.clone(), props.value.is_none());
        Callback::from(move |e: PointerEvent| {
            if let (true, Some(v)) = (unset, read(&e)) {
                on_value.emit(v)
            }
        })
    };
    let middle = c.min + (c.max - c.min) / 2;
    let shown = props.value.unwrap_or(middle).to_string();
    html! {
        <div class={classes!("glossa-slider", props.value.is_none().then_some("is-untouched"), props.error.is_some().then_some("has-error"))}>
            <div class="glossa-slider-row">
                <input type="range" id={props.id.clone()} min={c.min.to_string()} max={c.max.to_string()}
                    step={c.step.to_string()} value={shown.clone()} aria-label={props.name.clone()}
                    aria-valuetext={props.value.is_none().then(|| t(props.lang, Msg::SliderNotSet))}
                    aria-invalid={props.error.is_some().then_some("true")}
                    aria-describedby={props.error.as_ref().map(|_| error_id.clone())}
                    disabled={props.disabled} {oninput} {onpointerup} />
                if c.show_value {
                    <output class="glossa-slider-value" for={props.id.clone()}>{props.value.map(|v| v.to_string()).unwrap_or_else(|| "–".to_owned())}</output>
                }
            </div>
            if !c.ticks.is_empty() {
                <div class="glossa-slider-ticks" aria-hidden="true">
                    { for c.ticks.iter().map(|tick| html! { <span>{tick.clone()}</span> }) }
                </div>
            }
            if let Some(a) = &c.anchors {
                <div class="glossa-slider-anchors">
                    <span>{a.low.clone()}</span>
                    <span>{a.high.clone()}</span>
                </div>
            }
            if let Some(error) = &props.error {
                <p class="glossa-error" id={error_id}>{error.clone()}</p>
            }
        </div>
    }
}
