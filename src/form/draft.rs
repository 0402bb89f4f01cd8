//! Drafts: the annotator's work on one item, saved to browser storage as they go and restored on
//! reload. A draft is restored by replaying it through the form model's own actions, so a stale
//! or tampered draft can never produce a state the widget could not have reached.

use crate::answer::Answer;
use crate::form::{apply, FormKind, FormState};
use crate::support::ids::{ids_key, ControlId};
use crate::support::sorted_map::{SortedMap, SortedSet};
use crate::task::Task;
use serde::{Deserialize, Serialize};

/// The draft format tag.
pub const DRAFT_FORMAT: &str = "glossa.draft/1";

/// No draft can have started before 2020-01-01 (ms since the epoch): Glossa did not exist.
pub const EARLIEST_START_MS: u64 = 1_577_836_800_000;

/// A saved draft.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Draft {
    /// Always [`DRAFT_FORMAT`].
    pub format: String,
    /// The spec's id and version, and the item's id: a draft only restores into the same.
    pub spec_id: String,
    /// The spec's version.
    pub spec_version: String,
    /// The item's id.
    pub item_id: String,
    /// The answers as on screen.
    pub answers: SortedMap<ControlId, Answer>,
    /// Boxes the annotator had left.
    #[serde(default)]
    pub touched: SortedSet<String>,
    /// When the item was first shown (ms since the epoch).
    pub started_ms: u64,
    /// Active time so far.
    pub active_ms: u64,
    /// The suggested parts decided, by control (see `form::suggestions`).
    /// (A build without suggestions has no room for any: its drafts never hold them.)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decided: Option<crate::support::family::Suggest<SortedMap<ControlId, Vec<usize>>>>,
    /// What the participant did with the item's recordings, images and videos (see
    /// `form::media`): a reload keeps the plays, and a clip heard to its end stays heard.
    /// (A build without media has no room for any.)
    #[cfg(any(feature = "media", not(target_arch = "wasm32")))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub media: Option<crate::form::media::MediaRecords>,
}

/// The storage key of a draft: spec id and version, item id, and the host's ids (participant,
/// assignment, ...), so two participants on one computer never see each other's drafts.
pub fn storage_key(task: &Task, ids: &SortedMap<String, String>) -> String {
    format!(
        "glossa:draft/1:{}@{}:{}:{}",
        task.spec.id,
        task.spec.version,
        task.item.id,
        ids_key(ids)
    )
}

/// The host id that marks a gold item's result (`ids.gold`, set by the runners on a plan's gold
/// items): it says what the item is, not who the annotator is.
pub const GOLD_ID: &str = "gold";

/// The storage key that marks a task as seen by an annotator (spec id and version, the host's
/// ids but the gold mark): set when they submit their first item, so the instructions open on
/// that item only — a gold item is not a new annotator's first item, and nothing on it differs.
pub fn seen_key(task: &Task, ids: &SortedMap<String, String>) -> String {
    let who: SortedMap<String, String> = ids
        .iter()
        .filter(|(k, _)| k.as_str() != GOLD_ID)
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect();
    format!(
        "glossa:seen/1:{}@{}:{}",
        task.spec.id,
        task.spec.version,
        ids_key(&who)
    )
}

/// The storage key of the participant's headphone check: the task's and the annotator's, as
/// [`seen_key`]'s (the check is done once, for every item of the task).
pub fn headphones_key(task: &Task, ids: &SortedMap<String, String>) -> String {
    seen_key(task, ids).replacen("glossa:seen/", "glossa:headphones/", 1)
}

impl Draft {
    /// The draft of a form at `now_ms`.
    pub fn of(task: &Task, form: &FormState, now_ms: u64) -> Self {
        Draft {
            format: DRAFT_FORMAT.to_owned(),
            spec_id: task.spec.id.clone(),
            spec_version: task.spec.version.clone(),
            item_id: task.item.id.clone(),
            answers: form.answers.clone(),
            touched: form.touched.clone(),
            started_ms: form.started_ms,
            active_ms: form.active_ms_at(now_ms),
            decided: (crate::support::family::SUGGEST && !form.decided.is_empty())
                .then(|| crate::support::family::Gate::gate(form.decided.clone())),
            #[cfg(any(feature = "media", not(target_arch = "wasm32")))]
            media: form.media.clone(),
        }
    }

    /// Whether the draft's timings could have been written by this widget before `now_ms`: it
    /// started after [`EARLIEST_START_MS`] and not in the future, and its active time fits
    /// between its start and now. A tampered or corrupted draft fails this and its timings are
    /// dropped (never carried into a result).
    pub fn timing_possible(&self, now_ms: u64) -> bool {
        self.started_ms >= EARLIEST_START_MS
            && self.started_ms <= now_ms
            && self.active_ms <= now_ms - self.started_ms
    }

    /// Restores the draft into a fresh form shown at `now_ms`, by replaying its answers as
    /// actions. `None` when it belongs to another spec version or item.
    pub fn restore(&self, task: &Task, now_ms: u64) -> Option<FormState> {
        let same = self.format == DRAFT_FORMAT
            && self.spec_id == task.spec.id
            && self.spec_version == task.spec.version
            && self.item_id == task.item.id;
        if !same {
            return None;
        }
        // Visible time restarts now: the time up to the save is already in `active_ms`.
        let mut form = FormState::new(now_ms);
        if self.timing_possible(now_ms) {
            form.started_ms = self.started_ms;
            form.active_ms = self.active_ms;
        } else {
            form.timing_dropped = true;
        }
        for (control, answer) in &self.answers {
            let Some(c) = task.spec.control(control) else {
                continue; // a control the spec no longer has
            };
            for action in crate::spec::each_control!(c, k => k.replay(control, answer)) {
                form = apply(task, &form, action);
            }
        }
        form.touched = self.touched.clone();
        form.selection = None;
        if crate::support::family::SUGGEST {
            // Only decisions on parts of suggestions the task shows (a tampered draft decides
            // nothing else).
            let decided = self.decided.as_ref().map(|d| {
                let d: &SortedMap<ControlId, Vec<usize>> = d; // through `Suggest`
                d
            });
            for (control, parts) in decided.into_iter().flatten() {
                let n = task.suggestion(control).map_or(0, |s| {
                    crate::form::suggestions::parts(Some(&s.answer)).len()
                });
                let mut valid: Vec<usize> = parts.iter().copied().filter(|i| *i < n).collect();
                valid.sort_unstable();
                valid.dedup();
                if !valid.is_empty() {
                    form.decided.insert(control.clone(), valid);
                }
            }
        }
        #[cfg(any(feature = "media", not(target_arch = "wasm32")))]
        {
            // Only records of stimuli the item shows (a tampered draft records nothing else).
            let keys: Vec<String> = crate::item::media::stimuli(task.written_spec(), &task.item)
                .into_iter()
                .map(|s| s.key)
                .collect();
            let records = self.media.as_ref().map(|m| {
                let m: &crate::form::media::MediaRecords = m; // through `Media`
                m
            });
            for (key, record) in records.into_iter().flatten() {
                if keys.contains(key) {
                    let kept: &mut crate::form::media::MediaRecords =
                        form.media.get_or_insert_with(|| {
                            crate::support::family::Gate::gate(
                                crate::form::media::MediaRecords::new(),
                            )
                        });
                    kept.insert(key.clone(), record.clone());
                }
            }
        }
        Some(form)
    }
}
