//! Suggestions on the form: the fresh form pre-filled with what a model suggests, the
//! annotator's decisions (accept, change, reject; add their own), and what is still to decide.
//!
//! The form keeps no copy of a decision it can see in the answers: a suggested part no longer
//! there was rejected, one the answer holds otherwise (a span with another label or other
//! words over the same text, another choice) was changed, and what the answer holds beyond
//! them was added. So every edit the kinds already have is a decision too. A part still there
//! as suggested is pending until the annotator decides on it: accepts it, or removes or
//! changes it (marking it again as suggested is then accepting it); the form keeps which.

use super::{apply, FormKind, FormState};
use crate::answer::{Answer, LabelledSpan, SpanLink};
use crate::support::family::{Gate, Relations};
use crate::support::ids::{ControlId, OptionValue};
use crate::task::Task;
use serde::{Deserialize, Serialize};

/// What became of one suggested part, or where an annotator's part came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Decision {
    /// Still as suggested, not yet accepted (never in a result when decisions are required).
    Pending,
    /// Accepted as suggested.
    Accepted,
    /// Left as suggested without accepting (the spec did not require a decision).
    Kept,
    /// Changed: the answer holds something else in its place.
    Changed,
    /// Rejected: removed.
    Rejected,
    /// Added by the annotator, suggested by no one.
    Added,
}

impl Decision {
    /// Its name, as results write it (`accepted`, `changed`, …).
    pub fn as_str(self) -> &'static str {
        match self {
            Decision::Pending => "pending",
            Decision::Accepted => "accepted",
            Decision::Kept => "kept",
            Decision::Changed => "changed",
            Decision::Rejected => "rejected",
            Decision::Added => "added",
        }
    }
}

/// One part of an answer that a suggestion proposes and a decision is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part<'a> {
    /// A labelled span.
    Span(&'a LabelledSpan),
    /// A ticked option of a multiple choice.
    Option(&'a OptionValue),
    /// A link between two spans (in the builds with relations: none in the others, which then
    /// carry no code that compares links).
    Link(Relations<&'a SpanLink>),
    /// The whole answer (a single choice, a rating, a ranking, a text, "nothing to mark").
    Whole(&'a Answer),
}

impl Part<'_> {
    /// Whether an annotator's part stands in the place of a suggested one (changed it): a span
    /// over some of the same words; for whole answers, any other answer. A ticked option is
    /// never in another's place (untick one and tick another: rejected, then added).
    fn replaces(&self, suggested: &Part) -> bool {
        match (self, suggested) {
            (Part::Span(a), Part::Span(b)) => {
                a.span.first <= b.span.last && b.span.first <= a.span.last
            }
            (Part::Whole(_), Part::Whole(_)) => true,
            // A link retyped (the same spans), or of its type with one end moved.
            (Part::Link(a), Part::Link(b)) => {
                let (a, b): (&SpanLink, &SpanLink) = (a, b);
                let same_ends =
                    (a.from == b.from && a.to == b.to) || (a.from == b.to && a.to == b.from);
                same_ends || (a.kind == b.kind && (a.from == b.from || a.to == b.to))
            }
            _ => false,
        }
    }
}

/// The parts of an answer: each labelled span, each ticked option, or the answer as a whole.
pub fn parts(answer: Option<&Answer>) -> Vec<Part<'_>> {
    match answer {
        None => Vec::new(),
        Some(Answer::Labels(set)) if !set.spans.is_empty() => {
            set.spans.iter().map(Part::Span).collect()
        }
        Some(Answer::Labels(set)) if !set.nothing => Vec::new(),
        Some(Answer::Choices(values)) => values.iter().map(Part::Option).collect(),
        Some(Answer::Links(set)) => set
            .links
            .iter()
            .map(|l| Part::Link(Gate::gate(l)))
            .collect(),
        Some(whole) => vec![Part::Whole(whole)],
    }
}

/// One decision: the suggested part it is about and the answer's part that stands for it (by
/// position in [`parts`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unit {
    /// What became of it.
    pub decision: Decision,
    /// The suggested part (none for one the annotator added).
    pub suggested: Option<usize>,
    /// The answer's part (none for a rejected one).
    pub answer: Option<usize>,
}

