//! The result document: one per item, built only from validated answers.

#[cfg(any(not(target_arch = "wasm32"), feature = "report-web"))]
pub mod imported;
pub mod provenance;
mod values;
pub use values::ToValue;

use crate::answer::AnswerValue;
use crate::form::FormState;
use crate::i18n::{t, Lang, Msg};
use crate::spec::Block;
use crate::support::ids::ControlId;
use crate::support::sorted_map::SortedMap;
use crate::support::time::iso8601;
use crate::task::presentation::Presentation;
use crate::task::Task;
use crate::validate::{self, ProblemCode, PublicProblem, Report, Severity};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The result format tag written into every result.
pub const RESULT_FORMAT: &str = "glossa.result/1";

/// What the host page knows about the annotator's device, passed in at submit time.
#[derive(Clone, Debug, Default, PartialEq, Serialize, JsonSchema, Deserialize)]
pub struct Environment {
    /// The browser's locale (`navigator.language`).
    pub locale: String,
    /// Viewport size in CSS pixels.
    pub viewport: Viewport,
    /// Whether the device has a touch screen.
    pub touch: bool,
    /// The browser's user agent string.
    pub user_agent: String,
}

/// A viewport size in CSS pixels.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, JsonSchema, Deserialize)]
pub struct Viewport {
    /// Width.
    pub width: u32,
    /// Height.
    pub height: u32,
}

/// One item's result, handed to the host. Read back (after collection) with
/// [`ResultDoc::read`]: the same types, the answers typed by their controls' kinds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ResultDoc {
    /// Always [`RESULT_FORMAT`].
    #[serde(default)]
    pub format: String,
    /// Which spec, and which version of it, produced this result.
    #[serde(default)]
    pub spec: SpecRef,
    /// The item's id.
    pub item_id: String,
    /// The answers by control id: a choice is its option's value, a number an integer, a number
    /// asked per output an object of integers keyed by output id.
    #[serde(default, deserialize_with = "answers_later")]
    pub answers: SortedMap<ControlId, AnswerValue>,
    /// What the annotator saw that the answers relate to: output orders, the shuffle seed, the
    /// standards' scores.
    #[serde(default)]
    pub shown: Shown,
    /// Warnings the annotator submitted with.
    #[serde(default)]
    pub warnings: Vec<PublicProblem>,
    /// When the item was shown and submitted, and how long the page was visible.
    #[serde(default)]
    pub timings: Timings,
    /// The widget and the device.
    #[serde(default)]
    pub environment: EnvironmentRecord,
    /// Ids the host passed in (participant, assignment, session, ...).
    #[serde(default)]
    pub ids: SortedMap<String, String>,
    /// For each control a model suggested an answer for (the item's `suggestions`): the
    /// model, what it suggested, whether it was shown, and what became of each part. A control
    /// a section asks per output has one entry per output, `control/output`.
    #[serde(default, skip_serializing_if = "SortedMap::is_empty")]
    pub provenance: SortedMap<ControlId, crate::support::family::Suggest<provenance::Provenance>>,
    /// What the participant did with each recording, image or video the item showed, by its key
    /// (a media block's field, `clip`; an output's, `stimuli/ref`): plays, the time heard,
    /// whether it played to the end and whether its file loaded whole. Absent when the item
    /// shows none.
    /// (Not in a build without media: its results never carry any.)
    #[cfg(any(feature = "media", not(target_arch = "wasm32")))]
    #[serde(default, skip_serializing_if = "SortedMap::is_empty")]
    pub media: SortedMap<String, crate::form::media::MediaRecord>,
    /// The participant's headphone check (the spec's `headphone_check`, ITU-T P.808's
    /// environment check): right answers in the deciding attempt, trials per attempt, attempts
    /// made, and whether it was passed. Absent when the spec asks for none.
    /// (Not in a build without media.)
    #[cfg(any(feature = "media", not(target_arch = "wasm32")))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub headphones: Option<crate::form::headphones::HeadphoneOutcome>,
    /// `true` on a result an adjudicator decided on the review page (`www/review.html`) rather
    /// than an annotator gave; absent otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub adjudicated: Option<crate::support::family::Research<bool>>,
    /// Who decided an adjudicated result, why, and whose answer it took.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub adjudication: Option<crate::support::family::Research<Adjudication>>,
    /// Where a result read from another tool's file came from, row by row (`glossa collect
    /// mqm-tsv`), so that an export to that format writes the rows back as they were. Absent
    /// on results a page collected.
    /// (Only on the command line and the researcher's pages: a participant's page never
    /// writes one.)
    #[cfg(any(not(target_arch = "wasm32"), feature = "report-web"))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub imported: Option<imported::Imported>,
}

/// How the participant id of a result crowd aggregation writes begins (`aggregate:mace`).
pub const AGGREGATED: &str = "aggregate:";

