//! Rule `too_few_questions` / `too_many_questions`: an item gets the spec's target number of
//! questions, fewer only with "no more questions possible" ticked, and never more than the
//! maximum.

use crate::validate::{AnswerPath, ListRule, Problem, ProblemCode};
use crate::answer::QuestionSet;
use crate::i18n::Msg;
use crate::spec::QuestionsControl;

/// Checks the number of questions.
pub fn apply(c: &QuestionsControl, set: &QuestionSet) -> Option<Problem> {
    let n = set.cards.len();
    let (code, msg, limit) = if n > c.max {
        (
            ProblemCode::TooManyQuestions,
            Msg::ErrTooManyQuestions,
            c.max,
        )
    } else if n < c.target && !set.no_more {
        (
            ProblemCode::TooFewQuestions,
            Msg::ErrTooFewQuestions,
            c.target,
        )
    } else if n == 0 {
        (ProblemCode::TooFewQuestions, Msg::ErrNoQuestions, 1)
    } else {
        return None;
    };
    Some(Problem::error(
        AnswerPath::list(&c.id, ListRule::Count),
        code,
        msg,
        vec![("n", limit.to_string()), ("have", n.to_string())],
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::answer::QuestionCard;

    fn control() -> QuestionsControl {
        crate::spec::parse_json(
            r#"{"id":"qa","label":"Pytania","text_field":"p","text_label":"Akapit","target":3,"max":4}"#,
            "",
        )
        .unwrap()
    }

    fn set(n: usize, no_more: bool) -> QuestionSet {
        QuestionSet {
            cards: vec![QuestionCard::default(); n],
            no_more,
            skipped: None,
        }
    }

    #[test]
    fn fewer_than_the_target_only_with_the_box() {
        let c = control();
        assert_eq!(
            apply(&c, &set(2, false)).map(|p| p.code),
            Some(ProblemCode::TooFewQuestions)
        );
        assert_eq!(apply(&c, &set(2, true)), None);
        assert_eq!(apply(&c, &set(3, false)), None);
        assert_eq!(
            apply(&c, &set(0, true)).map(|p| p.code),
            Some(ProblemCode::TooFewQuestions)
        );
        assert_eq!(
            apply(&c, &set(5, true)).map(|p| p.code),
            Some(ProblemCode::TooManyQuestions)
        );
    }
}
