//! Crowd aggregation of links: one task per pair of passages that any annotator of the unit
//! linked, whose label is the type each annotator gave the pair (`none` when they did not
//! link it; a directed type linked from the later passage to the earlier marked `←`; several
//! types of one pair joined by `+`). A link is kept when the method's label for its pair is its
//! type: with the majority vote, when most of the unit's annotators linked the same passages
//! with the same type.

use super::spec::{LinkShape, RelationsControl};
use crate::analysis::aggregate::{Part, UnitAnswers};
use crate::answer::{AnswerValue, LabelledSpanValue, LinkEnd, LinkSet, LinkValue, RelationsValue, SpanLink, WordSpan};
use crate::support::sorted_map::SortedMap;
use serde_json::Value;

/// No link between the pair.
const NONE: &str = "none";
/// After a directed type linked from the later passage of its pair to the earlier one.
const BACKWARDS: char = '←';

/// A passage as a task names it: `label:first-last` (its words).
fn end_key(s: &LabelledSpanValue) -> String {
    format!("{}:{}-{}", s.label, s.first_word, s.last_word)
}

/// A link's pair of passages (the earlier first), and whether it goes from the later one.
fn pair(l: &LinkValue) -> (String, bool) {
    let at = |s: &LabelledSpanValue| (s.first_word, s.last_word, s.label.clone());
    let backwards = at(&l.tail) < at(&l.head);
    let (a, b) = if backwards { (&l.tail, &l.head) } else { (&l.head, &l.tail) };
    (format!("{} ~ {}", end_key(a), end_key(b)), backwards)
}

/// The label a link votes for its pair.
fn label(c: &RelationsControl, l: &LinkValue, backwards: bool) -> String {
    let directed = c.types.iter().any(|t| t.value.as_str() == l.label && t.shape == LinkShape::Directed);
    if directed && backwards {
        format!("{}{BACKWARDS}", l.label)
    } else {
        l.label.clone()
    }
}

/// One annotator's votes: on every pair any annotator of the unit linked.
pub(super) fn votes(c: &RelationsControl, value: &AnswerValue, all: &[&AnswerValue]) -> Vec<(Part, String)> {
    let Some(mine) = value.relations() else {
        return Vec::new();
    };
    let pairs: std::collections::BTreeSet<String> =
        all.iter().filter_map(|v| v.relations()).flat_map(|v| v.links.iter().map(|l| pair(l).0)).collect();
    pairs
        .into_iter()
        .map(|key| {
            let mut given: Vec<String> = (mine.links.iter())
                .filter_map(|l| {
                    let (k, backwards) = pair(l);
                    (k == key).then(|| label(c, l, backwards))
                })
                .collect();
            given.sort();
            given.dedup();
            let vote = if given.is_empty() { NONE.to_owned() } else { given.join("+") };
            (Part::Piece(key), vote)
        })
        .collect()
}

/// A kept link's attributes: each the value more than half of the annotators who made the
/// same link gave it (none on a tie or when fewer gave one).
fn attributes_of(link: &LinkValue, all: &[&AnswerValue]) -> SortedMap<String, String> {
    let same = |l: &LinkValue| l.label == link.label && end_key(&l.head) == end_key(&link.head) && end_key(&l.tail) == end_key(&link.tail);
    let made: Vec<&LinkValue> = all.iter().filter_map(|v| v.relations()).filter_map(|v| v.links.iter().find(|l| same(l))).collect();
    let mut given: SortedMap<(String, String), usize> = SortedMap::new();
    for l in &made {
        for (name, value) in &l.attributes {
            *given.entry((name.clone(), value.clone())).or_default() += 1;
        }
    }
    given.into_iter().filter(|(_, n)| 2 * n > made.len()).map(|((name, value), _)| (name, value)).collect()
}

