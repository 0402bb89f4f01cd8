//! Adjudication, for the review page (`www/review.html`, in the researcher's wasm): the items
//! ranked by how much their annotators disagree (the report's measure), each item's answers
//! side by side (labelled spans overlaid per label with who marked what, every other part
//! tallied, numbers on one axis, rankings aligned by output), the answers a reviewer can take
//! (one annotator's, the majority's, Dawid–Skene's aggregate), and the adjudicated results
//! they download — `"adjudicated": true` with who decided and why — which every export, the
//! gold checker and the report read like any results.

use super::findings::{annotator, esc};
use super::revalidate;
use super::tidy;
use crate::form::draft::Draft;
use crate::form::FormState;
use crate::item::Item;
use crate::result::{Adjudication, ResultDoc, RESULT_FORMAT};
use crate::spec::{Control, TaskSpec};
use crate::support::bidi;
use crate::support::sorted_map::{SortedMap, SortedSet};
use crate::task::Task;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

/// Where an adjudicated answer comes from.
pub const SOURCES: [&str; 4] = ["annotator", "majority_vote", "dawid_skene", "edited"];

/// A study opened for review: the spec, the items and every result, with the majority's and
/// Dawid–Skene's answers per item worked out once.
pub struct Review {
    spec: TaskSpec,
    items: Vec<Item>,
    /// The annotators' results (adjudicated ones left out: they are decisions, not answers).
    results: Vec<ResultDoc>,
    /// Each item's results (indices into `results`), in the file's order.
    by_item: SortedMap<String, Vec<usize>>,
    /// Per method (`majority_vote`, `dawid_skene`): each item's answers, or why there are none.
    aggregated: SortedMap<String, SortedMap<String, Candidate>>,
    /// The queue, worked out once.
    queue: Vec<Entry>,
}

/// One item of the review queue.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Entry {
    /// The item.
    pub item_id: String,
    /// The share of annotator pairs whose categorical parts differ (the report's measure; the
    /// most of the item's outputs for a section asked per output); 0 with one annotator.
    pub disagreement: f64,
    /// How many results the item has.
    pub annotators: usize,
    /// The controls whose answers are not all the same.
    pub differ: Vec<String>,
    /// The labels, options and points the answers give (for the page's filter).
    pub labels: Vec<String>,
}

/// Answers a reviewer can take for an item: the answers (JSON, as results hold them), or why
/// there are none (a tie).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Candidate {
    /// The answers by control id; `None` when a control has no single answer.
    pub answers: Option<Value>,
    /// Why there are no answers (`"tie on sentiment"`), or notes on how they were made.
    pub note: String,
}

/// One decision of the reviewer, as the page keeps it.
#[derive(Clone, Debug, Deserialize)]
pub struct Decision {
    /// One of [`SOURCES`].
    pub source: String,
    /// The annotator whose answers are taken (`source` `annotator`).
    #[serde(default)]
    pub from: String,
    /// The reviewer's own answers (`source` `edited`), as results hold them.
    #[serde(default)]
    pub answers: Option<Value>,
    /// Why.
    #[serde(default)]
    pub reason: String,
    /// When (ISO 8601).
    #[serde(default)]
    pub at: String,
}

impl Review {
    /// Opens a study for review.
    pub fn new(spec: TaskSpec, items: Vec<Item>, mut results: Vec<ResultDoc>) -> Self {
        results.retain(|r| !r.is_adjudicated());
        let mut by_item: SortedMap<String, Vec<usize>> = SortedMap::new();
        for (n, r) in results.iter().enumerate() {
            by_item.entry(r.item_id.clone()).or_default().push(n);
        }
        let mut review = Review {
            spec,
            items,
            results,
            by_item,
            aggregated: SortedMap::new(),
            queue: Vec::new(),
        };
        for method in ["majority_vote", "dawid_skene"] {
            let per_item = review.aggregate(method);
            review.aggregated.insert(method.to_owned(), per_item);
        }
        review.queue = review.ranked();
        review
    }

