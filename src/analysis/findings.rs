//! What the analysis reports beyond α, and the pieces every report section shares: findings
//! (JSON, HTML and text of one control's figures), who made a result, text as HTML, a figure to
//! three places.

use crate::result::ResultDoc;
use serde_json::Value;

/// Findings of a kind beyond α, for one control (or criterion): made by the kind, shown by the
/// report and the command line as they are.
#[derive(Clone, Debug, PartialEq)]
pub struct Findings {
    /// Where the JSON puts them (`{"<group>": {"<key>": …}}`).
    pub group: &'static str,
    /// The control (and criterion) they are about.
    pub key: String,
    /// As JSON.
    pub json: Value,
    /// The report's section (HTML, texts escaped).
    pub html: String,
    /// The command line's summary (lines of text).
    pub text: String,
}

/// Figures found beyond α (a kind's, or a composition's), shown as [`Findings`]: the JSON
/// under their group and key, a section of the report, lines on the command line.
pub trait Figures {
    /// The group they go under in the agreement's JSON.
    const GROUP: &'static str;
    /// The control (and criterion) they are about.
    fn key(&self) -> &str;
    /// As JSON.
    fn json(&self) -> Value;
    /// The report's section (HTML, texts escaped).
    fn html(&self) -> String;
    /// The command line's summary.
    fn text(&self) -> String;

    /// The findings as the report and the command line show them.
    fn findings(&self) -> Findings {
        Findings {
            group: Self::GROUP,
            key: self.key().to_owned(),
            json: self.json(),
            html: self.html(),
            text: self.text(),
        }
    }
}

/// Who made a result: the participant-like id the host passed (`participant`, `PROLIFIC_PID`,
/// `workerId`, `assignmentId`), else its other ids joined (a page's flags, such as `gold` or
/// `slot`, left out: they name no one), else the result's position.
pub fn annotator(result: &ResultDoc, n: usize) -> String {
    annotator_named(result).unwrap_or_else(|| format!("result {}", n + 1))
}

/// Who made a result as its ids name them (the participant id, else its ids that are no flags
/// joined by `&`); `None` for a result with no such id (then [`annotator`] numbers it).
pub fn annotator_named(result: &ResultDoc) -> Option<String> {
    let ids = &result.ids;
    if let Some(who) = crate::support::ids::participant_id(ids) {
        return Some(who.to_owned());
    }
    let named: Vec<&str> = ids
        .iter()
        .filter(|(k, _)| !crate::support::ids::is_flag(k))
        .map(|(_, v)| v.as_str())
        .collect();
    (!named.is_empty()).then(|| named.join("&"))
}

/// Text as HTML text (escaped).
pub(crate) fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A figure to three places, `—` for none.
pub(crate) fn f3(x: Option<f64>) -> String {
    x.map_or("—".to_owned(), |v| {
        let s = format!("{v:.3}");
        // A tiny negative figure rounds to zero: no sign on it.
        match s.strip_prefix('-') {
            Some(rest) if rest.bytes().all(|b| b == b'0' || b == b'.') => rest.to_owned(),
            _ => s,
        }
    })
}
