//! Rule `span_missing`: an attribute whose value needs a span (e.g. Vina = ano) has at least
//! one. The widget shows a red marker at the attribute until it has one.

use crate::validate::{AnswerPath, Problem, ProblemCode};
use crate::answer::SpanEntry;
use crate::i18n::Msg;
use crate::spec::SpanAttribute;

/// Checks one entry (at `path`).
pub fn apply(a: &SpanAttribute, path: AnswerPath, entry: &SpanEntry) -> Option<Problem> {
    let needs = entry.value.as_deref().is_some_and(|v| a.needs_span(v));
    (needs && entry.spans.is_empty())
        .then(|| Problem::error(path, ProblemCode::SpanMissing, Msg::ErrSpanMissing, vec![]))
}
