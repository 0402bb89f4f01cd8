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
mod required;
mod span_bounds;
mod span_needed;
mod span_value;
mod text_length;
mod whole_number;

use crate::answer::{Answer, Answers, QuestionSet, QuestionValue, QuestionsValue, Value};
use crate::answer::{CellValue, GridRowValue, SpanAttrValue, SpanEntry, SpanEntryValue, SpanValue};
use crate::grid;
use crate::i18n::{tf, Lang, Msg};
use crate::ids::ControlId;
use crate::item::Item;
use crate::sorted_map::SortedMap;
use crate::spec::{Control, GridControl, NumberControl, QuestionsControl, SpanAttributes};
use crate::task::Task;
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
    /// A required control (or one box of it) has no answer.
    Required,
    /// A number box holds something other than digits (decimals, fractions, spaces, ...).
    NumberNotWhole,
    /// A number is negative.
    NumberNegative,
    /// A number is below the spec's minimum (e.g. zero).
    NumberTooSmall,
    /// A number is written with leading zeros.
    NumberLeadingZero,
    /// A number has more digits than the spec allows.
    NumberTooLong,
    /// A grid row fills more than one alternative (e.g. Special cases and Mapping).
    GridMixedAlternatives,
    /// A grid row fills part of an alternative but not all of it (e.g. Mapping without Meaning).
    GridRowIncomplete,
    /// The missing-sentence answer on a row whose sentence is there.
    GridMissingValueOnPresentRow,
    /// A row whose sentence is missing holds something else than the missing-sentence answer.
    GridMissingRowExpected,
    /// A grid cell holds a value that is not one of its column's options.
    GridUnknownOption,
    /// A span attribute's value is not one of its values.
    UnknownValue,
    /// An attribute whose value needs a span has none.
    SpanMissing,
    /// A span lies outside the annotated text.
    SpanOutOfText,
    /// A text is longer than allowed.
    TextTooLong,
    /// A question has no text.
    QuestionEmpty,
    /// A question does not end with a question mark.
    QuestionMark,
    /// A question has no answer fragment.
    AnswerMissing,
    /// A question's base form is empty.
    BaseFormEmpty,
    /// A yes/no question's base form is not one of the yes/no values.
    BaseFormYesNo,
    /// Fewer questions than the target, without "no more questions possible".
    TooFewQuestions,
    /// More questions than the maximum.
    TooManyQuestions,
    /// Warning: no unanswerable question in the item.
    NoUnanswerable,
    /// Warning: lexical overlap above the threshold (needs manual acceptance).
    OverlapHigh,
    /// Warning: the item has more sentences than the grid has rows (the extra ones have none).
    GridExtraSentences,
    /// Warning in a result: a restored draft's timings were impossible and were dropped, so
    /// `timings` cover only the time since the restore.
    DraftTimingDropped,
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

/// Answers that passed validation, as typed values; only [`check`] makes one.
#[derive(Clone, Debug, PartialEq)]
pub struct ValidAnswers {
    values: SortedMap<ControlId, Value>,
    warnings: Vec<Problem>,
}

