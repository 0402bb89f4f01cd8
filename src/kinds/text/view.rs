//! `FreeTextView`: a free-text control (one line or a text area) with its message.

use crate::ui::markdown_view::Markdown;
use crate::form::Action;
use crate::spec::TextControl;
use crate::support::ids::dom_id;
use std::rc::Rc;
use yew::prelude::*;

/// Props of [`FreeTextView`].
#[derive(Properties, PartialEq)]
pub struct FreeTextViewProps {
    /// The widget instance (for DOM ids).
    pub instance: u32,
    /// The control.
    pub control: Rc<TextControl>,
    /// The text so far.
    pub value: AttrValue,
    /// The message to show, if any.
    #[prop_or_default]
    pub error: Option<AttrValue>,
    /// Locked after submit.
    #[prop_or_default]
    pub disabled: bool,
    /// Dispatches typing.
    pub on_action: Callback<Action>,
}

/// A labelled text input.
#[component]
pub fn FreeTextView(props: &FreeTextViewProps) -> Html {
    let c = &props.control;
    let id = dom_id(props.instance, &[c.id.as_str(), "text"]);
    let error_id = format!("{id}-error");
    let oninput = {
        let (on_action, control) = (props.on_action.clone(), Rc::clone(c));
        Callback::from(move |e: InputEvent| {
            let text = e
                .target_dyn_into::<web_sys::HtmlTextAreaElement>()
                .map(|t| t.value())
                .or_else(|| {
                    e.target_dyn_into::<web_sys::HtmlInputElement>()
                        .map(|i| i.value())
                })
                .unwrap_or_default();
            on_action.emit(control.action(text))
        })
    };
    let described = props.error.as_ref().map(|_| error_id.clone());
    let invalid = props.error.is_some().then_some("true");
    html! {
        <div class={classes!("glossa-control", "glossa-text-control", props.error.is_some().then_some("has-error"))}>
            <label for={id.clone()} class="glossa-control-label">{c.label.clone()}</label>
            if let Some(help) = &c.help {
                <Markdown source={help.clone()} class="glossa-help" />
            }
            if c.multiline {
                <textarea {id} class="glossa-textarea" rows="3" value={props.value.clone()} {oninput}
                    maxlength={c.max_length.to_string()} disabled={props.disabled}
                    aria-invalid={invalid} aria-describedby={described} />
            } else {
                <input {id} type="text" class="glossa-text-input" value={props.value.clone()} {oninput}
                    maxlength={c.max_length.to_string()} disabled={props.disabled}
                    aria-invalid={invalid} aria-describedby={described} />
            }
            if let Some(error) = &props.error {
                <p class="glossa-error" id={error_id}>{error.clone()}</p>
            }
        </div>
    }
}

impl crate::ui::kind_view::KindView for TextControl {
    fn view(&self, cx: &crate::ui::kind_view::ViewContext) -> Html {
        let value = match cx.form.answers.get(&self.id) {
            Some(crate::answer::Answer::Text(t)) => t.clone(),
            _ => String::new(),
        };
        html! {
            <FreeTextView instance={cx.instance} control={Rc::new(self.clone())} {value}
                error={cx.error.clone()} disabled={cx.form.submitted}
                on_action={cx.actions.now.clone()} />
        }
    }

    fn focus_problem(&self, instance: u32, _: &crate::ui::Model, _: &crate::validate::Place) {
        crate::ui::focus::focus(&dom_id(instance, &[self.id.as_str(), "text"]));
    }

    fn example(
        &self,
        value: &serde_json::Value,
        _: &crate::item::Item,
        _: crate::i18n::Lang,
    ) -> Html {
        html! { {value.as_str().unwrap_or_default().to_owned()} }
    }
}
