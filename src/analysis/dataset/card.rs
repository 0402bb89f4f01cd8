//! The dataset card: what the researcher says of the dataset (`card.json`: licence, name,
//! the Hub's task categories, platform, pay, the data statement's answers), checked; and the
//! card itself (`README.md`: the Hub's YAML metadata, then the text made from the study, with
//! Bender & Friedman's data statement).

use schemars::JsonSchema;
use serde::Deserialize;

/// What the study does not know and the researcher tells (`glossa export dataset --card`).
#[derive(Clone, Debug, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CardInfo {
    /// A comment for the researcher (ignored).
    #[serde(default, rename = "$comment")]
    pub comment: Option<String>,
    /// The dataset's licence, as the Hugging Face Hub names it (`cc-by-4.0`, `cc-by-sa-4.0`,
    /// `cc0-1.0`, `mit`, …; `other` with `license_name` and `license_link`).
    #[serde(default)]
    pub license: Option<String>,
    /// A licence the Hub does not list: its short name (with `license: other`).
    #[serde(default)]
    pub license_name: Option<String>,
    /// A licence the Hub does not list: where its text is (with `license: other`).
    #[serde(default)]
    pub license_link: Option<String>,
    /// The dataset's name, as the Hub shows it.
    #[serde(default)]
    pub pretty_name: Option<String>,
    /// The Hub's task categories (`translation`, `token-classification`,
    /// `text-classification`, `question-answering`, `summarization`, …).
    #[serde(default)]
    pub task_categories: Vec<String>,
    /// The languages of the data, as BCP 47 tags (default: the spec's `language`); a
    /// translation study names both.
    #[serde(default)]
    pub languages: Vec<String>,
    /// Who made the dataset (names, institution, contact).
    #[serde(default)]
    pub curators: Option<String>,
    /// Who made the annotations, as the Hub names it (`crowdsourced`, the default;
    /// `expert-generated`, `found`, …).
    #[serde(default)]
    pub annotations_creators: Vec<String>,
    /// Where the annotators were recruited (Prolific, MTurk, students of a course, …).
    #[serde(default)]
    pub platform: Option<String>,
    /// What the annotators were paid (e.g. `£9.00 per hour`, `course credit`).
    #[serde(default)]
    pub pay: Option<String>,
    /// How the items were chosen from their source.
    #[serde(default)]
    pub sampling: Option<String>,
    /// How to cite the dataset (BibTeX).
    #[serde(default)]
    pub citation: Option<String>,
    /// Further keys of the results' `ids` that name a person or their session (beyond the
    /// hosts' documented `participant`, `PROLIFIC_PID`, `SESSION_ID`, `workerId`,
    /// `assignmentId` and `jatos_worker`): the export drops them and checks that no file holds
    /// their values.
    #[serde(default)]
    pub personal_ids: Vec<String>,
    /// The data statement's answers (Bender & Friedman 2018), by heading; a heading left out
    /// is filled from the study where it knows, else marked to be completed.
    #[serde(default)]
    pub data_statement: DataStatement,
}

/// Bender & Friedman's data statement (2018; the long form's headings, 2021 guide).
#[derive(Clone, Debug, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DataStatement {
    /// A. Why these texts were chosen.
    #[serde(default)]
    pub curation_rationale: Option<String>,
    /// B. The language varieties (BCP 47 tags, and a description: region, register).
    #[serde(default)]
    pub language_variety: Option<String>,
    /// C. Who wrote or spoke the texts (age, gender, native language, region, …).
    #[serde(default)]
    pub speaker_demographic: Option<String>,
    /// D. Who annotated (age, gender, native language, training, …).
    #[serde(default)]
    pub annotator_demographic: Option<String>,
    /// E. The speech situation: time, place, modality, intended audience.
    #[serde(default)]
    pub speech_situation: Option<String>,
    /// F. The texts' genre, topic, structure.
    #[serde(default)]
    pub text_characteristics: Option<String>,
    /// G. The recordings' quality (for speech).
    #[serde(default)]
    pub recording_quality: Option<String>,
    /// H. Anything else.
    #[serde(default)]
    pub other: Option<String>,
    /// I. Where the data statement's facts come from.
    #[serde(default)]
    pub provenance: Option<String>,
}

/// The licences the Hugging Face Hub lists for datasets (its `license` metadata).
pub const LICENSES: &[&str] = &[
    "apache-2.0",
    "mit",
    "afl-3.0",
    "artistic-2.0",
    "bsl-1.0",
    "bsd",
    "bsd-2-clause",
    "bsd-3-clause",
    "bsd-3-clause-clear",
    "c-uda",
    "cc",
    "cc0-1.0",
    "cc-by-2.0",
    "cc-by-2.5",
    "cc-by-3.0",
    "cc-by-4.0",
    "cc-by-sa-3.0",
    "cc-by-sa-4.0",
    "cc-by-nc-2.0",
    "cc-by-nc-3.0",
    "cc-by-nc-4.0",
    "cc-by-nd-4.0",
    "cc-by-nc-nd-3.0",
    "cc-by-nc-nd-4.0",
    "cc-by-nc-sa-2.0",
    "cc-by-nc-sa-3.0",
    "cc-by-nc-sa-4.0",
    "cdla-sharing-1.0",
    "cdla-permissive-1.0",
    "cdla-permissive-2.0",
    "wtfpl",
    "ecl-2.0",
    "epl-1.0",
    "epl-2.0",
    "etalab-2.0",
    "eupl-1.1",
    "eupl-1.2",
    "agpl-3.0",
    "gfdl",
    "gpl",
    "gpl-2.0",
    "gpl-3.0",
    "lgpl",
    "lgpl-2.1",
    "lgpl-3.0",
    "isc",
    "lppl-1.3c",
    "ms-pl",
    "mpl-2.0",
    "odc-by",
    "odbl",
    "openrail",
    "osl-3.0",
    "postgresql",
    "ofl-1.1",
    "ncsa",
    "unlicense",
    "zlib",
    "pddl",
    "lgpl-lr",
    "unknown",
    "other",
];

