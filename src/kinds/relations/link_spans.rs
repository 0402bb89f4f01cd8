//! Rule `link_spans`: every link names two spans the span control has marked, with labels its
//! type takes. The form keeps links so (they follow their spans); a result made or edited by
//! hand, or an import, may not.

use super::spec::RelationsControl;
use crate::answer::{LabelledSpan, LinkSet};
use crate::i18n::Msg;
use crate::validate::{AnswerPath, Problem, ProblemCode};

/// Reports each link whose span is not marked, and each whose type does not take its spans.
pub fn apply(c: &RelationsControl, set: &LinkSet, spans: &[LabelledSpan]) -> Vec<Problem> {
    let dangling = set.dangling(spans);
    let mut out = Vec::new();
    for (i, link) in set.links.iter().enumerate() {
        let path = AnswerPath::link(&c.id, i);
        if dangling.contains(&i) {
            out.push(Problem::error(path, ProblemCode::LinkDangling, Msg::ErrLinkDangling, vec![]));
        } else if c.refusal(link, &[]).is_some() {
            let label = c.relation_type(link.kind.as_str()).map_or_else(|| link.kind.to_string(), |t| t.label.clone());
            out.push(Problem::error(path, ProblemCode::LinkLabels, Msg::ErrLinkLabels, vec![("type", label)]));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::answer::{LinkEnd, SpanLink, WordSpan};

    fn control() -> RelationsControl {
        serde_json::from_value(serde_json::json!({
            "id": "rel", "label": "Relations", "spans": "ner",
            "types": [{"value": "works_for", "label": "works for", "from": ["PER"], "to": ["ORG"]}]
        }))
        .unwrap()
    }

    fn span(first: usize, label: &str) -> LabelledSpan {
        LabelledSpan { span: WordSpan { first, last: first }, label: label.into(), attrs: Default::default() }
    }

    fn link(from: &LabelledSpan, to: &LabelledSpan) -> SpanLink {
        SpanLink::new("works_for".into(), LinkEnd::of(from), LinkEnd::of(to))
    }

    #[test]
    fn links_between_marked_spans_that_fit_pass() {
        let (per, org) = (span(0, "PER"), span(3, "ORG"));
        let set = LinkSet { links: vec![link(&per, &org)] };
        assert!(apply(&control(), &set, &[per, org]).is_empty());
    }

    #[test]
    fn a_link_to_an_unmarked_span_and_one_of_the_wrong_labels_are_named_by_place() {
        let (per, org, loc) = (span(0, "PER"), span(3, "ORG"), span(5, "LOC"));
        let set = LinkSet { links: vec![link(&per, &org), link(&per, &loc)] };
        let found = apply(&control(), &set, &[per.clone(), loc.clone()]);
        let got: Vec<(String, ProblemCode)> = found.iter().map(|p| (p.path.clone(), p.code)).collect();
        assert_eq!(got, vec![("rel.links[0]".to_owned(), ProblemCode::LinkDangling), ("rel.links[1]".to_owned(), ProblemCode::LinkLabels)]);
        assert_eq!(found[1].params, vec![("type", "works for".to_owned())]);
    }
}
