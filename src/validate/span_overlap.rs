//! Rule `span_overlap`: labelled spans keep the spec's overlap rule (`none`: no shared word;
//! `nested`: inside one another, never across an edge). The widget replaces what a new span
//! may not stand with; tampered or hand-made results can break the rule.

use super::{AnswerPath, Problem, ProblemCode};
use crate::answer::LabelledSpan;
use crate::form::labels_conflict;
use crate::i18n::Msg;
use crate::spec::SpanLabels;

/// Reports each span that may not stand with an earlier one (`text` names the earlier one).
pub fn apply(
    c: &SpanLabels,
    spans: &[LabelledSpan],
    covered: &dyn Fn(usize) -> String,
) -> Vec<Problem> {
    let mut out = Vec::new();
    for (i, s) in spans.iter().enumerate() {
        if let Some(j) = spans[..i]
            .iter()
            .position(|t| labels_conflict(c.overlap, t.span, s.span))
        {
            out.push(Problem::error(
                AnswerPath::attribute(&c.id, "spans", Some(i)),
                ProblemCode::SpansOverlap,
                Msg::ErrSpansOverlap,
                vec![("text", covered(j))],
            ));
        }
    }
    out
}
