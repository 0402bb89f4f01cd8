//! Re-validation of collected results: reads a result document back into answers and runs the
//! browser's own rules over them natively, so a result a tampered client let through is caught
//! (`glossa validate`). Also checks what the result claims about the item: spec id and version,
//! sentences, span texts and offsets.

use crate::answer::{Answer, GridCells, QuestionCard, QuestionSet, SpanEntry, WordSpan};
use crate::result::RESULT_FORMAT;
use crate::spec::Control;
use crate::support::family::Gate;
use crate::support::ids::{ControlId, OptionValue};
use crate::support::sorted_map::SortedMap;
use crate::task::grid;
use crate::task::Task;
use crate::validate::{validate, Severity};
use serde_json::Value;

/// One thing wrong with a collected result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// Where (`answers.errors[2]`, `spec`, ...).
    pub path: String,
    /// What is wrong.
    pub message: String,
}

fn finding(path: impl Into<String>, message: impl Into<String>) -> Finding {
    Finding {
        path: path.into(),
        message: message.into(),
    }
}

/// Checks one result document against its task. Empty when the result is one the widget
/// could have produced for this item.
pub fn check_result(task: &Task, result: &Value) -> Vec<Finding> {
    let mut out = Vec::new();
    if result.get("format").and_then(Value::as_str) != Some(RESULT_FORMAT) {
        out.push(finding("format", format!("expected \"{RESULT_FORMAT}\"")));
    }
    let spec_id = result.pointer("/spec/id").and_then(Value::as_str);
    let version = result.pointer("/spec/version").and_then(Value::as_str);
    if spec_id != Some(task.spec.id.as_str()) || version != Some(task.spec.version.as_str()) {
        out.push(finding(
            "spec",
            format!(
                "the result belongs to {spec_id:?}@{version:?}, not {}@{}",
                task.spec.id, task.spec.version
            ),
        ));
    }
    let empty = serde_json::Map::new();
    let answers_json = result
        .get("answers")
        .and_then(Value::as_object)
        .unwrap_or(&empty);
    let mut answers = SortedMap::new();
    for (key, value) in answers_json {
        let id = ControlId::from(key.as_str());
        let path = format!("answers.{key}");
        match task.spec.control(&id) {
            None => out.push(finding(path, "the spec has no such control")),
            Some(control) => match read_answer(task, control, value, &path, &mut out) {
                Some(a) => {
                    answers.insert(id, a);
                }
                None => out.push(finding(path, "not an answer of this control's kind")),
            },
        }
    }
    // Warnings were the annotator's to accept; only what blocks a submit is a finding.
    let problems = validate(task, &answers).problems;
    for problem in problems
        .into_iter()
        .filter(|p| p.severity == Severity::Error)
    {
        out.push(finding(
            format!("answers.{}", problem.path),
            format!(
                "{:?}: {}",
                problem.code,
                problem.message(task.spec.language)
            ),
        ));
    }
    out
}

fn read_answer(
    task: &Task,
    control: &Control,
    v: &Value,
    path: &str,
    out: &mut Vec<Finding>,
) -> Option<Answer> {
    match control {
        Control::SingleChoice(c) => {
            let s = v.as_str()?;
            if !c.options.iter().any(|o| o.value.as_str() == s) {
                out.push(finding(path, format!("\"{s}\" is not an option")));
            }
            Some(Answer::Choice(OptionValue::from(s)))
        }
        Control::Number(c) if c.outputs.is_some() => {
            let map = v.as_object()?;
            let texts = map
                .iter()
                .map(|(k, n)| Some((k.clone(), integer_text(n)?)))
                .collect::<Option<SortedMap<_, _>>>()?;
            Some(Answer::NumberTexts(Gate::gate(texts)))
        }
        Control::Number(_) => Some(Answer::NumberText(Gate::gate(integer_text(v)?))),
        Control::Text(_) => Some(Answer::Text(v.as_str()?.to_owned())),
        Control::Grid(g) => {
            let rows = v.as_array()?;
            let expected = grid::rows(g, &task.item);
            if rows.len() != expected.len() {
                out.push(finding(
                    path,
                    format!("{} rows, the item has {}", rows.len(), expected.len()),
                ));
            }
            let mut cells = GridCells::new();
            for (i, row) in rows.iter().enumerate() {
                let claimed = row.get("sentence").and_then(Value::as_str);
                if expected.get(i).map(Option::as_deref) != Some(claimed) {
                    out.push(finding(
                        format!("{path}[{i}].sentence"),
                        "does not match the item's sentence",
                    ));
                }
                let mut cols = SortedMap::new();
                for (col, cell) in row.get("cells")?.as_object()? {
                    let leaf = match cell {
                        Value::String(s) => s.clone(),
                        Value::Object(o) => o.get("value")?.as_str()?.to_owned(),
                        _ => return None,
                    };
                    cols.insert(col.clone(), leaf);
                }
                match expected.get(i) {
                    Some(Some(_)) if !cols.is_empty() => {
                        cells.insert(i, cols);
                    }
                    Some(None) => {
                        let missing = g
                            .missing_row
                            .as_ref()
                            .map(|m| SortedMap::from([(m.column.clone(), m.value.clone())]));
                        if Some(&cols) != missing.as_ref() {
                            out.push(finding(format!("{path}[{i}].cells"), "a missing sentence's row can only hold the missing-sentence answer"));
                        }
                    }
                    _ => {}
                }
            }
            Some(Answer::Grid(Gate::gate(cells)))
        }
        Control::Questions(c) => read_questions(task, c, v, path, out),
        Control::SpanAttributes(c) => {
            let text = task.item.text(c.text_field.as_str()).unwrap_or_default();
            let tokens = task.tokens(c.text_field.as_str())?;
            let mut map = SortedMap::new();
            for (attr, value) in v.as_object()? {
                let entries: Vec<&Value> = match value {
                    Value::Array(list) => list.iter().collect(),
                    other => vec![other],
                };
                let mut list = Vec::new();
                for (n, e) in entries.into_iter().enumerate() {
                    let epath = format!("{path}.{attr}[{n}]");
                    let spans =
                        read_spans(text, tokens, e.get("spans"), &format!("{epath}.spans"), out)?;
                    list.push(SpanEntry {
                        value: e.get("value").and_then(Value::as_str).map(str::to_owned),
                        spans,
                    });
                }
                map.insert(attr.clone(), list);
            }
            Some(Answer::Spans(Gate::gate(map)))
        }
    }
}

