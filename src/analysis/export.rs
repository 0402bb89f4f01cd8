//! Export of collected results to datasets. `poquad`: questions results to the PoQuAD / SQuAD
//! 2.0 JSON (`{"version", "data": [{"id", "title", "summary", "paragraphs": [{"context",
//! "qas"}]}]}`), offsets in code points, so Python's `context[answer_start:][:len(text)]` is
//! the answer's text.

use crate::answer::{AnswerValue, QuestionValue, QuestionsValue};
use crate::item::Item;
use crate::result::ResultDoc;
use crate::support::family::Marking;
use crate::support::ids::ControlId;
use serde::Deserialize;
use serde_json::{json, Map, Value};

/// The dataset's `version` field.
pub const POQUAD_VERSION: &str = "glossa-poquad/1";

/// A result that could not be exported, with where and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExportProblem {
    /// The result's position in the input (from 0).
    pub result: usize,
    /// What is wrong.
    pub message: String,
}

/// Results read for the dataset without their spec: each result as results hold it, and every
/// answer holding a `questions` list read as authored questions (other answers are left out).
/// The lines that do not read are named, with every problem.
pub fn read_questions(results: Vec<(usize, Value)>) -> super::NumberedResults {
    let mut docs = Vec::new();
    let mut bad = Vec::new();
    for (line, json) in results {
        let mut problems = Vec::new();
        let mut doc = ResultDoc::deserialize(&json)
            .map_err(|e| problems.push(e.to_string()))
            .ok();
        let answers = json.get("answers").and_then(Value::as_object);
        for (control, value) in answers.into_iter().flatten() {
            if value.get("questions").is_none() {
                continue;
            }
            match crate::answer::typed::<Marking<QuestionsValue>>(value) {
                Ok(q) => {
                    if let Some(d) = doc.as_mut() {
                        d.answers
                            .insert(ControlId::from(control.as_str()), AnswerValue::authored(q));
                    }
                }
                Err(e) => problems.push(format!("answers.{control}: {e}")),
            }
        }
        match doc {
            Some(doc) if problems.is_empty() => docs.push((line, doc)),
            _ => bad.push((line, problems.join("; "))),
        }
    }
    (docs, bad)
}

/// The questions answers of a result, with their control ids.
fn questions(result: &ResultDoc) -> impl Iterator<Item = (&ControlId, &QuestionsValue)> {
    result
        .answers
        .iter()
        .filter_map(|(id, v)| Some((id, v.questions()?)))
}

/// The paragraphs annotators skipped (the PoQuAD manual's uninteresting paragraphs): for each,
/// the result's position, the item id and the reason. `poquad` leaves them out.
pub fn skipped_paragraphs(results: &[ResultDoc]) -> Vec<(usize, String, String)> {
    let mut out = Vec::new();
    for (n, result) in results.iter().enumerate() {
        for (_, q) in questions(result) {
            if let Some(reason) = &q.skipped {
                out.push((n, result.item_id.clone(), reason.clone()));
            }
        }
    }
    out
}

/// Builds the dataset from items and results (one result document each). Every result with a
/// questions answer contributes its questions to its item's paragraph; several annotators of one
/// item share the paragraph. Other results are skipped.
pub fn poquad(items: &[Item], results: &[ResultDoc]) -> Result<Value, Vec<ExportProblem>> {
    let mut problems = Vec::new();
    // (item index, field) -> qas, in the items' order.
    let mut paragraphs: Vec<(usize, String, Vec<Value>)> = Vec::new();
    for (n, result) in results.iter().enumerate() {
        let mut fail = |message: String| problems.push(ExportProblem { result: n, message });
        let item_id = &result.item_id;
        let Some(index) = items.iter().position(|i| &i.id == item_id) else {
            fail(format!("no item \"{item_id}\" in the items"));
            continue;
        };
        for (control, value) in questions(result) {
            if value.skipped.is_some() {
                continue; // a skipped paragraph: counted by `skipped_paragraphs`
            }
            let field = value.text_field.as_str();
            let Some(context) = items[index].text(field) else {
                fail(format!("item \"{item_id}\" has no text field \"{field}\""));
                continue;
            };
            let who = result
                .ids
                .values()
                .next()
                .map_or("anonymous", String::as_str);
            let mut qas = Vec::new();
            for (k, q) in value.questions.iter().enumerate() {
                match qa(context, q) {
                    Ok(mut entry) => {
                        entry.insert(
                            "id".into(),
                            json!(format!("{item_id}/{who}/{control}/{}", k + 1)),
                        );
                        qas.push(Value::Object(entry));
                    }
                    Err(e) => fail(format!("answers.{control}.questions[{k}]: {e}")),
                }
            }
            match paragraphs
                .iter_mut()
                .find(|(i, f, _)| *i == index && f == field)
            {
                Some((_, _, list)) => list.extend(qas),
                None => paragraphs.push((index, field.to_owned(), qas)),
            }
        }
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    paragraphs.sort_by_key(|(i, _, _)| *i);
    let data: Vec<Value> = paragraphs
        .into_iter()
        .map(|(index, field, qas)| {
            let item = &items[index];
            json!({
                "id": item.id,
                "title": item.text("title").unwrap_or_default(),
                "summary": item.text("summary").unwrap_or_default(),
                "paragraphs": [{"context": item.text(&field).unwrap_or_default(), "qas": qas}],
            })
        })
        .collect();
    Ok(json!({"version": POQUAD_VERSION, "data": data}))
}

/// One question as a dataset entry, checking every fragment against the context.
fn qa(context: &str, q: &QuestionValue) -> Result<Map<String, Value>, String> {
    let base = &q.base_form;
    let mut answers = Vec::new();
    for (i, a) in q.answers.iter().enumerate() {
        let (text, start) = (&a.text, a.start);
        let covered: String = context
            .chars()
            .skip(start)
            .take(text.chars().count())
            .collect();
        if &covered != text || text.is_empty() {
            return Err(format!(
                "answers[{i}]: \"{text}\" is not at code point {start} of the paragraph"
            ));
        }
        answers.push(json!({"text": text, "answer_start": start, "generative_answer": base}));
    }
    let mut entry = Map::new();
    entry.insert("question".into(), json!(q.question));
    entry.insert("is_impossible".into(), json!(q.unanswerable));
    if q.unanswerable {
        entry.insert("answers".into(), json!([]));
        entry.insert("plausible_answers".into(), json!(answers));
    } else {
        entry.insert("answers".into(), json!(answers));
    }
    entry.insert("generative_answer".into(), json!(base));
    entry.insert("is_yes_no".into(), json!(q.yes_no));
    entry.insert("question_type".into(), json!(q.category));
    entry.insert(
        "lexical_overlap".into(),
        json!(format!("{}/{}", q.overlap.shared, q.overlap.content)),
    );
    entry.insert(
        "needs_manual_acceptance".into(),
        json!(q.needs_manual_acceptance),
    );
    Ok(entry)
}
