//! Krippendorff's alpha: agreement among any number of annotators, with missing values, for
//! nominal, ordinal and interval data; and a bootstrap 95% interval over units (fixed seed).
//!
//! Ordinal data are interval data on each value's rank position among all pairable values
//! (`n_<c + n_c / 2`): δ²(c, k) = (Σ_{g=c..k} n_g − (n_c + n_k) / 2)², Krippendorff's ordinal
//! metric.
//!
//! alpha = 1 − D_o / D_e, with D_o the disagreement observed within units and D_e the
//! disagreement expected from all pairable values. Only units with at least two values count
//! ("pairable"). The sums over pairs use closed forms (Σ_{i≠j} (a_i − a_j)² = 2nΣa² − 2(Σa)²;
//! for nominal data n² − Σ n_c²), so a unit with m values costs O(m) and the whole O(n).

use crate::support::rng::SplitMix;
use crate::support::sorted_map::SortedMap;

/// The level of measurement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    /// Categories: two values agree only when equal.
    Nominal,
    /// Ordered categories (a scale's points): disagreement grows with how many of the values
    /// given lie between two (Krippendorff's ordinal metric).
    Ordinal,
    /// Numbers: disagreement is the squared difference.
    Interval,
}

impl Level {
    /// `nominal` or `interval`.
    pub fn as_str(self) -> &'static str {
        match self {
            Level::Nominal => "nominal",
            Level::Ordinal => "ordinal",
            Level::Interval => "interval",
        }
    }
}

/// A value one annotator gave one unit.
#[derive(Clone, Debug, PartialEq)]
pub enum Datum {
    /// A category.
    Category(String),
    /// A number.
    Number(f64),
}

/// The values of one unit (missing values are simply absent).
pub type Unit = Vec<Datum>;

/// Alpha with its interval and counts.
#[derive(Clone, Debug, PartialEq)]
pub struct Agreement {
    /// Krippendorff's alpha (`None` when nothing is pairable or every value is the same).
    pub alpha: Option<f64>,
    /// The bootstrap 95% interval (2.5th and 97.5th percentiles of alpha over resampled units).
    pub ci95: Option<(f64, f64)>,
    /// Units with at least two values.
    pub units: usize,
    /// Values in those units.
    pub pairable: usize,
}

/// Within-unit disagreement sum Σ_{i≠j} δ(v_i, v_j) of one unit, and its number of values.
fn within(unit: &[Datum], level: Level) -> (f64, usize) {
    let m = unit.len();
    match level {
        Level::Interval | Level::Ordinal => {
            let xs: Vec<f64> = unit
                .iter()
                .filter_map(|d| match d {
                    Datum::Number(x) => Some(*x),
                    Datum::Category(_) => None,
                })
                .collect();
            let (s, s2) = xs.iter().fold((0.0, 0.0), |(s, s2), x| (s + x, s2 + x * x));
            let n = xs.len() as f64;
            (2.0 * n * s2 - 2.0 * s * s, xs.len())
        }
        Level::Nominal => {
            let mut counts: SortedMap<String, f64> = SortedMap::new();
            for d in unit {
                let key = match d {
                    Datum::Category(c) => c.clone(),
                    Datum::Number(x) => x.to_string(),
                };
                *counts.entry(key).or_default() += 1.0;
            }
            let sq: f64 = counts.values().map(|c| c * c).sum();
            ((m * m) as f64 - sq, m)
        }
    }
}

/// Krippendorff's alpha of these units at this level (no interval).
pub fn alpha_of(units: &[Unit], level: Level) -> Option<f64> {
    if level == Level::Ordinal {
        return alpha_of(&ranked(units), Level::Interval);
    }
    let pairable: Vec<&Unit> = units.iter().filter(|u| u.len() >= 2).collect();
    let n: usize = pairable.iter().map(|u| u.len()).sum();
    if n < 2 {
        return None;
    }
    let d_o: f64 = pairable
        .iter()
        .map(|u| {
            let (sum, m) = within(u, level);
            sum / (m as f64 - 1.0)
        })
        .sum::<f64>()
        / n as f64;
    let all: Vec<Datum> = pairable.iter().flat_map(|u| u.iter().cloned()).collect();
    let (total, _) = within(&all, level);
    let d_e = total / (n as f64 * (n as f64 - 1.0));
    (d_e > 0.0).then(|| 1.0 - d_o / d_e)
}

