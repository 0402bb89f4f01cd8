//! Which systems a study tells apart (WMT's significance clusters): each system's score as the
//! mean over segments, its 95% interval by the percentile bootstrap over segments, each pair
//! of systems compared by a paired permutation test over the segments both were rated on
//! (the sign of each segment's difference flipped at random: SciPy's `permutation_test` with
//! `permutation_type="samples"`; one-sided, the null hypothesis that the better-scoring system
//! is not better), and the systems, best first, grouped into clusters as mt-metrics-eval's
//! `AssignRanks` ranks them: a new cluster starts at the first system that some system of the
//! current cluster is significantly better than (p ≤ 0.05).

use crate::support::rng::SplitMix;
use serde_json::{json, Value};
use std::collections::BTreeMap;

/// Resamples of the permutation test.
pub const PERMUTATIONS: usize = 10_000;
/// Resamples of the bootstrap interval.
pub const BOOTSTRAPS: usize = 1_000;
/// The significance level.
pub const ALPHA: f64 = 0.05;
/// The seed every resampling starts from (the same figures on every run).
pub const SEED: u64 = 54;

/// One pair of systems compared.
#[derive(Clone, Debug, PartialEq)]
pub struct Pair {
    /// The better of the two (by its score), and the other.
    pub better: String,
    pub worse: String,
    /// How much better, over the segments both were rated on.
    pub delta: f64,
    /// The segments both were rated on.
    pub segments: usize,
    /// The one-sided p-value (that `better` is not better).
    pub p: f64,
}

/// What the systems' scores tell apart.
#[derive(Clone, Debug, PartialEq)]
pub struct Significance {
    /// Each system's score and 95% bootstrap interval, best first.
    pub systems: Vec<(String, f64, (f64, f64))>,
    /// Every pair, in the order of the systems.
    pub pairs: Vec<Pair>,
    /// The clusters, best first.
    pub clusters: Vec<Vec<String>>,
}

fn mean(v: &[f64]) -> f64 {
    v.iter().sum::<f64>() / v.len() as f64
}

/// The percentile bootstrap's 95% interval of the mean (segments drawn with replacement).
fn interval(values: &[f64], rng: &mut SplitMix) -> (f64, f64) {
    if values.len() < 2 {
        let m = mean(values);
        return (m, m);
    }
    let n = values.len();
    let mut means: Vec<f64> = (0..BOOTSTRAPS)
        .map(|_| {
            (0..n)
                .map(|_| values[rng.below(n as u64) as usize])
                .sum::<f64>()
                / n as f64
        })
        .collect();
    means.sort_by(f64::total_cmp);
    let at = |q: f64| {
        // Linear interpolation between order statistics (NumPy's default percentile).
        let h = q * (means.len() - 1) as f64;
        let (lo, hi) = (h.floor() as usize, h.ceil() as usize);
        means[lo] + (means[hi] - means[lo]) * (h - lo as f64)
    };
    (at(0.025), at(0.975))
}

/// The paired permutation test's one-sided p-value for the mean of the differences being
/// above 0: each resample flips the sign of each difference with probability one half; the
/// p-value counts the resampled means at least as large as the observed, with the observed
/// counted among them (`(k + 1) / (R + 1)`, as SciPy counts).
fn permutation_p(diffs: &[f64], rng: &mut SplitMix) -> f64 {
    let n = diffs.len();
    if n == 0 {
        return 1.0;
    }
    let observed = mean(diffs);
    // (Compared with a tolerance: sums in another order differ in their last bits.)
    let eps = 1e-12 * diffs.iter().map(|d| d.abs()).sum::<f64>().max(1.0);
    let total: f64 = diffs.iter().sum();
    // The sum of each subset of each run of 8 differences, so a resample adds one table entry
    // per 8 segments: flipping the signs of a subset takes twice its sum off the total.
    let tables: Vec<[f64; 256]> = diffs
        .chunks(8)
        .map(|run| {
            let mut t = [0.0; 256];
            for (mask, sum) in t.iter_mut().enumerate() {
                *sum = run
                    .iter()
                    .enumerate()
                    .filter(|(j, _)| mask >> j & 1 == 1)
                    .map(|(_, d)| d)
                    .sum();
            }
            t
        })
        .collect();
    // Run by run of 64 segments (eight tables, in the first cache), every resample's share:
    // 64 random bits per resample and run.
    let mut flipped = vec![0.0; PERMUTATIONS];
    for group in tables.chunks(8) {
        for f in flipped.iter_mut() {
            let mut bits = rng.next_u64();
            for table in group {
                *f += table[(bits & 0xff) as usize];
                bits >>= 8;
            }
        }
    }
    let above = flipped
        .iter()
        .filter(|&&f| (total - 2.0 * f) / n as f64 >= observed - eps)
        .count();
    (above + 1) as f64 / (PERMUTATIONS + 1) as f64
}

