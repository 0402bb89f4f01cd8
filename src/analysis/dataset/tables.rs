//! The dataset's three tables, made from a study: its items (their fields typed as the items
//! give them), every annotation (one row per annotator, item, control and output asked, the
//! kind's typed cells beside the value as JSON) and the aggregated labels (per method, with
//! their confidence).

use super::cells::{Cells, SpanCell};
use super::table::{Cell, Column, Field, Leaf, Shape, Table};
use crate::analysis::agreement::annotator;
use crate::analysis::Analyse;
use crate::item::Item;
use crate::result::ResultDoc;
use crate::spec::TaskSpec;
use crate::study::gold::{Gold, GoldKind};
use serde_json::Value as Json;

/// The methods of the aggregated table, in its order.
pub const METHODS: [&str; 3] = ["majority_vote", "dawid_skene", "mace"];

/// The item field that names an item's split (`train`, `test`, …), when the items have one.
pub const SPLIT_FIELD: &str = "split";

/// What the tables are made with.
pub struct Inputs<'a> {
    /// The spec.
    pub spec: &'a TaskSpec,
    /// The items, as given.
    pub items: &'a [Item],
    /// The results to publish, in their file's order, made publishable
    /// ([`super::pseudonym::publishable`]: pseudonyms, notes left out unless kept).
    pub results: &'a [ResultDoc],
    /// The gold and attention items, when the study has them.
    pub gold: Option<&'a Gold>,
    /// Each item's split by id, when the items name theirs (found once).
    splits: Option<std::collections::HashMap<&'a str, &'a str>>,
}

impl<'a> Inputs<'a> {
    /// The inputs, with the items' splits found.
    pub fn new(
        spec: &'a TaskSpec,
        items: &'a [Item],
        results: &'a [ResultDoc],
        gold: Option<&'a Gold>,
    ) -> Self {
        let named = items
            .iter()
            .any(|i| i.fields.get(SPLIT_FIELD).is_some_and(Json::is_string));
        let splits = named.then(|| {
            items
                .iter()
                .filter_map(|i| Some((i.id.as_str(), i.text(SPLIT_FIELD)?)))
                .collect()
        });
        Inputs {
            spec,
            items,
            results,
            gold,
            splits,
        }
    }

    /// Whether the items name their splits.
    fn has_splits(&self) -> bool {
        self.splits.is_some()
    }

    /// A row's first cells: the item and, where the items name splits, its split (`train`
    /// for an item that names none).
    fn keys(&self, item_id: &str) -> Vec<Cell> {
        let mut out = vec![Cell::Str(item_id.to_owned())];
        if let Some(splits) = &self.splits {
            let split = splits.get(item_id).copied().unwrap_or("train");
            out.push(Cell::Str(split.to_owned()));
        }
        out
    }

    /// The columns of [`Inputs::keys`].
    fn key_columns(&self) -> Vec<Column> {
        let mut out = vec![Column::new(
            "item_id",
            Shape::Scalar(Leaf::Str),
            "The item's id (as in the items file).",
        )];
        if self.has_splits() {
            out.push(Column::new(
                "split",
                Shape::Scalar(Leaf::Str),
                "The item's split, as the items name it.",
            ));
        }
        out
    }
}

/// How a field's values are typed in the items table.
#[derive(Clone, Debug, PartialEq)]
enum FieldType {
    /// Every value is of this scalar type.
    Scalar(Leaf),
    /// Every value is a list of strings.
    Strings,
    /// Every value is a list of flat objects of strings (outputs, images): these keys.
    Objects(Vec<String>),
    /// Anything else: the value as JSON text (column `<field>_json`).
    Json,
}

fn leaf_of(v: &Json) -> Option<Leaf> {
    match v {
        Json::String(_) => Some(Leaf::Str),
        Json::Bool(_) => Some(Leaf::Bool),
        Json::Number(n) if n.is_i64() => Some(Leaf::Int),
        Json::Number(_) => Some(Leaf::Float),
        _ => None,
    }
}