/// The decisions on one control: its suggested answer against its answer now, given the
/// suggested parts decided on so far; suggested parts first, then the annotator's own.
pub fn units(suggested: &Answer, answer: Option<&Answer>, decided: &[usize]) -> Vec<Unit> {
    let (s, a) = (parts(Some(suggested)), parts(answer));
    // The answer's parts in the order of the text (spans by position, options by value), so
    // the decisions do not depend on the order the annotator worked in (nor a result's).
    let mut order: Vec<usize> = (0..a.len()).collect();
    order.sort_by(|&x, &y| match (a[x], a[y]) {
        (Part::Span(p), Part::Span(q)) => (p.span.first, p.span.last, &p.label, &p.attrs).cmp(&(
            q.span.first,
            q.span.last,
            &q.label,
            &q.attrs,
        )),
        (Part::Option(p), Part::Option(q)) => p.cmp(q),
        (Part::Link(p), Part::Link(q)) => {
            let key = |l: &SpanLink| {
                (
                    l.from.span.first,
                    l.from.span.last,
                    l.to.span.first,
                    l.to.span.last,
                    l.kind.clone(),
                )
            };
            key(&p).cmp(&key(&q))
        }
        _ => std::cmp::Ordering::Equal,
    });
    let mut taken = vec![false; a.len()];
    let mut out: Vec<Unit> = Vec::new();
    let mut open = Vec::new();
    for (i, part) in s.iter().enumerate() {
        match order.iter().copied().find(|&j| !taken[j] && a[j] == *part) {
            Some(j) => {
                taken[j] = true;
                let decision = if decided.contains(&i) {
                    Decision::Accepted
                } else {
                    Decision::Pending
                };
                out.push(Unit {
                    decision,
                    suggested: Some(i),
                    answer: Some(j),
                });
            }
            None => open.push(out.len()),
        }
        if out.len() == i {
            out.push(Unit {
                decision: Decision::Rejected,
                suggested: Some(i),
                answer: None,
            });
        }
    }
    for k in open {
        let i = out[k].suggested.unwrap_or_default();
        if let Some(j) = order
            .iter()
            .copied()
            .find(|&j| !taken[j] && a[j].replaces(&s[i]))
        {
            taken[j] = true;
            out[k] = Unit {
                decision: Decision::Changed,
                suggested: Some(i),
                answer: Some(j),
            };
        }
    }
    out.extend(order.iter().copied().filter(|&j| !taken[j]).map(|j| Unit {
        decision: Decision::Added,
        suggested: None,
        answer: Some(j),
    }));
    out
}

/// The decisions on a control that has a suggestion shown (`None` otherwise).
pub fn decisions(task: &Task, form: &FormState, control: &ControlId) -> Option<Vec<Unit>> {
    let suggestion = task.suggestion(control)?;
    let decided = form.decided.get(control).map_or(&[][..], |v| v.as_slice());
    Some(units(
        &suggestion.answer,
        form.answers.get(control),
        decided,
    ))
}

/// For each of the `n` parts of a control's answer (by place), the suggested part it stands
/// for and what became of it; `None` for a part the annotator added, and for every part when
/// the control has no suggestion shown (or the build has no suggestions).
pub fn by_answer(
    task: &Task,
    form: &FormState,
    control: &ControlId,
    n: usize,
) -> Vec<Option<(usize, Decision)>> {
    let mut out = vec![None; n];
    if crate::support::family::SUGGEST {
        for u in decisions(task, form, control).unwrap_or_default() {
            if let (Some(i), Some(slot)) = (u.suggested, u.answer.and_then(|j| out.get_mut(j))) {
                *slot = Some((i, u.decision));
            }
        }
    }
    out
}

