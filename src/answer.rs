//! Typed answers, one kind per control kind: a single choice is one value, never a set of flags.
//!
//! [`Answer`] is what the form holds while the annotator works (number boxes keep the text as
//! typed, so "1.5" can be shown back with its message); [`AnswerValue`] is what a validated result
//! holds (integers).

use crate::spec::Control;
use crate::support::family::{Compose, Grids, Labels, Marking, Numbers, Ratings, Relations};
use crate::support::ids::{ControlId, OptionValue};
use crate::support::sorted_map::SortedMap;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The answer to one control, as the annotator has it on screen and as drafts keep it (a build
/// without a task family names that family's variants by a digit and never reads them: its
/// drafts never hold them, and the lighter builds carry neither the names nor their reading).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Answer {
    /// The chosen option of a single-choice control.
    Choice(OptionValue),
    /// The ticked options of a multiple-choice control, in the spec's order.
    #[cfg_attr(
        not(any(feature = "labels", not(target_arch = "wasm32"))),
        serde(rename = "0", skip_deserializing)
    )]
    Choices(Labels<Vec<OptionValue>>),
    /// The text typed into a single number box.
    #[cfg_attr(
        not(any(feature = "numbers", not(target_arch = "wasm32"))),
        serde(rename = "1", skip_deserializing)
    )]
    NumberText(Numbers<String>),
    /// The texts typed into the boxes of a number asked per output, keyed by output id.
    #[cfg_attr(
        not(any(feature = "numbers", not(target_arch = "wasm32"))),
        serde(rename = "2", skip_deserializing)
    )]
    NumberTexts(Numbers<SortedMap<String, String>>),
    /// The points set on scales or sliders, by output id (`""` for a single one).
    #[cfg_attr(
        not(any(feature = "ratings", not(target_arch = "wasm32"))),
        serde(rename = "3", skip_deserializing)
    )]
    Points(Ratings<SortedMap<String, Point>>),
    /// Pairwise judgements by criterion (`""` for one judgement).
    #[cfg_attr(
        not(any(feature = "ratings", not(target_arch = "wasm32"))),
        serde(rename = "4", skip_deserializing)
    )]
    Prefs(Ratings<SortedMap<String, Pref>>),
    /// A ranking as it stands: ranks by output id, or the best and the worst.
    #[cfg_attr(
        not(any(feature = "ratings", not(target_arch = "wasm32"))),
        serde(rename = "9", skip_deserializing)
    )]
    Order(Ratings<OrderSet>),
    /// A grid's cells: row index (from 0) → column id → chosen option (a leaf value).
    #[cfg_attr(
        not(any(feature = "grids", not(target_arch = "wasm32"))),
        serde(rename = "5", skip_deserializing)
    )]
    Grid(Grids<GridCells>),
    /// Span attributes: attribute id → entries (one, or several for a repeatable attribute).
    #[cfg_attr(
        not(any(feature = "marking", not(target_arch = "wasm32"))),
        serde(rename = "6", skip_deserializing)
    )]
    Spans(Marking<SortedMap<String, Vec<SpanEntry>>>),
    /// Labelled spans, with "nothing to mark" and the label the annotator marks with.
    #[cfg_attr(
        not(any(feature = "labels", not(target_arch = "wasm32"))),
        serde(rename = "7", skip_deserializing)
    )]
    Labels(Labels<LabelSet>),
    /// Free text as typed.
    Text(String),
    /// Authored questions (QA), with the "no more questions possible" box.
    #[cfg_attr(
        not(any(feature = "marking", not(target_arch = "wasm32"))),
        serde(rename = "8", skip_deserializing)
    )]
    Questions(Marking<QuestionSet>),
    /// Links between the spans of a labelled-span control.
    #[cfg_attr(
        not(any(feature = "relations", not(target_arch = "wasm32"))),
        serde(rename = "10", skip_deserializing)
    )]
    Links(Relations<LinkSet>),
}

