//! Listening and looking tests' figures: for each rating of a study whose items or outputs are
//! recordings, images or videos, the mean opinion score (MOS) per file and per condition, with
//! the 95 % confidence interval as ITU-T P.808 — and Microsoft's P.808 toolkit — report it: n
//! votes, their mean, their sample standard deviation s, and 1.96·s/√n. A media block's files
//! are grouped by the item field its `condition_field` names; outputs that are media by their
//! id (a MUSHRA test's conditions). Where the outputs name a hidden reference (MUSHRA), the
//! listeners who rate it below 90 on more than 15 % of the items they rated are screened out
//! first (ITU-R BS.1534-3's post-screening), and the report names them. With a gold file, a
//! P.808 study's trapping questions (its attention items: a clip that says which answer to
//! give) and gold questions (its gold items: a clip of known quality, held to the file's
//! `point_band`, 1 in P.808's toolkit) screen the listeners as P.808 does: one who fails either
//! is left out of the MOS, and those items are not in it themselves.

use super::findings::{annotator, esc, f3, Figures, Findings};
use crate::answer::AnswerValue;
use crate::item::Item;
use crate::result::ResultDoc;
use crate::spec::TaskSpec;
use crate::study::gold::{Gold, GoldKind};
use serde_json::{json, Value};
use std::collections::BTreeMap;

/// The group these findings go under in the agreement's JSON.
pub const GROUP: &str = "listening";

/// One file's or condition's votes, summed up.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// The file (its address, or `item/output`) or the condition.
    pub name: String,
    /// How many votes.
    pub n: usize,
    /// Their mean: the MOS.
    pub mos: f64,
    /// Their sample standard deviation (none for one vote).
    pub std: Option<f64>,
    /// Half the 95 % confidence interval, 1.96·s/√n (none for one vote).
    pub ci95: Option<f64>,
}

impl Row {
    /// The figures of these votes (`None` for none).
    pub fn of(name: String, votes: &[f64]) -> Option<Row> {
        let mos = super::stats::mean(votes)?;
        let n = votes.len();
        let std = (n > 1).then(|| {
            (votes.iter().map(|v| (v - mos).powi(2)).sum::<f64>() / (n - 1) as f64).sqrt()
        });
        Some(Row {
            name,
            n,
            mos,
            std,
            ci95: std.map(|s| 1.96 * s / (n as f64).sqrt()),
        })
    }

    fn json(&self) -> Value {
        json!({"n": self.n, "mos": self.mos, "std": self.std, "ci95": self.ci95})
    }
}

/// One rating's MOS per condition and per file.
#[derive(Clone, Debug, PartialEq)]
pub struct Mos {
    /// The rating control.
    pub control: String,
    /// Per condition, by name.
    pub conditions: Vec<Row>,
    /// Per file, by name.
    pub files: Vec<Row>,
    /// The listeners screened out (MUSHRA's post-screening), with how many of their items
    /// rated the hidden reference below 90 and how many they rated.
    pub screened: Vec<(String, usize, usize)>,
    /// The hidden reference's output id, when the outputs name one.
    pub hidden_reference: Option<String>,
    /// P.808's screening, when a gold file is given: the listeners left out, each with the
    /// trapping and gold questions they failed (`trapping it-07`, `gold it-03`).
    pub checked: Option<Vec<(String, Vec<String>)>>,
    /// The headphone check's screening, when the spec asks for the check: the listeners left
    /// out because they did not pass it.
    pub unheard: Option<Vec<String>>,
}

/// BS.1534-3's post-screening: a listener is excluded who rates the hidden reference below
/// this score …
const REFERENCE_FLOOR: f64 = 90.0;
/// … on more than this share of the items they rated.
const REFERENCE_SHARE: f64 = 0.15;

/// Where a vote goes: its file and its condition.
struct Place {
    file: String,
    condition: Option<String>,
}

