//! Model suggestions as a task has them: read from the item's `suggestions` field (what a model
//! proposes per control, written as worked examples write answers), keyed by the task's control
//! ids (a control a section asks per output has one per output), and whether this participant
//! sees them on this item (the spec's anchoring split).
//!
//! An item writes them as
//! `"suggestions": {"<control>": {"model": "<name>", "answer": <answer>, "confidence": 0.9}}`;
//! `answer` as the control's worked examples write it (for a control asked per output, an
//! object keyed by output id). Labelled spans may also be written by their text
//! (`{"label", "text", "occurrence"}`) or character offsets (`start`/`end` in code points,
//! `start_utf16`/`end_utf16`): they are read as the words they cover.

use crate::answer::Answer;
use crate::item::Item;
use crate::spec::{SpecIssue, SpecIssueCode, TaskSpec};
use crate::support::ids::ControlId;
use crate::support::sorted_map::SortedMap;

/// The item field that holds the suggestions.
pub const FIELD: &str = "suggestions";

/// What a model proposes for one control of one item.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Suggestion {
    /// The model's name (and version), as the item gives it.
    pub model: String,
    /// The model's confidence, when it gives one.
    pub confidence: Option<serde_json::Number>,
    /// The proposed answer, as the form holds it.
    pub answer: Answer,
}

/// An item's suggestions, bound to the task.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Suggested {
    /// Whether this participant sees them on this item (else they are hidden: the item
    /// measures what annotators do without them).
    pub shown: bool,
    /// The suggestions by the task's control id.
    pub by_control: SortedMap<ControlId, Suggestion>,
}

/// Whether a participant (the host's `seed`) sees the suggestions on an item, for a spec that
/// shows them on `percent` of items. Each item draws a slot, each participant an offset: the
/// items a participant sees them on are those whose slot plus the offset falls below the
/// share, so each participant sees them on about that share of items, and each item is shown
/// with them to about that share of participants.
pub fn shown(percent: u32, seed: Option<&str>, item_id: &str) -> bool {
    if percent >= 100 {
        return true;
    }
    let slot = super::order::drawn(100, &format!("suggestions/item/{item_id}"));
    let offset = super::order::drawn(100, &format!("suggestions/seed/{}", seed.unwrap_or("")));
    (slot + offset) % 100 < u64::from(percent)
}

/// One suggestion's `answer` read as its control writes answers; `None` when it is not one
/// (the message says how to write it).
pub type ReadAnswer<'a> =
    &'a mut dyn FnMut(&crate::spec::Control, &serde_json::Value, String) -> Option<Answer>;

/// Reads an item's suggestions against the spec as written. Problems (paths
/// `{path}.suggestions.<control>…`) go to `out`; `read_answer` reads each answer (and reports
/// its own problems).
pub fn read(
    spec: &TaskSpec,
    item: &Item,
    path: &str,
    out: &mut Vec<SpecIssue>,
    read_answer: ReadAnswer,
) -> SortedMap<ControlId, Suggestion> {
    read_noting::<false>(spec, item, path, out, &mut Vec::new(), read_answer)
}

/// What reading an item's suggestions adjusted: spans written by text or character offsets
/// grown to whole words, or left out (see [`super::span_positions`]); `glossa check` prints
/// these as warnings, as the importers do.
pub fn notes(spec: &TaskSpec, item: &Item, path: &str) -> Vec<String> {
    let mut notes = Vec::new();
    read_noting::<true>(
        spec,
        item,
        path,
        &mut Vec::new(),
        &mut notes,
        &mut |_, _, _| None,
    );
    notes
}

/// A labelled-span suggestion's spans written by text or offsets, as words of the text it
/// marks (`output`: the output a section asks the control for, or `""`).
fn in_words<const NOTE: bool>(
    control: &crate::spec::Control,
    item: &Item,
    output: &str,
    answer: &serde_json::Value,
    at: &str,
    notes: &mut Vec<String>,
) -> serde_json::Value {
    use crate::item::ItemFields;
    // (The field the control marks: only labelled spans are written `{"spans": [...]}`.)
    let Some(field) = crate::spec::each_control!(control, k => k.span_field()) else {
        return answer.clone();
    };
    let text = if output.is_empty() {
        item.text(field).map(str::to_owned)
    } else {
        item.outputs(field)
            .into_iter()
            .find(|o| o.id == output)
            .map(|o| o.text)
    };
    let Some(text) = text else {
        return answer.clone();
    };
    let units = crate::spec::each_control!(control, k => k.span_units());
    let tokens = crate::text::Tokens::with_units(&text, units);
    if NOTE {
        super::span_positions::to_words(answer, &text, &tokens, at, notes)
    } else {
        super::span_positions::to_words_quietly(answer, &text, &tokens)
    }
}

