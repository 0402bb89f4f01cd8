//! The report's annotator dashboard: a row per annotator — items, median time, how often they
//! agree with the others and with the majority on the categorical parts of their answers
//! (choices, grid cells, span attributes, marked words), gold and attention scores, their
//! competence (MACE's chance of knowing, over the aggregated controls) and every flag with what
//! raised it — and a chart of each annotator's median time against agreement with the majority.
//! The table is sortable on the report page (`www/report.html`); the file itself runs nothing.

use super::findings::{annotator, esc, f3};
use super::Analyse;
use crate::result::ResultDoc;
use crate::spec::TaskSpec;
use crate::study::gold::Gold;
use crate::support::sorted_map::SortedMap;
use plotters::prelude::*;

/// A result is too fast when its active time is under this share of its item's median, or
/// under [`TOO_FAST_FLOOR_MS`].
pub const TOO_FAST_SHARE: f64 = 0.25;
/// Below this active time (ms) a result is too fast whatever the item's median.
pub const TOO_FAST_FLOOR_MS: f64 = 2000.0;

/// The median, `None` for none.
pub(crate) fn median(mut xs: Vec<f64>) -> Option<f64> {
    if xs.is_empty() {
        return None;
    }
    xs.sort_by(f64::total_cmp);
    let n = xs.len();
    Some(if n % 2 == 1 {
        xs[n / 2]
    } else {
        (xs[n / 2 - 1] + xs[n / 2]) / 2.0
    })
}

/// A result's active time; `None` when it has no timings (a hand-made or older export).
fn active_ms(r: &ResultDoc) -> Option<f64> {
    (r.timings != crate::result::Timings::default()).then_some(r.timings.active_ms as f64)
}

/// One annotator's row.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct AnnotatorRow {
    /// The annotator.
    pub who: String,
    /// Results.
    pub results: usize,
    /// Median active time, seconds.
    pub median_active_s: Option<f64>,
    /// Results under the too-fast threshold.
    pub too_fast: usize,
    /// The items of those results.
    pub too_fast_items: Vec<String>,
    /// Gold items answered within tolerance, of those seen.
    pub gold: (usize, usize),
    /// Attention items failed, of those seen.
    pub attention: (usize, usize),
    /// The attention items failed, each with the controls answered otherwise than instructed.
    pub attention_missed: Vec<(String, Vec<String>)>,
}

/// The results whose active time holds the headphone check: each participant's first (by its
/// start) where the results record a check.
fn with_headphone_check(results: &[ResultDoc]) -> std::collections::BTreeSet<usize> {
    let mut first: std::collections::BTreeMap<String, (String, usize)> = Default::default();
    for (n, r) in results.iter().enumerate() {
        if !r.has_headphone_check() {
            continue;
        }
        let started = r.timings.started_at.clone();
        let e = first
            .entry(annotator(r, n))
            .or_insert_with(|| (started.clone(), n));
        if started < e.0 {
            *e = (started, n);
        }
    }
    first.into_values().map(|(_, n)| n).collect()
}

/// The annotators' rows, in the order they first appear.
pub fn annotators(results: &[ResultDoc], gold: Option<&Gold>) -> Vec<AnnotatorRow> {
    let checked = with_headphone_check(results);
    let mut per_item: std::collections::BTreeMap<String, Vec<f64>> = Default::default();
    for (n, r) in results.iter().enumerate() {
        // (An item's usual time is its time without the headphone check.)
        if let Some(ms) = active_ms(r).filter(|_| !checked.contains(&n)) {
            per_item.entry(r.item_id.clone()).or_default().push(ms);
        }
    }
    let medians: std::collections::BTreeMap<String, f64> = per_item
        .into_iter()
        .filter_map(|(k, v)| median(v).map(|m| (k, m)))
        .collect();
    let mut rows: Vec<AnnotatorRow> = Vec::new();
    let mut index: std::collections::HashMap<String, usize> = Default::default();
    let mut times: Vec<Vec<f64>> = Vec::new();
    for (n, r) in results.iter().enumerate() {
        let who = annotator(r, n);
        let i = match index.get(&who) {
            Some(&i) => i,
            None => {
                index.insert(who.clone(), rows.len());
                rows.push(AnnotatorRow {
                    who,
                    ..AnnotatorRow::default()
                });
                times.push(Vec::new());
                rows.len() - 1
            }
        };
        let row = &mut rows[i];
        row.results += 1;
        if let Some(ms) = active_ms(r) {
            times[i].push(ms);
            let item_median = medians.get(&r.item_id).copied().unwrap_or(ms);
            if ms < TOO_FAST_FLOOR_MS || ms < TOO_FAST_SHARE * item_median {
                row.too_fast += 1;
                row.too_fast_items.push(r.item_id.clone());
            }
        }
        if let Some(g) = gold {
            let kind = g.item(&r.item_id).map(|gi| gi.kind);
            if let (Some(kind), Some(missed)) = (kind, g.missed(r)) {
                let pass = missed.is_empty();
                if kind == crate::study::gold::GoldKind::Attention {
                    row.attention.1 += 1;
                    row.attention.0 += usize::from(!pass);
                    if !pass {
                        row.attention_missed.push((r.item_id.clone(), missed));
                    }
                } else {
                    row.gold.1 += 1;
                    row.gold.0 += usize::from(pass);
                }
            }
        }
    }
    for (row, t) in rows.iter_mut().zip(times) {
        row.median_active_s = median(t).map(|ms| ms / 1000.0);
    }
    rows
}

