//! What a kind is to the features that cut across kinds — display logic, error weights, the
//! first screen before the wasm, the session's tally — declared by each kind in its folder
//! ([`Capabilities`]). Generic code asks a control these through [`crate::spec::Control`]'s
//! methods and never names a kind; a kind that says nothing takes the defaults.
//!
//! The other capabilities are the layers' own traits: crowd aggregation, agreement and the
//! review page's axis are [`crate::analysis::Analyse`]'s; the model-vs-human scores read the
//! answer's categories ([`crate::answer::AnswerValue::categories`]).

/// A kind's labelled spans, as error scores, the review page and the importers read them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LabelledSpans<'s> {
    /// The item field whose text is marked (for a control a section asks per output: the
    /// section's outputs field).
    pub text_field: &'s str,
    /// The labels: `(value, label shown)`, in the spec's order.
    pub labels: Vec<(&'s str, &'s str)>,
    /// Each label's group (MQM's `Accuracy`), in the order of `labels`; `None`: no group.
    pub groups: Vec<Option<&'s str>>,
    /// The spans' attributes, in the spec's order (a span weighs as its label, else as its
    /// first attribute value that has a weight).
    pub attributes: Vec<&'s str>,
}

/// What a control kind is to the features that cut across kinds (see the module).
pub trait Capabilities {
    /// Categorical: the values an answer names (a choice's options, "none of these" among
    /// them), so display logic can be decided by it. `None`: it cannot decide what is shown.
    fn categories(&self) -> Option<Vec<&str>> {
        None
    }
    /// Whether an answer may name several of its categories (a multiple choice), not one.
    fn several_categories(&self) -> bool {
        false
    }
    /// The values an error weight of a section may name (an error span's labels and its
    /// attributes' values: MQM's categories and severities). Empty: none.
    fn weighable(&self) -> Vec<&str> {
        Vec::new()
    }
    /// The values an attribute of its spans takes (MQM's severities), by the attribute's id.
    /// Empty: no such attribute, or a free-text note.
    fn attribute_values(&self, _attribute: &str) -> Vec<&str> {
        Vec::new()
    }
    /// Whether what a participant does on the page before the wasm runs is kept (choices,
    /// typing and taps are); `false` for a gesture the page cannot keep (a card dragged, a
    /// slider's handle let go where it started): the first screen waits for the widget.
    fn keeps_early_taps(&self) -> bool {
        true
    }
    /// Whether its answers are numbers on a ratio scale (magnitude estimation: RankME's
    /// export takes such a control asked per output).
    fn ratio_scale(&self) -> bool {
        false
    }
    /// Whether its answer rates an output with a number (a slider's, a scale's point, a whole
    /// number): error scores take it as the direct score they are compared with.
    fn rates(&self) -> bool {
        false
    }
    /// Labelled spans of a text field, each with attribute values: what error scores weigh
    /// (MQM, ESA), the review page overlays and the importers fill. `None`: its answers are
    /// not labelled spans.
    fn labelled_spans(&self) -> Option<LabelledSpans<'_>> {
        None
    }
    /// Whether its answer is free text (a note, an authored question): no label to filter
    /// or count by.
    fn free_text(&self) -> bool {
        false
    }
    /// Whether the host keeps a running tally of this control's answers across the session
    /// (question authoring's target proportions).
    fn tallies_session(&self) -> bool {
        false
    }
}

impl crate::spec::Control {
    /// See [`Capabilities::categories`].
    #[inline]
    pub fn categories(&self) -> Option<Vec<&str>> {
        crate::spec::each_control!(self, c => c.categories())
    }

    /// See [`Capabilities::several_categories`].
    #[inline]
    pub fn several_categories(&self) -> bool {
        crate::spec::each_control!(self, c => c.several_categories())
    }

    /// See [`Capabilities::weighable`].
    #[inline]
    pub fn weighable(&self) -> Vec<&str> {
        crate::spec::each_control!(self, c => c.weighable())
    }

    /// See [`Capabilities::attribute_values`].
    #[inline]
    pub fn attribute_values(&self, attribute: &str) -> Vec<&str> {
        crate::spec::each_control!(self, c => c.attribute_values(attribute))
    }

    /// See [`Capabilities::keeps_early_taps`].
    #[inline]
    pub fn keeps_early_taps(&self) -> bool {
        crate::spec::each_control!(self, c => c.keeps_early_taps())
    }

    /// See [`Capabilities::ratio_scale`].
    #[inline]
    pub fn ratio_scale(&self) -> bool {
        crate::spec::each_control!(self, c => c.ratio_scale())
    }

    /// See [`Capabilities::rates`].
    #[inline]
    pub fn rates(&self) -> bool {
        crate::spec::each_control!(self, c => c.rates())
    }

    /// See [`Capabilities::labelled_spans`].
    #[inline]
    pub fn labelled_spans(&self) -> Option<LabelledSpans<'_>> {
        crate::spec::each_control!(self, c => c.labelled_spans())
    }

    /// See [`Capabilities::free_text`].
    #[inline]
    pub fn free_text(&self) -> bool {
        crate::spec::each_control!(self, c => c.free_text())
    }

    /// See [`Capabilities::tallies_session`].
    #[inline]
    pub fn tallies_session(&self) -> bool {
        crate::spec::each_control!(self, c => c.tallies_session())
    }
}
