//! Agreement per control over collected results, with the level of measurement each kind calls
//! for: nominal for a choice and for each grid column (an empty cell — the row filled the other
//! alternative — is the category `none`); interval on the natural log of each score relative to
//! the standard's score (magnitude estimation: ratios, so an annotator who doubles every score
//! agrees with one who does not); for span attributes, one nominal unit per word of the text
//! (marked or not by each annotator, per attribute). Questions have no agreement: their
//! category shares and manual-acceptance flags are reported instead.

use super::alpha::{Agreement, Datum, Level, Tally};
pub use super::findings::{annotator, Findings};
use super::Analyse;
use crate::item::Item;
use crate::result::ResultDoc;
use crate::spec::{Block, TaskSpec};
use crate::support::sorted_map::SortedMap;
use serde_json::Value;

/// Bootstrap resamples and seed of every interval (fixed: the same results give the same report).
pub const RESAMPLES: usize = 1000;
/// The bootstrap seed.
pub const SEED: u64 = 20_261_124;

/// One measured control (or grid column, or span attribute).
#[derive(Clone, Debug, PartialEq)]
pub struct Measure {
    /// `control`, `control.column` or `control.attribute`.
    pub key: String,
    /// The level of measurement.
    pub level: Level,
    /// What the values are (e.g. "ln(score / standard 100)").
    pub values: &'static str,
    /// Alpha, interval, counts.
    pub agreement: Agreement,
    /// Items with at least two annotators' values.
    pub items: usize,
}

/// The question shares of a questions control (agreement is not defined for authored questions).
#[derive(Clone, Debug, PartialEq)]
pub struct QuestionShares {
    /// The control.
    pub key: String,
    /// Questions in all results.
    pub questions: usize,
    /// Questions per category (`none` for no category).
    pub categories: SortedMap<String, usize>,
    /// Unanswerable questions.
    pub unanswerable: usize,
    /// Questions above the overlap threshold (need manual acceptance).
    pub manual_acceptance: usize,
    /// Paragraphs skipped.
    pub skipped: usize,
}

/// Everything `glossa agreement` reports.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct AgreementReport {
    /// Measured controls, in spec order.
    pub measures: Vec<Measure>,
    /// Question-authoring controls.
    pub questions: Vec<QuestionShares>,
    /// System-level scores of ratings asked per output (a point per output).
    pub systems: Vec<super::systems::SystemScores>,
    /// What kinds find beyond α (a kind's `Analyse::agreement` adds them): each a section of
    /// the report, a summary on the command line, and an entry of the JSON under its group.
    pub findings: Vec<Findings>,
    /// The listening tests' screenings, when they left listeners out: the measures and the
    /// scores per system above are without them; these are with everyone.
    pub screening: Option<Screening>,
}

/// The figures with every listener, beside those after the listening tests' screenings.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Screening {
    /// The listeners left out (MUSHRA's post-screening, P.808's trapping and gold questions,
    /// the headphone check).
    pub left_out: Vec<String>,
    /// α per control with everyone.
    pub unscreened_measures: Vec<Measure>,
    /// The scores per system with everyone.
    pub unscreened_systems: Vec<super::systems::SystemScores>,
}

/// What agreement on a control is measured against: the spec's standard (magnitude
/// estimation) and the items (span texts' word counts).
pub struct Context<'a> {
    /// The standard's score, when the spec shows one above 0.
    pub standard: Option<f64>,
    /// The items (may be empty).
    pub items: &'a [Item],
    /// The items by id.
    by_id: std::collections::HashMap<&'a str, &'a Item>,
}

impl<'a> Context<'a> {
    /// The context of these items, with the standard's score if any.
    pub fn new(standard: Option<f64>, items: &'a [Item]) -> Self {
        let by_id = items.iter().map(|i| (i.id.as_str(), i)).collect();
        Context {
            standard,
            items,
            by_id,
        }
    }

    /// The item of this id, if given.
    pub fn item(&self, id: &str) -> Option<&'a Item> {
        self.by_id.get(id).copied()
    }
}