/// An adjudicator's decision on one item (see `crate::analysis::review`).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Adjudication {
    /// Who decided: the name or id the reviewer gave.
    pub by: String,
    /// Why, in the reviewer's words (may be empty).
    #[serde(default)]
    pub reason: String,
    /// Where the answers came from: `annotator` (one annotator's, named in `from`),
    /// `majority_vote`, `dawid_skene` (the aggregate) or `edited` (the reviewer's own).
    pub source: String,
    /// The annotator whose answers were taken (when `source` is `annotator`).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub from: String,
    /// The annotators whose results on the item the reviewer saw.
    #[serde(default)]
    pub annotators: Vec<String>,
    /// When (ISO 8601, UTC).
    #[serde(default)]
    pub at: String,
}

/// Answers are read by [`ResultDoc::read`], each as its control's kind directs; plain
/// deserialising passes over them.
fn answers_later<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<SortedMap<ControlId, AnswerValue>, D::Error> {
    serde::de::IgnoredAny::deserialize(d)?;
    Ok(SortedMap::new())
}

/// Something in a collected result that does not read as the widget writes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadProblem {
    /// Where (`answers.errors`, `timings`, ...).
    pub path: String,
    /// What is wrong.
    pub message: String,
}

impl ResultDoc {
    /// Whether it says the participant did not pass the headphone check.
    pub fn failed_headphones(&self) -> bool {
        #[cfg(any(feature = "media", not(target_arch = "wasm32")))]
        return self.headphones.is_some_and(|h| !h.passed);
        #[cfg(not(any(feature = "media", not(target_arch = "wasm32"))))]
        false
    }

    /// Whether it records a headphone check (the study asks for one; the participant took it
    /// on their first item, whose active time holds it).
    pub fn has_headphone_check(&self) -> bool {
        #[cfg(any(feature = "media", not(target_arch = "wasm32")))]
        return self.headphones.is_some();
        #[cfg(not(any(feature = "media", not(target_arch = "wasm32"))))]
        false
    }

    /// Whether an adjudicator decided this result on the review page (never in a participant
    /// build, which cannot hold the mark).
    pub fn is_adjudicated(&self) -> bool {
        use crate::support::family::Ungate;
        self.adjudicated.clone().is_some_and(|a| a.ungate())
    }

    /// Whether no annotator gave this result on a screen: an adjudicator decided it, or crowd
    /// aggregation made it (participant `aggregate:<method>`). Such a result records no
    /// decisions on a suggestion and no annotator's time.
    pub fn is_derived(&self) -> bool {
        self.is_adjudicated()
            || self
                .ids
                .get("participant")
                .is_some_and(|p| p.starts_with(AGGREGATED))
    }

    /// Reads a collected result into the types that wrote it; each answer is read as its
    /// control's kind writes it. Fields the widget always writes but an older or hand-made
    /// export may leave out (format, spec, answers, shown, warnings, timings, environment, ids,
    /// and within an answer its secondary fields) read as empty (`glossa validate` names them);
    /// everything else that does not read is a problem, and every problem is named.
    pub fn read(
        spec: &crate::spec::TaskSpec,
        json: &serde_json::Value,
    ) -> Result<Self, Vec<ReadProblem>> {
        let problem = |path: String, message: String| ReadProblem { path, message };
        let mut problems = Vec::new();
        let doc = ResultDoc::deserialize(json)
            .map_err(|e| problems.push(problem(String::new(), e.to_string())))
            .ok();
        let mut answers = SortedMap::new();
        match json.get("answers") {
            Some(serde_json::Value::Object(map)) => {
                for (key, value) in map {
                    let id = ControlId::from(key.as_str());
                    let path = format!("answers.{key}");
                    match spec.control(&id) {
                        None => problems.push(problem(path, "the spec has no such control".into())),
                        Some(control) => match AnswerValue::read_in(spec, control, value) {
                            Ok(v) => {
                                answers.insert(id, v);
                            }
                            Err(e) => problems.push(problem(
                                path,
                                format!("not an answer of this control's kind: {e}"),
                            )),
                        },
                    }
                }
            }
            Some(_) => problems.push(problem("answers".into(), "not an object".into())),
            None => {}
        }
        match doc {
            Some(doc) if problems.is_empty() => Ok(ResultDoc { answers, ..doc }),
            _ => Err(problems),
        }
    }
}

/// What was shown, as far as it bears on the answers.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Shown {
    /// Output orders and seed.
    #[serde(flatten)]
    pub presentation: Presentation,
    /// Every standard shown, with its score.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub standards: Vec<StandardShown>,
}

/// A standard the answers relate to.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct StandardShown {
    /// What the score measures.
    pub score_label: String,
    /// The standard's score.
    pub score: u64,
}

