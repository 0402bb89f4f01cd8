//! `MediaPlayer`: a recording or video played by Glossa's own controls — a 44 px play button
//! (Space or Enter on it), the position (a slider when the study lets it be moved, else a
//! bar), the time, and whether it was played to the end. Nothing plays before a tap; one
//! player plays at a time; a file that fails says so, with a button to try again; after
//! `MEDIA_TRIES` failures the study's `unplayable` choice says what follows (the participant
//! goes on, or the study ends: the host controller tells the page). Plays, the
//! time heard, the end and the file's loading are reported to the form (`form::media`).
//! Build family: media (the builds with media; `scripts/css_for_build.py` reads this line).

use super::media_context::Region;
use crate::form::media::{MediaEvent, MediaRecord};
use crate::i18n::{fill, t, Lang, Msg};
use crate::spec::media::{MediaType, Playback, Unplayable};
use gloo_events::EventListener;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use web_sys::HtmlMediaElement;
use yew::prelude::*;

/// Props of [`MediaPlayer`].
#[derive(Properties, PartialEq)]
pub struct MediaPlayerProps {
    /// DOM id of the player.
    pub id: AttrValue,
    /// The file's address.
    pub src: AttrValue,
    /// Its accessible name (the block's or output's label).
    pub label: AttrValue,
    /// How it may be played.
    pub playback: Playback,
    /// A video's captions (a WebVTT file's address), shown from the start.
    #[prop_or_default]
    pub captions: Option<AttrValue>,
    /// What the participant did with it so far.
    pub record: MediaRecord,
    /// Where its events go.
    pub report: Callback<MediaEvent>,
    /// The UI language.
    pub lang: Lang,
    /// The part a looped recording loops (`None`: the whole file).
    #[prop_or_default]
    pub region: Option<Region>,
    /// Where the loop controls' new part goes: given to the one player that shows them.
    #[prop_or_default]
    pub set_region: Option<Callback<Option<Region>>>,
}

/// Where the file stands.
#[derive(Clone, Copy, PartialEq)]
enum Status {
    Loading,
    Ready,
    Failed,
}

/// What the player shows, changed by the element's events.
#[derive(Clone, Copy, PartialEq)]
struct Shown {
    status: Status,
    playing: bool,
    position: f64,
    duration: f64,
}

/// What is counted between events: where the stretch being heard began, the last position
/// seen, whether the whole file was reported loaded, whether it loops and the part it loops,
/// and whether the play about to start is its loop going round (not a play of the listener's).
#[derive(Default)]
struct Tracker {
    from: Option<f64>,
    last: f64,
    loaded: bool,
    looped: bool,
    region: Option<Region>,
    going_round: bool,
}

impl Tracker {
    /// Ends the stretch being heard at `at` and reports it.
    fn close(&mut self, at: f64, report: &Callback<MediaEvent>) {
        if let Some(from) = self.from.take() {
            let heard = ms(at - from);
            if heard > 0 {
                report.emit(MediaEvent::Heard { ms: heard });
            }
        }
    }
}

/// A time in seconds to the nearest whole ms (0 for none): engines report the end of a 1.5 s
/// file as 1.49994 s.
fn ms(s: f64) -> u64 {
    if s.is_finite() && s > 0.0 {
        (s * 1000.0 + 0.5) as u64
    } else {
        0
    }
}

/// `m:ss` of a time in seconds.
fn clock(s: f64) -> String {
    let s = if s.is_finite() { s.max(0.0) as u64 } else { 0 };
    format!("{}:{:02}", s / 60, s % 60)
}

