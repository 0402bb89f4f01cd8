//! Validation of answers against a spec: pure, one rule per file, every problem at once.
//!
//! [`validate`] returns a [`Report`]: a flat list of problems, each with a path, a stable code
//! and a severity. Errors block submitting; warnings are recorded in the result.
//! [`check`] is the only way to get [`ValidAnswers`], which the result builder requires.

mod required;

use crate::answer::Answers;
use crate::i18n::{t, tf, Lang, Msg};
use crate::ids::ControlId;
use crate::spec::{Control, TaskSpec};
use serde::Serialize;

/// How much a problem matters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Severity {
    /// Blocks submitting.
    Error,
    /// Informs; recorded in the result when the annotator submits anyway.
    Warning,
}

/// What is wrong with an answer. Codes are stable: hosts match on them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ProblemCode {
    /// A required control has no answer.
    Required,
}

/// One problem with the answers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Problem {
    /// Path of the offending answer: the control id, then any sub-path.
    pub path: String,
    /// The control the problem is shown next to.
    pub control: ControlId,
    /// Stable code of the problem.
    pub code: ProblemCode,
    /// Whether it blocks submitting.
    pub severity: Severity,
}

impl Problem {
    /// The message for the annotator, in the task's language.
    pub fn message(&self, lang: Lang) -> String {
        match self.code {
            ProblemCode::Required => t(lang, Msg::ErrRequiredChoice).to_owned(),
        }
    }
}

/// Every problem found in one pass over the answers.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Report {
    /// The problems, in control order.
    pub problems: Vec<Problem>,
}

impl Report {
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
        self.problems.iter().filter(move |p| &p.control == id)
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
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PublicReport {
    /// True when nothing blocks submitting.
    pub valid: bool,
    /// Every problem, with its message in the task's language.
    pub problems: Vec<PublicProblem>,
}

/// One problem with its message.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
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

/// Answers that passed validation; only [`check`] makes one.
#[derive(Clone, Debug, PartialEq)]
pub struct ValidAnswers {
    answers: Answers,
    warnings: Vec<Problem>,
}

impl ValidAnswers {
    /// The validated answers.
    pub fn answers(&self) -> &Answers {
        &self.answers
    }

    /// Warnings the annotator submitted with.
    pub fn warnings(&self) -> &[Problem] {
        &self.warnings
    }
}

/// Runs every rule of the spec over the answers.
pub fn validate(spec: &TaskSpec, answers: &Answers) -> Report {
    let mut problems = Vec::new();
    for control in &spec.controls {
        match control {
            Control::SingleChoice(c) => {
                problems.extend(required::apply(&c.id, c.required, answers.get(&c.id)));
            }
        }
    }
    Report { problems }
}

/// Validates, and on success hands out the answers as [`ValidAnswers`].
pub fn check(spec: &TaskSpec, answers: &Answers) -> Result<ValidAnswers, Report> {
    let report = validate(spec, answers);
    if report.is_valid() {
        Ok(ValidAnswers {
            answers: answers.clone(),
            warnings: report.problems,
        })
    } else {
        Err(report)
    }
}
