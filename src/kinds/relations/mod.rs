//! `relations`: links between the spans of a labelled-span control — typed relations
//! (`works_for`: PER → ORG), undirected ones, and chains (mentions of one thing, coreference).
//! The link logic is `links.rs`, the spec checks `check.rs`, the rules a file each.

mod aggregation;
pub mod check;
mod undo;
mod findings;
mod link_count;
mod link_spans;
pub mod links;
pub mod spec;
mod value;
// The view: the UI layer of the kind (browser builds only).
#[cfg(ui)]
mod link_form;
#[cfg(ui)]
mod link_row;
#[cfg(ui)]
mod passage;
#[cfg(ui)]
mod view;

use super::prelude::*;
use crate::analysis::findings::Figures;
use crate::answer::{LabelSet, LinkEnd, LinkSet, RelationsValue, SpanLink, WordSpan};
use crate::spec::RelationsControl;
use crate::support::family::{Gate, Relations};

fn gate<T>(v: T) -> Relations<T> {
    Gate::gate(v)
}

/// The relations control that links a span control's spans (by its id), if the spec has one.
pub fn relations_over<'s>(spec: &'s crate::spec::TaskSpec, spans: &ControlId) -> Option<&'s RelationsControl> {
    spec.controls.iter().find_map(|c| match c {
        crate::spec::Control::Relations(r) => {
            let r: &RelationsControl = r;
            (&r.spans == spans).then_some(r)
        }
        _ => None,
    })
}

/// The links of an answer (none when there is no answer).
pub(crate) fn link_set(answer: Option<&Answer>) -> Option<&LinkSet> {
    match answer {
        Some(Answer::Links(set)) => Some(set),
        _ => None,
    }
}

/// The spans of the span control's answer (none when it has none).
pub(crate) fn marked(answer: Option<&Answer>) -> &[crate::answer::LabelledSpan] {
    match answer {
        Some(Answer::Labels(set)) => {
            let set: &LabelSet = set;
            &set.spans
        }
        _ => &[],
    }
}

impl CheckControl for RelationsControl {
    fn check(&self, path: &str, keys: &mut SortedMap<String, String>, out: &mut Vec<SpecIssue>) {
        check::check_own(self, path, keys, out);
    }

    fn check_in(&self, spec: &crate::spec::TaskSpec, path: &str, out: &mut Vec<SpecIssue>) {
        check::check_spans(self, path, spec, out);
    }
}

impl ItemFields for RelationsControl {
    fn check_item(&self, _: &Item, _: &str, _: &mut Vec<SpecIssue>) {}

    /// Its spans are the span control's: it marks no text of its own.
    fn span_field(&self) -> Option<&str> {
        None
    }

    fn linked_control_mut(&mut self) -> Option<&mut ControlId> {
        Some(&mut self.spans)
    }

    fn linked_control(&self) -> Option<&ControlId> {
        Some(&self.spans)
    }
}

/// A worked example's span end: `{"label": "PER", "words": [first, last]}`.
fn example_end(v: &Value) -> Option<LinkEnd> {
    let words = v.get("words")?.as_array()?;
    Some(LinkEnd {
        span: WordSpan {
            first: words.first()?.as_u64()? as usize,
            last: words.get(1).or(words.first())?.as_u64()? as usize,
        },
        label: v.get("label")?.as_str()?.into(),
    })
}

impl KindAnswer for RelationsControl {
    fn read_value(&self, json: &Value) -> Result<AnswerValue, String> {
        typed::<RelationsValue>(json).map(|v| AnswerValue::Relations(gate(v)))
    }

    fn example_answer(&self, json: &Value) -> Option<Answer> {
        let links = (json.get("links")?.as_array()?.iter())
            .map(|l| {
                let mut link = SpanLink::new(l.get("label")?.as_str()?.into(), example_end(l.get("head")?)?, example_end(l.get("tail")?)?);
                for (name, value) in l.get("attributes").and_then(Value::as_object).into_iter().flatten() {
                    link.attributes.insert(name.clone(), value.as_str()?.to_owned());
                }
                Some(link)
            })
            .collect::<Option<Vec<_>>>()?;
        Some(Answer::Links(gate(LinkSet { links })))
    }

