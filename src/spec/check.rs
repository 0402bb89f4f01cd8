//! Semantic checks of a parsed spec: everything serde cannot see (unique ids, valid keys, ...).
//! Worked examples, which need items, answers and validation, are checked a layer up
//! (the `mount` layer's worked examples).

use super::{SpecIssue, SpecIssueCode, TaskSpec, SPEC_FORMAT};
use crate::i18n::Lang;
use crate::support::sorted_map::{SortedMap, SortedSet};

pub use super::check_control::CheckControl;

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
    if !Lang::is_tag(spec.language.tag()) {
        out.push(SpecIssue::new(
            "language",
            SpecIssueCode::InvalidField,
            crate::i18n::NOT_A_TAG,
        ));
    }
    if let Some(n) = spec.min_seconds.filter(|n| !(1..=3600).contains(n)) {
        out.push(SpecIssue::new(
            "min_seconds",
            SpecIssueCode::InvalidField,
            format!("{n}: give 1 to 3600 seconds, or leave it out"),
        ));
    }
    if let Some(hc) = spec.headphones() {
        let bad = |field: &str, msg: String| {
            SpecIssue::new(
                format!("headphone_check.{field}"),
                SpecIssueCode::InvalidField,
                msg,
            )
        };
        if !(1..=20).contains(&hc.trials) {
            out.push(bad("trials", format!("{}: give 1 to 20 trials", hc.trials)));
        } else if !(1..=hc.trials).contains(&hc.pass) {
            out.push(bad(
                "pass",
                format!(
                    "{}: give 1 to {} (the trials) right answers to pass",
                    hc.pass, hc.trials
                ),
            ));
        }
        if !(1..=5).contains(&hc.attempts) {
            out.push(bad(
                "attempts",
                format!("{}: give 1 to 5 attempts", hc.attempts),
            ));
        }
    }
    for (i, block) in spec.blocks.iter().enumerate() {
        if let super::Block::Text(b) = block {
            if let Some(dir) = b
                .dir
                .as_deref()
                .filter(|d| !["ltr", "rtl", "auto"].contains(d))
            {
                out.push(SpecIssue::new(
                    format!("blocks[{i}].dir"),
                    SpecIssueCode::InvalidField,
                    format!("\"{dir}\" is not a direction: use ltr, rtl or auto"),
                ));
            }
        }
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
    let mut ids = SortedSet::new();
    let mut keys: SortedMap<String, String> = SortedMap::new();
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
        super::each_control!(control, c => {
            c.check(&path, &mut keys, &mut out);
            c.check_in(spec, &path, &mut out);
        });
    }
    if crate::support::family::COMPOSE {
        super::section::check_sections(spec, &mut out);
    }
    if let Some(s) = spec
        .suggestions
        .as_ref()
        .filter(|_| crate::support::family::SUGGEST)
    {
        s.check(&mut out);
    }
    out
}

/// A shortcut key is one character from `1`-`9` or `a`-`z` (case-insensitive).
pub fn is_valid_key(key: &str) -> bool {
    let mut chars = key.chars();
    matches!((chars.next(), chars.next()), (Some(c), None) if c.is_ascii_alphanumeric() && c != '0')
}
