//! What a kind is to the features that cut across kinds — display logic, error weights, the
//! first screen before the wasm, the session's tally — declared by each kind in its folder
//! ([`Capabilities`]). Generic code asks a control these through [`crate::spec::Control`]'s
//! methods and never names a kind; a kind that says nothing takes the defaults.
//!
//! The other capabilities are the layers' own traits: crowd aggregation, agreement and the
//! review page's axis are [`crate::analysis::Analyse`]'s; the model-vs-human scores read the
//! answer's categories ([`crate::answer::AnswerValue::categories`]).

use crate::i18n::Lang;
use crate::text::overlap::FunctionWords;

/// What a control kind is to the features that cut across kinds (see the module).
pub trait Capabilities {
    /// Categorical: the values an answer names (a choice's options, "none of these" among
    /// them), so display logic can be decided by it. `None`: it cannot decide what is shown.
    fn categories(&self) -> Option<Vec<&str>> {
        None
    }
    /// The values an error weight of a section may name (an error span's labels and its
    /// attributes' values: MQM's categories and severities). Empty: none.
    fn weighable(&self) -> Vec<&str> {
        Vec::new()
    }
    /// Whether what a participant does on the page before the wasm runs is kept (choices,
    /// typing and taps are); `false` for a gesture the page cannot keep (a card dragged, a
    /// slider's handle let go where it started): the first screen waits for the widget.
    fn keeps_early_taps(&self) -> bool {
        true
    }
    /// The function words its overlap check leaves out, for the task's language (question
    /// authoring). `None`: it checks no overlap.
    fn function_words(&self, _language: Lang) -> Option<FunctionWords> {
        None
    }
    /// Whether the host keeps a running tally of this control's answers across the session
    /// (question authoring's target proportions).
    fn tallies_session(&self) -> bool {
        false
    }
}

impl crate::spec::Control {
    /// See [`Capabilities::categories`].
    pub fn categories(&self) -> Option<Vec<&str>> {
        crate::spec::each_control!(self, c => Capabilities::categories(c))
    }

    /// See [`Capabilities::weighable`].
    pub fn weighable(&self) -> Vec<&str> {
        crate::spec::each_control!(self, c => Capabilities::weighable(c))
    }

    /// See [`Capabilities::keeps_early_taps`].
    pub fn keeps_early_taps(&self) -> bool {
        crate::spec::each_control!(self, c => Capabilities::keeps_early_taps(c))
    }

    /// See [`Capabilities::function_words`].
    pub fn function_words(&self, language: Lang) -> Option<FunctionWords> {
        crate::spec::each_control!(self, c => Capabilities::function_words(c, language))
    }

    /// See [`Capabilities::tallies_session`].
    pub fn tallies_session(&self) -> bool {
        crate::spec::each_control!(self, c => Capabilities::tallies_session(c))
    }
}
