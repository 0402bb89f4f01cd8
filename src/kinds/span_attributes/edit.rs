//! Span attributes' edits: values, assigning the selection, removing.

use crate::answer::{Answer, SpanEntry};
use crate::form::{Action, FormKind, FormState};
use crate::spec::SpanAttributes;
use crate::support::family::Gate;
use crate::support::ids::ControlId;
use crate::support::sorted_map::SortedMap;
use crate::task::Task;

/// What the annotator does to span attributes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SpanEdit {
    /// Set (or clear) an attribute's value. `entry` is 0 for a plain attribute; for a
    /// repeatable one, an existing entry.
    Value {
        /// The attribute id.
        attr: String,
        /// The entry.
        entry: usize,
        /// The value, or `None` for the empty placeholder.
        value: Option<String>,
    },
    /// Add the complete selection to an attribute as a span. `entry` `None` on a repeatable
    /// attribute starts a new entry.
    Assign {
        /// The attribute id.
        attr: String,
        /// The entry (see above).
        entry: Option<usize>,
    },
    /// Remove one span of an attribute entry.
    RemoveSpan {
        /// The attribute id.
        attr: String,
        /// The entry.
        entry: usize,
        /// The span's position in the entry.
        index: usize,
    },
    /// Remove an entry of a repeatable attribute.
    RemoveEntry {
        /// The attribute id.
        attr: String,
        /// The entry.
        entry: usize,
    },
}

impl FormKind for SpanAttributes {
    type Edit = SpanEdit;

    fn edit(&self, _: &Task, control: &ControlId, edit: SpanEdit, next: &mut FormState) {
        apply(self, next, control, edit);
    }

    fn replay(&self, control: &ControlId, answer: &Answer) -> Vec<Action> {
        let Answer::Spans(map) = answer else {
            return Vec::new();
        };
        let mut out: Vec<Action> = map
            .iter()
            .flat_map(|(attr, entries)| self.span_actions(control, attr, entries))
            .collect();
        out.push(Action::ClearSelection);
        out
    }
}

impl SpanAttributes {
    /// The actions that rebuild one attribute's entries, in order; an entry starts with its
    /// first span (a new entry of a repeatable attribute, or the one entry of a plain one).
    fn span_actions(&self, control: &ControlId, attr: &str, entries: &[SpanEntry]) -> Vec<Action> {
        let mut out = Vec::new();
        let mut index = 0;
        for entry in entries {
            for (n, span) in entry.spans.iter().enumerate() {
                out.push(Action::Select {
                    control: control.clone(),
                    anchor: span.first,
                    focus: span.last,
                    complete: true,
                });
                let target = if n == 0 { None } else { Some(index) };
                out.push(self.action(SpanEdit::Assign {
                    attr: attr.to_owned(),
                    entry: target,
                }));
            }
            if let Some(v) = &entry.value {
                out.push(self.action(SpanEdit::Value {
                    attr: attr.to_owned(),
                    entry: index,
                    value: Some(v.clone()),
                }));
            }
            if !entry.spans.is_empty() {
                index += 1;
            }
        }
        out
    }
}

/// Applies a span edit.
fn apply(c: &SpanAttributes, form: &mut FormState, control_id: &ControlId, edit: SpanEdit) {
    let control_id = control_id.clone();
    let mut map: SortedMap<String, Vec<SpanEntry>> = match form.answers.get(&control_id) {
        Some(Answer::Spans(m)) => SortedMap::clone(m),
        _ => SortedMap::new(),
    };
    match edit {
        SpanEdit::Value { attr, entry, value } => {
            let Some(a) = c.attribute(&attr) else { return };
            if value
                .as_ref()
                .is_some_and(|v| !a.values.iter().any(|o| &o.value == v))
            {
                return;
            }
            let list = map.entry(attr).or_default();
            if list.is_empty() && entry == 0 {
                list.push(SpanEntry::default());
            }
            let Some(e) = list.get_mut(entry) else { return };
            e.value = value;
        }
        SpanEdit::Assign { attr, entry } => {
            let Some(sel) = form.complete_selection_in(&control_id).cloned() else {
                return;
            };
            let Some(a) = c.attribute(&attr) else { return };
            let list = map.entry(attr).or_default();
            let index = match (a.repeatable, entry) {
                (true, None) => {
                    list.push(SpanEntry::default());
                    list.len() - 1
                }
                (_, Some(i)) if i < list.len() => i,
                (false, _) if list.is_empty() => {
                    list.push(SpanEntry::default());
                    0
                }
                (false, _) => 0,
                (true, Some(_)) => return,
            };
            let span = sel.span();
            if !list[index].spans.contains(&span) {
                list[index].spans.push(span);
            }
            form.selection = None;
        }
        SpanEdit::RemoveSpan { attr, entry, index } => {
            if let Some(e) = map.get_mut(&attr).and_then(|l| l.get_mut(entry)) {
                if index < e.spans.len() {
                    e.spans.remove(index);
                }
            }
        }
        SpanEdit::RemoveEntry { attr, entry } => {
            if let Some(list) = map.get_mut(&attr) {
                if entry < list.len() {
                    list.remove(entry);
                }
            }
        }
    }
    map.retain(|_, list| {
        list.retain(|e| e.value.is_some() || !e.spans.is_empty());
        !list.is_empty()
    });
    if map.is_empty() {
        form.answers.remove(&control_id);
    } else {
        form.answers
            .insert(control_id, Answer::Spans(Gate::gate(map)));
    }
}
