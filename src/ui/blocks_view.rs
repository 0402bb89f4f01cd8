//! `BlocksView`: the spec's blocks for one item (a real one or a worked example's).

use super::mr_block::MrBlock;
use super::section_view::SectionView;
use super::sentences_view::SentencesView;
use super::source_view::SourceView;
use super::standard_view::StandardView;
use super::text_block::TextBlockView;
use crate::i18n::Lang;
use crate::item::mr;
use crate::item::sentences;
use crate::item::Item;
use crate::spec::{Block, StandardBlock};
use crate::task::Task;
use std::rc::Rc;
use yew::prelude::*;

/// Props of [`BlocksView`].
#[derive(Properties, PartialEq)]
pub struct BlocksViewProps {
    /// Prefix of the blocks' DOM ids.
    pub id_prefix: AttrValue,
    /// The task, whose spec's blocks are shown (shared: compared by pointer).
    pub task: Rc<Task>,
    /// The item they show.
    pub item: Rc<Item>,
    /// Leave standards out (a worked example shows only the item's own blocks).
    #[prop_or_default]
    pub skip_standards: bool,
    /// UI language.
    pub lang: Lang,
    /// Renders the section at a place among the blocks, with its controls (the form's); none:
    /// a section shows its outputs' texts only (a worked example).
    #[prop_or_default]
    pub section: Option<Callback<usize, Html>>,
}

/// The item's blocks, top to bottom.
#[component]
pub fn BlocksView(props: &BlocksViewProps) -> Html {
    let item = &props.item;
    props
        .task
        .spec
        .blocks
        .iter()
        .enumerate()
        .map(|(n, block)| {
            let id = format!("{}-{n}", props.id_prefix);
            match block {
                Block::Text(b) => html! {
                    <TextBlockView {id} label={b.label.clone()} note={b.note.clone().map(AttrValue::from)}
                        dir={b.dir.clone().map(AttrValue::from)}
                        text={item.text(b.field.as_str()).unwrap_or_default().to_owned()} />
                },
                Block::MeaningRepresentation(b) => html! {
                    <MrBlock {id} label={b.label.clone()} lang={props.lang}
                        attributes={mr::parse(item.text(b.field.as_str()).unwrap_or_default()).unwrap_or_default()}
                        highlight={b.highlight_field.as_ref().map(|f| item.strings(f.as_str())).unwrap_or_default()} />
                },
                Block::Standard(_) if props.skip_standards => html! {},
                Block::Standard(b) => html! { <StandardView {id} block={Rc::new(StandardBlock::clone(b))} /> },
                Block::Sentences(b) => html! {
                    <SentencesView {id} label={b.label.clone()} sentence_label={b.sentence_label.clone()} lang={props.lang}
                        sentences={item.fields.get(b.field.as_str()).and_then(sentences::split).unwrap_or_default()} />
                },
                Block::Section(_) if props.section.is_some() => {
                    props.section.as_ref().map(|s| s.emit(n)).unwrap_or_default()
                }
                Block::Section(s) => match &s.outputs {
                    Some(src) => html! {
                        { for item.outputs(src.field.as_str()).iter().enumerate().map(|(k, o)| html! {
                            <SectionView id={format!("{id}-{k}")} output={AttrValue::from(o.id.clone())}
                                heading={AttrValue::from(src.label_of(props.lang, k + 1, o))}
                                speaker={src.dialogue().and(o.speaker()).map(|s| AttrValue::from(s.to_owned()))}
                                context={src.dialogue().is_some_and(|d| !d.asks(o))}
                                text={AttrValue::from(o.text.clone())} />
                        }) }
                    },
                    None => html! {},
                },
                #[cfg(any(feature = "media", not(target_arch = "wasm32")))]
                Block::Media(b) => html! {
                    <super::media_view::MediaBlockView {id} label={b.label.clone()}
                        note={b.note.clone().map(AttrValue::from)} stimulus={AttrValue::from(b.field.to_string())} />
                },
                Block::Source(b) => html! {
                    <SourceView {id} label={b.label.clone()} note={b.note.clone().map(AttrValue::from)}
                        url={item.text(b.url_field.as_str()).map(|u| AttrValue::from(u.to_owned()))}
                        link_text={b.link_text.clone().map(AttrValue::from)}
                        images={b.images_field.as_ref().map(|f| item.images(f.as_str())).unwrap_or_default()} />
                },
            }
        })
        .collect()
}
