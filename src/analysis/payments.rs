//! Paying the right people: a verdict per annotator from their results (approve, or reject
//! with the reason: attention items failed, as Prolific's and MTurk's guidance allow), written
//! into the host's own review file — MTurk's batch results CSV with its `Approve` (an `X`) and
//! `Reject` (the reason) columns filled, which the Requester site takes back as uploaded.
//! Results too fast are flagged, never rejected by themselves: the hosts ask that "too fast"
//! be defined before the study.

use super::dashboard::{annotators, AnnotatorRow};
use crate::result::ResultDoc;
use crate::study::gold::Gold;

/// One annotator's verdict.
#[derive(Clone, Debug, PartialEq)]
pub struct Verdict {
    /// The annotator (the host's worker or participant id).
    pub who: String,
    /// Approve (else reject).
    pub approve: bool,
    /// Why, for a rejection (shown to the worker); a note for an approval (too fast results).
    pub reason: String,
}

/// The verdicts: an annotator who failed an attention item is rejected, naming the items;
/// everyone else is approved (results too fast are noted).
pub fn verdicts(results: &[ResultDoc], gold: Option<&Gold>) -> Vec<Verdict> {
    annotators(results, gold).iter().map(verdict).collect()
}

fn verdict(row: &AnnotatorRow) -> Verdict {
    let (failed, seen) = row.attention;
    if failed > 0 {
        let items: Vec<&str> = row
            .attention_missed
            .iter()
            .map(|(item, _)| item.as_str())
            .collect();
        return Verdict {
            who: row.who.clone(),
            approve: false,
            reason: format!(
                "Failed {failed} of {seen} attention check(s) (item(s) {}): the answers given are not the ones these checks expect.",
                items.join(", ")
            ),
        };
    }
    Verdict {
        who: row.who.clone(),
        approve: true,
        reason: if row.too_fast > 0 {
            format!(
                "{} result(s) very fast: check by hand if you defined a minimum time",
                row.too_fast
            )
        } else {
            String::new()
        },
    }
}

/// MTurk's batch results CSV with `Approve` and `Reject` filled for each assignment whose
/// worker has a verdict (the columns added when the file lacks them); rows of workers without
/// a result are left for the requester, and named. The rows, columns and other cells are kept
/// as they were. Returns the file and the notes.
pub fn mturk_reviewed(batch: &str, verdicts: &[Verdict]) -> Result<(String, Vec<String>), String> {
    let (records, unclosed) = crate::support::delimited::read_delimited(batch, b',');
    if let Some(line) = unclosed {
        return Err(crate::support::delimited::unclosed_message(line));
    }
    let Some((header, rows)) = records.split_first() else {
        return Err("the batch file is empty".to_owned());
    };
    let mut head = header.fields.clone();
    let column = |head: &mut Vec<String>, name: &str| match head.iter().position(|h| h == name) {
        Some(i) => i,
        None => {
            head.push(name.to_owned());
            head.len() - 1
        }
    };
    let worker = header
        .fields
        .iter()
        .position(|h| h == "WorkerId")
        .ok_or("no column \"WorkerId\" in the header: give MTurk's batch results file")?;
    let (approve, reject) = (column(&mut head, "Approve"), column(&mut head, "Reject"));
    let mut notes = Vec::new();
    let mut writer = csv::WriterBuilder::new()
        .terminator(csv::Terminator::CRLF)
        .from_writer(Vec::new());
    writer.write_record(&head).map_err(|e| e.to_string())?;
    for row in rows {
        let mut cells = row.fields.clone();
        cells.resize(head.len(), String::new());
        let who = cells.get(worker).cloned().unwrap_or_default();
        match verdicts.iter().find(|v| v.who == who) {
            Some(v) if v.approve => {
                cells[approve] = "x".to_owned();
                cells[reject].clear();
                if !v.reason.is_empty() {
                    notes.push(format!("line {}: {who} approved; {}", row.line, v.reason));
                }
            }
            Some(v) => {
                cells[approve].clear();
                cells[reject].clone_from(&v.reason);
                notes.push(format!("line {}: {who} rejected: {}", row.line, v.reason));
            }
            None => notes.push(format!(
                "line {}: {who} has no result in the batch: decide by hand",
                row.line
            )),
        }
        writer.write_record(&cells).map_err(|e| e.to_string())?;
    }
    let bytes = writer.into_inner().map_err(|e| e.to_string())?;
    Ok((String::from_utf8(bytes).map_err(|e| e.to_string())?, notes))
}

/// The columns of Prolific's review file: the fields of Prolific's submissions API.
pub const PROLIFIC_COLUMNS: [&str; 4] = ["participant_id", "submission_id", "action", "message"];

/// Prolific needs a rejection's message to be at least this long.
pub const PROLIFIC_MESSAGE_MIN: usize = 100;

/// Prolific's review file (CSV, header [`PROLIFIC_COLUMNS`]): a row per submission — the
/// participant (`PROLIFIC_PID`), the submission (`SESSION_ID`), `APPROVE` or `REJECT`, and for
/// a rejection the message Prolific sends the participant (at least
/// [`PROLIFIC_MESSAGE_MIN`] characters, as Prolific requires). Annotators without a Prolific
/// id are left out and named in the notes.
pub fn prolific_review(results: &[ResultDoc], verdicts: &[Verdict]) -> (String, Vec<String>) {
    let mut rows: Vec<[String; 4]> = Vec::new();
    let mut notes = Vec::new();
    for v in verdicts {
        let ids = results
            .iter()
            .find(|r| crate::support::ids::participant_id(&r.ids) == Some(v.who.as_str()))
            .map(|r| &r.ids);
        let Some(pid) = ids.and_then(|ids| ids.get("PROLIFIC_PID")) else {
            notes.push(format!("{} has no PROLIFIC_PID: decide by hand", v.who));
            continue;
        };
        let session = ids
            .and_then(|ids| ids.get("SESSION_ID"))
            .cloned()
            .unwrap_or_default();
        if session.is_empty() {
            notes.push(format!(
                "{pid} has no SESSION_ID (the submission): find it on Prolific"
            ));
        }
        let (action, message) = if v.approve {
            if !v.reason.is_empty() {
                notes.push(format!("{pid} approved; {}", v.reason));
            }
            ("APPROVE", String::new())
        } else {
            let mut m = v.reason.clone();
            if m.chars().count() < PROLIFIC_MESSAGE_MIN {
                m += " An attention check has one answer that anyone reading it with care gives; the answers given differ, so the submission cannot be approved.";
            }
            notes.push(format!("{pid} rejected: {}", v.reason));
            ("REJECT", m)
        };
        rows.push([pid.clone(), session, action.to_owned(), message]);
    }
    let text = crate::support::delimited::csv_lines(
        std::iter::once(PROLIFIC_COLUMNS.map(str::to_owned))
            .chain(rows)
            .collect::<Vec<_>>()
            .iter()
            .map(|r| r.iter().map(String::as_str)),
    );
    (text, notes)
}
