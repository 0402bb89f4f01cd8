//! Error scores of outputs from their labelled error spans (MQM: Freitag et al., 2021; WMT's
//! ESA: Kocmi et al., 2024), for each labelled-span control a section asks per output: each
//! output's weighted error count per annotator, its mean per output and per system (the output
//! id), the section's direct scores (ESA's 0–100 slider, a Likert point) per system beside it,
//! and how the two agree — Pearson and Spearman over every (item, output, annotator), overall
//! and per annotator.

use super::findings::{annotator, esc, f3, Figures, Findings};
use crate::answer::{AnswerValue, LabelledSpanValue, NumberValue, PointsValue};
use crate::result::ResultDoc;
use crate::spec::capability::LabelledSpans;
use crate::spec::{Control, TaskSpec};
use serde_json::{json, Value};
use std::collections::BTreeMap;

/// The group these findings go under in the agreement's JSON.
pub const GROUP: &str = "error_scores";

/// Freitag et al. (2021)'s weights, when the spec gives none.
const STANDARD: [(&str, f64); 4] = [
    ("minor", 1.0),
    ("major", 5.0),
    ("critical", 10.0),
    ("non_translation", 25.0),
];

/// A span's label or value as the standard weights name it: `non-translation` is their
/// `non_translation` (the table lists each key once, so the report shows it once).
fn standard_key(name: &str) -> String {
    name.replace('-', "_")
}

/// One annotator's view of one output: its error score and the section's direct scores.
struct Unit {
    item: String,
    output: String,
    who: String,
    errors: f64,
    direct: BTreeMap<String, f64>,
    /// What each category (a label, a group: [`Categories`]) adds to `errors`; only those it
    /// has.
    parts: Vec<(usize, f64)>,
}

/// The categories an error score is reported by: the labels of the output's control, then
/// those only the source's have (MQM's omissions), then their groups, in the spec's order.
struct Categories {
    labels: Vec<String>,
    /// Whether each label has a group (the report shows its figure in its group's).
    in_group: Vec<bool>,
    groups: Vec<String>,
}

impl Categories {
    fn of(controls: &[&LabelledSpans]) -> Self {
        let (mut labels, mut groups) = (Vec::<String>::new(), Vec::<String>::new());
        let mut in_group = Vec::new();
        for c in controls {
            for ((value, _), group) in c.labels.iter().zip(&c.groups) {
                if !labels.iter().any(|l| l == value) {
                    labels.push((*value).to_owned());
                    in_group.push(group.is_some());
                }
                if let Some(g) = group.filter(|g| !groups.iter().any(|x| x == g)) {
                    groups.push(g.to_owned());
                }
            }
        }
        Categories {
            labels,
            in_group,
            groups,
        }
    }

    /// A span's categories: its label's, and its group's (after every label).
    fn of_span(&self, c: &LabelledSpans, label: &str) -> impl Iterator<Item = usize> {
        let l = self.labels.iter().position(|l| l == label);
        let g = group_of(c, label).and_then(|g| self.groups.iter().position(|x| x == g));
        l.into_iter().chain(g.map(|g| self.labels.len() + g))
    }

    fn name(&self, k: usize) -> &str {
        self.labels
            .get(k)
            .or_else(|| self.groups.get(k - self.labels.len()))
            .map_or("", String::as_str)
    }
}

/// What a span weighs, the most particular weight first: its label with one of its attribute
/// values (`Fluency/Punctuation|Minor`: Freitag's minor punctuation), else its label's (a
/// non-translation, whatever its severity), else its label's group with one of the values
/// (`Fluency|Minor`), else its group's, else its first attribute value's (in the spec's order
/// of attributes) that has one (its severity), else 1.
fn weight(
    c: &LabelledSpans,
    (weights, standard): (&BTreeMap<String, f64>, bool),
    span: &LabelledSpanValue,
) -> f64 {
    let of = |name: &str| {
        weights
            .get(name)
            .or_else(|| standard.then(|| weights.get(&standard_key(name))).flatten())
            .copied()
    };
    let values = || c.attributes.iter().filter_map(|a| span.attributes.get(*a));
    let with_value =
        |name: &str| values().find_map(|v| weights.get(&format!("{name}|{v}")).copied());
    let group = group_of(c, &span.label);
    with_value(&span.label)
        .or_else(|| of(&span.label))
        .or_else(|| group.and_then(|g| with_value(g).or_else(|| of(g))))
        .or_else(|| values().find_map(|v| of(v)))
        .unwrap_or(1.0)
}

