//! Rule `play_to_end` (ITU-T P.808): an answer about a recording or video is refused until it
//! was played to the end. A media block's rule holds for every answer to the item; an output's
//! for the answers about that output (its box of a control asked per output, a section's
//! controls for it, a comparison of outputs it is one of).

use super::FormState;
use crate::answer::Answer;
use crate::i18n::Msg;
use crate::item::media::{stimuli, Stimulus};
use crate::item::ItemFields;
use crate::spec::media::MediaType;
use crate::task::Task;
use crate::validate::{AnswerPath, Problem, ProblemCode, Report};

/// Pushes a problem for each answer about a stimulus whose rule asks it played to the end,
/// and which was not.
pub fn check(task: &Task, form: &FormState, report: &mut Report) {
    let unplayed: Vec<Stimulus> = stimuli(task.written_spec(), &task.item)
        .into_iter()
        .filter(|s| s.playback.play_to_end && s.playback.media.plays())
        .filter(|s| !crate::form::media::record(form, &s.key).is_some_and(|r| r.ended))
        // (A file that could not be played, where the participant may go on, is no rule's.)
        .filter(|s| {
            s.playback.unplayable != crate::spec::media::Unplayable::Skip
                || !crate::form::media::record(form, &s.key)
                    .is_some_and(crate::form::media::given_up)
        })
        .collect();
    if unplayed.is_empty() {
        return;
    }
    for control in &task.spec.controls {
        let id = control.id();
        let Some(answer) = form.answers.get(id) else {
            continue;
        };
        if !task.visible(id, &form.answers) {
            continue;
        }
        let own = crate::spec::each_control!(control, c => c.outputs_source());
        for s in &unplayed {
            let at = match (&s.output, own) {
                // A media block: every answer to the item.
                (None, _) => Some(AnswerPath::whole(id)),
                // A section's copy of a control for this output.
                (Some(o), _) if task.asked(id).is_some_and(|(_, out)| out == o) => {
                    Some(AnswerPath::whole(id))
                }
                // A control over the outputs: the output's box, or the whole comparison.
                (Some(o), Some(src))
                    if s.key == crate::item::media::output_key(src.field.as_str(), o) =>
                {
                    match answer.keyed_by_output() {
                        Some(true) if answer.has_output(o) => Some(AnswerPath::output(id, Some(o))),
                        Some(_) => None,
                        None => Some(AnswerPath::whole(id)),
                    }
                }
                _ => None,
            };
            if let Some(at) = at {
                let msg = match s.playback.media {
                    MediaType::Video => Msg::ErrWatchToEnd,
                    _ => Msg::ErrListenToEnd,
                };
                report
                    .problems
                    .push(Problem::error(at, ProblemCode::NotPlayedToEnd, msg, vec![]));
            }
        }
    }
}

impl Answer {
    /// Whether this answer holds a value per output (`Some(true)`: a box per output id), one
    /// value for the whole control (`Some(false)`), or compares the outputs (`None`).
    fn keyed_by_output(&self) -> Option<bool> {
        match self {
            Answer::Points(m) => Some(!m.contains_key("")),
            Answer::NumberTexts(_) => Some(true),
            Answer::Prefs(_) | Answer::Order(_) => None,
            _ => Some(false),
        }
    }

    /// Whether its box for `output` has a value.
    fn has_output(&self, output: &str) -> bool {
        match self {
            Answer::Points(m) => m.contains_key(output),
            Answer::NumberTexts(m) => m.get(output).is_some_and(|t| !t.is_empty()),
            _ => false,
        }
    }
}
