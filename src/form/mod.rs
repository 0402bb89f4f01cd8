//! The form model: the state of one item being annotated, and the one pure function that
//! changes it. Time comes in with the actions (the core has no clock).

mod questions;
mod spans;

use crate::answer::{Answer, Answers, GridCells, WordSpan};
use crate::grid;
use crate::ids::{ControlId, OptionValue};
use crate::item::Item;
use crate::sorted_map::{SortedMap, SortedSet};
use crate::spec::Control;
use crate::spec::{GridControl, SpanAttributes};
use crate::task::Task;
use crate::validate::{self, number_keys, Report};

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
    /// Type into a number box (`key` = output id, `None` for a single box). The text is kept as
    /// typed; validation says what is wrong with it.
    SetNumber {
        /// The control.
        control: ControlId,
        /// The output id, for a number asked per output.
        key: Option<String>,
        /// The text in the box.
        text: String,
    },
    /// Choose an option in a grid cell. Choosing in one alternative clears the row's other
    /// alternatives (recorded in [`FormState::grid_notice`] so it can be undone).
    GridChoose {
        /// The grid.
        control: ControlId,
        /// The row (from 0).
        row: usize,
        /// The column id.
        column: String,
        /// The option (a leaf value).
        value: String,
    },
    /// Empty a grid row.
    GridClearRow {
        /// The grid.
        control: ControlId,
        /// The row (from 0).
        row: usize,
    },
    /// Undo the last automatic clearing in a grid row.
    GridUndo,
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
    /// Set (or clear) a span attribute's value. `entry` is 0 for a plain attribute; for a
    /// repeatable one, an existing entry.
    SpanValue {
        /// The span control.
        control: ControlId,
        /// The attribute id.
        attr: String,
        /// The entry.
        entry: usize,
        /// The value, or `None` for the empty placeholder.
        value: Option<String>,
    },
    /// Add the complete selection to an attribute as a span. `entry` `None` on a repeatable
    /// attribute starts a new entry.
    AssignSelection {
        /// The span control.
        control: ControlId,
        /// The attribute id.
        attr: String,
        /// The entry (see above).
        entry: Option<usize>,
    },
    /// Remove one span of an attribute entry.
    RemoveSpan {
        /// The span control.
        control: ControlId,
        /// The attribute id.
        attr: String,
        /// The entry.
        entry: usize,
        /// The span's position in the entry.
        index: usize,
    },
    /// Remove an entry of a repeatable attribute.
    RemoveEntry {
        /// The span control.
        control: ControlId,
        /// The attribute id.
        attr: String,
        /// The entry.
        entry: usize,
    },
    /// Add a question card (at the end).
    QuestionAdd {
        /// The questions control.
        control: ControlId,
    },
    /// Remove a question card.
    QuestionRemove {
        /// The questions control.
        control: ControlId,
        /// The card's position.
        card: usize,
    },
    /// Move a question card to another position.
    QuestionMove {
        /// The questions control.
        control: ControlId,
        /// The card's position.
        card: usize,
        /// Its new position.
        to: usize,
    },
    /// Change one field of a question card. The first card exists on screen before it holds
    /// anything; its first edit creates it.
    QuestionEdit {
        /// The questions control.
        control: ControlId,
        /// The card's position.
        card: usize,
        /// What changes.
        edit: QuestionEdit,
    },
    /// Add the complete selection to a card as an answer fragment.
    QuestionAssign {
        /// The questions control.
        control: ControlId,
        /// The card's position.
        card: usize,
    },
    /// Remove one answer fragment of a card.
    QuestionRemoveSpan {
        /// The questions control.
        control: ControlId,
        /// The card's position.
        card: usize,
        /// The fragment's position in the card.
        index: usize,
    },
    /// Skip the paragraph for a reason (one of the spec's `skip_reasons`), or take the skip back
    /// (`None`).
    QuestionsSkip {
        /// The questions control.
        control: ControlId,
        /// The reason's value.
        reason: Option<String>,
    },
    /// Tick or untick "no more questions possible".
    NoMoreQuestions {
        /// The questions control.
        control: ControlId,
        /// Ticked.
        on: bool,
    },
    /// Type into a text control.
    SetText {
        /// The control.
        control: ControlId,
        /// The whole text.
        text: String,
    },
    /// The annotator left a box: from now on its problems show.
    Leave {
        /// The box's path (see [`validate::box_path`]).
        path: String,
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

impl Action {
    /// The control an action is about (`None` for actions on the whole form).
    pub fn control(&self) -> Option<&ControlId> {
        match self {
            Action::Choose { control, .. }
            | Action::SetNumber { control, .. }
            | Action::GridChoose { control, .. }
            | Action::GridClearRow { control, .. }
            | Action::Select { control, .. }
            | Action::TapWord { control, .. }
            | Action::SpanValue { control, .. }
            | Action::AssignSelection { control, .. }
            | Action::RemoveSpan { control, .. }
            | Action::RemoveEntry { control, .. }
            | Action::QuestionAdd { control }
            | Action::QuestionRemove { control, .. }
            | Action::QuestionMove { control, .. }
            | Action::QuestionEdit { control, .. }
            | Action::QuestionAssign { control, .. }
            | Action::QuestionRemoveSpan { control, .. }
            | Action::NoMoreQuestions { control, .. }
            | Action::QuestionsSkip { control, .. }
            | Action::SetText { control, .. }
            | Action::Clear { control } => Some(control),
            Action::GridUndo
            | Action::ClearSelection
            | Action::Leave { .. }
            | Action::SubmitRefused
            | Action::Submitted { .. }
            | Action::Visibility { .. } => None,
        }
    }
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
            selection: None,
            submitted: false,
            started_ms: now_ms,
            active_ms: 0,
            visible_since: Some(now_ms),
            timing_dropped: false,
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
            _ => None,
        }
    }

    /// The text in one box of a number control.
    pub fn number_text(&self, control: &ControlId, key: Option<&str>) -> &str {
        Answer::number_text(self.answers.get(control), key)
    }

    /// The validation report of the current answers.
    pub fn report(&self, task: &Task) -> Report {
        validate::validate(task, &self.answers)
    }

    /// Whether the problems at `path` are shown now (after a submit attempt or leaving the box).
    pub fn shows_problems_at(&self, path: &str) -> bool {
        !self.submitted && (self.submit_attempted || self.touched.contains(path))
    }
}