/// The MOS of every rating over media in the study (none for a study without media); with a
/// gold file, after P.808's screening by its trapping and gold questions.
pub fn compute(
    spec: &TaskSpec,
    items: &[Item],
    results: &[ResultDoc],
    gold: Option<&Gold>,
) -> Vec<Mos> {
    let by_id: BTreeMap<&str, &Item> = items.iter().map(|i| (i.id.as_str(), i)).collect();
    let block = crate::item::media::media_blocks(spec).into_iter().next();
    let outputs = crate::item::media::media_outputs(spec);
    if block.is_none() && outputs.is_empty() {
        return Vec::new();
    }
    // The file and condition of an item's rating (`output`: the output it rates, if any).
    let place = |item: &Item, output: &str| -> Option<Place> {
        if output.is_empty() {
            let b = block?;
            Some(Place {
                file: item.text(b.field.as_str())?.to_owned(),
                condition: b
                    .condition_field
                    .as_ref()
                    .and_then(|f| item.fields.get(f.as_str()))
                    .map(|v| v.as_str().map_or_else(|| v.to_string(), str::to_owned)),
            })
        } else {
            let known = outputs.iter().any(|src| {
                item.outputs(src.field.as_str())
                    .iter()
                    .any(|o| o.id == output)
            });
            known.then(|| Place {
                file: format!("{}/{output}", item.id),
                condition: Some(output.to_owned()),
            })
        }
    };
    let hidden_reference = outputs
        .iter()
        .find_map(|src| src.media()?.hidden_reference.clone());
    let checked = gold.map(|g| check(g, results));
    // (Those whose results say the headphone check was not passed.)
    let unheard: Option<Vec<String>> = spec.headphones().map(|_| {
        let mut who: Vec<String> = results
            .iter()
            .enumerate()
            .filter(|(_, r)| r.failed_headphones())
            .map(|(n, r)| annotator(r, n))
            .collect();
        who.sort();
        who.dedup();
        who
    });
    let mut out = Vec::new();
    for control in spec.controls.iter().filter(|c| c.rates()) {
        let (mut files, mut conditions) = (
            BTreeMap::<String, Vec<f64>>::new(),
            BTreeMap::<String, Vec<f64>>::new(),
        );
        let screened = hidden_reference
            .as_deref()
            .map(|r| screen(control.id(), r, results))
            .unwrap_or_default();
        for (n, r) in results.iter().enumerate() {
            let (Some(item), Some(value)) =
                (by_id.get(r.item_id.as_str()), r.answers.get(control.id()))
            else {
                continue;
            };
            let who = annotator(r, n);
            let failed = checked
                .as_ref()
                .is_some_and(|c| c.iter().any(|(w, _)| *w == who));
            // (A trapping or gold question is not a stimulus of the study.)
            let question = gold.is_some_and(|g| g.item(&r.item_id).is_some());
            let unheard = unheard.as_ref().is_some_and(|u| u.contains(&who));
            if failed || question || unheard || screened.iter().any(|(w, _, _)| *w == who) {
                continue;
            }
            for (output, vote) in points(value) {
                let Some(p) = place(item, &output) else {
                    continue;
                };
                files.entry(p.file).or_default().push(vote);
                if let Some(c) = p.condition {
                    conditions.entry(c).or_default().push(vote);
                }
            }
        }
        if files.is_empty() {
            continue;
        }
        let rows = |m: BTreeMap<String, Vec<f64>>| -> Vec<Row> {
            m.into_iter().filter_map(|(k, v)| Row::of(k, &v)).collect()
        };
        out.push(Mos {
            control: control.id().to_string(),
            conditions: rows(conditions),
            files: rows(files),
            screened,
            hidden_reference: hidden_reference.clone(),
            checked: checked.clone(),
            unheard: unheard.clone(),
        });
    }
    out
}

