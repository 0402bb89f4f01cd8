//! Re-validation of collected results: reads a result document back into answers and runs the
//! browser's own rules over them natively, so a result a tampered client let through is caught
//! (`glossa validate`). Also checks what the result claims about the item: spec id and version,
//! sentences, span texts and offsets.

use super::Analyse;
use crate::answer::{SpanValue, WordSpan};
use crate::result::{ResultDoc, RESULT_FORMAT};
use crate::support::sorted_map::SortedMap;
use crate::task::Task;
use crate::validate::{validate, Severity};
use serde_json::Value;

/// One thing wrong with a collected result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// Where (`answers.errors[2]`, `spec`, ...).
    pub path: String,
    /// What is wrong.
    pub message: String,
}

/// A finding at `path`.
pub(crate) fn finding(path: impl Into<String>, message: impl Into<String>) -> Finding {
    Finding {
        path: path.into(),
        message: message.into(),
    }
}

/// Checks one result document against its task. Empty when the result is one the widget
/// could have produced for this item.
pub fn check_result(task: &Task, result: &Value) -> Vec<Finding> {
    let doc = match ResultDoc::read(task.written_spec(), result) {
        Ok(doc) => doc,
        Err(problems) => {
            return problems
                .into_iter()
                .map(|p| {
                    let path = if p.path.is_empty() {
                        "result".to_owned()
                    } else {
                        p.path
                    };
                    finding(path, p.message)
                })
                .collect()
        }
    };
    let mut out = Vec::new();
    if doc.format != RESULT_FORMAT {
        out.push(finding("format", format!("expected \"{RESULT_FORMAT}\"")));
    }
    if doc.spec.id != task.spec.id || doc.spec.version != task.spec.version {
        out.push(finding(
            "spec",
            format!(
                "the result belongs to {:?}@{:?}, not {}@{}",
                doc.spec.id, doc.spec.version, task.spec.id, task.spec.version
            ),
        ));
    }
    for (id, value) in &doc.answers {
        // Outputs the item does not have (the copies below read those it has).
        let per = task.written_spec().per_output(id).is_some();
        for (output, _) in value.per_output().into_iter().filter(|_| per) {
            let asked = task.layout().map(|l| &l.asked);
            if !asked.is_some_and(|a| a.values().any(|(c, o)| c == id && o == output)) {
                out.push(finding(
                    format!("answers.{id}.{output}"),
                    "the item has no such output",
                ));
            }
        }
    }
    let answers = form_answers(task, &doc, &mut out);
    // A hidden control is never recorded: an answer to one is not the widget's.
    for id in answers.keys().filter(|id| !task.visible(id, &answers)) {
        let path = match task.asked(id) {
            Some((c, output)) => format!("answers.{c}.{output}"),
            None => format!("answers.{id}"),
        };
        let shown_by = task
            .layout()
            .and_then(|l| l.conditions.get(id))
            .map(|c| c.control.to_string())
            .unwrap_or_default();
        out.push(finding(
            path,
            format!("answers a control that was hidden (it shows only when \"{shown_by}\" has the answer that shows it); the widget never records one"),
        ));
    }
    // Warnings were the annotator's to accept; only what blocks a submit is a finding.
    let mut report = validate(task, &answers);
    // An item whose file could not be played, under `unplayable: skip`, requires no answer.
    if skipped(task, &doc) {
        report.lift_required();
    }
    let problems = report.problems;
    for problem in problems
        .into_iter()
        .filter(|p| p.severity == Severity::Error)
    {
        out.push(finding(
            format!("answers.{}", task.written_path(&problem.path.to_string())),
            format!(
                "{:?}: {}",
                problem.code,
                problem.message(task.spec.language)
            ),
        ));
    }
    // An adjudicated result was decided by a reviewer, who saw the annotators' answers rather
    // than the model's suggestion (an aggregated one was computed from them): it records no
    // decisions on the suggestion, and needs none.
    if crate::support::family::SUGGEST && !doc.is_derived() {
        check_provenance(task, &doc, &answers, &mut out);
    }
    // A derived result was decided on the review page or computed, not timed on a screen.
    let timed = !doc.is_derived();
    if let Some(problem) =
        crate::validate::min_time::rule(&task.spec, doc.timings.active_ms).filter(|_| timed)
    {
        let message = problem.message(task.spec.language);
        out.push(finding(
            "timings.active_ms",
            format!("{:?}: {message}", problem.code),
        ));
    }
    // A rating of a recording the result says was not played to its end (ITU-T P.808).
    #[cfg(any(feature = "media", not(target_arch = "wasm32")))]
    if timed {
        let mut form = crate::form::FormState::new(0);
        form.answers = answers.clone();
        form.media = Some(doc.media.clone());
        let mut unplayed = crate::validate::Report::default();
        crate::form::played_to_end::check(task, &form, &mut unplayed);
        for p in unplayed.problems {
            out.push(finding(
                format!("answers.{}", task.written_path(&p.path)),
                format!("{:?}: {}", p.code, p.message(task.spec.language)),
            ));
        }
        if let Some(problem) = headphones(task, &doc) {
            out.push(finding("headphones", problem));
        }
    }
    out
}

