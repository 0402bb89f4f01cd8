//! The researcher's report: one self-contained HTML page (no network, opens from disk) with a
//! row per annotator (results, median active time, too-fast results, gold accuracy, attention
//! failures), agreement per control, each control's answers as a chart (SVG from `plotters`),
//! and the items whose annotators disagree most. The CLI writes it; `www/report.html` makes the
//! same page in the browser from the same code.

use super::agreement::{compute_unfolded, AgreementReport};
pub use super::dashboard::{annotators, AnnotatorRow, TOO_FAST_FLOOR_MS, TOO_FAST_SHARE};
pub(crate) use super::findings::{esc, f3};
use super::Analyse;
use crate::answer::AnswerValue;
use crate::item::Item;
use crate::result::ResultDoc;
use crate::spec::TaskSpec;
use crate::study::gold::Gold;
use plotters::prelude::*;

/// Items by how much their annotators disagree: the share of (annotator pair, categorical
/// part) that differ — choices, grid cells, span attributes' values and marked words — a part
/// one annotator has and the other lacks counting as a difference; most first.
pub fn disagreement(spec: &TaskSpec, results: &[ResultDoc]) -> Vec<(String, f64, usize)> {
    most_first(super::dashboard::compared(spec, results).disagreement)
}

/// Items by their share of differing pairs, most first (then by item).
fn most_first(mut items: Vec<(String, f64, usize)>) -> Vec<(String, f64, usize)> {
    items.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    items
}

/// A bar chart (label, count) as SVG.
fn bars(title: &str, data: &[(String, usize)]) -> String {
    let mut svg = String::new();
    if data.is_empty() {
        return svg;
    }
    // Drawn 400 wide with large type, shown at the page's width (at most 34rem): on a phone
    // the labels still read at 11 px, on a desktop at 20.
    let height = 64 + 28 * data.len() as u32;
    {
        let root = SVGBackend::with_string(&mut svg, (400, height)).into_drawing_area();
        let _ = root.fill(&WHITE);
        let max = data.iter().map(|d| d.1).max().unwrap_or(1).max(1) as u32;
        let labels: Vec<String> = data.iter().map(|d| d.0.clone()).collect();
        let chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 17))
            .margin(6)
            .x_label_area_size(30)
            .y_label_area_size(150)
            .build_cartesian_2d(0u32..max + 1, (0u32..data.len() as u32).into_segmented());
        if let Ok(mut chart) = chart {
            let _ = chart
                .configure_mesh()
                .disable_y_mesh()
                .label_style(("sans-serif", 15))
                // Whole counts, a few of them: a tick for every unit would crowd the axis.
                .x_labels((max as usize + 1).min(6))
                .x_label_formatter(&|v| v.to_string())
                .y_labels(data.len())
                .y_label_formatter(&|v| match v {
                    SegmentValue::CenterOf(i) => {
                        labels.get(*i as usize).cloned().unwrap_or_default()
                    }
                    _ => String::new(),
                })
                .x_desc("results")
                .draw();
            // A bar per row, in the data's order (plotters' histogram sums its data in a hash
            // map, which would draw the bars in a new order each run: a report is to be the
            // same page for the same results).
            use plotters::coord::ranged1d::DiscreteRanged;
            let ys = chart.as_coord_spec().y_spec();
            let rows: Vec<_> = data
                .iter()
                .enumerate()
                .filter_map(|(i, d)| {
                    let (y, next) = (ys.from_index(i)?, ys.from_index(i + 1)?);
                    let mut bar = Rectangle::new(
                        [(d.1 as u32, y), (0u32, next)],
                        RGBColor(31, 95, 191).filled(),
                    );
                    bar.set_margin(4, 4, 0, 0);
                    Some(bar)
                })
                .collect();
            let _ = chart.draw_series(rows);
        }
        let _ = root.present();
    }
    svg
}