/// The spec a result belongs to.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct SpecRef {
    /// The spec's id.
    pub id: String,
    /// The spec's version.
    pub version: String,
}

/// Timings of one item.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct Timings {
    /// When the item was shown (ISO 8601, UTC).
    pub started_at: String,
    /// When it was submitted (ISO 8601, UTC).
    pub submitted_at: String,
    /// Milliseconds from shown to submitted.
    pub duration_ms: u64,
    /// Milliseconds the page was visible in that span.
    pub active_ms: u64,
}

/// The environment as recorded in the result.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct EnvironmentRecord {
    /// Glossa's version.
    pub widget_version: String,
    /// The task's UI language.
    pub ui_language: Lang,
    /// The browser's locale.
    pub locale: String,
    /// Viewport size.
    pub viewport: Viewport,
    /// Touch screen present.
    pub touch: bool,
    /// User agent.
    pub user_agent: String,
}

/// Validates the form and, if nothing blocks, builds its result document.
pub fn build(
    task: &Task,
    form: &FormState,
    env: &Environment,
    ids: &SortedMap<String, String>,
    now_ms: u64,
) -> Result<ResultDoc, Report> {
    let (spec, item, presentation) = (&task.spec, &task.item, &task.presentation);
    // (An item whose file could not be played, under `unplayable: skip`, requires no answer;
    // a build without media has no such item, and no code for it.)
    let valid = if crate::support::family::MEDIA && crate::form::media::skipped(task, form) {
        validate::check_with(task, &form.answers, false)?
    } else {
        validate::check(task, &form.answers)?
    };
    if crate::support::family::SUGGEST {
        let mut pending = Report::default();
        crate::form::suggestions::still_to_decide(task, form, &mut pending);
        if !pending.problems.is_empty() {
            return Err(pending);
        }
    }
    if crate::support::family::MEDIA {
        let mut unplayed = Report::default();
        form.media_problems(task, &mut unplayed);
        if !unplayed.problems.is_empty() {
            return Err(unplayed);
        }
    }
    if let Some(early) = validate::min_time::rule(spec, form.active_ms_at(now_ms)) {
        return Err(Report {
            problems: vec![early],
        });
    }
    let standards = spec
        .blocks
        .iter()
        .filter_map(|b| match b {
            Block::Standard(s) => Some(StandardShown {
                score_label: s.score_label.clone(),
                score: s.score,
            }),
            _ => None,
        })
        .collect();
    let mut warnings = Report {
        problems: valid.warnings().to_vec(),
    }
    .to_public(spec.language)
    .problems;
    if form.timing_dropped {
        warnings.push(PublicProblem {
            path: "timings".to_owned(),
            code: ProblemCode::DraftTimingDropped,
            severity: Severity::Warning,
            message: t(spec.language, Msg::DraftTimingDropped).to_owned(),
        });
    }
    let duration_ms = now_ms.saturating_sub(form.started_ms);
    Ok(ResultDoc {
        format: RESULT_FORMAT.to_owned(),
        spec: SpecRef {
            id: spec.id.clone(),
            version: spec.version.clone(),
        },
        item_id: item.id.clone(),
        answers: values::of(task, &valid),
        shown: Shown {
            presentation: presentation.clone(),
            standards,
        },
        warnings,
        timings: Timings {
            started_at: iso8601(form.started_ms),
            submitted_at: iso8601(now_ms),
            duration_ms,
            // Visible time lies inside the span from shown to submitted.
            active_ms: form.active_ms_at(now_ms).min(duration_ms),
        },
        environment: EnvironmentRecord {
            widget_version: crate::WIDGET_VERSION.to_owned(),
            ui_language: spec.language,
            locale: env.locale.clone(),
            viewport: env.viewport,
            touch: env.touch,
            user_agent: env.user_agent.clone(),
        },
        ids: ids.clone(),
        provenance: provenance::of(task, form),
        #[cfg(any(feature = "media", not(target_arch = "wasm32")))]
        media: media_of(task, form),
        #[cfg(any(feature = "media", not(target_arch = "wasm32")))]
        headphones: spec
            .headphones()
            .and_then(|check| form.headphones()?.outcome(check)),
        adjudicated: None,
        adjudication: None,
        #[cfg(any(not(target_arch = "wasm32"), feature = "report-web"))]
        imported: None,
    })
}

/// The result's `media`: a record for every stimulus the item showed (one never played too).
#[cfg(any(feature = "media", not(target_arch = "wasm32")))]
fn media_of(task: &Task, form: &FormState) -> SortedMap<String, crate::form::media::MediaRecord> {
    let mut out = SortedMap::new();
    if crate::support::family::MEDIA {
        for s in crate::item::media::stimuli(task.written_spec(), &task.item) {
            let record = crate::form::media::record(form, &s.key)
                .cloned()
                .unwrap_or_default();
            out.insert(s.key, record);
        }
    }
    out
}
