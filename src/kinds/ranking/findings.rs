//! Findings of rankings: Kendall's W per item (with ties, on average ranks), averaged over the
//! items two or more annotators ranked, and each system's mean rank; for best–worst scaling,
//! each system's best and worst counts and its score, (best − worst) / appearances.

use crate::support::sorted_map::SortedMap;
use crate::analysis::findings::Figures;
use crate::analysis::report::{esc, f3};
use serde_json::{json, Value};

/// The group these findings go under in the agreement's JSON (`Analyse::FINDINGS`).
pub(super) const GROUP: &str = "rankings";

/// One control's ranking figures.
#[derive(Clone, Debug, PartialEq)]
pub struct RankingStats {
    /// The control.
    pub key: String,
    /// Kendall's W averaged over the items with two or more rankings (`rank` mode).
    pub kendall_w: Option<f64>,
    /// The items that average is over.
    pub items: usize,
    /// Per system: appearances, then the mean rank (`rank`) or best, worst and score
    /// (`best_worst`).
    pub systems: Vec<RankedSystem>,
}

/// One system's record.
#[derive(Clone, Debug, PartialEq)]
pub struct RankedSystem {
    /// The output id.
    pub system: String,
    /// How many rankings it was in.
    pub appearances: usize,
    /// Its mean rank (1 the best), in `rank` mode.
    pub mean_rank: Option<f64>,
    /// Times chosen best, in `best_worst` mode.
    pub best: usize,
    /// Times chosen worst, in `best_worst` mode.
    pub worst: usize,
    /// (best − worst) / appearances, in `best_worst` mode.
    pub score: Option<f64>,
}

/// A ranking's average ranks: tied outputs share the mean of the positions they take.
pub fn average_ranks(ranks: &SortedMap<String, u32>) -> SortedMap<String, f64> {
    let mut by: Vec<(&String, u32)> = ranks.iter().map(|(k, r)| (k, *r)).collect();
    by.sort_by_key(|(_, r)| *r);
    let mut out = SortedMap::new();
    let mut i = 0;
    while i < by.len() {
        let j = (i..by.len()).take_while(|k| by[*k].1 == by[i].1).count() + i;
        let avg = (i + 1 + j) as f64 / 2.0;
        for (k, _) in &by[i..j] {
            out.insert((*k).clone(), avg);
        }
        i = j;
    }
    out
}

/// Kendall's W of one item's rankings (each over the same outputs), ties corrected.
pub fn kendall_w(rankings: &[&SortedMap<String, u32>]) -> Option<f64> {
    let m = rankings.len();
    let objects: Vec<&String> = rankings.first()?.keys().collect();
    let n = objects.len();
    if m < 2 || n < 2 || rankings.iter().any(|r| r.len() != n) {
        return None;
    }
    let avg: Vec<SortedMap<String, f64>> = rankings.iter().map(|r| average_ranks(r)).collect();
    let sums: Vec<f64> = objects
        .iter()
        .map(|o| avg.iter().map(|a| a.get(*o).copied().unwrap_or(0.0)).sum())
        .collect();
    let mean = sums.iter().sum::<f64>() / n as f64;
    let s: f64 = sums.iter().map(|r| (r - mean).powi(2)).sum();
    let ties: f64 = rankings
        .iter()
        .map(|r| {
            let mut counts: SortedMap<u32, f64> = SortedMap::new();
            for v in r.values() {
                *counts.entry(*v).or_default() += 1.0;
            }
            counts.values().map(|t| t * t * t - t).sum::<f64>()
        })
        .sum();
    let (m, n) = (m as f64, n as f64);
    let d = m * m * (n * n * n - n) - m * ties;
    (d > 0.0).then(|| 12.0 * s / d)
}

impl RankingStats {
    /// As JSON.
    pub fn to_json(&self) -> Value {
        let systems: serde_json::Map<String, Value> = self
            .systems
            .iter()
            .map(|s| {
                let v = match s.mean_rank {
                    Some(r) => json!({"appearances": s.appearances, "mean_rank": r}),
                    None => json!({"appearances": s.appearances, "best": s.best, "worst": s.worst, "score": s.score}),
                };
                (s.system.clone(), v)
            })
            .collect();
        json!({"kendall_w": self.kendall_w, "items": self.items, "systems": systems})
    }
}

impl Figures for RankingStats {
    const GROUP: &'static str = GROUP;

    fn key(&self) -> &str {
        &self.key
    }

    fn json(&self) -> Value {
        self.to_json()
    }

    /// The report's section: Kendall's W, then each system's mean rank (or best, worst and
    /// score for best–worst scaling).
    fn html(&self) -> String {
        let bws = self.systems.iter().any(|s| s.mean_rank.is_none());
        let mut h = format!(
            "<h3>Ranking: {}</h3>{}<table><thead><tr><th>output (system)</th><th>rankings</th>{}</tr></thead><tbody>",
            esc(&self.key),
            if bws { String::new() } else { format!("<p>Kendall's W (mean over {} items ranked by two or more): {}</p>", self.items, f3(self.kendall_w)) },
            if bws { "<th>best</th><th>worst</th><th>score (best − worst) / rankings</th>" } else { "<th>mean rank (1 the best)</th>" }
        );
        for s in &self.systems {
            let cells = match s.mean_rank {
                Some(m) => format!("<td class=n>{m:.2}</td>"),
                None => format!(
                    "<td class=n>{}</td><td class=n>{}</td><td class=n>{}</td>",
                    s.best,
                    s.worst,
                    f3(s.score)
                ),
            };
            h += &format!(
                "<tr><td>{}</td><td class=n>{}</td>{cells}</tr>",
                esc(&s.system),
                s.appearances
            );
        }
        h + "</tbody></table>"
    }

    /// The command line's summary.
    fn text(&self) -> String {
        let mut t = format!(
            "\nranking, {}: Kendall's W {} (mean over {} items)\n",
            self.key,
            f3(self.kendall_w),
            self.items
        );
        for s in &self.systems {
            t += &match s.mean_rank {
                Some(m) => format!("{:<24} {:>6} mean rank {:>6.2}\n", s.system, s.appearances, m),
                None => format!(
                    "{:<24} {:>6} best {:>4} worst {:>4} score {:>7}\n",
                    s.system,
                    s.appearances,
                    s.best,
                    s.worst,
                    f3(s.score)
                ),
            };
        }
        t
    }
}
