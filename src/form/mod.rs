//! The form model: the state of one item being annotated, and the one pure function that
//! changes it. Time comes in with the actions (the core has no clock).

mod action;
pub mod draft;
mod grid_choice;
mod labels;
mod question_cards;
mod spans;
mod state;

pub use action::{
    Action, LabelAction, LabelEdit, Prefer, PreferEdit, QuestionEdit, Rank, RankEdit, SetAnswer,
    SetPoint, Toggle,
};
pub use state::{FormState, GridNotice, Selection};

use grid_choice::{grid_choice_fits, grid_choose, set_grid};

use crate::answer::{Answer, Answers};
use crate::spec::{Control, SpanAttributes};
use crate::support::family::Gate;
use crate::support::ids::ControlId;
use crate::support::sorted_map::SortedMap;
use crate::task::grid;
use crate::task::Task;
use crate::validate::number_keys;

/// What the form needs of a control kind (each kind implements it in `crate::kinds`).
pub trait FormKind {
    /// Whether `answer` may be this control's whole answer, set by [`Action::SetAnswer`]. A
    /// kind with actions of its own (number boxes, grids, spans, questions) accepts none.
    fn accepts(&self, task: &Task, answer: &Answer) -> bool;
    /// The answer after `value` is ticked or unticked in `current` (`Some(None)`: no answer
    /// left), for a kind whose answer is a set of options; `None` for other kinds.
    fn toggled(
        &self,
        _current: Option<&Answer>,
        _value: &crate::support::ids::OptionValue,
    ) -> Option<Option<Answer>> {
        None
    }
    /// The answer after one point is set or cleared in `current` (`Some(None)`: no answer left),
    /// for a kind whose answer is points by output (a scale, a slider); `None` for other kinds,
    /// an output the item lacks or a point the control cannot take.
    fn pointed(
        &self,
        _task: &Task,
        _current: Option<&Answer>,
        _key: Option<&str>,
        _point: Option<crate::answer::Point>,
    ) -> Option<Option<Answer>> {
        None
    }
    /// The answer after a pairwise judgement changes in `current`, for a pairwise kind; `None`
    /// for other kinds or an edit the control cannot take.
    fn preferred(
        &self,
        _task: &Task,
        _current: Option<&Answer>,
        _criterion: Option<&str>,
        _edit: &PreferEdit,
    ) -> Option<Answer> {
        None
    }
    /// The answer after a ranking changes in `current` (`Some(None)`: nothing left), for a
    /// ranking kind; `None` for other kinds or an edit the control cannot take.
    fn ranked(
        &self,
        _task: &Task,
        _current: Option<&Answer>,
        _edit: &RankEdit,
    ) -> Option<Option<Answer>> {
        None
    }
}