/// A span a link names: its words and its label, as the span control holds it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LinkEnd {
    /// The span's words.
    pub span: WordSpan,
    /// The span's label.
    pub label: OptionValue,
}

/// One link: a type and two spans (from the first to the second when the type is directed).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpanLink {
    /// The type's value.
    #[serde(rename = "type")]
    pub kind: OptionValue,
    /// The first span (the head of a directed link).
    pub from: LinkEnd,
    /// The second span.
    pub to: LinkEnd,
    /// Its attributes' values, by attribute (none given: none).
    #[serde(default, skip_serializing_if = "SortedMap::is_empty")]
    pub attributes: SortedMap<String, String>,
}

impl SpanLink {
    /// A link of a type between two spans, without attributes.
    pub fn new(kind: OptionValue, from: LinkEnd, to: LinkEnd) -> Self {
        SpanLink {
            kind,
            from,
            to,
            attributes: SortedMap::new(),
        }
    }
}

/// The links of one item (a `relations` control), in the order they were made.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LinkSet {
    /// The links.
    pub links: Vec<SpanLink>,
}

/// A point set on a scale or a slider.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Point {
    /// A value (a scale's point, a slider's position).
    Value(i64),
    /// The scale's "not applicable".
    NotApplicable,
}

/// A ranking as the form holds it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct OrderSet {
    /// Each ranked output's rank (1 the best).
    pub ranks: SortedMap<String, u32>,
    /// Best–worst: the best output.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub best: Option<String>,
    /// Best–worst: the worst output.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub worst: Option<String>,
}

impl OrderSet {
    /// The ranking a control's answer holds (empty when it has none).
    pub fn of(answer: Option<&Answer>) -> Self {
        match answer {
            Some(Answer::Order(o)) => OrderSet::clone(o),
            _ => OrderSet::default(),
        }
    }
}

/// One pairwise judgement as the form holds it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pref {
    /// The better output's id, or `None` for a tie.
    pub winner: Option<String>,
    /// How much better (a value of the spec's `strengths`), once chosen.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub strength: Option<String>,
}

/// The labelled spans of one item, as the form holds them.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LabelSet {
    /// The spans, in the order they were marked.
    pub spans: Vec<LabelledSpan>,
    /// "Nothing to mark" is ticked (only while there are no spans).
    #[serde(default)]
    pub nothing: bool,
    /// The label the annotator marks with (the brush): each passage marked gets it at once.
    /// Screen state, kept in the draft, never in results.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub brush: Option<OptionValue>,
}

/// One labelled span.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LabelledSpan {
    /// The words.
    pub span: WordSpan,
    /// The label's value.
    pub label: OptionValue,
    /// The span's attributes by id (a value, or a note's text).
    #[serde(default)]
    pub attrs: SortedMap<String, String>,
}

/// The questions written for one item.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct QuestionSet {
    /// The question cards, in the annotator's order.
    pub cards: Vec<QuestionCard>,
    /// "No more questions possible": fewer than the target may be submitted.
    #[serde(default)]
    pub no_more: bool,
    /// The paragraph is skipped, for this reason (a value of the spec's `skip_reasons`): no
    /// question is asked of it. The cards stay in the draft, so unskipping restores them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub skipped: Option<String>,
}

/// One question card.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct QuestionCard {
    /// A number that stays with the card while cards move (screen keys, never in results).
    pub uid: u32,
    /// The question as typed.
    pub question: String,
    /// The answer fragments in the paragraph (for an unanswerable question: the fragment that
    /// seems to answer it), in the order they were added.
    pub spans: Vec<WordSpan>,
    /// "Unanswerable question".
    pub unanswerable: bool,
    /// "Yes/no question": the base form is then one of the spec's yes/no values.
    pub yes_no: bool,
    /// The base form as edited; `None` = taken from the fragments as they stand.
    pub base_form: Option<String>,
    /// The question's category, if chosen.
    pub category: Option<String>,
    /// Shown folded to one line.
    #[serde(default)]
    pub collapsed: bool,
}

