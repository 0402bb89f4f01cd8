//! Rule: an item is submitted only after the spec's `min_seconds` of visible time on it.

use super::{AnswerPath, Problem, ProblemCode};
use crate::i18n::Msg;
use crate::spec::TaskSpec;
use crate::support::ids::ControlId;

/// Whole seconds still to go (rounded up) after `active_ms` of visible time; `None` when the
/// spec asks for no minimum or it is reached.
pub fn left_s(spec: &TaskSpec, active_ms: u64) -> Option<u32> {
    let need = u64::from(spec.min_seconds?) * 1000;
    (active_ms < need).then(|| need.saturating_sub(active_ms).div_ceil(1000) as u32)
}

/// The problem of a submit `left` seconds too soon. Its path is `timings`, the part of the
/// result that records the time; its message gives the minimum and the seconds to go.
pub fn problem(spec: &TaskSpec, left: u32) -> Problem {
    let n = spec.min_seconds.unwrap_or_default();
    Problem::error(
        AnswerPath::whole(&ControlId::from("timings")),
        ProblemCode::MinTime,
        Msg::ErrMinTime,
        vec![("n", n.to_string()), ("left", left.to_string())],
    )
}

/// The problem of a submit after `active_ms` of visible time, if it is too soon.
pub fn rule(spec: &TaskSpec, active_ms: u64) -> Option<Problem> {
    left_s(spec, active_ms).map(|left| problem(spec, left))
}
