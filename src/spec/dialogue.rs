//! Dialogues: a section's outputs read as the turns of a conversation — each turn's speaker,
//! the speakers whose turns the section asks about (the others shown as context), and turns
//! revealed one asked turn at a time.

use super::Item;
use crate::spec::item::Output;
use crate::support::sorted_map::SortedMap;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{OutputsSource, SpecIssue, SpecIssueCode};

/// A section's outputs as a conversation, turn by turn (e.g. `{"ask": ["system"], "speakers":
/// {"user": "Customer", "system": "Assistant"}, "progressive": true}`). Each turn of the
/// item's list gives its `speaker` beside its `id` and `text`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Dialogue {
    /// The speakers whose turns the section's controls ask about (e.g. `["system"]`: a
    /// chatbot's replies rated, the user's turns shown as context without questions); empty:
    /// every turn.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ask: Vec<String>,
    /// The name shown for each speaker, by the speaker's id (e.g. `{"user": "Customer"}`);
    /// `{speaker}` in the outputs' `label` is replaced by it (a speaker not named here: its id).
    #[serde(default, skip_serializing_if = "SortedMap::is_empty")]
    pub speakers: SortedMap<String, String>,
    /// Show the conversation up to the first asked turn not yet answered: the turns after it
    /// stay hidden until it is (a rater judges each reply knowing only what came before).
    #[serde(default)]
    pub progressive: bool,
}

impl Dialogue {
    /// Whether the section asks about this turn.
    pub fn asks(&self, turn: &Output) -> bool {
        self.ask.is_empty()
            || turn
                .speaker()
                .is_some_and(|s| self.ask.iter().any(|a| a == s))
    }

    /// The name shown for a turn's speaker.
    pub fn speaker_name<'a>(&'a self, turn: &'a Output) -> &'a str {
        let id = turn.speaker().unwrap_or_default();
        self.speakers.get(id).map_or(id, String::as_str)
    }
}

impl OutputsSource {
    /// An output's label as shown: the `label` with `{n}`, its place (from 1), and, in a
    /// dialogue, `{speaker}`, its speaker's name.
    pub fn label_of(&self, lang: crate::i18n::Lang, n: usize, output: &Output) -> String {
        let label = crate::i18n::fill_n(lang, &self.label, n);
        match self.dialogue() {
            Some(d) => crate::i18n::fill(&label, &[("speaker", d.speaker_name(output))]),
            None => label,
        }
    }
}

/// Checks a section's dialogue: its turns keep their order (no `shuffle`).
pub(crate) fn check_dialogue(src: &OutputsSource, path: &str, out: &mut Vec<SpecIssue>) {
    let Some(_) = src.dialogue() else {
        return;
    };
    if src.shuffle {
        out.push(SpecIssue::new(
            format!("{path}.outputs.shuffle"),
            SpecIssueCode::InvalidField,
            "a dialogue's turns are shown in the order they were said; remove `shuffle`",
        ));
    }
}

/// Checks an item's dialogue: when the section asks only some speakers' turns, every turn
/// names its speaker and at least one turn is asked about.
pub(crate) fn check_turns(item: &Item, src: &OutputsSource, path: &str) -> Vec<SpecIssue> {
    let Some(dialogue) = src.dialogue().filter(|d| !d.ask.is_empty()) else {
        return Vec::new();
    };
    let field = src.field.as_str();
    let turns = item.outputs(field);
    let at = crate::spec::join_path(path, field);
    let mut issues: Vec<SpecIssue> = (turns.iter().enumerate())
        .filter(|(_, t)| t.speaker().is_none_or(|s| s.trim().is_empty()))
        .map(|(n, t)| {
            SpecIssue::new(
                format!("{at}[{n}].speaker"),
                SpecIssueCode::MissingField,
                format!(
                    "turn \"{}\" names no speaker; give it \"speaker\" ({} or another)",
                    t.id,
                    dialogue.ask.join(", ")
                ),
            )
        })
        .collect();
    if !turns.is_empty() && issues.is_empty() && !turns.iter().any(|t| dialogue.asks(t)) {
        issues.push(SpecIssue::new(
            at,
            SpecIssueCode::InvalidField,
            format!(
                "item \"{}\" has no turn of {} to ask about; give it one, or name its speakers in the spec's `dialogue.ask`",
                item.id,
                dialogue.ask.join(", ")
            ),
        ));
    }
    issues
}
