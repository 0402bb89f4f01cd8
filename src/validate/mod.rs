//! Validation of answers against a spec: pure, one rule per file, every problem at once.
//!
//! [`validate`] returns a [`Report`]: a flat list of problems, each with a path, a stable code
//! and a severity. Errors block submitting; warnings are recorded in the result.
//! [`check`] is the only way to get [`ValidAnswers`], which the result builder requires.

mod grid_cells;
mod grid_extra_sentences;
mod grid_missing_row;
mod grid_row;
mod path;
mod question_answer;
mod question_base_form;
mod question_category;
mod question_count;
mod question_overlap;
mod question_skip;
mod question_text;
pub use path::{AnswerPath, ListRule, Place, QuestionPart};
mod question_unanswerable;
mod report;
pub use report::{Problem, ProblemCode, PublicProblem, PublicReport, Report, Severity};
mod required;
mod span_bounds;
mod span_needed;
mod span_value;
mod text_length;
mod whole_number;
pub use whole_number::value as whole_number_value;

use crate::answer::{Answer, Answers, QuestionSet, SpanEntry};
use crate::i18n::Msg;
use crate::item::Item;
use crate::spec::{Control, NumberControl, QuestionsControl};
use crate::support::ids::ControlId;
use crate::task::grid;
use crate::task::Task;
/// The message key for each number problem.
fn number_msg(code: ProblemCode) -> Msg {
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

/// Runs every rule of the spec over the answers to an item.
pub fn validate(task: &Task, answers: &Answers) -> Report {
    let (spec, item) = (&task.spec, &task.item);
    let mut problems = Vec::new();
    for control in &spec.controls {
        let answer = answers.get(control.id());
        match control {
            Control::SpanAttributes(c) => {
                let words = task
                    .tokens(c.text_field.as_str())
                    .map_or(0, |t| t.word_count());
                let entries = match answer {
                    Some(Answer::Spans(map)) => Some(map),
                    _ => None,
                };
                for a in &c.attributes {
                    let list: &[SpanEntry] = entries
                        .and_then(|m| m.get(&a.id))
                        .map_or(&[], Vec::as_slice);
                    if !a.repeatable {
                        let path = AnswerPath::attribute(&c.id, &a.id, None);
                        problems.extend(span_value::apply(a, path, list.first()));
                    }
                    for (i, entry) in list.iter().enumerate() {
                        let path = AnswerPath::attribute(&c.id, &a.id, a.repeatable.then_some(i));
                        if a.repeatable {
                            problems.extend(span_value::apply(a, path.clone(), Some(entry)));
                        }
                        problems.extend(span_needed::apply(a, path.clone(), entry));
                        problems.extend(span_bounds::apply(&path, &entry.spans, words));
                    }
                }
            }
            Control::Questions(c) => {
                let set = match answer {
                    Some(Answer::Questions(set)) => QuestionSet::clone(set),
                    _ => QuestionSet::default(),
                };
                problems.extend(questions(task, c, &set));
            }
            Control::Text(c) => {
                let text = match answer {
                    Some(Answer::Text(t)) => t.as_str(),
                    _ => "",
                };
                problems.extend(text_length::apply(c, text));
            }
            Control::SingleChoice(c) => {
                let path = AnswerPath::whole(&c.id);
                problems.extend(required::apply(
                    path,
                    c.required,
                    answer.is_some(),
                    Msg::ErrRequiredChoice,
                ));
            }
            Control::Grid(c) => {
                let rows = grid::rows(c, item);
                let extra = grid::extra_sentences(c, item).len();
                problems.extend(grid_extra_sentences::apply(c, rows.len(), extra));
                for (row, sentence) in rows.iter().enumerate() {
                    let present = sentence.is_some();
                    let cells = grid::effective_row(c, answer, row, present);
                    let path = AnswerPath::row(&c.id, row);
                    problems.extend(grid_cells::apply(c, &path, &cells));
                    problems.extend(grid_missing_row::apply(c, &path, &cells, present));
                    problems.extend(grid_row::apply(c, &path, &cells));
                }
            }
            Control::Number(c) => {
                for key in number_keys(c, item) {
                    let text = Answer::number_text(answer, key.as_deref());
                    let path = AnswerPath::output(&c.id, key.as_deref());
                    if text.is_empty() {
                        problems.extend(required::apply(
                            path,
                            c.required,
                            false,
                            Msg::ErrRequiredNumber,
                        ));
                    } else if let Some((code, param)) =
                        whole_number::apply(text, c.min, c.max_digits)
                    {
                        let params = param
                            .map(|n| vec![("n", n.to_string())])
                            .unwrap_or_default();
                        problems.push(Problem::error(path, code, number_msg(code), params));
                    }
                }
            }
        }
    }
    Report { problems }
}

/// The problems of a questions control: per card (text, fragments, base form, category,
/// overlap), then the count and the unanswerable share.
fn questions(task: &Task, c: &QuestionsControl, set: &QuestionSet) -> Vec<Problem> {
    if let Some(reason) = &set.skipped {
        return question_skip::apply(c, reason).into_iter().collect();
    }
    let words = task
        .tokens(c.text_field.as_str())
        .map_or(0, |t| t.word_count());
    let function = crate::task::authoring::function_words(task, c);
    let mut out = Vec::new();
    for (i, card) in set.cards.iter().enumerate() {
        let path = AnswerPath::question(&c.id, i);
        out.extend(question_text::apply(c, &path, &card.question));
        out.extend(question_answer::apply(&path, card));
        out.extend(span_bounds::apply(
            &path.part(QuestionPart::Answer),
            &card.spans,
            words,
        ));
        let base = crate::task::authoring::base_form(task, c, card);
        out.extend(question_base_form::apply(c, &path, card, &base));
        out.extend(question_category::apply(c, &path, card));
        let overlap = crate::task::authoring::card_overlap(task, c, card, function);
        out.extend(question_overlap::apply(c, &path, &overlap));
    }
    out.extend(question_count::apply(c, set));
    out.extend(question_unanswerable::apply(c, set));
    out
}

/// The boxes of a number control: one per output (by id), or a single one (`None`).
pub fn number_keys(c: &NumberControl, item: &Item) -> Vec<Option<String>> {
    match &c.outputs {
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
    let report = validate(task, answers);
    if !report.is_valid() {
        return Err(report);
    }
    Ok(ValidAnswers {
        answers: answers.clone(),
        warnings: report.problems,
    })
}
