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

use crate::support::fx_hash::FxHashMap;
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

/// Units gathered as their distinct profiles: each value interned once (categories by their
/// text, numbers by their value), each pairable unit (two values or more) reduced to its
/// `(value, count)` pairs, and equal profiles counted rather than kept — a study's millions of
/// word units are a few hundred profiles. Alpha and every bootstrap resample then cost one pass
/// over the profiles, whatever the number of units.
#[derive(Clone, Debug)]
pub struct Tally {
    level: Level,
    index: FxHashMap<String, u32>,
    numbers: Vec<f64>,
    profiles: FxHashMap<Vec<(u32, u32)>, usize>,
    /// The profiles in the order first seen, with how many units have each.
    list: Vec<(Vec<(u32, u32)>, u64)>,
    scratch: Vec<(u32, u32)>,
}

impl Tally {
    /// An empty tally at this level.
    pub fn new(level: Level) -> Self {
        Tally {
            level,
            index: Default::default(),
            numbers: Vec::new(),
            profiles: Default::default(),
            list: Vec::new(),
            scratch: Vec::new(),
        }
    }

    /// A value's number: `None` when it is no value at this level (a category at the interval
    /// level, as Σ over numbers only).
    pub fn value(&mut self, d: &Datum) -> Option<u32> {
        let number = match d {
            Datum::Number(x) => *x,
            Datum::Category(c) if self.level != Level::Interval => c.parse().unwrap_or(f64::NAN),
            Datum::Category(_) => return None,
        };
        // Nominal: a value is its text; otherwise its number (equal numbers, one value).
        let key = match (self.level, d) {
            (Level::Nominal, Datum::Category(c)) => return Some(self.category(c)),
            (Level::Nominal, Datum::Number(x)) => x.to_string(),
            _ => format!("#{}", number.to_bits()),
        };
        Some(self.intern(key, number))
    }

    /// A category's number (nominal and ordinal levels).
    pub fn category(&mut self, text: &str) -> u32 {
        if let Some(v) = self.index.get(text) {
            return *v;
        }
        let number = text.parse().unwrap_or(f64::NAN);
        self.intern(text.to_owned(), number)
    }

    fn intern(&mut self, key: String, number: f64) -> u32 {
        let next = self.numbers.len() as u32;
        *self.index.entry(key).or_insert_with(|| {
            self.numbers.push(number);
            next
        })
    }

    /// One unit: its annotators' values (numbers from [`Tally::value`] or
    /// [`Tally::category`]). A unit of fewer than two values is not pairable and not kept.
    pub fn unit(&mut self, values: impl IntoIterator<Item = u32>) {
        self.units(values, 1);
    }

    /// `times` units of these values.
    pub fn units(&mut self, values: impl IntoIterator<Item = u32>, times: u64) {
        if times == 0 {
            return;
        }
        self.scratch.clear();
        let mut m = 0;
        for v in values {
            m += 1;
            match self.scratch.iter_mut().find(|(w, _)| *w == v) {
                Some((_, c)) => *c += 1,
                None => self.scratch.push((v, 1)),
            }
        }
        if m < 2 {
            return;
        }
        self.scratch.sort_unstable();
        match self.profiles.get(&self.scratch) {
            Some(&at) => self.list[at].1 += times,
            None => {
                self.profiles.insert(self.scratch.clone(), self.list.len());
                self.list.push((self.scratch.clone(), times));
            }
        }
    }

    /// Alpha, its bootstrap 95% interval and the counts (see [`agreement`]).
    pub fn agreement(&self, resamples: usize, seed: u64) -> Agreement {
        Prepared::new(self).agreement(resamples, seed)
    }
}

/// A tally's profiles reduced to what alpha needs.
struct Prepared {
    level: Level,
    /// Each distinct value's number (NaN for a category at the ordinal level).
    numbers: Vec<f64>,
    /// The distinct values' indices in numeric order (for ordinal positions).
    order: Vec<usize>,
    /// The distinct profiles, as `(value, count)`.
    units: Vec<Vec<(usize, f64)>>,
    /// How many units have each profile.
    weight: Vec<f64>,
    /// Each profile's number of values.
    m: Vec<f64>,
    /// Interval: each profile's observed disagreement `Σ_{i≠j} (x_i − x_j)² / (m − 1)`, its
    /// `Σx` and `Σx²`; nominal: its disagreement `(m² − Σ n_c²) / (m − 1)`.
    within: Vec<f64>,
    sum: Vec<f64>,
    sum2: Vec<f64>,
}