/// A recording or video with its controls.
#[component]
pub fn MediaPlayer(props: &MediaPlayerProps) -> Html {
    let element = use_node_ref();
    let shown = use_state(|| Shown {
        status: Status::Loading,
        playing: false,
        position: 0.0,
        duration: 0.0,
    });
    let tracker = use_mut_ref(Tracker::default);
    let captions_on = use_state(|| true);
    // (A recording that must be heard to its end plays through once before it loops a part.)
    let region = props
        .region
        .filter(|_| props.playback.looped && (!props.playback.play_to_end || props.record.ended));
    {
        let mut t = tracker.borrow_mut();
        t.looped = props.playback.looped;
        t.region = region;
    }

    // The element's events, attached to it directly (media events do not bubble).
    {
        let (element, shown, tracker, report) = (
            element.clone(),
            shown.clone(),
            Rc::clone(&tracker),
            props.report.clone(),
        );
        use_effect_with(props.src.clone(), move |_| {
            let listeners = element
                .cast::<HtmlMediaElement>()
                .map(|media| listen(&media, shown, tracker, report))
                .unwrap_or_default();
            move || drop(listeners)
        });
    }

    let toggle = {
        let media = element.clone();
        let in_place = props.playback.in_place;
        Callback::from(move |_: MouseEvent| {
            let Some(m) = media.cast::<HtmlMediaElement>() else {
                return;
            };
            if m.paused() {
                let at = pause_others(&m);
                if let Some(at) = at.filter(|_| in_place) {
                    m.set_current_time(at);
                }
                // (A looped part starts at its start, unless the position is in it.)
                if let Some((from, to)) = region {
                    let now = m.current_time();
                    if now < from || now >= to {
                        m.set_current_time(from);
                    }
                }
                // (Refused only without a tap, which this is; a failure shows as an error event.)
                let _ = m.play();
            } else {
                let _ = m.pause();
            }
        })
    };
    // Arrows on a play button move to the item's previous or next recording; one that was
    // playing hands over to it (in place when the study switches in place).
    let onkeydown = Callback::from(|e: KeyboardEvent| {
        let step = match e.key().as_str() {
            "ArrowRight" | "ArrowDown" => 1,
            "ArrowLeft" | "ArrowUp" => -1,
            _ => return,
        };
        e.prevent_default();
        step_to(&e, step);
    });
    let retry = {
        let (media, shown) = (element.clone(), shown.clone());
        Callback::from(move |_: MouseEvent| {
            if let Some(m) = media.cast::<HtmlMediaElement>() {
                shown.set(Shown {
                    status: Status::Loading,
                    ..*shown
                });
                m.load();
            }
        })
    };
    let seek = {
        let media = element.clone();
        Callback::from(move |e: InputEvent| {
            let value = e
                .target_dyn_into::<web_sys::HtmlInputElement>()
                .map(|i| i.value_as_number());
            if let (Some(m), Some(v)) = (media.cast::<HtmlMediaElement>(), value) {
                if v.is_finite() {
                    m.set_current_time(v / 1000.0);
                }
            }
        })
    };

    // The looped part's start or end moved (in whole ms), the other kept at least 0.5 s away.
    // (The item's part, whether or not this recording plays it yet.)
    let item_region = props.region;
    let loop_edge = |start: bool| {
        let (set, duration) = (props.set_region.clone(), shown.duration);
        Callback::from(move |e: InputEvent| {
            let (Some(set), Some(v)) = (
                set.as_ref(),
                e.target_dyn_into::<web_sys::HtmlInputElement>()
                    .map(|i| i.value_as_number() / 1000.0),
            ) else {
                return;
            };
            let (from, to) = item_region.unwrap_or((0.0, duration));
            // (`max` then `min`, not `f64::clamp`: its panic message would bring float
            // formatting into the bundle.)
            let r = if start {
                (v.min(to - 0.5).max(0.0), to)
            } else {
                (from, v.max(from + 0.5).min(duration))
            };
            set.emit((r.0 > 0.0 || r.1 < duration).then_some(r));
        })
    };

    // A video's captions shown or hidden (its one text track).
    let captions_toggle = {
        let (media, on) = (element.clone(), captions_on.clone());
        Callback::from(move |_: MouseEvent| {
            let track = media
                .cast::<HtmlMediaElement>()
                .and_then(|m| m.text_tracks())
                .and_then(|list| list.get(0));
            if let Some(track) = track {
                track.set_mode(if *on {
                    web_sys::TextTrackMode::Hidden
                } else {
                    web_sys::TextTrackMode::Showing
                });
            }
            on.set(!*on);
        })
    };

    let lang = props.lang;
    // A file that failed every try: what the study says follows (under `end`, the host
    // controller tells the page).
    let gave_up = crate::form::media::given_up(&props.record);
    let how = props.playback.unplayable;
    let label = props.label.as_str();
    let s = *shown;
    let time = format!("{} / {}", clock(s.position), clock(s.duration));
    let name = |msg: Msg| fill(t(lang, msg), &[("label", label)]);
    let video = props.playback.media == MediaType::Video;
    let element_html = if video {
        html! { <video ref={element.clone()} class="glossa-video" src={props.src.clone()} preload="auto"
            playsinline=true aria-label={props.label.clone()}>
            if let Some(captions) = &props.captions {
                <track kind="captions" src={captions.clone()} srclang={lang.tag()}
                    label={t(lang, Msg::MediaCaptions)} default=true />
            }
        </video> }
    } else {
        // (Not the element's `loop`: a loop is started again at its end by the player, so every
        // engine reports the end — WebKit's own loop goes round with no event at all.)
        html! { <audio ref={element.clone()} src={props.src.clone()} preload="auto" /> }
    };
    html! {
        <div class={classes!("glossa-player", s.playing.then_some("glossa-playing"))} id={props.id.clone()}
            data-status={match s.status { Status::Loading => "loading", Status::Ready => "ready", Status::Failed => "failed" }}
            data-ended={props.record.ended.to_string()}>
            {element_html}
            <div class="glossa-player-bar">
                <button type="button" class="glossa-play" onclick={toggle} {onkeydown}
                    aria-label={name(if s.playing { Msg::MediaPause } else { Msg::MediaPlay })}
                    disabled={s.status == Status::Failed}>
                    <span aria-hidden="true">{if s.playing { "❚❚" } else { "▶" }}</span>
                </button>
                // (Positions in whole ms: formatting a float would bring its code into the bundle.)
                if props.playback.seek {
                    <input type="range" class="glossa-player-position" min="0" step="100"
                        max={ms(s.duration).to_string()} value={ms(s.position).to_string()}
                        aria-label={name(Msg::MediaPosition)} aria-valuetext={time.clone()} oninput={seek} />
                } else {
                    <progress class="glossa-player-position" max={ms(s.duration).max(1).to_string()}
                        value={ms(s.position).to_string()} aria-label={name(Msg::MediaPosition)} />
                }
                <span class="glossa-player-time" aria-hidden="true">{time}</span>
                if video && props.captions.is_some() {
                    <button type="button" class="glossa-captions" onclick={captions_toggle}
                        aria-pressed={captions_on.to_string()}>{t(lang, Msg::MediaCaptions)}</button>
                }
            </div>
            if props.set_region.is_some() && s.status == Status::Ready {
                { loop_controls(lang, s.duration, item_region, loop_edge(true), loop_edge(false)) }
            }
            <p class="glossa-player-status" role="status">
                { match s.status {
                    Status::Failed => {
                        // After every try, what the study says follows (`end`: no retry).
                        let (msg, retry_shown) = match (gave_up, how) {
                            (true, Unplayable::End) => (Msg::MediaUnplayableEnd, false),
                            (true, Unplayable::Skip) => (Msg::MediaUnplayableSkip, true),
                            _ => (Msg::MediaFailed, true),
                        };
                        html! {
                            <>
                                <span class="glossa-error">{t(lang, msg)}</span>
                                if retry_shown {
                                    {" "}
                                    <button type="button" class="glossa-retry" onclick={retry}>{t(lang, Msg::MediaRetry)}</button>
                                }
                            </>
                        }
                    },
                    Status::Loading => html! { {t(lang, Msg::MediaLoading)} },
                    Status::Ready if props.record.ended => html! { <span class="glossa-played">{"✓ "}{t(lang, Msg::MediaPlayedThrough)}</span> },
                    Status::Ready => html! {},
                } }
            </p>
        </div>
    }
}

