//! Rule `question_empty` / `question_mark`: every question has text and, when the spec asks
//! for it, ends with a question mark.

use crate::validate::{AnswerPath, Problem, ProblemCode, QuestionPart};
use crate::i18n::Msg;
use crate::spec::QuestionsControl;

/// Checks the text of the question at `path` (`qa[2]`).
pub fn apply(c: &QuestionsControl, path: &AnswerPath, question: &str) -> Option<Problem> {
    let text = question.trim();
    let (code, msg) = if text.is_empty() {
        (ProblemCode::QuestionEmpty, Msg::ErrQuestionEmpty)
    } else if c.question_mark && !text.ends_with(['?', '？']) {
        (ProblemCode::QuestionMark, Msg::ErrQuestionMark)
    } else {
        return None;
    };
    Some(Problem::error(
        path.part(QuestionPart::Question),
        code,
        msg,
        vec![],
    ))
}
