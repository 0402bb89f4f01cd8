//! `SliderView`: a slider control — one slider, or one per output with the output's text.

use crate::ui::output_cards::{box_error, per_output_fieldset};
use super::slider_input::SliderInput;
use crate::answer::Point;
use crate::form::{Action, FormState, PointEdit};
use crate::i18n::Lang;
use crate::item::Output;
use crate::spec::SliderControl;
use crate::support::ids::dom_id;
use crate::validate::Report;
use std::rc::Rc;
use yew::prelude::*;

/// Props of [`SliderView`].
#[derive(Properties, PartialEq)]
pub struct SliderViewProps {
    /// The widget instance (for DOM ids).
    pub instance: u32,
    /// The control from the spec.
    pub control: Rc<SliderControl>,
    /// The outputs in the order shown (empty for a single slider).
    pub outputs: Rc<Vec<Output>>,
    /// The form.
    pub form: Rc<FormState>,
    /// The current report.
    pub report: Rc<Report>,
    /// UI language.
    pub lang: Lang,
    /// Dispatches values.
    pub on_action: Callback<Action>,
}

/// A slider question.
#[component]
pub fn SliderView(props: &SliderViewProps) -> Html {
    let c = &props.control;
    let base = dom_id(props.instance, &[c.id.as_str()]);
    let one = |key: Option<&str>, name: String| {
        let on_value = {
            let (on_action, id, key) = (
                props.on_action.clone(),
                Rc::clone(c),
                key.map(str::to_owned),
            );
            Callback::from(move |v: i64| {
                on_action.emit(id.action(PointEdit {
                    key: key.clone(),
                    point: Some(Point::Value(v)),
                }))
            })
        };
        let value = match props.form.point(&c.id, key.unwrap_or("")) {
            Some(Point::Value(v)) => Some(v),
            _ => None,
        };
        html! {
            <SliderInput id={dom_id(props.instance, &[c.id.as_str(), "slider", key.unwrap_or("")])}
                control={Rc::clone(c)} name={AttrValue::from(name)} {value}
                error={box_error(&props.form, &props.report, &c.id, key, props.lang)}
                disabled={props.form.submitted} lang={props.lang} {on_value} />
        }
    };
    let outputs = c.outputs.as_ref().map(|src| (&props.outputs[..], src.label.as_str()));
    per_output_fieldset("glossa-slider-control", base, &c.label, c.help.as_ref(), outputs, one)
}

impl crate::ui::kind_view::KindView for SliderControl {
    fn view(&self, cx: &crate::ui::kind_view::ViewContext) -> Html {
        let outputs = self
            .outputs
            .as_ref()
            .map(|src| cx.task.outputs_shown(&self.id, src.field.as_str()));
        html! {
            <SliderView instance={cx.instance} control={Rc::new(self.clone())}
                outputs={Rc::new(outputs.unwrap_or_default())} form={Rc::clone(cx.form)}
                report={Rc::clone(cx.report)} lang={cx.lang} on_action={cx.actions.now.clone()} />
        }
    }

    /// The slider the problem is about.
    fn focus_problem(&self, instance: u32, _: &crate::ui::Model, place: &crate::validate::Place) {
        let key = match place {
            crate::validate::Place::Output(key) => key.as_str(),
            _ => "",
        };
        crate::ui::focus::focus(&dom_id(instance, &[self.id.as_str(), "slider", key]));
    }

    fn example(&self, value: &serde_json::Value, item: &crate::item::Item, lang: Lang) -> Html {
        crate::ui::output_cards::example_points(self.outputs.as_ref(), value, item, lang)
    }
}