/// Ordinal values as their rank positions among the pairable values (see the module's head);
/// units with one value are left out.
fn ranked(units: &[Unit]) -> Vec<Unit> {
    let num = |d: &Datum| match d {
        Datum::Number(x) => *x,
        Datum::Category(c) => c.parse().unwrap_or(f64::NAN),
    };
    let pairable: Vec<&Unit> = units.iter().filter(|u| u.len() >= 2).collect();
    let mut values: Vec<f64> = pairable.iter().flat_map(|u| u.iter().map(num)).collect();
    values.sort_by(f64::total_cmp);
    // Position of v: how many values are below it, plus half of those equal to it.
    let position = |v: f64| {
        let below = values.partition_point(|x| x.total_cmp(&v).is_lt());
        let upto = values.partition_point(|x| x.total_cmp(&v).is_le());
        below as f64 + (upto - below) as f64 / 2.0
    };
    pairable
        .iter()
        .map(|u| u.iter().map(|d| Datum::Number(position(num(d)))).collect())
        .collect()
}

/// Alpha, its bootstrap 95% interval (`resamples` resamples of the pairable units with
/// replacement, seed `seed`), and the counts.
pub fn agreement(units: &[Unit], level: Level, resamples: usize, seed: u64) -> Agreement {
    let pairable: Vec<Unit> = units.iter().filter(|u| u.len() >= 2).cloned().collect();
    let alpha = alpha_of(&pairable, level);
    let mut rng = SplitMix::new(seed);
    let mut draws: Vec<f64> = Vec::with_capacity(resamples);
    if alpha.is_some() && !pairable.is_empty() {
        for _ in 0..resamples {
            let sample: Vec<Unit> = (0..pairable.len())
                .map(|_| pairable[rng.below(pairable.len() as u64) as usize].clone())
                .collect();
            if let Some(a) = alpha_of(&sample, level) {
                draws.push(a);
            }
        }
    }
    draws.sort_by(f64::total_cmp);
    let pct = |p: f64| draws[((p * (draws.len() - 1) as f64).round()) as usize];
    Agreement {
        alpha,
        ci95: (!draws.is_empty()).then(|| (pct(0.025), pct(0.975))),
        units: pairable.len(),
        pairable: pairable.iter().map(Vec::len).sum(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cat(v: &[&str]) -> Unit {
        v.iter().map(|s| Datum::Category((*s).to_owned())).collect()
    }

    /// Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability", the nominal example
    /// with missing values: alpha = 0.743.
    #[test]
    fn the_textbook_nominal_example_with_missing_values() {
        let units = vec![
            cat(&["1", "1", "1"]),
            cat(&["2", "2", "3", "2"]),
            cat(&["3", "3", "3", "3"]),
            cat(&["3", "3", "3", "3"]),
            cat(&["2", "2", "2", "2"]),
            cat(&["1", "2", "3", "4"]),
            cat(&["4", "4", "4", "4"]),
            cat(&["1", "1", "2", "1"]),
            cat(&["2", "2", "2", "2"]),
            cat(&["5", "5", "5"]),
            cat(&["1", "1"]),
            cat(&["3"]),
        ];
        let a = alpha_of(&units, Level::Nominal).unwrap();
        assert!((a - 0.743).abs() < 0.0005, "{a}");
        let ag = agreement(&units, Level::Nominal, 200, 7);
        assert_eq!((ag.units, ag.pairable), (11, 40));
        let (lo, hi) = ag.ci95.unwrap();
        assert!(lo <= a && a <= hi, "{lo} {a} {hi}");
        assert_eq!(
            ag,
            agreement(&units, Level::Nominal, 200, 7),
            "same seed, same interval"
        );
    }

    #[test]
    fn perfect_agreement_is_one_and_nothing_pairable_is_none() {
        let units = vec![cat(&["a", "a"]), cat(&["b", "b", "b"])];
        assert_eq!(alpha_of(&units, Level::Nominal), Some(1.0));
        assert_eq!(alpha_of(&[cat(&["a"])], Level::Nominal), None);
        let nums = vec![
            vec![Datum::Number(1.0), Datum::Number(1.0)],
            vec![Datum::Number(3.0), Datum::Number(3.0)],
        ];
        assert_eq!(alpha_of(&nums, Level::Interval), Some(1.0));
    }
}
