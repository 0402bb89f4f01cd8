//! Simulated annotators: answers any annotator could give, made from a seed through the same
//! typed actions the screen sends, so they respect every rule the widget enforces (required
//! controls, one alternative per grid row, spans on real words, question counts). jsPsych's
//! `simulate()` (data-only and visual modes) and tests use them; pure, no clock, no randomness
//! but the seed's.

use crate::form::{self, Action, FormState, QuestionEdit};
use crate::spec::{GridControl, QuestionsControl, SpanAttributes};
use crate::support::rng::SplitMix;
use crate::task::{grid, Task};
use crate::validate::{self, Report};

/// How a control kind is answered by a simulated annotator (each kind implements it in
/// `crate::kinds`).
pub trait Simulate {
    /// Pushes the actions of one random answer; `plain` asks for the simplest valid answer
    /// where the kind has one.
    fn simulate(&self, task: &Task, rng: &mut SplitMix, plain: bool, out: &mut Vec<Action>);
}

/// How many seeds are tried before giving up (a random answer can miss a soft combination,
/// e.g. too few unanswerable questions; the next seed is tried).
const TRIES: u64 = 64;

/// The actions of one simulated annotator, in the order a person would take them, and the
/// form they lead to (valid, from the first of up to 64 seeds derived from `seed` that gives
/// a valid answer). The report of the last try when none does.
pub fn annotate(task: &Task, seed: u64, now_ms: u64) -> Result<(Vec<Action>, FormState), Report> {
    let mut last = None;
    for n in 0..TRIES {
        let mut rng = SplitMix::new(seed ^ n.wrapping_mul(0x9e37_79b9_7f4a_7c15));
        let actions = actions(task, &mut rng, n >= TRIES / 2);
        let form = actions.iter().fold(FormState::new(now_ms), |f, a| {
            form::apply(task, &f, a.clone())
        });
        match validate::check(task, &form.answers) {
            Ok(_) => return Ok((actions, form)),
            Err(report) => last = Some(report),
        }
    }
    Err(last.unwrap_or_default())
}

/// One try: an action list for every control. `plain` asks for the simplest valid answer
/// where a control has one (a skipped paragraph), after random tries have failed.
fn actions(task: &Task, rng: &mut SplitMix, plain: bool) -> Vec<Action> {
    let mut out = Vec::new();
    for control in &task.spec.controls {
        crate::spec::each_control!(control, c => c.simulate(task, rng, plain, &mut out));
    }
    out
}

pub(crate) fn pick(rng: &mut SplitMix, n: usize) -> usize {
    rng.below(n as u64) as usize
}

/// A word range of up to four words in a text of `words` words (`None` for an empty text).
pub(crate) fn words(rng: &mut SplitMix, words: usize) -> Option<(usize, usize)> {
    (words > 0).then(|| {
        let first = pick(rng, words);
        (first, (first + pick(rng, 4)).min(words - 1))
    })
}

/// A complete selection of words `first` to `last` of a control's text.
pub(crate) fn select(control: &crate::support::ids::ControlId, (anchor, focus): (usize, usize)) -> Action {
    Action::Select {
        control: control.clone(),
        anchor,
        focus,
        complete: true,
    }
}

/// Each row: a missing sentence's value, or one alternative's columns, each with a leaf.
pub(crate) fn grid_actions(task: &Task, c: &GridControl, rng: &mut SplitMix, out: &mut Vec<Action>) {
    for (row, sentence) in grid::rows(c, &task.item).into_iter().enumerate() {
        if sentence.is_none() {
            if let Some(m) = &c.missing_row {
                out.push(Action::GridChoose {
                    control: c.id.clone(),
                    row,
                    column: m.column.clone(),
                    value: m.value.clone(),
                });
                continue;
            }
        }
        let all: Vec<String> = c.columns.iter().map(|col| col.id.clone()).collect();
        let columns = if c.alternatives.is_empty() {
            all
        } else {
            c.alternatives[pick(rng, c.alternatives.len())].clone()
        };
        for column in columns {
            let Some(col) = c.column(&column) else {
                continue;
            };
            let leaves: Vec<String> = col
                .leaves()
                .into_iter()
                .map(|(_, l)| l.value.clone())
                .filter(|v| !grid::is_missing_value(c, &column, v))
                .collect();
            if !leaves.is_empty() {
                let value = leaves[pick(rng, leaves.len())].clone();
                out.push(Action::GridChoose {
                    control: c.id.clone(),
                    row,
                    column,
                    value,
                });
            }
        }
    }
}

