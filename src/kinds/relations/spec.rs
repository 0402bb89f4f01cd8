//! What a spec says of a `relations` control: its entry's fields, as the JSON Schema and the spec
//! reference show them.

use crate::support::ids::{ControlId, OptionValue};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

crate::spec::parts::control_struct! {
    /// Links between the spans of a labelled-span control: typed relations between two spans
    /// (`works_for`: `PER` → `ORG`, an error linked to the source words it mistranslates) and
    /// chains (mentions of one entity, brat's equivalence `*`).
    #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct RelationsControl {
        /// The id of the `span_labels` control whose spans are linked (in the same section, asked
        /// the same way: per output when that one is).
        pub spans: ControlId,
        /// The types of link, in screen order.
        pub types: Vec<RelationType>,
        /// The fewest links an item needs (default 0).
        #[serde(default)]
        pub min: usize,
        /// The most links an item takes (default: any number).
        #[serde(default)]
        pub max: Option<usize>,
        /// What a link can be said to be besides its type (e.g. `negated`: yes or no, a
        /// relation's `certainty`), each a choice shown in every link's row of the types it
        /// applies to, recorded with the link (brat's attributes on relations).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        pub attributes: Vec<LinkAttribute>,
    }
}

/// An attribute of links: a choice of values, optional on every link it applies to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LinkAttribute {
    /// The stable name recorded in results (e.g. `negated`); unique in its control.
    pub id: String,
    /// The name shown beside its choice (e.g. `Negated?`).
    pub label: String,
    /// The values to choose from (e.g. `[{"value": "yes", "label": "Yes"}]`).
    pub values: Vec<crate::spec::AttributeValue>,
    /// The types of link it applies to (their values); empty: every type.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub types: Vec<OptionValue>,
}

impl LinkAttribute {
    /// Whether a link of this type can have it.
    pub fn applies_to(&self, kind: &str) -> bool {
        self.types.is_empty() || self.types.iter().any(|t| t.as_str() == kind)
    }
}

/// One type of link.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RelationType {
    /// The stable value recorded in results (e.g. `works_for`, `coref`); unique in its control.
    pub value: OptionValue,
    /// The name shown on its button and in the list of links (e.g. `works for`).
    pub label: String,
    /// What the type covers and how to link, in Markdown (opened on the spot).
    #[serde(default)]
    pub description: Option<String>,
    /// `directed` (default: from the first span to the second, e.g. `works_for`),
    /// `undirected` (either way round, e.g. `sibling_of`) or `chain` (the spans are mentions of
    /// one thing: linked spans join one cluster, as coreference chains do).
    #[serde(default)]
    pub shape: LinkShape,
    /// The span labels its first argument may have (e.g. `["PER"]`); empty: any label.
    #[serde(default)]
    pub from: Vec<OptionValue>,
    /// The span labels its second argument may have (e.g. `["ORG"]`); empty: any label. An
    /// undirected type or a chain takes a pair whose labels fit either way round.
    #[serde(default)]
    pub to: Vec<OptionValue>,
    /// A shortcut key that gives the link being made this type: one character `1`–`9` or
    /// `a`–`z`, unique in the spec.
    #[serde(default)]
    pub key: Option<String>,
}

/// How a type links its two spans.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum LinkShape {
    /// From the first span to the second; the order is part of the link.
    #[default]
    Directed,
    /// Between two spans, either way round.
    Undirected,
    /// The two spans are mentions of one thing; a chain is every span linked to another.
    Chain,
}

impl LinkShape {
    /// Whether the order of the two spans is part of the link.
    pub fn directed(self) -> bool {
        self == Self::Directed
    }
}

impl RelationType {
    /// Whether a link of this type may go from a span labelled `from` to one labelled `to`,
    /// in that order.
    pub fn fits_in_order(&self, from: &str, to: &str) -> bool {
        let takes = |labels: &[OptionValue], l: &str| {
            labels.is_empty() || labels.iter().any(|v| v.as_str() == l)
        };
        takes(&self.from, from) && takes(&self.to, to)
    }

    /// Whether a link of this type may join a span labelled `from` and one labelled `to`: in
    /// that order, or either way round when the type is not directed.
    pub fn fits(&self, from: &str, to: &str) -> bool {
        self.fits_in_order(from, to) || (!self.shape.directed() && self.fits_in_order(to, from))
    }
}

impl crate::spec::capability::Capabilities for RelationsControl {}
