//! Validation of answers against a spec: pure, one rule per file, every problem at once.
//!
//! [`validate`] returns a [`Report`]: a flat list of problems, each with a path, a stable code
//! and a severity. Errors block submitting; warnings are recorded in the result.
//! [`check`] is the only way to get [`ValidAnswers`], which the result builder requires.

pub(crate) mod choice_count;
pub(crate) mod grid_cells;
pub(crate) mod grid_extra_sentences;
pub(crate) mod grid_missing_row;
pub(crate) mod grid_row;
pub mod min_time;
mod path;
pub(crate) mod question_answer;
pub(crate) mod question_base_form;
pub(crate) mod question_category;
pub(crate) mod question_count;
pub(crate) mod question_overlap;
pub(crate) mod question_skip;
pub(crate) mod question_text;
pub use path::{AnswerPath, ListRule, Place, QuestionPart};
pub(crate) mod question_unanswerable;
mod report;
pub use report::{Problem, ProblemCode, PublicProblem, PublicReport, Report, Severity};
pub(crate) mod required;
pub(crate) mod span_bounds;
pub(crate) mod span_count;
pub(crate) mod span_label;
pub(crate) mod span_needed;
pub(crate) mod span_overlap;
pub(crate) mod span_value;
pub(crate) mod text_length;
pub(crate) mod whole_number;
pub use whole_number::value as whole_number_value;

use crate::answer::{Answer, Answers};
use crate::i18n::Msg;
use crate::item::Item;
use crate::spec::NumberControl;
use crate::support::ids::ControlId;
use crate::task::Task;
/// The message key for each number problem.
pub(crate) fn number_msg(code: ProblemCode) -> Msg {
    match code {
        ProblemCode::Required => Msg::ErrRequiredNumber,
        ProblemCode::NumberNotWhole => Msg::ErrNumberNotWhole,
        ProblemCode::NumberNegative => Msg::ErrNumberNegative,
        ProblemCode::NumberTooSmall => Msg::ErrNumberTooSmall,
        ProblemCode::NumberLeadingZero => Msg::ErrNumberLeadingZero,
        ProblemCode::NumberTooLong => Msg::ErrNumberTooLong,
        _ => Msg::ErrRequiredNumber,
    }
}

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
}

/// Runs every rule of the spec over the answers to an item.
pub fn validate(task: &Task, answers: &Answers) -> Report {
    let (spec, _item) = (&task.spec, &task.item);
    let mut problems = Vec::new();
    for control in &spec.controls {
        let answer = answers.get(control.id());
        crate::spec::each_control!(control, c => c.rules(task, answer, &mut problems));
    }
    Report { problems }
}

/// The boxes of a control asked once (`None`) or once per output of the item (by id): a
/// number, a scale, a slider.
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

/// The boxes of a number control: one per output (by id), or a single one (`None`).
pub fn number_keys(c: &NumberControl, item: &Item) -> Vec<Option<String>> {
    output_keys(c.outputs.as_ref(), item)
}

/// Validates, and on success hands out the answers as [`ValidAnswers`].
pub fn check(task: &Task, answers: &Answers) -> Result<ValidAnswers, Report> {
    let report = validate(task, answers);
    if !report.is_valid() {
        return Err(report);
    }
    Ok(ValidAnswers {
        answers: answers.clone(),
        warnings: report.problems,
    })
}
