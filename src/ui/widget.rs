//! `Widget`: the root of a task screen. Owns the one `use_reducer`; children get data and
//! typed callbacks. IO (events to the host, focus) happens only in effects and handlers.

use super::example_view::ExampleView;
use super::instructions::Instructions;
use super::single_choice::SingleChoiceView;
use super::submit_bar::SubmitBar;
use super::text_block::TextBlockView;
use super::{Model, WidgetLink};
use crate::form::{Action, FormState};
use crate::i18n::{t, Msg};
use crate::ids::dom_id;
use crate::item::Item;
use crate::spec::{Block, Control, TaskSpec};
use std::rc::Rc;
use wasm_bindgen::JsCast;
use web_sys::HtmlElement;
use yew::prelude::*;

/// Props of [`Widget`].
#[derive(Properties, PartialEq)]
pub struct WidgetProps {
    /// Number of this mounted instance (keeps DOM ids unique on a page with several widgets).
    pub instance: u32,
    /// The task spec (already checked).
    pub spec: Rc<TaskSpec>,
    /// The item (already checked against the spec).
    pub item: Rc<Item>,
    /// Shared with the host: latest state and a way to dispatch.
    pub link: Rc<WidgetLink>,
    /// Hide the built-in submit button (the host submits through `handle.submit()`).
    #[prop_or_default]
    pub hide_submit: bool,
    /// When the item was shown (ms since the epoch).
    pub started_ms: u64,
    /// Called once, after the first render.
    pub on_ready: Callback<()>,
    /// Called after the answers change (and once at start).
    pub on_change: Callback<Model>,
    /// Called when the annotator asks to submit.
    pub on_submit: Callback<()>,
}

/// A task screen: title, instructions, examples, item blocks, controls, submit bar.
#[component]
pub fn Widget(props: &WidgetProps) -> Html {
    let state = {
        let spec = Rc::clone(&props.spec);
        let started = props.started_ms;
        use_reducer(move || Model {
            spec,
            form: FormState::new(started),
            refusals: 0,
        })
    };
    props.link.update(&state, state.dispatcher().to_callback());
    let spec = &props.spec;
    let lang = spec.language;
    let instance = props.instance;

    {
        let on_ready = props.on_ready.clone();
        use_effect_with((), move |_| on_ready.emit(()));
    }
    {
        let on_change = props.on_change.clone();
        let model = (*state).clone();
        use_effect_with(state.form.answers.clone(), move |_| on_change.emit(model));
    }
    {
        let spec = Rc::clone(spec);
        let model = (*state).clone();
        use_effect_with(state.refusals, move |refusals| {
            if *refusals > 0 {
                focus_first_problem(instance, &spec, &model);
            }
        });
    }

    let onkeydown = {
        let spec = Rc::clone(spec);
        let dispatch = state.dispatcher();
        Callback::from(move |e: KeyboardEvent| {
            if e.ctrl_key() || e.meta_key() || e.alt_key() || typing_in_text(&e) {
                return;
            }
            let key = e.key().to_lowercase();
            for control in &spec.controls {
                let Control::SingleChoice(c) = control;
                if let Some(o) = c
                    .options
                    .iter()
                    .find(|o| o.key.as_deref().map(str::to_lowercase) == Some(key.clone()))
                {
                    e.prevent_default();
                    dispatch.dispatch(Action::Choose {
                        control: c.id.clone(),
                        value: o.value.clone(),
                    });
                    focus(&dom_id(instance, &[c.id.as_str(), "opt", o.value.as_str()]));
                    return;
                }
            }
        })
    };
    let onsubmit = {
        let on_submit = props.on_submit.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            on_submit.emit(());
        })
    };

    let form = &state.form;
    let report = form.report(spec);
    let show_errors = form.submit_attempted && !form.submitted;
    let status = if form.submitted {
        Some(t(lang, Msg::Submitted).to_owned())
    } else if show_errors && !report.is_valid() {
        Some(report.summary(lang))
    } else {
        None
    };
    let status_is_error = status.is_some() && !form.submitted;

    html! {
        <div class="glossa" lang={lang.tag()} {onkeydown} data-testid={dom_id(instance, &[])}>
            if let Some(title) = &spec.title {
                <h2 class="glossa-title">{title.clone()}</h2>
            }
            if let Some(source) = &spec.instructions {
                <Instructions heading={t(lang, Msg::Instructions)} source={source.clone()}
                    open={spec.instructions_open} />
            }
            if !spec.examples.is_empty() {
                <div class="glossa-examples" role="group" aria-label={t(lang, Msg::Examples)}>
                    { for spec.examples.iter().enumerate().map(|(index, ex)| html! {
                        <ExampleView {instance} {index} spec={Rc::clone(spec)} example={Rc::new(ex.clone())} />
                    }) }
                </div>
            }
            { for spec.blocks.iter().map(|block| match block {
                Block::Text(b) => html! {
                    <TextBlockView id={dom_id(instance, &["block", b.field.as_str()])}
                        label={b.label.clone()} note={b.note.clone().map(AttrValue::from)}
                        text={props.item.text(b.field.as_str()).unwrap_or_default().to_owned()} />
                },
            }) }
            <form class="glossa-form" novalidate=true {onsubmit}>
                { for spec.controls.iter().map(|control| match control {
                    Control::SingleChoice(c) => {
                        let error = show_errors
                            .then(|| report.for_control(&c.id).next().map(|p| AttrValue::from(p.message(lang))))
                            .flatten();
                        html! {
                            <SingleChoiceView {instance} control={Rc::new(c.clone())}
                                chosen={form.choice(&c.id).cloned()} {error}
                                disabled={form.submitted} {lang}
                                on_action={state.dispatcher().to_callback()} />
                        }
                    }
                }) }
                <SubmitBar id={dom_id(instance, &["submit"])} label={t(lang, Msg::Submit)}
                    show_button={!props.hide_submit} submitted={form.submitted}
                    status={status.map(AttrValue::from)} {status_is_error} />
            </form>
        </div>
    }
}

/// True when the key went to a text field, where letters and digits are typing, not shortcuts.
fn typing_in_text(e: &KeyboardEvent) -> bool {
    let Some(el) = e.target().and_then(|t| t.dyn_into::<HtmlElement>().ok()) else {
        return false;
    };
    match el.tag_name().as_str() {
        "TEXTAREA" | "SELECT" => true,
        "INPUT" => !matches!(
            el.get_attribute("type").as_deref(),
            Some("radio" | "checkbox" | "button" | "submit")
        ),
        _ => el.is_content_editable(),
    }
}

fn focus(id: &str) {
    let el = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(id))
        .and_then(|el| el.dyn_into::<HtmlElement>().ok());
    if let Some(el) = el {
        let _ = el.focus();
    }
}

/// Moves focus to the first control with a problem (its chosen or first option).
fn focus_first_problem(instance: u32, spec: &TaskSpec, model: &Model) {
    let report = model.form.report(spec);
    let Some(problem) = report.problems.first() else {
        return;
    };
    if let Some(Control::SingleChoice(c)) = spec.control(&problem.control) {
        let value = model
            .form
            .choice(&c.id)
            .or(c.options.first().map(|o| &o.value));
        if let Some(v) = value {
            focus(&dom_id(instance, &[c.id.as_str(), "opt", v.as_str()]));
        }
    }
}
