//! Worked examples checked against their spec: each example's item has the fields the blocks
//! need, and its answers fit their controls and pass the rules an annotator's must pass. This
//! sits above the spec, item, answer and validation layers it uses; `mount::load_spec` runs it
//! after the spec's own checks.

use crate::answer::KindAnswer;
use crate::answer::{Answer, Answers};
use crate::item::check_item;
use crate::spec::Control;
use crate::spec::{SpecIssue, SpecIssueCode, TaskSpec, WorkedExample};
use crate::task::Task;
use crate::validate;

/// Every problem of every worked example (paths `examples[N]...`).
pub fn check(spec: &TaskSpec) -> Vec<SpecIssue> {
    let mut out = Vec::new();
    for (n, example) in spec.examples.iter().enumerate() {
        check_example(spec, example, &format!("examples[{n}]"), &mut out);
    }
    out
}

/// One answer of an example, read as its kind writes it (`at` names it); what it names that
/// the control lacks is named too.
pub(crate) fn read_answer(
    control: &Control,
    json: &serde_json::Value,
    at: String,
    out: &mut Vec<SpecIssue>,
) -> Option<Answer> {
    let Some(answer) = Answer::from_example(control, json) else {
        let hint = crate::spec::each_control!(control, c => c.example_hint());
        out.push(SpecIssue::new(
            at,
            SpecIssueCode::InvalidExampleAnswer,
            hint,
        ));
        return None;
    };
    let unknown = crate::spec::each_control!(control, c => c.example_unknown(&answer));
    if let Some(message) = unknown {
        out.push(SpecIssue::new(at, SpecIssueCode::UnknownOption, message));
    }
    Some(answer)
}

/// An example must fit the spec: its item has the fields, its answers fit their controls and
/// pass the same rules an annotator's answers must pass.
fn check_example(spec: &TaskSpec, example: &WorkedExample, path: &str, out: &mut Vec<SpecIssue>) {
    out.extend(check_item(spec, &example.item, &format!("{path}.item")));
    let mut answers = Answers::new();
    for (control_id, json) in &example.answers {
        let answer_path = format!("{path}.answers.{control_id}");
        let Some(control) = spec.control(control_id) else {
            out.push(SpecIssue::new(
                answer_path,
                SpecIssueCode::UnknownControl,
                format!("the spec has no control \"{control_id}\""),
            ));
            continue;
        };
        // (`COMPOSE` first: a build without sections has no answers per output.)
        if !crate::support::family::COMPOSE || spec.per_output(control_id).is_none() {
            if let Some(answer) = read_answer(control, json, answer_path, out) {
                answers.insert(control_id.clone(), answer);
            }
            continue;
        }
        // A control its section asks per output: an answer per output id.
        match json.as_object() {
            Some(map) => {
                for (output, json) in map {
                    let at = format!("{answer_path}.{output}");
                    if let Some(answer) = read_answer(control, json, at, out) {
                        answers.insert(crate::task::sections::copy_id(control_id, output), answer);
                    }
                }
            }
            None => out.push(SpecIssue::new(
                answer_path,
                SpecIssueCode::InvalidExampleAnswer,
                "this control is asked once per output: give an object keyed by output id, each entry as the kind's answer is written",
            )),
        }
    }
    let task = Task::new(spec.clone(), example.item.clone(), None);
    let report = validate::validate(&task, &answers);
    for problem in report.problems {
        // Warnings (e.g. no unanswerable question) are fine in an example.
        let blocks = problem.severity == validate::Severity::Error;
        let written = match task.asked(problem.control()) {
            Some((id, _)) => id,
            None => problem.control(),
        };
        if blocks && example.answers.contains_key(written) {
            out.push(SpecIssue::new(
                format!(
                    "{path}.answers.{}",
                    task.written_path(&problem.path.to_string())
                ),
                SpecIssueCode::InvalidExampleAnswer,
                // The message, not the code's name: the browser builds carry no names of
                // codes (their Debug strings) for this alone.
                format!(
                    "the example's answer is refused: {}",
                    problem.message(spec.language)
                ),
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::spec::tests::minimal;
    use crate::spec::SpecIssueCode;

    fn codes(v: serde_json::Value) -> Vec<(String, SpecIssueCode)> {
        match crate::mount::load_spec(&v.to_string()) {
            Ok(_) => vec![],
            Err(issues) => issues.into_iter().map(|i| (i.path, i.code)).collect(),
        }
    }

    #[test]
    fn examples_are_checked_against_blocks_and_options() {
        let mut v = minimal();
        v["examples"] = serde_json::json!([
            {"item": {"id": "e1"}, "answers": {"g": "zzz", "nope": "a"}}
        ]);
        let got = codes(v);
        assert!(
            got.contains(&("examples[0].item.testo".into(), SpecIssueCode::MissingField)),
            "{got:?}"
        );
        assert!(got.contains(&("examples[0].answers.g".into(), SpecIssueCode::UnknownOption)));
        assert!(got.contains(&(
            "examples[0].answers.nope".into(),
            SpecIssueCode::UnknownControl
        )));
    }
}
