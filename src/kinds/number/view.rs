//! `NumberView`: a number control — one box, or one box per output with the output's text,
//! side by side on a wide screen and stacked on a phone.

use crate::ui::markdown_view::Markdown;
use super::number_box::NumberBox;
use crate::ui::output_cards::{box_error, output_cards};
use crate::form::{Action, FormState};
use crate::i18n::Lang;
use crate::item::Output;
use crate::spec::NumberControl;
use crate::support::ids::dom_id;
use crate::validate::{box_path, Report};
use std::rc::Rc;
use yew::prelude::*;

/// Props of [`NumberView`].
#[derive(Properties, PartialEq)]
pub struct NumberViewProps {
    /// The widget instance (for DOM ids).
    pub instance: u32,
    /// The control from the spec.
    pub control: Rc<NumberControl>,
    /// The outputs in the order shown (empty for a single box).
    pub outputs: Rc<Vec<Output>>,
    /// The form (texts typed, which problems show).
    pub form: Rc<FormState>,
    /// The current report.
    pub report: Rc<Report>,
    /// UI language.
    pub lang: Lang,
    /// Dispatches typing and leaving.
    pub on_action: Callback<Action>,
}

/// A number question.
#[component]
pub fn NumberView(props: &NumberViewProps) -> Html {
    let c = &props.control;
    let base = dom_id(props.instance, &[c.id.as_str()]);
    let render_box = |key: Option<&str>, label: String, accessible_name: Option<String>| {
        let path = box_path(&c.id, key);
        let error = box_error(&props.form, &props.report, &c.id, key, props.lang);
        let (control, k) = (Rc::clone(c), key.map(str::to_owned));
        let on_input = props.on_action.reform(move |text| {
            control.action(super::NumberEdit {
                key: k.clone(),
                text,
            })
        });
        let on_leave = props
            .on_action
            .reform(move |()| Action::Leave { path: path.clone() });
        html! {
            <NumberBox id={dom_id(props.instance, &[c.id.as_str(), "box", key.unwrap_or("")])}
                label={label} accessible_name={accessible_name.map(AttrValue::from)}
                value={props.form.number_text(&c.id, key).to_owned()} {error}
                disabled={props.form.submitted} {on_input} {on_leave} />
        }
    };
    let has_error = props.form.submit_attempted && props.report.for_control(&c.id).next().is_some();
    html! {
        <fieldset class={classes!("glossa-control", "glossa-number-control", has_error.then_some("has-error"))}
            id={base} disabled={props.form.submitted}>
            <legend class="glossa-control-label">{c.label.clone()}</legend>
            if let Some(help) = &c.help {
                <Markdown source={help.clone()} class="glossa-help" />
            }
            if let Some(src) = &c.outputs {
                { output_cards(&props.outputs, &src.label, &c.label, None, |id, name| render_box(Some(id), c.label.clone(), Some(name))) }
            } else {
                { render_box(None, c.label.clone(), None) }
            }
        </fieldset>
    }
}

impl crate::ui::kind_view::KindView for NumberControl {
    fn view(&self, cx: &crate::ui::kind_view::ViewContext) -> Html {
        let outputs = self
            .outputs
            .as_ref()
            .map(|src| cx.task.outputs_shown(&self.id, src.field.as_str()));
        html! {
            <NumberView instance={cx.instance} control={Rc::new(self.clone())}
                outputs={Rc::new(outputs.unwrap_or_default())} form={Rc::clone(cx.form)}
                report={Rc::clone(cx.report)} lang={cx.lang}
                on_action={cx.actions.now.clone()} />
        }
    }

    /// The box of the output the problem is about (the single box otherwise).
    fn focus_problem(&self, instance: u32, _: &crate::ui::Model, place: &crate::validate::Place) {
        let key = match place {
            crate::validate::Place::Output(key) => key.as_str(),
            _ => "",
        };
        crate::ui::focus::focus(&dom_id(instance, &[self.id.as_str(), "box", key]));
    }

    fn example(&self, value: &serde_json::Value, item: &crate::item::Item, lang: Lang) -> Html {
        crate::ui::output_cards::example_points(self.outputs.as_ref(), value, item, lang)
    }
}
