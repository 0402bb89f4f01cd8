//! `TextBlockView`: a labelled text from the item, shown verbatim as text.

use super::markdown_view::Markdown;
use yew::prelude::*;

/// Props of [`TextBlockView`].
#[derive(Properties, PartialEq)]
pub struct TextBlockProps {
    /// DOM id of the block (its label is `{id}-label`).
    pub id: AttrValue,
    /// The label above the text.
    pub label: AttrValue,
    /// Optional Markdown note under the label.
    #[prop_or_default]
    pub note: Option<AttrValue>,
    /// The text: item data, shown as text, never as markup.
    pub text: AttrValue,
    /// Its direction, when not the task language's.
    #[prop_or_default]
    pub dir: Option<AttrValue>,
}

/// A labelled block of item text.
#[component]
pub fn TextBlockView(props: &TextBlockProps) -> Html {
    let label_id = format!("{}-label", props.id);
    html! {
        <section class="glossa-block" id={props.id.clone()} aria-labelledby={label_id.clone()}>
            <h3 class="glossa-block-label" id={label_id}>{props.label.clone()}</h3>
            if let Some(note) = &props.note {
                <Markdown source={note.clone()} class="glossa-block-note" />
            }
            <div class="glossa-block-text" dir={props.dir.clone()} data-testid={format!("{}-text", props.id)}>{props.text.clone()}</div>
        </section>
    }
}
