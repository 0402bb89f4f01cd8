//! The links of one item as the form holds them, and every change a participant makes to them:
//! make a link (refused, with the reason, when its type does not fit its spans), retype,
//! turn round and delete one, and keep links with their spans when a span is moved, relabelled
//! or deleted. Chains are read off the links of a chain type (each cluster: every span linked
//! to another, transitively). Plain Rust: the view and the rules call it.

use super::spec::{LinkShape, RelationType, RelationsControl};
use crate::answer::{LabelledSpan, LinkEnd, LinkSet, SpanLink};
use crate::support::ids::OptionValue;

impl LinkEnd {
    /// The end a marked span is.
    pub fn of(span: &LabelledSpan) -> Self {
        Self {
            span: span.span,
            label: span.label.clone(),
        }
    }

    /// Whether it names `span`.
    pub fn names(&self, span: &LabelledSpan) -> bool {
        self.span == span.span && self.label == span.label
    }
}

/// Why a link was not made or changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refused {
    /// The spec has no type with this value.
    UnknownType,
    /// A span linked to itself.
    SameSpan,
    /// The type does not take spans with these labels (`works_for` from an `ORG`): the labels
    /// it takes, first and second.
    Labels {
        /// The labels its first span may have (empty: any).
        from: Vec<OptionValue>,
        /// The labels its second span may have (empty: any).
        to: Vec<OptionValue>,
    },
    /// The same link is there already (either way round, when its type is not directed).
    Duplicate,
    /// The spec's `max` is reached.
    Full,
    /// No link at this place.
    NoSuchLink,
    /// An attribute the link's type does not have, or a value the attribute does not have.
    Attribute,
}

impl RelationsControl {
    /// The type with this value.
    pub fn relation_type(&self, value: &str) -> Option<&RelationType> {
        self.types.iter().find(|t| t.value.as_str() == value)
    }

    /// Whether two links are the same link (the same type and spans, either way round when
    /// the type is not directed).
    pub fn same_link(&self, a: &SpanLink, b: &SpanLink) -> bool {
        let turned = self
            .relation_type(a.kind.as_str())
            .is_some_and(|t| !t.shape.directed());
        a.kind == b.kind
            && ((a.from == b.from && a.to == b.to) || (turned && a.from == b.to && a.to == b.from))
    }

    /// Why `link` cannot stand beside `others` (the set's other links), if it cannot.
    pub fn refusal<'l>(&self, link: &SpanLink, others: impl IntoIterator<Item = &'l SpanLink>) -> Option<Refused> {
        let Some(t) = self.relation_type(link.kind.as_str()) else {
            return Some(Refused::UnknownType);
        };
        if (link.attributes.iter()).any(|(name, value)| self.attribute_problem(link.kind.as_str(), name, value).is_some()) {
            return Some(Refused::Attribute);
        }
        if link.from == link.to {
            return Some(Refused::SameSpan);
        }
        if !t.fits(link.from.label.as_str(), link.to.label.as_str()) {
            return Some(Refused::Labels {
                from: t.from.clone(),
                to: t.to.clone(),
            });
        }
        (others.into_iter())
            .any(|o| self.same_link(o, link))
            .then_some(Refused::Duplicate)
    }

    /// Makes a link; an undirected link whose labels fit only the other way round is stored
    /// that way round.
    pub fn link(&self, set: &mut LinkSet, mut link: SpanLink) -> Result<(), Refused> {
        if self.max.is_some_and(|max| set.links.len() >= max) {
            return Err(Refused::Full);
        }
        if let Some(why) = self.refusal(&link, &set.links) {
            return Err(why);
        }
        let t = self.relation_type(link.kind.as_str()).expect("checked above");
        if !t.fits_in_order(link.from.label.as_str(), link.to.label.as_str()) {
            std::mem::swap(&mut link.from, &mut link.to);
        }
        set.links.push(link);
        Ok(())
    }

    /// Gives link `at` another type, when the new type takes its spans.
    pub fn retype(&self, set: &mut LinkSet, at: usize, kind: OptionValue) -> Result<(), Refused> {
        self.change(set, at, |link| {
            link.kind = kind;
            // The attributes its new type has no use for go.
            let kind = link.kind.clone();
            link.attributes.retain(|name, _| self.attribute(name).is_some_and(|a| a.applies_to(kind.as_str())));
        })
    }

    /// The attribute with this name.
    pub fn attribute(&self, name: &str) -> Option<&super::spec::LinkAttribute> {
        self.attributes.iter().find(|a| a.id == name)
    }

    /// What is wrong with a link of type `kind` having `value` for attribute `name`, if
    /// anything: an attribute the control lacks, one for other types, a value it does not have.
    pub fn attribute_problem(&self, kind: &str, name: &str, value: &str) -> Option<String> {
        let Some(a) = self.attribute(name) else {
            return Some(format!("\"{name}\" is not an attribute of the links of \"{}\"", self.id));
        };
        if !a.applies_to(kind) {
            return Some(format!("\"{name}\" is not an attribute of \"{kind}\" links"));
        }
        (!a.values.iter().any(|v| v.value == value)).then(|| {
            let values: Vec<&str> = a.values.iter().map(|v| v.value.as_str()).collect();
            format!("\"{value}\" is not a value of \"{name}\" ({})", values.join(", "))
        })
    }

    /// Gives link `at` a value of an attribute (`None`: takes its value away), when the
    /// attribute applies to the link's type and has that value.
    pub fn set_attribute(&self, set: &mut LinkSet, at: usize, name: &str, value: Option<String>) -> Result<(), Refused> {
        let link = set.links.get_mut(at).ok_or(Refused::NoSuchLink)?;
        match value {
            Some(v) if self.attribute_problem(link.kind.as_str(), name, &v).is_some() => Err(Refused::Attribute),
            Some(v) => {
                link.attributes.insert(name.to_owned(), v);
                Ok(())
            }
            None => {
                link.attributes.remove(name);
                Ok(())
            }
        }
    }

    /// Turns link `at` round (from the second span to the first), when its type takes that.
    pub fn turn(&self, set: &mut LinkSet, at: usize) -> Result<(), Refused> {
        self.change(set, at, |link| std::mem::swap(&mut link.from, &mut link.to))
    }

    /// Changes link `at` as `change` says, when the link it becomes can stand beside the others.
    fn change(&self, set: &mut LinkSet, at: usize, change: impl FnOnce(&mut SpanLink)) -> Result<(), Refused> {
        let mut link = set.links.get(at).cloned().ok_or(Refused::NoSuchLink)?;
        change(&mut link);
        let others = (set.links.iter().enumerate()).filter(|(i, _)| *i != at).map(|(_, l)| l);
        if let Some(why) = self.refusal(&link, others) {
            return Err(why);
        }
        set.links[at] = link;
        Ok(())
    }
}