/// Answer distributions per control, as (title, chart) pairs.
fn distributions(spec: &TaskSpec, results: &[ResultDoc]) -> Vec<(String, String)> {
    let mut charts = Vec::new();
    for c in &spec.controls {
        let values: Vec<&AnswerValue> = results
            .iter()
            .filter_map(|r| r.answers.get(c.id()))
            .collect();
        for (title, data) in crate::spec::each_control!(c, k => k.distribution(&values)) {
            let svg = bars(&title, &data);
            charts.push((title, svg));
        }
    }
    charts
}

/// A figure to three decimals, or a dash when it is not defined.
/// A number to three places, or a dash for none.

fn agreement_table(a: &AgreementReport) -> String {
    let mut h = String::from("<table><thead><tr><th>control</th><th>α</th><th>95% interval</th><th>level</th><th>values</th><th>items</th><th>pairable values</th></tr></thead><tbody>");
    for m in &a.measures {
        let ci = m
            .agreement
            .ci95
            .map_or("—".to_owned(), |(lo, hi)| format!("[{lo:.3}, {hi:.3}]"));
        h += &format!(
            "<tr><td>{}</td><td class=n>{}</td><td class=n>{}</td><td>{}</td><td>{}</td><td class=n>{}</td><td class=n>{}</td></tr>",
            esc(&m.key), f3(m.agreement.alpha), ci, m.level.as_str(), esc(m.values), m.items, m.agreement.pairable
        );
    }
    for q in &a.questions {
        h += &format!(
            "<tr><td>{}</td><td colspan=6>not defined for authored questions: {} questions, {} unanswerable, {} need manual acceptance, {} paragraphs skipped</td></tr>",
            esc(&q.key), q.questions, q.unanswerable, q.manual_acceptance, q.skipped
        );
    }
    h += "</tbody></table>";
    for f in &a.findings {
        h += &f.html;
    }
    for s in &a.systems {
        let z = s.rows.iter().any(|r| r.z.is_some());
        h += &format!(
            "<h3>Scores per system: {}</h3><p>Per segment the mean of its ratings, then the mean over segments (WMT); clusters: systems a paired permutation test over segments cannot tell apart, best first.</p><table><thead><tr><th>output (system)</th><th>ratings</th><th>segments</th><th>mean</th><th>cluster</th><th>95% interval</th>{}</tr></thead><tbody>",
            esc(&s.key),
            if z { "<th>mean z (per-annotator standardised)</th><th>cluster by z</th>" } else { "" }
        );
        // Best first (by z where asked, else by the mean).
        let mut rows: Vec<&super::systems::SystemRow> = s.rows.iter().collect();
        rows.sort_by(|x, y| {
            let key = |r: &super::systems::SystemRow| -(r.z.unwrap_or(r.mean));
            key(x).total_cmp(&key(y)).then(x.system.cmp(&y.system))
        });
        let place = |c: Option<(usize, (f64, f64))>| {
            c.map_or(("".to_owned(), "".to_owned()), |(n, (lo, hi))| {
                (n.to_string(), format!("[{lo:.2}, {hi:.2}]"))
            })
        };
        for r in rows {
            let (cluster, ci) = place(r.cluster);
            h += &format!(
                "<tr><td>{}</td><td class=n>{}</td><td class=n>{}</td><td class=n>{:.2}</td><td class=n>{cluster}</td><td class=n>{ci}</td>{}</tr>",
                esc(&r.system),
                r.n,
                r.segments,
                r.mean,
                r.z.map_or(String::new(), |z| format!(
                    "<td class=n>{z:.3}</td><td class=n>{}</td>",
                    place(r.z_cluster).0
                ))
            );
        }
        h += "</tbody></table>";
    }
    h
}