/// The keys of a list of flat objects of strings, in first-seen order; `None`: not one.
fn object_keys(v: &Json) -> Option<Vec<String>> {
    let mut keys: Vec<String> = Vec::new();
    for o in v.as_array()? {
        for (k, x) in o.as_object()? {
            if !x.is_string() {
                return None;
            }
            if !keys.contains(k) {
                keys.push(k.clone());
            }
        }
    }
    Some(keys)
}

fn type_of(values: &[&Json]) -> FieldType {
    let leaves: Vec<Option<Leaf>> = values.iter().map(|v| leaf_of(v)).collect();
    if let Some(Some(first)) = leaves.first() {
        if leaves.iter().all(|l| *l == Some(*first)) {
            return FieldType::Scalar(*first);
        }
        // Whole and fractional numbers together: floats.
        if leaves
            .iter()
            .all(|l| matches!(l, Some(Leaf::Int | Leaf::Float)))
        {
            return FieldType::Scalar(Leaf::Float);
        }
    }
    let strings = |v: &&Json| {
        v.as_array()
            .is_some_and(|a| !a.is_empty() && a.iter().all(Json::is_string))
    };
    if !values.is_empty() && values.iter().all(strings) {
        return FieldType::Strings;
    }
    let mut keys: Vec<String> = Vec::new();
    for v in values {
        let Some(ks) = object_keys(v).filter(|_| v.as_array().is_some_and(|a| !a.is_empty()))
        else {
            return FieldType::Json;
        };
        for k in ks {
            if !keys.contains(&k) {
                keys.push(k);
            }
        }
    }
    if keys.is_empty() {
        FieldType::Json
    } else {
        FieldType::Objects(keys)
    }
}

fn scalar(v: &Json, leaf: Leaf) -> Cell {
    match (leaf, v) {
        (Leaf::Str, Json::String(s)) => Cell::Str(s.clone()),
        (Leaf::Bool, Json::Bool(b)) => Cell::Bool(*b),
        (Leaf::Int, Json::Number(n)) => n.as_i64().map_or(Cell::Null, Cell::Int),
        (Leaf::Float, Json::Number(n)) => n.as_f64().map_or(Cell::Null, Cell::Float),
        _ => Cell::Null,
    }
}

/// The items table: an item per row, a column per field the items have.
pub fn items_table(inputs: &Inputs) -> Table {
    let mut names: Vec<&String> = Vec::new();
    for item in inputs.items {
        for k in item.fields.keys() {
            if k != SPLIT_FIELD && !names.contains(&k) {
                names.push(k);
            }
        }
    }
    let fields: Vec<(&String, FieldType)> = names
        .into_iter()
        .map(|name| {
            let values: Vec<&Json> = inputs
                .items
                .iter()
                .filter_map(|i| i.fields.get(name))
                .filter(|v| !v.is_null())
                .collect();
            (name, type_of(&values))
        })
        .collect();
    let mut columns = inputs.key_columns();
    for (name, t) in &fields {
        columns.push(match t {
            FieldType::Scalar(leaf) => Column::new(
                name.as_str(),
                Shape::Scalar(*leaf),
                format!("The items' field `{name}`."),
            ),
            FieldType::Strings => Column::new(
                name.as_str(),
                Shape::List(Leaf::Str),
                format!("The items' field `{name}`: a list of texts."),
            ),
            FieldType::Objects(keys) => Column::new(
                name.as_str(),
                Shape::Structs(
                    keys.iter()
                        .map(|k| Field::leaf(k.clone(), Leaf::Str, false))
                        .collect(),
                ),
                format!("The items' field `{name}`: a list of {}.", keys.join(", ")),
            ),
            FieldType::Json => Column::new(
                format!("{name}_json"),
                Shape::Scalar(Leaf::Str),
                format!("The items' field `{name}`, as JSON."),
            ),
        });
    }
    let rows = inputs
        .items
        .iter()
        .map(|item| {
            let mut row = inputs.keys(&item.id);
            for (name, t) in &fields {
                let v = item.fields.get(*name).filter(|v| !v.is_null());
                row.push(match (t, v) {
                    (_, None) => Cell::Null,
                    (FieldType::Scalar(leaf), Some(v)) => scalar(v, *leaf),
                    (FieldType::Strings, Some(v)) => Cell::List(
                        v.as_array()
                            .into_iter()
                            .flatten()
                            .map(|s| scalar(s, Leaf::Str))
                            .collect(),
                    ),
                    (FieldType::Objects(keys), Some(v)) => Cell::List(
                        v.as_array()
                            .into_iter()
                            .flatten()
                            .map(|o| {
                                Cell::Struct(
                                    keys.iter()
                                        .map(|k| Cell::str(o.get(k).and_then(Json::as_str)))
                                        .collect(),
                                )
                            })
                            .collect(),
                    ),
                    (FieldType::Json, Some(v)) => Cell::Str(v.to_string()),
                });
            }
            row
        })
        .collect();
    Table {
        name: "items".to_owned(),
        about: "One row per item, with the fields the annotators were shown.".to_owned(),
        columns,
        rows,
        features: None,
        jsonl: true,
    }
}

