//! The form model: the state of one item being annotated, and the one pure function that
//! changes it. Time comes in with the actions (the core has no clock).

use crate::answer::{Answer, Answers};
use crate::ids::{ControlId, OptionValue};
use crate::spec::{Control, TaskSpec};
use crate::validate::{self, Report};

/// Everything the annotator has done on one item.
#[derive(Clone, Debug, PartialEq)]
pub struct FormState {
    /// The answers so far.
    pub answers: Answers,
    /// Whether a submit was attempted: from then on, problems are shown next to controls.
    pub submit_attempted: bool,
    /// Whether the item was submitted; a submitted form no longer changes.
    pub submitted: bool,
    /// When the item was shown (ms since the Unix epoch, from the host).
    pub started_ms: u64,
    /// Time the page was visible before `visible_since`, in ms.
    pub active_ms: u64,
    /// When the page last became visible, if it is visible now.
    pub visible_since: Option<u64>,
}

/// Something the annotator (or the page) did.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// Pick an option of a single-choice control.
    Choose {
        /// The control.
        control: ControlId,
        /// The option's value.
        value: OptionValue,
    },
    /// Remove the answer of a control.
    Clear {
        /// The control.
        control: ControlId,
    },
    /// A submit was refused: show every problem next to its control.
    SubmitRefused,
    /// The result was handed to the host: lock the form.
    Submitted {
        /// When (ms since the epoch).
        now_ms: u64,
    },
    /// The page became visible or hidden (counts active time).
    Visibility {
        /// Whether the page is visible now.
        visible: bool,
        /// When (ms since the epoch).
        now_ms: u64,
    },
}

impl FormState {
    /// A fresh form for an item shown at `now_ms`, on a visible page.
    pub fn new(now_ms: u64) -> Self {
        Self {
            answers: Answers::new(),
            submit_attempted: false,
            submitted: false,
            started_ms: now_ms,
            active_ms: 0,
            visible_since: Some(now_ms),
        }
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
            None => None,
        }
    }

    /// The validation report of the current answers.
    pub fn report(&self, spec: &TaskSpec) -> Report {
        validate::validate(spec, &self.answers)
    }
}

/// Applies an action. Actions that do not fit the spec (an unknown control or option) and
/// changes to a submitted form leave the state as it was.
pub fn apply(spec: &TaskSpec, state: &FormState, action: Action) -> FormState {
    let mut next = state.clone();
    match action {
        Action::Choose { control, value } => {
            let fits = matches!(spec.control(&control),
                Some(Control::SingleChoice(c)) if c.options.iter().any(|o| o.value == value));
            if fits && !state.submitted {
                next.answers.insert(control, Answer::Choice(value));
            }
        }
        Action::Clear { control } => {
            if !state.submitted {
                next.answers.remove(&control);
            }
        }
        Action::SubmitRefused => next.submit_attempted = true,
        Action::Submitted { now_ms } => {
            next.submit_attempted = true;
            next.submitted = true;
            next.active_ms = state.active_ms_at(now_ms);
            next.visible_since = None;
        }
        Action::Visibility { visible, now_ms } => {
            if state.submitted {
                return next;
            }
            match (visible, state.visible_since) {
                (true, None) => next.visible_since = Some(now_ms),
                (false, Some(_)) => {
                    next.active_ms = state.active_ms_at(now_ms);
                    next.visible_since = None;
                }
                _ => {}
            }
        }
    }
    next
}
