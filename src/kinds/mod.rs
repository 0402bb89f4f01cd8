//! Control kinds, a folder each: everything a kind is, in every layer — `spec.rs` (what a spec
//! says of it), `mod.rs` (its part in the core: checks, item fields, answers, form edits,
//! rules, result value, simulated annotator, gold comparison, analysis), and its view files
//! (the UI layer, browser builds only).
//!
//! This file is the **declaration**: [`control_kinds!`] lists every kind once, with its
//! `Control` variant, its payload, its build family and how gold answers are compared. Every
//! other list of kinds is made from it or checked against it: the `Control` enum, its reader
//! and its tags, `each_control!`, the kinds' modules, the gold tolerance (an exhaustive table),
//! the re-exports of the payloads, and `www/kinds.json` (the studio, the CSS splitter and the
//! build script read it; `tests/kinds.rs` keeps it and `glossa.js`' builds true).
//!
//! Each layer of the core says what it needs of a kind in a trait of its own, and code that
//! works per kind calls that trait through `each_control!`, never with an arm per kind:
//!
//! | layer | trait | what the kind provides |
//! |---|---|---|
//! | `spec` | `CheckControl` | checks of its own entry in the spec |
//! | `item` | `ItemFields` | checks of the item fields it reads |
//! | `answer` | `KindAnswer` | its result value read back; worked examples' answers |
//! | `form` | `FormKind` | its edits (`Action::Kind`), applied to the answer as it stands |
//! | `validate` | `ControlRules` | its rules (each rule a file in `validate/`) |
//! | `result` | `ToValue` | its result value |
//! | `simulate` | `Simulate` | a simulated annotator's actions |
//! | `study::gold` | `GoldAnswer` | its expected answer in a gold file |
//! | `analysis` | `Analyse` | re-validation, tidy rows, agreement, charts |
//! | `ui` | `KindView` | its view, focus on a problem, worked examples, shortcut keys |
//!
//! The compiler checks that every kind implements every trait. `docs/src/adding-a-kind.md`
//! lists the places a new kind touches.

/// Every control kind, once. Each entry: its doc (the spec reference's and the JSON Schema's
/// description), its folder (whose name is its `kind` tag), its `Control` variant with its
/// payload (in the folder's `spec.rs`) wrapped in its build family (`Base` is every build;
/// see `support::family`), how a gold answer is compared (`exact`, or the tolerance a gold
/// entry may give: `ratio_band`, `point_band`, `span_overlap`), and, for a kind that exists in
/// some builds only, `if` the `cfg` that has it.
///
/// `control_kinds!([path::to::callback] args…)` calls `callback! { [args…] entries… }`: the
/// lists are made by callbacks (`spec::control`, `study::gold`, `kinds::catalog`).
macro_rules! control_kinds {
    ([$($then:tt)*] $($args:tt)*) => {
        $($then)*! { [$($args)*]
            /// Exactly one option out of a list, each option with a short label and a definition.
            single_choice => SingleChoice(Base<SingleChoice>) gold exact,
            /// Any options out of a list (multi-label), between `min` and `max` of them, with an
            /// exclusive "none of these" when the spec gives one.
            multiple_choice => MultipleChoice(Labels<MultipleChoice>) gold exact,
            /// A whole number, asked once or once for each output the item lists (magnitude
            /// estimation: one score per utterance).
            number => Number(Numbers<NumberControl>) gold ratio_band,
            /// A rating scale (Likert): one of `points` ordered points, with labels per point or at
            /// the ends and an optional "not applicable", asked once or once per output.
            scale => Scale(Ratings<ScaleControl>) gold point_band,
            /// A slider (Direct Assessment, 0–100 by default) with no preset position: untouched is
            /// unanswered. Asked once or once per output.
            slider => Slider(Ratings<SliderControl>) gold point_band,
            /// Pairwise preference: two outputs of the item side by side, the better one (or a tie),
            /// optionally how much better, optionally per criterion. Sides are shuffled per item.
            pairwise => Pairwise(Ratings<PairwiseControl>) gold exact,
            /// Ranking of the item's outputs (RankME's relative ranking), or best–worst scaling (the
            /// best and the worst of them).
            ranking => Ranking(Ratings<RankingControl>) gold exact,
            /// A grid: one row per sentence of the item, columns of options (possibly two-level), at
            /// most one choice per column per row, and rows filled by exactly one alternative group of
            /// columns (the per-sentence error taxonomy).
            grid => Grid(Grids<GridControl>) gold exact,
            /// Attributes that each take a value and spans of a text (span annotation).
            span_attributes => SpanAttributes(Marking<SpanAttributes>) gold span_overlap,
            /// Labelled spans: passages of a text, each with one label from a set (named entities,
            /// toxic spans, MQM error spans), optionally with attributes per span.
            span_labels => SpanLabels(Labels<SpanLabels>) gold span_overlap,
            /// Links between the spans of a labelled-span control: typed relations, directed or
            /// not, with the span labels each type takes (`works_for`: `PER` → `ORG`), and chains
            /// (mentions of one thing, as coreference chains group them).
            relations => Relations(Relations<RelationsControl>) gold span_overlap,
            /// Free text (e.g. an optional note).
            text => Text(Base<TextControl>) gold exact,
            /// Question authoring: questions about a paragraph, each with its answer marked in it.
            questions => Questions(Marking<QuestionsControl>) gold span_overlap,
            /// The test suite's choice-like kind (cargo feature `test-kind`, never in a build):
            /// declared here and made in its folder alone, it joins every feature.
            test_choice => TestChoice(Base<TestChoice>) gold exact if feature = "test-kind",
        }
    };
}
pub(crate) use control_kinds;

/// Declares the kinds' modules (one folder each).
macro_rules! kind_modules {
    ([] $( $(#[$doc:meta])* $folder:ident => $Variant:ident($family:ident<$Payload:ident>) gold $gold:ident $(if $cfg:meta)? ),* $(,)?) => {
        $( $(#[cfg($cfg)])? pub mod $folder; )*
    };
}
control_kinds!([kind_modules]);

#[cfg(any(
    not(target_arch = "wasm32"),
    feature = "report-web",
    feature = "prerender-web"
))]
pub mod catalog;
pub(crate) mod options;
mod points;
pub(crate) mod prelude;
