//! Relation F₁ between two annotators (or an annotator and a key): links between spans, each
//! with a type, matched one to one. Spans match exactly (same edges) or by overlap (sharing a
//! character); a link matches another of the same type whose arguments match its own — in
//! order for a directed type, either way round for an undirected one. Overlap matching pairs
//! links so that as many as possible match (one link is never counted twice).

use super::coreference::Prf;

/// A span a link names: its edges (characters, end exclusive) and its label.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SpanKey {
    /// First character.
    pub start: usize,
    /// One past the last character.
    pub end: usize,
    /// The span's label (compared too: two annotators who marked the same words as different
    /// things did not mark the same argument).
    pub label: String,
}

/// A link between two spans.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Link {
    /// The relation's type.
    pub label: String,
    /// Its first argument (the head of a directed link).
    pub from: SpanKey,
    /// Its second argument.
    pub to: SpanKey,
    /// Whether the arguments' order matters.
    pub directed: bool,
}

/// How two spans are the same argument.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Matching {
    /// The same edges and label.
    Exact,
    /// The same label, sharing at least one character.
    Overlap,
}

impl Matching {
    fn spans(self, a: &SpanKey, b: &SpanKey) -> bool {
        a.label == b.label
            && match self {
                Self::Exact => a.start == b.start && a.end == b.end,
                Self::Overlap => a.start < b.end && b.start < a.end,
            }
    }

    /// Whether two links are the same link.
    pub fn links(self, a: &Link, b: &Link) -> bool {
        let direct = self.spans(&a.from, &b.from) && self.spans(&a.to, &b.to);
        let turned = !a.directed && self.spans(&a.from, &b.to) && self.spans(&a.to, &b.from);
        a.label == b.label && a.directed == b.directed && (direct || turned)
    }
}

/// How many links of `response` match one of `key` each, paired one to one.
pub fn matched(key: &[Link], response: &[Link], matching: Matching) -> usize {
    let scores: Vec<Vec<f64>> = key
        .iter()
        .map(|k| {
            response
                .iter()
                .map(|r| if matching.links(k, r) { 1.0 } else { 0.0 })
                .collect()
        })
        .collect();
    super::assignment::best_total(&scores).round() as usize
}

/// Recall (of `key`'s links), precision (of `response`'s) and F₁. Two empty sides agree
/// wholly; one empty side scores 0.
pub fn scores(key: &[Link], response: &[Link], matching: Matching) -> Prf {
    if key.is_empty() && response.is_empty() {
        return Prf {
            recall: 1.0,
            precision: 1.0,
            f1: 1.0,
        };
    }
    let hits = matched(key, response, matching) as f64;
    let ratio = |n: usize| if n == 0 { 0.0 } else { hits / n as f64 };
    let (recall, precision) = (ratio(key.len()), ratio(response.len()));
    let f1 = if hits == 0.0 {
        0.0
    } else {
        2.0 * hits / (key.len() + response.len()) as f64
    };
    Prf {
        recall,
        precision,
        f1,
    }
}
