//! `glossa collect`: results out of a host's export (Qualtrics, jsPsych, MTurk, JATOS).

use crate::args::Host;
use crate::files::{exit_for, read};
use crate::Outcome;
use glossa::analysis::hosts;

/// Reads a host's export and prints its results as JSON Lines; bad rows go to standard error
/// with their line, and reading goes on (exit 1 if there was one).
pub fn collect(host: Host, path: &str) -> Outcome {
    let text = read(path)?;
    let got = match host {
        Host::Qualtrics => hosts::qualtrics(&text),
        Host::Jspsych => hosts::jspsych(&text),
        Host::Mturk => hosts::mturk(&text),
        Host::Jatos => hosts::jatos(&text),
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