/// The span struct's fields.
fn span_fields() -> Vec<Field> {
    let f = Field::leaf;
    vec![
        f("start", Leaf::Int, true),
        f("end", Leaf::Int, true),
        f("label", Leaf::Str, true),
        f("text", Leaf::Str, true),
        f("part", Leaf::Str, false),
    ]
}

/// A link's struct: its type, and its two spans' offsets, labels and texts.
fn link_fields() -> Vec<Field> {
    let span: Vec<Field> = span_fields().into_iter().filter(|f| f.required).collect();
    vec![
        Field::leaf("label", Leaf::Str, true),
        Field::group("head", span.clone()),
        Field::group("tail", span),
    ]
}

/// The typed cells' columns (after the keys), in [`cells_row`]'s order.
fn cell_columns() -> Vec<Column> {
    vec![
        Column::new("label", Shape::Scalar(Leaf::Str), "One category: a choice's option, a scale's `n/a`, a pairwise judgement's winner, a best–worst ranking's `best` or `worst`."),
        Column::new("labels", Shape::List(Leaf::Str), "Several categories: a multiple choice's ticked options."),
        Column::new("number", Shape::Scalar(Leaf::Float), "A number: a rating's point, a slider's value, a number, a rank."),
        Column::new("spans", Shape::Structs(span_fields()), "Spans: offsets in Unicode code points (`text[start:end]` in Python), the label, the covered text and what else the span carries (a span attribute's id, a labelled span's `key=value` attributes); an empty list: none marked."),
        Column::new("note", Shape::Scalar(Leaf::Str), "Free text the annotator wrote (only when the dataset keeps notes)."),
        Column::new("relations", Shape::Structs(link_fields()), "Links between spans: the link's type, its first span (`head`: a directed link goes from it) and its second (`tail`), each with its offsets in Unicode code points, label and covered text; an empty list: none made."),
        Column::new("value_json", Shape::Scalar(Leaf::Str), "The whole answer, as the result holds it (JSON): nothing is lost."),
    ]
}

fn cells_row(cells: Cells, value_json: Option<String>) -> Vec<Cell> {
    let list = |v: Option<Vec<Cell>>| v.map_or(Cell::Null, Cell::List);
    vec![
        Cell::str(cells.label),
        list(
            cells
                .labels
                .map(|ls| ls.into_iter().map(Cell::Str).collect()),
        ),
        cells.number.map_or(Cell::Null, Cell::Float),
        list(cells.spans.map(|ss| {
            ss.into_iter()
                .map(|s| {
                    Cell::Struct(vec![
                        Cell::Int(s.start),
                        Cell::Int(s.end),
                        Cell::Str(s.label),
                        Cell::Str(s.text),
                        Cell::str(s.part),
                    ])
                })
                .collect()
        })),
        Cell::str(cells.note),
        list(cells.links.map(|ls| {
            let span = |s: SpanCell| {
                Cell::Struct(vec![
                    Cell::Int(s.start),
                    Cell::Int(s.end),
                    Cell::Str(s.label),
                    Cell::Str(s.text),
                ])
            };
            ls.into_iter()
                .map(|l| Cell::Struct(vec![Cell::Str(l.label), span(l.head), span(l.tail)]))
                .collect()
        })),
        Cell::str(value_json),
    ]
}

