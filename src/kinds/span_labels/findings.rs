//! Span-level F1 between annotators of a labelled-span control: for every item and every pair
//! of its annotators, their spans compared exactly (same label, same first and last word) and
//! by overlap (same label, a word in common), summed over all pairs and items (micro
//! averages), overall and per label — the figures NER and toxic-span studies report beside
//! alpha.

use crate::answer::SpanLabelsValue;
use crate::support::sorted_map::SortedMap;
use crate::analysis::findings::Figures;
use crate::analysis::report::{esc, f3};
use serde_json::{json, Value};

/// The group these findings go under in the agreement's JSON (`Analyse::FINDINGS`).
pub(super) const GROUP: &str = "span_f1";

/// Precision, recall and F1 of one comparison (`None` when there was nothing to compare).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Scores {
    /// Spans of the second annotator matched by the first's, over the second's spans.
    pub precision: Option<f64>,
    /// Spans of the first annotator matched by the second's, over the first's spans.
    pub recall: Option<f64>,
    /// Their harmonic mean (0 when both are 0).
    pub f1: Option<f64>,
}

/// Counts behind [`Scores`], summed over pairs.
#[derive(Clone, Copy, Debug, Default)]
struct Tally {
    /// Spans of the first annotators.
    first: usize,
    /// Spans of the second annotators.
    second: usize,
    /// First annotators' spans matched.
    recalled: usize,
    /// Second annotators' spans matched.
    precise: usize,
}

impl Tally {
    fn scores(&self) -> Scores {
        let share = |n: usize, of: usize| (of > 0).then(|| n as f64 / of as f64);
        let (p, r) = (
            share(self.precise, self.second),
            share(self.recalled, self.first),
        );
        let f1 = match (p, r) {
            (Some(p), Some(r)) if p + r > 0.0 => Some(2.0 * p * r / (p + r)),
            (Some(_), Some(_)) => Some(0.0),
            _ => None,
        };
        Scores {
            precision: p,
            recall: r,
            f1,
        }
    }
}

/// One control's span F1.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SpanF1 {
    /// The control.
    pub key: String,
    /// Annotator pairs compared (summed over items).
    pub pairs: usize,
    /// Every label together: exact, then overlap.
    pub all: (Scores, Scores),
    /// Per label: exact, then overlap.
    pub labels: SortedMap<String, (Scores, Scores)>,
    /// Spans marked per label, over every result.
    pub counts: SortedMap<String, usize>,
}

type Span<'a> = (&'a str, usize, usize);

/// An annotator's spans, sorted, each once.
fn spans(v: &SpanLabelsValue) -> Vec<Span<'_>> {
    let mut out: Vec<Span> = v
        .spans
        .iter()
        .map(|s| (s.label.as_str(), s.first_word, s.last_word))
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// Whether `x` has a match in `b` (same label; same words, or a word in common).
fn matched(x: &Span, b: &[Span], exact: bool) -> bool {
    b.iter().any(|y| {
        x.0 == y.0
            && if exact {
                x.1 == y.1 && x.2 == y.2
            } else {
                x.1 <= y.2 && y.1 <= x.2
            }
    })
}

/// Exact and overlap counts, all labels together and per label, and the pairs compared: one
/// pass over every item's pairs of annotators (a span matches only a span of its own label,
/// so each label's counts are its spans' share of the whole).
type Tallies<'a> = ((Tally, Tally), std::collections::BTreeMap<&'a str, (Tally, Tally)>, usize);

fn tally<'a>(
    by_item: &'a std::collections::BTreeMap<String, SortedMap<String, &SpanLabelsValue>>,
) -> Tallies<'a> {
    let mut all = (Tally::default(), Tally::default());
    let mut per: std::collections::BTreeMap<&str, (Tally, Tally)> = Default::default();
    let mut pairs = 0;
    for by in by_item.values() {
        let list: Vec<Vec<Span>> = by.values().map(|v| spans(v)).collect();
        for i in 0..list.len() {
            for j in i + 1..list.len() {
                let (a, b) = (&list[i], &list[j]);
                pairs += 1;
                for (x, first) in a.iter().map(|x| (x, true)).chain(b.iter().map(|y| (y, false))) {
                    let other = if first { b } else { a };
                    let label = per.entry(x.0).or_default();
                    for (is_exact, t, l) in [(true, &mut all.0, &mut label.0), (false, &mut all.1, &mut label.1)] {
                        let hit = usize::from(matched(x, other, is_exact));
                        for t in [t, l] {
                            if first {
                                t.first += 1;
                                t.recalled += hit;
                            } else {
                                t.second += 1;
                                t.precise += hit;
                            }
                        }
                    }
                }
            }
        }
    }
    (all, per, pairs)
}