/// The looped part's two sliders, its start and its end, each named and read as a time.
fn loop_controls(
    lang: Lang,
    duration: f64,
    region: Option<Region>,
    from: Callback<InputEvent>,
    to: Callback<InputEvent>,
) -> Html {
    let (start, end) = region.unwrap_or((0.0, duration));
    let edge = |msg: Msg, at: f64, oninput: Callback<InputEvent>| {
        let name = t(lang, msg);
        html! {
            <label class="glossa-player-loop-edge">
                <span>{name}{" "}{clock(at)}</span>
                <input type="range" class="glossa-player-loop-input" min="0" step="100"
                    max={ms(duration).to_string()} value={ms(at).to_string()}
                    aria-valuetext={clock(at)} {oninput} />
            </label>
        }
    };
    html! {
        <div class="glossa-player-loop">
            {edge(Msg::MediaLoopFrom, start, from)}
            {edge(Msg::MediaLoopTo, end, to)}
        </div>
    }
}

/// Pauses every other recording or video on the page (one plays at a time); the position of
/// the one that was playing, if any.
fn pause_others(this: &HtmlMediaElement) -> Option<f64> {
    let doc = web_sys::window().and_then(|w| w.document())?;
    let all = doc
        .query_selector_all(".glossa-player audio, .glossa-player video")
        .ok()?;
    let mut at = None;
    for n in 0..all.length() {
        if let Some(m) = all
            .item(n)
            .and_then(|e| e.dyn_into::<HtmlMediaElement>().ok())
        {
            if m != *this && !m.paused() {
                at = Some(m.current_time());
                let _ = m.pause();
            }
        }
    }
    at
}

