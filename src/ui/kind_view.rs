//! `KindView`: what the screen needs of each control kind — its view in the form, where focus
//! goes for one of its problems, and how a worked example's answer reads. Each kind implements
//! it in its own view file; the widget calls it through `each_control!`.

use super::actions::Actions;
use super::Model;
use crate::form::FormState;
use crate::i18n::Lang;
use crate::item::Item;
use crate::task::authoring::Tally;
use crate::task::Task;
use crate::validate::{Place, Report};
use std::rc::Rc;
use yew::prelude::*;

/// Everything a control's view is rendered from.
pub struct ViewContext<'a> {
    /// The widget instance (for DOM ids).
    pub instance: u32,
    /// The control's position among the spec's controls.
    pub position: usize,
    /// The task (spec, item, presentation).
    pub task: &'a Rc<Task>,
    /// The form as it stands.
    pub form: &'a Rc<FormState>,
    /// The validation report of the form.
    pub report: &'a Rc<Report>,
    /// The UI language.
    pub lang: Lang,
    /// Where the view's actions go.
    pub actions: &'a Actions,
    /// The session's running tally of questions, if any.
    pub tally: Option<Rc<Tally>>,
    /// The message beside a one-box control, once its problems show.
    pub error: Option<AttrValue>,
}

/// A control kind on screen.
pub trait KindView {
    /// The control's view in the form.
    fn view(&self, cx: &ViewContext) -> Html;
    /// Moves focus to the place of one of the control's problems.
    fn focus_problem(&self, instance: u32, model: &Model, place: &Place);
    /// A worked example's answer (JSON, as written in the spec), as the annotator reads it.
    fn example(&self, value: &serde_json::Value, item: &Item, lang: Lang) -> Html;
    /// What the shortcut `key` (lower case) does to this control, if one of its options has
    /// it: the action, and the DOM id focus moves to.
    fn shortcut(&self, _key: &str, _instance: u32) -> Option<(crate::form::Action, String)> {
        None
    }
}