/// The links the aggregated labels keep between passages the span control's aggregate keeps
/// (each passage as the annotators' results hold it; any, when that control is not
/// aggregated), and the chains they make; `None` when they are fewer or more than the control
/// takes.
pub(super) fn aggregated(c: &RelationsControl, parts: &[(Part, String)], unit: &UnitAnswers) -> Option<Value> {
    let kept: Option<Vec<String>> = unit.linked.map(|v| {
        let spans = v["spans"].as_array().into_iter().flatten();
        spans.filter_map(|s| serde_json::from_value::<LabelledSpanValue>(s.clone()).ok()).map(|s| end_key(&s)).collect()
    });
    // Every passage the annotators linked (and the aggregate keeps), by its key.
    let mut passages: SortedMap<String, &LabelledSpanValue> = SortedMap::new();
    for l in unit.all.iter().filter_map(|v| v.relations()).flat_map(|v| &v.links) {
        for s in [&l.head, &l.tail] {
            if kept.as_ref().is_none_or(|k| k.contains(&end_key(s))) {
                passages.insert(end_key(s), s);
            }
        }
    }
    let mut links = Vec::new();
    for (part, kept) in parts {
        let (Part::Piece(key), false) = (part, kept == NONE) else {
            continue;
        };
        let Some((a, b)) = key.split_once(" ~ ").and_then(|(a, b)| Some((*passages.get(a)?, *passages.get(b)?))) else {
            continue;
        };
        for kind in kept.split('+') {
            let (kind, backwards) = match kind.strip_suffix(BACKWARDS) {
                Some(k) => (k, true),
                None => (kind, false),
            };
            let (head, tail) = if backwards { (b, a) } else { (a, b) };
            let mut link = LinkValue { label: kind.to_owned(), head: head.clone(), tail: tail.clone(), attributes: SortedMap::new() };
            link.attributes = attributes_of(&link, unit.all);
            links.push(link);
        }
    }
    if links.len() < c.min || c.max.is_some_and(|m| links.len() > m) {
        return None;
    }
    let at = |s: &LabelledSpanValue| (s.start, s.end, s.label.clone());
    links.sort_by(|x, y| (at(&x.head), at(&x.tail), &x.label).cmp(&(at(&y.head), at(&y.tail), &y.label)));
    // The chains, as the form makes them from its links.
    let end = |s: &LabelledSpanValue| LinkEnd { span: WordSpan { first: s.first_word, last: s.last_word }, label: s.label.as_str().into() };
    let set = LinkSet {
        links: links.iter().map(|l| SpanLink::new(l.label.as_str().into(), end(&l.head), end(&l.tail))).collect(),
    };
    let chains = (set.chains(c).into_iter())
        .filter(|(_, clusters)| !clusters.is_empty())
        .map(|(kind, clusters)| {
            let key = |e: &LinkEnd| format!("{}:{}-{}", e.label, e.span.first, e.span.last);
            let clusters = clusters.iter().map(|cl| cl.iter().filter_map(|e| passages.get(&key(e)).map(|s| (*s).clone())).collect()).collect();
            (kind.to_string(), clusters)
        })
        .collect();
    serde_json::to_value(RelationsValue { links, chains }).ok()
}

#[cfg(test)]
mod attribute_tests {
    use super::*;
    use serde_json::json;

    fn link(attributes: serde_json::Value) -> AnswerValue {
        let end = |label: &str, w: usize| json!({"label": label, "text": "x", "start": w, "end": w + 1, "start_utf16": w, "end_utf16": w + 1, "first_word": w, "last_word": w});
        let v: RelationsValue = serde_json::from_value(json!({"links": [{"label": "owns", "head": end("PER", 0), "tail": end("ORG", 3), "attributes": attributes}]})).unwrap();
        AnswerValue::Relations(v)
    }

    #[test]
    fn a_kept_link_takes_each_attribute_value_more_than_half_of_its_makers_gave() {
        let (a, b, c) = (link(json!({"negated": "yes"})), link(json!({"negated": "yes", "sure": "no"})), link(json!({"negated": "no"})));
        let all = [&a, &b, &c];
        let kept = a.relations().unwrap().links[0].clone();
        assert_eq!(attributes_of(&kept, &all), [("negated".to_owned(), "yes".to_owned())].into_iter().collect());
        // A tie, or fewer than half: none.
        let d = link(json!({}));
        assert_eq!(attributes_of(&kept, &[&a, &c]), SortedMap::new());
        assert_eq!(attributes_of(&kept, &[&a, &d]), SortedMap::new());
    }
}
