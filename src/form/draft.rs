//! Drafts: the annotator's work on one item, saved to browser storage as they go and restored on
//! reload. A draft is restored by replaying it through the form model's own actions, so a stale
//! or tampered draft can never produce a state the widget could not have reached.

use crate::answer::{Answer, QuestionSet, SpanEntry};
use crate::form::{apply, Action, FormState, QuestionEdit};
use crate::support::ids::{ids_key, ControlId, OptionValue};
use crate::support::sorted_map::{SortedMap, SortedSet};
use crate::task::Task;
use serde::{Deserialize, Serialize};

/// The draft format tag.
pub const DRAFT_FORMAT: &str = "glossa.draft/1";

/// No draft can have started before 2020-01-01 (ms since the epoch): Glossa did not exist.
pub const EARLIEST_START_MS: u64 = 1_577_836_800_000;

/// A saved draft.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Draft {
    /// Always [`DRAFT_FORMAT`].
    pub format: String,
    /// The spec's id and version, and the item's id: a draft only restores into the same.
    pub spec_id: String,
    /// The spec's version.
    pub spec_version: String,
    /// The item's id.
    pub item_id: String,
    /// The answers as on screen.
    pub answers: SortedMap<ControlId, Answer>,
    /// Boxes the annotator had left.
    #[serde(default)]
    pub touched: SortedSet<String>,
    /// When the item was first shown (ms since the epoch).
    pub started_ms: u64,
    /// Active time so far.
    pub active_ms: u64,
}

/// The storage key of a draft: spec id and version, item id, and the host's ids (participant,
/// assignment, ...), so two participants on one computer never see each other's drafts.
pub fn storage_key(task: &Task, ids: &SortedMap<String, String>) -> String {
    format!(
        "glossa:draft/1:{}@{}:{}:{}",
        task.spec.id,
        task.spec.version,
        task.item.id,
        ids_key(ids)
    )
}

/// The storage key that marks a task as seen by an annotator (spec id and version, the host's
/// ids): set when they submit their first item, so the instructions open on that item only.
pub fn seen_key(task: &Task, ids: &SortedMap<String, String>) -> String {
    format!(
        "glossa:seen/1:{}@{}:{}",
        task.spec.id,
        task.spec.version,
        ids_key(ids)
    )
}

impl Draft {
    /// The draft of a form at `now_ms`.
    pub fn of(task: &Task, form: &FormState, now_ms: u64) -> Self {
        Draft {
            format: DRAFT_FORMAT.to_owned(),
            spec_id: task.spec.id.clone(),
            spec_version: task.spec.version.clone(),
            item_id: task.item.id.clone(),
            answers: form.answers.clone(),
            touched: form.touched.clone(),
            started_ms: form.started_ms,
            active_ms: form.active_ms_at(now_ms),
        }
    }

    /// Whether the draft's timings could have been written by this widget before `now_ms`: it
    /// started after [`EARLIEST_START_MS`] and not in the future, and its active time fits
    /// between its start and now. A tampered or corrupted draft fails this and its timings are
    /// dropped (never carried into a result).
    pub fn timing_possible(&self, now_ms: u64) -> bool {
        self.started_ms >= EARLIEST_START_MS
            && self.started_ms <= now_ms
            && self.active_ms <= now_ms - self.started_ms
    }

    /// Restores the draft into a fresh form shown at `now_ms`, by replaying its answers as
    /// actions. `None` when it belongs to another spec version or item.
    pub fn restore(&self, task: &Task, now_ms: u64) -> Option<FormState> {
        let same = self.format == DRAFT_FORMAT
            && self.spec_id == task.spec.id
            && self.spec_version == task.spec.version
            && self.item_id == task.item.id;
        if !same {
            return None;
        }
        // Visible time restarts now: the time up to the save is already in `active_ms`.
        let mut form = FormState::new(now_ms);
        if self.timing_possible(now_ms) {
            form.started_ms = self.started_ms;
            form.active_ms = self.active_ms;
        } else {
            form.timing_dropped = true;
        }
        for (control, answer) in &self.answers {
            for action in actions_for(control, answer) {
                form = apply(task, &form, action);
            }
        }
        form.touched = self.touched.clone();
        form.selection = None;
        Some(form)
    }
}

/// The actions that rebuild labelled spans: each span selected and labelled, its attributes,
/// "nothing to mark", then the brush.
fn label_actions(control: &ControlId, set: &crate::answer::LabelSet) -> Vec<Action> {
    use crate::form::{LabelAction, LabelEdit};
    let edit = |edit| {
        Action::Labels(crate::support::family::Gate::gate(LabelAction {
            control: control.clone(),
            edit,
        }))
    };
    let mut out = vec![edit(LabelEdit::Brush(None))];
    for (i, s) in set.spans.iter().enumerate() {
        out.push(Action::Select {
            control: control.clone(),
            anchor: s.span.first,
            focus: s.span.last,
            complete: true,
        });
        out.push(edit(LabelEdit::Pick(s.label.clone())));
        for (attr, value) in &s.attrs {
            out.push(edit(LabelEdit::Attribute {
                span: i,
                attr: attr.clone(),
                value: Some(value.clone()),
            }));
        }
    }
    if set.nothing {
        out.push(edit(LabelEdit::Nothing(true)));
    }
    out.push(edit(LabelEdit::Brush(set.brush.clone())));
    out
}

