//! Relation F₁ (`glossa::analysis::relations`): links between spans matched one to one, exactly
//! or by overlap, in order for a directed type and either way for an undirected one.
use glossa::analysis::relations::{matched, scores, Link, Matching, SpanKey};

fn span(start: usize, end: usize, label: &str) -> SpanKey {
    SpanKey {
        start,
        end,
        label: label.into(),
    }
}

fn link(label: &str, from: SpanKey, to: SpanKey, directed: bool) -> Link {
    Link {
        label: label.into(),
        from,
        to,
        directed,
    }
}

/// "Ada Lovelace worked with Charles Babbage at the Analytical Engine project."
fn key() -> Vec<Link> {
    vec![
        link("works_with", span(0, 12, "PER"), span(24, 39, "PER"), false),
        link("works_for", span(0, 12, "PER"), span(47, 73, "ORG"), true),
    ]
}

#[test]
fn the_same_links_agree_wholly() {
    let s = scores(&key(), &key(), Matching::Exact);
    assert_eq!((s.recall, s.precision, s.f1), (1.0, 1.0, 1.0));
    let none = scores(&[], &[], Matching::Exact);
    assert_eq!(none.f1, 1.0, "two annotators who linked nothing agree");
    assert_eq!(scores(&key(), &[], Matching::Exact).f1, 0.0);
}

#[test]
fn an_argument_marked_a_word_short_matches_by_overlap_only() {
    let mut response = key();
    response[1].from = span(4, 12, "PER"); // "Lovelace"
    let exact = scores(&key(), &response, Matching::Exact);
    assert_eq!((exact.recall, exact.precision), (0.5, 0.5));
    let overlap = scores(&key(), &response, Matching::Overlap);
    assert_eq!(
        (overlap.recall, overlap.precision, overlap.f1),
        (1.0, 1.0, 1.0)
    );
}

#[test]
fn direction_counts_for_a_directed_type_only() {
    let turned: Vec<Link> = key()
        .into_iter()
        .map(|l| Link {
            from: l.to.clone(),
            to: l.from.clone(),
            ..l
        })
        .collect();
    // works_with is undirected (still matches), works_for directed (does not).
    assert_eq!(matched(&key(), &turned, Matching::Exact), 1);
}

#[test]
fn a_link_is_matched_once_and_the_type_and_labels_count() {
    let k = key();
    let twice = vec![
        k[1].clone(),
        link("works_for", span(0, 3, "PER"), span(47, 73, "ORG"), true),
    ];
    let s = scores(&k[1..], &twice, Matching::Overlap);
    assert_eq!(
        (s.recall, s.precision),
        (1.0, 0.5),
        "one key link matched once, not twice"
    );
    let retyped = vec![Link {
        label: "founded".into(),
        ..k[1].clone()
    }];
    assert_eq!(matched(&k, &retyped, Matching::Overlap), 0);
    let relabelled = vec![Link {
        to: span(47, 73, "LOC"),
        ..k[1].clone()
    }];
    assert_eq!(matched(&k, &relabelled, Matching::Overlap), 0);
}

#[test]
fn overlap_finds_the_most_pairs() {
    // Two key links and two response links where a greedy pairing in order would match only one.
    let a = link("r", span(0, 10, "X"), span(20, 30, "Y"), true);
    let b = link("r", span(5, 10, "X"), span(20, 30, "Y"), true);
    let key = vec![a.clone(), b];
    let response = vec![
        link("r", span(0, 8, "X"), span(20, 30, "Y"), true),
        link("r", span(0, 3, "X"), span(25, 30, "Y"), true),
    ];
    assert_eq!(matched(&key, &response, Matching::Overlap), 2);
    assert!(
        matched(&key, &response, Matching::Exact) <= matched(&key, &response, Matching::Overlap)
    );
}