    fn example_hint(&self) -> &'static str {
        "give {\"links\": [{\"label\": \"<type>\", \"head\": {\"label\": \"...\", \"words\": [first, last]}, \"tail\": {...}}]} ([] for none)"
    }
}

/// An edit of the links.
#[derive(Clone, Debug, PartialEq)]
pub enum RelationEdit {
    /// Makes a link (refused, changing nothing, when its type does not take its spans).
    Link(SpanLink),
    /// Gives the link at this place another type.
    Retype {
        /// The link's place.
        at: usize,
        /// The new type's value.
        kind: crate::support::ids::OptionValue,
    },
    /// Turns the link at this place round.
    Turn(usize),
    /// Gives the link at this place a value of an attribute (`None`: none).
    Attribute {
        /// The link's place.
        at: usize,
        /// The attribute's name.
        name: String,
        /// The value.
        value: Option<String>,
    },
    /// Deletes the link at this place.
    Unlink(usize),
    /// Puts back the passages last removed with their links, and the links.
    Undo,
}

impl FormKind for RelationsControl {
    type Edit = RelationEdit;

    fn edit(&self, _: &Task, control: &ControlId, edit: RelationEdit, next: &mut FormState) {
        if edit == RelationEdit::Undo {
            return undo::undo(control, next);
        }
        // Any other change to the links: the deleted ones are no longer offered back.
        next.links_notice = None;
        // The span control as this task has it (a copy per output: `ner/sysA`).
        let spans = marked(next.answers.get(&self.spans)).to_vec();
        crate::form::change(next, control, |answer| {
            let mut set = link_set(answer).cloned().unwrap_or_default();
            let done = match edit {
                RelationEdit::Link(link) => {
                    let ends_marked = [&link.from, &link.to]
                        .iter()
                        .all(|e| spans.iter().any(|s| e.names(s)));
                    ends_marked && self.link(&mut set, link).is_ok()
                }
                RelationEdit::Retype { at, kind } => self.retype(&mut set, at, kind).is_ok(),
                RelationEdit::Turn(at) => self.turn(&mut set, at).is_ok(),
                RelationEdit::Attribute { at, name, value } => self.set_attribute(&mut set, at, &name, value).is_ok(),
                RelationEdit::Unlink(at) => {
                    set.unlink(at);
                    true
                }
                RelationEdit::Undo => false,
            };
            done.then(|| (!set.links.is_empty()).then(|| Answer::Links(gate(set))))
        });
    }

