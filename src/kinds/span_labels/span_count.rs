//! Rule `span_count`: a labelled-span control has between `min` and `max` spans, and an item
//! without spans is confirmed as "nothing to mark" when the spec asks for it (no silent empties).

use crate::validate::{AnswerPath, Problem, ProblemCode};
use crate::answer::LabelSet;
use crate::i18n::Msg;
use crate::spec::SpanLabels;

/// Reports too few or too many spans, or an empty answer not confirmed.
pub fn apply(c: &SpanLabels, set: Option<&LabelSet>) -> Option<Problem> {
    let path = AnswerPath::whole(&c.id);
    let spans = set.map_or(0, |s| s.spans.len());
    let nothing = set.is_some_and(|s| s.nothing);
    if spans == 0 && c.needs_confirmation() && !nothing {
        return Some(Problem::error(
            path,
            ProblemCode::NothingUnconfirmed,
            Msg::ErrMarkOrConfirm,
            vec![],
        ));
    }
    if spans < c.min {
        return Some(Problem::error(
            path,
            ProblemCode::SpansTooFew,
            Msg::ErrMarkAtLeast,
            vec![("n", c.min.to_string())],
        ));
    }
    match c.max {
        Some(max) if spans > max => Some(Problem::error(
            path,
            ProblemCode::SpansTooMany,
            Msg::ErrMarkAtMost,
            vec![("n", max.to_string())],
        )),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::answer::{LabelledSpan, WordSpan};

    fn control(min: usize, max: Option<usize>, confirm_empty: bool) -> SpanLabels {
        let mut c: SpanLabels = serde_json::from_value(serde_json::json!({
            "id": "ner", "label": "Entities", "text_field": "text", "text_label": "Text",
            "labels": [{"value": "PER", "label": "Person"}]
        }))
        .unwrap();
        (c.min, c.max, c.confirm_empty) = (min, max, confirm_empty);
        c
    }

    fn set(n: usize, nothing: bool) -> LabelSet {
        let span = |i| LabelledSpan {
            span: WordSpan { first: i, last: i },
            label: "PER".into(),
            attrs: Default::default(),
        };
        LabelSet {
            spans: (0..n).map(span).collect(),
            nothing,
            brush: None,
        }
    }

    #[test]
    fn an_empty_answer_needs_confirming() {
        let code = |c: &SpanLabels, s: Option<LabelSet>| apply(c, s.as_ref()).map(|p| p.code);
        let c = control(0, None, true);
        assert_eq!(code(&c, None), Some(ProblemCode::NothingUnconfirmed));
        assert_eq!(
            code(&c, Some(set(0, false))),
            Some(ProblemCode::NothingUnconfirmed)
        );
        assert_eq!(code(&c, Some(set(0, true))), None);
        assert_eq!(code(&c, Some(set(2, false))), None);
        assert_eq!(code(&control(0, None, false), None), None);
        assert_eq!(
            code(&control(2, None, true), Some(set(1, false))),
            Some(ProblemCode::SpansTooFew)
        );
        assert_eq!(
            code(&control(0, Some(2), true), Some(set(3, false))),
            Some(ProblemCode::SpansTooMany)
        );
        assert_eq!(code(&control(1, Some(3), true), Some(set(3, false))), None);
    }
}
