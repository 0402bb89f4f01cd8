//! Rule `span_overlap`: labelled spans keep the spec's overlap rule (`none`: no shared word;
//! `nested`: inside one another, never across an edge). The widget replaces what a new span
//! may not stand with (`form::labels`, by [`conflict`]); tampered or hand-made results can break the rule.

use crate::validate::{AnswerPath, Problem, ProblemCode};
use crate::answer::LabelledSpan;
use crate::answer::WordSpan;
use crate::i18n::Msg;
use crate::spec::{SpanLabels, SpanOverlap};

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
            .position(|t| conflict(c.overlap, t.span, s.span))
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

/// Whether two spans share a word.
fn overlaps(a: WordSpan, b: WordSpan) -> bool {
    a.first <= b.last && b.first <= a.last
}

/// Whether `a` lies inside `b` (or is `b`).
fn inside(a: WordSpan, b: WordSpan) -> bool {
    b.first <= a.first && a.last <= b.last
}

/// Whether two spans may not both stand under the rule.
pub fn conflict(rule: SpanOverlap, a: WordSpan, b: WordSpan) -> bool {
    match rule {
        SpanOverlap::None => overlaps(a, b),
        SpanOverlap::Nested => overlaps(a, b) && !inside(a, b) && !inside(b, a),
        SpanOverlap::Allowed => false,
    }
}
