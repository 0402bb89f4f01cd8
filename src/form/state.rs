//! The state of one item being annotated: the answers, what is shown of their problems, the
//! span selection, the undo notices of a grid row and of links deleted with their passages,
//! and the timings.

use crate::answer::{Answer, Answers, WordSpan};
use crate::support::ids::{ControlId, OptionValue};
use crate::support::sorted_map::{SortedMap, SortedSet};
use crate::task::Task;
use crate::validate::{self, Report};

/// Everything the annotator has done on one item.
#[derive(Clone, Debug, PartialEq)]
pub struct FormState {
    /// The answers so far.
    pub answers: Answers,
    /// Whether a submit was attempted: from then on, every problem is shown next to its control.
    pub submit_attempted: bool,
    /// Paths of boxes the annotator has left (blurred): their problems show before any submit.
    pub touched: SortedSet<String>,
    /// The last automatic clearing in a grid row, which the annotator may undo.
    pub grid_notice: Option<GridNotice>,
    /// The links last deleted with their passages, which the annotator may undo (none in a
    /// build without relations).
    pub links_notice: Option<crate::support::family::Relations<LinksNotice>>,
    /// The words being selected in a span text (before they are assigned to an attribute).
    pub selection: Option<Selection>,
    /// Whether the item was submitted; a submitted form no longer changes.
    pub submitted: bool,
    /// When the item was shown (ms since the Unix epoch, from the host).
    pub started_ms: u64,
    /// Time the page was visible before `visible_since`, in ms.
    pub active_ms: u64,
    /// When the page last became visible, if it is visible now.
    pub visible_since: Option<u64>,
    /// A restored draft's timings were impossible and were dropped (recorded in the result).
    pub timing_dropped: bool,
    /// The suggested parts the annotator has decided on, by control (positions in the
    /// suggestion's parts, see `form::suggestions`): accepted, or at some point removed or
    /// changed. A part still as suggested and not in it is pending.
    pub decided: SortedMap<ControlId, Vec<usize>>,
    /// Seconds still to go when the last submit was refused for coming before the spec's
    /// `min_seconds`.
    pub early_s: Option<u32>,
    /// What the participant did with each recording, image or video (see `form::media`);
    /// none until a player reports (a build without media has no room for any).
    pub media: Option<crate::support::family::Media<super::media::MediaRecords>>,
    /// The participant's progress through the spec's headphone check (see
    /// `form::headphones`): none before its first trial was played.
    pub headphones: Option<crate::support::family::Media<super::headphones::Headphones>>,
}

/// Links deleted because their passages were (a passage removed, "nothing to mark" ticked),
/// kept so that the annotator can undo it.
#[derive(Clone, Debug, PartialEq)]
pub struct LinksNotice {
    /// The control whose links went.
    pub control: ControlId,
    /// The span control whose passages were removed.
    pub spans: ControlId,
    /// Each removed passage, with its place in that control's answer.
    pub removed: Vec<(usize, crate::answer::LabelledSpan)>,
    /// The links deleted with them, in the order they were made.
    pub links: Vec<crate::answer::SpanLink>,
}

/// A selection of words in a span control's text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Selection {
    /// The span control.
    pub control: ControlId,
    /// Where the selection started (word index).
    pub anchor: usize,
    /// Where it ends now (word index; may be before the anchor).
    pub focus: usize,
    /// Whether both ends are chosen (second tap, mouse up, Enter): it can be assigned.
    pub complete: bool,
}

impl Selection {
    /// The selection after a tap on `word`: the first tap starts a selection, the next one in
    /// the same text completes it (the same word twice selects that word).
    pub fn after_tap(current: Option<&Selection>, control: ControlId, word: usize) -> Selection {
        match current {
            Some(s) if !s.complete && s.control == control => Selection {
                control,
                anchor: s.anchor,
                focus: word,
                complete: true,
            },
            _ => Selection {
                control,
                anchor: word,
                focus: word,
                complete: false,
            },
        }
    }

