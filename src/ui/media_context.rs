//! `MediaContext`: what every player on the screen shares — the item's stimuli, what the
//! participant did with each (the form's records), and where a player's reports go — given by
//! the widget as a yew context, so a media output plays wherever a kind shows its outputs.
//! Build family: media (the builds with media; `scripts/css_for_build.py` reads this line).

use crate::form::media::{MediaAction, MediaRecord, MediaRecords};
use crate::form::Action;
use crate::i18n::Lang;
use crate::item::media::Stimulus;
use std::rc::Rc;
use yew::prelude::*;

/// The part of the looped recordings that loops (MUSHRA's loop region): from and to, in
/// seconds. One for the item, shared by its looped recordings, so every stimulus compared
/// plays the same passage.
pub type Region = (f64, f64);

/// The players' shared context.
#[derive(Clone, PartialEq)]
pub struct MediaContext {
    /// The widget's instance (DOM ids).
    pub instance: u32,
    /// The item's stimuli.
    pub stimuli: Rc<Vec<Stimulus>>,
    /// What the participant did with them.
    pub records: Option<MediaRecords>,
    /// Where a player's reports go.
    pub report: Callback<Action>,
    /// The UI language.
    pub lang: Lang,
    /// The looped part of the item's looped recordings (`None`: the whole file).
    pub region: Option<Region>,
    /// Where a new looped part goes.
    pub set_region: Callback<Option<Region>>,
}

impl MediaContext {
    /// The record of a stimulus (a fresh one when nothing happened yet).
    pub fn record(&self, key: &str) -> MediaRecord {
        self.records
            .as_ref()
            .and_then(|r| r.get(key).cloned())
            .unwrap_or_default()
    }

    /// Whether the stimulus `key` holds the item's loop controls: the first recording that
    /// loops and may be moved in (the reference, in MUSHRA).
    pub fn holds_region(&self, key: &str) -> bool {
        self.stimuli
            .iter()
            .find(|s| s.playback.looped && s.playback.seek && s.playback.media.plays())
            .is_some_and(|s| s.key == key)
    }

    /// A callback that reports events about one stimulus.
    pub fn reporter(&self, key: &str) -> Callback<crate::form::media::MediaEvent> {
        let (report, key) = (self.report.clone(), key.to_owned());
        Callback::from(move |event| {
            let action = MediaAction {
                key: key.clone(),
                event,
            };
            report.emit(Action::Media(crate::support::family::Gate::gate(action)));
        })
    }
}

/// The item's looped part, as the widget keeps it: with the item it was set on (a new item
/// starts with the whole file).
#[cfg(any(feature = "media", not(target_arch = "wasm32")))]
pub type ItemRegion = Option<(String, Region)>;

/// `screen` with the players' context around it: the item's stimuli, what the participant did
/// with each, where the players report, the item's looped part (`screen` alone for an item
/// without media).
#[cfg(any(feature = "media", not(target_arch = "wasm32")))]
pub fn provided(
    task: &crate::task::Task,
    form: &crate::form::FormState,
    report: &Callback<Action>,
    instance: u32,
    region: &UseStateHandle<ItemRegion>,
    screen: Html,
) -> Html {
    let stimuli = crate::item::media::stimuli(task.written_spec(), &task.item);
    if stimuli.is_empty() {
        return screen;
    }
    let item = task.item.id.clone();
    let context = MediaContext {
        instance,
        stimuli: Rc::new(stimuli),
        records: form.media.as_ref().map(|m| {
            let m: &MediaRecords = m; // through `Media`
            m.clone()
        }),
        report: report.clone(),
        lang: task.spec.language,
        region: region
            .as_ref()
            .filter(|(on, _)| *on == item)
            .map(|(_, r)| *r),
        set_region: {
            let region = region.clone();
            Callback::from(move |r: Option<Region>| region.set(r.map(|r| (item.clone(), r))))
        },
    };
    html! {
        <ContextProvider<MediaContext> {context}>{screen}</ContextProvider<MediaContext>>
    }
}