/// One entry of a span attribute: its value and its spans.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpanEntry {
    /// The chosen value, if any.
    pub value: Option<String>,
    /// The spans, in the order they were added.
    pub spans: Vec<WordSpan>,
}

/// A span of words, by word index (first and last inclusive).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WordSpan {
    /// First word.
    pub first: usize,
    /// Last word (inclusive).
    pub last: usize,
}

/// A grid's cells: row index (from 0) → column id → chosen leaf value.
pub type GridCells = SortedMap<usize, SortedMap<String, String>>;

/// All answers of one item, keyed by control id. A control without an answer has no entry.
pub type Answers = SortedMap<ControlId, Answer>;

/// A validated answer, as results hold it: one variant per control kind, named as the kind is
/// (`Control::Grid` answers with `AnswerValue::Grid`). Results are read back into it by
/// [`AnswerValue::read`], which the control's kind directs (a choice and a text are both
/// strings in JSON).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum AnswerValue {
    /// The chosen option's value.
    SingleChoice(OptionValue),
    /// The ticked options' values, in the spec's order (`["none"]` for the spec's `none`).
    MultipleChoice(Labels<Vec<OptionValue>>),
    /// A whole number, or whole numbers keyed by output id.
    Number(Numbers<NumberValue>),
    /// A scale's point (`"n/a"` for not applicable), or points keyed by output id.
    Scale(Ratings<PointsValue>),
    /// A slider's value, or values keyed by output id.
    Slider(Ratings<PointsValue>),
    /// A pairwise judgement, or judgements keyed by criterion.
    Pairwise(Ratings<PrefsValue>),
    /// A ranking: ranks by output id, or the best and the worst.
    Ranking(Ratings<RankingValue>),
    /// A grid, row by row.
    Grid(Grids<Vec<GridRowValue>>),
    /// Span attributes by id: one entry, or a list for a repeatable attribute.
    SpanAttributes(Marking<SortedMap<String, SpanAttrValue>>),
    /// Labelled spans, and whether the annotator confirmed there was nothing to mark.
    SpanLabels(Labels<SpanLabelsValue>),
    /// Free text.
    Text(String),
    /// Authored questions.
    Questions(Marking<QuestionsValue>),
    /// Links between labelled spans, and the chains they make.
    Relations(Relations<RelationsValue>),
    /// A control a section asks once per output: its answer for each output, keyed by output
    /// id (outputs it was hidden for are left out).
    PerOutput(Compose<SortedMap<String, AnswerValue>>),
}

/// A labelled-span control's value.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct SpanLabelsValue {
    /// The spans, by position in the text (start, then end, then label).
    pub spans: Vec<LabelledSpanValue>,
    /// Whether the annotator ticked "nothing to mark" (then `spans` is empty).
    pub nothing_to_mark: bool,
}

/// One labelled span, as results hold it: its label, its text and offsets (as every span
/// holds them, see [`SpanValue`]), and its attributes.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct LabelledSpanValue {
    /// The label's value.
    pub label: String,
    /// The covered text.
    pub text: String,
    /// Start, in Unicode code points.
    pub start: usize,
    /// End (exclusive), in Unicode code points.
    pub end: usize,
    /// Start, in UTF-16 code units (JavaScript string indices).
    pub start_utf16: usize,
    /// End (exclusive), in UTF-16 code units.
    pub end_utf16: usize,
    /// Index of the first word (words and punctuation, counted from 0; spaces not counted).
    pub first_word: usize,
    /// Index of the last word (inclusive).
    pub last_word: usize,
    /// The span's attributes by id (absent when the spec asks none).
    #[serde(skip_serializing_if = "SortedMap::is_empty")]
    pub attributes: SortedMap<String, String>,
}

