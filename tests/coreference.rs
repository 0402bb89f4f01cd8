//! The coreference scores (`glossa::analysis::coreference`) against the CoNLL reference
//! scorer's own test cases (`conll/reference-coreference-scorers`, `test/TestCases.README`): each
//! case's key and response clusters, the mentions letters, and the fractions it expects (commit
//! f49f3f8a0e1cdc5ceba7c2a33013897369df5543; the scorer's work is CC BY-SA 4.0).
use glossa::analysis::coreference::{b_cubed, blanc, ceaf_e, ceaf_m, muc, Prf};
use std::collections::BTreeSet;

/// `{a} {bc} {def}` as clusters of letters.
fn clusters(text: &str) -> Vec<BTreeSet<char>> {
    text.split_whitespace()
        .map(|c| c.trim_matches(|x| x == '{' || x == '}').chars().collect())
        .collect()
}

fn close(got: Prf, recall: f64, precision: f64, what: &str) {
    assert!(
        (got.recall - recall).abs() < 1e-9,
        "{what}: recall {} ≠ {recall}",
        got.recall
    );
    assert!(
        (got.precision - precision).abs() < 1e-9,
        "{what}: precision {} ≠ {precision}",
        got.precision
    );
    let f1 = if recall > 0.0 && precision > 0.0 {
        2.0 * recall * precision / (recall + precision)
    } else {
        0.0
    };
    assert!((got.f1 - f1).abs() < 1e-9, "{what}: F1 {} ≠ {f1}", got.f1);
}

/// BLANC from the reference scorer's four fractions: the mean of the coreference and the
/// non-coreference scores (their F₁ each `2·tp / (key + response)`).
fn close_blanc(got: Prf, (tc, kc, rc): (f64, f64, f64), (tn, kn, rn): (f64, f64, f64), what: &str) {
    let f = |tp: f64, k: f64, r: f64| {
        if k + r == 0.0 {
            0.0
        } else {
            2.0 * tp / (k + r)
        }
    };
    let ratio = |a: f64, b: f64| if b == 0.0 { 0.0 } else { a / b };
    assert!(
        (got.recall - (ratio(tc, kc) + ratio(tn, kn)) / 2.0).abs() < 1e-9,
        "{what}: BLANC recall {}",
        got.recall
    );
    assert!(
        (got.precision - (ratio(tc, rc) + ratio(tn, rn)) / 2.0).abs() < 1e-9,
        "{what}: BLANC precision {}",
        got.precision
    );
    assert!(
        (got.f1 - (f(tc, kc, rc) + f(tn, kn, rn)) / 2.0).abs() < 1e-9,
        "{what}: BLANC {}",
        got.f1
    );
}

const KEY: &str = "{a} {bc} {def}";

#[test]
fn tc_a_1_a_perfect_response() {
    let k = clusters(KEY);
    for (name, s) in [
        ("MUC", muc(&k, &k)),
        ("B3", b_cubed(&k, &k)),
        ("CEAFm", ceaf_m(&k, &k)),
        ("CEAFe", ceaf_e(&k, &k)),
        ("BLANC", blanc(&k, &k)),
    ] {
        close(s, 1.0, 1.0, name);
    }
}

#[test]
fn tc_a_2_missing_mentions_and_entities() {
    let (k, r) = (clusters(KEY), clusters("{a} {de}"));
    close(b_cubed(&k, &r), 7.0 / 18.0, 1.0, "B3");
    close(muc(&k, &r), 1.0 / 3.0, 1.0, "MUC");
    close(ceaf_m(&k, &r), 3.0 / 6.0, 1.0, "CEAFm");
    close(ceaf_e(&k, &r), 1.8 / 3.0, 1.8 / 2.0, "CEAFe");
    close_blanc(blanc(&k, &r), (1.0, 4.0, 1.0), (2.0, 11.0, 2.0), "TC-A-2");
}

