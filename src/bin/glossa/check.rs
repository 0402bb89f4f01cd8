//! `glossa check` (a spec, its items, a gold file) and `glossa validate` (collected results,
//! re-checked as the browser did).

use crate::files::{exit_for, load_gold, load_study, read, report};
use crate::Outcome;
use glossa::analysis::revalidate;
use glossa::i18n::own;
use glossa::spec::own_strings;
use glossa::{item, mount};
use std::process::ExitCode;

/// Reports every problem of a spec, then of its items, then of a gold file; exit 1 if any.
pub fn check(
    spec_path: &str,
    items_path: Option<&str>,
    gold_path: Option<&str>,
    card_path: Option<&str>,
) -> Outcome {
    let checked = check_study(spec_path, items_path, gold_path);
    match card_path {
        Some(card) if checked.is_ok() => card_file(card).map(|_| ExitCode::SUCCESS),
        _ => checked,
    }
}

/// Reads and checks a dataset card file, printing each problem with its field.
pub fn card_file(path: &str) -> Result<glossa::analysis::dataset::card::CardInfo, ExitCode> {
    use glossa::analysis::dataset::card;
    let info = card::read(&read(path)?).map_err(|e| {
        println!("{path}: {e}");
        ExitCode::FAILURE
    })?;
    let problems = card::check(&info);
    for p in &problems {
        println!("{path}: {p}");
    }
    if !problems.is_empty() {
        return Err(ExitCode::FAILURE);
    }
    println!("{path}: ok");
    Ok(info)
}

/// The spec, the items and the gold file.
fn check_study(spec_path: &str, items_path: Option<&str>, gold_path: Option<&str>) -> Outcome {
    let spec = mount::load_spec(&read(spec_path)?).map_err(|issues| report(spec_path, &issues))?;
    // The study's own strings: a key no string has, or a parameter lost, is an error; a
    // language Glossa does not ship shows English wherever ui_strings says nothing.
    let (own, notes) = own_strings::check(&spec);
    if !own.is_empty() {
        return Err(report(spec_path, &own));
    }
    for note in notes {
        println!("{spec_path}: warning: {note}");
    }
    let english = own_strings::english_fallbacks(&spec);
    if !english.is_empty() {
        println!(
            "{spec_path}: warning: language: Glossa does not ship \"{}\": {} of {} UI strings will be English ({}{}); `glossa strings {} > strings.json` lists them to translate into ui_strings",
            spec.language.tag(),
            english.len(),
            own::keys().len(),
            english.iter().take(3).copied().collect::<Vec<_>>().join(", "),
            if english.len() > 3 { ", …" } else { "" },
            spec.language.tag(),
        );
    }
    let Some(items_path) = items_path else {
        println!("{spec_path}: ok");
        return Ok(ExitCode::SUCCESS);
    };
    let items = match item::parse_items(&read(items_path)?) {
        Ok(items) => items,
        Err(issues) => {
            println!("{spec_path}: ok");
            return Err(report(items_path, &issues));
        }
    };
    let issues = glossa::mount::check_items(&spec, &items);
    for (n, it) in items.iter().enumerate() {
        for note in item::notes(&spec, it, &format!("items[{n}]")) {
            println!("{items_path}: warning: {note} [{:?}]", note.code);
        }
        for note in glossa::task::suggestions::notes(&spec, it, &format!("items[{n}]")) {
            println!("{items_path}: warning: {note}");
        }
    }
    println!("{spec_path}: ok");
    if !issues.is_empty() {
        return Err(report(items_path, &issues));
    }
    // The media files the items name, beside the items file: there, and playable.
    let dir = std::path::Path::new(items_path)
        .parent()
        .unwrap_or(std::path::Path::new("."));
    let media = crate::media_files::problems(&spec, &items, dir);
    for p in &media {
        println!("{items_path}: {p}");
    }
    if !media.is_empty() {
        println!("{items_path}: {} media file problem(s)", media.len());
        return Err(ExitCode::FAILURE);
    }
    println!("{items_path}: ok ({} items)", items.len());
    if let Some(gold_path) = gold_path {
        let gold = load_gold(gold_path, &spec, &items)?;
        println!("{gold_path}: ok ({} gold item(s))", gold.items.len());
    }
    Ok(ExitCode::SUCCESS)
}

/// Tasks kept while checking results (results of one item share theirs).
pub const TASKS_KEPT: usize = 4096;

/// Re-checks every result against the spec and its item, naming each problem by line; a
/// result there twice is named at its later copies (the first counts). Reads line by line:
/// linear in the results, memory that of the items and one key per result.
pub fn validate(spec_path: &str, items_path: &str, results_path: &str) -> Outcome {
    let (spec, items) = load_study(spec_path, items_path)?;
    let by_id: std::collections::BTreeMap<&str, &glossa::item::Item> =
        items.iter().map(|i| (i.id.as_str(), i)).collect();
    let mut seen = glossa::analysis::duplicates::Seen::default();
    let mut tasks = glossa::task::Tasks::new(&spec, TASKS_KEPT);
    let (mut all, mut failed) = (0, 0);
    crate::files::each_line(results_path, |line, text| {
        let Some(read) = glossa::analysis::read_line(text) else {
            return;
        };
        all += 1;
        // A line that is not a result is itself a finding here.
        let result = match read {
            Ok(v) => v,
            Err(message) => {
                eprintln!("{results_path}:{line}: {message}");
                failed += 1;
                return;
            }
        };
        if let Some(message) = seen.copy_of(line, &result) {
            println!("{results_path}:{line}: {message}");
            failed += 1;
            return;
        }
        let findings = findings(&by_id, &mut tasks, items_path, &result);
        failed += usize::from(!findings.is_empty());
        for f in findings {
            println!("{results_path}:{line}: {f}");
        }
    })?;
    println!("{results_path}: {all} result(s), {failed} with problems");
    Ok(exit_for(failed))
}

/// What `validate` finds wrong with one result (as JSON): its item missing from the items
/// file, or each thing the browser's rules refuse, as `item <id>: <path>: <message>`.
pub fn findings(
    by_id: &std::collections::BTreeMap<&str, &glossa::item::Item>,
    tasks: &mut glossa::task::Tasks,
    items_path: &str,
    result: &serde_json::Value,
) -> Vec<String> {
    let item_id = result
        .get("item_id")
        .and_then(|v| v.as_str())
        .unwrap_or_default();
    match by_id.get(item_id) {
        None => vec![format!("item_id: no item \"{item_id}\" in {items_path}")],
        Some(item) => revalidate::check_result(tasks.of_result(item, result), result)
            .into_iter()
            .map(|f| format!("item {item_id}: {}: {}", f.path, f.message))
            .collect(),
    }
}

/// Prints the strings a study in `lang` starts from (see `glossa::i18n::own::starter`).
pub fn strings(lang: &str) -> Outcome {
    if !glossa::i18n::Lang::is_tag(lang) {
        eprintln!("{lang}: not a language tag: use a BCP 47 tag such as en, de, pt-BR or zh-Hant");
        return Err(ExitCode::from(2));
    }
    if own::shipped_for(lang).is_none() {
        eprintln!("Glossa does not ship \"{lang}\": these are the English strings, to translate");
    }
    print!("{}", own::starter(lang));
    Ok(ExitCode::SUCCESS)
}