/// A label's group in a control (`None`: a label of no group, or not the control's).
fn group_of<'c>(c: &LabelledSpans<'c>, label: &str) -> Option<&'c str> {
    c.labels
        .iter()
        .position(|(v, _)| *v == label)
        .and_then(|k| c.groups.get(k).copied().flatten())
}

/// A direct score: a slider's or a scale's number, a whole number.
fn direct(value: &AnswerValue) -> Option<f64> {
    if let Some(PointsValue::One(p)) = value.points() {
        return p.number().map(|n| n as f64);
    }
    match value.number() {
        Some(NumberValue::One(n)) => Some(*n as f64),
        _ => None,
    }
}

/// The findings of every labelled-span control a section asks per output.
pub fn findings(spec: &TaskSpec, results: &[ResultDoc]) -> Vec<Findings> {
    let mut out = Vec::new();
    for (_, section) in spec.sections() {
        let Some(src) = &section.outputs else {
            continue;
        };
        let controls: Vec<&Control> = section
            .controls
            .iter()
            .filter_map(|id| spec.control(id))
            .collect();
        let rated: Vec<&Control> = controls.iter().copied().filter(|c| c.rates()).collect();
        // Errors marked in the source (MQM's omissions) count in the output's score.
        let source_side: Vec<(&Control, LabelledSpans)> = controls
            .iter()
            .filter_map(|c| Some((*c, c.labelled_spans()?)))
            .filter(|(_, l)| l.text_field != src.field.as_str())
            .collect();
        for control in &controls {
            let Some(c) = control.labelled_spans() else {
                continue;
            };
            if c.text_field != src.field.as_str() {
                continue;
            }
            let weights: BTreeMap<String, f64> = if section.weights.is_empty() {
                STANDARD
                    .iter()
                    .map(|(k, w)| ((*k).to_owned(), *w))
                    .collect()
            } else {
                section
                    .weights
                    .iter()
                    .filter_map(|(k, w)| Some((k.clone(), w.as_f64()?)))
                    .collect()
            };
            let categories = Categories::of(
                &std::iter::once(&c)
                    .chain(source_side.iter().map(|(_, l)| l))
                    .collect::<Vec<_>>(),
            );
            let units = units(
                (control.id(), &c),
                &source_side,
                &rated,
                (&weights, section.weights.is_empty()),
                (results, &categories),
            );
            let scores = ErrorScores::new(
                control.id().to_string(),
                weights,
                &rated,
                &units,
                categories,
            );
            out.push(scores.findings());
        }
    }
    out
}

