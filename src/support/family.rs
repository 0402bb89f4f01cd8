//! Task families a build leaves out: a left-out family's types become uninhabited, so the
//! compiler drops every branch that would handle them (their readers, views, rules and results).
//!
//! The browser bundle comes in builds per need (`scripts/build.sh`; `www/kinds.json` lists
//! each build's kinds, made from their declaration in `src/kinds/mod.rs`): `choice` (the base
//! kinds), `number`, `grid`, `labels`, `rating` (the base and one family each), `listen`
//! (ratings and media), `full` (every family but media) and `media` (every family). A spec variant of a family is declared
//! as `Variant(Numbers<Payload>)`, `Variant(Grids<Payload>)`, `Variant(Marking<Payload>)`,
//! `Variant(Labels<Payload>)` or `Variant(Ratings<Payload>)`: in a
//! build with the family that is the payload itself; in a build without it, [`Absent`]`<Payload>`,
//! a type with no values that reads as a clear error and dereferences to the payload for code
//! that is never reached. Native builds (the CLI, the tests, the report) have every family.

use std::fmt;
use std::marker::PhantomData;

/// Every build: the kinds of the `choice` build (and of every other).
pub type Base<T> = T;

/// Number controls and the blocks magnitude estimation shows (meaning representation,
/// standard): the `number` and `full` builds.
#[cfg(any(feature = "numbers", not(target_arch = "wasm32")))]
pub type Numbers<T> = T;
/// Number controls and the blocks magnitude estimation shows (meaning representation,
/// standard): the `number` and `full` builds.
#[cfg(not(any(feature = "numbers", not(target_arch = "wasm32"))))]
pub type Numbers<T> = Absent<T>;

/// Grids and sentence blocks (the per-sentence error grid): the `grid` and `full` builds.
#[cfg(any(feature = "grids", not(target_arch = "wasm32")))]
pub type Grids<T> = T;
/// Grids and sentence blocks (the per-sentence error grid): the `grid` and `full` builds.
#[cfg(not(any(feature = "grids", not(target_arch = "wasm32"))))]
pub type Grids<T> = Absent<T>;

/// Span attributes and question authoring (marking words of a text): the `full` build.
#[cfg(any(feature = "marking", not(target_arch = "wasm32")))]
pub type Marking<T> = T;
/// Span attributes and question authoring (marking words of a text): the `full` build.
#[cfg(not(any(feature = "marking", not(target_arch = "wasm32"))))]
pub type Marking<T> = Absent<T>;

/// Ratings (Likert points, Direct Assessment, preferences, rankings): the `rating` and `full` builds.
#[cfg(any(feature = "ratings", not(target_arch = "wasm32")))]
pub type Ratings<T> = T;
/// Ratings (Likert points, Direct Assessment, preferences, rankings): the `rating` and `full` builds.
#[cfg(not(any(feature = "ratings", not(target_arch = "wasm32"))))]
pub type Ratings<T> = Absent<T>;

/// Labels (multi-label choices; named entities, toxic spans, MQM error spans): the `labels` and
/// `full` builds.
#[cfg(any(feature = "labels", not(target_arch = "wasm32")))]
pub type Labels<T> = T;
/// Labels (multi-label choices; named entities, toxic spans, MQM error spans): the `labels` and
/// `full` builds.
#[cfg(not(any(feature = "labels", not(target_arch = "wasm32"))))]
pub type Labels<T> = Absent<T>;

/// Relations: links between the spans of a labelled-span control (relation extraction,
/// coreference chains): the `relations` and `media` builds.
#[cfg(any(feature = "relations", not(target_arch = "wasm32")))]
pub type Relations<T> = T;
/// Relations: links between the spans of a labelled-span control (relation extraction,
/// coreference chains): the `relations` and `media` builds.
#[cfg(not(any(feature = "relations", not(target_arch = "wasm32"))))]
pub type Relations<T> = Absent<T>;

/// Whether this build has relations: code that only they need starts with `if !RELATIONS`.
pub const RELATIONS: bool = cfg!(any(feature = "relations", not(target_arch = "wasm32")));

/// Compositions: sections that ask controls once per output of the item (WMT's ESA, MQM,
/// SummEval), display logic (a control shown only when another answer has a value) and label
/// groups (MQM's two-level categories): the `full` build.
#[cfg(any(feature = "compose", not(target_arch = "wasm32")))]
pub type Compose<T> = T;
/// Compositions: sections that ask controls once per output of the item (WMT's ESA, MQM,
/// SummEval), display logic (a control shown only when another answer has a value) and label
/// groups (MQM's two-level categories): the `full` build.
#[cfg(not(any(feature = "compose", not(target_arch = "wasm32"))))]
pub type Compose<T> = Absent<T>;

/// Whether this build has compositions (sections asked per output, display logic, label
/// groups): code that
/// only they need starts with `if !COMPOSE`, so the builds without them carry none of it.
pub const COMPOSE: bool = cfg!(any(feature = "compose", not(target_arch = "wasm32")));

/// Model suggestions: items that carry what a model proposes per control, pre-filled for the
/// annotator to accept, change or reject, with their provenance in the result: the `full`
/// build.
#[cfg(any(feature = "suggest", not(target_arch = "wasm32")))]
pub type Suggest<T> = T;
/// Model suggestions: items that carry what a model proposes per control, pre-filled for the
/// annotator to accept, change or reject, with their provenance in the result: the `full`
/// build.
#[cfg(not(any(feature = "suggest", not(target_arch = "wasm32"))))]
pub type Suggest<T> = Absent<T>;

