//! `HeadphoneCheck`: the headphone check above the item (ITU-T P.808's environment check; Woods
//! et al. 2017). A test tone to set the volume, then rounds of three tones, each played once
//! after a tap, and three buttons (or the keys 1, 2, 3) to say which was quietest; a missed
//! attempt asks for the next, and the outcome stays in a line. The focus follows: to the tones
//! once a round was heard, to the next round after a choice. The tones are WAV files made here
//! (`form::headphones::tones`), played by a hidden audio element.
//! Build family: media (the builds with media; `scripts/css_for_build.py` reads this line).

use crate::form::headphones::{tones, HeadphoneAction, Headphones, Stage, Trial};
use crate::i18n::{t, tf, Lang, Msg};
use crate::spec::media::HeadphoneCheck;
use gloo_events::EventListener;
use std::cell::RefCell;
use std::rc::Rc;
use web_sys::HtmlMediaElement;
use yew::prelude::*;

/// Props of [`HeadphoneCheckView`].
#[derive(Properties, PartialEq)]
pub struct HeadphoneCheckProps {
    /// DOM id of the check's panel (a submit refused for it focuses there).
    pub id: AttrValue,
    /// The spec's settings.
    pub check: HeadphoneCheck,
    /// The participant's progress (none before the first round was played).
    pub progress: Option<Headphones>,
    /// Where the participant's choices go.
    pub on_action: Callback<HeadphoneAction>,
    /// The UI language.
    pub lang: Lang,
    /// Its problem, once a submit was refused before it was done.
    #[prop_or_default]
    pub error: Option<AttrValue>,
}

/// What the hidden element plays, and what its listeners need across renders (they outlive
/// one): the round's seed (`None`: the test tone), the `blob:` address, where choices go.
#[derive(Default)]
struct Playing {
    round: Option<u32>,
    url: Option<String>,
    on_action: Callback<HeadphoneAction>,
}

