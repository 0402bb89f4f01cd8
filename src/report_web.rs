//! The report page's wasm (`www/report.html`, built by `scripts/build.sh` with the `report-web`
//! feature into `www/report-pkg/`): the same report the CLI writes, made in the browser from the
//! files the researcher drops on the page — nothing is uploaded.

use crate::collected::{gold::Gold, report};
use crate::mount::{self, Failed};
use wasm_bindgen::prelude::*;

/// Makes the report page from the texts of the spec, the items, the results (JSON Lines) and,
/// optionally (empty text), a gold file. Returns JSON `{"html": "...", "problems": [...]}`: bad
/// result lines are named there and left out, as the CLI does. A spec, items or gold file that
/// cannot be read is an error naming the file and every problem.
#[wasm_bindgen(js_name = buildReport)]
pub fn build_report(spec: &str, items: &str, results: &str, gold: &str) -> Result<String, String> {
    let (spec, items) = mount::study(spec, items).map_err(|(which, issues)| {
        let file = if which == Failed::Spec {
            "spec"
        } else {
            "items"
        };
        let lines: Vec<String> = issues.iter().map(|i| format!("{file}: {i}")).collect();
        lines.join("\n")
    })?;
    let gold: Option<Gold> = if gold.trim().is_empty() {
        None
    } else {
        Some(Gold::load(gold, &spec, &items).map_err(|problems| {
            let lines: Vec<String> = problems.iter().map(|p| format!("gold: {p}")).collect();
            lines.join("\n")
        })?)
    };
    let (parsed, bad) = crate::collected::read_jsonl(results);
    let bad: Vec<String> = bad
        .iter()
        .map(|(n, m)| format!("results:{n}: {m}"))
        .collect();
    let html = report::html(&spec, &items, &parsed, gold.as_ref());
    Ok(serde_json::json!({ "html": html, "problems": bad }).to_string())
}
