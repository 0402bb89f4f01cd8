//! What the participant did with each recording, image or video of the item: how often it was
//! played, how much of it was heard, whether it ended and whether its file loaded. The players
//! report it as actions; the result records it (`media`), and P.808's rule reads it.

use super::FormState;
use crate::item::media::stimuli;
use crate::support::sorted_map::SortedMap;
use crate::task::Task;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// One stimulus as the participant met it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct MediaRecord {
    /// How many times it was started (a play after a pause counts again; a loop does not).
    pub plays: u32,
    /// How much of it was heard or watched, in ms of the file's time (a part heard twice
    /// counts twice; a jump counts nothing).
    pub heard_ms: u64,
    /// Whether it was heard whole at least once: played to its end, with as much of it heard
    /// as the file lasts (a MUSHRA sample switched to in place, mid-file, and played on to its
    /// end is not heard whole).
    pub ended: bool,
    /// Whether the whole file was loaded (the browser could play it through), so nothing the
    /// participant heard was cut by the network.
    pub loaded: bool,
    /// The file's length in ms, once known (none for an image).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub duration_ms: Option<u64>,
    /// How many times the file failed to load.
    #[serde(skip_serializing_if = "is_zero")]
    pub failures: u32,
    /// Whether the participant enlarged it (an image).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub zoomed: bool,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// The records by stimulus key (see `item::media::Stimulus::key`).
pub type MediaRecords = SortedMap<String, MediaRecord>;

/// What a player saw happen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MediaEvent {
    /// The file can be played through (its length in ms; none for an image).
    Loaded {
        /// The file's length.
        duration_ms: Option<u64>,
    },
    /// Playing started.
    Started,
    /// A stretch was heard (reported when playing pauses, ends or jumps).
    Heard {
        /// Its length in ms of the file's time.
        ms: u64,
    },
    /// It played to its end.
    Ended,
    /// The file failed to load.
    Failed,
    /// The image was enlarged.
    Zoomed,
}

/// A player's report about one stimulus.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MediaAction {
    /// The stimulus key.
    pub key: String,
    /// What happened.
    pub event: MediaEvent,
}

/// Applies a player's report: only for a stimulus of the item, before it is submitted.
pub fn apply(task: &Task, next: &mut FormState, action: MediaAction) {
    if next.submitted
        || !stimuli(&task.spec, &task.item)
            .iter()
            .any(|s| s.key == action.key)
    {
        return;
    }
    let records: &mut MediaRecords = next
        .media
        .get_or_insert_with(|| crate::support::family::Gate::gate(MediaRecords::new()));
    let record = records.entry(action.key).or_default();
    match action.event {
        MediaEvent::Loaded { duration_ms } => {
            record.loaded = true;
            record.duration_ms = duration_ms.or(record.duration_ms);
        }
        MediaEvent::Started => record.plays = record.plays.saturating_add(1),
        // (A stretch longer than the file is a clock's error: at most the file's length.)
        MediaEvent::Heard { ms } => {
            let ms = record.duration_ms.map_or(ms, |d| ms.min(d));
            record.heard_ms = record.heard_ms.saturating_add(ms);
        }
        MediaEvent::Ended => record.ended |= heard_whole(record),
        MediaEvent::Failed => record.failures = record.failures.saturating_add(1),
        MediaEvent::Zoomed => record.zoomed = true,
    }
}

/// Whether a recording that played to its end was heard whole: the stretches heard add up to
/// its length, but for the players' rounding (a quarter second, or 3 % of a long file); a file
/// whose length is not known, or whose player reported no stretch (the simulated annotators'),
/// counts as heard whole.
fn heard_whole(record: &MediaRecord) -> bool {
    record.heard_ms == 0
        || record.duration_ms.is_none_or(|d| {
            let slack = (d * 3 / 100).max(250);
            record.heard_ms + slack >= d
        })
}

/// Whether a file could not be played: it failed to load [`MEDIA_TRIES`] times and never
/// loaded.
///
/// [`MEDIA_TRIES`]: crate::spec::media::MEDIA_TRIES
pub fn given_up(record: &MediaRecord) -> bool {
    record.failures >= crate::spec::media::MEDIA_TRIES && !record.loaded
}

