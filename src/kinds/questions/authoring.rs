//! Question authoring bound to a task: the text a card's fragments cover, its base form, the
//! sentences holding its answer and its lexical overlap.

use crate::answer::{QuestionCard, SpanValue};
use crate::spec::QuestionsControl;
use crate::task::Task;
use crate::text::overlap::{self, FunctionWords, Overlap};

/// The function words of a control, for the task's language (the spec's list, or the
/// language's, with the spec's extra words).
pub fn function_words(task: &Task, c: &QuestionsControl) -> FunctionWords {
    c.function_words(task.spec.language)
}

/// The card's fragments with their text and offsets (fragments outside the text are left out).
pub fn fragments(task: &Task, c: &QuestionsControl, card: &QuestionCard) -> Vec<SpanValue> {
    let Some((text, tokens)) = task.span_text(c.text_field.as_str()) else {
        return Vec::new();
    };
    card.spans
        .iter()
        .filter_map(|s| SpanValue::of(&text, &tokens, s))
        .collect()
}

/// The base form the fragments suggest: their text, joined by ", " when there are several.
pub fn suggested_base_form(task: &Task, c: &QuestionsControl, card: &QuestionCard) -> String {
    fragments(task, c, card)
        .into_iter()
        .map(|f| f.text)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The card's base form: as edited, or else as the fragments suggest (never for yes/no
/// questions, whose base form is chosen).
pub fn base_form(task: &Task, c: &QuestionsControl, card: &QuestionCard) -> String {
    match (&card.base_form, card.yes_no) {
        (Some(b), _) => b.clone(),
        (None, true) => String::new(),
        (None, false) => suggested_base_form(task, c, card),
    }
}

/// The lexical overlap of the card's question with the sentence(s) holding its fragments
/// (zero content words shared while no fragment is marked).
pub fn card_overlap(
    task: &Task,
    c: &QuestionsControl,
    card: &QuestionCard,
    function: &FunctionWords,
) -> Overlap {
    let field = c.text_field.as_str();
    let (Some((text, tokens)), false) = (task.span_text(field), card.spans.is_empty()) else {
        return overlap::overlap(&card.question, "", function);
    };
    let ranges: Vec<(usize, usize)> = card
        .spans
        .iter()
        .filter_map(|s| tokens.byte_range(s.first, s.last))
        .collect();
    let sentence = overlap::sentences_around(&text, &ranges);
    overlap::overlap(&card.question, &sentence, function)
}