impl LabelledSpanValue {
    /// A labelled span from a span's text and offsets.
    pub fn new(label: String, s: SpanValue, attributes: SortedMap<String, String>) -> Self {
        LabelledSpanValue {
            label,
            text: s.text,
            start: s.start,
            end: s.end,
            start_utf16: s.start_utf16,
            end_utf16: s.end_utf16,
            first_word: s.first_word,
            last_word: s.last_word,
            attributes,
        }
    }

    /// Its text and offsets, as any span holds them.
    pub fn span(&self) -> SpanValue {
        SpanValue {
            text: self.text.clone(),
            start: self.start,
            end: self.end,
            start_utf16: self.start_utf16,
            end_utf16: self.end_utf16,
            first_word: self.first_word,
            last_word: self.last_word,
        }
    }
}

/// A `relations` control's value: its links, and the chains its chain types make.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct RelationsValue {
    /// The links, by their first span's place in the text (then the second's, then type).
    pub links: Vec<LinkValue>,
    /// For each chain type (`shape: chain`), its chains: each the spans of one thing, in text
    /// order; the chains by their first span.
    #[serde(skip_serializing_if = "SortedMap::is_empty")]
    pub chains: SortedMap<String, Vec<Vec<LabelledSpanValue>>>,
}

/// One link, as results hold it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct LinkValue {
    /// The type's value (e.g. `works_for`).
    pub label: String,
    /// The first span (a directed link goes from it).
    pub head: LabelledSpanValue,
    /// The second span.
    pub tail: LabelledSpanValue,
    /// Its attributes' values, by attribute (e.g. `{"negated": "yes"}`).
    #[serde(skip_serializing_if = "SortedMap::is_empty")]
    pub attributes: SortedMap<String, String>,
}

/// A ranking as results hold it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct RankingValue {
    /// The outputs from the best to the worst (`rank` mode; tied outputs in the order shown).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub order: Vec<String>,
    /// Each output's rank, 1 the best (`rank` mode).
    #[serde(skip_serializing_if = "SortedMap::is_empty")]
    pub ranks: SortedMap<String, u32>,
    /// The best output (`best_worst` mode).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub best: Option<String>,
    /// The worst output (`best_worst` mode).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub worst: Option<String>,
}

/// A pairwise answer: one judgement, or one per criterion.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum PrefsValue {
    /// Judgements keyed by criterion id (read first: a judgement's own fields are not
    /// judgements).
    PerCriterion(SortedMap<String, PrefValue>),
    /// One judgement.
    One(PrefValue),
}

/// One pairwise judgement as results hold it: the better output's id (never a side), or a tie.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct PrefValue {
    /// The better output's id (`null` for a tie).
    pub winner: Option<String>,
    /// The other output's id (`null` for a tie).
    pub loser: Option<String>,
    /// Whether the annotator judged them about the same.
    pub tie: bool,
    /// How much better, when the spec asks.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub strength: Option<String>,
}

impl PrefsValue {
    /// The judgements with their criterion (`""` for one judgement).
    pub fn entries(&self) -> Vec<(&str, &PrefValue)> {
        match self {
            PrefsValue::PerCriterion(m) => m.iter().map(|(k, p)| (k.as_str(), p)).collect(),
            PrefsValue::One(p) => vec![("", p)],
        }
    }
}

/// A scale's or a slider's answer: one point, or one per output.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum PointsValue {
    /// A single scale's or slider's point.
    One(PointValue),
    /// Points keyed by output id.
    PerOutput(SortedMap<String, PointValue>),
}

/// One point as results hold it: a number, or `"n/a"` (a scale's not applicable).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum PointValue {
    /// The point's number.
    Number(i64),
    /// `"n/a"`.
    Text(String),
}

/// What results write for a scale's "not applicable".
pub const NOT_APPLICABLE: &str = "n/a";

