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
}

impl MediaContext {
    /// The record of a stimulus (a fresh one when nothing happened yet).
    pub fn record(&self, key: &str) -> MediaRecord {
        self.records
            .as_ref()
            .and_then(|r| r.get(key).cloned())
            .unwrap_or_default()
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

/// `screen` with the players' context around it: the item's stimuli, what the participant did
/// with each, where the players report (`screen` alone for an item without media).
#[cfg(any(feature = "media", not(target_arch = "wasm32")))]
pub fn provided(
    task: &crate::task::Task,
    form: &crate::form::FormState,
    report: &Callback<Action>,
    instance: u32,
    screen: Html,
) -> Html {
    let stimuli = crate::item::media::stimuli(task.written_spec(), &task.item);
    if stimuli.is_empty() {
        return screen;
    }
    let context = MediaContext {
        instance,
        stimuli: Rc::new(stimuli),
        records: form.media.as_ref().map(|m| {
            let m: &MediaRecords = m; // through `Media`
            m.clone()
        }),
        report: report.clone(),
        lang: task.spec.language,
    };
    html! {
        <ContextProvider<MediaContext> {context}>{screen}</ContextProvider<MediaContext>>
    }
}
