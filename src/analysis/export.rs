//! Export of collected results to datasets. `poquad`: questions results to the PoQuAD / SQuAD
//! 2.0 JSON (`{"version", "data": [{"id", "title", "summary", "paragraphs": [{"context",
//! "qas"}]}]}`), offsets in code points, so Python's `context[answer_start:][:len(text)]` is
//! the answer's text.

use crate::item::Item;
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

/// The paragraphs annotators skipped (the PoQuAD manual's uninteresting paragraphs): for each,
/// the result's position, the item id and the reason. `poquad` leaves them out.
pub fn skipped_paragraphs(results: &[Value]) -> Vec<(usize, String, String)> {
    let mut out = Vec::new();
    for (n, result) in results.iter().enumerate() {
        let item_id = result
            .get("item_id")
            .and_then(Value::as_str)
            .unwrap_or_default();
        let answers = result.get("answers").and_then(Value::as_object);
        for value in answers.into_iter().flatten().map(|(_, v)| v) {
            if let Some(reason) = value.get("skipped").and_then(Value::as_str) {
                out.push((n, item_id.to_owned(), reason.to_owned()));
            }
        }
    }
    out
}

/// Builds the dataset from items and results (one result document each). Every result with a
/// questions answer contributes its questions to its item's paragraph; several annotators of one
/// item share the paragraph. Other results are skipped.
pub fn poquad(items: &[Item], results: &[Value]) -> Result<Value, Vec<ExportProblem>> {
    let mut problems = Vec::new();
    // (item index, field) -> qas, in the items' order.
    let mut paragraphs: Vec<(usize, String, Vec<Value>)> = Vec::new();
    for (n, result) in results.iter().enumerate() {
        let mut fail = |message: String| problems.push(ExportProblem { result: n, message });
        let item_id = result
            .get("item_id")
            .and_then(Value::as_str)
            .unwrap_or_default();
        let Some(index) = items.iter().position(|i| i.id == item_id) else {
            fail(format!("no item \"{item_id}\" in the items"));
            continue;
        };
        let answers = result.get("answers").and_then(Value::as_object);
        for (control, value) in answers.into_iter().flatten() {
            if value.get("skipped").is_some_and(|s| !s.is_null()) {
                continue; // a skipped paragraph: counted by `skipped_paragraphs`
            }
            let (Some(field), Some(questions)) = (
                value.get("text_field").and_then(Value::as_str),
                value.get("questions").and_then(Value::as_array),
            ) else {
                continue;
            };
            let Some(context) = items[index].text(field) else {
                fail(format!("item \"{item_id}\" has no text field \"{field}\""));
                continue;
            };
            let who = result
                .get("ids")
                .and_then(Value::as_object)
                .and_then(|ids| ids.values().find_map(Value::as_str))
                .unwrap_or("anonymous");
            let mut qas = Vec::new();
            for (k, q) in questions.iter().enumerate() {
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
fn qa(context: &str, q: &Value) -> Result<Map<String, Value>, String> {
    let base = q
        .get("base_form")
        .and_then(Value::as_str)
        .unwrap_or_default();
    let impossible = q
        .get("unanswerable")
        .and_then(Value::as_bool)
        .unwrap_or(false);
    let mut answers = Vec::new();
    for (i, a) in q
        .get("answers")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .enumerate()
    {
        let text = a.get("text").and_then(Value::as_str).unwrap_or_default();
        let start = a.get("start").and_then(Value::as_u64).unwrap_or(u64::MAX) as usize;
        let covered: String = context
            .chars()
            .skip(start)
            .take(text.chars().count())
            .collect();
        if covered != text || text.is_empty() {
            return Err(format!(
                "answers[{i}]: \"{text}\" is not at code point {start} of the paragraph"
            ));
        }
        answers.push(json!({"text": text, "answer_start": start, "generative_answer": base}));
    }
    let overlap = q.get("overlap");
    let count = |k: &str| {
        overlap
            .and_then(|o| o.get(k))
            .and_then(Value::as_u64)
            .unwrap_or(0)
    };
    let mut entry = Map::new();
    entry.insert(
        "question".into(),
        q.get("question").cloned().unwrap_or(json!("")),
    );
    entry.insert("is_impossible".into(), json!(impossible));
    if impossible {
        entry.insert("answers".into(), json!([]));
        entry.insert("plausible_answers".into(), json!(answers));
    } else {
        entry.insert("answers".into(), json!(answers));
    }
    entry.insert("generative_answer".into(), json!(base));
    entry.insert(
        "is_yes_no".into(),
        q.get("yes_no").cloned().unwrap_or(json!(false)),
    );
    entry.insert(
        "question_type".into(),
        q.get("category").cloned().unwrap_or(Value::Null),
    );
    entry.insert(
        "lexical_overlap".into(),
        json!(format!("{}/{}", count("shared"), count("content"))),
    );
    entry.insert(
        "needs_manual_acceptance".into(),
        q.get("needs_manual_acceptance")
            .cloned()
            .unwrap_or(json!(false)),
    );
    Ok(entry)
}
