//! The span-attribute part of the form model: values, assigning the selection, removing.

use super::{span_control, Action, FormState};
use crate::answer::{Answer, SpanEntry};
use crate::support::family::Gate;
use crate::support::sorted_map::SortedMap;
use crate::task::Task;

/// Applies a span action (the caller checked the form is not submitted).
pub(super) fn apply(task: &Task, form: &mut FormState, action: Action) {
    let Some(control_id) = action.control().cloned() else {
        return;
    };
    let Some(c) = span_control(task, &control_id) else {
        return;
    };
    let mut map: SortedMap<String, Vec<SpanEntry>> = match form.answers.get(&control_id) {
        Some(Answer::Spans(m)) => SortedMap::clone(m),
        _ => SortedMap::new(),
    };
    match action {
        Action::SpanValue {
            attr, entry, value, ..
        } => {
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
        Action::AssignSelection { attr, entry, .. } => {
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
        Action::RemoveSpan {
            attr, entry, index, ..
        } => {
            if let Some(e) = map.get_mut(&attr).and_then(|l| l.get_mut(entry)) {
                if index < e.spans.len() {
                    e.spans.remove(index);
                }
            }
        }
        Action::RemoveEntry { attr, entry, .. } => {
            if let Some(list) = map.get_mut(&attr) {
                if entry < list.len() {
                    list.remove(entry);
                }
            }
        }
        _ => return,
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
