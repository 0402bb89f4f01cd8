//! Validated answers as results hold them: integers keyed by output id, grid rows with their
//! sentences and both levels, spans with their text and offsets in every unit, questions with
//! fragments, base forms and overlap.

use crate::answer::{Answer, AnswerValue, QuestionSet, QuestionValue, QuestionsValue};
use crate::answer::{CellValue, GridRowValue, SpanAttrValue, SpanEntry, SpanEntryValue, SpanValue};
use crate::item::Item;
use crate::spec::{GridControl, QuestionsControl, SpanAttributes};
use crate::support::ids::ControlId;
use crate::support::sorted_map::SortedMap;
use crate::task::grid;
use crate::task::Task;
use crate::validate::ValidAnswers;

/// How a control kind's valid answer becomes its result value (each kind implements it in
/// `crate::kinds`).
pub trait ToValue {
    /// The value of this control's answer (`None`: not answered, left out of the result).
    fn value(&self, task: &Task, answer: Option<&Answer>) -> Option<AnswerValue>;
}

/// The answers of a validated form as results hold them, by control id.
pub fn of(task: &Task, valid: &ValidAnswers) -> SortedMap<ControlId, AnswerValue> {
    let (spec, _item) = (&task.spec, &task.item);
    let answers = valid.answers();
    let mut values = SortedMap::new();
    for control in &spec.controls {
        let answer = answers.get(control.id());
        let value = crate::spec::each_control!(control, c => c.value(task, answer));
        if let Some(v) = value {
            values.insert(control.id().clone(), v);
        }
    }
    values
}

/// A grid's validated rows, with each row's sentence and both levels of two-level columns.
pub(crate) fn grid_value(c: &GridControl, item: &Item, answer: Option<&Answer>) -> Vec<GridRowValue> {
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
pub(crate) fn span_value(
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
pub(crate) fn questions_value(task: &Task, c: &QuestionsControl, set: &QuestionSet) -> QuestionsValue {
    if set.skipped.is_some() {
        return QuestionsValue {
            text_field: c.text_field.to_string(),
            questions: Vec::new(),
            no_more_questions: false,
            skipped: set.skipped.clone(),
        };
    }
    let function = crate::task::authoring::function_words(task, c);
    let questions = set
        .cards
        .iter()
        .map(|card| {
            let overlap = crate::task::authoring::card_overlap(task, c, card, function);
            QuestionValue {
                question: card.question.trim().to_owned(),
                answers: crate::task::authoring::fragments(task, c, card),
                base_form: crate::task::authoring::base_form(task, c, card),
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
