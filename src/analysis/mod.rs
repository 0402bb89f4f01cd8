//! After collection: results read out of the hosts' exports, re-checked against the spec and
//! items, measured (agreement, the report) and turned into the datasets analysis tools read.
//! Planning a study and its gold answers are in `crate::study`.

pub mod aggregate;
pub mod agreement;
pub mod alpha;
/// The best one-to-one assignment of rows to columns (Hungarian method).
pub mod assignment;
pub mod binomial;
/// The coreference field's scores of chains (MUC, B³, CEAF, BLANC, CoNLL).
pub mod coreference;
pub mod dashboard;
/// Published datasets (`glossa export dataset`): tables, pseudonyms and the dataset card.
pub mod dataset;
pub mod duplicates;
pub mod error_scores;
pub mod export;
pub mod findings;
#[cfg(any(not(target_arch = "wasm32"), feature = "report-web"))]
pub mod hosts;
pub mod intervals;
pub mod listening;
pub mod models;
/// The public MQM ratings' TSV in and out (`glossa items --from mqm-tsv`, `glossa collect
/// mqm-tsv`, `glossa export mqm-tsv`); no participant build needs it.
#[cfg(any(not(target_arch = "wasm32"), feature = "report-web"))]
pub mod mqm_tsv;
pub mod outputs;
/// Results as the host pages write them (`glossa simulate --page`).
#[cfg(not(target_arch = "wasm32"))]
pub mod pages;
pub mod parallel;
/// Approving and rejecting submissions in the hosts' review files (the command line and the
/// researcher's wasm).
#[cfg(any(not(target_arch = "wasm32"), feature = "report-web"))]
pub mod payments;
pub mod published_scores;
#[cfg(any(not(target_arch = "wasm32"), feature = "report-web"))]
pub mod rankme;
/// Relation F1 between annotators: typed links between spans, matched exactly or by overlap.
pub mod relations;
pub mod report;
pub mod revalidate;
/// Adjudicating disagreements on the review page (the researcher's wasm and the tests).
#[cfg(any(not(target_arch = "wasm32"), feature = "report-web"))]
pub mod review;
pub mod significance;
pub(crate) mod stats;
pub mod systems;
pub mod tidy;

use crate::answer::{Answer, AnswerValue, SpanValue};
use crate::item::Item;
use crate::result::ResultDoc;
use crate::spec::TaskSpec;
use crate::task::Task;
use serde_json::Value;

/// How a control kind's results are analysed (each kind implements it in `crate::kinds`):
/// re-validated, laid out as tidy rows, measured for agreement and counted for the report.
pub trait Analyse {
    /// The group its `Findings` go under in the agreement's JSON (`{"<group>": {…}}`), shown
    /// there (empty) whether the spec has such a control or not; `None`: it has none.
    const FINDINGS: Option<&'static str> = None;
    /// The form's answer a result's value stands for, so the browser's rules can run over it
    /// again; pushes a finding for each thing the value claims about the item that is not so
    /// (a sentence, a span's text or offsets). `None`: not a value of this control.
    fn revalidate(
        &self,
        task: &Task,
        value: &AnswerValue,
        path: &str,
        out: &mut Vec<revalidate::Finding>,
    ) -> Option<Answer>;
    /// The value's rows of the tidy table: `push(part, value, span)`.
    fn tidy(&self, value: &AnswerValue, push: &mut dyn FnMut(String, String, Option<&SpanValue>));
    /// The agreement measures of this control over every annotator's value.
    fn agreement(
        &self,
        on: &agreement::Context,
        answers: &[agreement::Answered],
        report: &mut agreement::AgreementReport,
    );
    /// The answer distributions the report charts: `(title, [(label, count)])`.
    fn distribution(&self, values: &[&AnswerValue]) -> Vec<(String, Vec<(String, usize)>)>;
    /// The categorical parts of a value (`control=value`, `control[row]=cells`) the report
    /// compares between annotators to rank items by disagreement; empty for other kinds.
    fn categorical(&self, value: &AnswerValue) -> Vec<String>;
    /// The least and the most its numbers can be (a slider's ends, a scale's first and last
    /// point), where the spec bounds them: the review page's number axis spans it, not only
    /// the answers given. `None`: no numbers, or no upper bound.
    fn number_range(&self) -> Option<(f64, f64)> {
        None
    }
    /// Crowd aggregation: the categorical tasks one value votes on, each a part of its unit
    /// with its label (`words`: the unit's words, for a kind that votes per word; `all`: every
    /// annotator's value of the unit, for a kind whose parts are what any of them gave). Empty:
    /// the kind is not aggregated.
    fn votes(
        &self,
        _value: &AnswerValue,
        _words: usize,
        _all: &[&AnswerValue],
    ) -> Vec<(aggregate::Part, String)> {
        Vec::new()
    }
    /// The words of a unit's text that per-word votes cover (`item`: the unit's item when it
    /// is among the items; `output`: the output a section asks for, or `""`; `values`: every
    /// annotator's). `None`: the kind does not vote per word.
    fn vote_words(
        &self,
        _item: Option<&Item>,
        _output: &str,
        _values: &[&AnswerValue],
    ) -> Option<usize> {
        None
    }
    /// The result value a unit's aggregated labels stand for (`parts` as
    /// [`Analyse::votes`] named them; `unit`: the unit's answers). `None`: none.
    fn aggregated(
        &self,
        _parts: &[(aggregate::Part, String)],
        _item: Option<&Item>,
        _output: &str,
        _unit: &aggregate::UnitAnswers,
    ) -> Option<Value> {
        None
    }
    /// Whether a unit takes one label from a set (a choice, a scale's point): the report looks
    /// for straight-lining.
    fn one_label(&self) -> bool {
        false
    }
    /// A value's typed cells in a published dataset's annotations table: `push(output, cells)`
    /// for each output the control itself lists (`""`: the whole value). Pushing none: the row
    /// keeps the value as JSON only.
    fn dataset(&self, _value: &AnswerValue, _push: &mut dyn FnMut(&str, dataset::cells::Cells)) {}
}