/// Who made a dataset's annotations, as the Hub names them.
pub const ANNOTATIONS_CREATORS: &[&str] = &[
    "crowdsourced",
    "expert-generated",
    "found",
    "machine-generated",
    "no-annotation",
    "other",
];

/// The Hugging Face Hub's task categories.
pub const TASK_CATEGORIES: &[&str] = &[
    "text-classification",
    "token-classification",
    "table-question-answering",
    "question-answering",
    "zero-shot-classification",
    "translation",
    "summarization",
    "feature-extraction",
    "text-generation",
    "fill-mask",
    "sentence-similarity",
    "text-to-speech",
    "text-to-audio",
    "automatic-speech-recognition",
    "audio-to-audio",
    "audio-classification",
    "audio-text-to-text",
    "voice-activity-detection",
    "depth-estimation",
    "image-classification",
    "object-detection",
    "image-segmentation",
    "text-to-image",
    "image-to-text",
    "image-to-image",
    "image-to-video",
    "unconditional-image-generation",
    "video-classification",
    "reinforcement-learning",
    "robotics",
    "tabular-classification",
    "tabular-regression",
    "tabular-to-text",
    "table-to-text",
    "multiple-choice",
    "text-ranking",
    "text-retrieval",
    "time-series-forecasting",
    "text-to-video",
    "image-text-to-text",
    "visual-question-answering",
    "document-question-answering",
    "zero-shot-image-classification",
    "graph-ml",
    "mask-generation",
    "zero-shot-object-detection",
    "text-to-3d",
    "image-to-3d",
    "image-feature-extraction",
    "video-text-to-text",
    "keypoint-detection",
    "visual-document-retrieval",
    "any-to-any",
    "other",
];

/// The Hub's size categories and the most rows each holds.
const SIZES: &[(&str, u64)] = &[
    ("n<1K", 1_000),
    ("1K<n<10K", 10_000),
    ("10K<n<100K", 100_000),
    ("100K<n<1M", 1_000_000),
    ("1M<n<10M", 10_000_000),
    ("10M<n<100M", 100_000_000),
    ("100M<n<1B", 1_000_000_000),
];

/// The Hub's size category of a table of `rows` rows.
pub fn size_category(rows: usize) -> &'static str {
    SIZES
        .iter()
        .find(|(_, most)| (rows as u64) < *most)
        .map_or("n>1T", |(name, _)| name)
}

/// Reads a card file; a problem names the field (or the line and column of bad JSON).
pub fn read(text: &str) -> Result<CardInfo, String> {
    serde_json::from_str(text).map_err(|e| {
        let msg = e.to_string();
        format!("line {}, column {}: {msg}", e.line(), e.column())
    })
}

/// What a card lacks or gets wrong, each naming its field and what to give.
pub fn check(card: &CardInfo) -> Vec<String> {
    let mut out = Vec::new();
    match card.license.as_deref() {
        None | Some("") => out.push("license: give the dataset's licence as the Hub names it (e.g. cc-by-4.0, cc-by-sa-4.0, cc0-1.0); a dataset without one cannot be reused".to_owned()),
        Some(l) if !LICENSES.contains(&l) => out.push(format!("license: \"{l}\" is not a licence the Hub lists: give its id (e.g. cc-by-4.0), or \"other\" with license_name and license_link")),
        Some("other") => {
            if card.license_name.as_deref().is_none_or(str::is_empty) {
                out.push("license_name: a licence the Hub does not list (license: other) needs its short name".to_owned());
            }
            if card.license_link.as_deref().is_none_or(str::is_empty) {
                out.push("license_link: a licence the Hub does not list (license: other) needs the address of its text".to_owned());
            }
        }
        Some(_) => {}
    }
    if card
        .pretty_name
        .as_deref()
        .is_none_or(|n| n.trim().is_empty())
    {
        out.push("pretty_name: give the dataset's name, as the Hub shows it".to_owned());
    }
    if card.task_categories.is_empty() {
        out.push("task_categories: give at least one of the Hub's task categories (e.g. translation, token-classification, text-classification)".to_owned());
    }
    for (n, t) in card.task_categories.iter().enumerate() {
        if !TASK_CATEGORIES.contains(&t.as_str()) {
            out.push(format!("task_categories[{n}]: \"{t}\" is not one of the Hub's task categories (e.g. translation, token-classification, text-classification, question-answering, summarization)"));
        }
    }
    for (n, a) in card.annotations_creators.iter().enumerate() {
        if !ANNOTATIONS_CREATORS.contains(&a.as_str()) {
            out.push(format!(
                "annotations_creators[{n}]: \"{a}\" is not one the Hub names: give {}",
                ANNOTATIONS_CREATORS.join(", ")
            ));
        }
    }
    for (n, l) in card.languages.iter().enumerate() {
        // (The Hub takes ISO 639 codes: a primary subtag of 2 or 3 letters.)
        let primary = l.split('-').next().unwrap_or_default().len();
        if !crate::i18n::Lang::is_tag(l) || !(2..=3).contains(&primary) {
            out.push(format!("languages[{n}]: \"{l}\" is not a BCP 47 tag with an ISO 639 language: give one such as en, de, cs or pt-BR"));
        }
    }
    out
}
