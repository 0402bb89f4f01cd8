//! `SentencesView`: a text shown as numbered sentences ("Sentence1: …").
//! Build family: grids (the `grid` and `full` builds; `scripts/css_for_build.py` reads this line).

use crate::i18n::fill_n;
use yew::prelude::*;

/// Props of [`SentencesView`].
#[derive(Properties, PartialEq)]
pub struct SentencesViewProps {
    /// DOM id of the block.
    pub id: AttrValue,
    /// The label above the sentences.
    pub label: AttrValue,
    /// Label of each sentence, `{n}` = its number.
    pub sentence_label: AttrValue,
    /// The sentences (item data, shown as text).
    pub sentences: Vec<String>,
    /// UI language (the sentences' numbers in its digits).
    pub lang: crate::i18n::Lang,
}

/// Numbered sentences.
#[component]
pub fn SentencesView(props: &SentencesViewProps) -> Html {
    let label_id = format!("{}-label", props.id);
    html! {
        <section class="glossa-block glossa-sentences" id={props.id.clone()} aria-labelledby={label_id.clone()}>
            <h3 class="glossa-block-label" id={label_id}>{props.label.clone()}</h3>
            <ol class="glossa-sentence-list">
                { for props.sentences.iter().enumerate().map(|(n, s)| html! {
                    <li>
                        <span class="glossa-sentence-label">{fill_n(props.lang, &props.sentence_label, n + 1)}</span>
                        <span class="glossa-block-text">{s.clone()}</span>
                    </li>
                }) }
            </ol>
        </section>
    }
}
