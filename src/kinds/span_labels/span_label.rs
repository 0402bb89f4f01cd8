//! Rule `span_label`: every labelled span lies in the text and has one of the control's labels, and each of its
//! attributes a value from the list (a required one is not empty; a note is not too long).

use crate::validate::{AnswerPath, Problem, ProblemCode};
use crate::answer::LabelledSpan;
use crate::i18n::Msg;
use crate::spec::SpanLabels;

/// Checks span `i` of a text of `words` words.
pub fn apply(c: &SpanLabels, i: usize, s: &LabelledSpan, words: usize) -> Vec<Problem> {
    let mut out = Vec::new();
    if crate::validate::span_bounds::outside(&s.span, words) {
        out.push(Problem::error(
            AnswerPath::attribute(&c.id, "spans", Some(i)),
            ProblemCode::SpanOutOfText,
            Msg::ErrSpanOutOfText,
            vec![],
        ));
    }
    if c.label_of(s.label.as_str()).is_none() {
        out.push(Problem::error(
            AnswerPath::attribute(&c.id, "spans", Some(i)),
            ProblemCode::UnknownValue,
            Msg::ErrUnknownValue,
            vec![("value", s.label.to_string())],
        ));
    }
    for a in &c.attributes {
        let path = AnswerPath::attribute(&c.id, &format!("spans[{i}].{}", a.id), None);
        let value = s.attrs.get(&a.id).filter(|v| !v.is_empty());
        let problem = match value {
            None if a.is_required() => Some((
                ProblemCode::Required,
                if a.values.is_empty() {
                    Msg::ErrRequiredText
                } else {
                    Msg::ErrSpanValueRequired
                },
                vec![],
            )),
            Some(v) if !a.values.is_empty() && !a.values.iter().any(|x| &x.value == v) => Some((
                ProblemCode::UnknownValue,
                Msg::ErrUnknownValue,
                vec![("value", v.clone())],
            )),
            Some(v) if a.values.is_empty() && v.chars().count() > a.max_length => Some((
                ProblemCode::TextTooLong,
                Msg::ErrTextTooLong,
                vec![("n", a.max_length.to_string())],
            )),
            _ => None,
        };
        out.extend(problem.map(|(code, msg, params)| Problem::error(path, code, msg, params)));
    }
    for k in s.attrs.keys() {
        if !c.attributes.iter().any(|a| &a.id == k) {
            out.push(Problem::error(
                AnswerPath::attribute(&c.id, &format!("spans[{i}].{k}"), None),
                ProblemCode::UnknownValue,
                Msg::ErrUnknownValue,
                vec![("value", k.clone())],
            ));
        }
    }
    out
}
