//! The result document: one per item, built only from validated answers.

mod values;

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

/// One item's result, handed to the host.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct ResultDoc {
    /// Always [`RESULT_FORMAT`].
    pub format: &'static str,
    /// Which spec, and which version of it, produced this result.
    pub spec: SpecRef,
    /// The item's id.
    pub item_id: String,
    /// The answers by control id: a choice is its option's value, a number an integer, a number
    /// asked per output an object of integers keyed by output id.
    pub answers: SortedMap<ControlId, AnswerValue>,
    /// What the annotator saw that the answers relate to: output orders, the shuffle seed, the
    /// standards' scores.
    pub shown: Shown,
    /// Warnings the annotator submitted with.
    pub warnings: Vec<PublicProblem>,
    /// When the item was shown and submitted, and how long the page was visible.
    pub timings: Timings,
    /// The widget and the device.
    pub environment: EnvironmentRecord,
    /// Ids the host passed in (participant, assignment, session, ...).
    pub ids: SortedMap<String, String>,
}

/// What was shown, as far as it bears on the answers.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct Shown {
    /// Output orders and seed.
    #[serde(flatten)]
    pub presentation: Presentation,
    /// Every standard shown, with its score.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub standards: Vec<StandardShown>,
}

/// A standard the answers relate to.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct StandardShown {
    /// What the score measures.
    pub score_label: String,
    /// The standard's score.
    pub score: u64,
}

/// The spec a result belongs to.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct SpecRef {
    /// The spec's id.
    pub id: String,
    /// The spec's version.
    pub version: String,
}

/// Timings of one item.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
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
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct EnvironmentRecord {
    /// Glossa's version.
    pub widget_version: &'static str,
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
    let valid = validate::check(task, &form.answers)?;
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
        format: RESULT_FORMAT,
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
            widget_version: crate::WIDGET_VERSION,
            ui_language: spec.language,
            locale: env.locale.clone(),
            viewport: env.viewport,
            touch: env.touch,
            user_agent: env.user_agent.clone(),
        },
        ids: ids.clone(),
    })
}
