//! `MediaImage`: an image of the item or of an output, with its text alternative, enlarged by a
//! tap (or Enter) into a layer over the page that the participant can scroll and pinch, closed
//! by its button or Escape; the answers under it stay as they are. A file that fails to load
//! says so, with a button to try again.
//! Build family: media (the builds with media; `scripts/css_for_build.py` reads this line).

use crate::form::media::MediaEvent;
use crate::i18n::{fill, t, Lang, Msg};
use yew::prelude::*;

/// Props of [`MediaImage`].
#[derive(Properties, PartialEq)]
pub struct MediaImageProps {
    /// DOM id.
    pub id: AttrValue,
    /// The file's address.
    pub src: AttrValue,
    /// Its text alternative (alt text).
    pub alt: AttrValue,
    /// Its label (the block's or output's), for the enlarge button's name.
    pub label: AttrValue,
    /// Where its events go.
    pub report: Callback<MediaEvent>,
    /// The UI language.
    pub lang: Lang,
}

/// An image that can be enlarged.
#[component]
pub fn MediaImage(props: &MediaImageProps) -> Html {
    let zoomed = use_state(|| false);
    // (A retry asks the browser again: a new element with the same address.)
    let attempt = use_state(|| 0u32);
    let failed = use_state(|| false);
    let (close_ref, enlarge_ref) = (use_node_ref(), use_node_ref());
    // The layer takes the focus when it opens (its close button), and gives it back to the
    // image's button when it closes (never on the first screen: nothing was open).
    let was_open = use_mut_ref(|| false);
    {
        let (close_ref, enlarge_ref) = (close_ref.clone(), enlarge_ref.clone());
        use_effect_with(*zoomed, move |open| {
            let target = match (*open, was_open.replace(*open)) {
                (true, _) => close_ref,
                (false, true) => enlarge_ref,
                (false, false) => return,
            };
            if let Some(el) = target.cast::<web_sys::HtmlElement>() {
                let _ = el.focus();
            }
        });
    }
    let lang = props.lang;
    let open = {
        let (zoomed, report) = (zoomed.clone(), props.report.clone());
        Callback::from(move |_: MouseEvent| {
            zoomed.set(true);
            report.emit(MediaEvent::Zoomed);
        })
    };
    let close = {
        let zoomed = zoomed.clone();
        Callback::from(move |_: MouseEvent| zoomed.set(false))
    };
    let onkeydown = {
        let zoomed = zoomed.clone();
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Escape" {
                e.stop_propagation();
                zoomed.set(false);
            }
        })
    };
    let onload = {
        let (failed, report) = (failed.clone(), props.report.clone());
        Callback::from(move |_: Event| {
            failed.set(false);
            report.emit(MediaEvent::Loaded { duration_ms: None });
        })
    };
    let onerror = {
        let (failed, report) = (failed.clone(), props.report.clone());
        Callback::from(move |_: Event| {
            failed.set(true);
            report.emit(MediaEvent::Failed);
        })
    };
    let retry = {
        let (attempt, failed) = (attempt.clone(), failed.clone());
        Callback::from(move |_: MouseEvent| {
            failed.set(false);
            attempt.set(*attempt + 1);
        })
    };
    let enlarge = fill(t(lang, Msg::MediaZoom), &[("label", props.label.as_str())]);
    html! {
        <figure class="glossa-image" id={props.id.clone()} data-status={if *failed { "failed" } else { "ready" }}>
            <button type="button" class="glossa-zoom" aria-label={enlarge} onclick={open} ref={enlarge_ref}>
                <img key={*attempt} src={props.src.clone()} alt={props.alt.clone()} {onload} {onerror} />
            </button>
            if *failed {
                <p class="glossa-player-status" role="status">
                    <span class="glossa-error">{t(lang, Msg::MediaFailed)}</span>{" "}
                    <button type="button" class="glossa-retry" onclick={retry}>{t(lang, Msg::MediaRetry)}</button>
                </p>
            }
            if *zoomed {
                <div class="glossa-zoomed" role="dialog" aria-modal="true" aria-label={props.label.clone()} {onkeydown}>
                    <button type="button" class="glossa-zoom-close" onclick={close} ref={close_ref}>{t(lang, Msg::MediaZoomClose)}</button>
                    <img src={props.src.clone()} alt={props.alt.clone()} />
                </div>
            }
        </figure>
    }
}