/// Each attribute: a value, and a span of real words when the value needs one (a repeatable
/// attribute gets one entry).
pub(crate) fn span_actions(task: &Task, c: &SpanAttributes, rng: &mut SplitMix, out: &mut Vec<Action>) {
    let count = task
        .tokens(c.text_field.as_str())
        .map_or(0, |t| t.word_count());
    for a in &c.attributes {
        if a.values.is_empty() {
            continue;
        }
        let value = a.values[pick(rng, a.values.len())].value.clone();
        let span = a.needs_span(&value).then(|| words(rng, count)).flatten();
        if let Some(words) = span {
            out.push(select(&c.id, words));
            out.push(Action::AssignSelection {
                control: c.id.clone(),
                attr: a.id.clone(),
                entry: (!a.repeatable).then_some(0),
            });
        }
        out.push(Action::SpanValue {
            control: c.id.clone(),
            attr: a.id.clone(),
            entry: 0,
            value: Some(value),
        });
    }
}

/// Questions on the paragraph, each with a fragment of it; or, for `plain` when the spec
/// allows it, the paragraph skipped for its first reason.
pub(crate) fn question_actions(
    task: &Task,
    c: &QuestionsControl,
    rng: &mut SplitMix,
    plain: bool,
    out: &mut Vec<Action>,
) {
    if plain {
        if let Some(reason) = c.skip_reasons.first() {
            out.push(Action::QuestionsSkip {
                control: c.id.clone(),
                reason: Some(reason.value.clone()),
            });
            return;
        }
    }
    let count = task
        .tokens(c.text_field.as_str())
        .map_or(0, |t| t.word_count());
    let cards = c.target.clamp(1, c.max.max(1));
    let unanswerable = pick(rng, cards);
    for card in 0..cards {
        if card > 0 {
            out.push(Action::QuestionAdd {
                control: c.id.clone(),
            });
        }
        let edit = |edit| Action::QuestionEdit {
            control: c.id.clone(),
            card,
            edit,
        };
        out.push(edit(QuestionEdit::Text(format!(
            "Simulated question {}?",
            card + 1
        ))));
        if let Some(words) = words(rng, count) {
            out.push(select(&c.id, words));
            out.push(Action::QuestionAssign {
                control: c.id.clone(),
                card,
            });
        }
        if card == unanswerable && c.unanswerable_share > 0 {
            out.push(edit(QuestionEdit::Unanswerable(true)));
        }
        if !c.categories.is_empty() {
            let cat = c.categories[pick(rng, c.categories.len())].value.clone();
            out.push(edit(QuestionEdit::Category(Some(cat))));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mount;

    const EXAMPLES: [(&str, &str); 6] = [
        (
            include_str!("../www/examples/it-implicit/spec.json"),
            include_str!("../www/examples/it-implicit/items.json"),
        ),
        (
            include_str!("../www/examples/en-informativeness/spec.json"),
            include_str!("../www/examples/en-informativeness/items.json"),
        ),
        (
            include_str!("../www/examples/cs-summary-errors/headline-spec.json"),
            include_str!("../www/examples/cs-summary-errors/headline-items.json"),
        ),
        (
            include_str!("../www/examples/cs-summary-errors/abstract-spec.json"),
            include_str!("../www/examples/cs-summary-errors/abstract-items.json"),
        ),
        (
            include_str!("../www/examples/cs-propaganda/spec.json"),
            include_str!("../www/examples/cs-propaganda/items.json"),
        ),
        (
            include_str!("../www/examples/pl-poquad/spec.json"),
            include_str!("../www/examples/pl-poquad/items.json"),
        ),
    ];

    #[test]
    fn every_example_item_gets_a_valid_answer_from_every_seed() {
        for (spec, items) in EXAMPLES {
            let (spec, items) = mount::study(spec, items).expect("example loads");
            for item in items {
                let id = item.id.clone();
                let task = Task::new(spec.clone(), item, Some("seed"));
                for seed in 0..12 {
                    let got = annotate(&task, seed, 1_000);
                    assert!(got.is_ok(), "{} {id} seed {seed}: {:?}", spec.id, got.err());
                }
            }
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_answers_and_another_seed_may_differ() {
        let (spec, items) = mount::study(EXAMPLES[0].0, EXAMPLES[0].1).unwrap();
        let task = Task::new(spec, items[0].clone(), None);
        let a = annotate(&task, 7, 0).unwrap().1;
        assert_eq!(a, annotate(&task, 7, 0).unwrap().1);
        let distinct: std::collections::BTreeSet<String> = (0..40)
            .map(|s| format!("{:?}", annotate(&task, s, 0).unwrap().1.answers))
            .collect();
        assert!(distinct.len() > 1, "seeds make different annotators");
    }
}
