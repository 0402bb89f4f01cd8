//! The report page's wasm (`www/report.html`, built by `scripts/build.sh` with the `report-web`
//! feature into `www/report-pkg/`): the same report the CLI writes, made in the browser from the
//! files the researcher drops on the page — nothing is uploaded.

use crate::analysis::report;
use crate::mount::{self, Failed};
use crate::study::gold::Gold;
use wasm_bindgen::prelude::*;

/// Makes the report page from the texts of the spec, the items, the results (JSON Lines) and,
/// optionally (empty text), a gold file. Returns JSON `{"html": "...", "problems": [...]}`: bad
/// result lines are named there and left out, as the CLI does. A spec, items or gold file that
/// cannot be read is an error naming the file and every problem.
#[wasm_bindgen(js_name = buildReport)]
pub fn build_report(spec: &str, items: &str, results: &str, gold: &str) -> Result<String, String> {
    let (spec, items) = study(spec, items)?;
    let gold: Option<Gold> = if gold.trim().is_empty() {
        None
    } else {
        Some(load_gold(gold, &spec, &items)?)
    };
    let (parsed, bad) = crate::analysis::read_results(&spec, results);
    let parsed: Vec<_> = parsed.into_iter().map(|(_, doc)| doc).collect();
    let bad: Vec<String> = bad
        .iter()
        .map(|(n, m)| format!("results:{n}: {m}"))
        .collect();
    let html = report::html(&spec, &items, &parsed, gold.as_ref());
    Ok(serde_json::json!({ "html": html, "problems": bad }).to_string())
}

/// A gold file read against its study, for the pilot's training mode (`&training=`): the same
/// checks and the same scoring as `glossa report --gold`.
#[wasm_bindgen(js_name = TrainingGold)]
pub struct TrainingGold {
    spec: crate::spec::TaskSpec,
    gold: Gold,
}

#[wasm_bindgen(js_class = TrainingGold)]
impl TrainingGold {
    /// Reads the gold file against the spec and items; an error lists every problem, one per
    /// line, each naming its field.
    #[wasm_bindgen(constructor)]
    pub fn new(spec: &str, items: &str, gold: &str) -> Result<TrainingGold, String> {
        let (spec, items) = study(spec, items)?;
        let gold = load_gold(gold, &spec, &items)?;
        Ok(TrainingGold { spec, gold })
    }

    /// Whether a result (JSON) passes its gold item; `undefined` when its item is not gold.
    pub fn passes(&self, result: &str) -> Option<bool> {
        let json: serde_json::Value = serde_json::from_str(result).ok()?;
        let result = crate::result::ResultDoc::read(&self.spec, &json).ok()?;
        self.gold.passes(&result)
    }
}

/// The spec and items, or every problem of the one that cannot be read, a line each.
fn study(
    spec: &str,
    items: &str,
) -> Result<(crate::spec::TaskSpec, Vec<crate::item::Item>), String> {
    mount::study(spec, items).map_err(|(which, issues)| {
        let file = if which == Failed::Spec {
            "spec"
        } else {
            "items"
        };
        let lines: Vec<String> = issues.iter().map(|i| format!("{file}: {i}")).collect();
        lines.join("\n")
    })
}

/// A gold file read against its study, or every problem, a line each.
fn load_gold(
    gold: &str,
    spec: &crate::spec::TaskSpec,
    items: &[crate::item::Item],
) -> Result<Gold, String> {
    Gold::load(gold, spec, items).map_err(|problems| {
        let lines: Vec<String> = problems.iter().map(|p| format!("gold: {p}")).collect();
        lines.join("\n")
    })
}
