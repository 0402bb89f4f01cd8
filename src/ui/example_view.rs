//! `ExampleView`: one worked example — the example item, its correct answers, the explanation.

use super::blocks_view::BlocksView;
use super::later::use_painted;
use super::markdown_view::Markdown;
use crate::i18n::{fill, t, tf, Lang, Msg};
use crate::item::Item;
use crate::spec::Control;
use crate::support::ids::dom_id;
use crate::task::Task;
use std::rc::Rc;
use yew::prelude::*;

/// Props of [`ExampleView`].
#[derive(Properties, PartialEq)]
pub struct ExampleViewProps {
    /// The widget instance (for DOM ids).
    pub instance: u32,
    /// The example's position (0-based).
    pub index: usize,
    /// The task (shared: compared by pointer, so the example re-renders only with it).
    pub task: Rc<Task>,
}

/// A worked example in a collapsible panel (closed: its body is filled in after the first
/// frame, or when opened if sooner).
#[component]
pub fn ExampleView(props: &ExampleViewProps) -> Html {
    let painted = use_painted();
    let opened = use_state_eq(|| false);
    let onclick = {
        let opened = opened.setter();
        Callback::from(move |_: MouseEvent| opened.set(true))
    };
    let spec = &props.task.spec;
    let lang: Lang = spec.language;
    let Some(ex) = spec.examples.get(props.index) else {
        return html! {};
    };
    let n = (props.index + 1).to_string();
    let title = ex
        .title
        .clone()
        .unwrap_or_else(|| tf(lang, Msg::ExampleN, &[("n", &n)]));
    let base = dom_id(props.instance, &["example", &n]);
    html! {
        <details class="glossa-panel glossa-example" id={base.clone()}>
            <summary {onclick}>{title}</summary>
            if painted || *opened {
            <BlocksView id_prefix={base.clone()} task={Rc::clone(&props.task)}
                item={Rc::new(ex.item.clone())} skip_standards=true {lang} />
            <dl class="glossa-example-answers">
                { for ex.answers.iter().map(|(control_id, value)| {
                    let (question, answer) = match spec.control(control_id) {
                        Some(control) => (control.label().to_owned(), answer_view(control, value, &ex.item, lang)),
                        None => (control_id.to_string(), html! { {value.to_string()} }),
                    };
                    html! {
                        <>
                            <dt>{format!("{} — {}", t(lang, Msg::CorrectAnswer), question)}</dt>
                            <dd class="glossa-example-answer">{answer}</dd>
                        </>
                    }
                }) }
            </dl>
            if let Some(explanation) = &ex.explanation {
                <h4 class="glossa-example-why">{t(lang, Msg::Explanation)}</h4>
                <Markdown source={explanation.clone()} />
            }
            }
        </details>
    }
}

/// The correct answer of one control, as the annotator would read it.
fn answer_view(control: &Control, value: &serde_json::Value, item: &Item, lang: Lang) -> Html {
    match control {
        Control::SingleChoice(c) => {
            let v = value.as_str().unwrap_or_default();
            let label = c
                .options
                .iter()
                .find(|o| o.value.as_str() == v)
                .map_or(v, |o| o.label.as_str());
            html! { {label.to_owned()} }
        }
        Control::Number(c) => match &c.outputs {
            Some(src) => html! {
                <ol class="glossa-example-scores">
                    { for item.outputs(src.field.as_str()).iter().enumerate().map(|(n, o)| html! {
                        <li>
                            <span class="glossa-output-label">{fill(&src.label, &[("n", &(n + 1).to_string())])}</span>
                            {": "}<q>{o.text.clone()}</q>{" → "}
                            <strong>{value.get(&o.id).map(|v| v.to_string()).unwrap_or_default()}</strong>
                        </li>
                    }) }
                </ol>
            },
            None => html! { {value.to_string()} },
        },
        Control::SpanAttributes(s) => html! {
            <ul class="glossa-example-scores">
                { for value.as_object().into_iter().flatten().map(|(attr, v)| {
                    let label = s.attribute(attr).map_or(attr.clone(), |a| fill(&a.label, &[("n", "")]).trim().to_owned());
                    let shown = v.get("value").and_then(|x| x.as_str()).unwrap_or_default().to_owned();
                    html! { <li>{format!("{label}: ")}<strong>{shown}</strong></li> }
                }) }
            </ul>
        },
        Control::Text(_) => html! { {value.as_str().unwrap_or_default().to_owned()} },
        Control::Questions(q) => {
            let text = item.text(q.text_field.as_str()).unwrap_or_default();
            let tokens = crate::text::Tokens::new(text);
            let fragment = |pair: &serde_json::Value| {
                let word =
                    |i: usize| pair.get(i).and_then(|v| v.as_u64()).unwrap_or(u64::MAX) as usize;
                tokens.covered(text, word(0), word(1)).to_owned()
            };
            html! {
                <>
                <div class="glossa-block">
                    <h4 class="glossa-block-label">{q.text_label.clone()}</h4>
                    <p class="glossa-block-text">{text.to_owned()}</p>
                </div>
                <ol class="glossa-example-scores">
                    { for value.get("questions").and_then(|v| v.as_array()).into_iter().flatten().map(|qa| {
                        let spans: Vec<String> = qa.get("spans").and_then(|v| v.as_array()).into_iter().flatten().map(fragment).collect();
                        let flag = |name: &str| qa.get(name).and_then(|v| v.as_bool()).unwrap_or(false);
                        let base = qa.get("base_form").and_then(|v| v.as_str()).map(str::to_owned);
                        let flags: Vec<&str> = [
                            flag("unanswerable").then(|| t(lang, Msg::Unanswerable)),
                            flag("yes_no").then(|| t(lang, Msg::YesNoQuestion)),
                        ].into_iter().flatten().collect();
                        html! {
                            <li>
                                <q>{qa.get("question").and_then(|v| v.as_str()).unwrap_or_default().to_owned()}</q>
                                {" → "}<strong>{spans.join(", ")}</strong>
                                if let Some(base) = base {
                                    <br />{format!("{}: ", t(lang, Msg::BaseForm))}<strong>{base}</strong>
                                }
                                if !flags.is_empty() {
                                    <br /><em>{flags.join(" · ")}</em>
                                }
                            </li>
                        }
                    }) }
                </ol>
                </>
            }
        }
        Control::Grid(g) => html! {
            <ol class="glossa-example-scores">
                { for value.as_array().into_iter().flatten().enumerate().map(|(n, row)| {
                    let labels: Vec<String> = row.as_object().into_iter().flatten().map(|(col, v)| {
                        let v = v.as_str().unwrap_or_default();
                        let column = g.column(col);
                        let leaf = column.and_then(|c| c.leaf(v)).map_or(v.to_owned(), |(_, l)| l.label.clone());
                        format!("{}: {leaf}", column.map_or(col.as_str(), |c| c.label.as_str()))
                    }).collect();
                    html! {
                        <li>
                            <span class="glossa-output-label">{fill(&g.rows.label, &[("n", &(n + 1).to_string())])}</span>
                            {": "}<strong>{labels.join("; ")}</strong>
                        </li>
                    }
                }) }
            </ol>
        },
    }
}