/// A value's rows: the kind's cells per output it lists (joined to the section's output), or
/// one row of the value as JSON.
fn value_rows(
    control: &crate::spec::Control,
    section_output: &str,
    value: &crate::answer::AnswerValue,
) -> Vec<(String, Vec<Cell>)> {
    let json = serde_json::to_string(value).ok();
    let mut pushed: Vec<(String, Cells)> = Vec::new();
    crate::spec::each_control!(control, k => k.dataset(value, &mut |o: &str, c| pushed.push((o.to_owned(), c))));
    if pushed.is_empty() {
        pushed.push((String::new(), Cells::default()));
    }
    pushed
        .into_iter()
        .map(|(own, cells)| {
            let output = match (section_output.is_empty(), own.is_empty()) {
                (true, _) => own,
                (false, true) => section_output.to_owned(),
                (false, false) => format!("{section_output}/{own}"),
            };
            (output, cells_row(cells, json.clone()))
        })
        .collect()
}

/// The columns of an answer: `first` (who or which method), the item (and its split), the
/// control, the output, the typed cells.
fn answer_columns(inputs: &Inputs, first: Column) -> Vec<Column> {
    let mut columns = vec![first];
    columns.extend(inputs.key_columns());
    columns.push(Column::new(
        "control",
        Shape::Scalar(Leaf::Str),
        "The question (the spec's control id).",
    ));
    columns.push(Column::new(
        "output",
        Shape::Scalar(Leaf::Str),
        "The output of the item the answer is about, when the question is asked per output.",
    ));
    columns.extend(cell_columns());
    columns
}

/// The cells of [`answer_columns`].
fn answer_row(
    inputs: &Inputs,
    first: Cell,
    item: &str,
    control: &str,
    output: String,
    cells: Vec<Cell>,
) -> Vec<Cell> {
    let mut row = vec![first];
    row.extend(inputs.keys(item));
    row.push(Cell::Str(control.to_owned()));
    row.push(Cell::str(Some(output).filter(|o| !o.is_empty())));
    row.extend(cells);
    row
}

/// Why the listening tests' screenings leave each annotator out (by pseudonym), when they do.
pub fn screening(inputs: &Inputs) -> std::collections::BTreeMap<String, Vec<&'static str>> {
    let mut why: std::collections::BTreeMap<String, Vec<&'static str>> = Default::default();
    let mos =
        crate::analysis::listening::compute(inputs.spec, inputs.items, inputs.results, inputs.gold);
    let mut add = |who: &str, reason: &'static str| {
        let list = why.entry(who.to_owned()).or_default();
        if !list.contains(&reason) {
            list.push(reason);
        }
    };
    for m in &mos {
        for who in m.unheard.iter().flatten() {
            add(who, "headphone check");
        }
        for (who, _) in m.checked.iter().flatten() {
            add(who, "trapping or gold question");
        }
        for (who, _, _) in &m.screened {
            add(who, "hidden reference");
        }
    }
    why
}

/// A result's playback record as the `playback` column's cell (null without media).
fn playback(r: &ResultDoc) -> Cell {
    #[cfg(any(feature = "media", not(target_arch = "wasm32")))]
    if !r.media.is_empty() {
        return Cell::List(
            r.media
                .iter()
                .map(|(key, m)| {
                    Cell::Struct(vec![
                        Cell::Str(key.clone()),
                        Cell::Int(i64::from(m.plays)),
                        Cell::Int(m.heard_ms as i64),
                        Cell::Bool(m.ended),
                        Cell::Bool(m.loaded),
                        Cell::Int(i64::from(m.failures)),
                    ])
                })
                .collect(),
        );
    }
    let _ = r;
    Cell::Null
}

