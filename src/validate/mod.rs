//! Validation of answers against a spec: pure, one rule per file, every problem at once.
//!
//! [`validate`] returns a [`Report`]: a flat list of problems, each with a path, a stable code
//! and a severity. Errors block submitting; warnings are recorded in the result.
//! [`check`] is the only way to get [`ValidAnswers`], which the result builder requires.

pub mod min_time;
mod path;
pub use path::{AnswerPath, ListRule, Place, QuestionPart};
mod report;
pub use report::{Problem, ProblemCode, PublicProblem, PublicReport, Report, Severity};
pub(crate) mod required;
pub(crate) mod span_bounds;

use crate::answer::{Answer, Answers};
use crate::item::Item;
use crate::support::ids::ControlId;
use crate::task::Task;

/// Answers that passed validation; only [`check`] makes one, and only these become a result
/// (`crate::result`).
#[derive(Clone, Debug, PartialEq)]
pub struct ValidAnswers {
    answers: Answers,
    warnings: Vec<Problem>,
}

impl ValidAnswers {
    /// The validated answers, as the form holds them.
    pub fn answers(&self) -> &Answers {
        &self.answers
    }

    /// Warnings the annotator submitted with.
    pub fn warnings(&self) -> &[Problem] {
        &self.warnings
    }
}

/// The path of one box of a control: `control` or `control.output_id`.
pub fn box_path(control: &ControlId, key: Option<&str>) -> String {
    AnswerPath::output(control, key).to_string()
}

/// The rules of a control kind (each kind implements it in `crate::kinds`, with rules from
/// this module's files).
pub trait ControlRules {
    /// Pushes the problems of this control's answer (`None`: not answered).
    fn rules(&self, task: &Task, answer: Option<&Answer>, out: &mut Vec<Problem>);
    /// Pushes the problems of this control's answer that other controls' answers decide (a
    /// link's spans are the span control's). None by default.
    fn joint_rules(&self, _task: &Task, _answers: &Answers, _out: &mut Vec<Problem>) {}
}

/// Runs every rule of the spec over the answers to an item.
pub fn validate(task: &Task, answers: &Answers) -> Report {
    let (spec, _item) = (&task.spec, &task.item);
    let mut problems = Vec::new();
    for control in &spec.controls {
        // A hidden control is not required, and its answer is not checked (nor recorded).
        if !task.visible(control.id(), answers) {
            continue;
        }
        let answer = answers.get(control.id());
        crate::spec::each_control!(control, c => {
            c.rules(task, answer, &mut problems);
            c.joint_rules(task, answers, &mut problems);
        });
    }
    Report { problems }
}

/// The boxes of a control asked once (`None`) or once per output of the item (by id).
pub fn output_keys(
    outputs: Option<&crate::spec::OutputsSource>,
    item: &Item,
) -> Vec<Option<String>> {
    match outputs {
        Some(src) => item
            .outputs(src.field.as_str())
            .into_iter()
            .map(|o| Some(o.id))
            .collect(),
        None => vec![None],
    }
}

/// Validates, and on success hands out the answers as [`ValidAnswers`].
pub fn check(task: &Task, answers: &Answers) -> Result<ValidAnswers, Report> {
    valid_or(task, answers, validate(task, answers))
}

/// The answers as [`ValidAnswers`] when `report` lets them through, else the report.
fn valid_or(task: &Task, answers: &Answers, report: Report) -> Result<ValidAnswers, Report> {
    if !report.is_valid() {
        return Err(report);
    }
    Ok(ValidAnswers {
        answers: task.shown_answers(answers),
        warnings: report.problems,
    })
}

/// [`check`], with the required rule lifted when `required` is false (an item whose file
/// could not be played, under the spec's `unplayable: skip`).
pub fn check_with(task: &Task, answers: &Answers, required: bool) -> Result<ValidAnswers, Report> {
    if required {
        return check(task, answers);
    }
    let mut report = validate(task, answers);
    report.lift_required();
    valid_or(task, answers, report)
}
