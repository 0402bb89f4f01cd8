//! Rule: an item is submitted only after the spec's `min_seconds` of visible time on it.

use super::{AnswerPath, Problem, ProblemCode};
use crate::i18n::{tf, Msg};
use crate::spec::TaskSpec;
use crate::support::ids::ControlId;

/// Whole seconds still to go (rounded up) after `active_ms` of visible time; `None` when the
/// spec asks for no minimum or it is reached.
pub fn left_s(spec: &TaskSpec, active_ms: u64) -> Option<u32> {
    let need = u64::from(spec.min_seconds?) * 1000;
    (active_ms < need).then(|| need.saturating_sub(active_ms).div_ceil(1000) as u32)
}

/// The message's parameters: the minimum (`n`) and the seconds still to go (`left`).
fn params(spec: &TaskSpec, left: u32) -> Vec<(&'static str, String)> {
    let n = spec.min_seconds.unwrap_or_default();
    vec![("n", n.to_string()), ("left", left.to_string())]
}

/// The message for the annotator, `left` seconds before the minimum is reached.
pub fn message(spec: &TaskSpec, left: u32) -> String {
    let params = params(spec, left);
    let params: Vec<(&str, &str)> = params.iter().map(|(k, v)| (*k, v.as_str())).collect();
    tf(spec.language, Msg::ErrMinTime, &params)
}

/// Pushes the problem of a submit after `active_ms` of visible time, if it is too soon. Its
/// path is `timings`, the part of the result that records the time.
pub fn rule(spec: &TaskSpec, active_ms: u64, out: &mut Vec<Problem>) {
    if let Some(left) = left_s(spec, active_ms) {
        out.push(Problem::error(
            AnswerPath::whole(&ControlId::from("timings")),
            ProblemCode::MinTime,
            Msg::ErrMinTime,
            params(spec, left),
        ));
    }
}
