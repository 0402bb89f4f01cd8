//! Simulated annotators: answers any annotator could give, made from a seed through the same
//! typed actions the screen sends, so they respect every rule the widget enforces (required
//! controls, one alternative per grid row, spans on real words, question counts). jsPsych's
//! `simulate()` (data-only and visual modes) and tests use them; pure, no clock, no randomness
//! but the seed's.

use crate::form::{self, Action, FormState};
use crate::support::rng::SplitMix;
use crate::task::Task;
use crate::validate::{self, Report};

/// How a control kind is answered by a simulated annotator (each kind implements it in
/// `crate::kinds`).
pub trait Simulate {
    /// Pushes the actions of one random answer; `plain` asks for the simplest valid answer
    /// where the kind has one.
    fn simulate(&self, task: &Task, rng: &mut SplitMix, plain: bool, out: &mut Vec<Action>);
    /// The most characters an annotator can type into the control beyond what a simulated
    /// answer holds (a free text's `max_length`); 0 for kinds answered by choosing. Hosts that
    /// must size their storage before the study runs (Qualtrics' embedded data) add it to a
    /// simulated result's size.
    fn typed_room(&self) -> usize {
        0
    }
}

/// A generous size, in UTF-16 code units of its JSON, of any result for `task`: a simulated
/// result's size plus each control's [`Simulate::typed_room`], doubled for JSON escapes
/// (a quote or a backslash takes two), plus room for longer timings and ids.
#[cfg(any(not(target_arch = "wasm32"), feature = "report-web"))]
pub fn result_room(task: &Task, simulated_json: &str) -> usize {
    let typed: usize = task
        .spec
        .controls
        .iter()
        .map(|control| crate::spec::each_control!(control, c => c.typed_room()))
        .sum();
    simulated_json.encode_utf16().count() + 2 * typed + 2048
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
        let form = actions
            .iter()
            .fold(form::suggestions::fresh(task, now_ms), |f, a| {
                form::apply(task, &f, a.clone())
            });
        match validate::check(task, &form.answers) {
            Ok(_) => return Ok((actions, form)),
            Err(report) => last = Some(report),
        }
    }
    Err(last.unwrap_or_default())
}

/// A simulated crowd's results on a study, to try the report, the review page and an
/// analysis before any data is collected (`glossa simulate`, the review page's example): per
/// item one answer is "right" (a simulated annotator's, from the seed), and annotator `k` of
/// `n` (`sim-01`, …) gives it with a chance falling from `agreement` for the first to half of
/// it for the last, else an answer of their own; active times from 5 to 60 seconds.
#[cfg(any(not(target_arch = "wasm32"), feature = "report-web"))]
pub fn crowd(
    spec: &crate::spec::TaskSpec,
    items: &[crate::item::Item],
    annotators: usize,
    agreement: f64,
    seed: u64,
) -> Vec<crate::result::ResultDoc> {
    let env = crate::result::Environment::default();
    let mut rng = SplitMix::new(seed);
    let mut out = Vec::new();
    for (i, item) in items.iter().enumerate() {
        for k in 0..annotators {
            let who = format!("sim-{:02}", k + 1);
            let task = Task::new(spec.clone(), item.clone(), Some(&who));
            let one = Simulated {
                item_seed: item_seed(seed, i),
                k,
                annotators,
                agreement,
                start: START_MS + (i * annotators + k) as u64 * 60_000,
            };
            let ids = [("participant".to_owned(), who)].into_iter().collect();
            out.extend(one.result(&task, &mut rng, &env, &ids));
        }
    }
    out
}

/// 2026-01-01T00:00:00Z: when the simulated study starts.
#[cfg(any(not(target_arch = "wasm32"), feature = "report-web"))]
pub(crate) const START_MS: u64 = 1_767_225_600_000;