impl PointsValue {
    /// The points with their output ids (`""` for a single one).
    pub fn entries(&self) -> Vec<(&str, &PointValue)> {
        match self {
            PointsValue::One(p) => vec![("", p)],
            PointsValue::PerOutput(m) => m.iter().map(|(k, p)| (k.as_str(), p)).collect(),
        }
    }
}

impl PointValue {
    /// The number, if the point is one (not "n/a").
    pub fn number(&self) -> Option<i64> {
        match self {
            PointValue::Number(n) => Some(*n),
            PointValue::Text(_) => None,
        }
    }

    /// As the form holds it (`None`: neither a number nor "n/a").
    pub fn point(&self) -> Option<Point> {
        match self {
            PointValue::Number(n) => Some(Point::Value(*n)),
            PointValue::Text(t) if t == NOT_APPLICABLE => Some(Point::NotApplicable),
            PointValue::Text(_) => None,
        }
    }
}

impl Point {
    /// As results hold it.
    pub fn value(self) -> PointValue {
        match self {
            Point::Value(n) => PointValue::Number(n),
            Point::NotApplicable => PointValue::Text(NOT_APPLICABLE.to_owned()),
        }
    }
}

/// A number control's answer: one whole number, or one per output.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum NumberValue {
    /// A single box's number.
    One(u64),
    /// Whole numbers keyed by output id.
    PerOutput(SortedMap<String, u64>),
}

impl NumberValue {
    /// The numbers with their output id (empty for a single box).
    pub fn entries(&self) -> Vec<(&str, u64)> {
        match self {
            NumberValue::One(n) => vec![("", *n)],
            NumberValue::PerOutput(m) => m.iter().map(|(k, n)| (k.as_str(), *n)).collect(),
        }
    }
}

impl AnswerValue {
    /// The categories a value names, for precision and recall against a model: a single
    /// choice's option, a multiple choice's options, with whether it may name several.
    /// `None`: not categorical. (An exhaustive match: a new value kind says what it is here.)
    pub fn categories(&self) -> Option<(Vec<String>, bool)> {
        match self {
            AnswerValue::SingleChoice(v) => Some((vec![v.to_string()], false)),
            AnswerValue::MultipleChoice(vs) => {
                Some((vs.iter().map(|v| v.to_string()).collect(), true))
            }
            AnswerValue::Number(_)
            | AnswerValue::Scale(_)
            | AnswerValue::Slider(_)
            | AnswerValue::Pairwise(_)
            | AnswerValue::Ranking(_)
            | AnswerValue::Grid(_)
            | AnswerValue::SpanAttributes(_)
            | AnswerValue::SpanLabels(_)
            | AnswerValue::Text(_)
            | AnswerValue::Questions(_)
            | AnswerValue::Relations(_)
            | AnswerValue::PerOutput(_) => None,
        }
    }