/// Whether a result says a file of its item could not be played, where the spec lets the
/// participant go on (`unplayable: skip`; never in a build without media).
fn skipped(task: &Task, doc: &ResultDoc) -> bool {
    #[cfg(any(feature = "media", not(target_arch = "wasm32")))]
    {
        let mut form = crate::form::FormState::new(0);
        form.media = Some(doc.media.clone());
        crate::form::media::skipped(task, &form)
    }
    #[cfg(not(any(feature = "media", not(target_arch = "wasm32"))))]
    {
        let _ = (task, doc);
        false
    }
}

/// The form's answers a result's values stand for, control by control (a copy of a control a
/// section asks per output reads its output's entry): what the browser's rules run over again,
/// and what the review page's editor starts from. A finding for each value that claims what
/// is not so, or is not of its control's kind.
pub fn form_answers(
    task: &Task,
    doc: &ResultDoc,
    out: &mut Vec<Finding>,
) -> SortedMap<crate::support::ids::ControlId, crate::answer::Answer> {
    let mut answers = SortedMap::new();
    for control in &task.spec.controls {
        // A copy of a control asked per output reads its output's entry.
        let (value, path) = match task.asked(control.id()) {
            Some((id, output)) => (
                doc.answers.get(id).and_then(|v| {
                    v.per_output()
                        .into_iter()
                        .find(|(o, _)| o == output)
                        .map(|(_, v)| v)
                }),
                format!("answers.{id}.{output}"),
            ),
            None => (
                doc.answers.get(control.id()),
                format!("answers.{}", control.id()),
            ),
        };
        let Some(value) = value else {
            continue;
        };
        match crate::spec::each_control!(control, c => c.revalidate(task, value, &path, out)) {
            Some(a) => {
                answers.insert(control.id().clone(), a);
            }
            None => out.push(finding(path, "not an answer of this control's kind")),
        }
    }
    answers
}

