//! The report of a validation: every problem at once, each with its place, a stable code and a
//! severity; and the same with messages, as hosts see it.

use super::AnswerPath;
use crate::i18n::{tf, Lang, Msg};
use crate::support::ids::ControlId;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// How much a problem matters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Severity {
    /// Blocks submitting.
    Error,
    /// Informs; recorded in the result when the annotator submits anyway.
    Warning,
}

/// What is wrong with an answer. Codes are stable: hosts match on them. A build without a task
/// family (see `support::family`) writes that family's codes as empty names: its answers
/// cannot have them, and the lighter builds do not carry the names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ProblemCode {
    /// A required control (or one box of it) has no answer.
    Required,
    /// A number box holds something other than digits (decimals, fractions, spaces, ...).
    #[cfg_attr(
        not(any(feature = "numbers", not(target_arch = "wasm32"))),
        serde(rename(serialize = ""))
    )]
    NumberNotWhole,
    /// A number is negative.
    #[cfg_attr(
        not(any(feature = "numbers", not(target_arch = "wasm32"))),
        serde(rename(serialize = ""))
    )]
    NumberNegative,
    /// A number is below the spec's minimum (e.g. zero).
    #[cfg_attr(
        not(any(feature = "numbers", not(target_arch = "wasm32"))),
        serde(rename(serialize = ""))
    )]
    NumberTooSmall,
    /// A number is written with leading zeros.
    #[cfg_attr(
        not(any(feature = "numbers", not(target_arch = "wasm32"))),
        serde(rename(serialize = ""))
    )]
    NumberLeadingZero,
    /// A number has more digits than the spec allows.
    #[cfg_attr(
        not(any(feature = "numbers", not(target_arch = "wasm32"))),
        serde(rename(serialize = ""))
    )]
    NumberTooLong,
    /// A grid row fills more than one alternative (e.g. Special cases and Mapping).
    #[cfg_attr(
        not(any(feature = "grids", not(target_arch = "wasm32"))),
        serde(rename(serialize = ""))
    )]
    GridMixedAlternatives,
    /// A grid row fills part of an alternative but not all of it (e.g. Mapping without Meaning).
    #[cfg_attr(
        not(any(feature = "grids", not(target_arch = "wasm32"))),
        serde(rename(serialize = ""))
    )]
    GridRowIncomplete,
    /// The missing-sentence answer on a row whose sentence is there.
    #[cfg_attr(
        not(any(feature = "grids", not(target_arch = "wasm32"))),
        serde(rename(serialize = ""))
    )]
    GridMissingValueOnPresentRow,
    /// A row whose sentence is missing holds something else than the missing-sentence answer.
    #[cfg_attr(
        not(any(feature = "grids", not(target_arch = "wasm32"))),
        serde(rename(serialize = ""))
    )]
    GridMissingRowExpected,
    /// A grid cell holds a value that is not one of its column's options.
    #[cfg_attr(
        not(any(feature = "grids", not(target_arch = "wasm32"))),
        serde(rename(serialize = ""))
    )]
    GridUnknownOption,
    /// A span attribute's value is not one of its values.
    #[cfg_attr(
        not(any(feature = "marking", feature = "labels", not(target_arch = "wasm32"))),
        serde(rename(serialize = ""))
    )]
    UnknownValue,
    /// An attribute whose value needs a span has none.
    #[cfg_attr(
        not(any(feature = "marking", not(target_arch = "wasm32"))),
        serde(rename(serialize = ""))
    )]
    SpanMissing,
    /// A span lies outside the annotated text.
    #[cfg_attr(
        not(any(feature = "marking", feature = "labels", not(target_arch = "wasm32"))),
        serde(rename(serialize = ""))
    )]
    SpanOutOfText,
    /// A text is longer than allowed.
    TextTooLong,
    /// A question has no text.
    #[cfg_attr(
        not(any(feature = "marking", not(target_arch = "wasm32"))),
        serde(rename(serialize = ""))
    )]
    QuestionEmpty,
    /// A question does not end with a question mark.
    #[cfg_attr(
        not(any(feature = "marking", not(target_arch = "wasm32"))),
        serde(rename(serialize = ""))
    )]
    QuestionMark,
    /// A question has no answer fragment.
    #[cfg_attr(
        not(any(feature = "marking", not(target_arch = "wasm32"))),
        serde(rename(serialize = ""))
    )]
    AnswerMissing,
    /// A question's base form is empty.
    #[cfg_attr(
        not(any(feature = "marking", not(target_arch = "wasm32"))),
        serde(rename(serialize = ""))
    )]
    BaseFormEmpty,
    /// A yes/no question's base form is not one of the yes/no values.
    #[cfg_attr(
        not(any(feature = "marking", not(target_arch = "wasm32"))),
        serde(rename(serialize = ""))
    )]
    BaseFormYesNo,
    /// Fewer questions than the target, without "no more questions possible".
    #[cfg_attr(
        not(any(feature = "marking", not(target_arch = "wasm32"))),
        serde(rename(serialize = ""))
    )]
    TooFewQuestions,
    /// More questions than the maximum.
    #[cfg_attr(
        not(any(feature = "marking", not(target_arch = "wasm32"))),
        serde(rename(serialize = ""))
    )]
    TooManyQuestions,
    /// Warning: no unanswerable question in the item.
    #[cfg_attr(
        not(any(feature = "marking", not(target_arch = "wasm32"))),
        serde(rename(serialize = ""))
    )]
    NoUnanswerable,
    /// Warning: lexical overlap above the threshold (needs manual acceptance).
    #[cfg_attr(
        not(any(feature = "marking", not(target_arch = "wasm32"))),
        serde(rename(serialize = ""))
    )]
    OverlapHigh,
    /// Warning: the item has more sentences than the grid has rows (the extra ones have none).
    #[cfg_attr(
        not(any(feature = "grids", not(target_arch = "wasm32"))),
        serde(rename(serialize = ""))
    )]
    GridExtraSentences,
    /// Warning in a result: a restored draft's timings were impossible and were dropped, so
    /// `timings` cover only the time since the restore.
    DraftTimingDropped,
    /// The item was submitted before the spec's `min_seconds` (of visible time) were up.
    MinTime,
    /// A multiple choice ticks fewer options than its `min`.
    #[cfg_attr(
        not(any(feature = "labels", not(target_arch = "wasm32"))),
        serde(rename(serialize = ""))
    )]
    ChoicesTooFew,
    /// A multiple choice ticks more options than its `max`.
    #[cfg_attr(
        not(any(feature = "labels", not(target_arch = "wasm32"))),
        serde(rename(serialize = ""))
    )]
    ChoicesTooMany,
    /// A rating's point is not one it takes (out of range, off a step).
    #[cfg_attr(
        not(any(feature = "ratings", not(target_arch = "wasm32"))),
        serde(rename(serialize = ""))
    )]
    PointOutOfRange,
    /// A judgement of a pair names an output that is not one of the pair, or a strength the
    /// control does not have.
    #[cfg_attr(
        not(any(feature = "ratings", not(target_arch = "wasm32"))),
        serde(rename(serialize = ""))
    )]
    NotOfThePair,
    /// A ranking leaves an output unranked, or gives two outputs one rank where ties are not
    /// allowed, or best–worst lacks the best or the worst.
    #[cfg_attr(
        not(any(feature = "ratings", not(target_arch = "wasm32"))),
        serde(rename(serialize = ""))
    )]
    RankingIncomplete,
    /// Labelled spans: fewer spans than the control's `min`.
    #[cfg_attr(
        not(any(feature = "labels", not(target_arch = "wasm32"))),
        serde(rename(serialize = ""))
    )]
    SpansTooFew,
    /// Labelled spans: more spans than the control's `max`.
    #[cfg_attr(
        not(any(feature = "labels", not(target_arch = "wasm32"))),
        serde(rename(serialize = ""))
    )]
    SpansTooMany,
    /// Labelled spans: no span, and "nothing to mark" not ticked.
    #[cfg_attr(
        not(any(feature = "labels", not(target_arch = "wasm32"))),
        serde(rename(serialize = ""))
    )]
    NothingUnconfirmed,
    /// Labelled spans: two spans overlap against the control's `overlap` rule.
    #[cfg_attr(
        not(any(feature = "labels", not(target_arch = "wasm32"))),
        serde(rename(serialize = ""))
    )]
    SpansOverlap,
    /// Relations: fewer links than the control's `min`.
    #[cfg_attr(
        not(any(feature = "relations", not(target_arch = "wasm32"))),
        serde(rename(serialize = ""))
    )]
    LinksTooFew,
    /// Relations: more links than the control's `max`.
    #[cfg_attr(
        not(any(feature = "relations", not(target_arch = "wasm32"))),
        serde(rename(serialize = ""))
    )]
    LinksTooMany,
    /// Relations: a link names a span the span control has not marked.
    #[cfg_attr(
        not(any(feature = "relations", not(target_arch = "wasm32"))),
        serde(rename(serialize = ""))
    )]
    LinkDangling,
    /// Relations: a link's type does not take the labels of its spans.
    #[cfg_attr(
        not(any(feature = "relations", not(target_arch = "wasm32"))),
        serde(rename(serialize = ""))
    )]
    LinkLabels,
    /// A model's suggestion not yet accepted, changed or rejected (the spec requires a
    /// decision on each).
    #[cfg_attr(
        not(any(feature = "suggest", not(target_arch = "wasm32"))),
        serde(rename(serialize = ""))
    )]
    SuggestionPending,
    /// An answer about a recording or video not yet played to the end (ITU-T P.808).
    #[cfg_attr(
        not(any(feature = "media", not(target_arch = "wasm32"))),
        serde(rename(serialize = ""))
    )]
    NotPlayedToEnd,
    /// A submit before the headphone check was done (ITU-T P.808's environment check).
    #[cfg_attr(
        not(any(feature = "media", not(target_arch = "wasm32"))),
        serde(rename(serialize = ""))
    )]
    HeadphoneCheck,
}

