//! Items' suggestions checked against their controls: each names a control of the spec and a
//! model, and its answer is one the control could hold and passes the rules an annotator's
//! answer must pass (a suggestion that is not a valid answer is an error naming the item and
//! the control).

use crate::answer::Answers;
use crate::item::Item;
use crate::spec::{SpecIssue, SpecIssueCode, TaskSpec};
use crate::task::Task;
use crate::validate;

/// Every problem of an item's suggestions (paths `{path}.suggestions.<control>…`).
pub fn check(spec: &TaskSpec, item: &Item, path: &str) -> Vec<SpecIssue> {
    let mut out = Vec::new();
    if !crate::support::family::SUGGEST
        || !item.fields.contains_key(crate::task::suggestions::FIELD)
    {
        return out;
    }
    let mut read_problems = Vec::new();
    let found = crate::task::suggestions::read(spec, item, path, &mut out, &mut |c, json, at| {
        super::worked_examples::read_answer(c, json, at, &mut read_problems)
    });
    for mut p in read_problems {
        p.code = SpecIssueCode::InvalidSuggestion;
        out.push(p);
    }
    if found.is_empty() {
        return out;
    }
    let answers: Answers = found
        .iter()
        .map(|(id, s)| (id.clone(), s.answer.clone()))
        .collect();
    let task = Task::new(spec.clone(), item.clone(), None);
    for problem in validate::validate(&task, &answers).problems {
        let blocks = problem.severity == validate::Severity::Error;
        if blocks && found.contains_key(problem.control()) {
            let written = task.written_path(&problem.path.to_string());
            let (control, rest) = written
                .split_once(['.', '['])
                .map_or((written.as_str(), ""), |(c, _)| (c, &written[c.len()..]));
            out.push(SpecIssue::new(
                format!("{path}.suggestions.{control}.answer{rest}"),
                SpecIssueCode::InvalidSuggestion,
                format!(
                    "the suggestion is not a valid answer: {}",
                    problem.message(spec.language)
                ),
            ));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use crate::spec::SpecIssueCode;

    fn spec() -> crate::spec::TaskSpec {
        crate::mount::load_spec(
            &serde_json::json!({
                "glossa": 1, "id": "ner", "version": "1", "language": "en",
                "suggestions": {},
                "blocks": [],
                "controls": [
                    {"kind": "span_labels", "id": "entities", "label": "Entities", "text_field": "text", "text_label": "Sentence",
                     "labels": [{"value": "PER", "label": "Person"}, {"value": "LOC", "label": "Place"}]},
                    {"kind": "single_choice", "id": "topic", "label": "Topic",
                     "options": [{"value": "sport", "label": "Sport"}, {"value": "politics", "label": "Politics"}]}
                ]
            })
            .to_string(),
        )
        .unwrap()
    }

    fn issues(suggestions: serde_json::Value) -> Vec<(String, SpecIssueCode)> {
        let item: crate::item::Item = serde_json::from_value(serde_json::json!({
            "id": "i1", "text": "Peter Blackburn went to Brussels .", "suggestions": suggestions
        }))
        .unwrap();
        super::check(&spec(), &item, "items[0]")
            .into_iter()
            .map(|i| (i.path, i.code))
            .collect()
    }

    #[test]
    fn valid_suggestions_pass() {
        let got = issues(serde_json::json!({
            "entities": {"model": "tagger-1", "confidence": 0.9,
                         "answer": {"spans": [{"label": "PER", "words": [0, 1]}, {"label": "LOC", "words": [4, 4]}]}},
            "topic": {"model": "llm", "answer": "politics"}
        }));
        assert_eq!(got, vec![]);
    }

    #[test]
    fn each_bad_suggestion_names_its_item_and_control() {
        let bad = SpecIssueCode::InvalidSuggestion;
        let got = issues(serde_json::json!({
            "entities": {"model": "tagger-1", "answer": {"spans": [{"label": "ORG", "words": [0, 1]}]}},
            "topic": {"model": "llm", "answer": "weather"},
            "nope": {"model": "llm", "answer": "x"}
        }));
        assert!(
            got.contains(&("items[0].suggestions.topic.answer".into(), bad)),
            "{got:?}"
        );
        assert!(
            got.contains(&("items[0].suggestions.nope".into(), bad)),
            "{got:?}"
        );
        assert!(
            got.iter()
                .any(|(p, c)| p.starts_with("items[0].suggestions.entities.answer") && *c == bad),
            "{got:?}"
        );
        let got = issues(serde_json::json!({"topic": {"answer": "sport"}}));
        assert_eq!(got, vec![("items[0].suggestions.topic.model".into(), bad)]);
        let got = issues(
            serde_json::json!({"entities": {"model": "m", "answer": {"spans": [{"label": "PER", "words": [3, 40]}]}}}),
        );
        assert!(
            got.iter()
                .any(|(p, _)| p.starts_with("items[0].suggestions.entities.answer")),
            "{got:?}"
        );
    }
}
