//! Rule `headphone_check` (ITU-T P.808's environment check): an item is submitted only once the
//! participant passed the headphone check or used its attempts. The problem's path is
//! `headphones`, the part of the result that records the check.

use crate::form::FormState;
use crate::i18n::Msg;
use crate::support::ids::ControlId;
use crate::task::Task;
use crate::validate::{AnswerPath, Problem, ProblemCode, Report};

/// The path of the check's problem, and the id its panel has on screen.
pub const PATH: &str = "headphones";

/// Pushes the problem when the spec asks for the check and it is not done.
pub fn check(task: &Task, form: &FormState, report: &mut Report) {
    let Some(spec) = task.spec.headphones() else {
        return;
    };
    let done = form.headphones().is_some_and(|h| h.outcome(spec).is_some());
    if !done {
        // (First: the check stands above the item, and a refused submit focuses it.)
        report.problems.insert(
            0,
            Problem::error(
                AnswerPath::whole(&ControlId::from(PATH)),
                ProblemCode::HeadphoneCheck,
                Msg::ErrHeadphones,
                vec![],
            ),
        );
    }
}