impl LinkSet {
    /// Deletes link `at` (nothing when there is none).
    pub fn unlink(&mut self, at: usize) {
        if at < self.links.len() {
            self.links.remove(at);
        }
    }

    /// The places of the links `end` takes part in, in order: what deleting its span would
    /// take with it.
    pub fn touching(&self, end: &LinkEnd) -> Vec<usize> {
        (self.links.iter().enumerate())
            .filter(|(_, l)| &l.from == end || &l.to == end)
            .map(|(i, _)| i)
            .collect()
    }

    /// A span deleted: its links go with it.
    pub fn drop_span(&mut self, end: &LinkEnd) {
        self.links.retain(|l| &l.from != end && &l.to != end);
    }

    /// A span moved or relabelled: its links follow it. A link its type no longer takes (its
    /// new label does not fit) or that became a copy of another is dropped; returns how many.
    pub fn move_span(&mut self, control: &RelationsControl, old: &LinkEnd, new: &LinkEnd) -> usize {
        let before = self.links.len();
        let moved: Vec<SpanLink> = std::mem::take(&mut self.links)
            .into_iter()
            .map(|mut l| {
                for end in [&mut l.from, &mut l.to] {
                    if end == old {
                        *end = new.clone();
                    }
                }
                l
            })
            .collect();
        for link in moved {
            if control.refusal(&link, &self.links).is_none() {
                self.links.push(link);
            }
        }
        before - self.links.len()
    }

    /// The links whose spans are not among `spans` (the span control's answer): each one's
    /// place. A link is never left so by the form; a result edited by hand or an import may.
    pub fn dangling(&self, spans: &[LabelledSpan]) -> Vec<usize> {
        let marked = |end: &LinkEnd| spans.iter().any(|s| end.names(s));
        (self.links.iter().enumerate())
            .filter(|(_, l)| !marked(&l.from) || !marked(&l.to))
            .map(|(i, _)| i)
            .collect()
    }

    /// The chains of a spec: for each chain type in the spec's order, its clusters (each
    /// cluster's spans in text order, the clusters by their first span).
    pub fn chains<'c>(
        &self,
        control: &'c RelationsControl,
    ) -> Vec<(&'c OptionValue, Vec<Vec<LinkEnd>>)> {
        (control.types.iter())
            .filter(|t| t.shape == LinkShape::Chain)
            .map(|t| {
                (
                    &t.value,
                    clusters(self.links.iter().filter(|l| l.kind == t.value)),
                )
            })
            .collect()
    }
}

/// The clusters the links make (spans joined by a path of links), each in text order.
fn clusters<'l>(links: impl Iterator<Item = &'l SpanLink>) -> Vec<Vec<LinkEnd>> {
    let mut ends: Vec<LinkEnd> = Vec::new();
    let mut parent: Vec<usize> = Vec::new();
    fn root(parent: &mut [usize], mut i: usize) -> usize {
        while parent[i] != i {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        i
    }
    let place = |end: &LinkEnd, ends: &mut Vec<LinkEnd>, parent: &mut Vec<usize>| {
        ends.iter().position(|e| e == end).unwrap_or_else(|| {
            ends.push(end.clone());
            parent.push(parent.len());
            parent.len() - 1
        })
    };
    for l in links {
        let (a, b) = (
            place(&l.from, &mut ends, &mut parent),
            place(&l.to, &mut ends, &mut parent),
        );
        let (ra, rb) = (root(&mut parent, a), root(&mut parent, b));
        parent[ra.max(rb)] = ra.min(rb);
    }
    let mut by_root: Vec<(usize, Vec<LinkEnd>)> = Vec::new();
    for i in 0..ends.len() {
        let r = root(&mut parent, i);
        match by_root.iter_mut().find(|(k, _)| *k == r) {
            Some((_, c)) => c.push(ends[i].clone()),
            None => by_root.push((r, vec![ends[i].clone()])),
        }
    }
    let mut out: Vec<Vec<LinkEnd>> = by_root
        .into_iter()
        .map(|(_, mut c)| {
            c.sort_by_key(|e| (e.span.first, e.span.last, e.label.clone()));
            c
        })
        .collect();
    out.sort_by_key(|c| (c[0].span.first, c[0].span.last));
    out
}

#[cfg(test)]
mod tests;
