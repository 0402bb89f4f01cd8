//! A marked passage of the span control as the relations control shows it: the span, its
//! text and its label's name, and how a select's option reads it.

use crate::answer::LabelledSpan;
use yew::prelude::*;

/// A marked passage as the relations control shows it: the span, its text and its label's
/// name.
#[derive(Clone, Debug, PartialEq)]
pub struct Passage {
    /// The span.
    pub span: LabelledSpan,
    /// Its covered text.
    pub text: AttrValue,
    /// Its label as shown.
    pub label: AttrValue,
    /// Where it stands in the text, in UTF-16 units (start, end), to highlight it.
    pub utf16: (u32, u32),
}

/// A passage as a select's option reads: `"text" (Label)`.
pub fn passage_name(p: &Passage) -> String {
    format!("“{}” ({})", p.text, p.label)
}
