//! What `glossa:error` carries — one shape for every way a widget can fail to show or keep its
//! task: `{valid: false, kind, stage, message, problems}` (typed as `GlossaError` in
//! `www/glossa.d.ts`; `www/glossa.js` and the hosts make the same shape for what fails before
//! the wasm runs).

use super::Failed;
use crate::spec::{SpecIssue, SpecIssueCode};
use serde::Serialize;

/// When the failure happened.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    /// Reading the spec, item and options (nothing was shown).
    Mount,
    /// After the widget was on screen (an internal failure).
    Run,
}

/// What kind of failure.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorKind {
    /// The spec is wrong.
    Spec,
    /// The item is wrong.
    Item,
    /// The options are wrong.
    Options,
    /// Glossa itself failed (a panic).
    Internal,
    /// A file the item needs could not be loaded or played (a recording under the study's
    /// `unplayable: end`).
    Load,
}

impl From<Failed> for ErrorKind {
    fn from(f: Failed) -> Self {
        match f {
            Failed::Spec => ErrorKind::Spec,
            Failed::Item => ErrorKind::Item,
            Failed::Options => ErrorKind::Options,
        }
    }
}

/// One problem, as hosts see every problem (the shape of an answer's problem).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ErrorProblem {
    /// Where (`controls[0].options`; empty for an internal failure).
    pub path: String,
    /// A stable code (`unknown_field`, …, `internal`).
    pub code: String,
    /// Always `error`.
    pub severity: &'static str,
    /// What is wrong and what to do.
    pub message: String,
}

/// The detail of `glossa:error` (and what `validate()`/`submit()` of a broken widget return).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ErrorDetail {
    /// Always false.
    pub valid: bool,
    /// What kind of failure.
    pub kind: ErrorKind,
    /// When it happened.
    pub stage: Stage,
    /// One line for a log: the first problem, and how many more.
    pub message: String,
    /// Every problem.
    pub problems: Vec<ErrorProblem>,
}

impl ErrorDetail {
    /// A spec, item or options file that could not be shown.
    pub fn mount(kind: Failed, issues: &[SpecIssue]) -> Self {
        let problems: Vec<ErrorProblem> = issues
            .iter()
            .map(|i| ErrorProblem {
                path: i.path.clone(),
                code: code_name(&i.code),
                severity: "error",
                message: i.message.clone(),
            })
            .collect();
        let message = match problems.split_first() {
            None => String::new(),
            Some((first, [])) => format!("{}: {}", first.path, first.message),
            Some((first, rest)) => {
                format!(
                    "{}: {} (and {} more)",
                    first.path,
                    first.message,
                    rest.len()
                )
            }
        };
        ErrorDetail {
            valid: false,
            kind: kind.into(),
            stage: Stage::Mount,
            message,
            problems,
        }
    }

    /// A file that cannot be played, where the study ends (`unplayable: end`): at `path` (the
    /// item's file), with the participant's message.
    pub fn unplayable(path: &str, message: &str) -> Self {
        ErrorDetail {
            valid: false,
            kind: ErrorKind::Load,
            stage: Stage::Run,
            problems: vec![ErrorProblem {
                path: path.to_owned(),
                code: "media_unplayable".into(),
                severity: "error",
                message: message.to_owned(),
            }],
            message: format!("{path}: {message}"),
        }
    }

    /// An internal failure after the widget was shown.
    pub fn internal(message: String) -> Self {
        ErrorDetail {
            valid: false,
            kind: ErrorKind::Internal,
            stage: Stage::Run,
            problems: vec![ErrorProblem {
                path: String::new(),
                code: "internal".into(),
                severity: "error",
                message: message.clone(),
            }],
            message,
        }
    }
}

/// A spec issue's code as hosts see it (its serialised name).
fn code_name(code: &SpecIssueCode) -> String {
    match serde_json::to_value(code) {
        Ok(serde_json::Value::String(s)) => s,
        _ => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_failure_has_one_shape() {
        let spec = crate::mount::load_spec(r#"{"glossa": 1, "id": "x", "version": "1", "language": "en", "blocks": [], "controls": [{"kind": "single_choice"}]}"#).unwrap_err();
        let mounted = serde_json::to_value(ErrorDetail::mount(Failed::Spec, &spec)).unwrap();
        let internal = serde_json::to_value(ErrorDetail::internal("boom".into())).unwrap();
        for (detail, kind, stage) in [(&mounted, "spec", "mount"), (&internal, "internal", "run")] {
            let keys: Vec<&str> = detail
                .as_object()
                .unwrap()
                .keys()
                .map(String::as_str)
                .collect();
            assert_eq!(
                keys,
                ["kind", "message", "problems", "stage", "valid"],
                "{detail}"
            );
            assert_eq!(
                (detail["kind"].as_str(), detail["stage"].as_str()),
                (Some(kind), Some(stage))
            );
            assert_eq!(detail["valid"], false);
            let first = &detail["problems"][0];
            for field in ["path", "code", "severity", "message"] {
                assert!(first.get(field).is_some(), "{field} in {first}");
            }
        }
        assert!(
            mounted["message"]
                .as_str()
                .unwrap()
                .starts_with("controls[0]"),
            "{mounted}"
        );
        assert_eq!(internal["problems"][0]["code"], "internal");
    }
}
