//! Rule `choice_count`: a multiple choice ticks at least `min` and at most `max` options ("none
//! of these" counts as one).

use crate::validate::{AnswerPath, Problem, ProblemCode};
use crate::i18n::Msg;

/// Reports too few or too many ticked options.
pub fn apply(path: AnswerPath, ticked: usize, min: usize, max: Option<usize>) -> Option<Problem> {
    if ticked < min {
        let n = min.to_string();
        return Some(Problem::error(
            path,
            ProblemCode::ChoicesTooFew,
            Msg::ErrChooseAtLeast,
            vec![("n", n)],
        ));
    }
    match max {
        Some(max) if ticked > max => Some(Problem::error(
            path,
            ProblemCode::ChoicesTooMany,
            Msg::ErrChooseAtMost,
            vec![("n", max.to_string())],
        )),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::support::ids::ControlId;

    #[test]
    fn between_min_and_max() {
        let id = ControlId::from("emozioni");
        let code = |n, min, max| apply(AnswerPath::whole(&id), n, min, max).map(|p| p.code);
        assert_eq!(code(0, 1, None), Some(ProblemCode::ChoicesTooFew));
        assert_eq!(code(1, 1, None), None);
        assert_eq!(code(3, 1, Some(2)), Some(ProblemCode::ChoicesTooMany));
        assert_eq!(code(2, 1, Some(2)), None);
        assert_eq!(code(0, 0, None), None);
    }
}
