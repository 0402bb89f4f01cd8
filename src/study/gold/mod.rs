//! Gold and attention items, scored after collection: the researcher's expected answers stay
//! in their own file (never in the participant's browser) and each result on such an item is
//! compared per control with a tolerance per kind — exact for choices, texts and grid cells; a
//! ratio band for magnitude numbers; word overlap per value for spans; fragment overlap for
//! questions (each expected question's answer fragment overlaps a fragment of one of the
//! annotator's questions).
//!
//! The file: `{"items": [{"item_id": "it-003", "kind": "gold" | "attention", "answers":
//! {"<control>": <expected value>}}], "ratio_band": 2, "span_overlap": 0.5, "point_band": 0,
//! "tolerance": {"<control>": <its own tolerance>}}`. Expected values
//! are written as results hold them, except that spans and question fragments may be written
//! the way a researcher thinks of them — the marked text (`"widerlicher Lügner"`, or
//! `{"text": "Lügner", "occurrence": 2}` when it repeats) or word indices (`[3, 5]`,
//! `{"words": [3, 5]}`) — see [`expect`]. A gold file is read against the spec and the items:
//! an unknown item, an unknown control, a value its control cannot take or a text that is not
//! in the item is a [`GoldProblem`] naming the field, never a silent 0.

mod expect;

use crate::item::Item;
use crate::result::ResultDoc;
use crate::spec::TaskSpec;
use crate::support::sorted_map::SortedMap;
use serde::Deserialize;
use serde_json::Value;
use std::fmt;

pub(crate) use expect::{done, locate, problem, whole};
pub use expect::{Expected, GoldAnswer, GoldLink};

/// What a gold item is for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GoldKind {
    /// A known answer: annotators are scored on it.
    #[default]
    Gold,
    /// An instructed answer ("choose X"): a wrong answer is an attention failure.
    Attention,
}

/// A gold file as written (expected values not yet read against the spec).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct GoldFile {
    items: Vec<GoldFileItem>,
    #[serde(default = "two")]
    ratio_band: f64,
    #[serde(default = "half")]
    span_overlap: f64,
    #[serde(default)]
    point_band: u32,
    #[serde(default)]
    tolerance: SortedMap<String, f64>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct GoldFileItem {
    item_id: String,
    #[serde(default)]
    kind: GoldKind,
    answers: SortedMap<String, Value>,
}

/// Results (JSON Lines, e.g. the review page's adjudicated set) as a gold file: each result's
/// answers the gold answers of its item. `None` when a line is not a result.
fn from_results(text: &str) -> Option<GoldFile> {
    let mut items = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let v: Value = serde_json::from_str(line).ok()?;
        items.push(GoldFileItem {
            item_id: v.get("item_id")?.as_str()?.to_owned(),
            kind: GoldKind::Gold,
            answers: v
                .get("answers")?
                .as_object()?
                .iter()
                .map(|(k, a)| (k.clone(), a.clone()))
                .collect(),
        });
    }
    (!items.is_empty()).then(|| GoldFile {
        items,
        ratio_band: two(),
        span_overlap: half(),
        point_band: 0,
        tolerance: SortedMap::new(),
    })
}

fn two() -> f64 {
    2.0
}

fn half() -> f64 {
    0.5
}

/// A gold file read against its spec and items.
#[derive(Clone, Debug)]
pub struct Gold {
    /// The gold and attention items.
    pub items: Vec<GoldItem>,
    /// A number passes when expected ÷ band ≤ given ≤ expected × band (default 2).
    pub ratio_band: f64,
    /// A span value (or a question fragment) passes when the words marked overlap the expected
    /// ones by at least this share (Jaccard, default 0.5).
    pub span_overlap: f64,
    /// A rating's point passes when it is at most this far from the expected one (default 0:
    /// exactly; e.g. 10 on a 0–100 range).
    pub point_band: u32,
    /// Tolerances of single controls (the file's `tolerance`: `{"<control>": number}`, the
    /// number in the unit of the control's kind), over the ones above.
    pub per_control: SortedMap<String, Tolerance>,
}

/// How far an answer may be from the expected one and still pass.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tolerance {
    /// Numbers: expected ÷ band ≤ given ≤ expected × band.
    pub ratio_band: f64,
    /// Spans and question fragments: the least word overlap (Jaccard).
    pub span_overlap: f64,
    /// Ratings (points per output): the most points off.
    pub point_band: u32,
}