    /// The items with results, most disputed first (then by more annotators, then in the
    /// items file's order).
    pub fn queue(&self) -> &[Entry] {
        &self.queue
    }

    /// An item as the items file has it (JSON), for the widget the page shows it in.
    pub fn item(&self, item: &str) -> Option<Value> {
        self.items
            .iter()
            .find(|i| i.id == item)
            .and_then(|i| serde_json::to_value(i).ok())
    }

    /// The queue, ranked (see [`Review::queue`]).
    fn ranked(&self) -> Vec<Entry> {
        let unfolded = super::outputs::unfold(&self.spec, &self.items, &self.results);
        let (flat, flat_results) = match &unfolded {
            Some(u) => (&u.spec, &u.results[..]),
            None => (&self.spec, &self.results[..]),
        };
        let mut share: SortedMap<String, f64> = SortedMap::new();
        for (id, d, _) in super::report::disagreement(flat, flat_results) {
            // An output's own item (`item/output`) counts for its item.
            let item = if self.by_item.contains_key(&id) {
                id
            } else {
                id.rsplit_once('/')
                    .map_or(id.clone(), |(i, _)| i.to_owned())
            };
            let at = share.entry(item).or_insert(0.0);
            *at = at.max(d);
        }
        let place = |id: &str| self.items.iter().position(|i| i.id == id);
        let mut out: Vec<Entry> = self
            .by_item
            .iter()
            .map(|(id, rs)| Entry {
                item_id: id.clone(),
                disagreement: share.get(id).copied().unwrap_or(0.0),
                annotators: rs.len(),
                differ: self.differ(rs),
                labels: self.labels(rs),
            })
            .collect();
        out.sort_by(|a, b| {
            b.disagreement
                .total_cmp(&a.disagreement)
                .then(b.annotators.cmp(&a.annotators))
                .then(place(&a.item_id).cmp(&place(&b.item_id)))
        });
        out
    }