/// The annotations table: one row per annotator, item, control and output asked.
pub fn annotations_table(inputs: &Inputs) -> Table {
    let mut columns = answer_columns(
        inputs,
        Column::new(
            "annotator",
            Shape::Scalar(Leaf::Str),
            "The annotator's pseudonym (a keyed hash of their id: the same annotator has the same pseudonym in every table and export made with the same salt).",
        ),
    );
    columns.extend([
        Column::new("suggestion_json", Shape::Scalar(Leaf::Str), "A model's suggestion for this answer, when there was one: the model, what it suggested, whether it was shown and what became of each part (JSON)."),
        Column::new("quality_control", Shape::Scalar(Leaf::Str), "`gold` or `attention` on the study's quality-control items, else null."),
        Column::new("adjudicated", Shape::Scalar(Leaf::Bool), "Whether an adjudicator decided this result (the review page) rather than an annotator gave it."),
        Column::new("active_ms", Shape::Scalar(Leaf::Int), "The time the item's page was visible before the answer was submitted, in milliseconds."),
        Column::new("playback", Shape::Structs(vec![
            Field::leaf("stimulus", Leaf::Str, true),
            Field::leaf("plays", Leaf::Int, true),
            Field::leaf("heard_ms", Leaf::Int, true),
            Field::leaf("ended", Leaf::Bool, true),
            Field::leaf("loaded", Leaf::Bool, true),
            Field::leaf("failures", Leaf::Int, true),
        ]), "What the annotator did with each recording, image or video of the item (its key: a media block's field, or `field/output`): times started, milliseconds heard, whether it was heard whole, whether its file loaded, how often it failed to load. Null for an item without media."),
        Column::new("screened", Shape::Scalar(Leaf::Str), "Why the listening tests' figures leave this annotator out, when they do: `headphone check` (not passed), `trapping or gold question` (ITU-T P.808), `hidden reference` (ITU-R BS.1534-3's post-screening); several joined by `; `. Null otherwise."),
    ]);
    let screened = screening(inputs);
    let mut rows = Vec::new();
    for (n, r) in inputs.results.iter().enumerate() {
        let who = annotator(r, n);
        let why = screened.get(&who).map(|w| w.join("; "));
        let played = playback(r);
        let qc = inputs
            .gold
            .and_then(|g| g.item(&r.item_id))
            .map(|g| match g.kind {
                GoldKind::Gold => "gold",
                GoldKind::Attention => "attention",
            });
        for control in &inputs.spec.controls {
            let Some(value) = r.answers.get(control.id()) else {
                continue;
            };
            for (section, v) in value.per_output() {
                let key = if section.is_empty() {
                    control.id().clone()
                } else {
                    crate::task::sections::copy_id(control.id(), section)
                };
                let suggestion = r
                    .provenance
                    .get(&key)
                    .and_then(|p| serde_json::to_string(p).ok());
                for (output, cells) in value_rows(control, section, v) {
                    let mut row = answer_row(
                        inputs,
                        Cell::Str(who.clone()),
                        &r.item_id,
                        control.id().as_str(),
                        output,
                        cells,
                    );
                    row.push(Cell::str(suggestion.clone()));
                    row.push(Cell::str(qc));
                    row.push(Cell::Bool(r.adjudicated.unwrap_or(false)));
                    row.push(Cell::Int(r.timings.active_ms as i64));
                    row.push(played.clone());
                    row.push(Cell::str(why.clone()));
                    rows.push(row);
                }
            }
        }
    }
    Table {
        name: "annotations".to_owned(),
        about: "One row per annotator, item, question and (where a question is asked per output) output.".to_owned(),
        columns,
        rows,
        features: None,
        jsonl: true,
    }
}