/// A result's categorical parts (`part → value`: choices, grid cells, span attributes' values,
/// marked words), what annotators are compared on.
pub(crate) fn parts(spec: &TaskSpec, r: &ResultDoc) -> SortedMap<String, String> {
    let mut pairs: Vec<(String, String)> = Vec::new();
    for c in &spec.controls {
        if let Some(v) = r.answers.get(c.id()) {
            for mut part in crate::spec::each_control!(c, k => k.categorical(v)) {
                let value = match part.find('=') {
                    Some(at) => {
                        let value = part[at + 1..].to_owned();
                        part.truncate(at);
                        value
                    }
                    None => String::new(),
                };
                pairs.push((part, value));
            }
        }
    }
    // Sorted first (stably: a later part of the same name replaces an earlier one), so each
    // goes in at the end.
    pairs.sort_by(|a, b| a.0.cmp(&b.0));
    pairs.into_iter().collect()
}

/// What the dashboard adds to an annotator's row.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Standing {
    /// (annotator pair, part) comparisons that agree, of all, over the items shared.
    pub with_others: (usize, usize),
    /// Parts equal to the item's majority value, of the parts with one.
    pub with_majority: (usize, usize),
    /// MACE's chance of knowing, averaged over the aggregated controls they answered.
    pub competence: Option<f64>,
    /// Straight-lining, per control (`sentiment: straight-lining (9 of 10 the same)`).
    pub straight: Vec<String>,
}

/// Each annotator's standing, by annotator: agreement over `spec` and `results` as the report
/// compares them (sections asked per output unfolded), competence and straight-lining from
/// crowd aggregation's `fits` (the report's competence section reads the same).
pub fn standing(
    spec: &TaskSpec,
    results: &[ResultDoc],
    fits: &[super::aggregate::Fitted],
) -> SortedMap<String, Standing> {
    with_fits(compared(spec, results).standing, fits)
}

/// Annotators compared item by item, on their results' [`parts`]: how much each item's
/// annotators disagree (the report's list) and how often each annotator agrees with the others
/// and with the majority (the dashboard's).
pub struct Compared {
    /// Per item with two or more results with parts: (item, share of (annotator pair, part)
    /// that differ, annotators), by item.
    pub disagreement: Vec<(String, f64, usize)>,
    /// Each annotator's agreement with others and with the majority (no fits yet).
    pub standing: SortedMap<String, Standing>,
}

/// [`Compared`] for `results`, each item's results compared on their own (on every core; a
/// study of spans per output has millions of parts, never all held at once).
pub fn compared(spec: &TaskSpec, results: &[ResultDoc]) -> Compared {
    let mut by_item: std::collections::BTreeMap<&str, Vec<usize>> = Default::default();
    for (n, r) in results.iter().enumerate() {
        by_item.entry(r.item_id.as_str()).or_default().push(n);
    }
    let shared: Vec<(&str, Vec<usize>)> =
        by_item.into_iter().filter(|(_, g)| g.len() >= 2).collect();
    let per_item = super::parallel::map(&shared, |(item, ns)| {
        let answered: Vec<(String, SortedMap<String, String>)> = ns
            .iter()
            .map(|&n| (annotator(&results[n], n), parts(spec, &results[n])))
            .collect();
        let (share, given, counts) = compare_item(&answered);
        let differ = (given >= 2).then(|| (item.to_string(), share, given));
        let names: Vec<String> = answered.into_iter().map(|(who, _)| who).collect();
        (differ, names, counts)
    });
    let mut out = Compared {
        disagreement: Vec::new(),
        standing: SortedMap::new(),
    };
    for (differ, names, counts) in per_item {
        out.disagreement.extend(differ);
        for (who, (others, majority)) in names.into_iter().zip(counts.unwrap_or_default()) {
            let s = out.standing.entry(who).or_default();
            s.with_others.0 += others.0;
            s.with_others.1 += others.1;
            s.with_majority.0 += majority.0;
            s.with_majority.1 += majority.1;
        }
    }
    out
}

