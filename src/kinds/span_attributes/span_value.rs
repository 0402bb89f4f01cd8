//! Rule `span_value`: every span attribute has a value from its list (the empty placeholder
//! cannot be submitted), and so does every entry of a repeatable attribute. An optional
//! attribute (`required: false`) may stay empty, unless it has spans.

use crate::validate::{AnswerPath, Problem, ProblemCode};
use crate::answer::SpanEntry;
use crate::i18n::Msg;
use crate::spec::SpanAttribute;

/// Checks one entry (at `path`); `None` when it is absent (a plain attribute never set).
pub fn apply(a: &SpanAttribute, path: AnswerPath, entry: Option<&SpanEntry>) -> Option<Problem> {
    let has_spans = entry.is_some_and(|e| !e.spans.is_empty());
    match entry.and_then(|e| e.value.as_deref()) {
        None if !a.required && !has_spans => None,
        None => Some(Problem::error(
            path,
            ProblemCode::Required,
            Msg::ErrSpanValueRequired,
            vec![],
        )),
        Some(v) if !a.values.iter().any(|o| o.value == v) => Some(Problem::error(
            path,
            ProblemCode::UnknownValue,
            Msg::ErrUnknownValue,
            vec![("value", v.to_owned())],
        )),
        Some(_) => None,
    }
}
