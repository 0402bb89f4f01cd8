//! The headphone check (ITU-T P.808's environment check; Woods, Siegel, Traer & McDermott
//! 2017): a participant's progress through its trials, the trials' tones, and the outcome every
//! result carries. The progress belongs to the participant, not to one item: the host keeps it
//! per study and participant, and each item's form starts from it.

pub mod rule;
pub mod tones;

use crate::spec::media::HeadphoneCheck;
use crate::support::rng::SplitMix;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// What a trial's three tones are, by position (0, 1, 2): which one is 6 dB quieter (the
/// right answer) and which one is in antiphase (the foil); the third is the standard.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Trial {
    /// The quieter tone's position: the right answer.
    pub quiet: u8,
    /// The antiphase tone's position: the quietest over loudspeakers, not over headphones.
    pub antiphase: u8,
}

impl Trial {
    /// Trial `n` of attempt `attempt` (both from 0) for a participant's seed: each of the six
    /// orders equally likely, the same every time it is asked (a reload plays the same tones).
    pub fn of(seed: u32, attempt: u32, n: u32) -> Trial {
        let mix = (u64::from(seed) << 32) | (u64::from(attempt) << 16) | u64::from(n);
        let mut rng = SplitMix::new(mix);
        let quiet = rng.below(3) as u8;
        let other = rng.below(2) as u8;
        Trial {
            quiet,
            antiphase: if other >= quiet { other + 1 } else { other },
        }
    }
}

/// A participant's progress through the check (kept by the host per study and participant, as
/// the short text of [`Headphones::to_text`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Headphones {
    /// The seed of the trials' orders (drawn when the first trial is played).
    pub seed: u32,
    /// Right answers of each attempt finished, in order.
    pub done: Vec<u32>,
    /// The positions chosen in the attempt under way.
    pub chosen: Vec<u8>,
    /// Whether the current trial's tones were played (each plays once).
    pub heard: bool,
    /// Whether the participant started the attempt under way (after a missed one, they ask
    /// for the next).
    pub again: bool,
}

/// Where the participant stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Trial `trial` (from 0) of attempt `attempt` (from 0); `heard`: its tones were played.
    Trial {
        /// The attempt.
        attempt: u32,
        /// The trial.
        trial: u32,
        /// Whether its tones were played.
        heard: bool,
    },
    /// An attempt was missed with `correct` right answers; another is left.
    Missed {
        /// Right answers of the attempt.
        correct: u32,
    },
    /// Passed, or every attempt used: the outcome is final.
    Done(HeadphoneOutcome),
}

/// The check's outcome, in every result of a study that asks for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct HeadphoneOutcome {
    /// Right answers in the deciding attempt (the one passed, or the last).
    pub correct: u32,
    /// Trials per attempt.
    pub trials: u32,
    /// Attempts made.
    pub attempts: u32,
    /// Whether an attempt reached the spec's `pass`.
    pub passed: bool,
}

/// Something the participant did in the check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HeadphoneAction {
    /// The current trial's tones played to their end (`seed`: the participant's, used when
    /// none was drawn yet).
    Heard {
        /// A fresh seed from the browser.
        seed: u32,
    },
    /// The participant chose the tone at this position (0, 1, 2) as the quietest.
    Choose(u8),
    /// The participant starts another attempt after a missed one.
    Again,
}

impl Headphones {
    /// The progress as the host keeps it: `seed;done;chosen;heard;again`, the lists comma
    /// separated, the flags `0` or `1` (e.g. `3977;2;1,0;1;1`). Plain text rather than serde's,
    /// which would bring a reader of one more type into the bundle.
    pub fn to_text(&self) -> String {
        let list = |v: &mut dyn Iterator<Item = u32>| {
            v.map(|n| n.to_string()).collect::<Vec<_>>().join(",")
        };
        format!(
            "{};{};{};{};{}",
            self.seed,
            list(&mut self.done.iter().copied()),
            list(&mut self.chosen.iter().map(|&c| u32::from(c))),
            u8::from(self.heard),
            u8::from(self.again)
        )
    }

    /// The progress from [`Headphones::to_text`]'s text; `None` for any other (a stale or
    /// tampered value starts the check anew).
    pub fn from_text(text: &str) -> Option<Headphones> {
        let parts: Vec<&str> = text.split(';').collect();
        let [seed, done, chosen, heard, again] = parts.as_slice() else {
            return None;
        };
        let list = |s: &str| -> Option<Vec<u32>> {
            s.split(',')
                .filter(|x| !x.is_empty())
                .map(|x| x.parse().ok())
                .collect()
        };
        let flag = |s: &str| match s {
            "0" => Some(false),
            "1" => Some(true),
            _ => None,
        };
        Some(Headphones {
            seed: seed.parse().ok()?,
            done: list(done)?,
            chosen: list(chosen)?
                .into_iter()
                .map(|c| u8::try_from(c).ok().filter(|&c| c < 3))
                .collect::<Option<_>>()?,
            heard: flag(heard)?,
            again: flag(again)?,
        })
    }

    /// Where the participant stands under the spec's settings.
    pub fn stage(&self, spec: &HeadphoneCheck) -> Stage {
        let outcome = |correct: u32, passed: bool| {
            Stage::Done(HeadphoneOutcome {
                correct,
                trials: spec.trials,
                attempts: self.done.len() as u32,
                passed,
            })
        };
        if let Some(&best) = self.done.iter().find(|&&c| c >= spec.pass) {
            return outcome(best, true);
        }
        match self.done.last() {
            Some(&last) if self.done.len() as u32 >= spec.attempts => outcome(last, false),
            Some(&last) if !self.again => Stage::Missed { correct: last },
            _ => Stage::Trial {
                attempt: self.done.len() as u32,
                trial: self.chosen.len() as u32,
                heard: self.heard,
            },
        }
    }