/// Every (item, output, annotator) with an answer in the section.
fn units(
    (id, c): (&crate::support::ids::ControlId, &LabelledSpans),
    source_side: &[(&Control, LabelledSpans)],
    rated: &[&Control],
    weights: (&BTreeMap<String, f64>, bool),
    (results, categories): (&[ResultDoc], &Categories),
) -> Vec<Unit> {
    let mut units = Vec::new();
    for (n, r) in results.iter().enumerate() {
        let who = annotator(r, n);
        let of = |id: &crate::support::ids::ControlId| -> BTreeMap<String, &AnswerValue> {
            r.answers
                .get(id)
                .map(|v| {
                    v.per_output()
                        .into_iter()
                        .map(|(o, v)| (o.to_owned(), v))
                        .collect()
                })
                .unwrap_or_default()
        };
        let spans = of(id);
        let in_source: Vec<(&LabelledSpans, BTreeMap<String, &AnswerValue>)> =
            source_side.iter().map(|(s, l)| (l, of(s.id()))).collect();
        let scores: Vec<(String, BTreeMap<String, &AnswerValue>)> = rated
            .iter()
            .map(|d| (d.id().to_string(), of(d.id())))
            .collect();
        let mut outputs: Vec<&String> = spans
            .keys()
            .chain(scores.iter().flat_map(|(_, m)| m.keys()))
            .collect();
        outputs.sort();
        outputs.dedup();
        for output in outputs {
            // No spans recorded for an output (display logic hid them): no errors.
            let mut parts: Vec<(usize, f64)> = Vec::new();
            let mut weighed = |c: &LabelledSpans, v: Option<&&AnswerValue>| {
                v.and_then(|v| v.span_labels()).map_or(0.0, |v| {
                    v.spans
                        .iter()
                        .map(|s| {
                            let w = weight(c, weights, s);
                            parts.extend(categories.of_span(c, &s.label).map(|k| (k, w)));
                            w
                        })
                        .sum::<f64>()
                })
            };
            // (`+ 0.0`: a float sum of nothing is `-0.0`.)
            let errors = weighed(c, spans.get(output))
                + in_source
                    .iter()
                    .map(|(l, m)| weighed(l, m.get(output)))
                    .sum::<f64>()
                + 0.0;
            let direct = scores
                .iter()
                .filter_map(|(id, m)| Some((id.clone(), direct(m.get(output)?)?)))
                .collect();
            units.push(Unit {
                item: r.item_id.clone(),
                output: output.clone(),
                who: who.clone(),
                errors,
                direct,
                parts,
            });
        }
    }
    units
}

use super::stats::{mean, pearson, spearman};

/// How the error scores agree with one direct score.
struct Correlation {
    pearson: Option<f64>,
    spearman: Option<f64>,
    n: usize,
}

impl Correlation {
    fn of(pairs: &[(f64, f64)]) -> Self {
        Correlation {
            pearson: pearson(pairs),
            spearman: spearman(pairs),
            n: pairs.len(),
        }
    }

    fn to_json(&self) -> Value {
        json!({"pearson": self.pearson, "spearman": self.spearman, "n": self.n})
    }
}

/// One control's error scores.
struct ErrorScores {
    key: String,
    weights: BTreeMap<String, f64>,
    /// The direct scores' controls: id and label.
    rated: Vec<(String, String)>,
    /// Per system, as the field defines it: segments, the mean over segments of the raters'
    /// mean error score, and of each direct score.
    systems: BTreeMap<String, (usize, f64, BTreeMap<String, f64>)>,
    /// Per system, the older figure: units (ratings), the mean over all of them.
    over_ratings: BTreeMap<String, (usize, f64, BTreeMap<String, f64>)>,
    /// Per annotator and system: units, mean error score.
    per_rater: BTreeMap<(String, String), (usize, f64, BTreeMap<String, f64>)>,
    /// Per (item, output): annotators, mean error score, mean of each direct score.
    outputs: BTreeMap<(String, String), (usize, f64, BTreeMap<String, f64>)>,
    /// What the error scores tell apart (lower is better), and each direct score (higher).
    significance: super::significance::Significance,
    direct_significance: BTreeMap<String, super::significance::Significance>,
    /// Per direct score: overall, and per annotator.
    correlations: BTreeMap<String, (Correlation, BTreeMap<String, Correlation>)>,
    /// The categories, and per system what each adds to its error score (as the score is
    /// made: per segment the raters' mean, then the mean over segments; a label's figures sum
    /// to the score, and so do the groups' with the labels of no group).
    categories: Categories,
    by_category: BTreeMap<String, Vec<f64>>,
}

/// Units grouped by a key: how many, the mean error score, each direct score's mean.
fn grouped<K: Ord + Clone>(
    units: &[Unit],
    key: impl Fn(&Unit) -> K,
) -> BTreeMap<K, (usize, f64, BTreeMap<String, f64>)> {
    let mut groups: BTreeMap<K, Vec<&Unit>> = BTreeMap::new();
    for u in units {
        groups.entry(key(u)).or_default().push(u);
    }
    groups
        .into_iter()
        .map(|(k, us)| {
            let errors: Vec<f64> = us.iter().map(|u| u.errors).collect();
            let mut direct: BTreeMap<String, Vec<f64>> = BTreeMap::new();
            for u in &us {
                for (id, v) in &u.direct {
                    direct.entry(id.clone()).or_default().push(*v);
                }
            }
            let means = direct
                .into_iter()
                .filter_map(|(id, vs)| Some((id, mean(&vs)?)))
                .collect();
            (k, (us.len(), mean(&errors).unwrap_or_default(), means))
        })
        .collect()
}

