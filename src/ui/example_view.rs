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
    crate::spec::each_control!(control, c => c.example(value, item, lang))
}
