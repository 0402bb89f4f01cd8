//! `ScaleView`: a scale control — one scale, or one per output with the output's text.

use crate::ui::output_cards::{box_error, per_output_fieldset};
use super::scale_points::ScalePoints;
use crate::answer::Point;
use crate::form::{Action, FormState, PointEdit};
use crate::i18n::Lang;
use crate::item::Output;
use crate::spec::ScaleControl;
use crate::support::ids::dom_id;
use crate::validate::Report;
use std::rc::Rc;
use yew::prelude::*;

/// Props of [`ScaleView`].
#[derive(Properties, PartialEq)]
pub struct ScaleViewProps {
    /// The widget instance (for DOM ids).
    pub instance: u32,
    /// The control from the spec.
    pub control: Rc<ScaleControl>,
    /// The outputs in the order shown (empty for a single scale).
    pub outputs: Rc<Vec<Output>>,
    /// The form.
    pub form: Rc<FormState>,
    /// The current report.
    pub report: Rc<Report>,
    /// UI language.
    pub lang: Lang,
    /// Dispatches points.
    pub on_action: Callback<Action>,
}

/// A scale question.
#[component]
pub fn ScaleView(props: &ScaleViewProps) -> Html {
    let c = &props.control;
    let base = dom_id(props.instance, &[c.id.as_str()]);
    let one = |key: Option<&str>, name: String| {
        let on_point = {
            let (on_action, id, key) = (
                props.on_action.clone(),
                Rc::clone(c),
                key.map(str::to_owned),
            );
            Callback::from(move |p: Point| on_action.emit(id.action(PointEdit {
                    key: key.clone(),
                    point: Some(p),
                })))
        };
        html! {
            <ScalePoints id={dom_id(props.instance, &[c.id.as_str(), "scale", key.unwrap_or("")])}
                control={Rc::clone(c)} name={AttrValue::from(name)}
                point={props.form.point(&c.id, key.unwrap_or(""))}
                error={box_error(&props.form, &props.report, &c.id, key, props.lang)}
                disabled={props.form.submitted} {on_point} />
        }
    };
    let outputs = c.outputs.as_ref().map(|src| (&props.outputs[..], src.label.as_str()));
    per_output_fieldset("glossa-scale-control", base, &c.label, c.help.as_ref(), outputs, one)
}

impl crate::ui::kind_view::KindView for ScaleControl {
    fn view(&self, cx: &crate::ui::kind_view::ViewContext) -> Html {
        let outputs = self
            .outputs
            .as_ref()
            .map(|src| cx.task.outputs_shown(&self.id, src.field.as_str()));
        html! {
            <ScaleView instance={cx.instance} control={Rc::new(self.clone())}
                outputs={Rc::new(outputs.unwrap_or_default())} form={Rc::clone(cx.form)}
                report={Rc::clone(cx.report)} lang={cx.lang} on_action={cx.actions.now.clone()} />
        }
    }

    /// The first point of the scale the problem is about.
    fn focus_problem(&self, instance: u32, _: &crate::ui::Model, place: &crate::validate::Place) {
        let key = match place {
            crate::validate::Place::Output(key) => key.as_str(),
            _ => "",
        };
        let group = dom_id(instance, &[self.id.as_str(), "scale", key]);
        crate::ui::focus::focus(&format!("{group}-{}", self.start));
    }

    fn example(&self, value: &serde_json::Value, item: &crate::item::Item, lang: Lang) -> Html {
        crate::ui::output_cards::example_points(self.outputs.as_ref(), value, item, lang)
    }
}
