//! Labelled spans' edits: labelling a selection, the brush, relabelling, span attributes,
//! removing, "nothing to mark", and the overlap rule applied while marking.

use crate::answer::{Answer, LabelSet, LabelledSpan, WordSpan};
use crate::form::{Action, FormKind, FormState};
use crate::spec::SpanLabels;
use crate::support::family::Gate;
use crate::support::ids::{ControlId, OptionValue};
use crate::task::Task;
use super::span_overlap::conflict;

/// The control's answer as it stands (empty when there is none).
fn current(form: &FormState, id: &ControlId) -> LabelSet {
    match form.answers.get(id) {
        Some(Answer::Labels(set)) => LabelSet::clone(set),
        _ => LabelSet::default(),
    }
}

/// Keeps `set` as the control's answer, or drops the answer when nothing is left in it.
fn store(form: &mut FormState, id: ControlId, set: LabelSet) {
    if set.spans.is_empty() && !set.nothing && set.brush.is_none() {
        form.answers.remove(&id);
    } else {
        form.answers.insert(id, Answer::Labels(Gate::gate(set)));
    }
}

/// Adds a labelled span: the spans it may not stand with are replaced (marking over a span
/// relabels it); the same span with the same label is kept once; "nothing to mark" is
/// unticked.
fn add(c: &SpanLabels, set: &mut LabelSet, span: WordSpan, label: OptionValue) {
    if c.label_of(label.as_str()).is_none() {
        return;
    }
    set.spans.retain(|s| !conflict(c.overlap, s.span, span));
    if !set.spans.iter().any(|s| s.span == span && s.label == label) {
        set.spans.push(LabelledSpan {
            span,
            label,
            attrs: Default::default(),
        });
    }
    set.nothing = false;
}

/// What the annotator does to labelled spans.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LabelEdit {
    /// A label's button or key: labels the complete selection when there is one; otherwise
    /// picks the label to mark with (the brush), or puts it down when it is the brush already.
    Pick(OptionValue),
    /// Sets the brush (`None`: marking, then labelling).
    Brush(Option<OptionValue>),
    /// Gives a span another label.
    Relabel {
        /// The span's position in the answer.
        span: usize,
        /// The new label.
        label: OptionValue,
    },
    /// Sets (or clears) one attribute of a span.
    Attribute {
        /// The span's position.
        span: usize,
        /// The attribute's id.
        attr: String,
        /// The value or note (`None`: empty).
        value: Option<String>,
    },
    /// Removes a span.
    Remove(usize),
    /// Ticks or unticks "nothing to mark" (ticking it removes every span).
    Nothing(bool),
}

impl FormKind for SpanLabels {
    type Edit = LabelEdit;

    fn edit(&self, _: &Task, control: &ControlId, edit: LabelEdit, next: &mut FormState) {
        apply(self, next, control.clone(), edit);
    }

    /// Each span selected and labelled, its attributes, "nothing to mark", then the brush.
    fn replay(&self, control: &ControlId, answer: &Answer) -> Vec<Action> {
        let Answer::Labels(set) = answer else {
            return Vec::new();
        };
        let mut out = vec![self.action(LabelEdit::Brush(None))];
        for (i, s) in set.spans.iter().enumerate() {
            out.push(Action::Select {
                control: control.clone(),
                anchor: s.span.first,
                focus: s.span.last,
                complete: true,
            });
            out.push(self.action(LabelEdit::Pick(s.label.clone())));
            for (attr, value) in &s.attrs {
                out.push(self.action(LabelEdit::Attribute {
                    span: i,
                    attr: attr.clone(),
                    value: Some(value.clone()),
                }));
            }
        }
        if set.nothing {
            out.push(self.action(LabelEdit::Nothing(true)));
        }
        out.push(self.action(LabelEdit::Brush(set.brush.clone())));
        out
    }

    /// Labels a complete selection with the brush, if one is up.
    fn selected(&self, _: &Task, form: &mut FormState) {
        brush(self, form);
    }
}

/// Labels a complete selection in a labelled-span control with the brush, if one is up (run
/// after every selection change).
fn brush(c: &SpanLabels, form: &mut FormState) {
    let Some(sel) = form.selection.clone().filter(|s| s.complete) else {
        return;
    };
    let mut set = current(form, &sel.control);
    if let Some(label) = set.brush.clone() {
        add(c, &mut set, sel.span(), label);
        form.selection = None;
        store(form, sel.control, set);
    }
}

/// Applies a labelled-span edit.
fn apply(c: &SpanLabels, form: &mut FormState, id: ControlId, edit: LabelEdit) {
    let mut set = current(form, &id);
    match edit {
        LabelEdit::Pick(label) => {
            if c.label_of(label.as_str()).is_none() {
                return;
            }
            match form.complete_selection_in(&id).map(|s| s.span()) {
                Some(span) => {
                    add(c, &mut set, span, label);
                    form.selection = None;
                }
                None if set.brush.as_ref() == Some(&label) => set.brush = None,
                None => set.brush = Some(label),
            }
        }
        LabelEdit::Brush(label) => {
            if label
                .as_ref()
                .is_some_and(|l| c.label_of(l.as_str()).is_none())
            {
                return;
            }
            set.brush = label;
        }
        LabelEdit::Relabel { span, label } => {
            if c.label_of(label.as_str()).is_none() {
                return;
            }
            let Some(s) = set.spans.get_mut(span) else {
                return;
            };
            s.label = label;
        }
        LabelEdit::Attribute { span, attr, value } => {
            let Some(a) = c.attributes.iter().find(|a| a.id == attr) else {
                return;
            };
            let fits = value
                .as_ref()
                .is_none_or(|v| a.values.is_empty() || a.values.iter().any(|x| &x.value == v));
            let Some(s) = set.spans.get_mut(span).filter(|_| fits) else {
                return;
            };
            match value.filter(|v| !v.is_empty()) {
                Some(v) => s.attrs.insert(attr, v),
                None => s.attrs.remove(&attr),
            };
        }
        LabelEdit::Remove(span) => {
            if span < set.spans.len() {
                set.spans.remove(span);
            }
        }
        LabelEdit::Nothing(on) => {
            if on {
                set.spans.clear();
                if form.selection.as_ref().is_some_and(|s| s.control == id) {
                    form.selection = None;
                }
            }
            set.nothing = on;
        }
    }
    store(form, id, set);
}
