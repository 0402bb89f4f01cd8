//! `RankCard`: one output in a ranking — its text on a button that gives it the next rank (tap
//! in order; tapped again, it is unranked), its rank badge, and buttons that move it up or
//! down, or give it the rank of the one above (ties, when allowed).
//! Build family: ratings (the `rating` and `full` builds; `scripts/css_for_build.py` reads this line).

use crate::form::RankEdit;
use crate::i18n::{tf, Lang, Msg};
use crate::item::Output;
use yew::prelude::*;

/// Props of [`RankCard`].
#[derive(Properties, PartialEq)]
pub struct RankCardProps {
    /// DOM id (the main button).
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
    /// UI language.
    pub lang: Lang,
    /// Dispatches edits.
    pub on_edit: Callback<RankEdit>,
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
    html! {
        <li class={classes!("glossa-rank-card", props.rank.is_some().then_some("is-ranked"))} data-output-id={id.clone()}>
            <button type="button" class="glossa-rank-main" id={props.id.clone()} disabled={props.disabled}
                aria-pressed={if props.rank.is_some() { "true" } else { "false" }}
                onclick={edit(RankEdit::Next(id.clone()))}>
                <span class="glossa-rank-badge">{badge.clone().unwrap_or_else(|| "–".to_owned())}</span>
                <span class="glossa-output-label">{props.label.clone()}</span>
                <span class="glossa-output-text">{props.output.text.clone()}</span>
            </button>
            <div class="glossa-rank-moves">
                <button type="button" class="glossa-rank-move" disabled={props.disabled}
                    aria-label={tf(lang, Msg::RankUp, &[("label", &props.label)])} onclick={edit(RankEdit::Move { id: id.clone(), up: true })}>
                    <span aria-hidden="true">{"↑"}</span>
                </button>
                <button type="button" class="glossa-rank-move" disabled={props.disabled || props.rank.is_none()}
                    aria-label={tf(lang, Msg::RankDown, &[("label", &props.label)])} onclick={edit(RankEdit::Move { id: id.clone(), up: false })}>
                    <span aria-hidden="true">{"↓"}</span>
                </button>
                if props.can_tie {
                    <button type="button" class="glossa-rank-move" disabled={props.disabled} aria-pressed={if props.tied { "true" } else { "false" }}
                        aria-label={tf(lang, Msg::RankTie, &[("label", &props.label)])} onclick={edit(RankEdit::Tie(id.clone()))}>
                        <span aria-hidden="true">{"="}</span>
                    </button>
                }
            </div>
        </li>
    }
}
