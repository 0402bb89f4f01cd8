//! Question authoring bound to a task: the text a card's fragments cover, its base form, the
//! sentences holding its answer and its lexical overlap, and the session's running tally.

use crate::answer::{QuestionCard, QuestionSet, SpanValue};
use crate::spec::QuestionsControl;
use crate::support::sorted_map::SortedMap;
use crate::task::Task;
use crate::text::overlap::{self, FunctionWords, Overlap};
use serde::{Deserialize, Serialize};

/// The function words of a control, as the task built them.
pub fn function_words<'t>(task: &'t Task, c: &QuestionsControl) -> &'t FunctionWords {
    task.function_words(c.id.as_str())
}

/// The card's fragments with their text and offsets (fragments outside the text are left out).
pub fn fragments(task: &Task, c: &QuestionsControl, card: &QuestionCard) -> Vec<SpanValue> {
    let Some((text, tokens)) = task.span_text(c.text_field.as_str()) else {
        return Vec::new();
    };
    card.spans
        .iter()
        .filter_map(|s| SpanValue::of(&text, &tokens, s))
        .collect()
}

/// The base form the fragments suggest: their text, joined by ", " when there are several.
pub fn suggested_base_form(task: &Task, c: &QuestionsControl, card: &QuestionCard) -> String {
    fragments(task, c, card)
        .into_iter()
        .map(|f| f.text)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The card's base form: as edited, or else as the fragments suggest (never for yes/no
/// questions, whose base form is chosen).
pub fn base_form(task: &Task, c: &QuestionsControl, card: &QuestionCard) -> String {
    match (&card.base_form, card.yes_no) {
        (Some(b), _) => b.clone(),
        (None, true) => String::new(),
        (None, false) => suggested_base_form(task, c, card),
    }
}

/// The lexical overlap of the card's question with the sentence(s) holding its fragments
/// (zero content words shared while no fragment is marked).
pub fn card_overlap(
    task: &Task,
    c: &QuestionsControl,
    card: &QuestionCard,
    function: &FunctionWords,
) -> Overlap {
    let field = c.text_field.as_str();
    let (Some((text, tokens)), false) = (task.span_text(field), card.spans.is_empty()) else {
        return overlap::overlap(&card.question, "", function);
    };
    let ranges: Vec<(usize, usize)> = card
        .spans
        .iter()
        .filter_map(|s| tokens.byte_range(s.first, s.last))
        .collect();
    let sentence = overlap::sentences_around(&text, &ranges);
    overlap::overlap(&card.question, &sentence, function)
}

/// Running totals of the questions an annotator has submitted in this session (across items),
/// kept by the host in browser storage, for the manual's target proportions.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    /// Items submitted.
    pub items: u32,
    /// Questions submitted.
    pub questions: u32,
    /// Unanswerable questions.
    pub unanswerable: u32,
    /// Yes/no questions.
    pub yes_no: u32,
    /// Yes/no questions among the unanswerable ones (the manual wants the yes/no share alike
    /// among answerable and unanswerable questions).
    pub yes_no_unanswerable: u32,
    /// Questions per category value (uncategorised ones are not counted here).
    pub categories: SortedMap<String, u32>,
}

impl Tally {
    /// Adds one item's questions.
    pub fn add(&mut self, set: &QuestionSet) {
        if set.skipped.is_some() {
            return; // a skipped paragraph asks no question
        }
        self.items += 1;
        for card in &set.cards {
            self.questions += 1;
            self.unanswerable += u32::from(card.unanswerable);
            self.yes_no += u32::from(card.yes_no);
            self.yes_no_unanswerable += u32::from(card.yes_no && card.unanswerable);
            if let Some(cat) = &card.category {
                *self.categories.entry(cat.clone()).or_default() += 1;
            }
        }
    }

    /// This tally plus one more (unsubmitted) item, without counting it as an item.
    pub fn with_current(&self, set: Option<&QuestionSet>) -> Tally {
        let mut t = self.clone();
        if let Some(set) = set.filter(|s| s.skipped.is_none()) {
            t.add(set);
            t.items -= 1;
        }
        t
    }

    /// A share in percent, rounded (0 when there is nothing to divide by).
    pub fn percent(part: u32, whole: u32) -> u32 {
        (part * 100 + whole / 2).checked_div(whole).unwrap_or(0)
    }

    /// The storage key of a session's tally: spec id and version and the host's ids.
    pub fn storage_key(task: &Task, ids: &SortedMap<String, String>) -> String {
        format!(
            "glossa:tally/1:{}@{}:{}",
            task.spec.id,
            task.spec.version,
            crate::support::ids::ids_key(ids)
        )
    }
}
