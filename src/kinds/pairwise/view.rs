//! `PairwiseView`: a pairwise control — the two outputs side by side (stacked on a phone), in
//! the order shown (shuffled per item unless the spec fixes the sides), then one judgement, or
//! one per criterion with its definition.

use crate::ui::markdown_view::Markdown;
use crate::ui::output_cards::box_error;
use super::pair_choice::PairChoice;
use crate::answer::{Answer, Pref};
use super::{Prefer, PreferEdit};
use crate::form::{Action, FormState};
use crate::i18n::{fill_n, Lang};
use crate::item::Output;
use crate::spec::PairwiseControl;
use crate::support::ids::dom_id;
use crate::validate::Report;
use std::rc::Rc;
use yew::prelude::*;

/// Props of [`PairwiseView`].
#[derive(Properties, PartialEq)]
pub struct PairwiseViewProps {
    /// The widget instance (for DOM ids).
    pub instance: u32,
    /// The control from the spec.
    pub control: Rc<PairwiseControl>,
    /// The two outputs in the order shown.
    pub outputs: Rc<Vec<Output>>,
    /// The form.
    pub form: Rc<FormState>,
    /// The current report.
    pub report: Rc<Report>,
    /// UI language.
    pub lang: Lang,
    /// Dispatches judgements.
    pub on_action: Callback<Action>,
}

/// A pairwise question.
#[component]
pub fn PairwiseView(props: &PairwiseViewProps) -> Html {
    let c = &props.control;
    let base = dom_id(props.instance, &[c.id.as_str()]);
    let sides: Rc<Vec<(Output, String)>> = Rc::new(
        props
            .outputs
            .iter()
            .enumerate()
            .map(|(n, o)| (o.clone(), fill_n(props.lang, &c.outputs.label, n + 1)))
            .collect(),
    );
    let prefs = match props.form.answers.get(&c.id) {
        Some(Answer::Prefs(map)) => Some(map),
        _ => None,
    };
    let judgement = |key: &str, name: String| {
        let on_edit = {
            let (on_action, control) = (props.on_action.clone(), Rc::clone(c));
            let criterion = (!key.is_empty()).then(|| key.to_owned());
            Callback::from(move |edit: PreferEdit| {
                on_action.emit(control.action(Prefer {
                    criterion: criterion.clone(),
                    edit,
                }))
            })
        };
        let pref: Option<Pref> = prefs.and_then(|m| m.get(key).cloned());
        html! {
            <PairChoice id={dom_id(props.instance, &[c.id.as_str(), "pair", key])} control={Rc::clone(c)}
                name={AttrValue::from(name)} sides={Rc::clone(&sides)} {pref}
                error={box_error(&props.form, &props.report, &c.id, (!key.is_empty()).then_some(key), props.lang)}
                disabled={props.form.submitted} lang={props.lang} {on_edit} />
        }
    };
    html! {
        <fieldset class="glossa-control glossa-pairwise-control" id={base}>
            <legend class="glossa-control-label">{c.label.clone()}</legend>
            if let Some(help) = &c.help {
                <Markdown source={help.clone()} class="glossa-help" />
            }
            // (No texts when a section above shows them: the sides are named by their labels.)
            if !crate::support::family::COMPOSE || sides.iter().any(|(o, _)| !o.text.is_empty()) {
            <div class="glossa-outputs glossa-pair">
                { for sides.iter().map(|(o, label)| html! {
                    <article class="glossa-output" key={o.id.clone()} data-output-id={o.id.clone()}>
                        <h4 class="glossa-output-label">{label.clone()}</h4>
                        { crate::ui::media_view::output_media(o, label).unwrap_or_else(|| html! {
                            <p class="glossa-output-text">{o.text.clone()}</p>
                        }) }
                    </article>
                }) }
            </div>
            }
            if c.criteria.is_empty() {
                { judgement("", c.label.clone()) }
            } else {
                { for c.criteria.iter().map(|cr| html! {
                    <div class="glossa-criterion" key={cr.id.clone()}>
                        <h4 class="glossa-criterion-label">{cr.label.clone()}</h4>
                        if let Some(d) = &cr.description {
                            <Markdown source={d.clone()} class="glossa-help" />
                        }
                        { judgement(&cr.id, cr.label.clone()) }
                    </div>
                }) }
            }
        </fieldset>
    }
}

impl crate::ui::kind_view::KindView for PairwiseControl {
    fn view(&self, cx: &crate::ui::kind_view::ViewContext) -> Html {
        let outputs = cx.task.outputs_named(&self.id, self.outputs.field.as_str());
        html! {
            <PairwiseView instance={cx.instance} control={Rc::new(self.clone())} outputs={Rc::new(outputs)}
                form={Rc::clone(cx.form)} report={Rc::clone(cx.report)} lang={cx.lang}
                on_action={cx.actions.now.clone()} />
        }
    }

    /// The first choice of the judgement the problem is about (its strength, once a side is
    /// chosen).
    fn focus_problem(&self, instance: u32, model: &crate::ui::Model, place: &crate::validate::Place) {
        let key = match place {
            crate::validate::Place::Output(key) => key.as_str(),
            _ => "",
        };
        let group = dom_id(instance, &[self.id.as_str(), "pair", key]);
        let chosen = match model.form.answers.get(&self.id) {
            Some(Answer::Prefs(map)) => map.get(key).is_some_and(|p| p.winner.is_some()),
            _ => false,
        };
        if chosen {
            crate::ui::focus::focus(&format!("{group}-strength"));
        } else if let Some(first) = model
            .task
            .outputs_shown(&self.id, self.outputs.field.as_str())
            .first()
        {
            crate::ui::focus::focus(&format!("{group}-{}", first.id));
        }
    }

    fn example(&self, value: &serde_json::Value, item: &crate::item::Item, lang: Lang) -> Html {
        let name = |v: &serde_json::Value| {
            let id = v
                .as_str()
                .or_else(|| v.get("winner")?.as_str())
                .unwrap_or_default();
            item.outputs(self.outputs.field.as_str())
                .iter()
                .position(|o| o.id == id)
                .map_or_else(
                    || id.to_owned(),
                    |n| fill_n(lang, &self.outputs.label, n + 1),
                )
        };
        if self.criteria.is_empty() {
            html! { <strong>{name(value)}</strong> }
        } else {
            html! {
                <ul class="glossa-example-scores">
                    { for self.criteria.iter().map(|c| html! { <li>{format!("{}: ", c.label)}<strong>{value.get(&c.id).map(name).unwrap_or_default()}</strong></li> }) }
                </ul>
            }
        }
    }
}
