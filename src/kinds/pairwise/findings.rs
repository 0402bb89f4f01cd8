//! Findings of pairwise preferences, per criterion: how often two annotators of an item agree,
//! Fleiss' kappa (annotators per item may vary: each item's agreement is over its own pairs)
//! and Cohen's kappa when exactly two annotators judged, and per system (output id) its
//! comparisons, wins, ties, losses, win rate (a tie counts half) and Bradley–Terry strength (a
//! tie is half a win each way; fitted by Hunter's MM algorithm; log-strengths centred on 0).

use crate::support::sorted_map::SortedMap;
use crate::analysis::findings::Figures;
use crate::analysis::report::{esc, f3};
use serde_json::{json, Value};

/// The group these findings go under in the agreement's JSON (`Analyse::FINDINGS`).
pub(super) const GROUP: &str = "pairwise";

/// One judgement: item, annotator, the two outputs, the winner (`None`: a tie).
pub struct Judgement<'a> {
    /// The item.
    pub item: &'a str,
    /// The annotator.
    pub who: &'a str,
    /// The two outputs, sorted.
    pub pair: (String, String),
    /// The better output, or `None` for a tie.
    pub winner: Option<String>,
}

/// One criterion's figures.
#[derive(Clone, Debug, PartialEq)]
pub struct PairwiseStats {
    /// `control` or `control.criterion`.
    pub key: String,
    /// The share of annotator pairs of an item who chose alike (pooled over items).
    pub agreement: Option<f64>,
    /// Fleiss' kappa over the items with at least two judgements.
    pub fleiss: Option<f64>,
    /// Cohen's kappa, when exactly two annotators judged (over the items both judged).
    pub cohen: Option<f64>,
    /// Per system: its figures.
    pub systems: Vec<SystemWins>,
}

/// One system's record.
#[derive(Clone, Debug, PartialEq)]
pub struct SystemWins {
    /// The output id.
    pub system: String,
    /// Comparisons it was in.
    pub comparisons: usize,
    /// Won.
    pub wins: usize,
    /// Tied.
    pub ties: usize,
    /// (wins + ties / 2) / comparisons.
    pub win_rate: f64,
    /// The Bradley–Terry log-strength (centred on 0; `None` when it never won or never lost,
    /// where the model has no finite estimate).
    pub strength: Option<f64>,
}

/// The category of a judgement: the winner's id or `tie`.
fn category(j: &Judgement) -> String {
    j.winner.clone().unwrap_or_else(|| "tie".to_owned())
}

/// Figures of one criterion's judgements.
pub fn compute(key: String, judgements: &[Judgement]) -> PairwiseStats {
    let mut by_item: SortedMap<&str, SortedMap<&str, String>> = SortedMap::new();
    for j in judgements {
        by_item
            .entry(j.item)
            .or_default()
            .insert(j.who, category(j));
    }
    // Agreement and Fleiss' kappa.
    let (mut agree, mut pairs) = (0usize, 0usize);
    let mut p_items = Vec::new();
    let mut totals: SortedMap<String, f64> = SortedMap::new();
    let mut n_all = 0.0;
    for by in by_item.values().filter(|b| b.len() >= 2) {
        let mut counts: SortedMap<&str, f64> = SortedMap::new();
        for c in by.values() {
            *counts.entry(c.as_str()).or_default() += 1.0;
            *totals.entry(c.clone()).or_default() += 1.0;
        }
        let n = by.len() as f64;
        n_all += n;
        let same: f64 = counts.values().map(|c| c * (c - 1.0)).sum();
        agree += (same / 2.0) as usize;
        pairs += by.len() * (by.len() - 1) / 2;
        p_items.push(same / (n * (n - 1.0)));
    }
    let agreement = (pairs > 0).then(|| agree as f64 / pairs as f64);
    let fleiss = (!p_items.is_empty())
        .then(|| {
            let p_bar = p_items.iter().sum::<f64>() / p_items.len() as f64;
            let p_e: f64 = totals.values().map(|c| (c / n_all).powi(2)).sum();
            if p_e < 1.0 {
                (p_bar - p_e) / (1.0 - p_e)
            } else {
                f64::NAN
            }
        })
        .filter(|k| k.is_finite());
    // Cohen's kappa: exactly two annotators.
    let who: std::collections::BTreeSet<&str> = judgements.iter().map(|j| j.who).collect();
    let cohen = (who.len() == 2)
        .then(|| {
            let (a, b) = (
                who.iter().next().copied().unwrap_or_default(),
                who.iter().nth(1).copied().unwrap_or_default(),
            );
            let both: Vec<(&String, &String)> = by_item
                .values()
                .filter_map(|by| Some((by.get(a)?, by.get(b)?)))
                .collect();
            let n = both.len() as f64;
            let p_o = both.iter().filter(|(x, y)| x == y).count() as f64 / n;
            let mut ma: SortedMap<&str, f64> = SortedMap::new();
            let mut mb: SortedMap<&str, f64> = SortedMap::new();
            for (x, y) in &both {
                *ma.entry(x.as_str()).or_default() += 1.0 / n;
                *mb.entry(y.as_str()).or_default() += 1.0 / n;
            }
            let p_e: f64 = ma
                .iter()
                .map(|(k, v)| v * mb.get(k).copied().unwrap_or(0.0))
                .sum();
            (p_o - p_e) / (1.0 - p_e)
        })
        .filter(|k| k.is_finite());
    PairwiseStats {
        key,
        agreement,
        fleiss,
        cohen,
        systems: systems(judgements),
    }
}