/// Applies an action. Actions that do not fit the spec and item (an unknown control, option or
/// output) and changes to a submitted form leave the state as it was.
pub fn apply(task: &Task, state: &FormState, action: Action) -> FormState {
    let (spec, item) = (&task.spec, &task.item);
    let mut next = state.clone();
    match action {
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
                questions::apply(task, &mut next, action);
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
            if !state.submitted {
                let mut cells = grid::cells(next.answers.get(&control));
                cells.remove(&row);
                set_grid(&mut next.answers, control, cells);
                next.grid_notice = None;
            }
        }
        Action::GridUndo => {
            if let (Some(n), false) = (state.grid_notice.clone(), state.submitted) {
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

fn set_number(answers: &mut Answers, control: ControlId, key: Option<String>, text: String) {
    match key {
        None if text.is_empty() => {
            answers.remove(&control);
        }
        None => {
            answers.insert(control, Answer::NumberText(text));
        }
        Some(key) => {
            let entry = answers
                .entry(control.clone())
                .or_insert_with(|| Answer::NumberTexts(Default::default()));
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

/// A grid choice fits when the row has its sentence, the column has the option, and the option
/// is not the missing-sentence answer (which only rows without a sentence hold).
fn grid_choice_fits(g: &GridControl, item: &Item, row: usize, column: &str, value: &str) -> bool {
    let present = grid::rows(g, item).get(row).is_some_and(Option::is_some);
    let known = g.column(column).and_then(|c| c.leaf(value)).is_some();
    present && known && !grid::is_missing_value(g, column, value)
}

fn grid_choose(g: &GridControl, form: &mut FormState, row: usize, column: String, value: String) {
    let mut cells = grid::cells(form.answers.get(&g.id));
    let previous = cells.get(&row).cloned().unwrap_or_default();
    let mut current = previous.clone();
    let group = g.alternative_of(&column);
    let cleared: Vec<String> = current
        .keys()
        .filter(|col| group.is_some() && g.alternative_of(col) != group)
        .cloned()
        .collect();
    for col in &cleared {
        current.remove(col);
    }
    current.insert(column, value);
    cells.insert(row, current);
    form.grid_notice = (!cleared.is_empty()).then(|| GridNotice {
        control: g.id.clone(),
        row,
        previous,
        cleared,
    });
    set_grid(&mut form.answers, g.id.clone(), cells);
}

fn set_grid(answers: &mut Answers, control: ControlId, cells: GridCells) {
    if cells.is_empty() {
        answers.remove(&control);
    } else {
        answers.insert(control, Answer::Grid(cells));
    }
}

/// The number of words of the text a span or questions control picks from (0 for others).
fn span_words(task: &Task, control: &ControlId) -> usize {
    let field = match task.spec.control(control) {
        Some(Control::SpanAttributes(c)) => Some(c.text_field.as_str()),
        Some(Control::Questions(c)) => Some(c.text_field.as_str()),
        _ => None,
    };
    field
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
