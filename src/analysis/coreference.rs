//! The coreference field's scores of one clustering of mentions (a response) against another
//! (a key): MUC, B³, CEAFₘ, CEAFₑ, BLANC and the CoNLL average, with system mentions (a
//! mention of one side the other lacks) as Pradhan et al. (2014) define them, and each edge
//! case as the CoNLL reference scorer (`conll/reference-coreference-scorers`) and `scorch` take
//! it. `tests/coreference.rs` checks them against the reference scorer's own test cases.
//!
//! Mentions are anything comparable (spans, ids); a cluster is a set of mentions, a mention in
//! at most one cluster of a side.

use std::collections::BTreeSet;

/// Recall, precision and their F₁.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Prf {
    /// Recall.
    pub recall: f64,
    /// Precision.
    pub precision: f64,
    /// F₁ (0 when either is 0).
    pub f1: f64,
}

impl Prf {
    fn of(recall: f64, precision: f64) -> Self {
        let f1 = if recall > 0.0 && precision > 0.0 {
            2.0 * recall * precision / (recall + precision)
        } else {
            0.0
        };
        Self {
            recall,
            precision,
            f1,
        }
    }

    const ZERO: Self = Self {
        recall: 0.0,
        precision: 0.0,
        f1: 0.0,
    };
    const ONE: Self = Self {
        recall: 1.0,
        precision: 1.0,
        f1: 1.0,
    };
}

/// A side's clusters.
pub type Clusters<M> = [BTreeSet<M>];

/// How many parts `cluster` falls into when cut by `other`'s clusters, in their order (a
/// mention `other` has twice goes with the first; a mention in none of them is a part of its
/// own).
fn parts<M: Ord>(cluster: &BTreeSet<M>, other: &Clusters<M>) -> usize {
    let mut left: BTreeSet<&M> = cluster.iter().collect();
    let mut parts = 0;
    for o in other {
        let before = left.len();
        left.retain(|m| !o.contains(*m));
        parts += usize::from(left.len() < before);
    }
    parts + left.len()
}

/// MUC (Vilain et al. 1995): links kept. 0 when every cluster of either side is a singleton,
/// as the reference scorer has it.
pub fn muc<M: Ord>(key: &Clusters<M>, response: &Clusters<M>) -> Prf {
    if key.iter().all(|k| k.len() == 1) || response.iter().all(|r| r.len() == 1) {
        return Prf::ZERO;
    }
    let side = |a: &Clusters<M>, b: &Clusters<M>| {
        let kept: usize = a.iter().map(|c| c.len() - parts(c, b)).sum();
        let links: usize = a.iter().map(|c| c.len() - 1).sum();
        kept as f64 / links as f64
    };
    Prf::of(side(key, response), side(response, key))
}

/// B³ (Bagga and Baldwin 1998): per mention, the share of its cluster the other side shares.
pub fn b_cubed<M: Ord>(key: &Clusters<M>, response: &Clusters<M>) -> Prf {
    let side = |a: &Clusters<M>, b: &Clusters<M>| {
        let total: usize = a.iter().map(BTreeSet::len).sum();
        if total == 0 {
            return 0.0;
        }
        let shared: f64 = a
            .iter()
            .flat_map(|x| {
                b.iter()
                    .map(move |y| (x.intersection(y).count().pow(2) as f64) / x.len() as f64)
            })
            .sum();
        shared / total as f64
    };
    Prf::of(side(key, response), side(response, key))
}

/// CEAF (Luo 2005) for a similarity of clusters: the one-to-one alignment of key and response
/// clusters with the highest total similarity, over each side's similarity with itself.
fn ceaf<M: Ord>(
    key: &Clusters<M>,
    response: &Clusters<M>,
    phi: impl Fn(&BTreeSet<M>, &BTreeSet<M>) -> f64,
) -> Prf {
    if key.is_empty() || response.is_empty() {
        return Prf::ZERO;
    }
    let scores: Vec<Vec<f64>> = key
        .iter()
        .map(|k| response.iter().map(|r| phi(k, r)).collect())
        .collect();
    let best = super::assignment::best_total(&scores);
    let own = |side: &Clusters<M>| side.iter().map(|c| phi(c, c)).sum::<f64>();
    Prf::of(best / own(key), best / own(response))
}

