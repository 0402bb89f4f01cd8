use super::*;
use crate::answer::WordSpan;
use serde_json::json;

/// The relation-extraction example's control: `works_for` PER → ORG, `located_in` ORG/PER →
/// LOC, `sibling_of` PER — PER (undirected) and `coref` (a chain of any labels).
fn control(max: Option<usize>) -> RelationsControl {
    let mut c: RelationsControl = serde_json::from_value(json!({
        "id": "rel", "label": "Relations", "spans": "ner",
        "types": [
            {"value": "works_for", "label": "works for", "from": ["PER"], "to": ["ORG"]},
            {"value": "located_in", "label": "located in", "from": ["ORG", "PER"], "to": ["LOC"]},
            {"value": "sibling_of", "label": "sibling of", "shape": "undirected", "from": ["PER"], "to": ["PER"]},
            {"value": "coref", "label": "same as", "shape": "chain"}
        ]
    }))
    .unwrap();
    c.max = max;
    c
}

fn end(first: usize, last: usize, label: &str) -> LinkEnd {
    LinkEnd {
        span: WordSpan { first, last },
        label: label.into(),
    }
}

fn link(kind: &str, from: LinkEnd, to: LinkEnd) -> SpanLink {
    SpanLink::new(kind.into(), from, to)
}

#[test]
fn a_link_is_made_when_its_type_takes_its_spans() {
    let c = control(None);
    let mut set = LinkSet::default();
    let (per, org) = (end(0, 1, "PER"), end(4, 5, "ORG"));
    assert_eq!(
        c.link(&mut set, link("works_for", per.clone(), org.clone())),
        Ok(())
    );
    assert_eq!(set.links, vec![link("works_for", per.clone(), org.clone())]);
    // ORG → PER does not fit a directed PER → ORG type, and is not turned round for the
    // participant: the order is what a directed link says.
    assert_eq!(
        c.link(&mut set, link("works_for", org.clone(), per.clone())),
        Err(Refused::Labels {
            from: vec!["PER".into()],
            to: vec!["ORG".into()]
        })
    );
    assert_eq!(
        c.link(&mut set, link("works_for", per.clone(), org.clone())),
        Err(Refused::Duplicate)
    );
    assert_eq!(
        c.link(&mut set, link("nope", per.clone(), org.clone())),
        Err(Refused::UnknownType)
    );
    assert_eq!(
        c.link(&mut set, link("coref", per.clone(), per.clone())),
        Err(Refused::SameSpan)
    );
    assert_eq!(set.links.len(), 1);
}

#[test]
fn undirected_links_are_the_same_either_way_round() {
    let c = control(None);
    let mut set = LinkSet::default();
    let (a, b) = (end(0, 0, "PER"), end(3, 3, "PER"));
    c.link(&mut set, link("sibling_of", a.clone(), b.clone()))
        .unwrap();
    assert_eq!(
        c.link(&mut set, link("sibling_of", b, a)),
        Err(Refused::Duplicate)
    );
}

#[test]
fn an_undirected_link_whose_labels_fit_the_other_way_is_stored_that_way() {
    let mut c = control(None);
    c.types[1].shape = LinkShape::Undirected;
    let mut set = LinkSet::default();
    let (loc, org) = (end(7, 7, "LOC"), end(2, 3, "ORG"));
    c.link(&mut set, link("located_in", loc.clone(), org.clone()))
        .unwrap();
    assert_eq!(set.links, vec![link("located_in", org, loc)]);
}

#[test]
fn max_links_refuses_one_more() {
    let c = control(Some(1));
    let mut set = LinkSet::default();
    c.link(&mut set, link("coref", end(0, 0, "PER"), end(5, 5, "PER")))
        .unwrap();
    assert_eq!(
        c.link(&mut set, link("coref", end(0, 0, "PER"), end(9, 9, "PER"))),
        Err(Refused::Full)
    );
}

