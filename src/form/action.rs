//! What the annotator (or the page) does: one typed action per change. A change to a control's
//! answer is the kind's own edit ([`Action::Kind`], the edit type each kind declares with its
//! `FormKind`); the rest act on the whole form (the word selection, the boxes left, submitting,
//! the page's visibility).

use super::KindEdit;
use crate::support::ids::ControlId;

/// Something the annotator (or the page) did.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// A change to one control's answer, made by the control's kind (`FormKind::edit`) on the
    /// answer as it stands when the action is applied (two fast taps both count). An edit of
    /// another kind than the control's, or one that does not fit the spec and item, is left out.
    Kind {
        /// The control.
        control: ControlId,
        /// What changes (its kind's edit).
        edit: KindEdit,
    },
    /// Set the word selection in a span text (ignored outside the text).
    Select {
        /// The span control.
        control: ControlId,
        /// Start word.
        anchor: usize,
        /// End word.
        focus: usize,
        /// Both ends chosen.
        complete: bool,
    },
    /// A tap (or click) on a word: the first tap starts a selection, the next one in the same
    /// text completes it (the same word twice selects that word). Decided here, on the latest
    /// state, so two quick taps never both count as a first one.
    TapWord {
        /// The span control.
        control: ControlId,
        /// The word tapped.
        word: usize,
    },
    /// Drop the word selection.
    ClearSelection,
    /// The annotator left a box: from now on its problems show.
    Leave {
        /// The box's path (see [`validate::box_path`]).
        path: String,
    },
    /// Accept or reject a suggested part of a control's answer (`part`: its position among
    /// the suggestion's parts; `None`: every part still pending).
    Decide {
        /// The control.
        control: ControlId,
        /// The suggested part, or all pending ones.
        part: Option<usize>,
        /// Accept (else reject: remove it from the answer).
        accept: bool,
    },
    /// Remove the answer of a control.
    Clear {
        /// The control.
        control: ControlId,
    },
    /// A submit was refused: show every problem next to its control (and, when the item was
    /// not given the spec's `min_seconds`, the time still to go).
    SubmitRefused {
        /// When (ms since the epoch).
        now_ms: u64,
    },
    /// The result was handed to the host: lock the form.
    Submitted {
        /// When (ms since the epoch).
        now_ms: u64,
    },
    /// A player's report about a recording, image or video of the item (see `form::media`).
    Media(crate::support::family::Media<super::media::MediaAction>),
    /// Something the participant did in the headphone check (see `form::headphones`).
    Headphones(crate::support::family::Media<super::headphones::HeadphoneAction>),
    /// The page became visible or hidden (counts active time).
    Visibility {
        /// Whether the page is visible now.
        visible: bool,
        /// When (ms since the epoch).
        now_ms: u64,
    },
}

impl Action {
    /// An edit of a control's answer by its kind ([`Action::Kind`]); each payload's
    /// `action(edit)` makes the same for a control at hand.
    pub fn kind(control: impl Into<ControlId>, edit: KindEdit) -> Action {
        Action::Kind {
            control: control.into(),
            edit,
        }
    }

    /// The control an action is about (`None` for actions on the whole form).
    pub fn control(&self) -> Option<&ControlId> {
        match self {
            Action::Kind { control, .. }
            | Action::Select { control, .. }
            | Action::TapWord { control, .. }
            | Action::Clear { control }
            | Action::Decide { control, .. } => Some(control),
            Action::ClearSelection
            | Action::Leave { .. }
            | Action::SubmitRefused { .. }
            | Action::Submitted { .. }
            | Action::Visibility { .. }
            | Action::Media(_)
            | Action::Headphones(_) => None,
        }
    }
}

/// One point set (or cleared) in a kind whose answer is a point per output (`key` = output id,
/// `None` for a single one): the edit such kinds share.
#[derive(Clone, Debug, PartialEq)]
pub struct PointEdit {
    /// The output id (`None` for a single point).
    pub key: Option<String>,
    /// The point (`None`: clear it).
    pub point: Option<crate::answer::Point>,
}
