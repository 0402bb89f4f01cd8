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

/// The level of measurement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    /// Categories: two values agree only when equal.
    Nominal,
    /// Ordered categories (a rating's points): disagreement grows with how many of the values
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

/// The units reduced once to what alpha needs, so that the alpha of any multiset of them — the
/// data, or a bootstrap resample — costs one pass over their distinct values: each distinct
/// value interned (categories by their text, numbers by their value), each unit as its
/// `(value, count)` pairs.
struct Prepared {
    level: Level,
    /// Each distinct value's number (NaN for a category at the interval or ordinal level).
    numbers: Vec<f64>,
    /// The distinct values' indices in numeric order (for ordinal positions).
    order: Vec<usize>,
    /// The pairable units (two values or more), as `(value, count)`.
    units: Vec<Vec<(usize, f64)>>,
    /// Each unit's number of values.
    m: Vec<f64>,
    /// Interval: each unit's observed disagreement `Σ_{i≠j} (x_i − x_j)² / (m − 1)`, its `Σx`
    /// and `Σx²`; nominal: its disagreement `(m² − Σ n_c²) / (m − 1)`.
    within: Vec<f64>,
    sum: Vec<f64>,
    sum2: Vec<f64>,
}

impl Prepared {
    fn new(units: &[Unit], level: Level) -> Self {
        let mut index: std::collections::HashMap<String, usize> = Default::default();
        let mut numbers = Vec::new();
        let mut out = Prepared {
            level,
            numbers: Vec::new(),
            order: Vec::new(),
            units: Vec::new(),
            m: Vec::new(),
            within: Vec::new(),
            sum: Vec::new(),
            sum2: Vec::new(),
        };
        let number = |d: &Datum| match d {
            Datum::Number(x) => *x,
            Datum::Category(c) => c.parse().unwrap_or(f64::NAN),
        };
        for u in units {
            // At the interval level a category is no value (as Σ over numbers only).
            let values: Vec<&Datum> = u
                .iter()
                .filter(|d| level != Level::Interval || matches!(d, Datum::Number(_)))
                .collect();
            if values.len() < 2 {
                continue;
            }
            let mut counts: Vec<(usize, f64)> = Vec::new();
            for d in &values {
                // Nominal: a value is its text; otherwise its number (equal numbers, one value).
                let key = match (level, d) {
                    (Level::Nominal, Datum::Category(c)) => c.clone(),
                    (Level::Nominal, Datum::Number(x)) => x.to_string(),
                    _ => format!("#{}", number(d).to_bits()),
                };
                let next = index.len();
                let v = *index.entry(key).or_insert_with(|| {
                    numbers.push(number(d));
                    next
                });
                match counts.iter_mut().find(|(w, _)| *w == v) {
                    Some((_, c)) => *c += 1.0,
                    None => counts.push((v, 1.0)),
                }
            }
            let m = values.len() as f64;
            let (s, s2) = counts.iter().fold((0.0, 0.0), |(s, s2), &(v, c)| {
                let x = numbers[v];
                (s + c * x, s2 + c * x * x)
            });
            out.within.push(match level {
                Level::Nominal => {
                    (m * m - counts.iter().map(|(_, c)| c * c).sum::<f64>()) / (m - 1.0)
                }
                _ => (2.0 * m * s2 - 2.0 * s * s) / (m - 1.0),
            });
            out.sum.push(s);
            out.sum2.push(s2);
            out.m.push(m);
            out.units.push(counts);
        }
        let mut order: Vec<usize> = (0..numbers.len()).collect();
        order.sort_by(|a, b| numbers[*a].total_cmp(&numbers[*b]));
        out.numbers = numbers;
        out.order = order;
        out
    }

    /// Alpha of the units picked (by index, repeats allowed).
    fn alpha(&self, picked: &[usize], totals: &mut Vec<f64>) -> Option<f64> {
        let n: f64 = picked.iter().map(|&u| self.m[u]).sum();
        if n < 2.0 {
            return None;
        }
        let (d_o, total) = match self.level {
            Level::Interval => {
                let d_o: f64 = picked.iter().map(|&u| self.within[u]).sum();
                let s: f64 = picked.iter().map(|&u| self.sum[u]).sum();
                let s2: f64 = picked.iter().map(|&u| self.sum2[u]).sum();
                (d_o, 2.0 * n * s2 - 2.0 * s * s)
            }
            Level::Nominal | Level::Ordinal => {
                totals.clear();
                totals.resize(self.numbers.len(), 0.0);
                for &u in picked {
                    for &(v, c) in &self.units[u] {
                        totals[v] += c;
                    }
                }
                if self.level == Level::Nominal {
                    let d_o: f64 = picked.iter().map(|&u| self.within[u]).sum();
                    (d_o, n * n - totals.iter().map(|c| c * c).sum::<f64>())
                } else {
                    // Each value's rank position among the picked values: how many lie below
                    // it plus half of those equal to it (equal numbers are one value here).
                    let mut position = vec![0.0; self.numbers.len()];
                    let mut below = 0.0;
                    for &v in &self.order {
                        position[v] = below + totals[v] / 2.0;
                        below += totals[v];
                    }
                    let (mut d_o, mut s, mut s2) = (0.0, 0.0, 0.0);
                    for &u in picked {
                        let (us, us2) = self.units[u].iter().fold((0.0, 0.0), |(a, b), &(v, c)| {
                            let x = position[v];
                            (a + c * x, b + c * x * x)
                        });
                        let m = self.m[u];
                        d_o += (2.0 * m * us2 - 2.0 * us * us) / (m - 1.0);
                        s += us;
                        s2 += us2;
                    }
                    (d_o, 2.0 * n * s2 - 2.0 * s * s)
                }
            }
        };
        let d_e = total / (n * (n - 1.0));
        (d_e > 0.0).then(|| 1.0 - (d_o / n) / d_e)
    }
}

/// Krippendorff's alpha of these units at this level (no interval).
pub fn alpha_of(units: &[Unit], level: Level) -> Option<f64> {
    let p = Prepared::new(units, level);
    let all: Vec<usize> = (0..p.units.len()).collect();
    p.alpha(&all, &mut Vec::new())
}

/// Alpha, its bootstrap 95% interval (`resamples` resamples of the pairable units with
/// replacement, seed `seed`), and the counts. Linear in the values, and each resample linear
/// in the units' distinct values.
pub fn agreement(units: &[Unit], level: Level, resamples: usize, seed: u64) -> Agreement {
    let p = Prepared::new(units, level);
    let count = p.units.len();
    let all: Vec<usize> = (0..count).collect();
    let mut totals = Vec::new();
    let alpha = p.alpha(&all, &mut totals);
    let mut rng = SplitMix::new(seed);
    let mut draws: Vec<f64> = Vec::with_capacity(resamples);
    if alpha.is_some() && count > 0 {
        let mut sample = vec![0usize; count];
        for _ in 0..resamples {
            for slot in sample.iter_mut() {
                *slot = rng.below(count as u64) as usize;
            }
            if let Some(a) = p.alpha(&sample, &mut totals) {
                draws.push(a);
            }
        }
    }
    draws.sort_by(f64::total_cmp);
    let pct = |p: f64| draws[((p * (draws.len() - 1) as f64).round()) as usize];
    Agreement {
        alpha,
        ci95: (!draws.is_empty()).then(|| (pct(0.025), pct(0.975))),
        units: count,
        pairable: p.m.iter().sum::<f64>() as usize,
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