/// Whether this build has model suggestions: code that only they need starts with
/// `if !SUGGEST`, so the builds without them carry none of it.
pub const SUGGEST: bool = cfg!(any(feature = "suggest", not(target_arch = "wasm32")));

/// Media: audio, images and video in items and outputs, with their players and the listening
/// tests' rules (ITU-T P.808's play to the end, plays and listening time in the result): the
/// `listen` and `media` builds.
#[cfg(any(feature = "media", not(target_arch = "wasm32")))]
pub type Media<T> = T;
/// Media: audio, images and video in items and outputs, with their players and the listening
/// tests' rules (ITU-T P.808's play to the end, plays and listening time in the result): the
/// `listen` and `media` builds.
#[cfg(not(any(feature = "media", not(target_arch = "wasm32"))))]
pub type Media<T> = Absent<T>;

/// Whether this build has media: code that only they need starts with `if !MEDIA`, so the
/// builds without them carry none of it.
pub const MEDIA: bool = cfg!(any(feature = "media", not(target_arch = "wasm32")));

/// The researcher's side (the command line, the tests and the report page's wasm, feature
/// `report-web`): what only collected results carry, such as an adjudicator's decision. No
/// participant build has it, so a result it writes can never claim one.
#[cfg(any(feature = "report-web", not(target_arch = "wasm32")))]
pub type Research<T> = T;
/// The researcher's side (the command line, the tests and the report page's wasm, feature
/// `report-web`): what only collected results carry, such as an adjudicator's decision. No
/// participant build has it, so a result it writes can never claim one.
#[cfg(not(any(feature = "report-web", not(target_arch = "wasm32"))))]
pub type Research<T> = Absent<T>;

/// Whole answers set at once (`form::Action::SetAnswer`): every build but `choice`, whose
/// kinds (single choice, free text) have actions of their own.
#[cfg(any(
    feature = "numbers",
    feature = "grids",
    feature = "marking",
    feature = "labels",
    feature = "ratings",
    feature = "compose",
    feature = "suggest",
    not(target_arch = "wasm32")
))]
pub type Wholes<T> = T;
/// Whole answers set at once (`form::Action::SetAnswer`): every build but `choice`, whose
/// kinds (single choice, free text) have actions of their own.
#[cfg(not(any(
    feature = "numbers",
    feature = "grids",
    feature = "marking",
    feature = "labels",
    feature = "ratings",
    feature = "compose",
    feature = "suggest",
    not(target_arch = "wasm32")
)))]
pub type Wholes<T> = Absent<T>;

/// A value of a family this build leaves out: there is none. Reading one is an error that says
/// which build has it; everything else about it is unreachable.
pub struct Absent<T>(std::convert::Infallible, PhantomData<T>);

impl<T> Absent<T> {
    /// Never returns: there is no value to hold (a left-out family's value is never made; the
    /// code that would make one is only reached through a value of the family).
    pub fn from_value(_: T) -> Self {
        unreachable!("a task family left out of this build")
    }
}

impl<T> std::ops::Deref for Absent<T> {
    type Target = T;
    fn deref(&self) -> &T {
        match self.0 {}
    }
}

impl<T> std::ops::DerefMut for Absent<T> {
    fn deref_mut(&mut self) -> &mut T {
        match self.0 {}
    }
}

impl<T> Clone for Absent<T> {
    fn clone(&self) -> Self {
        match self.0 {}
    }
}

impl<T> Copy for Absent<T> {}

impl<T> fmt::Debug for Absent<T> {
    fn fmt(&self, _: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {}
    }
}

impl<T> PartialEq for Absent<T> {
    fn eq(&self, _: &Self) -> bool {
        match self.0 {}
    }
}

impl<T> Eq for Absent<T> {}

impl<T> serde::Serialize for Absent<T> {
    fn serialize<S: serde::Serializer>(&self, _: S) -> Result<S::Ok, S::Error> {
        match self.0 {}
    }
}

/// What a build says of a kind of a family it leaves out.
pub const ABSENT: &str =
    "this build of Glossa does not have this kind: load the widget through glossa.js, \
     which picks the build a spec needs";

impl<'de, T> serde::Deserialize<'de> for Absent<T> {
    fn deserialize<D: serde::Deserializer<'de>>(_: D) -> Result<Self, D::Error> {
        Err(serde::de::Error::custom(ABSENT))
    }
}

impl<T: schemars::JsonSchema> schemars::JsonSchema for Absent<T> {
    fn inline_schema() -> bool {
        T::inline_schema()
    }

    fn schema_name() -> std::borrow::Cow<'static, str> {
        T::schema_name()
    }

    fn schema_id() -> std::borrow::Cow<'static, str> {
        T::schema_id()
    }

    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        T::json_schema(generator)
    }
}

/// Wraps a value of a family in its gate: the value itself in a build with the family.
pub trait Gate<T> {
    /// The gated value.
    fn gate(value: T) -> Self;
}

impl<T> Gate<T> for T {
    fn gate(value: T) -> T {
        value
    }
}

impl<T> Gate<T> for Absent<T> {
    fn gate(value: T) -> Self {
        Absent::from_value(value)
    }
}

/// Takes a value of a family out of its gate: the value itself in a build with the family
/// (a left-out family has no value to take).
pub trait Ungate<T> {
    /// The value.
    fn ungate(self) -> T;
}

impl<T> Ungate<T> for T {
    fn ungate(self) -> T {
        self
    }
}

impl<T> Ungate<T> for Absent<T> {
    fn ungate(self) -> T {
        match self.0 {}
    }
}