pub use super::Answered;

/// Units keyed by (item, sub-unit), each a map annotator → value (the last result of an
/// annotator for an item counts). A B-tree: a study has as many units as answers (a vector
/// kept sorted would make reading them grow with their square).
pub type Table = std::collections::BTreeMap<(String, String), SortedMap<String, Datum>>;

/// Alpha over a table's units, as a measure named `key`.
pub fn measure(key: String, level: Level, values: &'static str, table: &Table) -> Measure {
    let mut tally = Tally::new(level);
    let mut items = std::collections::BTreeSet::new();
    let mut unit = Vec::new();
    for ((item, _), by) in table {
        if by.len() >= 2 {
            items.insert(item.as_str());
        }
        unit.clear();
        unit.extend(by.values().filter_map(|d| tally.value(d)));
        tally.unit(unit.iter().copied());
    }
    measured(key, level, values, &tally, items.len())
}

/// Alpha over a tally of units, as a measure named `key`; `items`: items with at least two
/// annotators' values.
pub fn measured(
    key: String,
    level: Level,
    values: &'static str,
    tally: &Tally,
    items: usize,
) -> Measure {
    Measure {
        key,
        level,
        values,
        agreement: tally.agreement(RESAMPLES, SEED),
        items,
    }
}

/// Computes agreement for every control of the spec over the results. `items` (optional) gives
/// span texts their word counts; without them a span attribute's units are the words up to the
/// last one anybody marked in the item.
pub fn compute(spec: &TaskSpec, items: &[Item], results: &[ResultDoc]) -> AgreementReport {
    // Sections asked per output: each rating per output, each other control per output item.
    let unfolded = super::outputs::unfold(spec, items, results);
    compute_unfolded(spec, items, results, unfolded.as_ref(), None)
}

/// [`compute`] over results its caller has unfolded already (`outputs::unfold`; `None`: the
/// spec has no section asked per output); a gold file screens a listening test's listeners
/// (`listening`).
pub fn compute_unfolded(
    spec: &TaskSpec,
    items: &[Item],
    results: &[ResultDoc],
    unfolded: Option<&super::outputs::Unfolded>,
    gold: Option<&crate::study::gold::Gold>,
) -> AgreementReport {
    // The listening tests' screenings first: α and the scores per system are figured without
    // the listeners they left out, and, labelled, with everyone.
    let mos = super::listening::compute(spec, items, results, gold);
    let left_out = super::listening::left_out(&mos);
    let kept: Vec<ResultDoc> = results
        .iter()
        .enumerate()
        .filter(|(n, r)| !left_out.contains(&annotator(r, *n)))
        .map(|(_, r)| r.clone())
        .collect();
    let refolded = (!left_out.is_empty())
        .then(|| super::outputs::unfold(spec, items, &kept))
        .flatten();
    let (used, unfolded_used) = if left_out.is_empty() {
        (results, unfolded)
    } else {
        (&kept[..], refolded.as_ref())
    };
    // (Error scores, with their significance tests, on another core.)
    let (mut report, scores) = super::parallel::join(
        || match unfolded_used {
            Some(u) => measure_all(&u.spec, &u.items, &u.results),
            None => measure_all(spec, items, used),
        },
        || super::error_scores::findings(spec, used),
    );
    report.findings.extend(scores);
    report.findings.extend(super::listening::findings_of(&mos));
    if !left_out.is_empty() {
        let everyone = match unfolded {
            Some(u) => measure_all(&u.spec, &u.items, &u.results),
            None => measure_all(spec, items, results),
        };
        report.screening = Some(Screening {
            left_out,
            unscreened_measures: everyone.measures,
            unscreened_systems: everyone.systems,
        });
    }
    report
}

