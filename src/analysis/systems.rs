//! System-level scores of ratings asked per output (a point per output, whatever its kind): per
//! output id (the system that made it), how many ratings, their mean and — for Direct
//! Assessment — the mean of each annotator's z-scores (each annotator's values standardised by
//! their own mean and standard deviation over the control, as WMT does), so a harsh and a
//! lenient annotator count alike. Each mean is WMT's: per segment (item) the mean of its
//! ratings, then the mean over segments (the mean over every rating is kept, named); each
//! system's cluster and 95% interval are [`super::significance`]'s.

use super::Answered;
use crate::answer::PointsValue;
use serde_json::{json, Value};
use std::collections::BTreeMap;

/// One control's scores per system.
#[derive(Clone, Debug, PartialEq)]
pub struct SystemScores {
    /// The control.
    pub key: String,
    /// Per system: ratings, mean, and mean z-score (when asked).
    pub rows: Vec<SystemRow>,
}

/// One system's scores.
#[derive(Clone, Debug, PartialEq)]
pub struct SystemRow {
    /// The output id.
    pub system: String,
    /// Ratings of it.
    pub n: usize,
    /// Their mean.
    pub mean: f64,
    /// The mean of the annotators' z-scores (Direct Assessment), when asked.
    pub z: Option<f64>,
    /// The segments (items) it was rated on.
    pub segments: usize,
    /// The means over every rating (the older figures): of the values, of the z-scores.
    pub over_ratings: (f64, Option<f64>),
    /// Its cluster (1: the best) and 95% interval, by the mean (z: by the mean z-score).
    pub cluster: Option<(usize, (f64, f64))>,
    pub z_cluster: Option<(usize, (f64, f64))>,
}

/// The scores of a control over every annotator's values (`None` when it is not asked per
/// output). `z`: also standardise each annotator's values.
pub fn scores(key: &str, answers: &[Answered], z: bool) -> Option<SystemScores> {
    // Every rating: (annotator, system, value).
    let mut all: Vec<(&str, &str, &str, f64)> = Vec::new();
    for a in answers {
        for (k, p) in a
            .value
            .points()
            .map(PointsValue::entries)
            .unwrap_or_default()
        {
            if let (false, Some(n)) = (k.is_empty(), p.number()) {
                all.push((a.who.as_str(), k, a.item, n as f64));
            }
        }
    }
    if all.is_empty() {
        return None;
    }
    // Each annotator's mean and standard deviation (population: n in the denominator).
    let mut by_who: BTreeMap<&str, Vec<f64>> = BTreeMap::new();
    for (who, _, _, v) in &all {
        by_who.entry(who).or_default().push(*v);
    }
    let stats: BTreeMap<&str, (f64, f64)> = by_who
        .iter()
        .map(|(who, vs)| {
            let n = vs.len() as f64;
            let mean = vs.iter().sum::<f64>() / n;
            let sd = (vs.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / n).sqrt();
            (*who, (mean, sd))
        })
        .collect();
    // Per system and segment: its ratings (value, z-score).
    let mut by_system: BTreeMap<&str, BTreeMap<&str, Vec<(f64, f64)>>> = BTreeMap::new();
    for (who, system, item, v) in &all {
        let (mean, sd) = stats[who];
        let zv = if sd > 0.0 { (v - mean) / sd } else { 0.0 };
        by_system
            .entry(system)
            .or_default()
            .entry(item)
            .or_default()
            .push((*v, zv));
    }
    let avg = |v: &[f64]| v.iter().sum::<f64>() / v.len() as f64;
    // Each system's per-segment means (of the values, of the z-scores).
    let per_segment = |pick: fn(&(f64, f64)) -> f64| -> BTreeMap<String, BTreeMap<String, f64>> {
        by_system
            .iter()
            .map(|(s, segs)| {
                let m = segs
                    .iter()
                    .map(|(i, vs)| {
                        (
                            (*i).to_owned(),
                            avg(&vs.iter().map(pick).collect::<Vec<_>>()),
                        )
                    })
                    .collect();
                ((*s).to_owned(), m)
            })
            .collect()
    };
    let means = per_segment(|v| v.0);
    let z_means = per_segment(|v| v.1);
    let significance = super::significance::of(&means, false);
    let z_significance = z.then(|| super::significance::of(&z_means, false));
    let placed = |sig: &super::significance::Significance, system: &str| {
        let (_, _, ci) = sig.systems.iter().find(|(s, _, _)| s == system)?;
        Some((sig.cluster(system)?, *ci))
    };
    let rows = by_system
        .iter()
        .map(|(system, segs)| {
            let ratings: Vec<&(f64, f64)> = segs.values().flatten().collect();
            let n = ratings.len();
            let seg_mean = |m: &BTreeMap<String, BTreeMap<String, f64>>| {
                avg(&m[*system].values().copied().collect::<Vec<_>>())
            };
            SystemRow {
                system: (*system).to_owned(),
                n,
                mean: seg_mean(&means),
                z: z.then(|| seg_mean(&z_means)),
                segments: segs.len(),
                over_ratings: (
                    ratings.iter().map(|v| v.0).sum::<f64>() / n as f64,
                    z.then(|| ratings.iter().map(|v| v.1).sum::<f64>() / n as f64),
                ),
                cluster: placed(&significance, system),
                z_cluster: z_significance.as_ref().and_then(|s| placed(s, system)),
            }
        })
        .collect();
    Some(SystemScores {
        key: key.to_owned(),
        rows,
    })
}

impl SystemScores {
    /// As JSON: `{"<system>": {"n", "mean", "z"}}`.
    pub fn to_json(&self) -> Value {
        let rows: serde_json::Map<String, Value> = self
            .rows
            .iter()
            .map(|r| {
                let place = |c: Option<(usize, (f64, f64))>| {
                    c.map(|(n, (lo, hi))| json!({"cluster": n, "ci95": [lo, hi]}))
                };
                (
                    r.system.clone(),
                    json!({ "n": r.n, "segments": r.segments, "mean": r.mean, "z": r.z,
                            "mean_over_ratings": {"mean": r.over_ratings.0, "z": r.over_ratings.1},
                            "significance": place(r.cluster), "z_significance": place(r.z_cluster) }),
                )
            })
            .collect();
        Value::Object(rows)
    }
}