    /// A value's numbers by sub-unit, for correlations with a model: a rating's or a number's
    /// point per output, a pairwise judgement per criterion (+1: the output whose id sorts
    /// first is better, −1: the other, 0: a tie), a ranking's rank per output (best–worst: +1
    /// the best, −1 the worst). `None`: no numbers. (An exhaustive match.)
    pub fn numbers(&self) -> Option<Vec<(String, f64)>> {
        match self {
            AnswerValue::Scale(p) | AnswerValue::Slider(p) => Some(
                p.entries()
                    .into_iter()
                    .filter_map(|(k, v)| Some((k.to_owned(), v.number()? as f64)))
                    .collect(),
            ),
            AnswerValue::Number(n) => Some(
                n.entries()
                    .into_iter()
                    .map(|(k, n)| (k.to_owned(), n as f64))
                    .collect(),
            ),
            AnswerValue::Pairwise(p) => Some(
                p.entries()
                    .into_iter()
                    .map(|(k, v)| {
                        let sign = match (&v.winner, &v.loser) {
                            (Some(w), Some(l)) if w < l => 1.0,
                            (Some(_), Some(_)) => -1.0,
                            _ => 0.0,
                        };
                        (k.to_owned(), sign)
                    })
                    .collect(),
            ),
            AnswerValue::Ranking(r) if !r.ranks.is_empty() => Some(
                r.ranks
                    .iter()
                    .map(|(k, v)| (k.clone(), f64::from(*v)))
                    .collect(),
            ),
            AnswerValue::Ranking(r) => {
                let mut out = Vec::new();
                out.extend(r.best.iter().map(|b| (b.clone(), 1.0)));
                out.extend(r.worst.iter().map(|w| (w.clone(), -1.0)));
                Some(out)
            }
            AnswerValue::SingleChoice(_)
            | AnswerValue::MultipleChoice(_)
            | AnswerValue::Grid(_)
            | AnswerValue::SpanAttributes(_)
            | AnswerValue::SpanLabels(_)
            | AnswerValue::Text(_)
            | AnswerValue::Questions(_)
            | AnswerValue::Relations(_)
            | AnswerValue::PerOutput(_) => None,
        }
    }

    /// The points of a scale's or a slider's value (`None` for other kinds).
    pub fn points(&self) -> Option<&PointsValue> {
        match self {
            AnswerValue::Scale(v) | AnswerValue::Slider(v) => Some(v),
            _ => None,
        }
    }

    /// The links of a relations control's value (`None` for other kinds).
    pub fn relations(&self) -> Option<&RelationsValue> {
        match self {
            AnswerValue::Relations(v) => Some(v),
            _ => None,
        }
    }

    /// The spans of a labelled-span value (`None` for other kinds).
    pub fn span_labels(&self) -> Option<&SpanLabelsValue> {
        match self {
            AnswerValue::SpanLabels(v) => Some(v),
            _ => None,
        }
    }

    /// The attributes of a span-attribute value (`None` for other kinds).
    pub fn span_attributes(&self) -> Option<&SortedMap<String, SpanAttrValue>> {
        match self {
            AnswerValue::SpanAttributes(v) => Some(v),
            _ => None,
        }
    }

    /// A number control's value (`None` for other kinds).
    pub fn number(&self) -> Option<&NumberValue> {
        match self {
            AnswerValue::Number(v) => Some(v),
            _ => None,
        }
    }

    /// A grid's rows (`None` for other kinds).
    pub fn grid(&self) -> Option<&[GridRowValue]> {
        match self {
            AnswerValue::Grid(v) => Some(v),
            _ => None,
        }
    }

    /// A pairwise value's judgements (`None` for other kinds).
    pub fn prefs(&self) -> Option<&PrefsValue> {
        match self {
            AnswerValue::Pairwise(v) => Some(v),
            _ => None,
        }
    }

    /// A ranking's value (`None` for other kinds).
    pub fn ranking(&self) -> Option<&RankingValue> {
        match self {
            AnswerValue::Ranking(v) => Some(v),
            _ => None,
        }
    }

    /// Authored questions as a value (what the QA exports read without their spec).
    pub fn authored(q: Marking<QuestionsValue>) -> Self {
        AnswerValue::Questions(q)
    }

    /// Authored questions (`None` for other kinds).
    pub fn questions(&self) -> Option<&QuestionsValue> {
        match self {
            AnswerValue::Questions(v) => Some(v),
            _ => None,
        }
    }

    /// Reads one control's answer from a result (JSON) into the type that wrote it. Fields a
    /// result from an older or hand-made export leaves out read as empty.
    pub fn read(control: &Control, json: &serde_json::Value) -> Result<Self, String> {
        crate::spec::each_control!(control, c => c.read_value(json))
    }