    fn replay(&self, _: &ControlId, answer: &Answer) -> Vec<Action> {
        link_set(Some(answer))
            .map(|set| {
                (set.links.iter())
                    .map(|l| self.action(RelationEdit::Link(l.clone())))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// The span control's answer changed: links follow a span moved or relabelled, and go
    /// with a span deleted.
    fn follow(&self, _: &Task, control: &ControlId, before: &crate::answer::Answers, next: &mut FormState) {
        let (old, new) = (marked(before.get(&self.spans)), marked(next.answers.get(&self.spans)));
        if old == new {
            return;
        }
        let Some(mut set) = link_set(next.answers.get(control)).cloned() else {
            return;
        };
        // The spans only one side has (a span's attributes are no part of a link's end).
        let only = |side: &[crate::answer::LabelledSpan], other: &[crate::answer::LabelledSpan]| -> Vec<LinkEnd> {
            (side.iter()).map(LinkEnd::of).filter(|e| !other.iter().any(|s| e.names(s))).collect()
        };
        let (gone, came) = (only(old, new), only(new, old));
        if let ([from], [to]) = (gone.as_slice(), came.as_slice()) {
            set.move_span(self, from, to);
        } else if let Some(notice) = undo::drop_with(self, control, &mut set, &gone, old) {
            next.links_notice = Some(gate(notice));
        }
        let answer = (!set.links.is_empty()).then(|| Answer::Links(gate(set)));
        crate::form::put(&mut next.answers, control.clone(), answer);
    }
}

impl ControlRules for RelationsControl {
    fn rules(&self, _: &Task, answer: Option<&Answer>, out: &mut Vec<Problem>) {
        out.extend(link_count::apply(self, link_set(answer)));
    }

    fn joint_rules(&self, _: &Task, answers: &crate::answer::Answers, out: &mut Vec<Problem>) {
        let Some(set) = link_set(answers.get(&self.id)) else {
            return;
        };
        out.extend(link_spans::apply(self, set, marked(answers.get(&self.spans))));
    }
}

impl ToValue for RelationsControl {
    /// A value whenever the span control has one: an item whose spans are not linked records
    /// `"links": []`, so agreement counts it.
    fn value(&self, task: &Task, answer: Option<&Answer>) -> Option<AnswerValue> {
        value::of(self, task, link_set(answer)).map(|v| AnswerValue::Relations(gate(v)))
    }
}

impl Simulate for RelationsControl {
    /// Links between the spans the simulated annotator marked (the span control comes first):
    /// `min` of them, or one more now and then, each of a type that takes its two spans.
    fn simulate(&self, task: &Task, rng: &mut SplitMix, plain: bool, out: &mut Vec<Action>) {
        let state = (out.iter()).fold(crate::form::suggestions::fresh(task, 0), |f, a| crate::form::apply(task, &f, a.clone()));
        let spans = marked(state.answers.get(&self.spans));
        let mut fitting: Vec<SpanLink> = Vec::new();
        for (i, a) in spans.iter().enumerate() {
            for b in spans.iter().skip(i + 1) {
                for t in &self.types {
                    for (from, to) in [(a, b), (b, a)] {
                        if t.fits(from.label.as_str(), to.label.as_str()) && from.span != to.span {
                            fitting.push(SpanLink::new(t.value.clone(), LinkEnd::of(from), LinkEnd::of(to)));
                        }
                    }
                }
            }
        }
        let want = if plain { self.min } else { self.min + pick(rng, 2) };
        let mut set = LinkSet::default();
        while set.links.len() < want && !fitting.is_empty() {
            let link = fitting.swap_remove(pick(rng, fitting.len()));
            if self.link(&mut set, link.clone()).is_ok() {
                out.push(self.action(RelationEdit::Link(link)));
            }
        }
    }
}

impl GoldAnswer for RelationsControl {
    /// `{"links": [{"label": "Located", "head": {"label": "Person", "words": [0, 1]}, "tail":
    /// {...}}]}`: each passage by its label and words (`words`, or a result's `first_word` and
    /// `last_word`: a result's links copied as they are), each type one of the control's. An
    /// annotator passes with the same links, each passage's words overlapping the expected
    /// ones by the span tolerance.
    fn expected(&self, _: &Item, value: &Value, path: &str) -> Result<Expected, Vec<GoldProblem>> {
        let Some(list) = value.get("links").and_then(Value::as_array) else {
            return Err(gold::problem(path, "write {\"links\": [{\"label\": \"<type>\", \"head\": {\"label\": \"<span label>\", \"words\": [first, last]}, \"tail\": {...}}]} (or copy a result's value)".into()));
        };
        let mut out = Vec::new();
        let mut problems = Vec::new();
        for (i, l) in list.iter().enumerate() {
            let at = format!("{path}.links[{i}]");
            let label = l.get("label").and_then(Value::as_str).unwrap_or_default();
            let Some(t) = self.relation_type(label) else {
                let known: Vec<&str> = self.types.iter().map(|t| t.value.as_str()).collect();
                problems.extend(gold::problem(&format!("{at}.label"), format!("\"{label}\" is not a type of \"{}\": use one of {}", self.id, known.join(", "))));
                continue;
            };
            let end = |key: &str| -> Result<(String, u64, u64), Vec<GoldProblem>> {
                let e = &l[key];
                let words = e.get("words").and_then(Value::as_array).and_then(|w| Some((w.first()?.as_u64()?, w.get(1)?.as_u64()?)));
                let words = words.or_else(|| Some((e.get("first_word")?.as_u64()?, e.get("last_word")?.as_u64()?)));
                match (e.get("label").and_then(Value::as_str), words) {
                    (Some(label), Some((f, last))) if f <= last => Ok((label.to_owned(), f, last)),
                    _ => Err(gold::problem(&format!("{at}.{key}"), "give the passage as {\"label\": \"<span label>\", \"words\": [first, last]} (words numbered from 0)".into())),
                }
            };
            match (end("head"), end("tail")) {
                (Ok(head), Ok(tail)) => out.push(GoldLink { label: label.to_owned(), head, tail, directed: t.shape.directed() }),
                (h, t) => problems.extend(h.err().into_iter().chain(t.err()).flatten()),
            }
        }
        gold::done(Expected::Links(out), problems)
    }
}

impl Analyse for RelationsControl {
    const FINDINGS: Option<&'static str> = Some(findings::GROUP);

    fn revalidate(&self, task: &Task, value: &AnswerValue, path: &str, out: &mut Vec<Finding>) -> Option<Answer> {
        let AnswerValue::Relations(v) = value else {
            return None;
        };
        value::revalidate(self, task, v, path, out).map(|set| Answer::Links(gate(set)))
    }

    fn tidy(&self, value: &AnswerValue, push: &mut dyn FnMut(String, String, Option<&SpanValue>)) {
        if let AnswerValue::Relations(v) = value {
            for l in &v.links {
                let part = format!("{}→{}", l.head.text, l.tail.text);
                push(part.clone(), l.label.clone(), None);
                // Each attribute a row of its own, after its link's.
                for (name, value) in &l.attributes {
                    push(format!("{part} {name}"), value.clone(), None);
                }
            }
        }
    }

    /// Relation F₁ between each item's annotators (exact and overlapping passages), and the
    /// chains' coreference scores.
    fn agreement(&self, _: &Context, answers: &[Answered], report: &mut AgreementReport) {
        let mut by_item: std::collections::BTreeMap<String, SortedMap<String, &RelationsValue>> = Default::default();
        for a in answers {
            if let Some(v) = a.value.relations() {
                by_item.entry(a.item.to_owned()).or_default().insert(a.who.clone(), v);
            }
        }
        report.findings.push(findings::compute(self, &by_item).findings());
    }

    /// Each link with its type and its two passages (`relations` in the dataset).
    fn dataset(&self, value: &AnswerValue, push: &mut dyn FnMut(&str, Cells)) {
        let Some(v) = value.relations() else { return };
        let span = |s: &crate::answer::LabelledSpanValue| SpanCell::of(&s.span(), &s.label, None);
        let links = v.links.iter().map(|l| LinkCell { label: l.label.clone(), head: span(&l.head), tail: span(&l.tail) });
        push("", Cells { links: Some(links.collect()), ..Cells::default() });
    }

    /// Crowd aggregation: one task per pair of passages any annotator linked, its type.
    fn votes(&self, value: &AnswerValue, _: usize, all: &[&AnswerValue]) -> Vec<(Part, String)> {
        aggregation::votes(self, value, all)
    }

    /// The links whose pair's aggregated label is their type, between passages the span
    /// control's aggregate keeps, and their chains.
    fn aggregated(&self, parts: &[(Part, String)], _: Option<&Item>, _: &str, unit: &UnitAnswers) -> Option<Value> {
        aggregation::aggregated(self, parts, unit)
    }

    fn distribution(&self, values: &[&AnswerValue]) -> Vec<(String, Vec<(String, usize)>)> {
        let counts: Vec<(String, usize)> = (self.types.iter())
            .map(|t| {
                let n = (values.iter())
                    .filter_map(|v| v.relations())
                    .map(|r| r.links.iter().filter(|l| l.label == t.value.as_str()).count())
                    .sum();
                (t.label.clone(), n)
            })
            .collect();
        vec![(self.label.clone(), counts)]
    }

    fn categorical(&self, _: &AnswerValue) -> Vec<String> {
        Vec::new()
    }
}