/// Results with their line numbers (from 1), and the bad lines with theirs and what is wrong.
pub type NumberedResults = (Vec<(usize, ResultDoc)>, Vec<(usize, String)>);

/// One result read into its types, or every problem in one message.

/// One annotator's value for one control on one item.
pub struct Answered<'a> {
    /// The item.
    pub item: &'a str,
    /// The annotator ([`agreement::annotator`]).
    pub who: String,
    /// The value.
    pub value: &'a AnswerValue,
}

pub fn type_one(spec: &TaskSpec, json: &Value) -> Result<ResultDoc, String> {
    ResultDoc::read(spec, json).map_err(|problems| {
        problems
            .iter()
            .map(|p| {
                if p.path.is_empty() {
                    p.message.clone()
                } else {
                    format!("{}: {}", p.path, p.message)
                }
            })
            .collect::<Vec<_>>()
            .join("; ")
    })
}

/// One line of JSON Lines: `None` for a blank line, else the result object or what is wrong.
pub fn read_line(line: &str) -> Option<Result<Value, String>> {
    if line.trim().is_empty() {
        return None;
    }
    Some(match serde_json::from_str::<Value>(line) {
        Ok(v) if v.is_object() => Ok(v),
        Ok(_) => Err("not a result object".to_owned()),
        Err(e) => Err(format!("not JSON: {e}")),
    })
}

/// Reads JSON Lines results against their spec in one pass, a block of lines at a time (each
/// block's JSON is dropped once typed): bad lines named, the later copies of a result left out
/// ([`duplicates::Seen`]), all in line order.
pub fn read_results(spec: &TaskSpec, text: &str) -> NumberedResults {
    let mut seen = duplicates::Seen::default();
    let mut docs = Vec::new();
    let mut bad = Vec::new();
    let lines: Vec<&str> = text.lines().collect();
    // Read and typed on every core, a block of lines at a time (a block's JSON is all that is
    // held); copies found after, in line order.
    const BLOCK: usize = 4096;
    for (b, block) in lines.chunks(BLOCK).enumerate() {
        let read = parallel::map(block, |line| {
            read_line(line).map(|r| {
                r.map(|json| {
                    let known = duplicates::Known::of(&json);
                    let typed = type_one(spec, &json);
                    (json, known, typed)
                })
            })
        });
        // (The block's JSON goes on a thread of its own, so the next block starts.)
        let mut spent = Vec::with_capacity(block.len());
        for (n, r) in read.into_iter().enumerate() {
            let line_no = b * BLOCK + n + 1;
            match r {
                None => {}
                Some(Err(message)) => bad.push((line_no, message)),
                Some(Ok((json, known, typed))) => {
                    match seen.copy_of_known(line_no, &json, known) {
                        Some(message) => bad.push((line_no, message)),
                        None => match typed {
                            Ok(doc) => docs.push((line_no, doc)),
                            Err(message) => bad.push((line_no, message)),
                        },
                    }
                    spent.push(json);
                }
            }
        }
        parallel::drop_aside(spent);
    }
    (docs, bad)
}

/// The item a result is about, if it is in the items.
pub fn item_of<'a>(items: &'a [Item], result: &ResultDoc) -> Option<&'a Item> {
    items.iter().find(|i| i.id == result.item_id)
}

/// Reads results as JSON Lines, the way every command and the report page do: each line that is
/// not a result object is named — `(line, message)` — and left out, and reading goes on.
pub fn read_jsonl(text: &str) -> (Vec<Value>, Vec<(usize, String)>) {
    let (results, bad) = read_jsonl_lines(text);
    (results.into_iter().map(|(_, v)| v).collect(), bad)
}

/// Results with their line numbers (from 1), and the bad lines with theirs and what is wrong.
pub type NumberedLines = (Vec<(usize, Value)>, Vec<(usize, String)>);

/// [`read_jsonl`], with each result's line number (from 1) beside it.
pub fn read_jsonl_lines(text: &str) -> NumberedLines {
    let mut results = Vec::new();
    let mut bad = Vec::new();
    for (n, line) in text.lines().enumerate() {
        match read_line(line) {
            None => {}
            Some(Ok(v)) => results.push((n + 1, v)),
            Some(Err(message)) => bad.push((n + 1, message)),
        }
    }
    (results, bad)
}
