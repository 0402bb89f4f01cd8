//! `glossa export`: results as the datasets analysis tools read (PoQuAD / SQuAD 2.0, a tidy
//! CSV, the RankME layout).

use crate::files::{exit_for, load_items, load_spec_file, load_study, read_results};
use crate::Outcome;
use glossa::analysis::{export, rankme, tidy};
use serde_json::Value;
use std::process::ExitCode;

/// The values of `(line, result)` pairs.
fn values(results: &[(usize, Value)]) -> Vec<Value> {
    results.iter().map(|(_, v)| v.clone()).collect()
}

/// Question authoring as PoQuAD / SQuAD 2.0 JSON; skipped paragraphs are named and left out.
pub fn poquad(items_path: &str, results_path: &str) -> Outcome {
    let items = load_items(items_path)?;
    let (lines, bad) = read_results(results_path)?;
    let results = values(&lines);
    let skipped = export::skipped_paragraphs(&results);
    for (n, item_id, reason) in &skipped {
        eprintln!(
            "{results_path}:{}: item {item_id}: paragraph skipped ({reason}), left out",
            lines[*n].0
        );
    }
    if !skipped.is_empty() {
        eprintln!(
            "{results_path}: {} skipped paragraph(s) left out",
            skipped.len()
        );
    }
    match export::poquad(&items, &results) {
        Ok(dataset) => {
            println!(
                "{}",
                serde_json::to_string_pretty(&dataset).expect("JSON serialises")
            );
            Ok(exit_for(bad))
        }
        Err(problems) => {
            for p in problems {
                eprintln!("{results_path}:{}: {}", lines[p.result].0, p.message);
            }
            Err(ExitCode::FAILURE)
        }
    }
}

/// The tidy long table (see `analysis::tidy`).
pub fn csv(spec_path: &str, results_path: &str) -> Outcome {
    let spec = load_spec_file(spec_path)?;
    let (results, bad) = read_results(results_path)?;
    print!("{}", tidy::csv(&tidy::rows(&spec, &values(&results))));
    Ok(exit_for(bad))
}

/// Magnitude scores in the RankME layout (see `analysis::rankme`).
pub fn rankme(spec_path: &str, items_path: &str, results_path: &str) -> Outcome {
    let (spec, items) = load_study(spec_path, items_path)?;
    let (results, bad) = read_results(results_path)?;
    match rankme::csv(&spec, &items, &values(&results)) {
        Ok(text) => print!("{text}"),
        Err(e) => {
            eprintln!("{spec_path}: {e}");
            return Err(ExitCode::from(2));
        }
    }
    Ok(exit_for(bad))
}
