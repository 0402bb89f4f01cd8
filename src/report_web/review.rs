//! The review page's wasm (`www/review.html`): a study opened for adjudication
//! (`crate::analysis::review`), and a simulated crowd for trying the page without data.

use crate::analysis::review::{Decision, Review};
use crate::support::sorted_map::SortedMap;
use wasm_bindgen::prelude::*;

/// A study opened on the review page.
#[wasm_bindgen(js_name = Review)]
pub struct ReviewPage {
    review: Review,
    problems: Vec<String>,
}

#[wasm_bindgen(js_class = Review)]
impl ReviewPage {
    /// Opens the spec, items and results (JSON Lines); a spec or items file that cannot be read
    /// is an error naming every problem, a line each. Result lines that cannot be read are
    /// left out and named in `problems()`.
    #[wasm_bindgen(constructor)]
    pub fn new(spec: &str, items: &str, results: &str) -> Result<ReviewPage, String> {
        let (spec, items) = super::study(spec, items)?;
        let (parsed, bad) = crate::analysis::read_results(&spec, results);
        let problems = bad
            .iter()
            .map(|(n, m)| format!("results:{n}: {m}"))
            .collect();
        let results = parsed.into_iter().map(|(_, doc)| doc).collect();
        Ok(ReviewPage {
            review: Review::new(spec, items, results),
            problems,
        })
    }

    /// The result lines left out, as JSON `["results:4: not JSON …"]`.
    pub fn problems(&self) -> String {
        serde_json::to_string(&self.problems).unwrap_or_default()
    }

    /// The queue, most disputed first, as JSON (see `review::Entry`).
    pub fn queue(&self) -> String {
        serde_json::to_string(&self.review.queue()).unwrap_or_default()
    }

    /// An item as the items file has it (JSON); empty for an unknown item.
    pub fn item(&self, item: &str) -> String {
        self.review
            .item(item)
            .map(|i| i.to_string())
            .unwrap_or_default()
    }

    /// An item's answers side by side, as HTML (every text escaped).
    pub fn view(&self, item: &str) -> String {
        self.review.view(item)
    }

    /// What the reviewer can take for an item, as JSON (see `Review::candidates`).
    pub fn candidates(&self, item: &str) -> String {
        self.review.candidates(item).to_string()
    }

    /// The draft (JSON) the widget resumes from to edit `answers` (JSON, as results hold them);
    /// empty for an unknown item.
    pub fn draft(&self, item: &str, answers: &str, now_ms: f64) -> String {
        let answers = serde_json::from_str(answers).unwrap_or_default();
        self.review
            .draft(item, &answers, now_ms as u64)
            .and_then(|d| serde_json::to_string(&d).ok())
            .unwrap_or_default()
    }

    /// The adjudicated results for the decisions (JSON `{item_id: Decision}`) by `by`:
    /// JSON `{"lines": "…JSON Lines…", "count": n, "problems": ["item: why", …]}`.
    pub fn adjudicated(&self, by: &str, decisions: &str) -> String {
        let decisions: SortedMap<String, Decision> =
            serde_json::from_str(decisions).unwrap_or_default();
        let (docs, problems) = self.review.adjudicated(by, &decisions);
        let lines: String = docs
            .iter()
            .filter_map(|d| serde_json::to_string(d).ok())
            .map(|l| l + "\n")
            .collect();
        serde_json::json!({"lines": lines, "count": docs.len(), "problems": problems}).to_string()
    }
}

/// A simulated crowd's results (JSON Lines) on a study, for trying the review page and the
/// report without data (`glossa simulate`'s).
#[wasm_bindgen(js_name = simulateCrowd)]
pub fn simulate_crowd(
    spec: &str,
    items: &str,
    annotators: usize,
    agreement: f64,
    seed: f64,
) -> Result<String, String> {
    let (spec, items) = super::study(spec, items)?;
    Ok(
        crate::simulate::crowd(&spec, &items, annotators, agreement, seed as u64)
            .iter()
            .filter_map(|d| serde_json::to_string(d).ok())
            .map(|l| l + "\n")
            .collect(),
    )
}
