//! `ExampleView`: one worked example — the example item, its correct answers, the explanation.

use super::markdown_view::Markdown;
use super::text_block::TextBlockView;
use crate::i18n::{t, tf, Lang, Msg};
use crate::ids::dom_id;
use crate::spec::{Block, Control, TaskSpec, WorkedExample};
use std::rc::Rc;
use yew::prelude::*;

/// Props of [`ExampleView`].
#[derive(Properties, PartialEq)]
pub struct ExampleViewProps {
    /// The widget instance (for DOM ids).
    pub instance: u32,
    /// The example's position (0-based).
    pub index: usize,
    /// The spec (for blocks and option labels).
    pub spec: Rc<TaskSpec>,
    /// The example.
    pub example: Rc<WorkedExample>,
}

/// A worked example in a collapsible panel.
#[component]
pub fn ExampleView(props: &ExampleViewProps) -> Html {
    let lang: Lang = props.spec.language;
    let ex = &props.example;
    let n = (props.index + 1).to_string();
    let title = ex
        .title
        .clone()
        .unwrap_or_else(|| tf(lang, Msg::ExampleN, &[("n", &n)]));
    let base = dom_id(props.instance, &["example", &n]);
    html! {
        <details class="glossa-panel glossa-example" id={base.clone()}>
            <summary>{title}</summary>
            { for props.spec.blocks.iter().map(|block| match block {
                Block::Text(b) => html! {
                    <TextBlockView id={format!("{base}-{}", b.field)} label={b.label.clone()}
                        text={ex.item.text(b.field.as_str()).unwrap_or_default().to_owned()} />
                },
            }) }
            <dl class="glossa-example-answers">
                { for ex.answers.iter().map(|(control_id, value)| {
                    let (question, answer) = match props.spec.control(control_id) {
                        Some(Control::SingleChoice(c)) => (
                            c.label.clone(),
                            c.options.iter().find(|o| &o.value == value)
                                .map_or_else(|| value.to_string(), |o| o.label.clone()),
                        ),
                        None => (control_id.to_string(), value.to_string()),
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
        </details>
    }
}
