//! The study around the annotation: `glossa plan` (before: who sees which items), `glossa
//! agreement` and `glossa report` (after: how the annotators agree, who was too fast, gold).

use crate::args::PlanArgs;
use crate::files::{exit_for, load_gold, load_items, load_spec_file, load_study, read_results};
use crate::Outcome;
use glossa::analysis::agreement;
use glossa::study::plan;
use std::process::ExitCode;

/// A balanced assignment of items to annotator slots (see `analysis::plan`).
pub fn plan(args: &PlanArgs) -> Outcome {
    let (spec, items) = load_study(&args.spec, &args.items)?;
    let gold = args
        .gold
        .as_ref()
        .map(|p| load_gold(p, &spec, &items))
        .transpose()?;
    let gold_ids: Vec<String> = gold
        .iter()
        .flat_map(|g| g.items.iter().map(|i| i.item_id.clone()))
        .collect();
    let ids: Vec<String> = items.iter().map(|i| i.id.clone()).collect();
    let made = match &args.refill {
        None => plan::make(
            &ids,
            args.per_item,
            args.annotators,
            &gold_ids,
            args.gold_every,
            args.seed,
        ),
        Some(path) => {
            // Who will be rejected does not count: their judgements are planned again.
            let (_, results, _) = read_results(&spec, path)?;
            let rejected: Vec<String> =
                glossa::analysis::payments::verdicts(&results, gold.as_ref())
                    .into_iter()
                    .filter(|v| !v.approve)
                    .map(|v| v.who)
                    .collect();
            let missing = plan::missing(&ids, &gold_ids, &results, &rejected, args.per_item);
            let (judgements, short) = (
                missing.iter().map(|(_, n)| n).sum::<usize>(),
                missing.iter().filter(|(_, n)| *n > 0).count(),
            );
            eprintln!(
                "{path}: {judgements} judgement(s) missing on {short} item(s) ({} annotator(s) rejected: {})",
                rejected.len(),
                if rejected.is_empty() { "none".to_owned() } else { rejected.join(", ") }
            );
            plan::refill(
                &missing,
                args.per_item,
                args.annotators,
                &gold_ids,
                args.gold_every,
                args.seed,
            )
        }
    };
    match made {
        Ok(mut p) => {
            if let Some(k) = args.outputs_per_rater {
                let Some(outputs) = spec.sections().find_map(|(_, s)| s.outputs.as_ref()) else {
                    eprintln!(
                        "{}: --outputs-per-rater needs a section asked per output",
                        args.spec
                    );
                    return Err(ExitCode::from(2));
                };
                if let Some(n) = outputs.count {
                    eprintln!("{}: the section shows exactly {n} outputs of every item (outputs.count): a rater cannot be given fewer; drop --outputs-per-rater or the count", args.spec);
                    return Err(ExitCode::from(2));
                }
                let field = outputs.field.to_string();
                let outputs: Vec<(String, Vec<String>)> = items
                    .iter()
                    .map(|i| {
                        (
                            i.id.clone(),
                            i.outputs(&field).into_iter().map(|o| o.id).collect(),
                        )
                    })
                    .collect();
                if let Err(e) = plan::assign_outputs(&mut p, &outputs, &field, k) {
                    eprintln!("{e}");
                    return Err(ExitCode::from(2));
                }
            }
            if let (Some(g), Some(path)) = (&gold, &args.gold) {
                p.attention = plan::attention(g).map_err(|problems| {
                    for problem in &problems {
                        eprintln!("{path}: {problem}");
                    }
                    eprintln!("{path}: {} problem(s); no plan was written", problems.len());
                    ExitCode::from(1)
                })?;
            }
            println!(
                "{}",
                serde_json::to_string_pretty(&p).expect("JSON serialises")
            );
            eprintln!("{}", p.summary());
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => {
            eprintln!("cannot plan: {e}");
            Err(ExitCode::from(2))
        }
    }
}

/// The researcher's HTML report (see `analysis::report`).
pub fn report(
    spec_path: &str,
    items_path: &str,
    results_path: &str,
    gold_path: Option<&str>,
    out: &str,
) -> Outcome {
    let (spec, items) = load_study(spec_path, items_path)?;
    let gold = gold_path.map(|p| load_gold(p, &spec, &items)).transpose()?;
    let (_, results, bad) = read_results(&spec, results_path)?;
    let page = glossa::analysis::report::html(&spec, &items, &results, gold.as_ref());
    if let Err(e) = std::fs::write(out, page) {
        eprintln!("{out}: cannot write: {e}");
        return Err(ExitCode::from(2));
    }
    eprintln!("{out}: report of {} result(s)", results.len());
    // The command ends here: the system takes the study's memory back at once, where freeing
    // its millions of values one by one takes a second.
    std::mem::forget((items, results));
    Ok(exit_for(bad))
}

/// `glossa payments`: the host's review file — MTurk's batch file with each assignment
/// approved or rejected (with the reason), or Prolific's row per submission — on standard
/// output; what was decided, on standard error.
pub fn payments(
    spec_path: &str,
    items_path: &str,
    batch_path: &str,
    gold_path: Option<&str>,
    host: crate::args::PayHost,
) -> Outcome {
    let (spec, items) = crate::files::load_study(spec_path, items_path)?;
    let gold = gold_path
        .map(|g| crate::files::load_gold(g, &spec, &items))
        .transpose()?;
    if host == crate::args::PayHost::Prolific {
        let (_, results, bad) = read_results(&spec, batch_path)?;
        let verdicts = glossa::analysis::payments::verdicts(&results, gold.as_ref());
        let (file, notes) = glossa::analysis::payments::prolific_review(&results, &verdicts);
        print_review(batch_path, &file, &notes, &verdicts);
        return Ok(exit_for(bad));
    }
    let batch = crate::files::read(batch_path)?;
    let collected = glossa::analysis::hosts::mturk(&batch);
    for (line, problem) in &collected.problems {
        eprintln!("{batch_path}:{line}: {problem}");
    }
    let mut results = Vec::new();
    for text in &collected.results {
        let typed = serde_json::from_str::<serde_json::Value>(text)
            .map_err(|e| e.to_string())
            .and_then(|v| glossa::analysis::type_one(&spec, &v));
        match typed {
            Ok(r) => results.push(r),
            Err(e) => eprintln!("{batch_path}: a result does not read: {e}"),
        }
    }
    let verdicts = glossa::analysis::payments::verdicts(&results, gold.as_ref());
    match glossa::analysis::payments::mturk_reviewed(&batch, &verdicts) {
        Ok((file, notes)) => {
            print_review(batch_path, &file, &notes, &verdicts);
            Ok(exit_for(usize::from(!collected.problems.is_empty())))
        }
        Err(e) => {
            eprintln!("{batch_path}: {e}");
            Err(ExitCode::from(2))
        }
    }
}

/// The review file on standard output; its notes and how many were approved and rejected on
/// standard error.
fn print_review(
    path: &str,
    file: &str,
    notes: &[String],
    verdicts: &[glossa::analysis::payments::Verdict],
) {
    print!("{file}");
    for n in notes {
        eprintln!("{path}: {n}");
    }
    let rejected = verdicts.iter().filter(|v| !v.approve).count();
    eprintln!(
        "{path}: {} approved, {rejected} rejected",
        verdicts.len() - rejected
    );
}

/// The results whose votes count, each other one named on standard error with why: a result of
/// another spec, one that names no participant (whose votes are whose?), an aggregated or
/// adjudicated one (not an annotator's), and — with the items — one of an item they lack or
/// one `glossa validate` refuses (an option the spec lacks must never win an item).
fn votes_of(
    spec: &glossa::spec::TaskSpec,
    items: &[glossa::item::Item],
    results: Vec<glossa::result::ResultDoc>,
    path: &str,
    lines: &crate::files::Lines,
) -> (Vec<glossa::result::ResultDoc>, usize) {
    let by_id: std::collections::BTreeMap<&str, &glossa::item::Item> =
        items.iter().map(|i| (i.id.as_str(), i)).collect();
    // Checked item by item (results of one item share their task), on every core: each
    // thread takes a run of items. Named in line order.
    let mut order: Vec<usize> = (0..results.len()).collect();
    order.sort_by(|a, b| results[*a].item_id.cmp(&results[*b].item_id));
    let check = |n: usize, tasks: &mut glossa::task::Tasks| {
        let r = &results[n];
        if r.spec.id != spec.id || r.spec.version != spec.version {
            Some(format!(
                "a result of {}@{}, not of this spec ({}@{}): left out",
                r.spec.id, r.spec.version, spec.id, spec.version
            ))
        } else if r.is_derived() {
            Some("an aggregated or adjudicated result, not an annotator's: left out".to_owned())
        } else if glossa::support::ids::participant_id(&r.ids).is_none() {
            Some("names no participant (participant, PROLIFIC_PID, workerId or assignmentId): whose votes these are is unknown; left out".to_owned())
        } else if !items.is_empty() && !by_id.contains_key(r.item_id.as_str()) {
            Some(format!(
                "item {} is not in the items file (a result of another study, or an item removed since): left out",
                r.item_id
            ))
        } else {
            by_id.get(r.item_id.as_str()).and_then(|item| {
                let json = serde_json::to_value(r).ok()?;
                let f =
                    glossa::analysis::revalidate::check_result(tasks.of_result(item, &json), &json);
                f.first().map(|f| {
                    format!(
                        "item {}: {}: {} (glossa validate refuses it): left out",
                        r.item_id, f.path, f.message
                    )
                })
            })
        }
    };
    let mut why: Vec<Option<String>> = vec![None; results.len()];
    let checked = glossa::analysis::parallel::map_with(
        &order,
        || glossa::task::Tasks::new(spec, crate::check::TASKS_KEPT),
        |tasks, &n| (n, check(n, tasks)),
    );
    for (n, w) in checked {
        why[n] = w;
    }
    let mut kept = Vec::new();
    let mut refused = 0;
    for (n, (r, why)) in results.into_iter().zip(why).enumerate() {
        match why {
            Some(why) => {
                eprintln!("{path}:{}: {why}", lines.of(n));
                refused += 1;
            }
            None => kept.push(r),
        }
    }
    (kept, refused)
}

/// `glossa aggregate`: each control's labels aggregated (majority vote, Dawid–Skene, MACE),
/// as JSON or as a summary per control; with `out`, one method's labels written as results.
pub fn aggregate(
    spec_path: &str,
    results_path: &str,
    items_path: Option<&str>,
    json: bool,
    out: Option<&str>,
    method: &str,
) -> Outcome {
    let spec = load_spec_file(spec_path)?;
    let items = items_path.map(load_items).transpose()?.unwrap_or_default();
    let (lines, results, bad) = read_results(&spec, results_path)?;
    let (results, refused) = votes_of(&spec, &items, results, results_path, &lines);
    if results.is_empty() {
        eprintln!("{results_path}: no result to aggregate");
        return Err(ExitCode::from(1));
    }
    if items_path.is_none() {
        eprintln!("{results_path}: the answers are not checked as glossa validate checks them: give --items");
    }
    let bad = bad + refused;
    if let Some(path) = out {
        let written = glossa::analysis::aggregate::as_results(&spec, &items, &results, method);
        // An aggregate the widget's rules refuse (labelled spans without an attribute the spec
        // requires, such as MQM's severity) is written, and named: `glossa validate` names it
        // again.
        for r in &written {
            let item = items
                .iter()
                .find(|i| r["item_id"].as_str() == Some(i.id.as_str()));
            if let Some(item) = item {
                let task = glossa::task::Task::new(spec.clone(), item.clone(), None);
                for f in glossa::analysis::revalidate::check_result(&task, r) {
                    eprintln!(
                        "{path}: item {}: {}: {} (the aggregate is not an answer the task takes)",
                        item.id, f.path, f.message
                    );
                }
            }
        }
        let lines: String = written.iter().map(|r| r.to_string() + "\n").collect();
        if let Err(e) = std::fs::write(path, lines) {
            eprintln!("{path}: cannot write: {e}");
            return Err(ExitCode::from(2));
        }
    }
    if json {
        let stdout = std::io::stdout();
        let mut out = std::io::BufWriter::new(stdout.lock());
        let written = glossa::analysis::aggregate::write_json(&spec, &items, &results, &mut out)
            .and_then(|()| std::io::Write::write_all(&mut out, b"\n"))
            .and_then(|()| std::io::Write::flush(&mut out));
        if let Err(e) = written {
            eprintln!("cannot write the aggregation: {e}");
            return Err(ExitCode::from(2));
        }
        return Ok(exit_for(bad));
    }
    // The summary, from the fits themselves (a study of spans has a task per word: no JSON
    // of them is made).
    for f in glossa::analysis::aggregate::fit(&spec, &items, &results) {
        let v = &f.votes;
        let majority = f.majority.labels();
        println!(
            "{}: {} tasks, {} annotators, labels {}; {} tied under the majority vote",
            f.control.id(),
            v.tasks.len(),
            v.workers.len(),
            v.labels.len(),
            glossa::analysis::aggregate::ties(v, &f.majority).len()
        );
        let differ = |a: &glossa::analysis::aggregate::Aggregate| {
            a.labels()
                .iter()
                .zip(&majority)
                .filter(|(x, y)| x != y)
                .count()
        };
        println!(
            "  Dawid–Skene differs from the majority on {} tasks, MACE on {}",
            differ(&f.dawid_skene),
            differ(&f.mace)
        );
        println!(
            "  {:<24} {:>9} {:>12} {:>8}",
            "annotator", "majority", "Dawid–Skene", "MACE"
        );
        let shown = |x: Option<&f64>| x.map_or("—".to_owned(), |x| format!("{x:.3}"));
        for (w, who) in v.workers.iter().enumerate() {
            println!(
                "  {who:<24} {:>9} {:>12} {:>8}",
                shown(f.majority.competence.get(w)),
                shown(f.dawid_skene.competence.get(w)),
                shown(f.mace.competence.get(w))
            );
        }
    }
    Ok(exit_for(bad))
}

/// Krippendorff's alpha per control (see `analysis::agreement`).
pub fn agreement(
    spec_path: &str,
    results_path: &str,
    items_path: Option<&str>,
    gold_path: Option<&str>,
    json: bool,
    compare_to: Option<&str>,
) -> Outcome {
    let spec = load_spec_file(spec_path)?;
    let items = items_path.map(load_items).transpose()?.unwrap_or_default();
    let gold = gold_path.map(|p| load_gold(p, &spec, &items)).transpose()?;
    // The published scores are read first: a file that is not one is said before any work.
    let published = compare_to
        .map(|path| {
            let text = crate::files::read(path)?;
            glossa::analysis::published_scores::read(&text).map_err(|e| {
                eprintln!("{path}: {e}");
                ExitCode::from(2)
            })
        })
        .transpose()?;
    let (_, results, bad) = read_results(&spec, results_path)?;
    // Answers per output unfolded once, for the agreement and the model's figures.
    let unfolded = glossa::analysis::outputs::unfold(&spec, &items, &results);
    let mut got =
        agreement::compute_unfolded(&spec, &items, &results, unfolded.as_ref(), gold.as_ref());
    // A model's suggestions, beside the annotators.
    got.findings.extend(match &unfolded {
        Some(u) => glossa::analysis::models::findings_of(&u.spec, &u.items, &u.results),
        None => glossa::analysis::models::findings_of(&spec, &items, &results),
    });
    let mut out = got.to_json();
    let compared = published
        .as_deref()
        .map(|p| glossa::analysis::published_scores::compare(&out, p));
    if json {
        if let Some(c) = &compared {
            out["compared_to"] = c.to_json();
        }
        println!(
            "{}",
            serde_json::to_string_pretty(&out).expect("JSON serialises")
        );
    } else {
        if let Some(sc) = &got.screening {
            println!(
                "after the listening tests' screening: {} listener(s) left out ({}); with everyone below",
                sc.left_out.len(),
                sc.left_out.join(", ")
            );
        }
        print_measures(&got.measures);
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
        for f in &got.findings {
            print!("{}", f.text);
            // (Each finding on lines of its own: the next never runs on from its last figure.)
            if !f.text.is_empty() && !f.text.ends_with('\n') {
                println!();
            }
        }
        let screened = if got.screening.is_some() {
            ", after screening"
        } else {
            ""
        };
        print_systems(&got.systems, screened);
        if let Some(sc) = &got.screening {
            println!(
                "\nwith every listener (unscreened: the {} left out included)",
                sc.left_out.len()
            );
            print_measures(&sc.unscreened_measures);
            print_systems(&sc.unscreened_systems, ", unscreened");
        }
        println!(
            "bootstrap: {} resamples of the units, seed {}",
            agreement::RESAMPLES,
            agreement::SEED
        );
        if let (Some(c), Some(path)) = (&compared, compare_to) {
            print!("\n{}", c.text(path));
        }
    }
    Ok(exit_for(bad))
}

/// The α table of `glossa agreement`.
fn print_measures(measures: &[agreement::Measure]) {
    let fmt = |x: Option<f64>| x.map_or("—".to_owned(), |a| format!("{a:.3}"));
    println!(
        "{:<32} {:>7}  {:<17} {:<9} {:>6} {:>7}  values",
        "control", "alpha", "95% interval", "level", "items", "values"
    );
    for m in measures {
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
}

/// The scores per system of `glossa agreement` (`which`: after screening, unscreened, or "").
fn print_systems(systems: &[glossa::analysis::systems::SystemScores], which: &str) {
    for s in systems {
        println!(
            "\nscores per system, {}{which} (mean; z: the mean of each annotator's z-scores)",
            s.key
        );
        for r in &s.rows {
            println!(
                "{:<24} {:>6} {:>9.2} {}",
                r.system,
                r.n,
                r.mean,
                r.z.map_or(String::new(), |z| format!("{z:>9.3}"))
            );
        }
    }
}

/// `glossa simulate`: a simulated crowd's results on standard output.
pub fn simulate(
    spec_path: &str,
    items_path: &str,
    annotators: usize,
    agreement: f64,
    seed: u64,
    page: Option<&str>,
    plan: Option<&str>,
) -> Outcome {
    let (spec, items) = load_study(spec_path, items_path)?;
    if !(0.0..=1.0).contains(&agreement) || annotators == 0 {
        eprintln!("--agreement is a chance from 0 to 1, and --annotators at least 1");
        return Err(ExitCode::from(2));
    }
    let Some(page) = page.and_then(glossa::analysis::pages::Page::named) else {
        for doc in glossa::simulate::crowd(&spec, &items, annotators, agreement, seed) {
            println!("{}", serde_json::to_string(&doc).expect("JSON serialises"));
        }
        return Ok(ExitCode::SUCCESS);
    };
    let plan = match plan {
        Some(p) => Some(
            serde_json::from_str::<serde_json::Value>(&crate::files::read(p)?).map_err(|e| {
                eprintln!("{p}: not JSON: {e}");
                ExitCode::from(2)
            })?,
        ),
        None => None,
    };
    let results = glossa::analysis::pages::crowd(
        &spec,
        &items,
        plan.as_ref(),
        page,
        annotators,
        agreement,
        seed,
    )
    .map_err(|e| {
        eprintln!("{}: {e}", plan.as_ref().map_or(items_path, |_| "--plan"));
        ExitCode::from(2)
    })?;
    for doc in results {
        println!("{doc}");
    }
    Ok(ExitCode::SUCCESS)
}