/// P.808's screening by a gold file: every listener who answered a trapping question (an
/// attention item) otherwise than it said, or a gold question beyond the file's tolerance,
/// with the questions failed; by name.
fn check(gold: &Gold, results: &[ResultDoc]) -> Vec<(String, Vec<String>)> {
    let mut failed: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (n, r) in results.iter().enumerate() {
        if gold.passes(r) == Some(false) {
            let kind = match gold.item(&r.item_id).map(|g| g.kind) {
                Some(GoldKind::Attention) => "trapping",
                _ => "gold",
            };
            failed
                .entry(annotator(r, n))
                .or_default()
                .push(format!("{kind} {}", r.item_id));
        }
    }
    failed.into_iter().collect()
}

/// The listeners to screen out of a rating: those who rated the hidden reference (output
/// `reference`) below [`REFERENCE_FLOOR`] on more than [`REFERENCE_SHARE`] of the items they
/// rated it on, with those two counts; by name.
fn screen(
    control: &crate::support::ids::ControlId,
    reference: &str,
    results: &[ResultDoc],
) -> Vec<(String, usize, usize)> {
    let mut tally: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    for (n, r) in results.iter().enumerate() {
        let Some(value) = r.answers.get(control) else {
            continue;
        };
        if let Some((_, score)) = points(value).into_iter().find(|(o, _)| o == reference) {
            let t = tally.entry(annotator(r, n)).or_default();
            t.0 += usize::from(score < REFERENCE_FLOOR);
            t.1 += 1;
        }
    }
    tally
        .into_iter()
        .filter(|(_, (low, rated))| *low as f64 > REFERENCE_SHARE * *rated as f64)
        .map(|(who, (low, rated))| (who, low, rated))
        .collect()
}

/// A rating's points by output (`""` for a rating of the whole item): a scale's or slider's,
/// or those of a section asked per output.
fn points(value: &AnswerValue) -> Vec<(String, f64)> {
    if let AnswerValue::PerOutput(per) = value {
        return per
            .iter()
            .flat_map(|(o, v)| points(v).into_iter().map(move |(_, p)| (o.clone(), p)))
            .collect();
    }
    value
        .points()
        .map(|p| {
            p.entries()
                .into_iter()
                .filter_map(|(k, v)| Some((k.to_owned(), v.number()? as f64)))
                .collect()
        })
        .unwrap_or_default()
}

/// The findings of every rating over media, for the agreement's JSON, the report and the
/// command line.
pub fn findings(
    spec: &TaskSpec,
    items: &[Item],
    results: &[ResultDoc],
    gold: Option<&Gold>,
) -> Vec<Findings> {
    findings_of(&compute(spec, items, results, gold))
}

/// The findings of MOS already computed.
pub fn findings_of(mos: &[Mos]) -> Vec<Findings> {
    mos.iter().map(Figures::findings).collect()
}

/// The listeners the listening tests' screenings left out (MUSHRA's post-screening, P.808's
/// trapping and gold questions, the headphone check), each once, sorted: the agreement and
/// the scores per system are figured without them.
pub fn left_out(mos: &[Mos]) -> Vec<String> {
    let mut who: Vec<String> = Vec::new();
    for m in mos {
        who.extend(m.screened.iter().map(|(w, _, _)| w.clone()));
        who.extend(m.checked.iter().flatten().map(|(w, _)| w.clone()));
        who.extend(m.unheard.iter().flatten().cloned());
    }
    who.sort();
    who.dedup();
    who
}

impl Mos {
    /// What the figures are: MUSHRA's mean scores (with a hidden reference) or P.808's MOS.
    fn title(&self) -> &'static str {
        if self.hidden_reference.is_some() {
            "MUSHRA mean scores (ITU-R BS.1534-3)"
        } else {
            "MOS (ITU-T P.808)"
        }
    }

    /// The MOS per condition as a chart, best first, each with its 95 % confidence interval
    /// (a condition of one vote: its dot alone); empty without conditions.
    pub fn chart(&self) -> String {
        let mut rows: Vec<super::intervals::Interval> = self
            .conditions
            .iter()
            .map(|r| {
                let half = r.ci95.unwrap_or(0.0);
                super::intervals::Interval {
                    name: r.name.clone(),
                    mean: r.mos,
                    interval: (r.mos - half, r.mos + half),
                    group: 0,
                }
            })
            .collect();
        rows.sort_by(|a, b| b.mean.total_cmp(&a.mean).then_with(|| a.name.cmp(&b.name)));
        let title = format!("{}: MOS per condition", self.control);
        super::intervals::chart(&title, "MOS, 95% confidence interval", &rows, &[])
    }
}