fn read_noting<const NOTE: bool>(
    spec: &TaskSpec,
    item: &Item,
    path: &str,
    out: &mut Vec<SpecIssue>,
    notes: &mut Vec<String>,
    read_answer: ReadAnswer,
) -> SortedMap<ControlId, Suggestion> {
    let mut found = SortedMap::new();
    let Some(value) = item.fields.get(FIELD) else {
        return found;
    };
    let at = format!("{path}.{FIELD}");
    let issue =
        |at: String, message: String| SpecIssue::new(at, SpecIssueCode::InvalidSuggestion, message);
    if spec.suggestions.is_none() {
        out.push(issue(at, "the item has suggestions but the spec does not show any: add \"suggestions\": {} to the spec, or remove them from the item".to_owned()));
        return found;
    }
    let Some(map) = value.as_object() else {
        out.push(issue(at, "give an object keyed by control id: {\"<control>\": {\"model\": \"...\", \"answer\": ...}}".to_owned()));
        return found;
    };
    for (id, entry) in map {
        let at = format!("{at}.{id}");
        let control_id = ControlId::from(id.as_str());
        let Some(control) = spec.control(&control_id) else {
            out.push(issue(at, format!("the spec has no control \"{id}\"")));
            continue;
        };
        let model = entry
            .get("model")
            .and_then(|m| m.as_str())
            .unwrap_or("")
            .trim();
        if model.is_empty() {
            out.push(issue(format!("{at}.model"), "name the model that made the suggestion (e.g. \"en_core_web_sm-3.8\" or \"gpt-4o-2024-08-06\")".to_owned()));
            continue;
        }
        let confidence = match entry.get("confidence") {
            None | Some(serde_json::Value::Null) => None,
            Some(serde_json::Value::Number(n)) => Some(n.clone()),
            Some(_) => {
                out.push(issue(
                    format!("{at}.confidence"),
                    "give the model's confidence as a number, or leave it out".to_owned(),
                ));
                continue;
            }
        };
        let Some(answer) = entry.get("answer") else {
            out.push(issue(
                format!("{at}.answer"),
                "give the suggested answer, written as the control's worked examples write answers"
                    .to_owned(),
            ));
            continue;
        };
        if let Some(extra) = entry.as_object().and_then(|o| {
            o.keys()
                .find(|k| !["model", "answer", "confidence"].contains(&k.as_str()))
        }) {
            out.push(issue(
                format!("{at}.{extra}"),
                "unknown field: a suggestion has model, answer and confidence".to_owned(),
            ));
            continue;
        }
        let suggestion = |answer| Suggestion {
            model: model.to_owned(),
            confidence: confidence.clone(),
            answer,
        };
        if !crate::support::family::COMPOSE || spec.per_output(&control_id).is_none() {
            let at = format!("{at}.answer");
            let answer = in_words::<NOTE>(control, item, "", answer, &at, notes);
            if let Some(answer) = read_answer(control, &answer, at) {
                found.insert(control_id, suggestion(answer));
            }
            continue;
        }
        // A control its section asks per output: an answer per output id.
        let Some(per_output) = answer.as_object() else {
            out.push(issue(format!("{at}.answer"), "this control is asked once per output: give an object keyed by output id, each entry as the kind's answer is written".to_owned()));
            continue;
        };
        for (output, answer) in per_output {
            let at = format!("{at}.answer.{output}");
            let answer = in_words::<NOTE>(control, item, output, answer, &at, notes);
            if let Some(answer) = read_answer(control, &answer, at) {
                found.insert(
                    super::sections::copy_id(&control_id, output),
                    suggestion(answer),
                );
            }
        }
    }
    found
}

/// An item's suggestions for the task, read quietly (a mounted item was checked before).
pub fn bind(spec: &TaskSpec, item: &Item, seed: Option<&str>) -> Option<Suggested> {
    let percent = spec.suggestions.as_ref()?.show_percent;
    let mut ignored = Vec::new();
    let by_control = read(spec, item, "item", &mut ignored, &mut |c, json, _| {
        Answer::from_example(c, json)
    });
    Some(Suggested {
        shown: shown(percent, seed, &item.id),
        by_control,
    })
}

#[cfg(test)]
mod tests {
    use super::shown;

    #[test]
    fn the_split_is_reproducible_and_near_its_share() {
        let items: Vec<String> = (0..400).map(|n| format!("it-{n}")).collect();
        for seed in ["P-1", "P-2", "5f3a"] {
            let on: Vec<bool> = items.iter().map(|i| shown(50, Some(seed), i)).collect();
            let again: Vec<bool> = items.iter().map(|i| shown(50, Some(seed), i)).collect();
            assert_eq!(on, again, "same seed, same split");
            let n = on.iter().filter(|b| **b).count();
            assert!((150..=250).contains(&n), "{seed}: {n} of 400 shown at 50%");
        }
        let a: Vec<bool> = items.iter().map(|i| shown(50, Some("P-1"), i)).collect();
        let b: Vec<bool> = items.iter().map(|i| shown(50, Some("P-2"), i)).collect();
        assert_ne!(a, b, "participants differ");
        assert!(items.iter().all(|i| shown(100, Some("x"), i)));
        assert!(items.iter().all(|i| !shown(0, Some("x"), i)));
    }

    #[test]
    fn each_item_is_shown_to_about_its_share_of_participants() {
        for item in ["a", "b", "c"] {
            let n = (0..400)
                .filter(|p| shown(30, Some(&format!("P{p}")), item))
                .count();
            assert!((80..=160).contains(&n), "{item}: {n} of 400 participants");
        }
    }
}