/// Each system's figures as the field computes them (WMT; Freitag et al. 2021): per segment
/// the raters' mean, then the mean over segments — so a segment rated by more raters weighs
/// no more than one rated by fewer.
fn over_segments(
    outputs: &BTreeMap<(String, String), (usize, f64, BTreeMap<String, f64>)>,
) -> BTreeMap<String, (usize, f64, BTreeMap<String, f64>)> {
    let mut by: BTreeMap<String, Vec<&(usize, f64, BTreeMap<String, f64>)>> = BTreeMap::new();
    for ((_, output), figures) in outputs {
        by.entry(output.clone()).or_default().push(figures);
    }
    by.into_iter()
        .map(|(system, segments)| {
            let errors: Vec<f64> = segments.iter().map(|s| s.1).collect();
            let mut direct: BTreeMap<String, Vec<f64>> = BTreeMap::new();
            for s in &segments {
                for (id, v) in &s.2 {
                    direct.entry(id.clone()).or_default().push(*v);
                }
            }
            let direct = direct
                .into_iter()
                .filter_map(|(id, vs)| Some((id, mean(&vs)?)))
                .collect();
            (
                system,
                (segments.len(), mean(&errors).unwrap_or_default(), direct),
            )
        })
        .collect()
}

impl ErrorScores {
    fn new(
        key: String,
        weights: BTreeMap<String, f64>,
        rated: &[&Control],
        units: &[Unit],
        categories: Categories,
    ) -> Self {
        let rated: Vec<(String, String)> = rated
            .iter()
            .map(|c| (c.id().to_string(), c.label().to_owned()))
            .collect();
        let correlations = rated
            .iter()
            .map(|(id, _)| {
                // (error score, direct score) pairs: all, and per annotator.
                let mut all = Vec::new();
                let mut each: BTreeMap<&str, Vec<(f64, f64)>> = BTreeMap::new();
                for u in units {
                    if let Some(d) = u.direct.get(id) {
                        all.push((u.errors, *d));
                        each.entry(u.who.as_str()).or_default().push((u.errors, *d));
                    } else {
                        each.entry(u.who.as_str()).or_default();
                    }
                }
                let each = each
                    .into_iter()
                    .map(|(w, pairs)| (w.to_owned(), Correlation::of(&pairs)))
                    .collect();
                (id.clone(), (Correlation::of(&all), each))
            })
            .collect();
        let outputs = grouped(units, |u| (u.item.clone(), u.output.clone()));
        // Each system's per-segment scores (the raters' mean), as the tests compare them.
        let per_segment = |score: &dyn Fn(&(usize, f64, BTreeMap<String, f64>)) -> Option<f64>| {
            let mut by: BTreeMap<String, BTreeMap<String, f64>> = BTreeMap::new();
            for ((item, output), figures) in &outputs {
                if let Some(v) = score(figures) {
                    by.entry(output.clone())
                        .or_default()
                        .insert(item.clone(), v);
                }
            }
            by
        };
        let significance = super::significance::of(&per_segment(&|f| Some(f.1)), true);
        let direct_significance = rated
            .iter()
            .map(|(id, _)| {
                let scores = per_segment(&|f| f.2.get(id).copied());
                (id.clone(), super::significance::of(&scores, false))
            })
            .filter(|(_, s)| !s.systems.is_empty())
            .collect();
        let systems = over_segments(&outputs);
        let mut by_category: BTreeMap<String, Vec<f64>> = BTreeMap::new();
        let width = categories.labels.len() + categories.groups.len();
        for u in units.iter().filter(|u| !u.parts.is_empty()) {
            let raters = outputs
                .get(&(u.item.clone(), u.output.clone()))
                .map_or(1, |o| o.0);
            let segments = systems.get(&u.output).map_or(1, |s| s.0);
            let row = by_category
                .entry(u.output.clone())
                .or_insert_with(|| vec![0.0; width]);
            for (k, w) in &u.parts {
                row[*k] += w / (raters * segments) as f64;
            }
        }
        ErrorScores {
            categories,
            by_category,
            significance,
            direct_significance,
            key,
            weights,
            systems,
            over_ratings: grouped(units, |u| u.output.clone()),
            per_rater: grouped(units, |u| (u.who.clone(), u.output.clone())),
            outputs,
            rated,
            correlations,
        }
    }
}

