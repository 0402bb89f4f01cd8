//! Rule `required`: a required control (or each box of it) must have an answer.

use super::{AnswerPath, Problem, ProblemCode};
use crate::i18n::Msg;

/// Reports a missing answer at `path` of a required control. `msg` is the message that fits
/// the control (choose an option / enter a number).
pub fn apply(path: AnswerPath, required: bool, filled: bool, msg: Msg) -> Option<Problem> {
    (required && !filled).then(|| Problem::error(path, ProblemCode::Required, msg, vec![]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::support::ids::ControlId;
    use crate::validate::Severity;

    #[test]
    fn missing_answer_to_required_control_is_an_error() {
        let id = ControlId::from("giudizio");
        let p =
            apply(AnswerPath::whole(&id), true, false, Msg::ErrRequiredChoice).expect("a problem");
        assert_eq!(
            (p.code, p.severity, p.path.as_str()),
            (ProblemCode::Required, Severity::Error, "giudizio")
        );
    }

    #[test]
    fn answered_or_optional_controls_pass() {
        let id = ControlId::from("giudizio");
        assert_eq!(
            apply(AnswerPath::whole(&id), true, true, Msg::ErrRequiredChoice),
            None
        );
        assert_eq!(
            apply(AnswerPath::whole(&id), false, false, Msg::ErrRequiredChoice),
            None
        );
    }
}
