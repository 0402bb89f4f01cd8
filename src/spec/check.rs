//! Semantic checks of a parsed spec: everything serde cannot see (unique ids, valid keys, ...).

use super::{Control, SingleChoice, SpecIssue, SpecIssueCode, TaskSpec, SPEC_FORMAT};
use crate::item::check_item;
use std::collections::{BTreeMap, BTreeSet};

/// Runs every semantic check; returns all problems found (empty when the spec is usable).
pub fn check_spec(spec: &TaskSpec) -> Vec<SpecIssue> {
    let mut out = Vec::new();
    if spec.glossa != SPEC_FORMAT {
        out.push(SpecIssue::new(
            "glossa",
            SpecIssueCode::UnsupportedFormat,
            format!(
                "spec format {} is not supported; this widget reads format {SPEC_FORMAT}",
                spec.glossa
            ),
        ));
    }
    if spec.id.trim().is_empty() {
        out.push(SpecIssue::new(
            "id",
            SpecIssueCode::Empty,
            "the spec id is empty; give the task a stable id",
        ));
    }
    if spec.controls.is_empty() {
        out.push(SpecIssue::new(
            "controls",
            SpecIssueCode::NoControls,
            "the spec has no controls; add at least one thing to answer",
        ));
    }
    let mut ids = BTreeSet::new();
    let mut keys: BTreeMap<String, String> = BTreeMap::new();
    for (n, control) in spec.controls.iter().enumerate() {
        let path = format!("controls[{n}]");
        if control.id().as_str().trim().is_empty() {
            out.push(SpecIssue::new(
                format!("{path}.id"),
                SpecIssueCode::Empty,
                "the control id is empty; answers are stored under it",
            ));
        } else if !ids.insert(control.id().clone()) {
            out.push(SpecIssue::new(
                format!("{path}.id"),
                SpecIssueCode::DuplicateControlId,
                format!(
                    "control id \"{}\" is used twice; each control needs its own id",
                    control.id()
                ),
            ));
        }
        match control {
            Control::SingleChoice(c) => check_choice(c, &path, &mut keys, &mut out),
        }
    }
    for (n, example) in spec.examples.iter().enumerate() {
        let path = format!("examples[{n}]");
        out.extend(check_item(spec, &example.item, &format!("{path}.item")));
        for (control_id, value) in &example.answers {
            let answer_path = format!("{path}.answers.{control_id}");
            match spec.control(control_id) {
                None => out.push(SpecIssue::new(
                    answer_path,
                    SpecIssueCode::UnknownControl,
                    format!("the spec has no control \"{control_id}\""),
                )),
                Some(Control::SingleChoice(c)) => {
                    if !c.options.iter().any(|o| &o.value == value) {
                        out.push(SpecIssue::new(
                            answer_path,
                            SpecIssueCode::UnknownOption,
                            format!(
                                "\"{value}\" is not an option value of control \"{control_id}\""
                            ),
                        ));
                    }
                }
            }
        }
    }
    out
}

fn check_choice(
    c: &SingleChoice,
    path: &str,
    keys: &mut BTreeMap<String, String>,
    out: &mut Vec<SpecIssue>,
) {
    if c.options.is_empty() {
        out.push(SpecIssue::new(
            format!("{path}.options"),
            SpecIssueCode::NoOptions,
            "a choice needs at least one option",
        ));
    }
    let mut values = BTreeSet::new();
    for (n, option) in c.options.iter().enumerate() {
        let opath = format!("{path}.options[{n}]");
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

/// A shortcut key is one character from `1`-`9` or `a`-`z` (case-insensitive).
pub fn is_valid_key(key: &str) -> bool {
    let mut chars = key.chars();
    matches!((chars.next(), chars.next()), (Some(c), None) if c.is_ascii_alphanumeric() && c != '0')
}
