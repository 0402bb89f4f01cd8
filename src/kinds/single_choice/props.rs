//! What a single-choice control is given, in either layout.

use crate::form::Action;
use crate::i18n::Lang;
use crate::spec::SingleChoice;
use crate::support::ids::OptionValue;
use std::rc::Rc;
use yew::prelude::*;

/// Props of a single-choice control, in either layout: [`super::view::SingleChoiceView`] (radio buttons)
/// and [`super::dropdown::DropdownChoice`] (a select).
#[derive(Properties, PartialEq)]
pub struct SingleChoiceProps {
    /// The widget instance (for DOM ids).
    pub instance: u32,
    /// The control from the spec.
    pub control: Rc<SingleChoice>,
    /// The chosen value, if any.
    pub chosen: Option<OptionValue>,
    /// The error to show beside the control, if any.
    #[prop_or_default]
    pub error: Option<AttrValue>,
    /// Whether the control is locked (after submit).
    #[prop_or_default]
    pub disabled: bool,
    /// The option a model suggests, marked as such (none without suggestions).
    #[prop_or_default]
    pub suggested: Option<OptionValue>,
    /// UI language.
    pub lang: Lang,
    /// Dispatches the annotator's choice.
    pub on_action: Callback<Action>,
}
