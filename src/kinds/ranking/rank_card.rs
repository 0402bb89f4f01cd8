//! `RankCard`: one output in a ranking — a handle to drag it to its place (mouse or touch), its
//! text on a button that gives it the next rank (tap in order; tapped again, it is unranked),
//! its rank badge, and buttons that move it up or down, or give it the rank of the one above
//! (ties, when allowed).

use super::RankEdit;
use crate::i18n::{tf, Lang, Msg};
use crate::item::Output;
use yew::prelude::*;

/// A step of a drag by the card's handle, with the pointer's height in the viewport.
#[derive(Clone, Debug, PartialEq)]
pub enum DragStep {
    /// The handle was pressed.
    Start {
        /// The output dragged.
        id: String,
        /// Pointer height (px).
        y: i32,
    },
    /// The pointer moved.
    Move {
        /// Pointer height (px).
        y: i32,
    },
    /// The handle was let go: the output is dropped.
    Drop,
    /// The drag was cancelled (the browser took the gesture).
    Cancel,
}

/// Where a drag shows the card would land.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DropMark {
    /// Before this card.
    Before,
    /// After this card (the last).
    After,
}

/// Props of [`RankCard`].
#[derive(Properties, PartialEq)]
pub struct RankCardProps {
    /// DOM id (the main button; the moves add `-up`, `-down`, `-tie`).
    pub id: AttrValue,
    /// The output.
    pub output: Output,
    /// Its label (`Utterance 2`).
    pub label: AttrValue,
    /// Its rank, if ranked.
    pub rank: Option<u32>,
    /// Whether it can share the rank above (ties allowed and something is ranked above it).
    pub can_tie: bool,
    /// Whether it shares its rank with the one above.
    pub tied: bool,
    /// Locked after submit.
    #[prop_or_default]
    pub disabled: bool,
    /// How far it is dragged (px), while it is.
    #[prop_or_default]
    pub dragged: Option<i32>,
    /// Whether a drag would drop the dragged card next to this one.
    #[prop_or_default]
    pub mark: Option<DropMark>,
    /// UI language.
    pub lang: Lang,
    /// Dispatches edits.
    pub on_edit: Callback<RankEdit>,
    /// Reports drags by the handle.
    pub on_drag: Callback<DragStep>,
}

/// One ranked (or not yet ranked) output.
#[component]
pub fn RankCard(props: &RankCardProps) -> Html {
    let lang = props.lang;
    let id = props.output.id.clone();
    let edit = |e: RankEdit| props.on_edit.reform(move |_: MouseEvent| e.clone());
    let badge = props
        .rank
        .map(|r| tf(lang, Msg::RankN, &[("n", &r.to_string())]));
    let grip = {
        let (on_drag, disabled) = (props.on_drag.clone(), props.disabled);
        let (down, id) = (on_drag.clone(), id.clone());
        let onpointerdown = Callback::from(move |e: PointerEvent| {
            if disabled || (e.pointer_type() == "mouse" && e.button() != 0) {
                return;
            }
            e.prevent_default();
            if let Some(el) = e.target_dyn_into::<web_sys::Element>() {
                let _ = el.set_pointer_capture(e.pointer_id());
            }
            down.emit(DragStep::Start {
                id: id.clone(),
                y: e.client_y(),
            });
        });
        let moving = on_drag.clone();
        let onpointermove =
            Callback::from(move |e: PointerEvent| moving.emit(DragStep::Move { y: e.client_y() }));
        let onpointerup = on_drag.reform(|_: PointerEvent| DragStep::Drop);
        let onpointercancel = on_drag.reform(|_: PointerEvent| DragStep::Cancel);
        html! {
            <span class="glossa-rank-grip" aria-hidden="true"
                {onpointerdown} {onpointermove} {onpointerup} {onpointercancel}>{"⠿"}</span>
        }
    };
    // Whole pixels: formatting a float would bring the float printer into the build.
    let style = props
        .dragged
        .map(|dy| format!("transform: translateY({dy}px)"));
    // An output that is media: its player at the head of the card, the row wrapped under it (a
    // player cannot sit in a button). A build without media has the row alone, as ever.
    #[cfg(any(feature = "media", not(target_arch = "wasm32")))]
    let (grip, has_media) = {
        let media = crate::ui::media_view::under_card(&props.output, &props.label);
        let has = media.is_some();
        (html! { <>{media}{(!props.disabled).then_some(grip)}</> }, has)
    };
    #[cfg(not(any(feature = "media", not(target_arch = "wasm32"))))]
    let has_media = false;
    html! {
        <li class={classes!("glossa-rank-card", props.rank.is_some().then_some("is-ranked"),
                props.dragged.is_some().then_some("is-dragged"),
                (props.mark == Some(DropMark::Before)).then_some("drop-before"),
                (props.mark == Some(DropMark::After)).then_some("drop-after"))}
            data-output-id={id.clone()} {style}>
            if !props.disabled || has_media {
                {grip}
            }
            <button type="button" class="glossa-rank-main" id={props.id.clone()} disabled={props.disabled}
                aria-pressed={if props.rank.is_some() { "true" } else { "false" }}
                onclick={edit(RankEdit::Next(id.clone()))}>
                <span class="glossa-rank-badge">{badge.clone().unwrap_or_else(|| "–".to_owned())}</span>
                <span class="glossa-output-label">{props.label.clone()}</span>
                // (No text when a section above shows it: the card is named by its label.)
                if !has_media && (!crate::support::family::COMPOSE || !props.output.text.is_empty()) {
                    <span class="glossa-output-text">{props.output.text.clone()}</span>
                }
            </button>
            <div class="glossa-rank-moves">
                <button type="button" class="glossa-rank-move" id={format!("{}-up", props.id)} disabled={props.disabled}
                    aria-label={tf(lang, Msg::RankUp, &[("label", &props.label)])} onclick={edit(RankEdit::Move { id: id.clone(), up: true })}>
                    <span aria-hidden="true">{"↑"}</span>
                </button>
                <button type="button" class="glossa-rank-move" id={format!("{}-down", props.id)} disabled={props.disabled || props.rank.is_none()}
                    aria-label={tf(lang, Msg::RankDown, &[("label", &props.label)])} onclick={edit(RankEdit::Move { id: id.clone(), up: false })}>
                    <span aria-hidden="true">{"↓"}</span>
                </button>
                if props.can_tie {
                    <button type="button" class="glossa-rank-move" id={format!("{}-tie", props.id)} disabled={props.disabled} aria-pressed={if props.tied { "true" } else { "false" }}
                        aria-label={tf(lang, Msg::RankTie, &[("label", &props.label)])} onclick={edit(RankEdit::Tie(id.clone()))}>
                        <span aria-hidden="true">{"="}</span>
                    </button>
                }
            </div>
        </li>
    }
}
