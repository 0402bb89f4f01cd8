//! `MediaView`: one stimulus (a media block's file, or an output's) as the screen shows it —
//! its player or its image, and a recording's or video's transcript folded under it — from the
//! widget's [`MediaContext`](super::media_context::MediaContext).
//! Build family: media (the builds with media; `scripts/css_for_build.py` reads this line).

use super::media_context::MediaContext;
use super::media_image::MediaImage;
use super::media_player::MediaPlayer;
use crate::i18n::{t, Msg};
use crate::item::{is_image_url, Output};
use crate::spec::media::MediaType;
use crate::support::ids::dom_id;
use yew::prelude::*;

/// Props of [`MediaView`].
#[derive(Properties, PartialEq)]
pub struct MediaViewProps {
    /// The stimulus key (a media block's field).
    #[prop_or_default]
    pub stimulus: Option<AttrValue>,
    /// Or the output whose file it is.
    #[prop_or_default]
    pub output: Option<AttrValue>,
    /// Its accessible name (the block's or output's label).
    pub label: AttrValue,
}

/// A stimulus with its player or image.
#[component]
pub fn MediaView(props: &MediaViewProps) -> Html {
    let Some(cx) = use_context::<MediaContext>() else {
        return html! {};
    };
    let found = cx
        .stimuli
        .iter()
        .find(|s| match (&props.stimulus, &props.output) {
            (Some(key), _) => s.key == key.as_str(),
            (None, Some(o)) => s.output.as_deref() == Some(o.as_str()),
            _ => false,
        });
    // (Addresses were checked with the item; checked again before any reaches the page.)
    let Some(s) = found.filter(|s| is_image_url(&s.src)) else {
        return html! {};
    };
    let id = dom_id(cx.instance, &["media", &s.key]);
    let report = cx.reporter(&s.key);
    let src = AttrValue::from(s.src.clone());
    match s.playback.media {
        MediaType::Image => html! {
            <div class="glossa-media" data-media-key={s.key.clone()}>
                <MediaImage {id} {src} alt={AttrValue::from(s.text.clone())} label={props.label.clone()}
                    {report} lang={cx.lang} />
            </div>
        },
        MediaType::Audio | MediaType::Video => html! {
            <div class="glossa-media" data-media-key={s.key.clone()}>
                <MediaPlayer {id} {src} label={props.label.clone()} playback={s.playback}
                    captions={s.captions.clone().map(AttrValue::from)}
                    record={cx.record(&s.key)} {report} lang={cx.lang} region={cx.region}
                    set_region={cx.holds_region(&s.key).then(|| cx.set_region.clone())} />
                <details class="glossa-transcript">
                    <summary>{t(cx.lang, Msg::MediaTranscript)}</summary>
                    <p>{s.text.clone()}</p>
                </details>
            </div>
        },
    }
}

/// Props of [`MediaBlockView`].
#[derive(Properties, PartialEq)]
#[cfg_attr(
    not(any(feature = "media", not(target_arch = "wasm32"))),
    allow(dead_code)
)]
pub struct MediaBlockProps {
    /// DOM id of the block (its label is `{id}-label`).
    pub id: AttrValue,
    /// The label above it.
    pub label: AttrValue,
    /// Optional Markdown note under the label.
    #[prop_or_default]
    pub note: Option<AttrValue>,
    /// The stimulus key (the block's field).
    pub stimulus: AttrValue,
}

/// A media block: its label, note and stimulus.
#[component]
pub fn MediaBlockView(props: &MediaBlockProps) -> Html {
    let label_id = format!("{}-label", props.id);
    html! {
        <section class="glossa-block glossa-media-block" id={props.id.clone()} aria-labelledby={label_id.clone()}>
            <h3 class="glossa-block-label" id={label_id}>{props.label.clone()}</h3>
            if let Some(note) = &props.note {
                <super::markdown_view::Markdown source={note.clone()} class="glossa-block-note" />
            }
            <MediaView stimulus={props.stimulus.clone()} label={props.label.clone()} />
        </section>
    }
}

/// An output's file, played or shown where a kind shows the output (instead of its text,
/// which is the file's text alternative); `None` for an output that is text, or in a build
/// without media (always inlined: there the callers' branches for media fold away).
#[inline(always)]
pub fn output_media(output: &Output, label: &str) -> Option<Html> {
    if !crate::support::family::MEDIA {
        return None;
    }
    output_player(output, label)
}

/// [`output_media`] in a build with media.
fn output_player(output: &Output, label: &str) -> Option<Html> {
    output.media_src()?;
    Some(html! {
        <MediaView output={AttrValue::from(output.id.clone())}
            label={AttrValue::from(label.to_owned())} />
    })
}

/// An output's player or image under a ranking's card (a player cannot sit inside the card's
/// button); none for an output that is text.
#[cfg(any(feature = "media", not(target_arch = "wasm32")))]
pub fn under_card(output: &Output, label: &str) -> Option<Html> {
    output_media(output, label).map(|m| html! { <div class="glossa-rank-media">{m}</div> })
}