/// Wins, ties, win rates and Bradley–Terry strengths per system.
fn systems(judgements: &[Judgement]) -> Vec<SystemWins> {
    let mut names: Vec<String> = judgements
        .iter()
        .flat_map(|j| [j.pair.0.clone(), j.pair.1.clone()])
        .collect();
    names.sort();
    names.dedup();
    let at = |s: &str| names.iter().position(|n| n == s).unwrap_or(0);
    let k = names.len();
    let mut wins = vec![0.0f64; k]; // ties count half
    let mut n = vec![vec![0.0f64; k]; k];
    let (mut won, mut tied, mut seen) = (vec![0usize; k], vec![0usize; k], vec![0usize; k]);
    for j in judgements {
        let (a, b) = (at(&j.pair.0), at(&j.pair.1));
        n[a][b] += 1.0;
        n[b][a] += 1.0;
        seen[a] += 1;
        seen[b] += 1;
        match &j.winner {
            Some(w) => {
                let w = at(w);
                wins[w] += 1.0;
                won[w] += 1;
            }
            None => {
                wins[a] += 0.5;
                wins[b] += 0.5;
                tied[a] += 1;
                tied[b] += 1;
            }
        }
    }
    // Hunter's MM: p_i <- W_i / sum_j n_ij / (p_i + p_j), then a geometric mean of 1.
    let finite: Vec<bool> = (0..k)
        .map(|i| wins[i] > 0.0 && wins[i] < seen[i] as f64)
        .collect();
    let mut p = vec![1.0f64; k];
    for _ in 0..10_000 {
        let mut next = p.clone();
        for i in (0..k).filter(|i| finite[*i]) {
            let d: f64 = (0..k)
                .filter(|j| *j != i && finite[*j])
                .map(|j| n[i][j] / (p[i] + p[j]))
                .sum();
            let w = wins[i]
                - (0..k)
                    .filter(|j| !finite[*j])
                    .map(|j| if wins[j] == 0.0 { n[i][j] } else { 0.0 })
                    .sum::<f64>();
            if d > 0.0 && w > 0.0 {
                next[i] = w / d;
            }
        }
        let logs: Vec<f64> = (0..k)
            .filter(|i| finite[*i])
            .map(|i| next[i].ln())
            .collect();
        let mean = logs.iter().sum::<f64>() / logs.len().max(1) as f64;
        for i in (0..k).filter(|i| finite[*i]) {
            next[i] = (next[i].ln() - mean).exp();
        }
        let change = (0..k).map(|i| (next[i] - p[i]).abs()).fold(0.0, f64::max);
        p = next;
        if change < 1e-13 {
            break;
        }
    }
    (0..k)
        .map(|i| SystemWins {
            system: names[i].clone(),
            comparisons: seen[i],
            wins: won[i],
            ties: tied[i],
            win_rate: wins[i] / seen[i].max(1) as f64,
            strength: finite[i].then(|| p[i].ln()),
        })
        .collect()
}

impl PairwiseStats {
    /// As JSON.
    pub fn to_json(&self) -> Value {
        let systems: serde_json::Map<String, Value> = self
            .systems
            .iter()
            .map(|s| {
                (
                    s.system.clone(),
                    json!({"comparisons": s.comparisons, "wins": s.wins, "ties": s.ties, "win_rate": s.win_rate, "bradley_terry": s.strength}),
                )
            })
            .collect();
        json!({"agreement": self.agreement, "fleiss_kappa": self.fleiss, "cohen_kappa": self.cohen, "systems": systems})
    }
}

impl Figures for PairwiseStats {
    const GROUP: &'static str = GROUP;

    fn key(&self) -> &str {
        &self.key
    }

    fn json(&self) -> Value {
        self.to_json()
    }

    /// The report's section: agreement, then wins, ties and strengths per system.
    fn html(&self) -> String {
        let mut h = format!(
            "<h3>Pairwise: {}</h3><p>Annotator pairs who chose alike: {}; Fleiss' κ {}; Cohen's κ {} (two annotators only).</p><table><thead><tr><th>output (system)</th><th>comparisons</th><th>wins</th><th>ties</th><th>win rate (a tie counts half)</th><th>Bradley–Terry (log-strength)</th></tr></thead><tbody>",
            esc(&self.key), f3(self.agreement), f3(self.fleiss), f3(self.cohen)
        );
        for s in &self.systems {
            h += &format!(
                "<tr><td>{}</td><td class=n>{}</td><td class=n>{}</td><td class=n>{}</td><td class=n>{:.3}</td><td class=n>{}</td></tr>",
                esc(&s.system), s.comparisons, s.wins, s.ties, s.win_rate, f3(s.strength)
            );
        }
        h + "</tbody></table>"
    }

    /// The command line's summary: the same, as a table of text.
    fn text(&self) -> String {
        let mut t = format!(
            "\npairwise, {}: annotator pairs alike {}, Fleiss' kappa {}, Cohen's kappa {}\n",
            self.key,
            f3(self.agreement),
            f3(self.fleiss),
            f3(self.cohen)
        );
        t += &format!(
            "{:<24} {:>6} {:>5} {:>5} {:>9} {:>14}\n",
            "system", "pairs", "wins", "ties", "win rate", "Bradley-Terry"
        );
        for s in &self.systems {
            t += &format!(
                "{:<24} {:>6} {:>5} {:>5} {:>9.3} {:>14}\n",
                s.system,
                s.comparisons,
                s.wins,
                s.ties,
                s.win_rate,
                f3(s.strength)
            );
        }
        t
    }
}