#[test]
fn tc_a_3_false_alarm_mentions_and_entities() {
    let (k, r) = (clusters(KEY), clusters("{a} {bcx} {defy} {z}"));
    close(b_cubed(&k, &r), 1.0, 55.0 / 108.0, "B3");
    close(muc(&k, &r), 1.0, 3.0 / 5.0, "MUC");
    close(ceaf_m(&k, &r), 1.0, 6.0 / 9.0, "CEAFm");
    let common = 1.0 + 4.0 / 5.0 + 6.0 / 7.0;
    close(ceaf_e(&k, &r), common / 3.0, common / 4.0, "CEAFe");
    close_blanc(blanc(&k, &r), (4.0, 4.0, 9.0), (11.0, 11.0, 27.0), "TC-A-3");
}

#[test]
fn tc_a_4_missing_and_false_alarm_mentions() {
    let (k, r) = (clusters(KEY), clusters("{a} {bcx} {dy} {z}"));
    close(b_cubed(&k, &r), 5.0 / 9.0, 17.0 / 42.0, "B3");
    close(muc(&k, &r), 1.0 / 3.0, 1.0 / 3.0, "MUC");
    close(ceaf_m(&k, &r), 4.0 / 6.0, 4.0 / 7.0, "CEAFm");
    let common = 1.0 + 4.0 / 5.0 + 2.0 / 5.0;
    close(ceaf_e(&k, &r), common / 3.0, common / 4.0, "CEAFe");
    close_blanc(blanc(&k, &r), (1.0, 4.0, 4.0), (5.0, 11.0, 17.0), "TC-A-4");
}

#[test]
fn tc_a_5_an_overlapping_mention_in_the_aligned_entity() {
    let (k, r) = (clusters(KEY), clusters("{a} {bcxB} {dy} {z}"));
    close(b_cubed(&k, &r), 5.0 / 9.0, 5.0 / 16.0, "B3");
    close(muc(&k, &r), 1.0 / 3.0, 1.0 / 4.0, "MUC");
    close(ceaf_m(&k, &r), 4.0 / 6.0, 4.0 / 8.0, "CEAFm");
    let common = 1.0 + 4.0 / 6.0 + 2.0 / 5.0;
    close(ceaf_e(&k, &r), common / 3.0, common / 4.0, "CEAFe");
    close_blanc(blanc(&k, &r), (1.0, 4.0, 7.0), (5.0, 11.0, 21.0), "TC-A-5");
}

#[test]
fn tc_a_9_and_10_all_singletons_and_all_in_one() {
    let k = clusters(KEY);
    let singletons = clusters("{a} {b} {c} {d} {e} {f}");
    close(b_cubed(&k, &singletons), 3.0 / 6.0, 1.0, "B3");
    close(muc(&k, &singletons), 0.0, 0.0, "MUC");
    close_blanc(
        blanc(&k, &singletons),
        (0.0, 4.0, 0.0),
        (11.0, 11.0, 15.0),
        "TC-A-9",
    );
    let one = clusters("{abcdef}");
    close(b_cubed(&k, &one), 1.0, 7.0 / 18.0, "B3");
    close(muc(&k, &one), 1.0, 3.0 / 5.0, "MUC");
    close_blanc(
        blanc(&k, &one),
        (4.0, 4.0, 15.0),
        (0.0, 11.0, 0.0),
        "TC-A-10",
    );
}

#[test]
fn tc_m_a_key_with_one_entity_counts_coreference_links_only() {
    let k = clusters("{abcdef}");
    close(blanc(&k, &k), 1.0, 1.0, "TC-M-1");
    close(muc(&k, &k), 1.0, 1.0, "TC-M-1 MUC");
    let singletons = clusters("{a} {b} {c} {d} {e} {f}");
    close(blanc(&k, &singletons), 0.0, 0.0, "TC-M-2");
    close(muc(&k, &singletons), 0.0, 0.0, "TC-M-2 MUC");
}