impl ValidAnswers {
    /// The validated answers, as results hold them.
    pub fn values(&self) -> &SortedMap<ControlId, Value> {
        &self.values
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
                    Some(Answer::Questions(set)) => set.clone(),
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
    let function = crate::questions::function_words(task, c);
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
        let base = crate::questions::base_form(task, c, card);
        out.extend(question_base_form::apply(c, &path, card, &base));
        out.extend(question_category::apply(c, &path, card));
        let overlap = crate::questions::card_overlap(task, c, card, function);
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

/// Validates, and on success hands out the answers as typed [`ValidAnswers`].
pub fn check(task: &Task, answers: &Answers) -> Result<ValidAnswers, Report> {
    let (spec, item) = (&task.spec, &task.item);
    let report = validate(task, answers);
    if !report.is_valid() {
        return Err(report);
    }
    let mut values = SortedMap::new();
    for control in &spec.controls {
        let answer = answers.get(control.id());
        let value = match (control, answer) {
            (Control::SingleChoice(_), Some(Answer::Choice(v))) => Some(Value::Choice(v.clone())),
            (Control::Number(c), _) if c.outputs.is_some() => {
                let numbers: SortedMap<String, u64> = number_keys(c, item)
                    .into_iter()
                    .flatten()
                    .filter_map(|k| {
                        whole_number::value(Answer::number_text(answer, Some(&k))).map(|v| (k, v))
                    })
                    .collect();
                (!numbers.is_empty()).then_some(Value::Numbers(numbers))
            }
            (Control::Number(_), _) => {
                whole_number::value(Answer::number_text(answer, None)).map(Value::Number)
            }
            (Control::Grid(c), _) => Some(Value::Grid(grid_value(c, item, answer))),
            (Control::SpanAttributes(c), Some(Answer::Spans(map))) => {
                Some(Value::Spans(span_value(task, c, map)))
            }
            (Control::Questions(c), Some(Answer::Questions(set))) => {
                Some(Value::Questions(questions_value(task, c, set)))
            }
            (Control::Text(_), Some(Answer::Text(t))) if !t.is_empty() => {
                Some(Value::Text(t.clone()))
            }
            _ => None,
        };
        if let Some(v) = value {
            values.insert(control.id().clone(), v);
        }
    }
    Ok(ValidAnswers {
        values,
        warnings: report.problems,
    })
}

/// A grid's validated rows, with each row's sentence and both levels of two-level columns.
fn grid_value(c: &GridControl, item: &Item, answer: Option<&Answer>) -> Vec<GridRowValue> {
    grid::rows(c, item)
        .into_iter()
        .enumerate()
        .map(|(row, sentence)| {
            let cells = grid::effective_row(c, answer, row, sentence.is_some())
                .into_iter()
                .filter_map(|(col, value)| {
                    let (category, leaf) = c.column(&col)?.leaf(&value)?;
                    let cell = match category {
                        Some(cat) => CellValue::Leveled {
                            category: cat.value.clone(),
                            value: leaf.value.clone(),
                        },
                        None => CellValue::Option(leaf.value.clone()),
                    };
                    Some((col, cell))
                })
                .collect();
            GridRowValue {
                row: row + 1,
                sentence,
                cells,
            }
        })
        .collect()
}

/// Span attributes with each span's covered text and offsets in every unit.
fn span_value(
    task: &Task,
    c: &SpanAttributes,
    map: &SortedMap<String, Vec<SpanEntry>>,
) -> SortedMap<String, SpanAttrValue> {
    let text = task.item.text(c.text_field.as_str()).unwrap_or_default();
    let Some(tokens) = task.tokens(c.text_field.as_str()) else {
        return SortedMap::new();
    };
    let entry_value = |e: &SpanEntry| SpanEntryValue {
        value: e.value.clone().unwrap_or_default(),
        spans: e
            .spans
            .iter()
            .filter_map(|s| SpanValue::of(text, tokens, s))
            .collect(),
    };
    c.attributes
        .iter()
        .filter_map(|a| {
            let list = map.get(&a.id)?;
            let value = if a.repeatable {
                SpanAttrValue::Many(list.iter().map(entry_value).collect())
            } else {
                SpanAttrValue::One(entry_value(list.first()?))
            };
            Some((a.id.clone(), value))
        })
        .collect()
}

/// Validated questions with fragments, base forms and overlap as recorded.
fn questions_value(task: &Task, c: &QuestionsControl, set: &QuestionSet) -> QuestionsValue {
    if set.skipped.is_some() {
        return QuestionsValue {
            text_field: c.text_field.to_string(),
            questions: Vec::new(),
            no_more_questions: false,
            skipped: set.skipped.clone(),
        };
    }
    let function = crate::questions::function_words(task, c);
    let questions = set
        .cards
        .iter()
        .map(|card| {
            let overlap = crate::questions::card_overlap(task, c, card, function);
            QuestionValue {
                question: card.question.trim().to_owned(),
                answers: crate::questions::fragments(task, c, card),
                base_form: crate::questions::base_form(task, c, card),
                base_form_edited: card.base_form.is_some() && !card.yes_no,
                unanswerable: card.unanswerable,
                yes_no: card.yes_no,
                category: card.category.clone(),
                needs_manual_acceptance: overlap.above(c.overlap.threshold),
                overlap: crate::answer::OverlapValue {
                    shared: overlap.shared,
                    content: overlap.content,
                    words: overlap.words,
                },
            }
        })
        .collect();
    QuestionsValue {
        text_field: c.text_field.to_string(),
        questions,
        no_more_questions: set.no_more,
        skipped: None,
    }
}
