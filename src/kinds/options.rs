//! What the kinds whose entry lists options share: the checks of the options.

use super::prelude::*;
use crate::spec::check::is_valid_key;

/// Checks a choice's options (each with its path): at least one, values unique and not
/// empty, labels not empty, shortcut keys valid and unique in the spec.
pub(crate) fn check_options(
    path: &str,
    options: &[(String, &crate::spec::ChoiceOption)],
    keys: &mut SortedMap<String, String>,
    out: &mut Vec<SpecIssue>,
) {
    if options.is_empty() {
        out.push(SpecIssue::new(
            path,
            SpecIssueCode::NoOptions,
            "a choice needs at least one option",
        ));
    }
    let mut values = SortedSet::new();
    for (opath, option) in options {
        if option.value.as_str().trim().is_empty() {
            out.push(SpecIssue::new(
                format!("{opath}.value"),
                SpecIssueCode::Empty,
                "the option value is empty; results record it",
            ));
        } else if !values.insert(option.value.clone()) {
            out.push(SpecIssue::new(
                format!("{opath}.value"),
                SpecIssueCode::DuplicateOptionValue,
                format!(
                    "option value \"{}\" is used twice in this control; values must be unique",
                    option.value
                ),
            ));
        }
        if option.label.trim().is_empty() {
            out.push(SpecIssue::new(
                format!("{opath}.label"),
                SpecIssueCode::Empty,
                "the option label is empty; annotators need something to read",
            ));
        }
        if let Some(key) = &option.key {
            let kpath = format!("{opath}.key");
            if !is_valid_key(key) {
                out.push(SpecIssue::new(
                    kpath,
                    SpecIssueCode::InvalidShortcutKey,
                    format!("shortcut key \"{key}\" must be one character, 1-9 or a-z"),
                ));
            } else if let Some(first) = keys.insert(key.to_ascii_lowercase(), kpath.clone()) {
                out.push(SpecIssue::new(
                    kpath,
                    SpecIssueCode::DuplicateShortcutKey,
                    format!("shortcut key \"{key}\" is already used at {first}"),
                ));
            }
        }
    }
}