/// Moves the focus from the play button an arrow was pressed on to the previous or next one
/// of the widget, and plays that one when this one was playing.
fn step_to(e: &KeyboardEvent, step: i32) {
    let Some(button) = e
        .target()
        .and_then(|t| t.dyn_into::<web_sys::HtmlElement>().ok())
    else {
        return;
    };
    let Some(root) = button.closest(".glossa").ok().flatten() else {
        return;
    };
    let Ok(all) = root.query_selector_all(".glossa-form .glossa-play") else {
        return;
    };
    let buttons: Vec<web_sys::HtmlElement> = (0..all.length())
        .filter_map(|n| all.item(n)?.dyn_into().ok())
        .collect();
    let Some(here) = buttons.iter().position(|b| *b == button) else {
        return;
    };
    let there = (here as i32 + step).rem_euclid(buttons.len() as i32) as usize;
    let playing = button
        .closest(".glossa-player")
        .ok()
        .flatten()
        .is_some_and(|p| p.class_list().contains("glossa-playing"));
    let next = &buttons[there];
    let _ = next.focus();
    if playing && there != here {
        next.click();
    }
}

/// Whether the whole file is buffered.
fn whole_buffered(m: &HtmlMediaElement) -> bool {
    let ranges = m.buffered();
    let d = m.duration();
    d.is_finite()
        && ranges.length() > 0
        && ranges
            .end(ranges.length() - 1)
            .is_ok_and(|end| end >= d - 0.05)
        && ranges.start(0).is_ok_and(|start| start <= 0.05)
}

