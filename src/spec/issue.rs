//! A problem with a spec or an item: a stable code, the JSON path it concerns, and a message.

use serde::Serialize;
use std::fmt;

/// What is wrong with a spec or an item. Codes are stable: hosts and tests match on them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SpecIssueCode {
    /// The text is not JSON.
    InvalidJson,
    /// A field is unknown, missing, or of the wrong type.
    InvalidField,
    /// The `glossa` format version is not one this widget reads.
    UnsupportedFormat,
    /// A required string is empty.
    Empty,
    /// Two controls share an id.
    DuplicateControlId,
    /// Two options of one control share a value.
    DuplicateOptionValue,
    /// Two options share a shortcut key.
    DuplicateShortcutKey,
    /// A shortcut key is not one character `1`-`9` or `a`-`z`.
    InvalidShortcutKey,
    /// A choice control has no options.
    NoOptions,
    /// The spec has no controls.
    NoControls,
    /// An example answers a control the spec does not have.
    UnknownControl,
    /// An example's answer is not one of the control's option values.
    UnknownOption,
    /// An item lacks a field a block shows.
    MissingField,
    /// An item field a block shows is not a string.
    FieldNotText,
    /// Two items share an id.
    DuplicateItemId,
    /// Two outputs of an item share an id, or one has none.
    DuplicateOutputId,
    /// A meaning representation is not `attr[value], ...`.
    MalformedMeaningRepresentation,
    /// A number's limits are impossible (e.g. more than 18 digits, or `min` longer than allowed).
    InvalidLimits,
    /// An example's answer does not fit its control.
    InvalidExampleAnswer,
    /// An item (or one of its texts) is larger than the widget shows.
    ItemTooLarge,
    /// A link or image address is not `http(s)` (or, for images, a relative path).
    InvalidUrl,
    /// An item lists another number of outputs than the spec's `outputs.count`.
    WrongOutputCount,
    /// An item's suggestion (what a model proposes for a control) is not an answer of that
    /// control, or names a control the spec lacks.
    InvalidSuggestion,
    /// A note, not an error: an item has more sentences than its grid's fixed rows (the extra
    /// ones are shown and flagged, never rated).
    ExtraSentences,
}

/// One problem with a spec or an item.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SpecIssue {
    /// JSON path of the offending field, e.g. `controls[0].options[2].value`.
    pub path: String,
    /// Stable code of the problem.
    pub code: SpecIssueCode,
    /// What is wrong and what to do, for the researcher who wrote the file.
    pub message: String,
}

impl SpecIssue {
    /// Makes an issue.
    pub fn new(path: impl Into<String>, code: SpecIssueCode, message: impl Into<String>) -> Self {
        Self {
            path: path.into(),
            code,
            message: message.into(),
        }
    }
}

impl fmt::Display for SpecIssue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path, self.message)
    }
}

/// Pushes an issue for each value of a list that is empty or comes again (at `path_of(n)`,
/// with `code`: "`what` "…" is empty or used twice"), and returns the values seen: the one
/// check behind option values, criterion, attribute and column ids, strengths and categories.
pub(crate) fn distinct<'a>(
    values: impl IntoIterator<Item = &'a str>,
    path_of: impl Fn(usize) -> String,
    code: SpecIssueCode,
    what: &str,
    out: &mut Vec<SpecIssue>,
) -> crate::support::sorted_map::SortedSet<&'a str> {
    let mut seen = crate::support::sorted_map::SortedSet::new();
    for (n, v) in values.into_iter().enumerate() {
        if v.trim().is_empty() || !seen.insert(v) {
            out.push(SpecIssue::new(
                path_of(n),
                code,
                format!("{what} \"{v}\" is empty or used twice"),
            ));
        }
    }
    seen
}
