//! Label groups as a spec may write them (MQM's `Accuracy` over `Accuracy/Mistranslation`):
//! a group's labels stand together in `labels`, and a group has a name. The label bar shows a
//! group as one button that opens its labels (`crate::ui::label_groups`).

use super::SpanLabels;
use crate::spec::{SpecIssue, SpecIssueCode};

/// The groups of a control's labels in screen order: each group's name (`None`: a label of no
/// group) and the labels' positions in `labels`.
pub fn runs(c: &SpanLabels) -> Vec<(Option<&str>, Vec<usize>)> {
    let mut out: Vec<(Option<&str>, Vec<usize>)> = Vec::new();
    for (k, l) in c.labels.iter().enumerate() {
        let group = l.group.as_ref().map(|g| g.as_str());
        match out.last_mut() {
            Some((g, members)) if group.is_some() && *g == group => members.push(k),
            _ => out.push((group, vec![k])),
        }
    }
    out
}

/// A group named by no text, or whose labels stand apart (the bar would show it twice).
pub fn check(c: &SpanLabels, path: &str, out: &mut Vec<SpecIssue>) {
    let mut seen: Vec<&str> = Vec::new();
    for (group, members) in runs(c) {
        let Some(group) = group else { continue };
        let at = format!("{path}.labels[{}].group", members[0]);
        if group.trim().is_empty() {
            out.push(SpecIssue::new(at, SpecIssueCode::Empty, "the group is empty: name it, or leave `group` out".to_owned()));
        } else if seen.contains(&group) {
            out.push(SpecIssue::new(
                at,
                SpecIssueCode::InvalidField,
                format!("the labels of group \"{group}\" stand apart in `labels`: put them one after another, so the label bar shows the group once"),
            ));
        }
        seen.push(group);
    }
}