/// Agreement for every control, each kind measuring its own.
pub(crate) fn measure_all(
    spec: &TaskSpec,
    items: &[Item],
    results: &[ResultDoc],
) -> AgreementReport {
    let standard = spec.blocks.iter().find_map(|b| match b {
        Block::Standard(s) if s.score > 0 => Some(s.score as f64),
        _ => None,
    });
    let on = Context::new(standard, items);
    let mut report = AgreementReport::default();
    for control in &spec.controls {
        let answers: Vec<Answered> = results
            .iter()
            .enumerate()
            .filter_map(|(n, r)| {
                Some(Answered {
                    item: &r.item_id,
                    who: annotator(r, n),
                    value: r.answers.get(control.id())?,
                })
            })
            .collect();
        crate::spec::each_control!(control, c => c.agreement(&on, &answers, &mut report));
    }
    report
}

impl AgreementReport {
    /// The figures as JSON: `{"controls": {"<key>": {"alpha", "level", "ci95", "items", ...}}}`.
    pub fn to_json(&self) -> Value {
        let mut controls = serde_json::Map::new();
        for m in &self.measures {
            controls.insert(
                m.key.clone(),
                serde_json::json!({
                    "alpha": m.agreement.alpha,
                    "level": m.level.as_str(),
                    "values": m.values,
                    "ci95": m.agreement.ci95.map(|(lo, hi)| [lo, hi]),
                    "items": m.items,
                    "units": m.agreement.units,
                    "pairable_values": m.agreement.pairable,
                }),
            );
        }
        for q in &self.questions {
            controls.insert(
                q.key.clone(),
                serde_json::json!({
                    "alpha": null,
                    "level": "not defined (authored questions)",
                    "questions": q.questions,
                    "categories": q.categories.iter().map(|(k, v)| (k.clone(), Value::from(*v))).collect::<serde_json::Map<_, _>>(),
                    "unanswerable": q.unanswerable,
                    "needs_manual_acceptance": q.manual_acceptance,
                    "skipped_paragraphs": q.skipped,
                }),
            );
        }
        let mut out = serde_json::json!({
            "controls": controls,
            "systems": keyed(&self.systems, |s| (&s.key, s.to_json())),
            "bootstrap": { "resamples": RESAMPLES, "seed": SEED }
        });
        if let Some(sc) = &self.screening {
            let everyone = AgreementReport {
                measures: sc.unscreened_measures.clone(),
                systems: sc.unscreened_systems.clone(),
                ..AgreementReport::default()
            }
            .to_json();
            out["screening"] = serde_json::json!({
                "left_out": sc.left_out,
                "figures": "\"controls\" and \"systems\" are without the listeners the listening tests' screenings left out; \"unscreened\" has them with everyone",
                "unscreened": {"controls": everyone["controls"], "systems": everyone["systems"]},
            });
        }
        // Every kind's group, empty when the spec has none of its controls (as before the
        // kinds made their own findings).
        macro_rules! groups {
            ([] $( $(#[$doc:meta])* $folder:ident => $Variant:ident($family:ident<$Payload:ident>) gold $gold:ident $(if $cfg:meta)? ),* $(,)?) => {
                [$( $(#[cfg($cfg)])? <crate::spec::$Payload as super::Analyse>::FINDINGS ),*]
            };
        }
        if let Some(map) = out.as_object_mut() {
            for group in crate::kinds::control_kinds!([groups]).into_iter().flatten() {
                map.entry(group)
                    .or_insert_with(|| Value::Object(Default::default()));
            }
        }
        for f in &self.findings {
            if let Some(map) = out.as_object_mut() {
                let group = map
                    .entry(f.group)
                    .or_insert_with(|| Value::Object(Default::default()));
                if let Some(group) = group.as_object_mut() {
                    group.insert(f.key.clone(), f.json.clone());
                }
            }
        }
        out
    }
}

/// Figures keyed by their control (or criterion): `{"<key>": figures}`.
fn keyed<T>(list: &[T], entry: impl Fn(&T) -> (&str, Value)) -> Value {
    Value::Object(
        list.iter()
            .map(|x| {
                let (k, v) = entry(x);
                (k.to_owned(), v)
            })
            .collect(),
    )
}
