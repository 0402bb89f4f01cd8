//! `SourceView`: the item's source — a link to the original in a new tab, and its images,
//! loaded lazily, each with its caption as alt text. Addresses were checked with the item
//! (`http(s)` only for the link), and are checked again here before any reaches the page.

use super::markdown_view::Markdown;
use crate::item::{is_http_url, is_image_url, SourceImage};
use yew::prelude::*;

/// Props of [`SourceView`].
#[derive(Properties, PartialEq)]
pub struct SourceViewProps {
    /// DOM id of the block (its label is `{id}-label`).
    pub id: AttrValue,
    /// The heading.
    pub label: AttrValue,
    /// Optional Markdown note under the heading.
    #[prop_or_default]
    pub note: Option<AttrValue>,
    /// The source's address (`None`: the item gives none).
    pub url: Option<AttrValue>,
    /// The link's text (default: the address).
    #[prop_or_default]
    pub link_text: Option<AttrValue>,
    /// The source's images.
    #[prop_or_default]
    pub images: Vec<SourceImage>,
}

/// A source link and images.
#[component]
pub fn SourceView(props: &SourceViewProps) -> Html {
    let label_id = format!("{}-label", props.id);
    let url = props.url.clone().filter(|u| is_http_url(u));
    let images: Vec<&SourceImage> = props
        .images
        .iter()
        .filter(|i| is_image_url(&i.url))
        .collect();
    if url.is_none() && images.is_empty() {
        return html! {};
    }
    html! {
        <section class="glossa-block glossa-source" id={props.id.clone()} aria-labelledby={label_id.clone()}>
            <h3 class="glossa-block-label" id={label_id}>{props.label.clone()}</h3>
            if let Some(note) = &props.note {
                <Markdown source={note.clone()} class="glossa-block-note" />
            }
            if let Some(url) = url {
                <p class="glossa-source-link">
                    <a href={url.clone()} target="_blank" rel="noopener noreferrer">
                        {props.link_text.clone().unwrap_or_else(|| url.clone())}
                    </a>
                    <span class="glossa-source-host">{format!(" ({})", host_of(&url))}</span>
                </p>
            }
            if !images.is_empty() {
                <div class="glossa-source-images">
                    { for images.iter().map(|image| html! {
                        <figure class="glossa-source-image">
                            <img src={image.url.clone()} alt={image.caption.clone()} loading="lazy"
                                decoding="async" referrerpolicy="no-referrer" />
                            <figcaption>{image.caption.clone()}</figcaption>
                        </figure>
                    }) }
                </div>
            }
        </section>
    }
}

/// The host part of an `http(s)` address (`zpravy.example`), shown beside the link so the
/// annotator sees where it leads.
fn host_of(url: &str) -> &str {
    let rest = url.split_once("://").map_or(url, |(_, r)| r);
    rest.split(['/', '?', '#']).next().unwrap_or(rest)
}