    /// Reads one control's answer as [`AnswerValue::read`] does; a control its section asks
    /// per output answers with an object keyed by output id, each entry its kind's value.
    pub fn read_in(
        spec: &crate::spec::TaskSpec,
        control: &Control,
        json: &serde_json::Value,
    ) -> Result<Self, String> {
        if spec.per_output(control.id()).is_none() {
            return Self::read(control, json);
        }
        let serde_json::Value::Object(map) = json else {
            return Err("asked once per output: an object keyed by output id".to_owned());
        };
        let mut values = SortedMap::new();
        for (output, v) in map {
            let value = Self::read(control, v).map_err(|e| format!("{output}: {e}"))?;
            values.insert(output.clone(), value);
        }
        Ok(AnswerValue::PerOutput(crate::support::family::Gate::gate(
            values,
        )))
    }

    /// A control's answers for each output (its section asks it per output), or its one
    /// answer (output `""`).
    pub fn per_output(&self) -> Vec<(&str, &AnswerValue)> {
        match self {
            AnswerValue::PerOutput(map) => map.iter().map(|(k, v)| (k.as_str(), v)).collect(),
            one => vec![("", one)],
        }
    }
}

/// What a control kind's answers are (each kind implements it in `crate::kinds`).
pub trait KindAnswer {
    /// Reads the kind's result value from JSON (see [`typed`]).
    fn read_value(&self, json: &serde_json::Value) -> Result<AnswerValue, String>;
    /// A worked example's answer (JSON, written in the spec) as the form would hold it; `None`
    /// when it is not written as [`KindAnswer::example_hint`] says.
    fn example_answer(&self, json: &serde_json::Value) -> Option<Answer>;
    /// How a worked example's answer for this kind is written.
    fn example_hint(&self) -> &'static str;
    /// What a worked example's answer names that the control lacks (an option it does not
    /// have), as the message to the researcher; `None` when it names nothing unknown.
    fn example_unknown(&self, _answer: &Answer) -> Option<String> {
        None
    }
}

/// Reads a value of type `T` from JSON, the message naming what did not fit.
pub fn typed<T: serde::de::DeserializeOwned>(json: &serde_json::Value) -> Result<T, String> {
    T::deserialize(json).map_err(|e| e.to_string())
}

/// Validated questions, as results hold them.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct QuestionsValue {
    /// The item field whose text the answers index (the dataset's `context`).
    pub text_field: String,
    /// The questions, in the annotator's order.
    pub questions: Vec<QuestionValue>,
    /// Whether the annotator ticked "no more questions possible".
    pub no_more_questions: bool,
    /// The reason the annotator skipped the paragraph (then `questions` is empty); absent
    /// when it was not skipped.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub skipped: Option<String>,
}

/// One validated question.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct QuestionValue {
    /// The question.
    pub question: String,
    /// The answer fragments with offsets (for an unanswerable question: the plausible ones).
    pub answers: Vec<SpanValue>,
    /// The answer's base form (natural answer; `Tak`/`Nie` for yes/no questions).
    pub base_form: String,
    /// Whether the annotator changed the base form from the fragments' text.
    pub base_form_edited: bool,
    /// Whether the question is unanswerable from the paragraph.
    pub unanswerable: bool,
    /// Whether it is a yes/no question.
    pub yes_no: bool,
    /// The chosen category, if any.
    pub category: Option<String>,
    /// Lexical overlap with the answer's sentence(s).
    pub overlap: OverlapValue,
    /// Overlap above the spec's threshold: a reviewer must accept this question.
    pub needs_manual_acceptance: bool,
}

/// Lexical overlap of a question, as recorded.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct OverlapValue {
    /// Content words of the question found in the answer's sentence(s).
    pub shared: usize,
    /// Content words of the question.
    pub content: usize,
    /// The content words that were found (as written in the question).
    pub words: Vec<String>,
}

/// A span attribute's validated answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum SpanAttrValue {
    /// A plain attribute.
    One(SpanEntryValue),
    /// A repeatable attribute's entries.
    Many(Vec<SpanEntryValue>),
}

