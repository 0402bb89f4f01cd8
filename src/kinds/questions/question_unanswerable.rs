//! Rule `no_unanswerable` (warning): about one question in five should be unanswerable over the
//! whole dataset, so an item with none is worth a second look — never a block, since the share
//! is kept across items, not per paragraph.

use crate::validate::{AnswerPath, ListRule, Problem, ProblemCode};
use crate::answer::QuestionSet;
use crate::i18n::Msg;
use crate::spec::QuestionsControl;

/// Warns when an item with questions has no unanswerable one.
pub fn apply(c: &QuestionsControl, set: &QuestionSet) -> Option<Problem> {
    let none = c.unanswerable_share > 0
        && !set.cards.is_empty()
        && !set.cards.iter().any(|q| q.unanswerable);
    none.then(|| {
        Problem::warning(
            AnswerPath::list(&c.id, ListRule::Unanswerable),
            ProblemCode::NoUnanswerable,
            Msg::WarnNoUnanswerable,
            vec![("n", c.unanswerable_share.to_string())],
        )
    })
}