impl ErrorScores {
    /// A system's 95% bootstrap interval, as the tables print it.
    fn interval(&self, system: &str) -> String {
        self.significance
            .systems
            .iter()
            .find(|(s, _, _)| s == system)
            .map_or(String::new(), |(_, _, (lo, hi))| {
                format!("[{lo:.3}, {hi:.3}]")
            })
    }

    /// What each category adds to each system's error score: `labels` and `groups`, each
    /// system → category → figure (a system without errors has every figure 0).
    fn by_category_json(&self) -> Value {
        let c = &self.categories;
        let part = |range: std::ops::Range<usize>| -> serde_json::Map<String, Value> {
            self.systems
                .keys()
                .map(|s| {
                    let row = self.by_category.get(s);
                    let figures: serde_json::Map<String, Value> = range
                        .clone()
                        .map(|k| (c.name(k).to_owned(), json!(row.map_or(0.0, |r| r[k]))))
                        .collect();
                    (s.clone(), Value::Object(figures))
                })
                .collect()
        };
        let (l, g) = (c.labels.len(), c.groups.len());
        json!({"labels": part(0..l), "groups": part(l..l + g)})
    }

    /// The report's table of what each category adds to each system's score: the groups and
    /// the labels of no group (or, without groups, the labels), the systems best first; a
    /// category no system has an error of is left out.
    fn category_table(&self) -> String {
        let c = &self.categories;
        let labels = c.labels.len();
        let columns: Vec<usize> = (0..labels)
            .filter(|k| !c.in_group[*k])
            .chain(labels..labels + c.groups.len())
            .filter(|k| self.by_category.values().any(|r| r[*k] != 0.0))
            .collect();
        if columns.is_empty() {
            return String::new();
        }
        let mut h = format!(
            "<table><caption>What each category adds to a system's error score ({})</caption><thead><tr><th>output (system)</th>",
            if c.groups.is_empty() { "by label" } else { "by group" }
        );
        for k in &columns {
            h += &format!("<th>{}</th>", esc(c.name(*k)));
        }
        h += "</tr></thead><tbody>";
        for (s, _) in self.ranked() {
            h += &format!("<tr><td>{}</td>", esc(s));
            let row = self.by_category.get(s);
            for k in &columns {
                h += &format!("<td class=n>{:.3}</td>", row.map_or(0.0, |r| r[*k]));
            }
            h += "</tr>";
        }
        h + "</tbody></table>"
    }

    /// The systems best first: lowest error score, ties by name.
    fn ranked(&self) -> Vec<(&String, &(usize, f64, BTreeMap<String, f64>))> {
        let mut all: Vec<_> = self.systems.iter().collect();
        all.sort_by(|a, b| a.1 .1.total_cmp(&b.1 .1).then_with(|| a.0.cmp(b.0)));
        all
    }
}

impl Figures for ErrorScores {
    const GROUP: &'static str = GROUP;

    fn key(&self) -> &str {
        &self.key
    }