/// How many suggested parts of each control shown are still to decide (controls with none
/// left out; hidden controls are not asked).
pub fn pending(task: &Task, form: &FormState) -> Vec<(ControlId, usize)> {
    let Some(suggested) = task.suggested().filter(|s| s.shown) else {
        return Vec::new();
    };
    suggested
        .by_control
        .keys()
        .filter(|c| task.visible(c, &form.answers))
        .filter_map(|c| {
            let n = decisions(task, form, c)?
                .iter()
                .filter(|u| u.decision == Decision::Pending)
                .count();
            (n > 0).then(|| (c.clone(), n))
        })
        .collect()
}

/// Marks suggested parts of a control as decided on.
fn mark(form: &mut FormState, control: &ControlId, parts: impl IntoIterator<Item = usize>) {
    let list = form.decided.entry(control.clone()).or_default();
    for i in parts {
        if !list.contains(&i) {
            list.push(i);
        }
    }
    list.sort_unstable();
}

/// After an edit of a control: each suggested part that was there as suggested before and is
/// not now (removed, relabelled, moved) has been decided on.
pub fn note(task: &Task, before: &FormState, after: &mut FormState, control: &ControlId) {
    let (Some(was), Some(now)) = (
        decisions(task, before, control),
        decisions(task, after, control),
    ) else {
        return;
    };
    let there = |u: &Unit| matches!(u.decision, Decision::Pending | Decision::Accepted);
    let gone: Vec<usize> = was
        .iter()
        .zip(&now)
        .filter(|(w, n)| there(w) && !there(n))
        .filter_map(|(w, _)| w.suggested)
        .collect();
    mark(after, control, gone);
}

/// Adds to a report a problem for each control with suggested parts still to decide, when
/// the spec requires a decision on each.
pub fn still_to_decide(task: &Task, form: &FormState, report: &mut crate::validate::Report) {
    if !task
        .spec
        .suggestions
        .as_ref()
        .is_some_and(|s| s.require_decision)
    {
        return;
    }
    for (control, _) in pending(task, form) {
        report.problems.push(crate::validate::Problem::error(
            crate::validate::AnswerPath::whole(&control),
            crate::validate::ProblemCode::SuggestionPending,
            crate::i18n::Msg::ErrSuggestionPending,
            Vec::new(),
        ));
    }
}

/// A fresh form for an item shown at `now_ms`, with each suggestion shown put in as the
/// control's answer (through the kinds' own actions, as a draft is).
pub fn fresh(task: &Task, now_ms: u64) -> FormState {
    let mut form = FormState::new(now_ms);
    let Some(suggested) = task.suggested().filter(|s| s.shown) else {
        return form;
    };
    // In the spec's order: a control whose answer refers to another's (links to spans) comes
    // after it.
    for c in &task.spec.controls {
        let id = c.id();
        let Some(suggestion) = suggested.by_control.get(id) else {
            continue;
        };
        for action in crate::spec::each_control!(c, k => k.replay(id, &suggestion.answer)) {
            form = apply(task, &form, action);
        }
    }
    form.selection = None;
    form
}