/// One problem with the answers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Problem {
    /// Where the offending answer is, as hosts see it (`errors[2].mapping`): the text of `at`.
    pub path: String,
    /// Where the offending answer is, typed; `at.control` is the control the problem is shown
    /// next to.
    #[serde(skip)]
    pub at: AnswerPath,
    /// Stable code of the problem.
    pub code: ProblemCode,
    /// Whether it blocks submitting.
    pub severity: Severity,
    /// The message's text key.
    #[serde(skip)]
    pub msg: Msg,
    /// The message's parameters (`{n}`, `{labels}`, ...).
    #[serde(skip)]
    pub params: Vec<(&'static str, String)>,
}

impl Problem {
    /// An error.
    pub fn error(
        path: AnswerPath,
        code: ProblemCode,
        msg: Msg,
        params: Vec<(&'static str, String)>,
    ) -> Self {
        Problem {
            path: path.to_string(),
            at: path,
            code,
            severity: Severity::Error,
            msg,
            params,
        }
    }

    /// A warning: recorded in the result, never blocking.
    pub fn warning(
        path: AnswerPath,
        code: ProblemCode,
        msg: Msg,
        params: Vec<(&'static str, String)>,
    ) -> Self {
        Problem {
            severity: Severity::Warning,
            ..Problem::error(path, code, msg, params)
        }
    }

    /// The control the problem is shown next to.
    pub fn control(&self) -> &ControlId {
        &self.at.control
    }

    /// The message for the annotator, in the task's language.
    pub fn message(&self, lang: Lang) -> String {
        let params: Vec<(&str, &str)> = self.params.iter().map(|(k, v)| (*k, v.as_str())).collect();
        tf(lang, self.msg, &params)
    }
}

/// Every problem found in one pass over the answers.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Report {
    /// The problems, in control order.
    pub problems: Vec<Problem>,
}

impl Report {
    /// Drops the required rule's problems (an item whose file could not be played, under the
    /// spec's `unplayable: skip`: the participant answers what they can).
    pub fn lift_required(&mut self) {
        self.problems.retain(|p| p.code != ProblemCode::Required);
    }

