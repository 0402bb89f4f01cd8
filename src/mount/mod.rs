//! Loading what a host mounts: a spec, an item and options, from JSON to a task ready to
//! annotate, or the input that failed with every problem in it. Pure: the widget's mount and
//! the command line share it.

mod error;
pub mod suggestions;
pub mod worked_examples;

pub use error::{ErrorDetail, ErrorKind, ErrorProblem, Stage};

use crate::i18n::Lang;
use crate::item::{self, Item};
use crate::spec::{self, SpecIssue, TaskSpec};
use crate::support::sorted_map::SortedMap;
use crate::task::Task;
use serde::{Deserialize, Serialize};
use std::rc::Rc;

/// The `options` object of `mount(element, {spec, item, options})`.
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[serde(default, rename_all = "camelCase", deny_unknown_fields)]
pub struct MountOptions {
    /// Hide the built-in submit button; the host calls `handle.submit()` itself.
    pub hide_submit: bool,
    /// Ids recorded in the result as they are (participant, assignment, session, ...).
    pub ids: SortedMap<String, String>,
    /// Seed for shuffling outputs (e.g. the participant id). Without one, the order depends on
    /// the item id only. The order shown is recorded in the result either way.
    pub seed: Option<String>,
    /// Save a draft of every change in browser storage and restore it on reload (default
    /// `true`). The draft is removed when the host calls `handle.confirm()` after storing the
    /// result.
    pub autosave: Option<bool>,
    /// Show the item without letting it be answered or submitted (previews, e.g. MTurk's
    /// `ASSIGNMENT_ID_NOT_AVAILABLE`). No drafts are kept.
    pub readonly: bool,
    /// A draft to resume from (as `handle.draft()` gave it), for hosts that keep drafts
    /// themselves (an iframe whose storage the browser blocks). Preferred over local storage.
    pub resume: Option<serde_json::Value>,
}

/// Which input stopped a mount (the error panel's title and `glossa:error`'s `kind`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Failed {
    /// The spec.
    Spec,
    /// The item.
    Item,
    /// The options.
    Options,
}

/// What a mount loaded.
#[derive(Debug)]
pub enum Loaded {
    /// A task to annotate, with the host's options.
    Task {
        /// The spec and item bound together (shared: the widget hands it to its parts).
        task: Rc<Task>,
        /// The host's options.
        options: MountOptions,
    },
    /// Nothing to annotate: which input failed, and every problem with it.
    Broken {
        /// The input.
        kind: Failed,
        /// Its problems, each with a JSON path.
        issues: Vec<SpecIssue>,
    },
}

/// An item's first screen rendered to HTML (`ui::prerender`), for a page to carry before the
/// wasm has loaded.
#[derive(Clone, Debug, serde::Deserialize, serde::Serialize)]
pub struct Rendered {
    /// The HTML the widget's element holds.
    pub html: String,
    /// The participant build that takes it over (`www/pkg/<build>/`).
    pub build: String,
}

/// The language of a spec's text, also when the spec does not load (for the error panel).
fn sniff_lang(spec_json: &str) -> Lang {
    serde_json::from_str::<serde_json::Value>(spec_json)
        .ok()
        .and_then(|v| v.get("language")?.as_str().map(Lang::read))
        .unwrap_or(Lang::EN)
}

/// Loads a spec for use: parses it, runs its own checks (`spec::load`), then checks its worked
/// examples against items, answers and the validation rules (`crate::mount::worked_examples`).
pub fn load_spec(json: &str) -> Result<TaskSpec, Vec<SpecIssue>> {
    let spec: TaskSpec = spec::parse_json::<TaskSpec>(json, "")?.with_own_strings();
    let mut issues = spec::check::check_spec(&spec);
    issues.extend(crate::mount::worked_examples::check(&spec));
    if issues.is_empty() {
        Ok(spec)
    } else {
        Err(issues)
    }
}

