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
}

impl Reducible for Model {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let refused = matches!(action, Action::SubmitRefused);
        let form = form::apply(&self.task, &self.form, action);
        if form == self.form && !refused {
            return self; // unchanged: yew skips the re-render
        }
        Rc::new(Model {
            task: Rc::clone(&self.task),
            form,
            refusals: self.refusals + u32::from(refused),
        })
    }
}

impl Model {
    /// The validation report of the current answers.
    pub fn report(&self) -> Report {
        self.form.report(&self.task)
    }
}