#[test]
fn retype_and_turn_keep_the_rules() {
    let c = control(None);
    let (per, org, loc) = (end(0, 1, "PER"), end(4, 5, "ORG"), end(8, 8, "LOC"));
    let mut set = LinkSet::default();
    c.link(&mut set, link("works_for", per.clone(), org.clone()))
        .unwrap();
    c.link(&mut set, link("located_in", org.clone(), loc.clone()))
        .unwrap();
    assert_eq!(c.retype(&mut set, 0, "coref".into()), Ok(()));
    assert_eq!(set.links[0].kind.as_str(), "coref");
    assert_eq!(
        c.retype(&mut set, 0, "located_in".into()),
        Err(Refused::Labels {
            from: vec!["ORG".into(), "PER".into()],
            to: vec!["LOC".into()]
        })
    );
    assert_eq!(
        c.retype(&mut set, 7, "coref".into()),
        Err(Refused::NoSuchLink)
    );
    // A chain link turns freely; a directed one only where its labels fit.
    assert_eq!(c.turn(&mut set, 0), Ok(()));
    assert_eq!(
        (set.links[0].from.clone(), set.links[0].to.clone()),
        (org.clone(), per.clone())
    );
    assert!(matches!(c.turn(&mut set, 1), Err(Refused::Labels { .. })));
    assert_eq!(
        set.links[1],
        link("located_in", org, loc),
        "a refused change changes nothing"
    );
}

#[test]
fn a_deleted_span_takes_its_links_and_a_moved_one_keeps_those_that_still_fit() {
    let c = control(None);
    let (per, org, loc, per2) = (
        end(0, 1, "PER"),
        end(4, 5, "ORG"),
        end(8, 8, "LOC"),
        end(10, 10, "PER"),
    );
    let mut set = LinkSet::default();
    c.link(&mut set, link("works_for", per.clone(), org.clone()))
        .unwrap();
    c.link(&mut set, link("located_in", org.clone(), loc.clone()))
        .unwrap();
    c.link(&mut set, link("coref", per.clone(), per2.clone()))
        .unwrap();
    assert_eq!(set.touching(&org), vec![0, 1]);
    assert_eq!(set.touching(&per2), vec![2]);
    // ORG widened by a word: its links follow.
    let wider = end(3, 5, "ORG");
    assert_eq!(set.move_span(&c, &org, &wider), 0);
    assert_eq!(set.touching(&wider), vec![0, 1]);
    // The same words relabelled LOC: works_for no longer takes it (dropped), located_in
    // LOC → LOC neither; the chain is untouched.
    let relabelled = end(3, 5, "LOC");
    assert_eq!(set.move_span(&c, &wider, &relabelled), 2);
    assert_eq!(set.links, vec![link("coref", per.clone(), per2.clone())]);
    set.drop_span(&per2);
    assert!(set.links.is_empty());
}

#[test]
fn dangling_links_are_those_whose_span_is_not_marked() {
    let c = control(None);
    let mut set = LinkSet::default();
    let (per, org) = (end(0, 1, "PER"), end(4, 5, "ORG"));
    c.link(&mut set, link("works_for", per.clone(), org.clone()))
        .unwrap();
    let marked = |e: &LinkEnd| LabelledSpan {
        span: e.span,
        label: e.label.clone(),
        attrs: Default::default(),
    };
    assert!(set.dangling(&[marked(&per), marked(&org)]).is_empty());
    assert_eq!(set.dangling(&[marked(&per)]), vec![0]);
    assert_eq!(
        set.dangling(&[marked(&per), marked(&end(4, 5, "LOC"))]),
        vec![0],
        "the label is part of the span"
    );
}

#[test]
fn chains_are_clusters_of_linked_mentions() {
    let c = control(None);
    let mut set = LinkSet::default();
    let m = |i: usize| end(i, i, "PER");
    // 9—2, 2—5 and 7—12: two clusters, {2, 5, 9} and {7, 12}; works_for links are no chain.
    for (a, b) in [(9, 2), (2, 5), (12, 7)] {
        c.link(&mut set, link("coref", m(a), m(b))).unwrap();
    }
    c.link(&mut set, link("works_for", m(0), end(20, 20, "ORG")))
        .unwrap();
    let chains = set.chains(&c);
    assert_eq!(chains.len(), 1);
    assert_eq!(chains[0].0.as_str(), "coref");
    assert_eq!(chains[0].1, vec![vec![m(2), m(5), m(9)], vec![m(7), m(12)]]);
}