/// The aggregated table: per method, one row per item, control and output that crowd
/// aggregation covers, with the confidence of its label. Quality-control items are left out.
pub fn aggregated_table(inputs: &Inputs) -> Table {
    let mut columns = answer_columns(
        inputs,
        Column::new(
            "method",
            Shape::Scalar(Leaf::Str),
            "The aggregation method: `majority_vote`, `dawid_skene` (Dawid & Skene 1979) or `mace` (Hovy et al. 2013).",
        ),
    );
    columns.extend([
        Column::new("confidence", Shape::Scalar(Leaf::Float), "The method's posterior probability of the label (for a value of several parts, such as spans, which are aggregated word by word: the mean over the parts of the posterior of each part's label)."),
        Column::new("annotators", Shape::Scalar(Leaf::Int), "The annotators whose answers were aggregated."),
    ]);
    let scored: Vec<ResultDoc> = inputs
        .results
        .iter()
        .filter(|r| inputs.gold.is_none_or(|g| g.item(&r.item_id).is_none()))
        .filter(|r| r.adjudicated.is_none())
        .cloned()
        .collect();
    let mut rows = Vec::new();
    for method in METHODS {
        for a in crate::analysis::aggregate::aggregated_values(
            inputs.spec,
            inputs.items,
            &scored,
            method,
        ) {
            let Some(control) = inputs
                .spec
                .controls
                .iter()
                .find(|c| c.id().as_str() == a.control)
            else {
                continue;
            };
            let Ok(value) = crate::answer::AnswerValue::read(control, &a.value) else {
                continue;
            };
            for (output, cells) in value_rows(control, &a.output, &value) {
                let mut row = answer_row(
                    inputs,
                    Cell::Str(method.to_owned()),
                    &a.item,
                    &a.control,
                    output,
                    cells,
                );
                row.push(Cell::Float(a.confidence));
                row.push(Cell::Int(a.annotators as i64));
                rows.push(row);
            }
        }
    }
    Table {
        name: "aggregated".to_owned(),
        about: "Per aggregation method, one row per item, question and output, with the aggregated answer and its confidence.".to_owned(),
        columns,
        rows,
        features: None,
        jsonl: true,
    }
}

/// What a media file is, by its extension: `audio`, `image`, `video` or `captions`.
pub fn media_type(path: &str) -> &'static str {
    let ext = path.rsplit('.').next().unwrap_or("").to_ascii_lowercase();
    match ext.as_str() {
        "wav" | "wave" | "mp3" | "ogg" | "oga" | "opus" | "flac" | "m4a" | "aac" => "audio",
        "png" | "jpg" | "jpeg" | "gif" | "webp" | "svg" | "avif" => "image",
        "vtt" => "captions",
        _ => "video",
    }
}

/// The media table: one row per recording, image, video or captions file the items name, its
/// path as the items give it, its type, and a recording's or an image's bytes as the Hub's
/// `Audio` and `Image` (`{bytes, path}`), so `datasets` reads them as such. Parquet only.
pub fn media_table(files: Vec<(String, Option<Vec<u8>>)>) -> Table {
    let file = || {
        Shape::Struct(vec![
            Field::leaf("bytes", Leaf::Bytes, false),
            Field::leaf("path", Leaf::Str, false),
        ])
    };
    let columns = vec![
        Column::new(
            "path",
            Shape::Scalar(Leaf::Str),
            "The file's path, as the items give it (the file is in the folder there too).",
        ),
        Column::new(
            "type",
            Shape::Scalar(Leaf::Str),
            "`audio`, `image`, `video` or `captions`.",
        ),
        Column::new(
            "audio",
            file(),
            "A recording's bytes and path: the Hub's `Audio`.",
        ),
        Column::new(
            "image",
            file(),
            "An image's bytes and path: the Hub's `Image`.",
        ),
    ];
    let rows = files
        .into_iter()
        .map(|(path, bytes)| {
            let kind = media_type(&path);
            let held = |k: &str| match &bytes {
                Some(b) if kind == k => {
                    Cell::Struct(vec![Cell::Bytes(b.clone()), Cell::Str(path.clone())])
                }
                _ => Cell::Null,
            };
            vec![
                Cell::Str(path.clone()),
                Cell::Str(kind.to_owned()),
                held("audio"),
                held("image"),
            ]
        })
        .collect();
    let string = serde_json::json!({"dtype": "string", "_type": "Value"});
    Table {
        name: "media".to_owned(),
        about: "One row per recording, image, video or captions file the items name.".to_owned(),
        columns,
        rows,
        features: Some(serde_json::json!({
            "path": string,
            "type": string,
            "audio": {"_type": "Audio"},
            "image": {"_type": "Image"},
        })),
        jsonl: false,
    }
}