/// The first of the item's files that could not be played where the spec's `unplayable`
/// choice is `how` (its address), if any.
pub fn unplayable(
    task: &Task,
    form: &FormState,
    how: crate::spec::media::Unplayable,
) -> Option<String> {
    // (Most items have no file that failed: the stimuli are looked at only when one has.)
    let records: &MediaRecords = form.media.as_ref()?;
    if !records.values().any(given_up) {
        return None;
    }
    stimuli(task.written_spec(), &task.item)
        .into_iter()
        .find(|s| s.playback.unplayable == how && records.get(&s.key).is_some_and(given_up))
        .map(|s| s.src)
}

/// Whether the item's answers are no longer required: a file of it could not be played and
/// the spec says the participant goes on (`unplayable: skip`).
pub fn skipped(task: &Task, form: &FormState) -> bool {
    unplayable(task, form, crate::spec::media::Unplayable::Skip).is_some()
}

/// The record of one stimulus, if the participant did anything with it.
pub fn record<'a>(form: &'a FormState, key: &str) -> Option<&'a MediaRecord> {
    form.media.as_ref()?.get(key)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::TaskSpec;

    fn task() -> Task {
        let spec: TaskSpec = crate::spec::load(
            r#"{"glossa": 1, "id": "p808", "version": "1", "language": "en",
                "blocks": [{"kind": "media", "type": "audio", "field": "clip", "text_field": "transcript",
                            "label": "Recording", "play_to_end": true, "seek": false}],
                "controls": [{"kind": "single_choice", "id": "q", "label": "Quality",
                              "options": [{"value": "5", "label": "Excellent"}, {"value": "1", "label": "Bad"}]}]}"#,
        )
        .expect("spec");
        let item = serde_json::from_str(
            r#"{"id": "c01", "clip": "clips/c01.wav", "transcript": "The birch canoe slid on the smooth planks."}"#,
        )
        .expect("item");
        Task::new(spec, item, None)
    }

    fn act(task: &Task, form: &mut FormState, key: &str, event: MediaEvent) {
        apply(
            task,
            form,
            MediaAction {
                key: key.to_owned(),
                event,
            },
        );
    }

    #[test]
    fn plays_time_heard_and_the_end_are_recorded() {
        let task = task();
        let mut form = FormState::new(0);
        act(
            &task,
            &mut form,
            "clip",
            MediaEvent::Loaded {
                duration_ms: Some(3000),
            },
        );
        act(&task, &mut form, "clip", MediaEvent::Started);
        act(&task, &mut form, "clip", MediaEvent::Heard { ms: 1200 });
        act(&task, &mut form, "clip", MediaEvent::Started);
        act(&task, &mut form, "clip", MediaEvent::Heard { ms: 9000 });
        act(&task, &mut form, "clip", MediaEvent::Ended);
        let r = record(&form, "clip").expect("a record");
        assert_eq!(
            (r.plays, r.heard_ms, r.ended, r.loaded),
            (2, 4200, true, true)
        );
    }

    #[test]
    fn a_recording_played_on_to_its_end_from_the_middle_is_not_heard_whole() {
        let task = task();
        let mut form = FormState::new(0);
        let loaded = MediaEvent::Loaded {
            duration_ms: Some(2600),
        };
        act(&task, &mut form, "clip", loaded);
        // Switched to in place at 0.3 s (the other sample had played until then), on to the end.
        act(&task, &mut form, "clip", MediaEvent::Started);
        act(&task, &mut form, "clip", MediaEvent::Heard { ms: 2300 });
        act(&task, &mut form, "clip", MediaEvent::Ended);
        assert!(!record(&form, "clip").unwrap().ended, "2.3 s of 2.6 s");
        // Played again from the start and to the end: heard whole.
        act(&task, &mut form, "clip", MediaEvent::Started);
        act(&task, &mut form, "clip", MediaEvent::Heard { ms: 2590 });
        act(&task, &mut form, "clip", MediaEvent::Ended);
        assert!(record(&form, "clip").unwrap().ended);
    }

    #[test]
    fn reports_about_what_the_item_does_not_show_or_after_submitting_change_nothing() {
        let task = task();
        let mut form = FormState::new(0);
        act(&task, &mut form, "other", MediaEvent::Ended);
        assert_eq!(form.media, None);
        form.submitted = true;
        act(&task, &mut form, "clip", MediaEvent::Ended);
        assert_eq!(form.media, None);
    }
}