/// CEAFₘ: the alignment's mentions in common.
pub fn ceaf_m<M: Ord>(key: &Clusters<M>, response: &Clusters<M>) -> Prf {
    ceaf(key, response, |k, r| k.intersection(r).count() as f64)
}

/// CEAFₑ: the alignment's entities, each pair weighed by its Dice similarity.
pub fn ceaf_e<M: Ord>(key: &Clusters<M>, response: &Clusters<M>) -> Prf {
    ceaf(key, response, |k, r| {
        2.0 * k.intersection(r).count() as f64 / (k.len() + r.len()) as f64
    })
}

/// BLANC (Recasens and Hovy 2011; with system mentions, Luo et al. 2014): the mean of the
/// scores of coreference links (pairs in one cluster) and of non-coreference links (pairs in
/// two); a side with no link of a type on the key's side counts the other type alone, as the
/// reference scorer has it.
pub fn blanc<M: Ord + Clone>(key: &Clusters<M>, response: &Clusters<M>) -> Prf {
    if key.len() == 1 && response.len() == 1 && key[0].len() == 1 && response[0].len() == 1 {
        return if key[0] == response[0] {
            Prf::ONE
        } else {
            Prf::ZERO
        };
    }
    let (ck, nk) = links(key);
    let (cr, nr) = links(response);
    let score = |k: &BTreeSet<(M, M)>, r: &BTreeSet<(M, M)>| match (k.is_empty(), r.is_empty()) {
        (true, true) => Prf::ONE,
        (true, false) | (false, true) => Prf::ZERO,
        (false, false) => {
            let tp = k.intersection(r).count() as f64;
            let (recall, precision) = (tp / k.len() as f64, tp / r.len() as f64);
            Prf {
                recall,
                precision,
                f1: 2.0 * tp / (k.len() + r.len()) as f64,
            }
        }
    };
    let (c, n) = (score(&ck, &cr), score(&nk, &nr));
    if ck.is_empty() {
        return n;
    }
    if nk.is_empty() {
        return c;
    }
    Prf {
        recall: (c.recall + n.recall) / 2.0,
        precision: (c.precision + n.precision) / 2.0,
        f1: (c.f1 + n.f1) / 2.0,
    }
}

/// A side's coreference links (pairs in one cluster) and non-coreference links (pairs in two),
/// each pair in order.
fn links<M: Ord + Clone>(side: &Clusters<M>) -> (BTreeSet<(M, M)>, BTreeSet<(M, M)>) {
    let pair = |a: &M, b: &M| {
        if a <= b {
            (a.clone(), b.clone())
        } else {
            (b.clone(), a.clone())
        }
    };
    let mut within = BTreeSet::new();
    let mut across = BTreeSet::new();
    for (i, c) in side.iter().enumerate() {
        for (j, a) in c.iter().enumerate() {
            for b in c.iter().skip(j + 1) {
                within.insert(pair(a, b));
            }
            for other in &side[i + 1..] {
                for b in other {
                    across.insert(pair(a, b));
                }
            }
        }
    }
    (within, across)
}

/// Every score of a response against a key, and the CoNLL F₁ (the mean of MUC's, B³'s and
/// CEAFₑ's).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Scores {
    /// MUC.
    pub muc: Prf,
    /// B³.
    pub b_cubed: Prf,
    /// CEAFₘ.
    pub ceaf_m: Prf,
    /// CEAFₑ.
    pub ceaf_e: Prf,
    /// BLANC.
    pub blanc: Prf,
    /// The CoNLL-2012 F₁.
    pub conll: f64,
}

/// Every score of `response` against `key`.
pub fn scores<M: Ord + Clone>(key: &Clusters<M>, response: &Clusters<M>) -> Scores {
    let (muc, b_cubed, ceaf_e) = (
        muc(key, response),
        b_cubed(key, response),
        ceaf_e(key, response),
    );
    Scores {
        muc,
        b_cubed,
        ceaf_m: ceaf_m(key, response),
        ceaf_e,
        blanc: blanc(key, response),
        conll: (muc.f1 + b_cubed.f1 + ceaf_e.f1) / 3.0,
    }
}
