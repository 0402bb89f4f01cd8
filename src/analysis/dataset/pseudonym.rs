//! Results made fit to publish: every annotator named by a stable pseudonym (a keyed hash of
//! their id under the researcher's secret salt, which never goes into the dataset), the host's
//! other ids dropped, and free-text notes left out unless the researcher keeps them.

use super::cells::Cells;
use crate::analysis::agreement::annotator;
use crate::analysis::Analyse;
use crate::result::ResultDoc;
use crate::spec::TaskSpec;
use crate::support::digest::hmac_sha256_hex;

/// The fewest bytes a salt may have (128 bits: a pseudonym cannot be found again by trying
/// every id of a platform).
pub const MIN_SALT_BYTES: usize = 16;

/// An annotator's pseudonym: `ann-` and the first 16 hex digits (64 bits) of HMAC-SHA-256 of
/// their id under the salt. The same id and salt give the same pseudonym in every export.
pub fn pseudonym(salt: &[u8], who: &str) -> String {
    format!("ann-{}", &hmac_sha256_hex(salt, who.as_bytes())[..16])
}

/// Whether a control's value holds free text (its kind puts a note in its cells).
fn has_note(control: &crate::spec::Control, value: &crate::answer::AnswerValue) -> bool {
    let mut note = false;
    crate::spec::each_control!(control, k => k.dataset(value, &mut |_: &str, c: Cells| note |= c.note.is_some()));
    note
}

/// The results to publish: ids replaced by pseudonyms (an adjudicator's and the annotators an
/// adjudication names too), an adjudication's time kept; free text (notes, an adjudicator's
/// reason) dropped unless `keep_notes`.
pub fn publishable(
    spec: &TaskSpec,
    results: &[ResultDoc],
    salt: &[u8],
    keep_notes: bool,
) -> Vec<ResultDoc> {
    let name = |who: &str| pseudonym(salt, who);
    results
        .iter()
        .enumerate()
        .map(|(n, r)| {
            let mut out = r.clone();
            out.ids = [("participant".to_owned(), name(&annotator(r, n)))]
                .into_iter()
                .collect();
            if let Some(a) = out.adjudication.as_mut() {
                a.by = name(&a.by);
                if !a.from.is_empty() {
                    a.from = name(&a.from);
                }
                for who in &mut a.annotators {
                    *who = name(who);
                }
                if !keep_notes {
                    a.reason.clear();
                }
            }
            if !keep_notes {
                for control in &spec.controls {
                    let id = control.id();
                    let noted = out
                        .answers
                        .get(id)
                        .is_some_and(|v| v.per_output().iter().any(|(_, v)| has_note(control, v)));
                    if noted {
                        out.answers.remove(id);
                    }
                }
            }
            out
        })
        .collect()
}