impl Figures for Mos {
    const GROUP: &'static str = GROUP;

    fn key(&self) -> &str {
        &self.control
    }

    fn json(&self) -> Value {
        let rows = |rows: &[Row]| -> Value {
            Value::Object(rows.iter().map(|r| (r.name.clone(), r.json())).collect())
        };
        let mut v = json!({"conditions": rows(&self.conditions), "files": rows(&self.files)});
        if let Some(checked) = &self.checked {
            v["screening"] = json!({
                "rule": "excluded: failed a trapping question (an attention item of the gold file) or a gold question beyond its tolerance (ITU-T P.808); those items are not in the MOS",
                "excluded": checked.iter().map(|(who, failed)| json!({"listener": who, "failed": failed})).collect::<Vec<_>>(),
            });
        }
        if let Some(unheard) = &self.unheard {
            v["headphone_check"] = json!({
                "rule": "excluded: did not pass the headphone check (Woods et al. 2017; ITU-T P.808's environment check)",
                "excluded": unheard,
            });
        }
        if let Some(r) = &self.hidden_reference {
            v["post_screening"] = json!({
                "hidden_reference": r,
                "rule": "excluded: rated the hidden reference below 90 on more than 15% of the items they rated (ITU-R BS.1534-3)",
                "excluded": self.screened.iter().map(|(who, low, rated)| json!({"listener": who, "below_90": low, "items": rated})).collect::<Vec<_>>(),
            });
        }
        v
    }

    fn html(&self) -> String {
        let table = |title: &str, rows: &[Row]| {
            let mut h = format!(
                "<table><thead><tr><th>{title}</th><th>n</th><th>MOS</th><th>std</th><th>95% CI</th></tr></thead><tbody>"
            );
            for r in rows {
                h += &format!(
                    "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
                    esc(&r.name),
                    r.n,
                    f3(Some(r.mos)),
                    f3(r.std),
                    r.ci95
                        .map_or("—".to_owned(), |c| format!("± {}", f3(Some(c))))
                );
            }
            h + "</tbody></table>"
        };
        let mut h = format!(
            "<h3>Mean opinion scores: {}</h3><p>Per condition and per file: the votes' mean (MOS), their standard deviation and the 95% confidence interval, 1.96·s/√n, as ITU-T P.808 reports them.</p>",
            esc(&self.control)
        );
        if let Some(checked) = &self.checked {
            h += &format!(
                "<p>Screening (ITU-T P.808): listeners who failed a trapping question or a gold question of the gold file are left out, and those questions are not in the MOS: {}.</p>",
                listed(
                    checked
                        .iter()
                        .map(|(who, failed)| format!("{} ({})", esc(who), esc(&failed.join(", ")))),
                    "; "
                )
            );
        }
        if let Some(unheard) = &self.unheard {
            h += &format!(
                "<p>Headphone check (Woods et al. 2017, ITU-T P.808's environment check): listeners who did not pass it are left out: {}.</p>",
                listed(unheard.iter().map(|w| esc(w)), ", ")
            );
        }
        if let Some(r) = &self.hidden_reference {
            h += &format!(
                "<p>Post-screening (ITU-R BS.1534-3): listeners who rated the hidden reference (<code>{}</code>) below 90 on more than 15% of their items are left out: {}.</p>",
                esc(r),
                listed(
                    self.screened
                        .iter()
                        .map(|(who, low, rated)| format!("{} ({low} of {rated})", esc(who))),
                    ", "
                )
            );
        }
        if !self.conditions.is_empty() {
            h += &format!(
                "<figure aria-label=\"{}\">{}</figure>",
                esc(&format!("{}: MOS per condition, best first", self.control)),
                self.chart()
            );
            h += &table("condition", &self.conditions);
        }
        h + &table("file", &self.files)
    }