/// One item's annotators compared on their parts, in one merge of their sorted parts (linear
/// in the parts, never quadratic in the annotators):
/// - the share of (annotator pair, part) that differ among the annotators who have parts, a
///   part one has and the other lacks counting as a difference: for each part, the pairs
///   where at least one has it are C(n, 2) − C(absent, 2), and those agree where both give
///   the same value;
/// - how many annotators have parts;
/// - per annotator, (agreeing pairs, pairs) with the others and (parts equal to the majority,
///   parts with one), over every part any of them has; `None` when none has a part.
#[allow(clippy::type_complexity)]
fn compare_item(
    answered: &[(String, SortedMap<String, String>)],
) -> (f64, usize, Option<Vec<((usize, usize), (usize, usize))>>) {
    let choose2 = |k: usize| k * k.saturating_sub(1) / 2;
    let n = answered.len();
    let given = answered.iter().filter(|(_, p)| !p.is_empty()).count();
    let mut heads: Vec<_> = answered.iter().map(|(_, p)| p.iter().peekable()).collect();
    let mut counts = vec![((0, 0), (0, 0)); n];
    let (mut pairs, mut same, mut any) = (0usize, 0usize, false);
    // Per part: the annotators' values (or absence) as groups of equal ones, each annotator's
    // group — agreeing pairs are counted from the groups' sizes, not compared.
    let mut values: Vec<Option<&String>> = Vec::with_capacity(n);
    let mut groups: Vec<(Option<&String>, usize)> = Vec::new();
    let mut group_of: Vec<usize> = Vec::with_capacity(n);
    loop {
        // The next part: the least name at the annotators' heads.
        let mut next: Option<&String> = None;
        for h in heads.iter_mut() {
            if let Some((k, _)) = h.peek() {
                if next.is_none_or(|x| *k < x) {
                    next = Some(*k);
                }
            }
        }
        let Some(key) = next else { break };
        any = true;
        values.clear();
        for h in heads.iter_mut() {
            values.push(h.next_if(|(k, _)| *k == key).map(|(_, v)| v));
        }
        super::stats::group_into(values.iter().copied(), &mut groups, &mut group_of);
        // The majority: the value (or absence) more annotators gave than any other.
        let most = groups.iter().map(|g| g.1).max().unwrap_or(0);
        let mut top = groups.iter().enumerate().filter(|(_, g)| g.1 == most);
        let majority = match (top.next(), top.next()) {
            (Some((g, _)), None) => Some(g),
            _ => None,
        };
        for (c, &g) in counts.iter_mut().zip(&group_of) {
            c.0 .1 += n - 1;
            c.0 .0 += groups[g].1 - 1;
            if let Some(m) = majority {
                c.1 .1 += 1;
                c.1 .0 += usize::from(g == m);
            }
        }
        let present = values.iter().filter(|v| v.is_some()).count();
        pairs += choose2(given) - choose2(given - present);
        same += groups
            .iter()
            .filter(|g| g.0.is_some())
            .map(|g| choose2(g.1))
            .sum::<usize>();
    }
    let share = if pairs == 0 {
        0.0
    } else {
        (pairs - same) as f64 / pairs as f64
    };
    (share, given, any.then_some(counts))
}

/// Standing from [`compared`], with competence and straight-lining from crowd aggregation's
/// `fits`.
pub fn with_fits(
    mut out: SortedMap<String, Standing>,
    fits: &[super::aggregate::Fitted],
) -> SortedMap<String, Standing> {
    let mut knows: std::collections::BTreeMap<String, Vec<f64>> = Default::default();
    for f in fits {
        for (w, who) in f.votes.workers.iter().enumerate() {
            knows
                .entry(who.clone())
                .or_default()
                .push(f.mace.competence[w]);
            if let Some(flag) = f.straight_lining(w) {
                out.entry(who.clone())
                    .or_default()
                    .straight
                    .push(format!("{}: {flag}", f.control.id()));
            }
        }
    }
    for (who, c) in knows {
        out.entry(who).or_default().competence = Some(c.iter().sum::<f64>() / c.len() as f64);
    }
    out
}

/// A share `a / b` as a percentage, `—` for none.
fn pct((a, b): (usize, usize)) -> Option<f64> {
    (b > 0).then(|| a as f64 / b as f64 * 100.0)
}