    /// The selected words, first to last.
    pub fn span(&self) -> WordSpan {
        WordSpan {
            first: self.anchor.min(self.focus),
            last: self.anchor.max(self.focus),
        }
    }
}

/// A grid row whose other alternative was cleared by a choice, with what it held before.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GridNotice {
    /// The grid.
    pub control: ControlId,
    /// The row (from 0).
    pub row: usize,
    /// The row's cells before the choice.
    pub previous: SortedMap<String, String>,
    /// The columns the choice cleared.
    pub cleared: Vec<String>,
}

impl FormState {
    /// The selection, if it is in this control's text.
    pub fn selection_in(&self, control: &ControlId) -> Option<&Selection> {
        self.selection.as_ref().filter(|s| &s.control == control)
    }

    /// The selection, if it is in this control's text and both its ends are chosen.
    pub fn complete_selection_in(&self, control: &ControlId) -> Option<&Selection> {
        self.selection_in(control).filter(|s| s.complete)
    }

    /// A fresh form for an item shown at `now_ms`, on a visible page.
    pub fn new(now_ms: u64) -> Self {
        Self {
            answers: Answers::new(),
            submit_attempted: false,
            touched: SortedSet::new(),
            grid_notice: None,
            links_notice: None,
            selection: None,
            submitted: false,
            started_ms: now_ms,
            active_ms: 0,
            visible_since: Some(now_ms),
            timing_dropped: false,
            early_s: None,
            decided: SortedMap::new(),
            media: None,
            headphones: None,
        }
    }

    /// The headphone check's progress, if it began.
    pub fn headphones(&self) -> Option<&super::headphones::Headphones> {
        self.headphones
            .as_ref()
            .map(|h| -> &super::headphones::Headphones { h })
    }

    /// Active (visible) time up to `now_ms`.
    pub fn active_ms_at(&self, now_ms: u64) -> u64 {
        self.active_ms
            + self
                .visible_since
                .map_or(0, |since| now_ms.saturating_sub(since))
    }

    /// The chosen option of a single-choice control.
    pub fn choice(&self, control: &ControlId) -> Option<&OptionValue> {
        match self.answers.get(control) {
            Some(Answer::Choice(v)) => Some(v),
            _ => None,
        }
    }

    /// The text in one box of a number control.
    pub fn number_text(&self, control: &ControlId, key: Option<&str>) -> &str {
        Answer::number_text(self.answers.get(control), key)
    }

    /// The point set for one output of a kind asked per output (`key` = output id, `""` for a
    /// single one).
    pub fn point(&self, control: &ControlId, key: &str) -> Option<crate::answer::Point> {
        match self.answers.get(control) {
            Some(Answer::Points(map)) => map.get(key).copied(),
            _ => None,
        }
    }

    /// The validation report of the current answers.
    pub fn report(&self, task: &Task) -> Report {
        let mut report = validate::validate(task, &self.answers);
        if crate::support::family::MEDIA && super::media::skipped(task, self) {
            report.lift_required();
        }
        if crate::support::family::SUGGEST {
            super::suggestions::still_to_decide(task, self, &mut report);
        }
        if crate::support::family::MEDIA {
            self.media_problems(task, &mut report);
        }
        report
    }

    /// The media family's rules over the form: P.808's play to the end and the headphone check
    /// (what the screen's report and the result both hold a submit to).
    pub fn media_problems(&self, task: &Task, report: &mut Report) {
        crate::form::played_to_end::check(task, self, report);
        crate::form::headphones::rule::check(task, self, report);
    }

    /// Whether the problems at `path` are shown now (after a submit attempt or leaving the box).
    pub fn shows_problems_at(&self, path: &str) -> bool {
        !self.submitted && (self.submit_attempted || self.touched.contains(path))
    }
}