impl Prepared {
    fn new(tally: &Tally) -> Self {
        let numbers = tally.numbers.clone();
        let mut out = Prepared {
            level: tally.level,
            numbers: Vec::new(),
            order: Vec::new(),
            units: Vec::new(),
            weight: Vec::new(),
            m: Vec::new(),
            within: Vec::new(),
            sum: Vec::new(),
            sum2: Vec::new(),
        };
        for (profile, weight) in &tally.list {
            let counts: Vec<(usize, f64)> = profile
                .iter()
                .map(|&(v, c)| (v as usize, c as f64))
                .collect();
            let m: f64 = counts.iter().map(|(_, c)| c).sum();
            let (s, s2) = counts.iter().fold((0.0, 0.0), |(s, s2), &(v, c)| {
                let x = numbers[v];
                (s + c * x, s2 + c * x * x)
            });
            out.within.push(match out.level {
                Level::Nominal => {
                    (m * m - counts.iter().map(|(_, c)| c * c).sum::<f64>()) / (m - 1.0)
                }
                _ => (2.0 * m * s2 - 2.0 * s * s) / (m - 1.0),
            });
            out.sum.push(s);
            out.sum2.push(s2);
            out.m.push(m);
            out.weight.push(*weight as f64);
            out.units.push(counts);
        }
        let mut order: Vec<usize> = (0..numbers.len()).collect();
        order.sort_by(|a, b| numbers[*a].total_cmp(&numbers[*b]));
        out.numbers = numbers;
        out.order = order;
        out
    }

    /// Alpha of the units picked: `picked[k]` units of profile `k`.
    fn alpha(&self, picked: &[f64], totals: &mut Vec<f64>) -> Option<f64> {
        let weighted = |x: &[f64]| -> f64 { picked.iter().zip(x).map(|(w, x)| w * x).sum() };
        let n = weighted(&self.m);
        if n < 2.0 {
            return None;
        }
        let (d_o, total) = match self.level {
            Level::Interval => {
                let (s, s2) = (weighted(&self.sum), weighted(&self.sum2));
                (weighted(&self.within), 2.0 * n * s2 - 2.0 * s * s)
            }
            Level::Nominal | Level::Ordinal => {
                totals.clear();
                totals.resize(self.numbers.len(), 0.0);
                for (u, &w) in picked.iter().enumerate().filter(|(_, w)| **w > 0.0) {
                    for &(v, c) in &self.units[u] {
                        totals[v] += w * c;
                    }
                }
                if self.level == Level::Nominal {
                    let d_o = weighted(&self.within);
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
                    for (u, &w) in picked.iter().enumerate().filter(|(_, w)| **w > 0.0) {
                        let (us, us2) = self.units[u].iter().fold((0.0, 0.0), |(a, b), &(v, c)| {
                            let x = position[v];
                            (a + c * x, b + c * x * x)
                        });
                        let m = self.m[u];
                        d_o += w * (2.0 * m * us2 - 2.0 * us * us) / (m - 1.0);
                        s += w * us;
                        s2 += w * us2;
                    }
                    (d_o, 2.0 * n * s2 - 2.0 * s * s)
                }
            }
        };
        let d_e = total / (n * (n - 1.0));
        (d_e > 0.0).then(|| 1.0 - (d_o / n) / d_e)
    }

    /// One bootstrap resample: as many units as the data's, drawn with replacement, as how
    /// often each profile is drawn (a multinomial draw). Few profiles: a binomial per profile;
    /// as many profiles as units (numbers that rarely repeat): a draw per unit.
    /// `units`: each unit's profile when drawn unit by unit, else empty.
    fn resample(&self, rng: &mut SplitMix, count: usize, units: &[usize], picked: &mut [f64]) {
        picked.iter_mut().for_each(|p| *p = 0.0);
        if !units.is_empty() {
            for _ in 0..count {
                picked[units[rng.below(count as u64) as usize]] += 1.0;
            }
            return;
        }
        let mut left = count as u64;
        let mut mass = count as f64;
        for (k, &w) in self.weight.iter().enumerate() {
            if left == 0 {
                break;
            }
            let drawn = if k + 1 == self.weight.len() {
                left
            } else {
                super::binomial::binomial(rng, left, (w / mass).min(1.0))
            };
            picked[k] = drawn as f64;
            left -= drawn;
            mass -= w;
        }
    }

