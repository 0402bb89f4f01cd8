//! Mount options a host passes: which ids to record, whether to hide the submit button.

use crate::sorted_map::SortedMap;
use serde::Deserialize;

/// The `options` object of `mount(element, {spec, item, options})`.
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[serde(default, rename_all = "camelCase", deny_unknown_fields)]
pub struct MountOptions {
    /// Hide the built-in submit button; the host calls `handle.submit()` itself.
    pub hide_submit: bool,
    /// Ids recorded in the result as they are (participant, assignment, session, ...).
    pub ids: SortedMap<String, String>,
    /// Seed for shuffling outputs (e.g. the participant id). Without one, the order depends on
    /// the item id only. The order shown is recorded in the result either way.
    pub seed: Option<String>,
    /// Save a draft of every change in browser storage and restore it on reload (default
    /// `true`). The draft is removed when the host calls `handle.confirm()` after storing the
    /// result.
    pub autosave: Option<bool>,
    /// Show the item without letting it be answered or submitted (previews, e.g. MTurk's
    /// `ASSIGNMENT_ID_NOT_AVAILABLE`). No drafts are kept.
    pub readonly: bool,
    /// A draft to resume from (as `handle.draft()` gave it), for hosts that keep drafts
    /// themselves (an iframe whose storage the browser blocks). Preferred over local storage.
    pub resume: Option<serde_json::Value>,
}
