//! Rule `base_form_empty` / `base_form_yes_no`: every question has a base form; a yes/no
//! question's is one of the spec's yes/no values ("Tak" / "Nie").

use crate::validate::{AnswerPath, Problem, ProblemCode, QuestionPart};
use crate::answer::QuestionCard;
use crate::i18n::Msg;
use crate::spec::QuestionsControl;

/// Checks the base form (`base`, as it would be recorded) of the question at `path`. An empty
/// base form of a card without fragments is left to the fragment rule.
pub fn apply(
    c: &QuestionsControl,
    path: &AnswerPath,
    card: &QuestionCard,
    base: &str,
) -> Option<Problem> {
    let (code, msg, params) = if card.yes_no && !c.yes_no_values.iter().any(|v| v == base) {
        let values = c.yes_no_values.join(" / ");
        (
            ProblemCode::BaseFormYesNo,
            Msg::ErrBaseFormYesNo,
            vec![("values", values)],
        )
    } else if !card.yes_no && base.trim().is_empty() && !card.spans.is_empty() {
        (ProblemCode::BaseFormEmpty, Msg::ErrBaseFormEmpty, vec![])
    } else {
        return None;
    };
    Some(Problem::error(
        path.part(QuestionPart::BaseForm),
        code,
        msg,
        params,
    ))
}