#[test]
fn links_read_and_write_as_results_name_them() {
    let l = link("works_for", end(0, 1, "PER"), end(4, 5, "ORG"));
    let v = serde_json::to_value(&l).unwrap();
    assert_eq!(
        v,
        json!({"type": "works_for", "from": {"span": {"first": 0, "last": 1}, "label": "PER"}, "to": {"span": {"first": 4, "last": 5}, "label": "ORG"}})
    );
    assert_eq!(serde_json::from_value::<SpanLink>(v).unwrap(), l);
}

/// The control with a `negated` attribute for every type and a `certainty` for `works_for`.
fn with_attributes() -> RelationsControl {
    let mut c = control(None);
    c.attributes = serde_json::from_value(json!([
        {"id": "negated", "label": "Negated?", "values": [{"value": "yes", "label": "Yes"}, {"value": "no", "label": "No"}]},
        {"id": "certainty", "label": "Certainty", "types": ["works_for"],
         "values": [{"value": "sure", "label": "Sure"}, {"value": "likely", "label": "Likely"}]}
    ]))
    .unwrap();
    c
}

#[test]
fn a_link_takes_the_values_its_type_s_attributes_have_and_a_new_type_drops_the_others() {
    let c = with_attributes();
    let mut set = LinkSet::default();
    let (per, org, loc) = (end(0, 1, "PER"), end(4, 5, "ORG"), end(7, 7, "LOC"));
    c.link(&mut set, link("works_for", per.clone(), org.clone())).unwrap();
    assert_eq!(c.set_attribute(&mut set, 0, "certainty", Some("likely".into())), Ok(()));
    assert_eq!(c.set_attribute(&mut set, 0, "negated", Some("no".into())), Ok(()));
    // A value the attribute lacks, and an attribute the control lacks: refused, nothing changed.
    assert_eq!(c.set_attribute(&mut set, 0, "negated", Some("maybe".into())), Err(Refused::Attribute));
    assert_eq!(c.set_attribute(&mut set, 0, "polarity", Some("yes".into())), Err(Refused::Attribute));
    assert_eq!(set.links[0].attributes.len(), 2);
    assert_eq!(c.set_attribute(&mut set, 0, "negated", None), Ok(()));
    assert_eq!(set.links[0].attributes.get("negated"), None);
    // `certainty` is `works_for`'s only: a link of another type cannot have it, and a link
    // retyped loses it (keeping what its new type has).
    c.link(&mut set, link("located_in", per.clone(), loc.clone())).unwrap();
    assert_eq!(c.set_attribute(&mut set, 1, "certainty", Some("sure".into())), Err(Refused::Attribute));
    c.set_attribute(&mut set, 0, "negated", Some("yes".into())).unwrap();
    let mut typed = link("works_for", per.clone(), org.clone());
    typed.attributes.insert("certainty".into(), "sure".into());
    assert_eq!(c.refusal(&typed, []), None);
    typed.attributes.insert("certainty".into(), "certain".into());
    assert_eq!(c.refusal(&typed, []), Some(Refused::Attribute));
    let org_loc = c.retype(&mut set, 0, "located_in".into());
    assert_eq!(org_loc, Err(Refused::Labels { from: vec!["ORG".into(), "PER".into()], to: vec!["LOC".into()] }));
    let mut other = LinkSet::default();
    let mut l = link("works_for", per.clone(), org.clone());
    l.attributes.insert("certainty".into(), "sure".into());
    l.attributes.insert("negated".into(), "yes".into());
    other.links.push(l);
    let mut c2 = c.clone();
    c2.types[1].to = vec![];
    assert_eq!(c2.retype(&mut other, 0, "located_in".into()), Ok(()));
    assert_eq!(other.links[0].attributes.keys().map(String::as_str).collect::<Vec<_>>(), ["negated"]);
    // What a result made by hand is told.
    assert_eq!(c.attribute_problem("works_for", "negated", "yes"), None);
    assert!(c.attribute_problem("located_in", "certainty", "sure").unwrap().contains("not an attribute of \"located_in\" links"));
    assert!(c.attribute_problem("works_for", "negated", "maybe").unwrap().contains("(yes, no)"));
}