/// The seed of item `i`'s "right" answer.
#[cfg(any(not(target_arch = "wasm32"), feature = "report-web"))]
pub(crate) fn item_seed(seed: u64, i: usize) -> u64 {
    seed ^ (i as u64 + 1).wrapping_mul(0x2545_f491_4f6c_dd1d)
}

/// One simulated annotator's answer to one item: annotator `k` of `annotators` gives the
/// item's right answer with a chance falling from `agreement` (the first) to half of it (the
/// last), else one of their own; active for 5 to 60 seconds from `start`.
#[cfg(any(not(target_arch = "wasm32"), feature = "report-web"))]
pub(crate) struct Simulated {
    pub(crate) item_seed: u64,
    pub(crate) k: usize,
    pub(crate) annotators: usize,
    pub(crate) agreement: f64,
    pub(crate) start: u64,
}

#[cfg(any(not(target_arch = "wasm32"), feature = "report-web"))]
impl Simulated {
    /// The result (none when no valid answer was found), the crowd's `rng` drawn from twice.
    pub(crate) fn result(
        &self,
        task: &Task,
        rng: &mut SplitMix,
        env: &crate::result::Environment,
        ids: &crate::support::sorted_map::SortedMap<String, String>,
    ) -> Option<crate::result::ResultDoc> {
        let share = if self.annotators > 1 {
            self.k as f64 / (self.annotators - 1) as f64
        } else {
            0.0
        };
        let competence = self.agreement * (1.0 - share / 2.0);
        let right = (rng.below(1_000_000) as f64) < competence * 1_000_000.0;
        let own = self.item_seed.wrapping_add((self.k as u64 + 1) * 0x9e37);
        let active = 5_000 + rng.below(55_000);
        let seed = if right { self.item_seed } else { own };
        let (_, mut form) = annotate(task, seed, self.start).ok()?;
        form.active_ms = active;
        form.visible_since = None;
        crate::result::build(task, &form, env, ids, self.start + active).ok()
    }
}

/// One try: an action list for every control. `plain` asks for the simplest valid answer
/// where a control has one (a skipped paragraph), after random tries have failed.
fn actions(task: &Task, rng: &mut SplitMix, plain: bool) -> Vec<Action> {
    let mut out = Vec::new();
    // Every recording, image and video first: loaded, played once, to its end.
    for s in crate::item::media::stimuli(task.written_spec(), &task.item) {
        use crate::form::media::{MediaAction, MediaEvent};
        use crate::support::family::Gate;
        let events = [
            MediaEvent::Loaded { duration_ms: None },
            MediaEvent::Started,
            MediaEvent::Ended,
        ];
        for event in events
            .into_iter()
            .take(if s.playback.media.plays() { 3 } else { 1 })
        {
            let key = s.key.clone();
            out.push(Action::Media(Gate::gate(MediaAction { key, event })));
        }
    }
    // The headphone check, passed at the first attempt.
    if let Some(check) = task.spec.headphones() {
        use crate::form::headphones::{HeadphoneAction, Trial};
        use crate::support::family::Gate;
        let seed = 1 + rng.below(u64::from(u32::MAX - 1)) as u32;
        for n in 0..check.trials {
            for done in [
                HeadphoneAction::Heard { seed },
                HeadphoneAction::Choose(Trial::of(seed, 0, n).quiet),
            ] {
                out.push(Action::Headphones(Gate::gate(done)));
            }
        }
    }
    for control in &task.spec.controls {
        crate::spec::each_control!(control, c => c.simulate(task, rng, plain, &mut out));
        // What is left of a model's suggestion is accepted.
        if crate::support::family::SUGGEST && task.suggestion(control.id()).is_some() {
            out.push(Action::Decide {
                control: control.id().clone(),
                part: None,
                accept: true,
            });
        }
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
pub(crate) fn select(
    control: &crate::support::ids::ControlId,
    (anchor, focus): (usize, usize),
) -> Action {
    Action::Select {
        control: control.clone(),
        anchor,
        focus,
        complete: true,
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