/// The headphone check's panel.
#[component]
pub fn HeadphoneCheckView(props: &HeadphoneCheckProps) -> Html {
    let audio = use_node_ref();
    let busy = use_state_eq(|| false);
    let playing = use_mut_ref(Playing::default);
    playing.borrow_mut().on_action = props.on_action.clone();
    let progress = props.progress.clone().unwrap_or_default();
    let stage = progress.stage(&props.check);
    let id = props.id.to_string();

    // The element's events: playing, ended (a round heard: the focus goes to the tones),
    // paused or failed.
    {
        let (audio, busy, playing, id) =
            (audio.clone(), busy.clone(), Rc::clone(&playing), id.clone());
        use_effect_with((), move |_| {
            let listeners = audio
                .cast::<HtmlMediaElement>()
                .map(|m| listen(&m, busy, Rc::clone(&playing), id))
                .unwrap_or_default();
            move || {
                drop(listeners);
                if let Some(url) = playing.borrow_mut().url.take() {
                    let _ = web_sys::Url::revoke_object_url(&url);
                }
            }
        });
    }

    let lang = props.lang;
    let n = props.check.trials.to_string();
    let button_id = |name: &str| format!("{id}-{name}");
    // A tap plays a sound made there (mobile browsers allow a play in a tap): the test tone,
    // or the current round's tones (the participant's seed drawn at their first round).
    let play = |round: bool| {
        let (audio, playing) = (audio.clone(), Rc::clone(&playing));
        let (known, at) = (
            progress.seed,
            match stage {
                Stage::Trial { attempt, trial, .. } => (attempt, trial),
                _ => (0, 0),
            },
        );
        Callback::from(move |_: MouseEvent| {
            let seed = if known == 0 { fresh_seed() } else { known };
            let wav = if round {
                tones::trial_wav(Trial::of(seed, at.0, at.1))
            } else {
                tones::test_tone_wav()
            };
            let (Some(m), Some(url)) = (audio.cast::<HtmlMediaElement>(), blob_url(&wav)) else {
                return;
            };
            let mut p = playing.borrow_mut();
            if let Some(old) = p.url.replace(url.clone()) {
                let _ = web_sys::Url::revoke_object_url(&old);
            }
            p.round = round.then_some(seed);
            m.set_src(&url);
            let _ = m.play();
        })
    };
    // A choice (a button or a key), then the focus to what comes next.
    let choose = {
        let (on_action, id) = (props.on_action.clone(), id.clone());
        move |p: u8| {
            on_action.emit(HeadphoneAction::Choose(p));
            super::focus::focus_later(format!("{id}-play"));
            super::focus::focus_later(format!("{id}-again"));
        }
    };

    let body = match stage {
        Stage::Trial {
            heard: false,
            trial,
            ..
        } => html! {
            <>
                <p class="glossa-hp-intro">{t(lang, Msg::HeadphonesIntro)}</p>
                <div class="glossa-hp-bar">
                    <button type="button" class="glossa-retry" id={button_id("test")} disabled={*busy}
                        onclick={play(false)}>
                        {t(lang, Msg::HeadphonesTestTone)}
                    </button>
                    <button type="button" class="glossa-hp-play" id={button_id("play")} disabled={*busy}
                        onclick={play(true)}>
                        {tf(lang, Msg::HeadphonesPlay, &[("k", &(trial + 1).to_string()), ("n", &n)])}
                    </button>
                </div>
            </>
        },
        Stage::Trial { heard: true, .. } => html! {
            <div class="glossa-hp-choices" role="group" aria-labelledby={button_id("which")}>
                <p class="glossa-hp-which" id={button_id("which")}>{t(lang, Msg::HeadphonesWhich)}</p>
                { for (0..3u8).map(|p| {
                    let choose = choose.clone();
                    html! {
                        <button type="button" class="glossa-hp-tone" id={button_id(&format!("tone-{}", p + 1))}
                            onclick={move |_: MouseEvent| choose(p)}>
                            {tf(lang, Msg::HeadphonesTone, &[("k", &(p + 1).to_string())])}
                        </button>
                    }
                }) }
            </div>
        },
        Stage::Missed { correct } => {
            let (on_action, again_id) = (props.on_action.clone(), button_id("play"));
            html! {
                <>
                    <p class="glossa-hp-status" role="status">
                        {tf(lang, Msg::HeadphonesMissed, &[("correct", &correct.to_string()), ("n", &n)])}
                    </p>
                    <button type="button" class="glossa-retry" id={button_id("again")}
                        onclick={move |_: MouseEvent| {
                            on_action.emit(HeadphoneAction::Again);
                            super::focus::focus_later(again_id.clone());
                        }}>
                        {t(lang, Msg::MediaRetry)}
                    </button>
                </>
            }
        }
        Stage::Done(outcome) => html! {
            <p class={classes!("glossa-hp-status", outcome.passed.then_some("glossa-played"))} role="status">
                {t(lang, if outcome.passed { Msg::HeadphonesPassed } else { Msg::HeadphonesFailed })}
            </p>
        },
    };

    // The keys 1, 2 and 3 choose a tone once a round was heard (and go no further: the item's
    // controls have shortcuts of their own).
    let onkeydown = {
        let heard = matches!(stage, Stage::Trial { heard: true, .. });
        Callback::from(move |e: KeyboardEvent| {
            let p = match e.key().as_str() {
                "1" => 0,
                "2" => 1,
                "3" => 2,
                _ => return,
            };
            e.stop_propagation();
            if heard {
                e.prevent_default();
                choose(p);
            }
        })
    };

    html! {
        <section class="glossa-hp" id={props.id.clone()} aria-labelledby={button_id("title")} {onkeydown}
            aria-describedby={props.error.as_ref().map(|_| button_id("error"))}>
            <h3 class="glossa-hp-title" id={button_id("title")}>{t(lang, Msg::HeadphonesTitle)}</h3>
            {body}
            if let Some(error) = &props.error {
                <p class="glossa-error" id={button_id("error")} role="alert">{error.clone()}</p>
            }
            <audio ref={audio} class="glossa-hp-audio" preload="none" />
        </section>
    }
}

/// The element's listeners: busy while it plays; at the end of a round's tones, the round is
/// heard (with the seed its tones were made from) and the focus goes to the tones.
fn listen(
    m: &HtmlMediaElement,
    busy: UseStateHandle<bool>,
    playing: Rc<RefCell<Playing>>,
    id: String,
) -> Vec<EventListener> {
    let stop = {
        let busy = busy.clone();
        move || busy.set(false)
    };
    let (stop2, stop3) = (stop.clone(), stop.clone());
    vec![
        EventListener::new(m, "playing", move |_| busy.set(true)),
        EventListener::new(m, "pause", move |_| stop2()),
        EventListener::new(m, "error", move |_| stop3()),
        EventListener::new(m, "ended", move |_| {
            stop();
            let p = playing.borrow();
            if let Some(seed) = p.round {
                p.on_action.emit(HeadphoneAction::Heard { seed });
                super::focus::focus_later(format!("{id}-tone-1"));
            }
        }),
    ]
}

/// A fresh seed for the participant's rounds, never 0 (which stands for "none yet").
fn fresh_seed() -> u32 {
    1 + (js_sys::Math::random() * f64::from(u32::MAX - 1)) as u32
}

/// A `blob:` address for a WAV file made here.
fn blob_url(wav: &[u8]) -> Option<String> {
    let parts = js_sys::Array::of1(&js_sys::Uint8Array::from(wav));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("audio/wav");
    let blob = web_sys::Blob::new_with_u8_array_sequence_and_options(&parts, &options).ok()?;
    web_sys::Url::create_object_url_with_blob(&blob).ok()
}
