//! Rule `required`: a required control must have an answer.

use super::{Problem, ProblemCode, Severity};
use crate::answer::Answer;
use crate::ids::ControlId;

/// Reports a missing answer to a required control.
pub fn apply(id: &ControlId, required: bool, answer: Option<&Answer>) -> Option<Problem> {
    (required && answer.is_none()).then(|| Problem {
        path: id.to_string(),
        control: id.clone(),
        code: ProblemCode::Required,
        severity: Severity::Error,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ids::OptionValue;

    #[test]
    fn missing_answer_to_required_control_is_an_error() {
        let id = ControlId::from("giudizio");
        let p = apply(&id, true, None).expect("a problem");
        assert_eq!(
            (p.code, p.severity, p.path.as_str()),
            (ProblemCode::Required, Severity::Error, "giudizio")
        );
    }

    #[test]
    fn answered_or_optional_controls_pass() {
        let id = ControlId::from("giudizio");
        let a = Answer::Choice(OptionValue::from("x"));
        assert_eq!(apply(&id, true, Some(&a)), None);
        assert_eq!(apply(&id, false, None), None);
    }
}
