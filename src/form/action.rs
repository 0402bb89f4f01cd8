//! What the annotator (or the page) does: one typed action per change, with its edits.

use crate::support::family::{Labels, Wholes};
use crate::support::ids::{ControlId, OptionValue};

/// Something the annotator (or the page) did.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// Set a control's whole answer (`None`: clear it), for kinds whose answer is one value the
    /// screen makes at once (a scale point, a slider position, a set of labels, an order):
    /// taken only when the control's kind accepts it (`FormKind::accepts`), so such a kind
    /// needs no action of its own. Not in the `choice` build, whose kinds have actions of their
    /// own.
    SetAnswer(Wholes<SetAnswer>),
    /// Tick or untick one option of a kind whose answer is a set (a multiple choice), against
    /// the answer as it stands when the action is applied (two fast keys both count): taken
    /// only when the kind toggles (`FormKind::toggled`).
    Toggle(Wholes<Toggle>),
    /// Set (or clear) one point of a scale or a slider (`key` = output id, `None` for a single
    /// one), against the answer as it stands: taken only when the kind takes points
    /// (`FormKind::pointed`).
    SetPoint(Wholes<SetPoint>),
    /// Judge a pair (for one criterion, or the one judgement): the better output, a tie, or how
    /// much better; against the answer as it stands (`FormKind::preferred`).
    Prefer(Wholes<Prefer>),
    /// Change a ranking (`FormKind::ranked`, applied to the answer as it stands).
    Rank(Wholes<Rank>),
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
    /// A change to a labelled-span control (see [`LabelEdit`]).
    Labels(Labels<LabelAction>),
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
            Action::SetAnswer(set) => Some(&set.control),
            Action::Toggle(t) => Some(&t.control),
            Action::SetPoint(p) => Some(&p.control),
            Action::Prefer(p) => Some(&p.control),
            Action::Rank(r) => Some(&r.control),
            Action::Labels(l) => Some(&l.control),
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
            | Action::SubmitRefused { .. }
            | Action::Submitted { .. }
            | Action::Visibility { .. } => None,
        }
    }
}

/// A control's whole answer, set at once ([`Action::SetAnswer`]).
#[derive(Clone, Debug, PartialEq)]
pub struct SetAnswer {
    /// The control.
    pub control: ControlId,
    /// The answer (`None`: clear it).
    pub answer: Option<crate::answer::Answer>,
}

/// One point set on a scale or a slider ([`Action::SetPoint`]).
#[derive(Clone, Debug, PartialEq)]
pub struct SetPoint {
    /// The control.
    pub control: ControlId,
    /// The output id (`None` for a single scale or slider).
    pub key: Option<String>,
    /// The point (`None`: clear it).
    pub point: Option<crate::answer::Point>,
}

impl SetPoint {
    /// The action setting `point` for `key` (an output id, `None` for a single one).
    pub fn action(control: &ControlId, key: Option<String>, point: crate::answer::Point) -> Action {
        Action::SetPoint(crate::support::family::Gate::gate(SetPoint {
            control: control.clone(),
            key,
            point: Some(point),
        }))
    }
}

/// A change to a ranking ([`Action::Rank`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Rank {
    /// The control.
    pub control: ControlId,
    /// What changes.
    pub edit: RankEdit,
}

/// What changes in a ranking.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RankEdit {
    /// The output takes the next rank (tap in order); tapped again while ranked last, it is
    /// unranked.
    Next(String),
    /// The output moves one place up (towards the best) or down, swapping with its neighbour.
    Move {
        /// The output.
        id: String,
        /// Towards the best.
        up: bool,
    },
    /// The output is dropped at a place of the list as shown (ranked outputs from the best,
    /// then the unranked ones): it is ranked there, the outputs after it one down. A place past
    /// the ranked outputs ranks it last. Dropped between two tied outputs, it parts them.
    Place {
        /// The output.
        id: String,
        /// The place in the list without it, from 0.
        at: usize,
    },
    /// The output shares the rank of the one ranked just before it (ties allowed), or leaves
    /// the tie.
    Tie(String),
    /// Every rank is cleared.
    Clear,
    /// Best–worst: the best output (it stops being the worst).
    Best(String),
    /// Best–worst: the worst output (it stops being the best).
    Worst(String),
}

/// A pairwise judgement ([`Action::Prefer`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Prefer {
    /// The control.
    pub control: ControlId,
    /// The criterion (`None` for the one judgement).
    pub criterion: Option<String>,
    /// What changes.
    pub edit: PreferEdit,
}

/// What a pairwise action changes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PreferEdit {
    /// This output is the better one (its strength, if any, is cleared).
    Winner(String),
    /// About the same.
    Tie,
    /// How much better (the winner stays).
    Strength(String),
}

/// One option ticked or unticked ([`Action::Toggle`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Toggle {
    /// The control.
    pub control: ControlId,
    /// The option.
    pub value: OptionValue,
}

/// A change to a labelled-span control ([`Action::Labels`]).
#[derive(Clone, Debug, PartialEq)]
pub struct LabelAction {
    /// The control.
    pub control: ControlId,
    /// What changes.
    pub edit: LabelEdit,
}

/// What changes in a labelled-span control.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LabelEdit {
    /// A label's button or key: labels the complete selection when there is one; otherwise
    /// picks the label to mark with (the brush), or puts it down when it is the brush already.
    Pick(OptionValue),
    /// Sets the brush (`None`: marking, then labelling).
    Brush(Option<OptionValue>),
    /// Gives a span another label.
    Relabel {
        /// The span's position in the answer.
        span: usize,
        /// The new label.
        label: OptionValue,
    },
    /// Sets (or clears) one attribute of a span.
    Attribute {
        /// The span's position.
        span: usize,
        /// The attribute's id.
        attr: String,
        /// The value or note (`None`: empty).
        value: Option<String>,
    },
    /// Removes a span.
    Remove(usize),
    /// Ticks or unticks "nothing to mark" (ticking it removes every span).
    Nothing(bool),
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
