//! `glossa export`: results as the datasets analysis tools read (PoQuAD / SQuAD 2.0, a tidy
//! CSV, the RankME layout, labelled spans as CoNLL, Label Studio or spaCy).

use crate::files::{
    exit_for, load_items, load_spec_file, load_study, read_questions, read_results,
};
use crate::Outcome;
use glossa::analysis::{export, rankme, tidy};
use glossa::kinds::span_labels::exports as span_exports;
use std::process::ExitCode;

/// Question authoring as PoQuAD / SQuAD 2.0 JSON; skipped paragraphs are named and left out.
pub fn poquad(items_path: &str, results_path: &str, spec_path: Option<&str>) -> Outcome {
    let (items, (lines, results, bad)) = match spec_path {
        Some(spec_path) => {
            let (spec, items) = load_study(spec_path, items_path)?;
            (items, read_results(&spec, results_path)?)
        }
        None => (load_items(items_path)?, read_questions(results_path)?),
    };
    let skipped = export::skipped_paragraphs(&results);
    for (n, item_id, reason) in &skipped {
        eprintln!(
            "{results_path}:{}: item {item_id}: paragraph skipped ({reason}), left out",
            lines.of(*n)
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
                eprintln!("{results_path}:{}: {}", lines.of(p.result), p.message);
            }
            Err(ExitCode::FAILURE)
        }
    }
}

/// The tidy long table (see `analysis::tidy`).
/// Streams: each result is read, written and dropped, so memory stays that of one result
/// however large the file; copies of a result are left out (the first counts) and named.
pub fn csv(spec_path: &str, results_path: &str) -> Outcome {
    use std::io::Write;
    let spec = load_spec_file(spec_path)?;
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut seen = glossa::analysis::duplicates::Seen::default();
    let (mut bad, mut n, mut rows) = (0, 0, Vec::new());
    let mut failed = None;
    let _ = write!(out, "{}", tidy::csv(&[]));
    crate::files::each_line(results_path, |line_no, line| {
        let Some(read) = glossa::analysis::read_line(line) else {
            return;
        };
        let typed = read.and_then(|json| match seen.copy_of(line_no, &json) {
            Some(copy) => Err(copy),
            None => glossa::analysis::type_one(&spec, &json),
        });
        match typed {
            Ok(doc) => {
                rows.clear();
                tidy::rows_of(&spec, &doc, n, &mut rows);
                n += 1;
                if let Err(e) = out.write_all(tidy::csv_rows(&rows).as_bytes()) {
                    failed.get_or_insert(e);
                }
            }
            Err(message) => {
                eprintln!("{results_path}:{line_no}: {message}");
                bad += 1;
            }
        }
    })?;
    if let Some(e) = failed.or_else(|| out.flush().err()) {
        eprintln!("cannot write: {e}");
        return Err(ExitCode::from(2));
    }
    Ok(exit_for(bad))
}

/// Magnitude scores in the RankME layout (see `analysis::rankme`).
pub fn rankme(spec_path: &str, items_path: &str, results_path: &str) -> Outcome {
    let (spec, items) = load_study(spec_path, items_path)?;
    let (_, results, bad) = read_results(&spec, results_path)?;
    match rankme::csv(&spec, &items, &results) {
        Ok(text) => print!("{text}"),
        Err(e) => {
            eprintln!("{spec_path}: {e}");
            return Err(ExitCode::from(2));
        }
    }
    Ok(exit_for(bad))
}

/// MQM ratings as the public TSV of WMT's MQM releases (`analysis::mqm_tsv::write`).
pub fn mqm_tsv(spec_path: &str, items_path: &str, results_path: &str) -> Outcome {
    let (spec, items) = load_study(spec_path, items_path)?;
    let (_, results, bad) = read_results(&spec, results_path)?;
    print!(
        "{}",
        glossa::analysis::mqm_tsv::write(&spec, &items, &results)
    );
    Ok(exit_for(bad))
}

/// The format of a labelled-span export.
pub enum SpanFormat {
    /// CoNLL BIO.
    Conll,
    /// Label Studio tasks, and where to write the labelling config.
    LabelStudio(Option<String>),
    /// spaCy / Prodigy JSON Lines.
    Spacy,
    /// brat standoff documents, into this folder.
    Brat(String),
}

/// Labelled spans in one of the formats of [`SpanFormat`].
pub fn spans(e: &crate::args::SpanExport, format: SpanFormat) -> Outcome {
    let (spec, items) = load_study(&e.spec, &e.items)?;
    let (_, results, bad) = read_results(&spec, &e.results)?;
    // Spans marked in each output of an item: a document per output (`item/output`), after
    // the whole items (which a control asked once per item marks).
    let whole = items.len();
    let written = spec.clone();
    let (spec, mut items, results) =
        match glossa::analysis::outputs::unfold(&spec, &items, &results) {
            Some(u) => (u.spec, u.items, u.results),
            None => (spec, items, results),
        };
    let c = span_exports::control(&spec, e.control.as_deref()).map_err(|m| {
        eprintln!("{}: {m}", e.spec);
        ExitCode::from(2)
    })?;
    // A control asked per output marks the outputs' documents only (its text may be the
    // source every output shares: the whole items are not its documents).
    if written.per_output(&c.id).is_some() {
        items.drain(..whole.min(items.len()));
    }
    match format {
        SpanFormat::Conll => {
            let (text, dropped) = span_exports::conll(c, &items, &results);
            if dropped > 0 {
                eprintln!(
                    "{}: {dropped} span(s) overlap an earlier one and cannot be BIO tags: left out (export spacy or label-studio keeps them)",
                    e.results
                );
            }
            print!("{text}");
        }
        SpanFormat::LabelStudio(config) => {
            if let Some(path) = config {
                let relations = glossa::kinds::relations::relations_over(&spec, &c.id);
                if let Err(err) =
                    std::fs::write(&path, span_exports::label_studio_config(c, relations))
                {
                    eprintln!("{path}: {err}");
                    return Err(ExitCode::FAILURE);
                }
            }
            let relations = glossa::kinds::relations::relations_over(&spec, &c.id);
            let tasks = span_exports::label_studio(c, relations, &items, &results);
            println!(
                "{}",
                serde_json::to_string_pretty(&tasks).expect("JSON serialises")
            );
        }
        SpanFormat::Spacy => print!("{}", span_exports::spacy(c, &items, &results)),
        SpanFormat::Brat(dir) => {
            use glossa::kinds::span_labels::brat as standoff;
            let relations = glossa::kinds::relations::relations_over(&spec, &c.id);
            let docs = standoff::export(c, relations, &items, &results);
            let conf = standoff::annotation_conf(c, relations);
            let written = std::fs::create_dir_all(&dir).and_then(|()| {
                std::fs::write(format!("{dir}/annotation.conf"), conf)?;
                docs.iter().try_for_each(|d| {
                    std::fs::write(format!("{dir}/{}.txt", d.name), &d.text)?;
                    std::fs::write(format!("{dir}/{}.ann", d.name), &d.ann)
                })
            });
            if let Err(err) = written {
                eprintln!("{dir}: cannot write: {err}");
                return Err(ExitCode::FAILURE);
            }
            eprintln!(
                "{dir}: {} document(s) and annotation.conf written",
                docs.len()
            );
        }
    }
    Ok(exit_for(bad))
}
