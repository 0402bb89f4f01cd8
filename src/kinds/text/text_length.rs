//! Rule `text_length`: a required text is not blank, and no text is longer than allowed.

use crate::validate::{AnswerPath, Problem, ProblemCode};
use crate::i18n::Msg;
use crate::spec::TextControl;

/// Checks a text control's text.
pub fn apply(c: &TextControl, text: &str) -> Option<Problem> {
    let path = AnswerPath::whole(&c.id);
    if c.required && text.trim().is_empty() {
        return Some(Problem::error(
            path,
            ProblemCode::Required,
            Msg::ErrRequiredText,
            vec![],
        ));
    }
    let len = text.chars().count();
    (len > c.max_length).then(|| {
        Problem::error(
            path,
            ProblemCode::TextTooLong,
            Msg::ErrTextTooLong,
            vec![("n", c.max_length.to_string())],
        )
    })
}
