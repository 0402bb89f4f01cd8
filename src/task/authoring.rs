//! The session's running tally of authored questions (the card's own figures are the
//! question-authoring kind's).

use crate::answer::QuestionSet;
use crate::support::sorted_map::SortedMap;
use crate::task::Task;
use serde::{Deserialize, Serialize};

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
