//! Question authoring's edits: cards added, edited, moved and removed, fragments assigned from
//! the selection, the "no more questions" box and skipping the paragraph.

use crate::answer::{Answer, QuestionCard, QuestionSet};
use crate::form::{Action, FormKind, FormState};
use crate::spec::QuestionsControl;
use crate::support::family::Gate;
use crate::support::ids::ControlId;
use super::authoring::suggested_base_form;
use crate::task::Task;

/// What the annotator does in question authoring.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum QuestionsEdit {
    /// Add a question card (at the end).
    Add,
    /// Remove a card.
    Remove(usize),
    /// Move a card to another position.
    Move {
        /// The card's position.
        card: usize,
        /// Its new position.
        to: usize,
    },
    /// Change one field of a card. The first card exists on screen before it holds anything;
    /// its first edit creates it.
    Card {
        /// The card's position.
        card: usize,
        /// What changes.
        edit: QuestionEdit,
    },
    /// Add the complete selection to a card as an answer fragment.
    Assign(usize),
    /// Remove one answer fragment of a card.
    RemoveSpan {
        /// The card's position.
        card: usize,
        /// The fragment's position in the card.
        index: usize,
    },
    /// Skip the paragraph for a reason (one of the spec's `skip_reasons`), or take the skip
    /// back (`None`).
    Skip(Option<String>),
    /// Tick or untick "no more questions possible".
    NoMore(bool),
}

/// A change to one field of a question card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum QuestionEdit {
    /// The question's text.
    Text(String),
    /// "Unanswerable question".
    Unanswerable(bool),
    /// "Yes/no question" (resets the base form; picks the yes/no category when the spec has one).
    YesNo(bool),
    /// The base form (for a yes/no question: one of the spec's yes/no values). Typing back the
    /// fragments' own text returns the card to following its fragments.
    BaseForm(String),
    /// The category (`None` = none chosen).
    Category(Option<String>),
    /// Fold or unfold the card.
    Collapsed(bool),
}

impl FormKind for QuestionsControl {
    type Edit = QuestionsEdit;

    fn edit(&self, task: &Task, control: &ControlId, edit: QuestionsEdit, next: &mut FormState) {
        apply(task, self, next, control, edit);
    }

    fn replay(&self, control: &ControlId, answer: &Answer) -> Vec<Action> {
        let Answer::Questions(set) = answer else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for (card, q) in set.cards.iter().enumerate() {
            let edit = |edit| self.action(QuestionsEdit::Card { card, edit });
            if card > 0 {
                out.push(self.action(QuestionsEdit::Add));
            }
            out.push(edit(QuestionEdit::Text(q.question.clone())));
            out.push(edit(QuestionEdit::YesNo(q.yes_no)));
            out.push(edit(QuestionEdit::Category(q.category.clone())));
            out.push(edit(QuestionEdit::Unanswerable(q.unanswerable)));
            for span in &q.spans {
                out.push(Action::Select {
                    control: control.clone(),
                    anchor: span.first,
                    focus: span.last,
                    complete: true,
                });
                out.push(self.action(QuestionsEdit::Assign(card)));
            }
            if let Some(b) = &q.base_form {
                out.push(edit(QuestionEdit::BaseForm(b.clone())));
            }
            out.push(edit(QuestionEdit::Collapsed(q.collapsed)));
        }
        out.push(self.action(QuestionsEdit::NoMore(set.no_more)));
        if set.skipped.is_some() {
            out.push(self.action(QuestionsEdit::Skip(set.skipped.clone())));
        }
        out.push(Action::ClearSelection);
        out
    }
}

/// Applies a question edit.
fn apply(
    task: &Task,
    c: &QuestionsControl,
    form: &mut FormState,
    control_id: &ControlId,
    edit: QuestionsEdit,
) {
    let control_id = control_id.clone();
    let mut set = match form.answers.get(&control_id) {
        Some(Answer::Questions(s)) => QuestionSet::clone(s),
        _ => QuestionSet::default(),
    };
    match edit {
        QuestionsEdit::Add => {
            // The screen always shows one card: adding to an empty list adds the second one.
            let wanted = set.cards.len().max(1) + 1;
            while set.cards.len() < wanted.min(c.max) {
                push_card(&mut set);
            }
        }
        QuestionsEdit::Remove(card) => {
            if card < set.cards.len() {
                set.cards.remove(card);
            }
        }
        QuestionsEdit::Move { card, to } => {
            if card < set.cards.len() && to < set.cards.len() {
                let moved = set.cards.remove(card);
                set.cards.insert(to, moved);
            }
        }
        QuestionsEdit::Card { card, edit } => {
            if !ensure_card(c, &mut set, card) {
                return;
            }
            edit_card(task, c, &mut set.cards[card], edit);
        }
        QuestionsEdit::Assign(card) => {
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
        QuestionsEdit::RemoveSpan { card, index } => {
            if let Some(q) = set.cards.get_mut(card) {
                if index < q.spans.len() {
                    q.spans.remove(index);
                }
                follow_if_same(task, c, q);
            }
        }
        QuestionsEdit::NoMore(on) => set.no_more = on,
        QuestionsEdit::Skip(reason) => {
            set.skipped = reason.filter(|r| c.skip_reasons.iter().any(|s| &s.value == r));
        }
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
