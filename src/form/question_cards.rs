//! The question-authoring part of the form model: cards added, edited, moved and removed,
//! fragments assigned from the selection, and the "no more questions" box.

use super::{Action, FormState, QuestionEdit};
use crate::answer::{Answer, QuestionCard, QuestionSet};
use crate::spec::{Control, QuestionsControl};
use crate::support::family::Gate;
use crate::support::ids::ControlId;
use crate::task::authoring::suggested_base_form;
use crate::task::Task;

/// The questions control with this id.
fn questions_control<'a>(task: &'a Task, id: &ControlId) -> Option<&'a QuestionsControl> {
    match task.spec.control(id) {
        Some(Control::Questions(c)) => Some(c),
        _ => None,
    }
}

/// Applies a question action (the caller checked the form is not submitted).
pub(super) fn apply(task: &Task, form: &mut FormState, action: Action) {
    let Some(control_id) = action.control().cloned() else {
        return;
    };
    let Some(c) = questions_control(task, &control_id) else {
        return;
    };
    let mut set = match form.answers.get(&control_id) {
        Some(Answer::Questions(s)) => QuestionSet::clone(s),
        _ => QuestionSet::default(),
    };
    match action {
        Action::QuestionAdd { .. } => {
            // The screen always shows one card: adding to an empty list adds the second one.
            let wanted = set.cards.len().max(1) + 1;
            while set.cards.len() < wanted.min(c.max) {
                push_card(&mut set);
            }
        }
        Action::QuestionRemove { card, .. } => {
            if card < set.cards.len() {
                set.cards.remove(card);
            }
        }
        Action::QuestionMove { card, to, .. } => {
            if card < set.cards.len() && to < set.cards.len() {
                let moved = set.cards.remove(card);
                set.cards.insert(to, moved);
            }
        }
        Action::QuestionEdit { card, edit, .. } => {
            if !ensure_card(c, &mut set, card) {
                return;
            }
            edit_card(task, c, &mut set.cards[card], edit);
        }
        Action::QuestionAssign { card, .. } => {
            let Some(sel) = form.complete_selection_in(&control_id).cloned() else {
                return;
            };
            if !ensure_card(c, &mut set, card) {
                return;
            }
            let span = sel.span();
            let q = &mut set.cards[card];
            if !q.spans.contains(&span) {
                q.spans.push(span);
            }
            follow_if_same(task, c, q);
            form.selection = None;
        }
        Action::QuestionRemoveSpan { card, index, .. } => {
            if let Some(q) = set.cards.get_mut(card) {
                if index < q.spans.len() {
                    q.spans.remove(index);
                }
                follow_if_same(task, c, q);
            }
        }
        Action::NoMoreQuestions { on, .. } => set.no_more = on,
        Action::QuestionsSkip { reason, .. } => {
            set.skipped = reason.filter(|r| c.skip_reasons.iter().any(|s| &s.value == r));
        }
        _ => return,
    }
    // A lone blank card is what the screen shows for an empty list anyway.
    if set.cards.len() == 1 && set.cards[0] == blank(set.cards[0].uid) {
        set.cards.clear();
    }
    if set == QuestionSet::default() {
        form.answers.remove(&control_id);
    } else {
        form.answers
            .insert(control_id, Answer::Questions(Gate::gate(set)));
    }
}

/// A base form written as the fragments now read is no edit: the card follows its fragments
/// again (as typing the fragment back does), so the same card always has the same state.
fn follow_if_same(task: &Task, c: &QuestionsControl, q: &mut QuestionCard) {
    if !q.yes_no && q.base_form.as_deref() == Some(suggested_base_form(task, c, q).as_str()) {
        q.base_form = None;
    }
}

fn blank(uid: u32) -> QuestionCard {
    QuestionCard {
        uid,
        ..QuestionCard::default()
    }
}

fn push_card(set: &mut QuestionSet) {
    let uid = set.cards.iter().map(|q| q.uid + 1).max().unwrap_or(0);
    set.cards.push(blank(uid));
}

/// Makes sure card `card` exists: the first card (shown before it holds anything) is created
/// by its first edit. False when the index is beyond the list.
fn ensure_card(c: &QuestionsControl, set: &mut QuestionSet, card: usize) -> bool {
    if card == set.cards.len() && card == 0 && c.max > 0 {
        push_card(set);
    }
    card < set.cards.len()
}

fn edit_card(task: &Task, c: &QuestionsControl, q: &mut QuestionCard, edit: QuestionEdit) {
    match edit {
        QuestionEdit::Text(text) => q.question = text,
        QuestionEdit::Unanswerable(on) => q.unanswerable = on,
        QuestionEdit::YesNo(on) => {
            if on != q.yes_no {
                q.yes_no = on;
                q.base_form = None;
                if let Some(cat) = &c.yes_no_category {
                    if on {
                        q.category = Some(cat.clone());
                    } else if q.category.as_ref() == Some(cat) {
                        q.category = None;
                    }
                }
            }
        }
        QuestionEdit::BaseForm(text) => {
            if q.yes_no {
                if c.yes_no_values.contains(&text) {
                    q.base_form = Some(text);
                }
            } else {
                // Only a base-form edit needs the fragments' text (not every keystroke).
                let follows = text == suggested_base_form(task, c, q);
                q.base_form = (!follows).then_some(text);
            }
        }
        QuestionEdit::Category(value) => {
            if value.as_ref().is_some_and(|v| c.category(v).is_none()) {
                return;
            }
            if let Some(cat) = &c.yes_no_category {
                let now_yes_no = value.as_ref() == Some(cat);
                if now_yes_no != q.yes_no {
                    q.yes_no = now_yes_no;
                    q.base_form = None;
                }
            }
            q.category = value;
        }
        QuestionEdit::Collapsed(on) => q.collapsed = on,
    }
}
