//! Rule `answer_missing`: every question has at least one answer fragment in the paragraph
//! (for an unanswerable question, the fragment that seems to answer it).

use crate::validate::{AnswerPath, Problem, ProblemCode, QuestionPart};
use crate::answer::QuestionCard;
use crate::i18n::Msg;

/// Checks the fragments of the question at `path`.
pub fn apply(path: &AnswerPath, card: &QuestionCard) -> Option<Problem> {
    card.spans.is_empty().then(|| {
        let msg = if card.unanswerable {
            Msg::ErrPlausibleAnswerMissing
        } else {
            Msg::ErrAnswerMissing
        };
        Problem::error(
            path.part(QuestionPart::Answer),
            ProblemCode::AnswerMissing,
            msg,
            vec![],
        )
    })
}
