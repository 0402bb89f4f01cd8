//! The `glossa` command line: check spec and items files, re-check and export collected
//! results, read results back from the hosts' exports, print the JSON Schemas.

use glossa::collected::{agreement, export, gold, hosts, plan, revalidate, tidy};
use glossa::mount::{self, Failed};
use glossa::{item, spec, task::Task};
use std::process::ExitCode;

const USAGE: &str = "usage:
  glossa check SPEC.json [ITEMS.json|ITEMS.jsonl [--gold GOLD.json]]
                                                    report every problem, exit 1 if any
  glossa validate SPEC ITEMS RESULTS.jsonl          re-check collected results, exit 1 if any fails
  glossa export poquad ITEMS RESULTS.jsonl          questions results as PoQuAD / SQuAD 2.0 JSON
  glossa export csv SPEC RESULTS.jsonl              a tidy long table (one row per answer field) for pandas and R
  glossa export rankme SPEC ITEMS RESULTS.jsonl     magnitude scores in the RankME data layout (mr, ref1.., inf1..)
  glossa collect qualtrics|jspsych|mturk EXPORT     results from a host's export, as JSON Lines
  glossa agreement SPEC RESULTS.jsonl [--items ITEMS] [--json]
                                                    Krippendorff's alpha per control, 95% bootstrap interval
  glossa report SPEC ITEMS RESULTS.jsonl [--gold GOLD.json] --out report.html
                                                    one self-contained HTML report (annotators, agreement, charts)
  glossa plan SPEC ITEMS --per-item K --annotators N [--gold GOLD.json --gold-every M] [--seed S]
                                                    a balanced study plan (JSON) for the pilot runner's &plan=
  glossa schema [spec|item|result]                  print a JSON Schema (default: spec)
  glossa --version
A file argument `-` reads standard input.";

/// The `$id` of each JSON Schema (the files in `www/schema/`).
const SCHEMA_IDS: [(&str, &str); 3] = [
    ("spec", "urn:glossa:schema:spec:1"),
    ("item", "urn:glossa:schema:item:1"),
    ("result", "urn:glossa:schema:result:1"),
];

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    match args.as_slice() {
        ["schema"] => schema("spec"),
        ["schema", which @ ("spec" | "item" | "result")] => schema(which),
        ["--version" | "-V" | "version"] => {
            println!("glossa {}", glossa::WIDGET_VERSION);
            ExitCode::SUCCESS
        }
        ["collect", host @ ("qualtrics" | "jspsych" | "mturk"), path] => collect(host, path),
        ["agreement", spec_path, results_path, rest @ ..] => {
            let json = rest.contains(&"--json");
            let items = rest
                .iter()
                .position(|a| *a == "--items")
                .and_then(|i| rest.get(i + 1).copied());
            if rest
                .iter()
                .any(|a| !["--json", "--items"].contains(a) && Some(*a) != items)
            {
                eprintln!("{USAGE}");
                return ExitCode::from(2);
            }
            agreement_cmd(spec_path, results_path, items, json)
        }
        ["check", spec_path] => check(spec_path, None),
        ["check", spec_path, items_path] => check(spec_path, Some(items_path)),
        ["check", spec_path, items_path, "--gold", gold_path] => {
            match check(spec_path, Some(items_path)) {
                code if code != ExitCode::SUCCESS => code,
                _ => match load_study(spec_path, items_path)
                    .and_then(|(spec, items)| load_gold(gold_path, &spec, &items))
                {
                    Ok(g) => {
                        println!("{gold_path}: ok ({} gold item(s))", g.items.len());
                        ExitCode::SUCCESS
                    }
                    Err(code) => code,
                },
            }
        }
        ["validate", spec_path, items_path, results_path] => {
            revalidate(spec_path, items_path, results_path)
        }
        ["export", "poquad", items_path, results_path] => export_poquad(items_path, results_path),
        ["export", "csv", spec_path, results_path] => export_csv(spec_path, results_path),
        ["export", "rankme", spec_path, items_path, results_path] => {
            export_rankme(spec_path, items_path, results_path)
        }
        ["plan", spec_path, items_path, rest @ ..] => plan_cmd(spec_path, items_path, rest),
        ["report", spec_path, items_path, results_path, rest @ ..] => {
            let flag = |name: &str| {
                rest.iter()
                    .position(|a| *a == name)
                    .and_then(|i| rest.get(i + 1).copied())
            };
            match flag("--out") {
                Some(out) if rest.len() == 2 || (rest.len() == 4 && flag("--gold").is_some()) => {
                    report_cmd(spec_path, items_path, results_path, flag("--gold"), out)
                }
                _ => {
                    eprintln!("{USAGE}");
                    ExitCode::from(2)
                }
            }
        }
        ["-h" | "--help" | "help"] => {
            println!("{USAGE}");
            ExitCode::SUCCESS
        }
        _ => {
            eprintln!("{USAGE}");
            ExitCode::from(2)
        }
    }
}

