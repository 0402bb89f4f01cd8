//! `glossa collect`: results out of a host's export (Qualtrics, jsPsych, MTurk, JATOS).

use crate::args::Host;
use crate::files::{exit_for, read};
use crate::Outcome;
use glossa::analysis::hosts;

/// Reads a host's export and prints its results as JSON Lines; bad rows go to standard error
/// with their line, and reading goes on (exit 1 if there was one).
pub fn collect(host: Host, path: &str, spec: Option<&str>) -> Outcome {
    let text = read(path)?;
    if let Host::MqmTsv = host {
        return mqm_tsv(path, &text, spec);
    }
    let got = match host {
        Host::Qualtrics => hosts::qualtrics(&text),
        Host::Jspsych => hosts::jspsych(&text),
        Host::Mturk => hosts::mturk(&text),
        Host::Jatos => hosts::jatos(&text),
        Host::MqmTsv => unreachable!("read above"),
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
    Ok(exit_for(got.problems.len()))
}

/// MQM ratings (the public TSV) as results of the spec: a result per segment and rater.
fn mqm_tsv(path: &str, text: &str, spec: Option<&str>) -> Outcome {
    let Some(spec_path) = spec else {
        eprintln!("{path}: MQM ratings are read against the spec: give --spec spec.json");
        return Err(std::process::ExitCode::from(2));
    };
    let spec = crate::files::load_spec_file(spec_path)?;
    let got = glossa::analysis::mqm_tsv::read(&spec, text);
    for r in &got.results {
        println!("{r}");
    }
    for n in &got.notes {
        eprintln!("{path}: {n}");
    }
    for p in &got.problems {
        eprintln!("{path}: {p}");
    }
    eprintln!(
        "{path}: {} result(s), {} problem(s)",
        got.results.len(),
        got.problems.len()
    );
    Ok(exit_for(got.problems.len()))
}