    /// The final outcome, once there is one.
    pub fn outcome(&self, spec: &HeadphoneCheck) -> Option<HeadphoneOutcome> {
        match self.stage(spec) {
            Stage::Done(o) => Some(o),
            _ => None,
        }
    }

    /// Applies what the participant did; what does not fit where they stand changes nothing
    /// (a choice before the tones were heard, a second attempt after the last).
    pub fn apply(&mut self, spec: &HeadphoneCheck, action: HeadphoneAction) {
        let stage = self.stage(spec);
        match (action, stage) {
            (HeadphoneAction::Heard { seed }, Stage::Trial { .. }) => {
                if self.seed == 0 {
                    self.seed = seed;
                }
                self.heard = true;
            }
            (
                HeadphoneAction::Choose(p),
                Stage::Trial {
                    attempt,
                    heard: true,
                    ..
                },
            ) if p < 3 => {
                self.chosen.push(p);
                self.heard = false;
                if self.chosen.len() as u32 >= spec.trials {
                    let correct = (0..spec.trials)
                        .filter(|&n| {
                            Trial::of(self.seed, attempt, n).quiet == self.chosen[n as usize]
                        })
                        .count() as u32;
                    self.done.push(correct);
                    self.chosen.clear();
                    self.again = false;
                }
            }
            (HeadphoneAction::Again, Stage::Missed { .. }) => self.again = true,
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec() -> HeadphoneCheck {
        HeadphoneCheck::default()
    }

    /// Plays a whole attempt, answering right on the trials `right` says.
    fn attempt(h: &mut Headphones, right: impl Fn(u32) -> bool) {
        let s = spec();
        for n in 0..s.trials {
            h.apply(&s, HeadphoneAction::Heard { seed: 77 });
            let Stage::Trial { attempt, trial, .. } = h.stage(&s) else {
                panic!("a trial");
            };
            let t = Trial::of(h.seed, attempt, trial);
            let p = if right(n) { t.quiet } else { t.antiphase };
            h.apply(&s, HeadphoneAction::Choose(p));
        }
    }

    #[test]
    fn the_progress_is_kept_as_text_and_read_back() {
        let h = Headphones {
            seed: 3977,
            done: vec![2],
            chosen: vec![1, 0],
            heard: true,
            again: true,
        };
        assert_eq!(h.to_text(), "3977;2;1,0;1;1");
        assert_eq!(Headphones::from_text(&h.to_text()), Some(h));
        let fresh = Headphones::default();
        assert_eq!(Headphones::from_text(&fresh.to_text()), Some(fresh));
        for bad in ["", "1;2;3;4", "x;;;0;0", "1;;3;0;0", "1;;;2;0", "1;;;0;0;0"] {
            assert_eq!(Headphones::from_text(bad), None, "{bad}");
        }
    }

    #[test]
    fn every_order_comes_and_the_quiet_tone_is_never_the_foil() {
        let mut seen = std::collections::BTreeSet::new();
        for n in 0..600 {
            let t = Trial::of(9, n / 6, n % 6);
            assert_ne!(t.quiet, t.antiphase);
            assert!(t.quiet < 3 && t.antiphase < 3);
            seen.insert((t.quiet, t.antiphase));
        }
        assert_eq!(seen.len(), 6, "every order of the three tones");
        assert_eq!(
            Trial::of(9, 1, 2),
            Trial::of(9, 1, 2),
            "the same trial again"
        );
    }

    #[test]
    fn five_of_six_passes_at_once() {
        let mut h = Headphones::default();
        assert!(matches!(
            h.stage(&spec()),
            Stage::Trial {
                attempt: 0,
                trial: 0,
                heard: false
            }
        ));
        attempt(&mut h, |n| n != 3);
        assert_eq!(
            h.outcome(&spec()),
            Some(HeadphoneOutcome {
                correct: 5,
                trials: 6,
                attempts: 1,
                passed: true
            })
        );
        assert_eq!(h.seed, 77, "the seed drawn at the first trial");
    }

    #[test]
    fn a_missed_attempt_asks_for_another_and_the_last_decides() {
        let s = spec();
        let mut h = Headphones::default();
        attempt(&mut h, |n| n < 4);
        assert_eq!(h.stage(&s), Stage::Missed { correct: 4 });
        // (Nothing counts until they ask for the next attempt.)
        h.apply(&s, HeadphoneAction::Heard { seed: 1 });
        assert_eq!(h.stage(&s), Stage::Missed { correct: 4 });
        h.apply(&s, HeadphoneAction::Again);
        assert!(matches!(
            h.stage(&s),
            Stage::Trial {
                attempt: 1,
                trial: 0,
                ..
            }
        ));
        attempt(&mut h, |n| n < 3);
        assert_eq!(
            h.outcome(&s),
            Some(HeadphoneOutcome {
                correct: 3,
                trials: 6,
                attempts: 2,
                passed: false
            })
        );
        // Done is done.
        h.apply(&s, HeadphoneAction::Again);
        assert!(h.outcome(&s).is_some());
    }

    #[test]
    fn a_choice_counts_only_after_the_tones_were_heard() {
        let s = spec();
        let mut h = Headphones::default();
        h.apply(&s, HeadphoneAction::Choose(0));
        assert!(h.chosen.is_empty());
        h.apply(&s, HeadphoneAction::Heard { seed: 5 });
        h.apply(&s, HeadphoneAction::Choose(3));
        assert!(h.chosen.is_empty(), "no fourth tone");
        h.apply(&s, HeadphoneAction::Choose(2));
        assert_eq!(h.chosen, vec![2]);
        assert!(!h.heard, "the next trial is still to be heard");
    }
}
