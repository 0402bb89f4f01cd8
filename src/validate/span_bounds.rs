//! Rule `span_out_of_text`: every span lies inside the annotated text (first ≤ last < number of
//! words). The widget cannot make other spans; tampered results can.

use super::{AnswerPath, Problem, ProblemCode};
use crate::answer::WordSpan;
use crate::i18n::Msg;

/// Whether a span leaves a text of `words` words (or ends before it starts).
pub fn outside(s: &WordSpan, words: usize) -> bool {
    s.first > s.last || s.last >= words
}

/// Checks the spans of one entry or question (at `path`) against the text's word count.
pub fn apply(path: &AnswerPath, spans: &[WordSpan], words: usize) -> Vec<Problem> {
    spans
        .iter()
        .enumerate()
        .filter(|(_, s)| outside(s, words))
        .map(|(i, _)| {
            Problem::error(
                path.span(i),
                ProblemCode::SpanOutOfText,
                Msg::ErrSpanOutOfText,
                vec![],
            )
        })
        .collect()
}