/// Applies an action. Actions that do not fit the spec and item (an unknown control, option or
/// output) and changes to a submitted form leave the state as it was.
pub fn apply(task: &Task, state: &FormState, action: Action) -> FormState {
    let (spec, item) = (&task.spec, &task.item);
    let mut next = state.clone();
    match action {
        Action::SetAnswer(set) => {
            let SetAnswer { control, answer } = SetAnswer::clone(&set);
            let fits = match (spec.control(&control), &answer) {
                (Some(c), Some(a)) => crate::spec::each_control!(c, k => k.accepts(task, a)),
                (Some(_), None) => true,
                (None, _) => false,
            };
            if fits && !state.submitted {
                put(&mut next.answers, control, answer);
            }
        }
        Action::Toggle(t) => {
            let Toggle { control, value } = Toggle::clone(&t);
            by_kind(
                task,
                state,
                &mut next,
                control,
                |c, current| crate::spec::each_control!(c, k => k.toggled(current, &value)),
            );
        }
        Action::SetPoint(p) => {
            let SetPoint {
                control,
                key,
                point,
            } = SetPoint::clone(&p);
            by_kind(
                task,
                state,
                &mut next,
                control,
                |c, current| crate::spec::each_control!(c, k => k.pointed(task, current, key.as_deref(), point)),
            );
        }
        Action::Prefer(p) => {
            let Prefer {
                control,
                criterion,
                edit,
            } = Prefer::clone(&p);
            by_kind(task, state, &mut next, control, |c, current| {
                crate::spec::each_control!(c, k => k.preferred(task, current, criterion.as_deref(), &edit))
                    .map(Some)
            });
        }
        Action::Rank(r) => {
            let Rank { control, edit } = Rank::clone(&r);
            by_kind(
                task,
                state,
                &mut next,
                control,
                |c, current| crate::spec::each_control!(c, k => k.ranked(task, current, &edit)),
            );
        }
        Action::SetNumber { control, key, text } => {
            let fits = matches!(spec.control(&control),
                Some(Control::Number(c)) if number_keys(c, item).contains(&key));
            if fits && !state.submitted {
                set_number(&mut next.answers, control, key, text);
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
                labels::brush(task, &mut next);
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
                labels::brush(task, &mut next);
            }
        }
        Action::ClearSelection => next.selection = None,
        Action::SetText { control, text } => {
            if !state.submitted && matches!(spec.control(&control), Some(Control::Text(_))) {
                if text.is_empty() {
                    next.answers.remove(&control);
                } else {
                    next.answers.insert(control, Answer::Text(text));
                }
            }
        }
        Action::QuestionAdd { .. }
        | Action::QuestionRemove { .. }
        | Action::QuestionMove { .. }
        | Action::QuestionEdit { .. }
        | Action::QuestionAssign { .. }
        | Action::QuestionRemoveSpan { .. }
        | Action::NoMoreQuestions { .. }
        | Action::QuestionsSkip { .. } => {
            if !state.submitted {
                question_cards::apply(task, &mut next, action);
            }
        }
        Action::Labels(l) => {
            if !state.submitted {
                labels::apply(task, &mut next, LabelAction::clone(&l));
            }
        }
        Action::SpanValue { .. }
        | Action::AssignSelection { .. }
        | Action::RemoveSpan { .. }
        | Action::RemoveEntry { .. } => {
            if !state.submitted {
                spans::apply(task, &mut next, action);
            }
        }
        Action::GridChoose {
            control,
            row,
            column,
            value,
        } => {
            if let Some(Control::Grid(g)) = spec.control(&control) {
                if !state.submitted && grid_choice_fits(g, item, row, &column, &value) {
                    grid_choose(g, &mut next, row, column, value);
                }
            }
        }
        Action::GridClearRow { control, row } => {
            let is_grid = matches!(spec.control(&control), Some(Control::Grid(_)));
            if is_grid && !state.submitted {
                let mut cells = grid::cells(next.answers.get(&control));
                cells.remove(&row);
                set_grid(&mut next.answers, control, cells);
                next.grid_notice = None;
            }
        }
        Action::GridUndo => {
            let notice = state.grid_notice.clone().filter(|n| {
                matches!(spec.control(&n.control), Some(Control::Grid(_))) && !state.submitted
            });
            if let Some(n) = notice {
                let mut cells = grid::cells(next.answers.get(&n.control));
                if n.previous.is_empty() {
                    cells.remove(&n.row);
                } else {
                    cells.insert(n.row, n.previous);
                }
                set_grid(&mut next.answers, n.control, cells);
                next.grid_notice = None;
            }
        }
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

/// Keeps `answer` as the control's answer (`None`: the control has none).
fn put(answers: &mut Answers, control: ControlId, answer: Option<Answer>) {
    match answer {
        Some(a) => answers.insert(control, a),
        None => answers.remove(&control),
    };
}

/// A change the control's kind works out from the answer as it stands: `kind(control,
/// current)` is `None` when the kind does not take it, `Some(None)` when no answer is left. A
/// submitted form, or an unknown control, stays as it was.
fn by_kind(
    task: &Task,
    state: &FormState,
    next: &mut FormState,
    control: ControlId,
    kind: impl FnOnce(&Control, Option<&Answer>) -> Option<Option<Answer>>,
) {
    let Some(c) = task.spec.control(&control).filter(|_| !state.submitted) else {
        return;
    };
    if let Some(answer) = kind(c, state.answers.get(&control)) {
        put(&mut next.answers, control, answer);
    }
}

fn set_number(answers: &mut Answers, control: ControlId, key: Option<String>, text: String) {
    match key {
        None if text.is_empty() => {
            answers.remove(&control);
        }
        None => {
            answers.insert(control, Answer::NumberText(Gate::gate(text)));
        }
        Some(key) => {
            let entry = answers.entry(control.clone()).or_insert_with(|| {
                Answer::NumberTexts(Gate::gate(SortedMap::<String, String>::new()))
            });
            if let Answer::NumberTexts(map) = entry {
                if text.is_empty() {
                    map.remove(&key);
                } else {
                    map.insert(key, text);
                }
                if map.is_empty() {
                    answers.remove(&control);
                }
            }
        }
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

/// The span control with this id.
fn span_control<'a>(task: &'a Task, id: &ControlId) -> Option<&'a SpanAttributes> {
    match task.spec.control(id) {
        Some(Control::SpanAttributes(c)) => Some(c),
        _ => None,
    }
}