    fn json(&self) -> Value {
        let systems: serde_json::Map<String, Value> = self
            .systems
            .iter()
            .map(|(s, (n, e, d))| {
                let (units, e_all, d_all) = &self.over_ratings[s];
                (
                    s.clone(),
                    json!({"segments": n, "units": units, "error_score": e, "direct": d,
                           "mean_over_ratings": {"error_score": e_all, "direct": d_all}}),
                )
            })
            .collect();
        let mut per_rater = serde_json::Map::new();
        for ((who, system), (n, e, _)) in &self.per_rater {
            let entry = per_rater
                .entry(who.clone())
                .or_insert_with(|| Value::Object(serde_json::Map::new()));
            entry[system] = json!({"units": n, "error_score": e});
        }
        let outputs: Vec<Value> = self
            .outputs
            .iter()
            .map(|((item, output), (n, e, d))| json!({"item": item, "output": output, "annotators": n, "error_score": e, "direct": d}))
            .collect();
        let correlations: serde_json::Map<String, Value> = self
            .correlations
            .iter()
            .map(|(id, (all, each))| {
                let each: serde_json::Map<String, Value> =
                    each.iter().map(|(w, c)| (w.clone(), c.to_json())).collect();
                let mut v = all.to_json();
                v["per_annotator"] = Value::Object(each);
                (id.clone(), v)
            })
            .collect();
        json!({
            "weights": self.weights,
            "measure": "a system's error score: per segment the mean of its raters' weighted error counts, then the mean over segments (WMT); mean_over_ratings: the mean over every rating",
            "systems": systems,
            "significance": self.significance.json(),
            "direct_significance": self.direct_significance.iter().map(|(id, s)| (id.clone(), s.json())).collect::<serde_json::Map<_, _>>(),
            "per_rater": per_rater,
            "by_category": self.by_category_json(),
            "outputs": outputs,
            "correlation_with_direct": correlations,
        })
    }

    /// The report's section: per system its error score and direct scores, then how they agree.
    fn html(&self) -> String {
        let mut h = format!(
            "<h3>Error scores (MQM): {}</h3><p>Weighted errors per output and annotator (weights: {}); per segment the raters' mean, then the mean over segments; lower is better.</p><table><thead><tr><th>cluster</th><th>output (system)</th><th>segments</th><th>error score</th><th>95% interval</th>",
            esc(&self.key),
            esc(&self.weights.iter().map(|(k, w)| format!("{k} {w}")).collect::<Vec<_>>().join(", "))
        );
        for (_, label) in &self.rated {
            h += &format!("<th>{} (mean)</th>", esc(label));
        }
        h += "</tr></thead><tbody>";
        for (s, (n, e, d)) in self.ranked() {
            h += &format!(
                "<tr><td class=n>{}</td><td>{}</td><td class=n>{n}</td><td class=n>{e:.3}</td><td class=n>{}</td>",
                self.significance.cluster(s).map_or(String::new(), |c| c.to_string()),
                esc(s),
                self.interval(s)
            );
            for (id, _) in &self.rated {
                h += &format!("<td class=n>{}</td>", f3(d.get(id).copied()));
            }
            h += "</tr>";
        }
        h += "</tbody></table>";
        h += &format!(
            "<p>Clusters: a paired permutation test over segments ({} resamples) compares each pair; a new cluster starts at the first system that some system of the cluster above is significantly better than (p ≤ {}).</p>",
            super::significance::PERMUTATIONS,
            super::significance::ALPHA
        );
        h += &self.category_table();
        let title = format!("{}: error score per system (lower is better)", self.key);
        h += &format!(
            "<figure aria-label=\"{}\">{}</figure>",
            esc(&title),
            super::significance::chart(&title, &self.significance)
        );
        for (id, label) in &self.rated {
            if let Some((all, _)) = self.correlations.get(id) {
                h += &format!(
                    "<p>Error score against {}: Pearson {}, Spearman {} (over {} rated outputs).</p>",
                    esc(label),
                    f3(all.pearson),
                    f3(all.spearman),
                    all.n
                );
            }
        }
        h
    }

    /// The command line's summary.
    fn text(&self) -> String {
        let mut t = format!(
            "\nerror scores (MQM), {}: weighted errors per output (the mean over segments of the raters' mean), lower is better\n",
            self.key
        );
        for (s, (n, e, d)) in self.ranked() {
            t += &format!(
                "{:>2} {s:<24} {n:>6} segments, error score {e:>7.3} {}",
                self.significance.cluster(s).unwrap_or(0),
                self.interval(s)
            );
            for (id, _) in &self.rated {
                t += &format!("  {id} {}", f3(d.get(id).copied()));
            }
            t.push('\n');
        }
        for (id, (all, _)) in &self.correlations {
            t += &format!(
                "against {id}: Pearson {}, Spearman {} (n = {})\n",
                f3(all.pearson),
                f3(all.spearman),
                all.n
            );
        }
        t
    }
}