/// The provenance a result records, against the item's suggestions and the answers: every
/// control the item suggests for (and shows) has an entry with the item's model and
/// suggestion, and its decisions are those the answers show (a part kept as suggested is
/// `accepted`, or `kept` where the spec does not require decisions; never `pending`). Which
/// parts the annotator accepted by a tap is not in the answers: an accepted part is one left
/// as suggested.
fn check_provenance(
    task: &Task,
    doc: &ResultDoc,
    answers: &crate::answer::Answers,
    out: &mut Vec<Finding>,
) {
    use crate::form::suggestions::Decision;
    let suggested = task.suggested();
    let require = task
        .spec
        .suggestions
        .as_ref()
        .is_some_and(|s| s.require_decision);
    for id in doc.provenance.keys() {
        if !suggested.is_some_and(|s| s.by_control.contains_key(id)) {
            out.push(finding(
                format!("provenance.{id}"),
                "the item suggests no answer for this control",
            ));
        }
    }
    let Some(suggested) = suggested else { return };
    for (id, suggestion) in &suggested.by_control {
        let path = format!("provenance.{id}");
        let Some(control) = task.spec.control(id) else {
            continue;
        };
        if !task.visible(id, answers) {
            continue;
        }
        let Some(p) = doc.provenance.get(id) else {
            out.push(finding(
                path,
                "the item has a suggestion for this control: the widget records what became of it",
            ));
            continue;
        };
        if p.model != suggestion.model {
            out.push(finding(
                format!("{path}.model"),
                format!("the item's suggestion is by \"{}\"", suggestion.model),
            ));
        }
        let want = crate::result::provenance::part_value(
            task,
            control,
            crate::form::suggestions::Part::Whole(&suggestion.answer),
        );
        if Some(&p.suggested) != want.as_ref() {
            out.push(finding(
                format!("{path}.suggested"),
                "not the item's suggestion",
            ));
        }
        if !p.shown {
            if !p.units.is_empty() {
                out.push(finding(
                    format!("{path}.units"),
                    "a suggestion not shown has no decisions",
                ));
            }
            continue;
        }
        let all: Vec<usize> =
            (0..crate::form::suggestions::parts(Some(&suggestion.answer)).len()).collect();
        let expected = crate::result::provenance::records(
            task,
            control,
            &suggestion.answer,
            answers.get(id),
            &all,
            true,
        );
        let mut recorded = p.units.clone();
        for (n, u) in recorded.iter_mut().enumerate() {
            match u.decision {
                Decision::Pending => out.push(finding(
                    format!("{path}.units[{n}]"),
                    "pending: the widget submits no suggestion left undecided",
                )),
                Decision::Kept if require => out.push(finding(
                    format!("{path}.units[{n}]"),
                    "kept: the spec requires every suggestion to be accepted, changed or rejected",
                )),
                _ => {}
            }
            if u.decision == Decision::Kept {
                u.decision = Decision::Accepted;
            }
        }
        if recorded != expected {
            out.push(finding(format!("{path}.units"), "the decisions are not those the answer shows (each suggested part accepted as it stands, changed, or rejected; each other part added)"));
        }
    }
}

/// Spans as results hold them, checking that each one's text and offsets match the words it
/// names.
pub(crate) fn read_spans(
    text: &str,
    tokens: &crate::text::Tokens,
    list: &[SpanValue],
    path: &str,
    out: &mut Vec<Finding>,
) -> Vec<WordSpan> {
    let mut spans = Vec::new();
    for (k, s) in list.iter().enumerate() {
        let (first, last) = (s.first_word, s.last_word);
        if let (Some(a), Some(b)) = (tokens.word(first), tokens.word(last)) {
            let covered = tokens.covered(text, first, last);
            let consistent = s.text == covered && s.start == a.chars.0 && s.end == b.chars.1;
            if !consistent {
                out.push(finding(
                    format!("{path}[{k}]"),
                    "text or offsets do not match the words it names",
                ));
            }
        }
        spans.push(WordSpan { first, last });
    }
    spans
}

/// What is wrong with a result's headphone check, when the spec asks for one: none recorded
/// (the browser refuses such a submit), or an outcome its own figures contradict.
#[cfg(any(feature = "media", not(target_arch = "wasm32")))]
fn headphones(task: &Task, doc: &ResultDoc) -> Option<String> {
    let check = task.spec.headphones()?;
    let Some(h) = doc.headphones else {
        return Some(format!(
            "HeadphoneCheck: the spec asks for a headphone check and this result records none: {}",
            crate::i18n::t(task.spec.language, crate::i18n::Msg::ErrHeadphones)
        ));
    };
    let fits = h.trials == check.trials
        && h.correct <= h.trials
        && (1..=check.attempts).contains(&h.attempts)
        && h.passed == (h.correct >= check.pass);
    (!fits).then(|| {
        format!(
            "HeadphoneCheck: {} of {} right in {} attempts, passed {}, does not fit the spec's check ({} trials, {} to pass, {} attempts)",
            h.correct, h.trials, h.attempts, h.passed, check.trials, check.pass, check.attempts
        )
    })
}
