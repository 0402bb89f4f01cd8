//! `SpanAttributesView`: the span control — the text on one side, the attributes on the other
//! (stacked on a phone), the assignment bar under the text, and a brief "saved" confirmation
//! after every change.

use super::assign_bar::AssignBar;
use super::attribute_entry::AttributeEntry;
use crate::ui::markdown_view::Markdown;
use crate::ui::span_text::{SharedText, SpanText};
use crate::answer::{Answer, SpanEntry, WordSpan};
use crate::form::{Action, FormState};
use crate::i18n::{fill, fill_n, tf, Lang, Msg};
use crate::spec::SpanAttributes;
use crate::support::ids::dom_id;
use crate::support::sorted_map::SortedMap;
use crate::task::Task;
use crate::text::Tokens;
use crate::validate::{AnswerPath, Report};
use std::rc::Rc;
use yew::prelude::*;

/// Props of [`SpanAttributesView`].
#[derive(Properties, PartialEq)]
pub struct SpanAttributesViewProps {
    /// The widget instance (for DOM ids).
    pub instance: u32,
    /// The control's position in the spec (for highlight owners).
    pub position: usize,
    /// The control.
    pub control: Rc<SpanAttributes>,
    /// The task (text and tokens).
    pub task: Rc<Task>,
    /// The form.
    pub form: Rc<FormState>,
    /// The current report.
    pub report: Rc<Report>,
    /// UI language.
    pub lang: Lang,
    /// Dispatches actions.
    pub on_action: Callback<Action>,
    /// Dispatches word picks (after the frame that shows them).
    pub on_pick: Callback<Action>,
}

fn covered(text: &str, tokens: &Tokens, s: &WordSpan) -> String {
    tokens.covered(text, s.first, s.last).to_owned()
}