/// The significance of systems' per-segment scores (`scores[system][segment]`); `lower_better`
/// for error scores, else higher is better (ESA's, DA's).
pub fn of(scores: &BTreeMap<String, BTreeMap<String, f64>>, lower_better: bool) -> Significance {
    let sign = if lower_better { 1.0 } else { -1.0 };
    let mut rng = SplitMix::new(SEED);
    let mut systems: Vec<(String, f64, (f64, f64))> = scores
        .iter()
        .filter(|(_, segs)| !segs.is_empty())
        .map(|(s, segs)| {
            let values: Vec<f64> = segs.values().copied().collect();
            (s.clone(), mean(&values), interval(&values, &mut rng))
        })
        .collect();
    systems.sort_by(|a, b| (sign * a.1).total_cmp(&(sign * b.1)).then(a.0.cmp(&b.0)));
    let mut pairs = Vec::new();
    for (i, (a, _, _)) in systems.iter().enumerate() {
        for (b, _, _) in &systems[i + 1..] {
            let (sa, sb) = (&scores[a], &scores[b]);
            let diffs: Vec<f64> = sa
                .iter()
                .filter_map(|(seg, x)| Some(sign * (sb.get(seg)? - x)))
                .collect();
            let delta = if diffs.is_empty() { 0.0 } else { mean(&diffs) };
            pairs.push(Pair {
                better: a.clone(),
                worse: b.clone(),
                delta,
                segments: diffs.len(),
                p: permutation_p(&diffs, &mut rng),
            });
        }
    }
    let beats = |a: &str, b: &str| {
        pairs
            .iter()
            .any(|p| p.better == a && p.worse == b && p.p <= ALPHA)
    };
    let mut clusters: Vec<Vec<String>> = Vec::new();
    for (s, _, _) in &systems {
        match clusters.last_mut() {
            Some(last) if !last.iter().any(|a| beats(a, s)) => last.push(s.clone()),
            _ => clusters.push(vec![s.clone()]),
        }
    }
    Significance {
        systems,
        pairs,
        clusters,
    }
}

impl Significance {
    /// The cluster a system is in (1 for the best), if it was scored.
    pub fn cluster(&self, system: &str) -> Option<usize> {
        self.clusters
            .iter()
            .position(|c| c.iter().any(|s| s == system))
            .map(|n| n + 1)
    }

    /// As the agreement's JSON gives it.
    pub fn json(&self) -> Value {
        json!({
            "test": "paired permutation test over the segments both systems were rated on (signs of the per-segment differences flipped), one-sided; a new cluster starts at the first system some system of the current cluster is significantly better than (mt-metrics-eval's AssignRanks)",
            "alpha": ALPHA,
            "permutations": PERMUTATIONS,
            "bootstraps": BOOTSTRAPS,
            "seed": SEED,
            "clusters": self.clusters,
            "ci95": self.systems.iter().map(|(s, _, (lo, hi))| (s.clone(), json!([lo, hi]))).collect::<serde_json::Map<_, _>>(),
            "pairs": self.pairs.iter().map(|p| json!({"better": p.better, "worse": p.worse, "delta": p.delta, "segments": p.segments, "p": p.p})).collect::<Vec<_>>(),
        })
    }
}

/// The systems' scores as an SVG chart, best first: each system's mean with its 95% interval as
/// a bar, the clusters told apart by colour and by a rule between them.
pub fn chart(title: &str, sig: &Significance) -> String {
    use super::intervals::Interval;
    let rows: Vec<Interval> = sig
        .systems
        .iter()
        .map(|(name, mean, interval)| Interval {
            name: name.clone(),
            mean: *mean,
            interval: *interval,
            group: sig.cluster(name).unwrap_or(1),
        })
        .collect();
    let rules: Vec<usize> = sig
        .clusters
        .iter()
        .scan(0, |row, c| {
            *row += c.len();
            Some(*row)
        })
        .collect();
    super::intervals::chart(title, "mean, 95% interval", &rows, &rules)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scores(rows: &[(&str, &[f64])]) -> BTreeMap<String, BTreeMap<String, f64>> {
        rows.iter()
            .map(|(s, v)| {
                (
                    (*s).to_owned(),
                    v.iter()
                        .enumerate()
                        .map(|(i, x)| (format!("{i:03}"), *x))
                        .collect(),
                )
            })
            .collect()
    }

    #[test]
    fn systems_far_apart_are_clusters_of_their_own_and_alike_ones_share_one() {
        let a: Vec<f64> = (0..60).map(|i| (i % 3) as f64).collect();
        let b: Vec<f64> = (0..60).map(|i| ((i + 1) % 3) as f64).collect();
        let c: Vec<f64> = a.iter().map(|x| x + 3.0).collect();
        let s = of(&scores(&[("a", &a), ("b", &b), ("c", &c)]), true);
        assert_eq!(s.clusters, vec![vec!["a", "b"], vec!["c"]]);
        assert_eq!(s.cluster("c"), Some(2));
        // Higher is better: the order turns round.
        let s = of(&scores(&[("a", &a), ("b", &b), ("c", &c)]), false);
        assert_eq!(s.clusters[0], vec!["c"]);
    }

    #[test]
    fn the_chart_names_the_systems_best_first_with_a_rule_between_clusters() {
        let a: Vec<f64> = (0..60).map(|i| (i % 3) as f64).collect();
        let c: Vec<f64> = a.iter().map(|x| x + 3.0).collect();
        let s = of(&scores(&[("sys-a", &a), ("sys-c", &c)]), true);
        let svg = chart("MQM", &s);
        let y = |name: &str| crate::analysis::intervals::tests::row_height(&svg, name);
        assert!(
            y("sys-a") < y("sys-c"),
            "the best (lowest error score) at the top"
        );
        let rules = |svg: &str| svg.matches("opacity=\"0.4\"").count();
        assert_eq!(rules(&svg), 1, "a rule between two clusters");
        let one = of(&scores(&[("sys-a", &a), ("sys-b", &a)]), true);
        assert_eq!(rules(&chart("MQM", &one)), 0);
    }

    #[test]
    fn equal_systems_are_never_told_apart() {
        let a = [1.0, 2.0, 3.0, 4.0];
        let s = of(&scores(&[("a", &a), ("b", &a)]), true);
        assert_eq!(s.pairs[0].p, 1.0);
        assert_eq!(s.pairs[0].delta, 0.0);
        assert_eq!(s.clusters.len(), 1);
    }
}