/// Spans as results hold them (`[{first_word, last_word, text, start, end}]`), checking that
/// each one's text and offsets match the words it names.
fn read_spans(
    text: &str,
    tokens: &crate::text::Tokens,
    list: Option<&Value>,
    path: &str,
    out: &mut Vec<Finding>,
) -> Option<Vec<WordSpan>> {
    let mut spans = Vec::new();
    for (k, s) in list
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .enumerate()
    {
        let first = s.get("first_word")?.as_u64()? as usize;
        let last = s.get("last_word")?.as_u64()? as usize;
        if let (Some(a), Some(b)) = (tokens.word(first), tokens.word(last)) {
            let covered = tokens.covered(text, first, last);
            let consistent = s.get("text").and_then(Value::as_str) == Some(covered)
                && s.get("start").and_then(Value::as_u64) == Some(a.chars.0 as u64)
                && s.get("end").and_then(Value::as_u64) == Some(b.chars.1 as u64);
            if !consistent {
                out.push(finding(
                    format!("{path}[{k}]"),
                    "text or offsets do not match the words it names",
                ));
            }
        }
        spans.push(WordSpan { first, last });
    }
    Some(spans)
}

/// Questions as results hold them, checking what the browser derived (base form, overlap
/// flag) against the same derivation here.
fn read_questions(
    task: &Task,
    c: &crate::spec::QuestionsControl,
    v: &Value,
    path: &str,
    out: &mut Vec<Finding>,
) -> Option<Answer> {
    let text = task.item.text(c.text_field.as_str()).unwrap_or_default();
    let tokens = task.tokens(c.text_field.as_str())?;
    let function = crate::task::authoring::function_words(task, c);
    let mut cards = Vec::new();
    for (i, q) in v.get("questions")?.as_array()?.iter().enumerate() {
        let qpath = format!("{path}.questions[{i}]");
        let spans = read_spans(
            text,
            tokens,
            q.get("answers"),
            &format!("{qpath}.answers"),
            out,
        )?;
        let flag = |k: &str| q.get(k).and_then(Value::as_bool).unwrap_or(false);
        let base = q
            .get("base_form")
            .and_then(Value::as_str)
            .unwrap_or_default();
        let (yes_no, edited) = (flag("yes_no"), flag("base_form_edited"));
        let card = QuestionCard {
            uid: i as u32,
            question: q.get("question")?.as_str()?.to_owned(),
            spans,
            unanswerable: flag("unanswerable"),
            yes_no,
            base_form: (yes_no || edited).then(|| base.to_owned()),
            category: q.get("category").and_then(Value::as_str).map(str::to_owned),
            collapsed: false,
        };
        if !yes_no && !edited && crate::task::authoring::suggested_base_form(task, c, &card) != base
        {
            out.push(finding(
                format!("{qpath}.base_form"),
                "marked as not edited, but differs from the fragments' text",
            ));
        }
        let overlap = crate::task::authoring::card_overlap(task, c, &card, function);
        if q.get("needs_manual_acceptance").and_then(Value::as_bool)
            != Some(overlap.above(c.overlap.threshold))
        {
            out.push(finding(
                format!("{qpath}.needs_manual_acceptance"),
                format!(
                    "does not match the overlap computed here ({}/{})",
                    overlap.shared, overlap.content
                ),
            ));
        }
        cards.push(card);
    }
    Some(Answer::Questions(Gate::gate(QuestionSet {
        cards,
        no_more: v
            .get("no_more_questions")
            .and_then(Value::as_bool)
            .unwrap_or(false),
        skipped: v.get("skipped").and_then(Value::as_str).map(str::to_owned),
    })))
}

/// A whole number as the text a box would hold.
fn integer_text(v: &Value) -> Option<String> {
    v.as_u64()
        .map(|n| n.to_string())
        .or_else(|| v.as_i64().map(|n| n.to_string()))
}