    /// True when nothing blocks submitting.
    pub fn is_valid(&self) -> bool {
        !self.problems.iter().any(|p| p.severity == Severity::Error)
    }

    /// The number of problems that block submitting.
    pub fn error_count(&self) -> usize {
        self.problems
            .iter()
            .filter(|p| p.severity == Severity::Error)
            .count()
    }

    /// The problems shown next to one control.
    pub fn for_control<'a>(&'a self, id: &'a ControlId) -> impl Iterator<Item = &'a Problem> + 'a {
        self.problems.iter().filter(move |p| p.control() == id)
    }

    /// The first problem at exactly this path, written as text (`qa.count`).
    pub fn at(&self, path: &str) -> Option<&Problem> {
        self.problems.iter().find(|p| p.path == path)
    }

    /// The first problem at exactly this place.
    pub fn find(&self, at: &AnswerPath) -> Option<&Problem> {
        self.problems.iter().find(|p| &p.at == at)
    }

    /// The problems at this place or inside it (a row's cells, an entry's spans, a card's parts).
    pub fn within<'a>(&'a self, at: &'a AnswerPath) -> impl Iterator<Item = &'a Problem> + 'a {
        self.problems.iter().filter(move |p| at.contains(&p.at))
    }

    /// The report as the host sees it: `{valid, problems: [{path, code, severity, message}]}`.
    pub fn to_public(&self, lang: Lang) -> PublicReport {
        PublicReport {
            valid: self.is_valid(),
            problems: self
                .problems
                .iter()
                .map(|p| PublicProblem {
                    path: p.path.clone(),
                    code: p.code,
                    severity: p.severity,
                    message: p.message(lang),
                })
                .collect(),
        }
    }

    /// The one-line summary shown beside the submit button when submitting is refused.
    pub fn summary(&self, lang: Lang) -> String {
        tf(
            lang,
            Msg::FixBeforeSubmit,
            &[("n", &self.error_count().to_string())],
        )
    }
}

/// A report with messages, as handed to the host in `glossa:change` and `validate()`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct PublicReport {
    /// True when nothing blocks submitting.
    pub valid: bool,
    /// Every problem, with its message in the task's language.
    pub problems: Vec<PublicProblem>,
}

/// One problem with its message.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct PublicProblem {
    /// Path of the offending answer.
    pub path: String,
    /// Stable code.
    pub code: ProblemCode,
    /// `error` or `warning`.
    pub severity: Severity,
    /// Message in the task's language.
    pub message: String,
}