    fn text(&self) -> String {
        let rows = if self.conditions.is_empty() {
            &self.files
        } else {
            &self.conditions
        };
        let screened = !(self.screened.is_empty()
            && self.checked.as_ref().is_none_or(Vec::is_empty)
            && self.unheard.as_ref().is_none_or(Vec::is_empty));
        let mut t = format!(
            "{}, {}, {}:",
            self.title(),
            self.control,
            if screened {
                "after screening"
            } else {
                "no listener screened out"
            }
        );
        if !self.screened.is_empty() {
            let who: Vec<&str> = self.screened.iter().map(|(w, _, _)| w.as_str()).collect();
            t += &format!(
                "\n  screened out (hidden reference below 90): {}",
                who.join(", ")
            );
        }
        if let Some(checked) = self.checked.as_ref().filter(|c| !c.is_empty()) {
            let who: Vec<&str> = checked.iter().map(|(w, _)| w.as_str()).collect();
            t += &format!(
                "\n  screened out (failed a trapping or gold question): {}",
                who.join(", ")
            );
        }
        if let Some(unheard) = self.unheard.as_ref().filter(|u| !u.is_empty()) {
            t += &format!(
                "\n  screened out (did not pass the headphone check): {}",
                unheard.join(", ")
            );
        }
        for r in rows {
            t += &format!(
                "\n  {:<24} n={:<4} MOS {} {}",
                r.name,
                r.n,
                f3(Some(r.mos)),
                r.ci95
                    .map_or(String::new(), |c| format!("± {}", f3(Some(c))))
            );
        }
        t + "\n"
    }
}

/// The listeners a screening left out, for the report: their lines joined by `sep`, or "none".
fn listed(lines: impl Iterator<Item = String>, sep: &str) -> String {
    let lines: Vec<String> = lines.collect();
    if lines.is_empty() {
        "none".to_owned()
    } else {
        lines.join(sep)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_row_is_the_mean_the_sample_deviation_and_its_95_percent_interval() {
        let r = Row::of("clean".into(), &[5.0, 4.0, 4.0, 3.0]).expect("votes");
        assert_eq!((r.n, r.mos), (4, 4.0));
        let s = (2.0f64 / 3.0).sqrt();
        assert!((r.std.unwrap() - s).abs() < 1e-12);
        assert!((r.ci95.unwrap() - 1.96 * s / 2.0).abs() < 1e-12);
        let one = Row::of("x".into(), &[2.0]).expect("a vote");
        assert_eq!((one.std, one.ci95), (None, None));
        assert_eq!(Row::of("none".into(), &[]), None);
    }

    #[test]
    fn the_chart_shows_the_conditions_best_first_and_the_report_draws_it() {
        let rows = [
            Row::of("narrowband".into(), &[3.0, 2.0, 3.0]),
            Row::of("clean".into(), &[5.0, 4.0, 5.0]),
            Row::of("clipped".into(), &[1.0]),
        ];
        let mos = Mos {
            control: "quality".into(),
            conditions: rows.into_iter().map(|r| r.expect("votes")).collect(),
            files: vec![],
            screened: vec![],
            hidden_reference: None,
            checked: None,
            unheard: None,
        };
        let svg = mos.chart();
        let at = |name: &str| crate::analysis::intervals::tests::row_height(&svg, name);
        assert!(at("clean") < at("narrowband") && at("narrowband") < at("clipped"));
        assert!(svg.contains("quality: MOS per condition"));
        let html = mos.html();
        assert!(html.find("<svg").expect("the chart") < html.find("<table").expect("the table"));
        // Without conditions (files only), no chart.
        let files_only = Mos {
            conditions: vec![],
            ..mos
        };
        assert!(!files_only.html().contains("<svg"));
    }
}