/// The whole report page.
pub fn html(spec: &TaskSpec, items: &[Item], results: &[ResultDoc], gold: Option<&Gold>) -> String {
    let people = annotators(results, gold);
    // Answers per output are measured, charted and compared as each kind's own (see
    // `outputs`), unfolded once for all three.
    let unfolded = super::outputs::unfold(spec, items, results);
    let (flat, flat_results) = match &unfolded {
        Some(u) => (&u.spec, &u.results[..]),
        None => (spec, results),
    };
    // The agreement (with a model's suggestions beside the annotators, on the answers as
    // unfolded above) and, at once, crowd aggregation (fitted once, for the dashboard and the
    // competence section) and the annotators compared item by item.
    let (agreement, (fits, compared)) = super::parallel::join(
        || {
            let mut agreement = compute_unfolded(spec, items, results, unfolded.as_ref(), gold);
            agreement.findings.extend(match &unfolded {
                Some(u) => super::models::findings_of(&u.spec, &u.items, &u.results),
                None => super::models::findings_of(spec, items, results),
            });
            agreement
        },
        || {
            super::parallel::join(
                || super::aggregate::fit(spec, items, results),
                || super::dashboard::compared(flat, flat_results),
            )
        },
    );
    let charts = distributions(flat, flat_results);
    // (Every figure is made: the unfolded answers go while the page is written.)
    super::parallel::drop_aside(unfolded);
    let worst = most_first(compared.disagreement);
    let title = spec.title.clone().unwrap_or_else(|| spec.id.clone());
    let mut h = format!(
        "<!doctype html><html lang=en><head><meta charset=utf-8><meta http-equiv=Content-Security-Policy content=\"default-src 'none'; style-src 'unsafe-inline'; img-src data:\"><meta name=viewport content=\"width=device-width, initial-scale=1\"><title>Report: {}</title><style>{}</style></head><body><main>",
        esc(&title),
        "body{font:15px/1.5 system-ui,sans-serif;color:#1d2330;margin:0;background:#f4f6fa}main{max-width:60rem;margin:0 auto;padding:1rem}section{background:#fff;border-radius:10px;padding:1rem;margin:1rem 0;box-shadow:0 1px 3px #0002;overflow-x:auto}table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.3rem .5rem;border-bottom:1px solid #d5dae3;vertical-align:top}td.n{text-align:right;font-variant-numeric:tabular-nums}.flag{color:#b3261e;font-weight:700}figure{margin:0 0 1rem}svg{width:100%;max-width:34rem;height:auto}"
    );
    h += &format!(
        "<h1>{}</h1><p>Spec <code>{}</code> version <code>{}</code>: {} results from {} annotators on {} items. Made by Glossa {}; nothing in this page loads anything.</p>",
        esc(&title), esc(&spec.id), esc(&spec.version), results.len(), people.len(),
        results.iter().map(|r| r.item_id.as_str()).collect::<std::collections::BTreeSet<_>>().len(),
        crate::WIDGET_VERSION
    );
    h += &super::dashboard::section(
        &people,
        &super::dashboard::with_fits(compared.standing, &fits),
    );
    h += &super::aggregate::report_section(&fits);
    // With listeners the listening tests' screenings left out: α without them, then with all.
    let screening = agreement.screening.as_ref().map_or(String::new(), |sc| {
        let everyone = AgreementReport {
            measures: sc.unscreened_measures.clone(),
            ..AgreementReport::default()
        };
        format!(
            "<p>After the listening tests' screening: {} listener(s) left out ({}). With every listener (unscreened):</p>{}",
            sc.left_out.len(),
            esc(&sc.left_out.join(", ")),
            agreement_table(&everyone)
        )
    });
    h += &format!("<section aria-labelledby=agreement><h2 id=agreement>Agreement (Krippendorff's α)</h2>{}{screening}<p>Bootstrap: {} resamples of the units, seed {}.</p></section>", agreement_table(&agreement), super::agreement::RESAMPLES, super::agreement::SEED);
    h += "<section aria-labelledby=answers><h2 id=answers>Answers</h2>";
    for (title, svg) in charts {
        h += &format!("<figure aria-label=\"{}\">{}</figure>", esc(&title), svg);
    }
    h += "</section><section aria-labelledby=disagree><h2 id=disagree>Items whose annotators disagree most</h2><table><thead><tr><th>item</th><th>pairs that differ</th><th>annotators</th></tr></thead><tbody>";
    for (item, share, n) in worst.iter().take(10) {
        h += &format!(
            "<tr><td>{}</td><td class=n>{:.0}%</td><td class=n>{}</td></tr>",
            esc(item),
            share * 100.0,
            n
        );
    }
    h + "</tbody></table></section></main></body></html>\n"
}