/// Span F1 of one control over each item's annotators (`by_item`: item → annotator → value).
pub fn compute<'a>(
    key: &str,
    labels: impl Iterator<Item = &'a str>,
    by_item: &std::collections::BTreeMap<String, SortedMap<String, &SpanLabelsValue>>,
) -> SpanF1 {
    let ((exact, overlap), per, pairs) = tally(by_item);
    let mut out = SpanF1 {
        key: key.to_owned(),
        pairs,
        all: (exact.scores(), overlap.scores()),
        ..SpanF1::default()
    };
    let mut counts: std::collections::HashMap<&str, usize> = Default::default();
    for v in by_item.values().flat_map(|by| by.values()) {
        for s in &v.spans {
            *counts.entry(s.label.as_str()).or_default() += 1;
        }
    }
    for l in labels {
        let (e, o) = per.get(l).copied().unwrap_or_default();
        out.labels.insert(l.to_owned(), (e.scores(), o.scores()));
        out.counts.insert(l.to_owned(), counts.get(l).copied().unwrap_or(0));
    }
    out
}

impl Scores {
    /// As JSON: `{"precision", "recall", "f1"}` (null where undefined).
    pub fn to_json(&self) -> Value {
        json!({ "precision": self.precision, "recall": self.recall, "f1": self.f1 })
    }
}

impl SpanF1 {
    /// One row per label and one for all labels together (`*`): the label, its spans, and its
    /// exact and overlap scores — what the report and `glossa agreement` print.
    pub fn rows(&self) -> Vec<(String, Option<usize>, Scores, Scores)> {
        let mut out = vec![("*".to_owned(), None, self.all.0, self.all.1)];
        for (l, (e, o)) in self.labels.iter() {
            out.push((l.clone(), self.counts.get(l).copied(), *e, *o));
        }
        out
    }

    /// As JSON: pairs, exact and overlap scores overall and per label, and spans per label.
    pub fn to_json(&self) -> Value {
        let per: serde_json::Map<String, Value> = self
            .labels
            .iter()
            .map(|(l, (e, o))| {
                (l.clone(), json!({ "exact": e.to_json(), "overlap": o.to_json(), "spans": self.counts.get(l) }))
            })
            .collect();
        json!({
            "pairs": self.pairs,
            "exact": self.all.0.to_json(),
            "overlap": self.all.1.to_json(),
            "labels": per,
        })
    }
}

impl Figures for SpanF1 {
    const GROUP: &'static str = GROUP;

    fn key(&self) -> &str {
        &self.key
    }

    fn json(&self) -> Value {
        self.to_json()
    }

    /// The report's section: precision, recall and F1 per label, exact and overlapping.
    fn html(&self) -> String {
        let mut h = format!("<h3>Span F1 between annotators: {} ({} pairs)</h3><p>Exact: same label, same words. Overlap: same label, a word in common. Micro averages over every pair of annotators of every item.</p><table><thead><tr><th>label</th><th>spans</th><th>exact P</th><th>exact R</th><th>exact F1</th><th>overlap P</th><th>overlap R</th><th>overlap F1</th></tr></thead><tbody>", esc(&self.key), self.pairs);
        for (label, spans, e, o) in self.rows() {
            h += &format!(
                "<tr><td>{}</td><td class=n>{}</td><td class=n>{}</td><td class=n>{}</td><td class=n>{}</td><td class=n>{}</td><td class=n>{}</td><td class=n>{}</td></tr>",
                if label == "*" { "all labels".to_owned() } else { esc(&label) },
                spans.map_or("".to_owned(), |n| n.to_string()),
                f3(e.precision), f3(e.recall), f3(e.f1), f3(o.precision), f3(o.recall), f3(o.f1)
            );
        }
        h + "</tbody></table>"
    }

    /// The command line's summary.
    fn text(&self) -> String {
        let mut t = format!(
            "\nspan F1, {} ({} annotator pairs; exact: same label and words, overlap: same label, a word in common)\n",
            self.key, self.pairs
        );
        t += &format!(
            "{:<24} {:>6}  {:>7} {:>7} {:>7}  {:>7} {:>7} {:>7}\n",
            "label", "spans", "exact P", "R", "F1", "overl P", "R", "F1"
        );
        for (label, spans, e, o) in self.rows() {
            t += &format!(
                "{:<24} {:>6}  {:>7} {:>7} {:>7}  {:>7} {:>7} {:>7}\n",
                label,
                spans.map_or(String::new(), |n| n.to_string()),
                f3(e.precision),
                f3(e.recall),
                f3(e.f1),
                f3(o.precision),
                f3(o.recall),
                f3(o.f1)
            );
        }
        t
    }
}
