//! Rule `question_skip`: a skipped paragraph names one of the spec's skip reasons. The PoQuAD
//! manual: paragraphs that are uninteresting or allow no worthwhile questions are to be
//! skipped, not given questions made up by force. A skipped paragraph asks nothing else.

use crate::validate::{AnswerPath, ListRule, Problem, ProblemCode};
use crate::i18n::Msg;
use crate::spec::QuestionsControl;

/// Checks the reason of a skipped paragraph.
pub fn apply(c: &QuestionsControl, reason: &str) -> Option<Problem> {
    (!c.skip_reasons.iter().any(|r| r.value == reason)).then(|| {
        Problem::error(
            AnswerPath::list(&c.id, ListRule::Skipped),
            ProblemCode::UnknownValue,
            Msg::ErrUnknownValue,
            vec![("value", reason.to_owned())],
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn control() -> QuestionsControl {
        crate::spec::from_value(&serde_json::json!({
            "id": "pytania", "label": "Pytania", "text_field": "paragraph", "text_label": "Akapit",
            "skip_reasons": [{"value": "nieinteresujacy", "label": "Akapit nieinteresujący"}]
        }))
        .unwrap()
    }

    #[test]
    fn a_reason_from_the_list_passes() {
        assert_eq!(apply(&control(), "nieinteresujacy"), None);
    }

    #[test]
    fn any_other_reason_is_an_unknown_value_at_skipped() {
        let p = apply(&control(), "nudny").unwrap();
        assert_eq!(p.path, "pytania.skipped");
        assert_eq!(p.code, ProblemCode::UnknownValue);
    }
}
