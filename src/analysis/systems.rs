//! System-level scores of ratings asked per output (a point per output, whatever its kind): per
//! output id (the system that made it), how many ratings, their mean and — for Direct
//! Assessment — the mean of each annotator's z-scores (each annotator's values standardised by
//! their own mean and standard deviation over the control, as WMT does), so a harsh and a
//! lenient annotator count alike.

use super::Answered;
use crate::answer::PointsValue;
use crate::support::sorted_map::SortedMap;
use serde_json::{json, Value};

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
}

/// The scores of a control over every annotator's values (`None` when it is not asked per
/// output). `z`: also standardise each annotator's values.
pub fn scores(key: &str, answers: &[Answered], z: bool) -> Option<SystemScores> {
    // Every rating: (annotator, system, value).
    let mut all: Vec<(&str, &str, f64)> = Vec::new();
    for a in answers {
        for (k, p) in a
            .value
            .points()
            .map(PointsValue::entries)
            .unwrap_or_default()
        {
            if let (false, Some(n)) = (k.is_empty(), p.number()) {
                all.push((a.who.as_str(), k, n as f64));
            }
        }
    }
    if all.is_empty() {
        return None;
    }
    // Each annotator's mean and standard deviation (population: n in the denominator).
    let mut by_who: SortedMap<&str, Vec<f64>> = SortedMap::new();
    for (who, _, v) in &all {
        by_who.entry(who).or_default().push(*v);
    }
    let stats: SortedMap<&str, (f64, f64)> = by_who
        .iter()
        .map(|(who, vs)| {
            let n = vs.len() as f64;
            let mean = vs.iter().sum::<f64>() / n;
            let sd = (vs.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / n).sqrt();
            (*who, (mean, sd))
        })
        .collect();
    let mut by_system: SortedMap<&str, Vec<(f64, f64)>> = SortedMap::new();
    for (who, system, v) in &all {
        let (mean, sd) = stats[who];
        let zv = if sd > 0.0 { (v - mean) / sd } else { 0.0 };
        by_system.entry(system).or_default().push((*v, zv));
    }
    let rows = by_system
        .into_iter()
        .map(|(system, vs)| {
            let n = vs.len();
            SystemRow {
                system: system.to_owned(),
                n,
                mean: vs.iter().map(|v| v.0).sum::<f64>() / n as f64,
                z: z.then(|| vs.iter().map(|v| v.1).sum::<f64>() / n as f64),
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
                (
                    r.system.clone(),
                    json!({ "n": r.n, "mean": r.mean, "z": r.z }),
                )
            })
            .collect();
        Value::Object(rows)
    }
}
