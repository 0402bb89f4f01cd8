//! Links deleted with their passages (a passage removed, "nothing to mark" ticked), and
//! undoing it: the notice the form keeps, and the passages and links put back.

use super::{gate, link_set, RelationsControl};
use crate::answer::{Answer, LabelSet, LabelledSpan, LinkEnd, LinkSet};
use crate::form::{FormState, LinksNotice};
use crate::support::family::{Gate, Ungate};
use crate::support::ids::ControlId;

/// Drops the links of the passages gone from the span control's answer (`old`: its spans
/// before) and returns what undoing it needs; none when no link went.
pub(super) fn drop_with(c: &RelationsControl, control: &ControlId, set: &mut LinkSet, gone: &[LinkEnd], old: &[LabelledSpan]) -> Option<LinksNotice> {
    let dropped: Vec<_> = (set.links.iter()).filter(|l| gone.iter().any(|e| *e == l.from || *e == l.to)).cloned().collect();
    for end in gone {
        set.drop_span(end);
    }
    (!dropped.is_empty()).then(|| LinksNotice {
        control: control.clone(),
        spans: c.spans.clone(),
        removed: (old.iter().enumerate()).filter(|(_, s)| gone.iter().any(|e| e.names(s))).map(|(i, s)| (i, s.clone())).collect(),
        links: dropped,
    })
}

/// Puts back the passages the notice of `control` names, in their places, and their links.
pub(super) fn undo(control: &ControlId, next: &mut FormState) {
    let Some(notice) = next.links_notice.take_if(|n| n.control == *control) else {
        return;
    };
    let notice: LinksNotice = notice.ungate();
    let mut spans = match next.answers.get(&notice.spans) {
        Some(Answer::Labels(set)) => {
            let set: &LabelSet = set;
            set.clone()
        }
        _ => LabelSet::default(),
    };
    spans.nothing = false;
    for (at, span) in notice.removed {
        if !spans.spans.contains(&span) {
            spans.spans.insert(at.min(spans.spans.len()), span);
        }
    }
    let mut set = link_set(next.answers.get(control)).cloned().unwrap_or_default();
    for link in notice.links {
        if !set.links.contains(&link) {
            set.links.push(link);
        }
    }
    next.answers.insert(notice.spans, Answer::Labels(Gate::gate(spans)));
    next.answers.insert(control.clone(), Answer::Links(gate(set)));
}