/// Listens to the element's events: shows the position, and reports plays, stretches heard,
/// the end, the file loaded whole, and failures.
fn listen(
    media: &HtmlMediaElement,
    shown: UseStateHandle<Shown>,
    tracker: Rc<RefCell<Tracker>>,
    report: Callback<MediaEvent>,
) -> Vec<EventListener> {
    let target: &web_sys::EventTarget = media.as_ref();
    let on = |name: &'static str, f: Rc<dyn Fn(&HtmlMediaElement)>| {
        let m = media.clone();
        EventListener::new(target, name, move |_| f(&m))
    };
    // (A file that failed stays failed whatever event comes after, until a retry loads it.)
    let state = |m: &HtmlMediaElement, status: Status| Shown {
        status: if m.error().is_some() {
            Status::Failed
        } else {
            status
        },
        playing: !m.paused(),
        position: m.current_time(),
        duration: if m.duration().is_finite() {
            m.duration()
        } else {
            0.0
        },
    };
    let loaded = {
        let (shown, tracker, report) = (shown.clone(), Rc::clone(&tracker), report.clone());
        Rc::new(move |m: &HtmlMediaElement| {
            shown.set(state(m, Status::Ready));
            let mut t = tracker.borrow_mut();
            // (A file played to its end was loaded whole, whatever an engine's ranges say.)
            if !t.loaded && (whole_buffered(m) || m.ended()) {
                t.loaded = true;
                report.emit(MediaEvent::Loaded {
                    duration_ms: Some(ms(m.duration())),
                });
            }
        }) as Rc<dyn Fn(&HtmlMediaElement)>
    };
    let played = {
        let (shown, tracker, report) = (shown.clone(), Rc::clone(&tracker), report.clone());
        Rc::new(move |m: &HtmlMediaElement| {
            shown.set(state(m, Status::Ready));
            let mut t = tracker.borrow_mut();
            // From where it stood (an engine may report a few ms on by the time it says so).
            let now = m.current_time();
            let from = if (now - t.last).abs() < 0.1 {
                t.last
            } else {
                now
            };
            t.from = Some(from);
            t.last = now;
            // (Its loop going round is not another play.)
            if !std::mem::take(&mut t.going_round) {
                report.emit(MediaEvent::Started);
            }
        }) as Rc<dyn Fn(&HtmlMediaElement)>
    };
    let stopped = {
        let (shown, tracker, report) = (shown.clone(), Rc::clone(&tracker), report.clone());
        Rc::new(move |m: &HtmlMediaElement| {
            shown.set(state(m, Status::Ready));
            // (Paused by its end: heard to the end, whatever the engine's last tick said.)
            let at = if m.ended() {
                m.duration()
            } else {
                m.current_time()
            };
            let mut t = tracker.borrow_mut();
            t.close(at, &report);
            t.last = at;
        }) as Rc<dyn Fn(&HtmlMediaElement)>
    };
    let ended = {
        let (shown, tracker, report) = (shown.clone(), Rc::clone(&tracker), report.clone());
        let loaded = Rc::clone(&loaded);
        Rc::new(move |m: &HtmlMediaElement| {
            loaded(m);
            shown.set(state(m, Status::Ready));
            let mut t = tracker.borrow_mut();
            t.close(m.duration(), &report);
            report.emit(MediaEvent::Ended);
            // A loop goes round: from the start of the file, or of its looped part (not after
            // a failure: the player says so and waits for a retry).
            if t.looped && m.error().is_none() {
                t.going_round = true;
                m.set_current_time(t.region.map_or(0.0, |(from, _)| from));
                let _ = m.play();
            }
        }) as Rc<dyn Fn(&HtmlMediaElement)>
    };
    let moved = {
        let (shown, tracker) = (shown.clone(), Rc::clone(&tracker));
        let loaded = Rc::clone(&loaded);
        Rc::new(move |m: &HtmlMediaElement| {
            let now = m.current_time();
            let region = {
                let mut t = tracker.borrow_mut();
                t.last = now;
                t.region
            };
            // Playing past the looped part's end (or before its start): back to its start.
            if let Some((from, to)) = region.filter(|_| !m.paused()) {
                if now >= to || now < from - 0.05 {
                    m.set_current_time(from);
                }
            }
            loaded(m);
            shown.set(state(m, Status::Ready));
        }) as Rc<dyn Fn(&HtmlMediaElement)>
    };
    // A jump: the stretch heard ends where the position was last seen, a new one starts.
    let jumped = {
        let (tracker, report) = (Rc::clone(&tracker), report.clone());
        Rc::new(move |m: &HtmlMediaElement| {
            let mut t = tracker.borrow_mut();
            if t.from.is_some() {
                let last = t.last;
                t.close(last, &report);
                t.from = (!m.paused()).then(|| m.current_time());
            }
            t.last = m.current_time();
        }) as Rc<dyn Fn(&HtmlMediaElement)>
    };
    let failed = {
        let (shown, report) = (shown.clone(), report.clone());
        Rc::new(move |m: &HtmlMediaElement| {
            shown.set(state(m, Status::Failed));
            report.emit(MediaEvent::Failed);
        }) as Rc<dyn Fn(&HtmlMediaElement)>
    };
    let mut out = vec![
        on("loadedmetadata", Rc::clone(&loaded)),
        on("canplaythrough", Rc::clone(&loaded)),
        on("progress", Rc::clone(&loaded)),
        on("play", played),
        on("pause", stopped),
        on("ended", ended),
        on("timeupdate", moved),
        on("seeking", jumped),
        on("error", Rc::clone(&failed)),
    ];
    // A file that loaded, or failed, before the listeners came shows so at once.
    if media.error().is_some() {
        failed(media);
    } else if media.ready_state() >= 1 {
        loaded(media);
    }
    out.shrink_to_fit();
    out
}
