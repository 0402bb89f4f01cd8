//! The form model: the state of one item being annotated, and the one pure function that
//! changes it. Time comes in with the actions (the core has no clock).

mod action;
pub mod draft;
pub mod headphones;
mod kind_edit;
pub mod media;
pub mod played_to_end;
mod state;
pub mod suggestions;

pub use action::{Action, PointEdit};
pub use kind_edit::KindEdit;
pub use state::{FormState, GridNotice, LinksNotice, Selection};

use crate::answer::{Answer, Answers};
use crate::support::ids::ControlId;
use crate::task::Task;

/// What the form needs of a control kind (each kind implements it in its folder): the edits
/// the annotator makes to its answer, and how a saved answer is made again by them.
pub trait FormKind {
    /// What the annotator does to this kind's answer ([`Action::Kind`] with [`KindEdit`]).
    type Edit: Clone + std::fmt::Debug + PartialEq;
    /// Applies an edit to the form (`next`, as it stands: the answer of `control` is the one
    /// the edit changes). An edit that does not fit the spec or the item leaves it as it was.
    /// A submitted form never gets here.
    fn edit(&self, task: &Task, control: &ControlId, edit: Self::Edit, next: &mut FormState);
    /// The actions that make `answer` again (a draft replayed through the form's own actions,
    /// so a stale or tampered draft can only give a state the widget could reach), in order.
    fn replay(&self, control: &ControlId, answer: &Answer) -> Vec<Action>;
    /// After the word selection changed in this control's text (a kind may act on it: label
    /// it with a brush).
    fn selected(&self, _task: &Task, _next: &mut FormState) {}
    /// After any change to the answers (`before`: as they were): a kind whose answer refers to
    /// another control's follows it (links follow their spans). Nothing by default.
    fn follow(&self, _task: &Task, _control: &ControlId, _before: &Answers, _next: &mut FormState) {
    }
}

/// Applies an action. Actions that do not fit the spec and item (an unknown control, option or
/// output) and changes to a submitted form leave the state as it was.
pub fn apply(task: &Task, state: &FormState, action: Action) -> FormState {
    let spec = &task.spec;
    let mut next = state.clone();
    // Every change to a control's answer (its kind's edits, the brush on a selection, a
    // clearing, a decision) may decide on a suggested part: noted once, after the change.
    let changed = crate::support::family::SUGGEST
        .then(|| action.control().cloned())
        .flatten();
    match action {
        Action::Kind { control, edit } => {
            if !state.submitted {
                kind_edit::apply(task, &control, edit, &mut next);
            }
        }
        Action::Leave { path } => {
            next.touched.insert(path);
        }
        Action::Select {
            control,
            anchor,
            focus,
            complete,
        } => {
            let words = span_words(task, &control);
            if !state.submitted && anchor < words && focus < words {
                next.selection = Some(Selection {
                    control,
                    anchor,
                    focus,
                    complete,
                });
                selected(task, &mut next);
            }
        }
        Action::TapWord { control, word } => {
            let words = span_words(task, &control);
            if !state.submitted && word < words {
                next.selection = Some(Selection::after_tap(
                    state.selection.as_ref(),
                    control,
                    word,
                ));
                selected(task, &mut next);
            }
        }
        Action::ClearSelection => next.selection = None,
        Action::Decide {
            control,
            part,
            accept,
        } => {
            if crate::support::family::SUGGEST && !state.submitted {
                suggestions::decide(task, &mut next, &control, part, accept);
            }
        }
        Action::Clear { control } => {
            if !state.submitted {
                next.answers.remove(&control);
            }
        }
        Action::SubmitRefused { now_ms } => {
            next.submit_attempted = true;
            next.early_s = crate::validate::min_time::left_s(spec, state.active_ms_at(now_ms));
        }
        Action::Submitted { now_ms } => {
            next.submit_attempted = true;
            next.submitted = true;
            next.early_s = None;
            next.active_ms = state.active_ms_at(now_ms);
            next.visible_since = None;
        }
        Action::Media(report) => {
            if crate::support::family::MEDIA {
                let report: &media::MediaAction = &report; // through `Media`, whichever it is
                media::apply(task, &mut next, report.clone());
            }
        }
        Action::Headphones(done) => {
            if let (true, Some(check)) = (crate::support::family::MEDIA, spec.headphones()) {
                if !state.submitted {
                    let done: &headphones::HeadphoneAction = &done; // through `Media`
                    let progress: &mut headphones::Headphones =
                        next.headphones.get_or_insert_with(|| {
                            crate::support::family::Gate::gate(headphones::Headphones::default())
                        });
                    progress.apply(check, done.clone());
                }
            }
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
    if let Some(control) = changed {
        suggestions::note(task, state, &mut next, &control);
    }
    // (Each kind compares only what it follows: the builds whose kinds follow nothing carry no
    // comparison.)
    for control in &spec.controls {
        crate::spec::each_control!(control, c => c.follow(task, control.id(), &state.answers, &mut next));
    }
    next
}

/// Keeps `answer` as the control's answer (`None`: the control has none).
pub fn put(answers: &mut Answers, control: ControlId, answer: Option<Answer>) {
    match answer {
        Some(a) => answers.insert(control, a),
        None => answers.remove(&control),
    };
}

/// A change the control's kind works out from its answer as it stands: `change(current)` is
/// `None` when it does not fit (nothing changes), `Some(None)` when no answer is left.
pub fn change(
    next: &mut FormState,
    control: &ControlId,
    change: impl FnOnce(Option<&Answer>) -> Option<Option<Answer>>,
) {
    if let Some(answer) = change(next.answers.get(control)) {
        put(&mut next.answers, control.clone(), answer);
    }
}

/// Tells the selection's control that the selection changed.
fn selected(task: &Task, next: &mut FormState) {
    let control = next.selection.as_ref().map(|s| s.control.clone());
    if let Some(c) = control.and_then(|id| task.spec.control(&id)) {
        crate::spec::each_control!(c, k => k.selected(task, next));
    }
}

/// The number of words of the text a span or questions control picks from (0 for others).
fn span_words(task: &Task, control: &ControlId) -> usize {
    task.spec
        .control(control)
        .and_then(|c| {
            use crate::item::ItemFields;
            crate::spec::each_control!(c, k => k.span_field())
        })
        .and_then(|f| task.tokens(f))
        .map_or(0, |t| t.word_count())
}
