//! `ExampleView`: one worked example — the example item, its correct answers, the explanation.

use super::blocks_view::BlocksView;
use super::kind_view::KindView;
use super::later::use_painted;
use super::markdown_view::Markdown;
use crate::i18n::{t, tf, Lang, Msg};
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
    let spec = props.task.written_spec();
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
                        Some(control) => (control.label().to_owned(), match spec.per_output(control_id) {
                            Some(src) => per_output_view(control, src, value, &ex.item, lang),
                            None => answer_view(control, value, &ex.item, lang),
                        }),
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
    crate::spec::each_control!(control, c => c.example(value, item, lang))
}

/// The correct answers of a control asked per output: each output's label, then its answer.
fn per_output_view(
    control: &Control,
    src: &crate::spec::OutputsSource,
    value: &serde_json::Value,
    item: &Item,
    lang: Lang,
) -> Html {
    let field = src.field.as_str();
    let outputs = item.outputs(field);
    html! {
        <ul class="glossa-example-scores">
            { for outputs.iter().enumerate().filter_map(|(n, o)| {
                let v = value.get(&o.id)?;
                // Spans are shown in the output's own text.
                let mut own = item.clone();
                own.fields.insert(field.to_owned(), serde_json::Value::String(o.text.clone()));
                Some(html! {
                    <li>{format!("{}: ", src.label_of(lang, n + 1, o))}{answer_view(control, v, &own, lang)}</li>
                })
            }) }
        </ul>
    }
}