/// Prints one of the JSON Schemas, with its `$id`.
fn schema(which: &str) -> ExitCode {
    let mut schema = match which {
        "item" => schemars::schema_for!(glossa::item::Item),
        "result" => schemars::schema_for!(glossa::result::ResultDoc),
        _ => schemars::schema_for!(spec::TaskSpec),
    };
    if let Some(id) = SCHEMA_IDS
        .iter()
        .find(|(w, _)| *w == which)
        .map(|(_, id)| *id)
    {
        schema.insert("$id".to_owned(), serde_json::Value::from(id));
    }
    println!(
        "{}",
        serde_json::to_string_pretty(&schema).expect("schema serialises")
    );
    ExitCode::SUCCESS
}

/// Reads a host's export and prints its results as JSON Lines; bad rows go to standard error
/// with their line, and reading goes on (exit 1 if there was one).
fn collect(host: &str, path: &str) -> ExitCode {
    let text = match read(path) {
        Ok(t) => t,
        Err(code) => return code,
    };
    let got = match host {
        "qualtrics" => hosts::qualtrics(&text),
        "jspsych" => hosts::jspsych(&text),
        _ => hosts::mturk(&text),
    };
    for r in &got.results {
        println!("{r}");
    }
    for (line, message) in &got.problems {
        eprintln!("{path}:{line}: {message}");
    }
    eprintln!(
        "{path}: {} result(s), {} row(s) with problems",
        got.results.len(),
        got.problems.len()
    );
    if got.problems.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// Reads and loads a spec file (with its worked examples), reporting its problems.
fn load_spec_file(spec_path: &str) -> Result<spec::TaskSpec, ExitCode> {
    match mount::load_spec(&read(spec_path)?) {
        Ok(spec) => Ok(spec),
        Err(issues) => Err(report(spec_path, &issues)),
    }
}

/// Reads and loads a spec and its items file, reporting the problems of whichever fails.
fn load_study(
    spec_path: &str,
    items_path: &str,
) -> Result<(spec::TaskSpec, Vec<item::Item>), ExitCode> {
    let (spec_text, items_text) = (read(spec_path)?, read(items_path)?);
    mount::study(&spec_text, &items_text).map_err(|(which, issues)| match which {
        Failed::Spec => report(spec_path, &issues),
        _ => report(items_path, &issues),
    })
}

/// Exit 1 when some input lines could not be read (they were reported and skipped).
fn exit_for(bad: usize) -> ExitCode {
    if bad == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// Reads results as JSON Lines, reporting each bad line (with its number) and going on.
fn read_results(path: &str) -> Result<(Vec<serde_json::Value>, usize), ExitCode> {
    let (results, bad) = glossa::collected::read_jsonl(&read(path)?);
    for (line, message) in &bad {
        eprintln!("{path}:{line}: {message}");
    }
    Ok((results, bad.len()))
}

/// `glossa plan`: a balanced assignment of items to annotator slots (see `collected::plan`).
fn plan_cmd(spec_path: &str, items_path: &str, rest: &[&str]) -> ExitCode {
    let mut opts: std::collections::BTreeMap<&str, &str> = std::collections::BTreeMap::new();
    let mut it = rest.iter();
    while let Some(flag) = it.next() {
        match (*flag, it.next()) {
            (
                f @ ("--per-item" | "--annotators" | "--gold" | "--gold-every" | "--seed"),
                Some(v),
            ) => {
                opts.insert(f, v);
            }
            _ => {
                eprintln!("{USAGE}");
                return ExitCode::from(2);
            }
        }
    }
    let num = |name: &str, default: Option<u64>| -> Result<u64, ExitCode> {
        match opts.get(name).map(|v| v.parse::<u64>()) {
            Some(Ok(n)) => Ok(n),
            None if default.is_some() => Ok(default.unwrap_or(0)),
            _ => {
                eprintln!("{name} needs a whole number");
                Err(ExitCode::from(2))
            }
        }
    };
    let (per_item, annotators, gold_every, seed) = match (
        num("--per-item", None),
        num("--annotators", None),
        num("--gold-every", Some(0)),
        num("--seed", Some(1)),
    ) {
        (Ok(a), Ok(b), Ok(c), Ok(d)) => (a as usize, b as usize, c as usize, d),
        (Err(code), ..) | (_, Err(code), ..) | (_, _, Err(code), _) | (.., Err(code)) => {
            return code
        }
    };
    let (spec, items) = match load_study(spec_path, items_path) {
        Ok(study) => study,
        Err(code) => return code,
    };
    let gold_ids: Vec<String> = match opts.get("--gold").map(|p| load_gold(p, &spec, &items)) {
        None => Vec::new(),
        Some(Err(code)) => return code,
        Some(Ok(g)) => g.items.into_iter().map(|g| g.item_id).collect(),
    };
    let ids: Vec<String> = items.iter().map(|i| i.id.clone()).collect();
    match plan::make(&ids, per_item, annotators, &gold_ids, gold_every, seed) {
        Ok(p) => {
            println!(
                "{}",
                serde_json::to_string_pretty(&p).expect("JSON serialises")
            );
            eprintln!("{}", p.summary());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("cannot plan: {e}");
            ExitCode::from(2)
        }
    }
}

/// Reads a gold file against the spec and items; every problem is printed with the file's name
/// and the field (exit 1: the file has problems to fix).
fn load_gold(
    path: &str,
    spec: &spec::TaskSpec,
    items: &[item::Item],
) -> Result<gold::Gold, ExitCode> {
    let text = read(path)?;
    gold::Gold::load(&text, spec, items).map_err(|problems| {
        for p in &problems {
            eprintln!("{path}: {p}");
        }
        eprintln!("{path}: {} problem(s); nothing was scored", problems.len());
        ExitCode::from(1)
    })
}

/// `glossa report`: the researcher's HTML report (see `collected::report`).
fn report_cmd(
    spec_path: &str,
    items_path: &str,
    results_path: &str,
    gold_path: Option<&str>,
    out: &str,
) -> ExitCode {
    let (spec, items) = match load_study(spec_path, items_path) {
        Ok(study) => study,
        Err(code) => return code,
    };
    let gold = match gold_path.map(|p| load_gold(p, &spec, &items)) {
        None => None,
        Some(Err(code)) => return code,
        Some(Ok(g)) => Some(g),
    };
    let (results, bad) = match read_results(results_path) {
        Ok(r) => r,
        Err(code) => return code,
    };
    let page = glossa::collected::report::html(&spec, &items, &results, gold.as_ref());
    if let Err(e) = std::fs::write(out, page) {
        eprintln!("{out}: cannot write: {e}");
        return ExitCode::from(2);
    }
    eprintln!("{out}: report of {} result(s)", results.len());
    exit_for(bad)
}

/// `glossa export rankme`: magnitude scores in the RankME layout (see `collected::rankme`).
fn export_rankme(spec_path: &str, items_path: &str, results_path: &str) -> ExitCode {
    let (spec, items) = match load_study(spec_path, items_path) {
        Ok(study) => study,
        Err(code) => return code,
    };
    let (results, bad) = match read_results(results_path) {
        Ok(r) => r,
        Err(code) => return code,
    };
    match glossa::collected::rankme::csv(&spec, &items, &results) {
        Ok(text) => print!("{text}"),
        Err(e) => {
            eprintln!("{spec_path}: {e}");
            return ExitCode::from(2);
        }
    }
    exit_for(bad)
}

/// `glossa export csv`: the tidy long table (see `collected::tidy`).
fn export_csv(spec_path: &str, results_path: &str) -> ExitCode {
    let spec = match load_spec_file(spec_path) {
        Ok(spec) => spec,
        Err(code) => return code,
    };
    let (results, bad) = match read_results(results_path) {
        Ok(r) => r,
        Err(code) => return code,
    };
    print!("{}", tidy::csv(&tidy::rows(&spec, &results)));
    exit_for(bad)
}

/// `glossa agreement`: Krippendorff's alpha per control (see `collected::agreement`).
fn agreement_cmd(
    spec_path: &str,
    results_path: &str,
    items_path: Option<&str>,
    json: bool,
) -> ExitCode {
    let spec = match load_spec_file(spec_path) {
        Ok(spec) => spec,
        Err(code) => return code,
    };
    let items = match items_path.map(|p| read(p).map(|t| (p, item::parse_items(&t)))) {
        None => Vec::new(),
        Some(Err(code)) => return code,
        Some(Ok((_, Ok(items)))) => items,
        Some(Ok((p, Err(issues)))) => return report(p, &issues),
    };
    let (results, bad) = match read_results(results_path) {
        Ok(r) => r,
        Err(code) => return code,
    };
    let got = agreement::compute(&spec, &items, &results);
    if json {
        println!(
            "{}",
            serde_json::to_string_pretty(&got.to_json()).expect("JSON serialises")
        );
    } else {
        let fmt = |x: Option<f64>| x.map_or("—".to_owned(), |a| format!("{a:.3}"));
        println!(
            "{:<32} {:>7}  {:<17} {:<9} {:>6} {:>7}  values",
            "control", "alpha", "95% interval", "level", "items", "values"
        );
        for m in &got.measures {
            let ci = m
                .agreement
                .ci95
                .map_or("—".to_owned(), |(lo, hi)| format!("[{lo:.3}, {hi:.3}]"));
            println!(
                "{:<32} {:>7}  {:<17} {:<9} {:>6} {:>7}  {}",
                m.key,
                fmt(m.agreement.alpha),
                ci,
                m.level.as_str(),
                m.items,
                m.agreement.pairable,
                m.values
            );
        }
        for q in &got.questions {
            let share = |n: usize| {
                if q.questions == 0 {
                    0.0
                } else {
                    100.0 * n as f64 / q.questions as f64
                }
            };
            let cats: Vec<String> = q
                .categories
                .iter()
                .map(|(k, v)| format!("{k} {:.0}%", share(*v)))
                .collect();
            println!(
                "{:<32} agreement not defined for authored questions: {} questions, unanswerable {:.0}%, manual acceptance {:.0}%, {} skipped; {}",
                q.key, q.questions, share(q.unanswerable), share(q.manual_acceptance), q.skipped, cats.join(", ")
            );
        }
        println!(
            "bootstrap: {} resamples of the units, seed {}",
            agreement::RESAMPLES,
            agreement::SEED
        );
    }
    exit_for(bad)
}

/// Reads a file, or standard input for `-`.
fn read(path: &str) -> Result<String, ExitCode> {
    if path == "-" {
        let mut text = String::new();
        return std::io::Read::read_to_string(&mut std::io::stdin(), &mut text)
            .map(|_| text)
            .map_err(|e| {
                eprintln!("standard input: cannot read: {e}");
                ExitCode::from(2)
            });
    }
    std::fs::read_to_string(path).map_err(|e| {
        eprintln!("{path}: cannot read: {e}");
        ExitCode::from(2)
    })
}

fn check(spec_path: &str, items_path: Option<&str>) -> ExitCode {
    let spec_text = match read(spec_path) {
        Ok(t) => t,
        Err(code) => return code,
    };
    let spec = match mount::load_spec(&spec_text) {
        Ok(spec) => spec,
        Err(issues) => return report(spec_path, &issues),
    };
    let Some(items_path) = items_path else {
        println!("{spec_path}: ok");
        return ExitCode::SUCCESS;
    };
    let items_text = match read(items_path) {
        Ok(t) => t,
        Err(code) => return code,
    };
    let issues = match item::parse_items(&items_text) {
        Ok(items) => {
            let issues = item::check_items(&spec, &items);
            for (n, it) in items.iter().enumerate() {
                for note in item::notes(&spec, it, &format!("items[{n}]")) {
                    println!("{items_path}: warning: {note} [{:?}]", note.code);
                }
            }
            if issues.is_empty() {
                println!("{spec_path}: ok\n{items_path}: ok ({} items)", items.len());
                return ExitCode::SUCCESS;
            }
            issues
        }
        Err(issues) => issues,
    };
    println!("{spec_path}: ok");
    report(items_path, &issues)
}

fn report(path: &str, issues: &[spec::SpecIssue]) -> ExitCode {
    for issue in issues {
        println!("{path}: {issue} [{:?}]", issue.code);
    }
    println!("{path}: {} problem(s)", issues.len());
    ExitCode::FAILURE
}

fn revalidate(spec_path: &str, items_path: &str, results_path: &str) -> ExitCode {
    let texts = (read(spec_path), read(items_path), read(results_path));
    let (spec_text, items_text, results_text) = match texts {
        (Ok(a), Ok(b), Ok(c)) => (a, b, c),
        (Err(code), _, _) | (_, Err(code), _) | (_, _, Err(code)) => return code,
    };
    let (spec, items) = match mount::study(&spec_text, &items_text) {
        Ok(study) => study,
        Err((Failed::Spec, issues)) => return report(spec_path, &issues),
        Err((_, issues)) => return report(items_path, &issues),
    };
    let (mut total, mut failed) = (0, 0);
    for (n, line) in results_text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
    {
        total += 1;
        let at = format!("{results_path}:{}", n + 1);
        let findings = match serde_json::from_str::<serde_json::Value>(line) {
            Err(e) => vec![format!("not JSON: {e}")],
            Ok(result) => {
                let item_id = result
                    .get("item_id")
                    .and_then(|v| v.as_str())
                    .unwrap_or_default();
                match items.iter().find(|i| i.id == item_id) {
                    None => vec![format!("item_id: no item \"{item_id}\" in {items_path}")],
                    Some(item) => {
                        let task = Task::new(spec.clone(), item.clone(), None);
                        revalidate::check_result(&task, &result)
                            .into_iter()
                            .map(|f| format!("item {item_id}: {}: {}", f.path, f.message))
                            .collect()
                    }
                }
            }
        };
        if !findings.is_empty() {
            failed += 1;
        }
        for f in findings {
            println!("{at}: {f}");
        }
    }
    println!("{results_path}: {total} result(s), {failed} with problems");
    if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

fn export_poquad(items_path: &str, results_path: &str) -> ExitCode {
    let (items_text, results_text) = match (read(items_path), read(results_path)) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(code), _) | (_, Err(code)) => return code,
    };
    let items = match item::parse_items(&items_text) {
        Ok(items) => items,
        Err(issues) => return report(items_path, &issues),
    };
    let mut results = Vec::new();
    let mut lines = Vec::new();
    for (n, line) in results_text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        match serde_json::from_str(line) {
            Ok(v) => {
                results.push(v);
                lines.push(n + 1);
            }
            Err(e) => {
                eprintln!("{results_path}:{}: not JSON: {e}", n + 1);
                return ExitCode::FAILURE;
            }
        }
    }
    let skipped = export::skipped_paragraphs(&results);
    for (n, item_id, reason) in &skipped {
        eprintln!(
            "{results_path}:{}: item {item_id}: paragraph skipped ({reason}), left out",
            lines[*n]
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
            ExitCode::SUCCESS
        }
        Err(problems) => {
            for p in problems {
                eprintln!("{results_path}:{}: {}", lines[p.result], p.message);
            }
            ExitCode::FAILURE
        }
    }
}