    /// Alpha, its bootstrap interval and the counts.
    fn agreement(&self, resamples: usize, seed: u64) -> Agreement {
        let mut totals = Vec::new();
        let alpha = self.alpha(&self.weight, &mut totals);
        // Each unit's profile (for resamples that draw unit by unit).
        let count = self.weight.iter().sum::<f64>() as usize;
        let units: Vec<usize> = if count <= 8 * self.weight.len() {
            (0..self.weight.len())
                .flat_map(|k| std::iter::repeat(k).take(self.weight[k] as usize))
                .collect()
        } else {
            Vec::new()
        };
        let mut rng = SplitMix::new(seed);
        let mut draws: Vec<f64> = Vec::with_capacity(resamples);
        if alpha.is_some() && count > 0 {
            let mut picked = vec![0.0; self.weight.len()];
            for _ in 0..resamples {
                self.resample(&mut rng, count, &units, &mut picked);
                if let Some(a) = self.alpha(&picked, &mut totals) {
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
            pairable: self
                .weight
                .iter()
                .zip(&self.m)
                .map(|(w, m)| w * m)
                .sum::<f64>() as usize,
        }
    }
}

fn tally(units: &[Unit], level: Level) -> Tally {
    let mut t = Tally::new(level);
    for u in units {
        let values: Vec<u32> = u.iter().filter_map(|d| t.value(d)).collect();
        t.unit(values);
    }
    t
}

/// Krippendorff's alpha of these units at this level (no interval).
pub fn alpha_of(units: &[Unit], level: Level) -> Option<f64> {
    let p = Prepared::new(&tally(units, level));
    p.alpha(&p.weight, &mut Vec::new())
}

/// Alpha, its bootstrap 95% interval (`resamples` resamples of the pairable units with
/// replacement, seed `seed`), and the counts. Linear in the values; each resample linear in the
/// units' distinct profiles.
pub fn agreement(units: &[Unit], level: Level, resamples: usize, seed: u64) -> Agreement {
    tally(units, level).agreement(resamples, seed)
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

    /// A resample drawn as how often each profile is picked (a binomial per profile) is the
    /// same resample as units drawn one by one: over 20,000 units of a few profiles both give
    /// the same interval, to the resampling noise.
    #[test]
    fn profile_draws_give_the_interval_unit_draws_give() {
        let mut units = Vec::new();
        for k in 0..20_000 {
            units.push(match k % 7 {
                0 | 1 | 2 => cat(&["a", "a"]),
                3 => cat(&["a", "b"]),
                4 | 5 => cat(&["b", "b", "b"]),
                _ => cat(&["a", "b", "b"]),
            });
        }
        let tally = tally(&units, Level::Nominal);
        let p = Prepared::new(&tally);
        let by_profile = p.agreement(1000, 3);
        // The same resamples, drawn unit by unit.
        let each: Vec<usize> = (0..p.weight.len())
            .flat_map(|k| std::iter::repeat(k).take(p.weight[k] as usize))
            .collect();
        let mut rng = SplitMix::new(3);
        let mut picked = vec![0.0; p.weight.len()];
        let mut draws: Vec<f64> = (0..1000)
            .filter_map(|_| {
                p.resample(&mut rng, each.len(), &each, &mut picked);
                p.alpha(&picked, &mut Vec::new())
            })
            .collect();
        draws.sort_by(f64::total_cmp);
        let (lo, hi) = by_profile.ci95.unwrap();
        assert!(
            (lo - draws[25]).abs() < 0.005 && (hi - draws[974]).abs() < 0.005,
            "{lo} {hi} against {} {}",
            draws[25],
            draws[974]
        );
        // Two values in 11,429 units (residues 0–3), three in 8,571 (4–6).
        assert_eq!(
            (by_profile.units, by_profile.pairable),
            (20_000, 2 * 11_429 + 3 * 8_571)
        );
    }
}