/// The actions that rebuild one answer.
fn actions_for(control: &ControlId, answer: &Answer) -> Vec<Action> {
    let c = || control.clone();
    match answer {
        Answer::Choice(v) => vec![Action::Choose {
            control: c(),
            value: OptionValue(v.0.clone()),
        }],
        Answer::Choices(values) => vec![Action::SetAnswer(crate::support::family::Gate::gate(
            crate::form::SetAnswer {
                control: c(),
                answer: Some(Answer::Choices(values.clone())),
            },
        ))],
        Answer::NumberText(text) => vec![Action::SetNumber {
            control: c(),
            key: None,
            text: String::clone(text),
        }],
        Answer::NumberTexts(map) => map
            .iter()
            .map(|(k, text)| Action::SetNumber {
                control: c(),
                key: Some(k.clone()),
                text: text.clone(),
            })
            .collect(),
        Answer::Grid(cells) => cells
            .iter()
            .flat_map(|(row, cols)| {
                cols.iter().map(move |(column, value)| Action::GridChoose {
                    control: control.clone(),
                    row: *row,
                    column: column.clone(),
                    value: value.clone(),
                })
            })
            .collect(),
        Answer::Labels(set) => label_actions(control, set),
        Answer::Prefs(map) => map
            .iter()
            .flat_map(|(k, p)| {
                let criterion = (!k.is_empty()).then(|| k.clone());
                let edit = |edit| {
                    Action::Prefer(crate::support::family::Gate::gate(crate::form::Prefer {
                        control: c(),
                        criterion: criterion.clone(),
                        edit,
                    }))
                };
                let first = match &p.winner {
                    Some(w) => crate::form::PreferEdit::Winner(w.clone()),
                    None => crate::form::PreferEdit::Tie,
                };
                std::iter::once(edit(first))
                    .chain(
                        p.strength
                            .clone()
                            .map(|s| edit(crate::form::PreferEdit::Strength(s))),
                    )
                    .collect::<Vec<_>>()
            })
            .collect(),
        Answer::Order(set) => {
            let rank = |edit| {
                Action::Rank(crate::support::family::Gate::gate(crate::form::Rank {
                    control: c(),
                    edit,
                }))
            };
            let mut by: Vec<(&String, &u32)> = set.ranks.iter().collect();
            by.sort_by_key(|(_, r)| **r);
            let mut out: Vec<Action> = by
                .iter()
                .map(|(id, _)| rank(crate::form::RankEdit::Next((*id).clone())))
                .collect();
            // Ties: each output sharing the rank of the one before it.
            for w in by.windows(2) {
                if w[0].1 == w[1].1 {
                    out.push(rank(crate::form::RankEdit::Tie(w[1].0.clone())));
                }
            }
            out.extend(
                set.best
                    .clone()
                    .map(|b| rank(crate::form::RankEdit::Best(b))),
            );
            out.extend(
                set.worst
                    .clone()
                    .map(|w| rank(crate::form::RankEdit::Worst(w))),
            );
            out
        }
        Answer::Points(map) => map
            .iter()
            .map(|(k, p)| {
                Action::SetPoint(crate::support::family::Gate::gate(crate::form::SetPoint {
                    control: c(),
                    key: (!k.is_empty()).then(|| k.clone()),
                    point: Some(*p),
                }))
            })
            .collect(),
        Answer::Spans(map) => map
            .iter()
            .flat_map(|(attr, entries)| span_actions(control, attr, entries))
            .collect(),
        Answer::Text(text) => vec![Action::SetText {
            control: c(),
            text: text.clone(),
        }],
        Answer::Questions(set) => question_actions(control, set),
    }
}

fn question_actions(control: &ControlId, set: &QuestionSet) -> Vec<Action> {
    let mut out = Vec::new();
    for (card, q) in set.cards.iter().enumerate() {
        let edit = |edit| Action::QuestionEdit {
            control: control.clone(),
            card,
            edit,
        };
        if card > 0 {
            out.push(Action::QuestionAdd {
                control: control.clone(),
            });
        }
        out.push(edit(QuestionEdit::Text(q.question.clone())));
        out.push(edit(QuestionEdit::YesNo(q.yes_no)));
        out.push(edit(QuestionEdit::Category(q.category.clone())));
        out.push(edit(QuestionEdit::Unanswerable(q.unanswerable)));
        for span in &q.spans {
            out.push(Action::Select {
                control: control.clone(),
                anchor: span.first,
                focus: span.last,
                complete: true,
            });
            out.push(Action::QuestionAssign {
                control: control.clone(),
                card,
            });
        }
        if let Some(b) = &q.base_form {
            out.push(edit(QuestionEdit::BaseForm(b.clone())));
        }
        out.push(edit(QuestionEdit::Collapsed(q.collapsed)));
    }
    out.push(Action::NoMoreQuestions {
        control: control.clone(),
        on: set.no_more,
    });
    if set.skipped.is_some() {
        out.push(Action::QuestionsSkip {
            control: control.clone(),
            reason: set.skipped.clone(),
        });
    }
    out.push(Action::ClearSelection);
    out
}

fn span_actions(control: &ControlId, attr: &str, entries: &[SpanEntry]) -> Vec<Action> {
    let mut out = Vec::new();
    // Entries are rebuilt in order; an entry starts with its first span (a new entry of a
    // repeatable attribute, or the one entry of a plain one).
    let mut index = 0;
    for entry in entries {
        for (n, span) in entry.spans.iter().enumerate() {
            out.push(Action::Select {
                control: control.clone(),
                anchor: span.first,
                focus: span.last,
                complete: true,
            });
            let target = if n == 0 { None } else { Some(index) };
            out.push(Action::AssignSelection {
                control: control.clone(),
                attr: attr.to_owned(),
                entry: target,
            });
        }
        if let Some(v) = &entry.value {
            out.push(Action::SpanValue {
                control: control.clone(),
                attr: attr.to_owned(),
                entry: index,
                value: Some(v.clone()),
            });
        }
        if !entry.spans.is_empty() {
            index += 1;
        }
    }
    out.push(Action::ClearSelection);
    out
}
