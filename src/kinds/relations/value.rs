//! A `relations` control's result value: its links with their spans as results hold every
//! span (text and offsets, by the span control's text), in text order, and the chains its
//! chain types make; and the form's links read back from one (the analysis re-validates
//! collected results with the browser's own rules).

use super::spec::{LinkShape, RelationsControl};
use crate::analysis::revalidate::{finding, Finding};
use crate::answer::{LabelledSpanValue, LinkEnd, LinkSet, LinkValue, RelationsValue, SpanLink, SpanValue};
use crate::item::ItemFields;
use crate::support::sorted_map::SortedMap;
use crate::task::Task;
use crate::text::Tokens;

/// The span control's text field as this task has it (a copy per output has its own).
pub(super) fn text_field<'t>(c: &RelationsControl, task: &'t Task) -> Option<&'t str> {
    let spans = task.spec.control(&c.spans)?;
    crate::spec::each_control!(spans, k => k.span_field())
}

/// The span control's text and its tokens as this task has them.
fn text_of<'t>(c: &RelationsControl, task: &'t Task) -> Option<(&'t str, &'t Tokens)> {
    let field = text_field(c, task)?;
    Some((task.item.text(field).unwrap_or_default(), task.tokens(field)?))
}

/// A link's end as results hold a span (`None` when it leaves the text).
fn end_value(text: &str, tokens: &Tokens, e: &LinkEnd) -> Option<LabelledSpanValue> {
    SpanValue::of(text, tokens, &e.span).map(|s| LabelledSpanValue::new(e.label.to_string(), s, SortedMap::new()))
}

/// The chains a set's links make, as results hold them: by chain type, each chain's spans.
fn chains_value(c: &RelationsControl, set: &LinkSet, text: &str, tokens: &Tokens) -> SortedMap<String, Vec<Vec<LabelledSpanValue>>> {
    (set.chains(c).into_iter())
        .filter(|(_, clusters)| !clusters.is_empty())
        .map(|(kind, clusters)| {
            let clusters = clusters.iter().map(|cl| cl.iter().filter_map(|e| end_value(text, tokens, e)).collect()).collect();
            (kind.to_string(), clusters)
        })
        .collect()
}

/// The value of a form's links; `None` when the span control has no text.
pub fn of(c: &RelationsControl, task: &Task, set: Option<&LinkSet>) -> Option<RelationsValue> {
    let (text, tokens) = text_of(c, task)?;
    let empty = LinkSet::default();
    let set = set.unwrap_or(&empty);
    let span = |e: &LinkEnd| end_value(text, tokens, e);
    let mut links: Vec<LinkValue> = (set.links.iter())
        .filter_map(|l| Some(LinkValue { label: l.kind.to_string(), head: span(&l.from)?, tail: span(&l.to)?, attributes: l.attributes.clone() }))
        .collect();
    let key = |s: &LabelledSpanValue| (s.start, s.end, s.label.clone());
    links.sort_by(|a, b| (key(&a.head), key(&a.tail), &a.label).cmp(&(key(&b.head), key(&b.tail), &b.label)));
    Some(RelationsValue { links, chains: chains_value(c, set, text, tokens) })
}

/// The form's links a value stands for; a finding for each span whose text or offsets are not
/// the item's, each link of a type the spec lacks, and chains that are not the links' own.
pub fn revalidate(c: &RelationsControl, task: &Task, v: &RelationsValue, path: &str, out: &mut Vec<Finding>) -> Option<LinkSet> {
    let (text, tokens) = text_of(c, task)?;
    let mut links = Vec::new();
    for (i, l) in v.links.iter().enumerate() {
        let at = format!("{path}.links[{i}]");
        let ends: Vec<SpanValue> = vec![l.head.span(), l.tail.span()];
        let words = crate::analysis::revalidate::read_spans(text, tokens, &ends, &format!("{at}.head/tail"), out);
        let [from, to] = words.as_slice() else { continue };
        if c.relation_type(&l.label).is_none() {
            out.push(finding(&format!("{at}.label"), format!("\"{}\" is not a type of link of \"{}\"", l.label, c.id)));
            continue;
        }
        for (name, value) in &l.attributes {
            if let Some(problem) = c.attribute_problem(&l.label, name, value) {
                out.push(finding(&format!("{at}.attributes.{name}"), problem));
            }
        }
        links.push(SpanLink {
            kind: l.label.as_str().into(),
            from: LinkEnd { span: *from, label: l.head.label.as_str().into() },
            to: LinkEnd { span: *to, label: l.tail.label.as_str().into() },
            attributes: l.attributes.clone(),
        });
    }
    let set = LinkSet { links };
    let own = chains_value(c, &set, text, tokens);
    let chain_types = c.types.iter().filter(|t| t.shape == LinkShape::Chain).count();
    if chain_types > 0 && own != v.chains {
        out.push(finding(&format!("{path}.chains"), "the chains are not the ones its links make".to_owned()));
    }
    Some(set)
}