/// The dashboard section: the table (`data-sort`: the report page sorts it by any column) and
/// the chart.
pub fn section(rows: &[AnnotatorRow], standing: &SortedMap<String, Standing>) -> String {
    let mut h = format!(
        "<section aria-labelledby=annotators><h2 id=annotators>Annotators</h2><p>Too fast: active time under {:.0}% of the item's median, or under {:.0} s. Agreement is over the categorical parts of the answers (choices, grid cells, span attributes, marked words) on the items an annotator shares with others; the majority is the value more annotators gave than any other. Competence: MACE's chance of knowing, averaged over the aggregated controls; below {} it is flagged. On the report page, each column's heading sorts the table.</p><table data-sort><thead><tr><th scope=col>annotator</th><th scope=col>results</th><th scope=col>median active (s)</th><th scope=col>too fast</th><th scope=col>agrees with others (%)</th><th scope=col>agrees with the majority (%)</th><th scope=col>gold correct</th><th scope=col>attention failed</th><th scope=col>competence</th><th scope=col>flags</th></tr></thead><tbody>",
        TOO_FAST_SHARE * 100.0,
        TOO_FAST_FLOOR_MS / 1000.0,
        super::aggregate::LOW_COMPETENCE
    );
    let frac = |(a, b): (usize, usize)| {
        if b == 0 {
            "—".to_owned()
        } else {
            format!("{a} / {b}")
        }
    };
    let num =
        |x: Option<f64>, places: usize| x.map_or("—".to_owned(), |v| format!("{v:.places$}"));
    for p in rows {
        let s = standing.get(&p.who).cloned().unwrap_or_default();
        let mut flags: Vec<String> = Vec::new();
        if !p.too_fast_items.is_empty() {
            flags.push(format!("too fast: {}", p.too_fast_items.join(", ")));
        }
        for (item, controls) in &p.attention_missed {
            flags.push(format!(
                "failed attention: {item} ({})",
                controls.join(", ")
            ));
        }
        flags.extend(s.straight.iter().cloned());
        if s.competence
            .is_some_and(|c| c < super::aggregate::LOW_COMPETENCE)
        {
            flags.push("low competence".to_owned());
        }
        let bar = s.competence.map_or(String::new(), |c| {
            format!(
                "<span style=\"display:inline-block;height:.7em;width:{:.0}px;background:#1f5fbf\" aria-hidden=\"true\"></span> ",
                c * 100.0
            )
        });
        h += &format!(
            "<tr><td>{}</td><td class=n>{}</td><td class=n>{}</td><td class=\"n{}\">{}</td><td class=n>{}</td><td class=n>{}</td><td class=n>{}</td><td class=\"n{}\">{}</td><td class=n data-value=\"{}\">{bar}{}</td><td class=flag>{}</td></tr>",
            esc(&p.who),
            p.results,
            num(p.median_active_s, 1),
            if p.too_fast > 0 { " flag" } else { "" },
            p.too_fast,
            num(pct(s.with_others), 0),
            num(pct(s.with_majority), 0),
            frac(p.gold),
            if p.attention.0 > 0 { " flag" } else { "" },
            frac(p.attention),
            s.competence.map_or(String::new(), |c| format!("{c:.3}")),
            f3(s.competence),
            esc(&flags.join("; "))
        );
    }
    h += "</tbody></table>";
    h += &chart(rows, standing);
    h + "</section>"
}

/// Median active time (x) against agreement with the majority (y), a dot per annotator with
/// their name: the fast and disagreeing stand out at the bottom left.
fn chart(rows: &[AnnotatorRow], standing: &SortedMap<String, Standing>) -> String {
    let points: Vec<(String, f64, f64)> = rows
        .iter()
        .filter_map(|p| {
            let y = pct(standing.get(&p.who)?.with_majority)?;
            Some((p.who.clone(), p.median_active_s?, y))
        })
        .collect();
    if points.len() < 2 {
        return String::new();
    }
    let max_x = points.iter().map(|p| p.1).fold(0.0, f64::max).max(1.0) * 1.1;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (400, 300)).into_drawing_area();
        let _ = root.fill(&WHITE);
        let chart = ChartBuilder::on(&root)
            .caption("Time and agreement per annotator", ("sans-serif", 17))
            .margin(8)
            .x_label_area_size(34)
            .y_label_area_size(44)
            .build_cartesian_2d(0.0..max_x, 0.0..105.0);
        if let Ok(mut chart) = chart {
            let _ = chart
                .configure_mesh()
                .label_style(("sans-serif", 14))
                .x_desc("median active time (s)")
                .y_desc("agrees with the majority (%)")
                .x_labels(6)
                .y_labels(6)
                .draw();
            let _ = chart.draw_series(points.iter().map(|(who, x, y)| {
                EmptyElement::at((*x, *y))
                    + Circle::new((0, 0), 4, RGBColor(11, 61, 134).filled())
                    + Text::new(who.clone(), (6, -6), ("sans-serif", 12))
            }));
        }
        let _ = root.present();
    }
    let described: Vec<String> = points
        .iter()
        .map(|(who, x, y)| format!("{who}: {x:.1} s, {y:.0}%"))
        .collect();
    format!(
        "<figure aria-label=\"{}\">{svg}</figure>",
        esc(&format!(
            "Median active time against agreement with the majority — {}",
            described.join("; ")
        ))
    )
}