/// Loads a mount: the spec, then the options, then the item against the spec. Returns the
/// language for the widget's own words (English when even that is unreadable).
pub fn load(spec_json: &str, item_json: &str, options_json: &str) -> (Lang, Loaded) {
    let spec = match load_spec(spec_json) {
        Ok(spec) => spec,
        Err(issues) => {
            let kind = Failed::Spec;
            return (sniff_lang(spec_json), Loaded::Broken { kind, issues });
        }
    };
    let lang = spec.language;
    let options = match spec::parse_json::<MountOptions>(options_json, "options") {
        Ok(o) => o,
        Err(issues) => {
            let kind = Failed::Options;
            return (lang, Loaded::Broken { kind, issues });
        }
    };
    let loaded = item::load(&spec, item_json).and_then(|item| {
        let issues = suggestions::check(&spec, &item, "item");
        if issues.is_empty() {
            Ok(item)
        } else {
            Err(issues)
        }
    });
    match loaded {
        Ok(item) => {
            let mut task = Task::new(spec, item, options.seed.as_deref());
            // Without the host's seed, the participant's id draws the anchoring split.
            if crate::support::family::SUGGEST && options.seed.is_none() {
                if let Some(who) = crate::support::ids::participant_id(&options.ids) {
                    task = task.split_for(who);
                }
            }
            let task = Rc::new(task);
            (lang, Loaded::Task { task, options })
        }
        Err(issues) => (
            lang,
            Loaded::Broken {
                kind: Failed::Item,
                issues,
            },
        ),
    }
}

/// Checks every item of a file against the spec (`item::check_items`: fields, outputs, ids)
/// and each item's suggestions against their controls.
pub fn check_items(spec: &TaskSpec, items: &[Item]) -> Vec<SpecIssue> {
    let mut issues = item::check_items(spec, items);
    if crate::support::family::SUGGEST {
        for (n, item) in items.iter().enumerate() {
            issues.extend(suggestions::check(spec, item, &format!("items[{n}]")));
        }
    }
    issues
}

/// Loads a study's files for the command line: the spec, then its items file (a JSON array or
/// JSON Lines). On failure, which of the two failed and its problems.
pub fn study(
    spec_text: &str,
    items_text: &str,
) -> Result<(TaskSpec, Vec<Item>), (Failed, Vec<SpecIssue>)> {
    let spec = load_spec(spec_text).map_err(|issues| (Failed::Spec, issues))?;
    let items = item::parse_items(items_text).map_err(|issues| (Failed::Item, issues))?;
    Ok((spec, items))
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPEC: &str = include_str!("../../www/examples/it-implicit/spec.json");

    #[test]
    fn a_good_mount_loads_a_task_with_its_options() {
        let item = r#"{"id": "x", "testo": "t", "annotazione": "a", "output": "o"}"#;
        let (lang, loaded) = load(
            SPEC,
            item,
            r#"{"ids": {"participant": "P"}, "hideSubmit": true}"#,
        );
        assert_eq!(lang, Lang::parse("it").unwrap());
        let Loaded::Task { task, options } = loaded else {
            panic!("{loaded:?}")
        };
        assert_eq!(task.item.id, "x");
        assert!(options.hide_submit);
        assert_eq!(
            options.ids.get("participant").map(String::as_str),
            Some("P")
        );
    }

    #[test]
    fn each_input_that_fails_is_named_with_its_problems() {
        let broken = |spec: &str, item: &str, options: &str| match load(spec, item, options) {
            (lang, Loaded::Broken { kind, issues }) => (lang, kind, issues[0].path.clone()),
            (_, other) => panic!("{other:?}"),
        };
        assert_eq!(
            broken("{", "{}", "{}"),
            (Lang::EN, Failed::Spec, "$".to_owned())
        );
        let item = r#"{"id": "x", "testo": "t", "annotazione": "a", "output": "o"}"#;
        assert_eq!(broken(SPEC, item, r#"{"hide": 1}"#).1, Failed::Options);
        let (lang, kind, path) = broken(SPEC, r#"{"id": "x"}"#, "{}");
        assert_eq!(
            (lang, kind, path.as_str()),
            (Lang::parse("it").unwrap(), Failed::Item, "item.testo")
        );
        // A broken spec still speaks its language when that much can be read.
        assert_eq!(
            broken(r#"{"language": "cs"}"#, "{}", "{}").0,
            Lang::parse("cs").unwrap()
        );
    }

    #[test]
    fn a_study_loads_or_names_the_file_that_failed() {
        let items = include_str!("../../www/examples/it-implicit/items.json");
        assert_eq!(study(SPEC, items).unwrap().1.len(), 4);
        assert_eq!(study("{}", items).unwrap_err().0, Failed::Spec);
        assert_eq!(study(SPEC, "[{]").unwrap_err().0, Failed::Item);
    }
}