/// Accepts (`accept`) or rejects a control's suggested part `part` (`None`: every part still
/// pending). Accepting marks a pending part accepted; rejecting removes it from the answer (a
/// part already changed or rejected is left as it is).
pub fn decide(
    task: &Task,
    next: &mut FormState,
    control: &ControlId,
    part: Option<usize>,
    accept: bool,
) {
    let Some(units) = decisions(task, next, control) else {
        return;
    };
    let chosen = units.iter().filter(|u| {
        matches!(u.decision, Decision::Pending | Decision::Accepted)
            && (part.is_none() || u.suggested == part)
            && (part.is_some() || u.decision == Decision::Pending)
    });
    if accept {
        let parts: Vec<usize> = chosen.filter_map(|u| u.suggested).collect();
        mark(next, control, parts);
        return;
    }
    let mut drop: Vec<usize> = chosen.filter_map(|u| u.answer).collect();
    drop.sort_unstable();
    let answer = next.answers.get(control).cloned();
    let kept = match answer {
        Some(Answer::Labels(mut set)) => {
            for j in drop.iter().rev() {
                set.spans.remove(*j);
            }
            if set.spans.is_empty() && !set.nothing && set.brush.is_none() {
                None
            } else {
                Some(Answer::Labels(set))
            }
        }
        Some(Answer::Choices(mut values)) => {
            for j in drop.iter().rev() {
                values.remove(*j);
            }
            (!values.is_empty()).then_some(Answer::Choices(values))
        }
        Some(Answer::Links(mut set)) => {
            for j in drop.iter().rev() {
                set.links.remove(*j);
            }
            (!set.links.is_empty()).then_some(Answer::Links(set))
        }
        other if drop.is_empty() => other,
        _ => None,
    };
    super::put(&mut next.answers, control.clone(), kept);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::answer::{LabelSet, WordSpan};
    use crate::support::family::Gate;

    fn span(first: usize, last: usize, label: &str) -> LabelledSpan {
        LabelledSpan {
            span: WordSpan { first, last },
            label: label.into(),
            attrs: Default::default(),
        }
    }

    fn labels(spans: Vec<LabelledSpan>) -> Answer {
        Answer::Labels(Gate::gate(LabelSet {
            spans,
            nothing: false,
            brush: None,
        }))
    }

    fn decided(
        suggested: &Answer,
        answer: Option<&Answer>,
        accepted: &[usize],
    ) -> Vec<(Decision, Option<usize>, Option<usize>)> {
        units(suggested, answer, accepted)
            .into_iter()
            .map(|u| (u.decision, u.suggested, u.answer))
            .collect()
    }

    #[test]
    fn spans_are_pending_accepted_changed_rejected_or_added() {
        use Decision::*;
        let suggested = labels(vec![
            span(0, 1, "PER"),
            span(4, 4, "LOC"),
            span(7, 8, "ORG"),
        ]);
        assert_eq!(
            decided(&suggested, Some(&suggested), &[1]),
            vec![
                (Pending, Some(0), Some(0)),
                (Accepted, Some(1), Some(1)),
                (Pending, Some(2), Some(2))
            ]
        );
        // PER kept, LOC relabelled, ORG removed, a MISC added; in another order.
        let now = labels(vec![
            span(10, 10, "MISC"),
            span(4, 4, "ORG"),
            span(0, 1, "PER"),
        ]);
        assert_eq!(
            decided(&suggested, Some(&now), &[0]),
            vec![
                (Accepted, Some(0), Some(2)),
                (Changed, Some(1), Some(1)),
                (Rejected, Some(2), None),
                (Added, None, Some(0))
            ]
        );
        // Widened: the same label over more words is a change too.
        let wider = labels(vec![span(0, 2, "PER")]);
        assert_eq!(
            decided(&labels(vec![span(0, 1, "PER")]), Some(&wider), &[])[0].0,
            Changed
        );
        assert_eq!(
            decided(&suggested, None, &[0])
                .iter()
                .filter(|u| u.0 == Rejected)
                .count(),
            3
        );
    }

    #[test]
    fn a_decision_is_named_as_results_write_it() {
        use Decision::*;
        for d in [Pending, Accepted, Kept, Changed, Rejected, Added] {
            assert_eq!(serde_json::to_value(d).unwrap(), d.as_str());
        }
    }

    #[test]
    fn choices_and_whole_answers() {
        use Decision::*;
        let one = Answer::Choice("toxic".into());
        assert_eq!(
            decided(&one, Some(&one), &[]),
            vec![(Pending, Some(0), Some(0))]
        );
        assert_eq!(
            decided(&one, Some(&Answer::Choice("fine".into())), &[]),
            vec![(Changed, Some(0), Some(0))]
        );
        assert_eq!(decided(&one, None, &[0]), vec![(Rejected, Some(0), None)]);
        let many = Answer::Choices(Gate::gate(vec!["a".into(), "b".into()]));
        let now = Answer::Choices(Gate::gate(vec!["b".into(), "c".into()]));
        assert_eq!(
            decided(&many, Some(&now), &[1]),
            vec![
                (Rejected, Some(0), None),
                (Accepted, Some(1), Some(0)),
                (Added, None, Some(1))
            ]
        );
    }
}
