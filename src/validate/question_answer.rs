//! Rule `answer_missing`: every question has at least one answer fragment in the paragraph
//! (for an unanswerable question, the fragment that seems to answer it).

use super::{Problem, ProblemCode};
use crate::answer::QuestionCard;
use crate::i18n::Msg;
use crate::spec::QuestionsControl;

/// Checks the fragments of the question at `path`.
pub fn apply(c: &QuestionsControl, path: &str, card: &QuestionCard) -> Option<Problem> {
    card.spans.is_empty().then(|| {
        let msg = if card.unanswerable {
            Msg::ErrPlausibleAnswerMissing
        } else {
            Msg::ErrAnswerMissing
        };
        Problem::error(
            format!("{path}.answer"),
            c.id.clone(),
            ProblemCode::AnswerMissing,
            msg,
            vec![],
        )
    })
}
