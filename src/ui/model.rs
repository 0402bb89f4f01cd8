//! The root reducer's state: the core's form state plus what only the screen needs.

use crate::form::{self, Action, FormState};
use crate::task::Task;
use crate::validate::Report;
use std::rc::Rc;
use yew::Reducible;

/// State of one mounted widget.
#[derive(Clone, Debug, PartialEq)]
pub struct Model {
    /// The spec and item (shared, never change while mounted).
    pub task: Rc<Task>,
    /// The core's form state.
    pub form: FormState,
    /// How many submits were refused; each refusal moves focus to the first problem.
    pub refusals: u32,
    /// The validation report of `form.answers`, computed once per change of the answers and
    /// shared by the screen, the host's `glossa:change` and `validate()`.
    report: Rc<Report>,
}

impl Reducible for Model {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let refused = matches!(action, Action::SubmitRefused { .. });
        let form = form::apply(&self.task, &self.form, action);
        if form == self.form && !refused {
            return self; // unchanged: yew skips the re-render
        }
        let report = if form.answers == self.form.answers {
            Rc::clone(&self.report)
        } else {
            Rc::new(form.report(&self.task))
        };
        Rc::new(Model {
            task: Rc::clone(&self.task),
            form,
            refusals: self.refusals + u32::from(refused),
            report,
        })
    }
}

impl Model {
    /// A model for a task and a form (its report computed here).
    pub fn new(task: Rc<Task>, form: FormState) -> Self {
        let report = Rc::new(form.report(&task));
        Model {
            task,
            form,
            refusals: 0,
            report,
        }
    }

    /// The validation report of the current answers (computed when they changed).
    pub fn report(&self) -> Rc<Report> {
        Rc::clone(&self.report)
    }
}