/// One entry: its value and spans with their offsets.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct SpanEntryValue {
    /// The value.
    pub value: String,
    /// The spans.
    pub spans: Vec<SpanValue>,
}

/// A span as results hold it. `text[start:end] == text` in Python (code points).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct SpanValue {
    /// The covered text.
    pub text: String,
    /// Start, in Unicode code points.
    pub start: usize,
    /// End (exclusive), in Unicode code points.
    pub end: usize,
    /// Start, in UTF-16 code units (JavaScript string indices).
    pub start_utf16: usize,
    /// End (exclusive), in UTF-16 code units.
    pub end_utf16: usize,
    /// Index of the first word (words and punctuation, counted from 0; spaces not counted).
    pub first_word: usize,
    /// Index of the last word (inclusive).
    pub last_word: usize,
}

impl SpanValue {
    /// The span of words `span` in a text and its tokens, with its covered text and offsets;
    /// `None` when the span leaves the text.
    pub fn of(text: &str, tokens: &crate::text::Tokens, span: &WordSpan) -> Option<Self> {
        let (first, last) = (tokens.word(span.first)?, tokens.word(span.last)?);
        Some(SpanValue {
            text: tokens.covered(text, span.first, span.last).to_owned(),
            start: first.chars.0,
            end: last.chars.1,
            start_utf16: first.utf16.0,
            end_utf16: last.utf16.1,
            first_word: span.first,
            last_word: span.last,
        })
    }
}

/// One validated grid row.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(default)]
pub struct GridRowValue {
    /// The row's number (from 1).
    pub row: usize,
    /// The sentence the row is about; `null` for a missing sentence.
    pub sentence: Option<String>,
    /// The filled columns by id.
    pub cells: SortedMap<String, CellValue>,
}

/// A grid cell's value: the option, or for a two-level column its category and option.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum CellValue {
    /// A one-level column's option.
    Option(String),
    /// A two-level column's category and option.
    Leveled {
        /// The category (e.g. `malformed`).
        category: String,
        /// The option within it (e.g. `ungrammatical`).
        value: String,
    },
}

impl CellValue {
    /// The option chosen (for a two-level column, the sub-option).
    pub fn leaf(&self) -> &str {
        match self {
            CellValue::Option(v) | CellValue::Leveled { value: v, .. } => v,
        }
    }

    /// As one text: the option, or `category/option`.
    pub fn text(&self) -> String {
        match self {
            CellValue::Option(v) => v.clone(),
            CellValue::Leveled { category, value } => format!("{category}/{value}"),
        }
    }
}

impl SpanAttrValue {
    /// The entries: one for a plain attribute, each entry of a repeatable one.
    pub fn entries(&self) -> Vec<&SpanEntryValue> {
        match self {
            SpanAttrValue::One(e) => vec![e],
            SpanAttrValue::Many(list) => list.iter().collect(),
        }
    }
}

impl SpanEntryValue {
    /// The words its spans cover, sorted, each once.
    pub fn words(&self) -> Vec<usize> {
        let mut out: Vec<usize> = self
            .spans
            .iter()
            .flat_map(|s| s.first_word..=s.last_word)
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }
}

impl Answer {
    /// The text typed for one box of a number control (`key` = output id, `None` for a single
    /// box); empty when nothing was typed.
    pub fn number_text<'a>(answer: Option<&'a Answer>, key: Option<&str>) -> &'a str {
        match (answer, key) {
            (Some(Answer::NumberText(t)), None) => t,
            (Some(Answer::NumberTexts(m)), Some(k)) => m.get(k).map_or("", String::as_str),
            _ => "",
        }
    }

    /// Reads a worked example's answer (JSON) as the form would hold it.
    pub fn from_example(control: &Control, json: &serde_json::Value) -> Option<Answer> {
        crate::spec::each_control!(control, c => c.example_answer(json))
    }
}