    /// The annotators' results on an item, numbered from 1 in the file's order:
    /// `(annotator, result)`.
    pub fn annotators(&self, item: &str) -> Vec<(String, &ResultDoc)> {
        self.by_item
            .get(item)
            .map(|rs| {
                rs.iter()
                    .map(|&n| (annotator(&self.results[n], n), &self.results[n]))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// What a reviewer can take for an item: each annotator's answers, the majority's and
    /// Dawid–Skene's (JSON `{"annotators": [{"who", "answers"}], "majority_vote": Candidate,
    /// "dawid_skene": Candidate}`).
    pub fn candidates(&self, item: &str) -> Value {
        let annotators: Vec<Value> = self
            .annotators(item)
            .into_iter()
            .map(|(who, r)| json!({"who": who, "answers": r.answers}))
            .collect();
        let mut out = json!({ "annotators": annotators });
        for (method, per_item) in &self.aggregated {
            let c = per_item.get(item).cloned().unwrap_or(Candidate {
                answers: None,
                note: "no annotator answered".to_owned(),
            });
            out[method.as_str()] = serde_json::to_value(c).unwrap_or_default();
        }
        out
    }

    /// The draft the widget resumes from to show `answers` (JSON, as results hold them) for
    /// editing on the review page; `None` for an unknown item. Answers that do not read are
    /// left out (the reviewer answers those afresh).
    pub fn draft(&self, item: &str, answers: &Value, now_ms: u64) -> Option<Draft> {
        let it = self.items.iter().find(|i| i.id == item)?;
        let task = Task::new(self.spec.clone(), it.clone(), None);
        let json = json!({"item_id": item, "answers": answers});
        let mut ignored = Vec::new();
        let mut form = FormState::new(now_ms);
        form.answers = ResultDoc::read(&self.spec, &json)
            .map(|doc| revalidate::form_answers(&task, &doc, &mut ignored))
            .unwrap_or_default();
        Some(Draft::of(&task, &form, now_ms))
    }

    /// The adjudicated results, one per decided item in the queue's order, and each decision
    /// that cannot be made (an unknown item or annotator, a tie, edited answers the widget
    /// would refuse), named by item.
    pub fn adjudicated(
        &self,
        by: &str,
        decisions: &SortedMap<String, Decision>,
    ) -> (Vec<ResultDoc>, Vec<String>) {
        let mut out = Vec::new();
        let mut problems = Vec::new();
        for entry in &self.queue {
            let Some(d) = decisions.get(&entry.item_id) else {
                continue;
            };
            match self.decide(&entry.item_id, by, d) {
                Ok(doc) => out.push(doc),
                Err(e) => problems.push(format!("{}: {e}", entry.item_id)),
            }
        }
        (out, problems)
    }

    /// One adjudicated result.
    fn decide(&self, item: &str, by: &str, d: &Decision) -> Result<ResultDoc, String> {
        let annotators = self.annotators(item);
        let (answers, shown) = match d.source.as_str() {
            "annotator" => {
                let (_, r) = annotators
                    .iter()
                    .find(|(who, _)| *who == d.from)
                    .ok_or_else(|| format!("no result of \"{}\" on this item", d.from))?;
                (json!(r.answers), json!(r.shown))
            }
            "majority_vote" | "dawid_skene" => {
                let c = self
                    .aggregated
                    .get(&d.source)
                    .and_then(|m| m.get(item))
                    .ok_or("no annotator answered")?;
                (c.answers.clone().ok_or(c.note.clone())?, json!({}))
            }
            "edited" => (
                d.answers.clone().ok_or("the edited answers are missing")?,
                json!({}),
            ),
            other => {
                return Err(format!(
                    "\"{other}\" is not a source: use one of {}",
                    SOURCES.join(", ")
                ))
            }
        };
        if by.trim().is_empty() {
            return Err("say who adjudicated (the reviewer's name or id)".to_owned());
        }
        let adjudication = Adjudication {
            by: by.to_owned(),
            reason: d.reason.clone(),
            source: d.source.clone(),
            from: if d.source == "annotator" {
                d.from.clone()
            } else {
                String::new()
            },
            annotators: annotators.iter().map(|(w, _)| w.clone()).collect(),
            at: d.at.clone(),
        };
        let doc = json!({
            "format": RESULT_FORMAT,
            "spec": {"id": self.spec.id, "version": self.spec.version},
            "item_id": item,
            "answers": answers,
            "shown": shown,
            "ids": {"participant": format!("adjudicator:{by}")},
            "adjudicated": true,
            "adjudication": adjudication,
        });
        // Only what the widget would accept from an annotator is written.
        let it = self
            .items
            .iter()
            .find(|i| i.id == item)
            .ok_or("no such item in the items file")?;
        let task = Task::new(self.spec.clone(), it.clone(), None);
        let findings = revalidate::check_result(&task, &doc);
        if let Some(f) = findings.first() {
            return Err(format!("{}: {}", f.path, f.message));
        }
        ResultDoc::read(&self.spec, &doc).map_err(|p| {
            p.first()
                .map(|p| format!("{}: {}", p.path, p.message))
                .unwrap_or_default()
        })
    }

    /// The controls whose answers differ among these results (a control some answered and
    /// others did not differs too).
    fn differ(&self, rs: &[usize]) -> Vec<String> {
        self.spec
            .controls
            .iter()
            .filter(|c| {
                let values: SortedSet<String> = rs
                    .iter()
                    .map(|&n| {
                        self.results[n]
                            .answers
                            .get(c.id())
                            .map(|v| json!(v).to_string())
                            .unwrap_or_default()
                    })
                    .collect();
                values.len() > 1
            })
            .map(|c| c.id().to_string())
            .collect()
    }

    /// The labels, options and points these results give (free texts and authored questions
    /// are no labels).
    fn labels(&self, rs: &[usize]) -> Vec<String> {
        let mut out = SortedSet::new();
        for &n in rs {
            let mut rows = Vec::new();
            tidy::rows_of(&self.spec, &self.results[n], n, &mut rows);
            for row in rows {
                let free = self
                    .spec
                    .control(&crate::support::ids::ControlId::from(row.cells[2].as_str()))
                    .is_some_and(Control::free_text);
                let value = &row.cells[4];
                if !free && !value.is_empty() && value.chars().count() <= 40 {
                    out.insert(value.clone());
                }
            }
        }
        out.into_iter().collect()
    }

    /// Each item's answers by one method: the aggregate's labels for the controls crowd
    /// aggregation reads (choices, options, points, span labels), and for every other control
    /// the answer most annotators gave, when more gave it than any other.
    fn aggregate(&self, method: &str) -> SortedMap<String, Candidate> {
        let mut from_votes: SortedMap<String, Value> = SortedMap::new();
        for doc in super::aggregate::as_results(&self.spec, &self.items, &self.results, method) {
            if let (Some(item), Some(answers)) = (doc["item_id"].as_str(), doc.get("answers")) {
                from_votes.insert(item.to_owned(), answers.clone());
            }
        }
        let mut out = SortedMap::new();
        for (item, rs) in &self.by_item {
            let mut answers = serde_json::Map::new();
            let mut ties = Vec::new();
            for c in &self.spec.controls {
                let id = c.id().to_string();
                if let Some(v) = from_votes.get(item).and_then(|a| a.get(&id)) {
                    answers.insert(id, v.clone());
                    continue;
                }
                let given: Vec<Value> = rs
                    .iter()
                    .filter_map(|&n| self.results[n].answers.get(c.id()))
                    .map(|v| json!(v))
                    .collect();
                // Asked per output: each output's answer on its own, as every other feature
                // unfolds it.
                let per_output = self.spec.per_output(c.id()).is_some();
                match most_or_median(given, per_output) {
                    Ok(None) => {}
                    Ok(Some(answer)) => {
                        answers.insert(id, answer);
                    }
                    Err(()) => ties.push(id),
                }
            }
            let candidate = if ties.is_empty() {
                // The item's task, bound once for both looks at the answers put together.
                let task = self
                    .items
                    .iter()
                    .find(|i| &i.id == item)
                    .map(|it| Task::new(self.spec.clone(), it.clone(), None));
                let answers = match &task {
                    Some(t) => self.without_hidden(t, answers),
                    None => answers,
                };
                let answers = Value::Object(answers);
                // Put together control by control, the answers may break a rule the widget
                // holds (a severity each error span needs): then there is nothing to offer.
                match task.and_then(|t| self.refused(&t, &answers)) {
                    None => Candidate {
                        answers: Some(answers),
                        note: String::new(),
                    },
                    Some(why) => Candidate {
                        answers: None,
                        note: format!("not an answer the task takes: {why}"),
                    },
                }
            } else {
                Candidate {
                    answers: None,
                    note: format!("a tie on {}", ties.join(", ")),
                }
            };
            out.insert(item.clone(), candidate);
        }
        out
    }

    /// What the widget's rules say against `answers` on `item` (the first finding), if anything.
    fn refused(&self, task: &Task, answers: &Value) -> Option<String> {
        let json = json!({"format": RESULT_FORMAT, "item_id": task.item.id, "answers": answers,
            "adjudicated": true, "spec": {"id": self.spec.id, "version": self.spec.version}});
        revalidate::check_result(task, &json)
            .into_iter()
            .next()
            .map(|f| format!("{}: {}", f.path, f.message))
    }

    /// Answers put together control by control (each its own majority) may answer a control
    /// the others hide (display logic: spans asked only where a choice says so): those are left
    /// out, as the widget leaves a hidden control's answer out of a result.
    fn without_hidden(
        &self,
        task: &Task,
        mut answers: serde_json::Map<String, Value>,
    ) -> serde_json::Map<String, Value> {
        if task.layout().is_none_or(|l| l.conditions.is_empty()) {
            return answers;
        }
        let json = json!({"item_id": task.item.id, "answers": Value::Object(answers.clone())});
        let Ok(doc) = ResultDoc::read(&self.spec, &json) else {
            return answers;
        };
        let form = revalidate::form_answers(task, &doc, &mut Vec::new());
        for id in form.keys().filter(|id| !task.visible(id, &form)) {
            match task.asked(id) {
                Some((control, output)) => {
                    let key = control.as_str();
                    if let Some(o) = answers.get_mut(key).and_then(Value::as_object_mut) {
                        o.remove(output);
                        if o.is_empty() {
                            answers.remove(key);
                        }
                    }
                }
                None => {
                    answers.remove(id.as_str());
                }
            }
        }
        answers
    }

    /// The item's answers side by side, as HTML (every text escaped): the annotators
    /// numbered as the page's keys 1–9 take them, then per control its spans overlaid per
    /// label, its numbers on one axis, and a table of every part with each annotator's value
    /// and a tally.
    pub fn view(&self, item: &str) -> String {
        let annotators = self.annotators(item);
        let it = self.items.iter().find(|i| i.id == item);
        let mut h = String::from("<ol class=review-who>");
        for (who, _) in &annotators {
            h += &format!("<li>{}</li>", esc(who));
        }
        h += "</ol>";
        let differ = self.differ(self.by_item.get(item).map_or(&[][..], |v| &v[..]));
        // Each annotator's tidy rows, once for every control.
        let rows: Vec<Vec<tidy::Row>> = annotators
            .iter()
            .map(|(_, r)| {
                let mut rows = Vec::new();
                tidy::rows_of(&self.spec, r, 0, &mut rows);
                rows
            })
            .collect();
        for c in &self.spec.controls {
            let answered: Vec<(usize, &ResultDoc)> = annotators
                .iter()
                .enumerate()
                .filter(|(_, (_, r))| r.answers.contains_key(c.id()))
                .map(|(k, (_, r))| (k + 1, *r))
                .collect();
            let rows: Vec<(usize, &[tidy::Row])> = answered
                .iter()
                .map(|(k, _)| (*k, &rows[*k - 1][..]))
                .collect();
            if answered.is_empty() {
                continue;
            }
            let differs = differ.iter().any(|d| d == c.id().as_str());
            h += &format!(
                "<section class=review-control><h3>{} <code>{}</code> <span class={}>{}</span></h3>",
                esc(c.label()),
                esc(c.id().as_str()),
                if differs { "review-differ" } else { "review-same" },
                if differs { "≠ answers differ" } else { "= all the same" }
            );
            if let (Some(s), Some(it)) = (c.labelled_spans(), it) {
                if let Some(text) = it.text(s.text_field) {
                    h += &spans_overlay(text, c, &answered);
                }
            }
            h += &side_by_side(c, &rows, annotators.len());
            h += "</section>";
        }
        h
    }
}

/// The answer most annotators gave; where several were given equally often and all are
/// numbers (a slider's, a number's), their median (the lower middle one: an answer someone
/// gave); `per_output`: each output's answer so, in turn. `Err` on a tie of anything else.
fn most_or_median(given: Vec<Value>, per_output: bool) -> Result<Option<Value>, ()> {
    if per_output {
        let mut outputs: SortedMap<String, Vec<Value>> = SortedMap::new();
        for v in given {
            for (output, x) in v.as_object().into_iter().flatten() {
                outputs.entry(output.clone()).or_default().push(x.clone());
            }
        }
        let mut chosen = serde_json::Map::new();
        for (output, xs) in outputs {
            if let Some(x) = most_or_median(xs, false)? {
                chosen.insert(output, x);
            }
        }
        return Ok((!chosen.is_empty()).then_some(Value::Object(chosen)));
    }
    let numbers: Option<Vec<f64>> = given.iter().map(Value::as_f64).collect();
    match super::stats::most_given(given.iter()).as_slice() {
        [] => Ok(None),
        [answer] => Ok(Some((*answer).clone())),
        _ => match numbers {
            Some(mut xs) => {
                xs.sort_by(f64::total_cmp);
                let lower = xs[(xs.len() - 1) / 2];
                Ok(given.into_iter().find(|v| v.as_f64() == Some(lower)))
            }
            None => Err(()),
        },
    }
}

/// A control's tidy rows (`rows`: each answering annotator's number and rows), one table row
/// per part (a span: its label, text and offsets), a column per annotator of `n`, and the
/// values tallied; numbers on an axis below.
fn side_by_side(c: &Control, rows: &[(usize, &[tidy::Row])], n: usize) -> String {
    // part -> annotator number -> value
    let mut parts: Vec<(String, SortedMap<usize, String>)> = Vec::new();
    for (k, rows) in rows {
        for row in rows.iter().filter(|row| row.cells[2] == c.id().as_str()) {
            let [_, _, _, part, value, start, end, text, ..] = &row.cells;
            let (key, value) = if start.is_empty() {
                (part.clone(), value.clone())
            } else {
                let attrs = if part.is_empty() {
                    String::new()
                } else {
                    format!(" ({part})")
                };
                // The text isolated (its own direction), the offsets left to right: in an
                // Arabic study "12–18" stays 12–18, never read as 18–12.
                (
                    format!(
                        "{value}: “{}” {}{attrs}",
                        bidi::isolate(text),
                        bidi::left_to_right(&format!("{start}–{end}"))
                    ),
                    "✓".to_owned(),
                )
            };
            match parts.iter_mut().find(|(p, _)| *p == key) {
                Some((_, m)) => {
                    m.insert(*k, value);
                }
                None => {
                    let mut m = SortedMap::new();
                    m.insert(*k, value);
                    parts.push((key, m));
                }
            }
        }
    }
    let mut h = String::from("<div class=review-table><table><thead><tr><th scope=col>part</th>");
    for k in 1..=n {
        h += &format!("<th scope=col>{k}</th>");
    }
    h += "<th scope=col>tally</th></tr></thead><tbody>";
    let mut axes = String::new();
    for (part, values) in &parts {
        let mut tally: Vec<(String, Vec<usize>)> = Vec::new();
        for (k, v) in values.iter() {
            match tally.iter_mut().find(|(t, _)| t == v) {
                Some((_, who)) => who.push(*k),
                None => tally.push((v.clone(), vec![*k])),
            }
        }
        tally.sort_by(|a, b| b.1.len().cmp(&a.1.len()));
        let same = tally.len() == 1 && values.len() == rows.len();
        let part_name = if part.is_empty() { "(answer)" } else { part };
        h += &format!(
            "<tr class={}><th scope=row>{}{}</th>",
            if same { "same" } else { "differ" },
            if same { "" } else { "≠ " },
            esc(part_name)
        );
        for k in 1..=n {
            h += &format!(
                "<td>{}</td>",
                esc(values.get(&k).map_or("—", String::as_str))
            );
        }
        let tally_text: Vec<String> = tally
            .iter()
            .map(|(v, who)| {
                let who: Vec<String> = who.iter().map(ToString::to_string).collect();
                format!("{} ×{} ({})", v, who.len(), who.join(", "))
            })
            .collect();
        h += &format!("<td>{}</td></tr>", esc(&tally_text.join(" · ")));
        let numbers: Option<Vec<(usize, f64)>> = values
            .iter()
            .map(|(k, v)| {
                v.parse::<f64>()
                    .ok()
                    .filter(|x| x.is_finite())
                    .map(|x| (*k, x))
            })
            .collect();
        if let Some(numbers) = numbers.filter(|n| n.len() >= 2) {
            let range = crate::spec::each_control!(c, k => super::Analyse::number_range(k));
            axes += &axis(part_name, &numbers, range);
        }
    }
    h += "</tbody></table></div>";
    h + &axes
}

/// Numbers on one axis: each annotator's number as a dot with its number above, the ends
/// labelled with the control's range (a 0–100 slider's 91 and 100 stand close together near
/// its end), or with the least and the most given when the control has none.
fn axis(part: &str, numbers: &[(usize, f64)], range: Option<(f64, f64)>) -> String {
    let given = numbers.iter().map(|(_, x)| *x);
    let (mut lo, mut hi) = range.unwrap_or((f64::INFINITY, f64::NEG_INFINITY));
    for x in given {
        (lo, hi) = (lo.min(x), hi.max(x));
    }
    let width = if hi > lo { hi - lo } else { 1.0 };
    let described: Vec<String> = numbers.iter().map(|(k, x)| format!("{k}: {x}")).collect();
    let mut h = format!(
        "<figure class=review-axis><figcaption>{}</figcaption><div class=axis role=img aria-label=\"{}\">",
        esc(part),
        esc(&format!("{part}: {}", described.join(", ")))
    );
    // Annotators who gave the same number stand on each other.
    let mut seen: Vec<f64> = Vec::new();
    for (k, x) in numbers {
        let at = if hi > lo {
            (x - lo) / width * 100.0
        } else {
            50.0
        };
        let below = seen.iter().filter(|y| *y == x).count();
        seen.push(*x);
        h += &format!(
            "<span class=dot style=\"left:{at:.1}%;bottom:{:.1}rem\">{k}</span>",
            -0.7 + 1.4 * below as f64
        );
    }
    h + &format!(
        "</div><div class=ends><span>{}</span><span>{}</span></div></figure>",
        fmt_number(lo),
        fmt_number(hi)
    )
}

/// A number as written: whole numbers without decimals.
fn fmt_number(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        format!("{}", x as i64)
    } else {
        format!("{x}")
    }
}

/// A labelled-span control's spans overlaid per label on the text: per label the text once,
/// each stretch some annotator marked with that label in `<mark>`, with the annotators'
/// numbers after it (`Brussels [1 2 3]`).
fn spans_overlay(text: &str, c: &Control, answered: &[(usize, &ResultDoc)]) -> String {
    let Some(s) = c.labelled_spans() else {
        return String::new();
    };
    let chars: Vec<char> = text.chars().collect();
    let mut h = String::new();
    for &(value, label) in &s.labels {
        // (start, end, annotator) in code points.
        let mut marks: Vec<(usize, usize, usize)> = Vec::new();
        for (k, r) in answered {
            let Some(v) = r.answers.get(c.id()).and_then(|v| v.span_labels()) else {
                continue;
            };
            for sp in v.spans.iter().filter(|sp| sp.label == value) {
                marks.push((sp.start.min(chars.len()), sp.end.min(chars.len()), *k));
            }
        }
        if marks.is_empty() {
            continue;
        }
        let mut cuts: SortedSet<usize> = [0, chars.len()].into_iter().collect();
        for (a, b, _) in &marks {
            cuts.insert(*a);
            cuts.insert(*b);
        }
        let cuts: Vec<usize> = cuts.into_iter().collect();
        h += &format!(
            "<p class=review-overlay><span class=review-label>{}</span> ",
            esc(label)
        );
        for w in cuts.windows(2) {
            let (a, b) = (w[0], w[1]);
            let piece: String = chars[a..b].iter().collect();
            let mut who: Vec<usize> = marks
                .iter()
                .filter(|(s, e, _)| *s <= a && b <= *e && a < b)
                .map(|(_, _, k)| *k)
                .collect();
            who.sort_unstable();
            who.dedup();
            if who.is_empty() {
                h += &esc(&piece);
            } else {
                let names: Vec<String> = who.iter().map(ToString::to_string).collect();
                h += &format!(
                    "<mark class=\"n{}\">{}</mark><sup class=review-by>[{}]</sup>",
                    who.len().min(5),
                    esc(&piece),
                    names.join(" ")
                );
            }
        }
        h += "</p>";
    }
    h
}
