//! Rule `unknown_value` for question categories: a chosen category is one of the spec's. The
//! widget cannot choose another; tampered results can.

use crate::validate::{AnswerPath, Problem, ProblemCode, QuestionPart};
use crate::answer::QuestionCard;
use crate::i18n::Msg;
use crate::spec::QuestionsControl;

/// Checks the category of the question at `path`.
pub fn apply(c: &QuestionsControl, path: &AnswerPath, card: &QuestionCard) -> Option<Problem> {
    let value = card.category.as_ref()?;
    c.category(value).is_none().then(|| {
        Problem::error(
            path.part(QuestionPart::Category),
            ProblemCode::UnknownValue,
            Msg::ErrUnknownValue,
            vec![("value", value.clone())],
        )
    })
}