/// What a control's tolerance means, by its kind: the field of [`Tolerance`] it sets, or
/// `None` for a control compared exactly — one arm per kind, made from the declaration of the
/// kinds (`gold …` in `crate::kinds::control_kinds!`); a name that is not a field of
/// [`Tolerance`] does not compile.
fn tolerance_unit(control: &crate::spec::Control) -> Option<&'static str> {
    macro_rules! unit {
        (exact) => {
            None
        };
        ($unit:ident) => {{
            let _ = |t: &Tolerance| t.$unit;
            Some(stringify!($unit))
        }};
    }
    macro_rules! arms {
        ([$control:expr] $( $(#[$doc:meta])* $folder:ident => $Variant:ident($family:ident<$Payload:ident>) gold $gold:ident $(if $cfg:meta)? ),* $(,)?) => {
            match $control {
                $( $(#[cfg($cfg)])? crate::spec::Control::$Variant(_) => unit!($gold), )*
            }
        };
    }
    crate::kinds::control_kinds!([arms] control)
}

/// One gold or attention item.
#[derive(Clone, Debug)]
pub struct GoldItem {
    /// The item.
    pub item_id: String,
    /// Gold or attention.
    pub kind: GoldKind,
    /// The expected answers by control id.
    pub answers: SortedMap<String, Expected>,
}

/// Something wrong with a gold file: where (a path in the file, or `line:column` when it is not
/// JSON) and what to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GoldProblem {
    /// Where: `items[2].answers.sentiment`, or `line 4, column 7`.
    pub path: String,
    /// What is wrong and what to do.
    pub message: String,
}

impl fmt::Display for GoldProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path, self.message)
    }
}

impl Gold {
    /// Reads a gold file against the spec and the items; every problem at once.
    pub fn load(text: &str, spec: &TaskSpec, items: &[Item]) -> Result<Gold, Vec<GoldProblem>> {
        let file: GoldFile = serde_json::from_str(text)
            .or_else(|e| from_results(text).ok_or(e))
            .map_err(|e| {
                vec![GoldProblem {
                    path: format!("line {}, column {}", e.line(), e.column()),
                    message: format!("not a gold file (nor results, one per line): {e}"),
                }]
            })?;
        let mut problems = Vec::new();
        // NaN is no band either.
        if file.ratio_band.is_nan() || file.ratio_band < 1.0 {
            problems.push(GoldProblem {
                path: "ratio_band".into(),
                message: format!(
                    "{} is not a band: use a number of at least 1 (2 accepts half to twice the expected number)",
                    file.ratio_band
                ),
            });
        }
        if !(0.0..=1.0).contains(&file.span_overlap) {
            problems.push(GoldProblem {
                path: "span_overlap".into(),
                message: format!(
                    "{} is not a share: use a number from 0 to 1 (0.5: half the words)",
                    file.span_overlap
                ),
            });
        }
        let base = Tolerance {
            ratio_band: file.ratio_band,
            span_overlap: file.span_overlap,
            point_band: file.point_band,
        };
        let mut per_control = SortedMap::new();
        for (id, &v) in file.tolerance.iter() {
            let path = format!("tolerance.{id}");
            let control = spec.control(&crate::support::ids::ControlId::from(id.as_str()));
            let unit = control.map(tolerance_unit);
            let (ok, tol, hint) = match unit {
                None => {
                    problems.push(GoldProblem {
                        path,
                        message: format!("no control \"{id}\" in the spec: fix the id"),
                    });
                    continue;
                }
                Some(None) => {
                    problems.push(GoldProblem {
                        path,
                        message:
                            "this control's answers are compared exactly: it takes no tolerance"
                                .into(),
                    });
                    continue;
                }
                Some(Some("ratio_band")) => (
                    v >= 1.0,
                    Tolerance {
                        ratio_band: v,
                        ..base
                    },
                    "a ratio of at least 1",
                ),
                Some(Some("point_band")) => (
                    v >= 0.0 && v.fract() == 0.0 && v <= f64::from(u32::MAX),
                    Tolerance {
                        point_band: v as u32,
                        ..base
                    },
                    "a whole number of points, 0 or more",
                ),
                Some(Some(_)) => (
                    (0.0..=1.0).contains(&v),
                    Tolerance {
                        span_overlap: v,
                        ..base
                    },
                    "a share of the words from 0 to 1",
                ),
            };
            if ok {
                per_control.insert(id.clone(), tol);
            } else {
                problems.push(GoldProblem {
                    path,
                    message: format!("{v} is not a tolerance for this control: give {hint}"),
                });
            }
        }
        let mut gold_items = Vec::new();
        let mut seen = std::collections::BTreeSet::new();
        for (n, raw) in file.items.into_iter().enumerate() {
            let at = format!("items[{n}]");
            let id = &raw.item_id;
            let item = match (seen.insert(id.clone()), items.iter().find(|i| &i.id == id)) {
                (true, Some(item)) => item,
                (first, _) => {
                    problems.push(GoldProblem {
                        path: format!("{at}.item_id"),
                        message: if first {
                            format!(
                                "no item \"{id}\" in the items file: fix the id, or add the item"
                            )
                        } else {
                            format!("item \"{id}\" is in the gold file twice: keep one entry")
                        },
                    });
                    continue;
                }
            };
            let mut answers = SortedMap::new();
            for (control_id, value) in raw.answers.iter() {
                let path = format!("{at}.answers.{control_id}");
                match expect::read(spec, item, control_id, value, &path) {
                    Ok(e) => {
                        answers.insert(control_id.clone(), e);
                    }
                    Err(mut p) => problems.append(&mut p),
                }
            }
            // One rule for every command and the studio: an attention item's answers are ones
            // the participant's page can check (see `Expected::instructed`).
            if raw.kind == GoldKind::Attention {
                for (control, e) in answers.iter() {
                    if e.instructed().is_none() {
                        problems.push(GoldProblem {
                            path: format!("{at}.answers.{control}"),
                            message: format!(
                                "item \"{id}\": the participant's page checks an attention answer as instructed, and \"{control}\" cannot be instructed (a number within a band, spans, a grid, a ranking or questions): instruct a choice, a text, a point or a judgement of the pair, or make the item \"kind\": \"gold\" (the report scores gold within tolerance)"
                            ),
                        });
                    }
                }
            }
            gold_items.push(GoldItem {
                item_id: raw.item_id,
                kind: raw.kind,
                answers,
            });
        }
        expect::done(
            Gold {
                items: gold_items,
                ratio_band: file.ratio_band,
                span_overlap: file.span_overlap,
                point_band: file.point_band,
                per_control,
            },
            problems,
        )
    }

