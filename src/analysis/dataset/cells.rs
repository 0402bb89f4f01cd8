//! One answer's typed cells in a published dataset's annotations table: what each kind says
//! its value is (a label, labels, a number, spans, a free-text note), beside the value as JSON.

use crate::answer::SpanValue;

/// A span as the dataset holds it: offsets in code points (`text[start:end]` in Python).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SpanCell {
    /// Start, in Unicode code points.
    pub start: i64,
    /// End (exclusive), in Unicode code points.
    pub end: i64,
    /// The span's label (a span attribute's value).
    pub label: String,
    /// The covered text.
    pub text: String,
    /// What else the span carries: a span attribute's id, a labelled span's `key=value`
    /// attributes (`;`-joined); `None`: nothing.
    pub part: Option<String>,
}

impl SpanCell {
    /// A span of the results with its label and part.
    pub fn of(s: &SpanValue, label: &str, part: Option<String>) -> Self {
        SpanCell {
            start: s.start as i64,
            end: s.end as i64,
            label: label.to_owned(),
            text: s.text.clone(),
            part,
        }
    }
}

/// A link between two spans as the dataset holds it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LinkCell {
    /// The link's type.
    pub label: String,
    /// Its first span (a directed link goes from it).
    pub head: SpanCell,
    /// Its second span.
    pub tail: SpanCell,
}

/// The typed cells of one row: a kind fills those its value has (see
/// [`crate::analysis::Analyse::dataset`]); the row's `value_json` keeps the whole value.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Cells {
    /// One category: a choice's option, a scale's `n/a`, a pairwise judgement's winner.
    pub label: Option<String>,
    /// Several categories: a multiple choice's ticked options.
    pub labels: Option<Vec<String>>,
    /// A number: a rating's point, a slider's value, a count, a rank.
    pub number: Option<f64>,
    /// Spans with their offsets (an empty list: the annotator marked none).
    pub spans: Option<Vec<SpanCell>>,
    /// Free text the annotator wrote (left out of a dataset unless the researcher asks).
    pub note: Option<String>,
    /// Links between spans, each with its type (an empty list: the annotator made none).
    pub links: Option<Vec<LinkCell>>,
}

impl Cells {
    /// Cells with one category.
    pub fn label(label: impl Into<String>) -> Self {
        Cells {
            label: Some(label.into()),
            ..Cells::default()
        }
    }

    /// Cells with one number.
    pub fn number(n: f64) -> Self {
        Cells {
            number: Some(n),
            ..Cells::default()
        }
    }
}