/// The span control.
#[component]
pub fn SpanAttributesView(props: &SpanAttributesViewProps) -> Html {
    let c = &props.control;
    let lang = props.lang;
    let field = c.text_field.as_str();
    let (shared_text, tokens) = props
        .task
        .span_text(field)
        .unwrap_or_else(|| (Rc::from(""), Rc::new(Tokens::new(""))));
    let text: &str = &shared_text;
    let entries: SortedMap<String, Vec<SpanEntry>> = match props.form.answers.get(&c.id) {
        Some(Answer::Spans(m)) => SortedMap::clone(m),
        _ => SortedMap::new(),
    };
    let jump = use_state_eq(|| None::<WordSpan>);
    let toast = use_state_eq(|| (0u32, String::new()));
    {
        // A brief confirmation naming what changed.
        let (toast, control) = (toast.clone(), Rc::clone(c));
        let previous = use_mut_ref(|| entries.clone());
        use_effect_with(entries.clone(), move |now| {
            let before = previous.replace(now.clone());
            let changed = control
                .attributes
                .iter()
                .find(|a| before.get(&a.id) != now.get(&a.id));
            if let Some(a) = changed {
                toast.set((toast.0 + 1, fill(&a.label, &[("n", "")]).trim().to_owned()));
            }
        });
    }
    let spans: Rc<Vec<(usize, WordSpan)>> = Rc::new(
        c.attributes
            .iter()
            .enumerate()
            .flat_map(|(k, a)| {
                entries
                    .get(&a.id)
                    .into_iter()
                    .flatten()
                    .flat_map(move |e| e.spans.iter().map(move |s| (k, *s)))
            })
            .collect(),
    );
    let selection = props.form.selection_in(&c.id).cloned();
    let repeat_labels: Rc<Vec<(String, Vec<String>)>> = Rc::new(
        c.attributes
            .iter()
            .filter(|a| a.repeatable)
            .map(|a| {
                let labels = entries
                    .get(&a.id)
                    .into_iter()
                    .flatten()
                    .enumerate()
                    .map(|(i, e)| {
                        let name = fill_n(lang, &a.label, i + 1);
                        match e.spans.first() {
                            Some(s) => format!("{name} ({})", covered(text, &tokens, s)),
                            None => name,
                        }
                    });
                (a.id.clone(), labels.collect())
            })
            .collect(),
    );
    let base = dom_id(props.instance, &[c.id.as_str()]);
    let on_jump = {
        let jump = jump.clone();
        Callback::from(move |s: WordSpan| jump.set(Some(s)))
    };
    let entry_view = |k: usize,
                      a: &crate::spec::SpanAttribute,
                      i: usize,
                      e: SpanEntry,
                      label: String,
                      path: AnswerPath| {
        let error = (props.form.submit_attempted && !props.form.submitted)
            .then(|| props.report.within(&path).next())
            .flatten()
            .map(|p| AttrValue::from(p.message(lang)));
        let span_texts: Vec<String> = e.spans.iter().map(|s| covered(text, &tokens, s)).collect();
        html! {
            <AttributeEntry key={format!("{}-{i}", a.id)} id={dom_id(props.instance, &[c.id.as_str(), a.id.as_str(), &i.to_string()])} control={c.id.clone()}
                attribute={Rc::new(a.clone())} {label} entry={i} value={e} {span_texts} colour={k} {error}
                disabled={props.form.submitted} {lang} on_action={props.on_action.clone()} on_jump={on_jump.clone()} />
        }
    };
    html! {
        <fieldset class="glossa-control glossa-span-control" id={base.clone()}>
            <legend class="glossa-control-label">{c.label.clone()}</legend>
            if let Some(help) = &c.help {
                <Markdown source={help.clone()} class="glossa-help" />
            }
            <div class="glossa-span-layout">
                <div class="glossa-span-main">
                    <SpanText id={format!("{base}-text")} owner={props.instance * 100 + props.position as u32}
                        control={c.id.clone()} label={c.text_label.clone()} text={SharedText(Rc::clone(&shared_text))}
                        tokens={Rc::clone(&tokens)} spans={spans} selection={selection.clone()} jump={*jump}
                        disabled={props.form.submitted} {lang} on_action={props.on_action.clone()} on_pick={props.on_pick.clone()} />
                    if let Some(sel) = &selection {
                        <AssignBar control={Rc::clone(c)} text={covered(text, &tokens, &sel.span())}
                            complete={sel.complete} entries={repeat_labels} {lang} on_action={props.on_action.clone()} />
                    }
                </div>
                <div class="glossa-attributes">
                    { for c.attributes.iter().enumerate().map(|(k, a)| {
                        let list = entries.get(&a.id).cloned().unwrap_or_default();
                        if a.repeatable {
                            html! {
                                <div class="glossa-repeatable">
                                    { for list.into_iter().enumerate().map(|(i, e)| {
                                        let label = fill_n(lang, &a.label, i + 1);
                                        entry_view(k, a, i, e, label, AnswerPath::attribute(&c.id, &a.id, Some(i)))
                                    }) }
                                    <p class="glossa-repeatable-hint">
                                        {tf(lang, Msg::AddEntry, &[("label", fill(&a.label, &[("n", "")]).trim())])}
                                    </p>
                                </div>
                            }
                        } else {
                            let e = list.into_iter().next().unwrap_or_default();
                            entry_view(k, a, 0, e, a.label.clone(), AnswerPath::attribute(&c.id, &a.id, None))
                        }
                    }) }
                </div>
            </div>
            if toast.0 > 0 {
                <p class="glossa-toast" key={toast.0} role="status">{tf(lang, Msg::Saved, &[("label", &toast.1)])}</p>
            }
        </fieldset>
    }
}

impl crate::ui::kind_view::KindView for SpanAttributes {
    fn view(&self, cx: &crate::ui::kind_view::ViewContext) -> Html {
        html! {
            <SpanAttributesView instance={cx.instance} position={cx.position} control={Rc::new(self.clone())}
                task={Rc::clone(cx.task)} form={Rc::clone(cx.form)}
                report={Rc::clone(cx.report)} lang={cx.lang}
                on_action={cx.actions.now.clone()} on_pick={cx.actions.after_paint.clone()} />
        }
    }

    /// That entry's value list.
    fn focus_problem(&self, instance: u32, _: &crate::ui::Model, place: &crate::validate::Place) {
        if let crate::validate::Place::Attribute { attr, entry, .. } = place {
            let entry = entry.unwrap_or(0).to_string();
            crate::ui::focus::focus(&format!(
                "{}-value",
                dom_id(instance, &[self.id.as_str(), attr, &entry])
            ));
        }
    }

    fn example(&self, value: &serde_json::Value, _: &crate::item::Item, _: Lang) -> Html {
        html! {
            <ul class="glossa-example-scores">
                { for value.as_object().into_iter().flatten().map(|(attr, v)| {
                    let label = self.attribute(attr).map_or(attr.clone(), |a| fill(&a.label, &[("n", "")]).trim().to_owned());
                    let shown = v.get("value").and_then(|x| x.as_str()).unwrap_or_default().to_owned();
                    html! { <li>{format!("{label}: ")}<strong>{shown}</strong></li> }
                }) }
            </ul>
        }
    }
}