    /// The tolerance a control's answers are held to: its own, or the file's.
    pub fn tolerance(&self, control: &str) -> Tolerance {
        self.per_control.get(control).copied().unwrap_or(Tolerance {
            ratio_band: self.ratio_band,
            span_overlap: self.span_overlap,
            point_band: self.point_band,
        })
    }

    /// The tolerance an item's answer is held to: none for an attention item (its answer is
    /// instructed, and checked as the participant's page checks it), else the control's.
    fn held_to(&self, item: &GoldItem, control: &str) -> Tolerance {
        if item.kind == GoldKind::Attention {
            return Tolerance {
                ratio_band: 1.0,
                span_overlap: 1.0,
                point_band: 0,
            };
        }
        self.tolerance(control)
    }

    /// The gold item of this id, if any.
    pub fn item(&self, id: &str) -> Option<&GoldItem> {
        self.items.iter().find(|g| g.item_id == id)
    }

    /// Whether a result passes its gold item: every expected control within tolerance.
    /// `None` when the result's item is not gold.
    pub fn passes(&self, result: &ResultDoc) -> Option<bool> {
        self.missed(result).map(|m| m.is_empty())
    }

    /// The controls of its gold item a result answers otherwise than expected (beyond
    /// tolerance, or not at all); `None` when the result's item is not gold.
    pub fn missed(&self, result: &ResultDoc) -> Option<Vec<String>> {
        let g = self.item(&result.item_id)?;
        Some(
            g.answers
                .iter()
                .filter(|(control, expected)| {
                    !result
                        .answers
                        .get(&crate::support::ids::ControlId::from(control.as_str()))
                        .is_some_and(|got| expected.matches(got, &self.held_to(g, control)))
                })
                .map(|(control, _)| control.clone())
                .collect(),
        )
    }
}

/// Intersection over union of two sorted word lists (1 when both are empty).
fn jaccard(a: &[u64], b: &[u64]) -> f64 {
    if a.is_empty() && b.is_empty() {
        return 1.0;
    }
    let inter = a.iter().filter(|x| b.binary_search(x).is_ok()).count() as f64;
    inter / ((a.len() + b.len()) as f64 - inter)
}

#[cfg(test)]
mod tests;
