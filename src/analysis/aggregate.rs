//! Crowd labels aggregated per item: majority vote (ties reported), Dawid–Skene (1979) and MACE
//! (Hovy et al., 2013), each with every annotator's estimated competence and each item's
//! posterior. Each control becomes categorical tasks, as its kind votes
//! ([`super::Analyse::votes`]; a control a section asks per output is one unit per output):
//! - a single choice: one task per item, its option;
//! - a scale: one task per item and output, its point;
//! - a multiple choice: one task per item and option, `yes` or `no`;
//! - a pairwise preference: one task per item and criterion, the winner (and how much better)
//!   or `tie`;
//! - labelled spans: one task per item and word, the word's label (`O` for none; labels of
//!   overlapping spans joined by `+`);
//! - links between spans: one task per item and pair of passages any annotator linked, its
//!   type (`none` for none; kept, as results, only between passages the spans' aggregate keeps).
//!
//! Dawid–Skene and MACE follow crowd-kit's implementations (`DawidSkene`, `MACE` with
//! variational Bayes) step by step, so their posteriors and competences equal crowd-kit's:
//! Dawid–Skene starts from the majority vote's shares and stops when the evidence lower bound
//! per response gains less than 1e-5 (at most 100 rounds); MACE starts every annotator at an even
//! chance of knowing and uniform guessing, with Beta(0.5, 0.5) and Dirichlet(10) priors, and runs
//! 50 rounds. Names (units, annotators, labels) are taken in sorted order.

use super::findings::annotator;
use super::Analyse;
use crate::answer::AnswerValue;
use crate::item::Item;
use crate::result::ResultDoc;
use crate::spec::{Control, TaskSpec};
use serde_json::{json, Value};
use std::collections::BTreeMap;

/// Categorical votes: tasks (sorted by unit, then part), workers and labels (sorted by name),
/// and each vote by index.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Votes {
    /// The tasks (`item`, `item/output`, `item#option`, `item#word`).
    pub tasks: Vec<String>,
    /// The annotators.
    pub workers: Vec<String>,
    /// The labels given.
    pub labels: Vec<String>,
    /// (task, worker, label), one per worker and task (a worker's last result counts).
    pub votes: Vec<(usize, usize, usize)>,
}

impl Votes {
    /// Votes from `(task, worker, label)` names.
    pub fn from_names(named: &[(String, String, String)]) -> Self {
        let mut b = VotesBuilder::default();
        for (t, w, l) in named {
            b.add(t, w, l);
        }
        b.finish()
    }
}

/// Votes gathered one at a time, names interned as they come (a study of spans has a vote per
/// word and annotator: no name is kept per vote, and a task's name is made once, at the end,
/// from its unit's and its part's); a worker's last vote on a task counts.
#[derive(Default)]
pub struct VotesBuilder {
    units: Names,
    pieces: Names,
    workers: Names,
    labels: Names,
    /// Each task's number by its unit and part (a word's: in `words`).
    tasks: crate::support::fx_hash::FxHashMap<TaskKey, u32>,
    /// Each unit's word tasks by word (`u32::MAX`: none yet).
    words: Vec<Vec<u32>>,
    /// Each task's unit and part, by its number.
    keys: Vec<TaskKey>,
    /// The votes in the order given: (task, worker, label).
    given: Vec<(u32, u32, u32)>,
}

/// A task as the builder keeps it: its unit's number and its part (a piece's or an output's
/// name by number).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum TaskKey {
    Whole(u32),
    Output(u32, u32),
    Piece(u32, u32),
    Word(u32, u32),
}

#[derive(Default)]
struct Names {
    index: crate::support::fx_hash::FxHashMap<String, u32>,
    list: Vec<String>,
}

impl Names {
    fn of(&mut self, name: &str) -> u32 {
        if let Some(n) = self.index.get(name) {
            return *n;
        }
        let n = self.list.len() as u32;
        self.index.insert(name.to_owned(), n);
        self.list.push(name.to_owned());
        n
    }

    /// The names sorted, and each number's place among them.
    fn sorted(self) -> (Vec<String>, Vec<usize>) {
        let mut order: Vec<usize> = (0..self.list.len()).collect();
        order.sort_by(|a, b| self.list[*a].cmp(&self.list[*b]));
        let mut place = vec![0; order.len()];
        for (at, &n) in order.iter().enumerate() {
            place[n] = at;
        }
        let mut list: Vec<Option<String>> = self.list.into_iter().map(Some).collect();
        let names = order
            .iter()
            .map(|&n| list[n].take().unwrap_or_default())
            .collect();
        (names, place)
    }
}

/// A unit interned by [`VotesBuilder::unit`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnitId(u32);

/// A worker interned by [`VotesBuilder::worker`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WorkerId(u32);

impl VotesBuilder {
    /// One vote: `worker` gave `task` the label `label`.
    pub fn add(&mut self, task: &str, worker: &str, label: &str) {
        let (u, w) = (self.unit(task), self.worker(worker));
        self.vote(u, &Part::Whole, w, label);
    }

    /// The number of a unit (`item`, `item/output`).
    pub fn unit(&mut self, name: &str) -> UnitId {
        UnitId(self.units.of(name))
    }

    /// The number of a worker.
    pub fn worker(&mut self, name: &str) -> WorkerId {
        WorkerId(self.workers.of(name))
    }

    /// One vote: `worker` gave this part of `unit` the label `label`.
    pub fn vote(&mut self, unit: UnitId, part: &Part, worker: WorkerId, label: &str) {
        let u = unit.0;
        let key = match part {
            Part::Whole => TaskKey::Whole(u),
            Part::Output(o) => TaskKey::Output(u, self.pieces.of(o)),
            Part::Piece(p) => TaskKey::Piece(u, self.pieces.of(p)),
            Part::Word(w) => TaskKey::Word(u, *w as u32),
        };
        let next = self.keys.len() as u32;
        let t = match key {
            TaskKey::Word(u, w) => {
                if self.words.len() <= u as usize {
                    self.words.resize(u as usize + 1, Vec::new());
                }
                let row = &mut self.words[u as usize];
                if row.len() <= w as usize {
                    row.resize(w as usize + 1, u32::MAX);
                }
                if row[w as usize] == u32::MAX {
                    row[w as usize] = next;
                }
                row[w as usize]
            }
            _ => *self.tasks.entry(key).or_insert(next),
        };
        if t == next {
            self.keys.push(key);
        }
        let l = self.labels.of(label);
        self.given.push((t, worker.0, l));
    }

    /// Whether no vote was added.
    pub fn is_empty(&self) -> bool {
        self.given.is_empty()
    }

    /// The votes: tasks sorted by unit, then part (the unit's own, its pieces and words, its
    /// outputs; each by name, words by number), workers and labels by name; votes by task and
    /// worker.
    pub fn finish(self) -> Votes {
        let (units, up) = self.units.sorted();
        let (pieces, pp) = self.pieces.sorted();
        let order_of = |key: &TaskKey| match *key {
            TaskKey::Whole(u) => (up[u as usize], 0, 0),
            TaskKey::Piece(u, p) => (up[u as usize], 1, pp[p as usize]),
            TaskKey::Word(u, w) => (up[u as usize], 2, w as usize),
            TaskKey::Output(u, o) => (up[u as usize], 3, pp[o as usize]),
        };
        let mut order: Vec<u32> = (0..self.keys.len() as u32).collect();
        order.sort_unstable_by_key(|&t| order_of(&self.keys[t as usize]));
        let mut tp = vec![0usize; order.len()];
        for (at, &t) in order.iter().enumerate() {
            tp[t as usize] = at;
        }
        // Each task's name, as its part names it.
        let tasks: Vec<String> = order
            .iter()
            .map(|&t| {
                let (u, part) = match self.keys[t as usize] {
                    TaskKey::Whole(u) => (u, Part::Whole),
                    TaskKey::Output(u, o) => (u, Part::Output(pieces[pp[o as usize]].clone())),
                    TaskKey::Piece(u, p) => (u, Part::Piece(pieces[pp[p as usize]].clone())),
                    TaskKey::Word(u, w) => (u, Part::Word(w as usize)),
                };
                part.task(&units[up[u as usize]])
            })
            .collect();
        let (workers, wp) = self.workers.sorted();
        // By task and worker in their sorted places (a sort that keeps the order given: a
        // worker's last vote on a task counts).
        let mut given: Vec<(u32, u32, u32)> = self
            .given
            .into_iter()
            .map(|(t, w, l)| (tp[t as usize] as u32, wp[w as usize] as u32, l))
            .collect();
        given.sort_by_key(|&(t, w, _)| (t, w));
        let mut last: Vec<(u32, u32, u32)> = Vec::with_capacity(given.len());
        for v in given {
            match last.last_mut() {
                Some(l) if (l.0, l.1) == (v.0, v.1) => *l = v,
                _ => last.push(v),
            }
        }
        // A label only ever replaced by a later vote is not given.
        let mut counted = vec![false; self.labels.list.len()];
        for v in &last {
            counted[v.2 as usize] = true;
        }
        let (all_labels, lp) = self.labels.sorted();
        let mut number = vec![0; lp.len()];
        for (n, at) in lp.iter().enumerate() {
            number[*at] = n;
        }
        let mut kept = vec![0; all_labels.len()];
        let mut labels = Vec::new();
        for (at, name) in all_labels.into_iter().enumerate() {
            if counted[number[at]] {
                kept[at] = labels.len();
                labels.push(name);
            }
        }
        let votes: Vec<(usize, usize, usize)> = last
            .into_iter()
            .map(|(t, w, l)| (t as usize, w as usize, kept[lp[l as usize]]))
            .collect();
        Votes {
            tasks,
            workers,
            labels,
            votes,
        }
    }
}

/// Tasks with the same votes (the same annotators giving the same labels: most words of a
/// text, which every annotator leaves unmarked) have the same posterior and weigh the same in
/// every sum: each model is fitted once per distinct set of votes, weighted by how many tasks
/// have it, and its posteriors copied back — the same figures, at a cost that grows with the
/// distinct sets rather than the tasks.
struct Classes {
    /// The distinct sets as tasks of their own.
    votes: Votes,
    /// How many tasks have each.
    weight: Vec<f64>,
    /// Each task's class.
    class_of: Vec<usize>,
    /// Votes in all (over every task).
    total: f64,
}

impl Classes {
    fn of(v: &Votes) -> Self {
        let mut index: crate::support::fx_hash::FxHashMap<Vec<(usize, usize)>, usize> =
            Default::default();
        let mut weight = Vec::new();
        let mut votes = Vec::new();
        let mut class_of = Vec::with_capacity(v.tasks.len());
        // Sorted by task and worker (as the builder gives them), each task's set is a run.
        let sorted;
        let all = if v.votes.is_sorted() {
            &v.votes
        } else {
            sorted = {
                let mut s = v.votes.clone();
                s.sort_unstable();
                s
            };
            &sorted
        };
        let mut set: Vec<(usize, usize)> = Vec::new();
        let mut at = 0;
        for t in 0..v.tasks.len() {
            set.clear();
            while at < all.len() && all[at].0 == t {
                set.push((all[at].1, all[at].2));
                at += 1;
            }
            let class = match index.get(set.as_slice()) {
                Some(&c) => c,
                None => {
                    let next = weight.len();
                    votes.extend(set.iter().map(|&(w, l)| (next, w, l)));
                    index.insert(set.clone(), next);
                    weight.push(0.0);
                    next
                }
            };
            weight[class] += 1.0;
            class_of.push(class);
        }
        Classes {
            votes: Votes {
                tasks: vec![String::new(); weight.len()],
                workers: v.workers.clone(),
                labels: v.labels.clone(),
                votes,
            },
            weight,
            class_of,
            total: v.votes.len() as f64,
        }
    }

    /// The classes' fit as the tasks': each task's row is its class's.
    fn expand(&self, fitted: Aggregate) -> Aggregate {
        Aggregate {
            row_of: self.class_of.iter().map(|&c| fitted.row_of[c]).collect(),
            ..fitted
        }
    }
}

/// One method's outcome.
#[derive(Clone, Debug, PartialEq)]
pub struct Aggregate {
    /// The posteriors over the labels (rows sum to 1), one per distinct set of votes: tasks
    /// with the same votes share theirs ([`Aggregate::posterior`]).
    pub posteriors: Vec<Vec<f64>>,
    /// Each task's row of `posteriors`.
    pub row_of: Vec<usize>,
    /// Each annotator's competence: Dawid–Skene, the chance of giving the true label (the
    /// priors times the diagonal of the confusion matrix); MACE, the chance of knowing (not
    /// guessing); majority vote, the share of the annotator's votes that agree with the
    /// majority.
    pub competence: Vec<f64>,
    /// Rounds run.
    pub rounds: usize,
}

impl Aggregate {
    /// Task `t`'s posterior.
    pub fn posterior(&self, t: usize) -> &[f64] {
        &self.posteriors[self.row_of[t]]
    }

    /// Each task's label: the most probable one (the first in sorted order on a tie).
    pub fn labels(&self) -> Vec<usize> {
        let per_row: Vec<usize> = self
            .posteriors
            .iter()
            .map(|row| {
                row.iter()
                    .enumerate()
                    .fold((0, f64::NEG_INFINITY), |best, (k, &p)| {
                        if p > best.1 {
                            (k, p)
                        } else {
                            best
                        }
                    })
                    .0
            })
            .collect();
        self.row_of.iter().map(|r| per_row[*r]).collect()
    }
}

/// The majority vote: each task's share of votes per label; a task whose most voted labels
/// tie is reported by [`ties`].
pub fn majority(v: &Votes) -> Aggregate {
    let c = Classes::of(v);
    c.expand(majority_of(&c.votes, &c.weight))
}

fn majority_of(v: &Votes, weight: &[f64]) -> Aggregate {
    let mut posteriors = vec![vec![0.0; v.labels.len()]; v.tasks.len()];
    for &(t, _, l) in &v.votes {
        posteriors[t][l] += 1.0;
    }
    for row in &mut posteriors {
        let n: f64 = row.iter().sum();
        if n > 0.0 {
            row.iter_mut().for_each(|p| *p /= n);
        }
    }
    let agg = Aggregate {
        row_of: (0..posteriors.len()).collect(),
        posteriors,
        competence: Vec::new(),
        rounds: 0,
    };
    let labels = agg.labels();
    let mut hit = vec![(0.0, 0.0); v.workers.len()];
    for &(t, w, l) in &v.votes {
        hit[w].1 += weight[t];
        if labels[t] == l {
            hit[w].0 += weight[t];
        }
    }
    Aggregate {
        competence: hit.iter().map(|(a, n)| a / n).collect(),
        ..agg
    }
}

/// The tasks whose most voted labels tie.
pub fn ties(v: &Votes, majority: &Aggregate) -> Vec<usize> {
    (0..v.tasks.len())
        .filter(|&t| {
            let row = majority.posterior(t);
            let top = row.iter().copied().fold(0.0, f64::max);
            row.iter().filter(|&&p| p == top).count() > 1
        })
        .collect()
}

const EPS: f64 = 1e-10;

/// Dawid–Skene's confusion matrices from posteriors (`probas`: a row of `k` per task, flat;
/// each task standing for `weight` tasks):
/// `errors[w][k][c]` (observed `k`, true `c`), `None` for a label the annotator never gave.
fn ds_m_step(v: &Votes, weight: &[f64], probas: &[f64]) -> Vec<Vec<Option<Vec<f64>>>> {
    let k = v.labels.len();
    let mut errors = vec![vec![None; k]; v.workers.len()];
    for &(t, w, l) in &v.votes {
        let row: &mut Vec<f64> = errors[w][l].get_or_insert_with(|| vec![0.0; k]);
        for (x, p) in row.iter_mut().zip(&probas[t * k..t * k + k]) {
            *x += weight[t] * p;
        }
    }
    for per in &mut errors {
        for row in per.iter_mut().flatten() {
            row.iter_mut().for_each(|x| *x = x.max(EPS));
        }
        for c in 0..k {
            let sum: f64 = per.iter().flatten().map(|row| row[c]).sum();
            for row in per.iter_mut().flatten() {
                row[c] /= sum;
            }
        }
    }
    errors
}

/// Each confusion row's logarithms (base `log`), once per round rather than once per vote.
fn logs_of(errors: &[Vec<Option<Vec<f64>>>], log: fn(f64) -> f64) -> Vec<Vec<Option<Vec<f64>>>> {
    errors
        .iter()
        .map(|per| {
            per.iter()
                .map(|row| row.as_ref().map(|r| r.iter().map(|x| log(*x)).collect()))
                .collect()
        })
        .collect()
}

/// The posteriors (flat, a row of `k` per task) from the priors and confusion matrices,
/// written into `out`.
fn ds_e_step(v: &Votes, priors: &[f64], errors: &[Vec<Option<Vec<f64>>>], out: &mut [f64]) {
    let k = v.labels.len();
    let base: Vec<f64> = priors.iter().map(|p| p.max(EPS).log2()).collect();
    let log_errors = logs_of(errors, f64::log2);
    for row in out.chunks_mut(k) {
        row.copy_from_slice(&base);
    }
    for &(t, w, l) in &v.votes {
        if let Some(row) = &log_errors[w][l] {
            for (x, y) in out[t * k..t * k + k].iter_mut().zip(row) {
                *x += y;
            }
        }
    }
    for row in out.chunks_mut(k) {
        let top = row.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        row.iter_mut().for_each(|x| *x = (*x - top).exp2());
        let sum: f64 = row.iter().sum();
        row.iter_mut().for_each(|x| *x /= sum);
    }
}

/// Each label's mean over the rows (flat, `k` wide), each row standing for `weight` rows.
fn means(rows: &[f64], weight: &[f64], k: usize) -> Vec<f64> {
    let mut out = vec![0.0; k];
    for (row, w) in rows.chunks(k).zip(weight) {
        for (o, x) in out.iter_mut().zip(row) {
            *o += w * x;
        }
    }
    let n = weight.iter().sum::<f64>().max(1.0);
    out.iter().map(|x| x / n).collect()
}

/// Dawid–Skene, as crowd-kit's `DawidSkene(n_iter=100, tol=1e-5)` runs it (fitted once per
/// distinct set of votes, [`Classes`]).
pub fn dawid_skene(v: &Votes) -> Aggregate {
    let c = Classes::of(v);
    c.expand(dawid_skene_of(&c.votes, &c.weight, c.total))
}

fn dawid_skene_of(v: &Votes, weight: &[f64], total: f64) -> Aggregate {
    let k = v.labels.len();
    // One flat row of `k` per task: no allocation per task and round.
    let mut probas: Vec<f64> = majority_of(v, weight)
        .posteriors
        .into_iter()
        .flatten()
        .collect();
    let mut priors = means(&probas, weight, k);
    let mut errors = ds_m_step(v, weight, &probas);
    let mut loss = f64::NEG_INFINITY;
    let mut rounds = 0;
    for _ in 0..100 {
        rounds += 1;
        ds_e_step(v, &priors, &errors, &mut probas);
        priors = means(&probas, weight, k);
        errors = ds_m_step(v, weight, &probas);
        // The evidence lower bound per response, as crowd-kit writes it.
        let mut joint = 0.0;
        let log_priors: Vec<f64> = priors.iter().map(|p| p.max(EPS).ln()).collect();
        let log_errors = logs_of(&errors, f64::ln);
        for &(t, w, l) in &v.votes {
            if let Some(row) = &log_errors[w][l] {
                for c in 0..k {
                    joint += weight[t] * probas[t * k + c] * (row[c] + log_priors[c]);
                }
            }
        }
        probas.iter_mut().for_each(|p| *p = p.max(EPS));
        let entropy: f64 = -probas
            .chunks(k.max(1))
            .zip(weight)
            .map(|(row, w)| w * row.iter().map(|p| p.ln() * p).sum::<f64>())
            .sum::<f64>();
        let new_loss = (joint + entropy) / total;
        if new_loss - loss < 1e-5 {
            break;
        }
        loss = new_loss;
    }
    let priors: Vec<f64> = priors.iter().map(|p| p.max(EPS)).collect();
    let competence = errors
        .iter()
        .map(|per| {
            (0..k)
                .map(|c| priors[c] * per[c].as_ref().map_or(0.0, |row| row[c]))
                .sum()
        })
        .collect();
    Aggregate {
        posteriors: probas.chunks(k.max(1)).map(<[f64]>::to_vec).collect(),
        row_of: (0..v.tasks.len()).collect(),
        competence,
        rounds,
    }
}

/// The digamma function ψ (recurrence to x ≥ 10, then the asymptotic series).
fn digamma(mut x: f64) -> f64 {
    let mut out = 0.0;
    while x < 10.0 {
        out -= 1.0 / x;
        x += 1.0;
    }
    let f = 1.0 / (x * x);
    out + x.ln()
        - 0.5 / x
        - f * (1.0 / 12.0
            - f * (1.0 / 120.0 - f * (1.0 / 252.0 - f * (1.0 / 240.0 - f * (1.0 / 132.0)))))
}

/// Rows of `x + priors` normalised by variational Bayes: `exp ψ(x + a) / exp ψ(Σ (x + a))`.
fn variational(rows: &[Vec<f64>], prior: &[f64]) -> Vec<Vec<f64>> {
    rows.iter()
        .map(|row| {
            let norm = digamma(row.iter().zip(prior).map(|(x, a)| x + a).sum()).exp();
            row.iter()
                .zip(prior)
                .map(|(x, a)| digamma(x + a).exp() / norm)
                .collect()
        })
        .collect()
}

/// MACE, as crowd-kit's `MACE(method="vb", n_iter=50)` runs it from an even start (fitted
/// once per distinct set of votes, [`Classes`]).
pub fn mace(v: &Votes) -> Aggregate {
    let c = Classes::of(v);
    c.expand(mace_of(&c.votes, &c.weight))
}

fn mace_of(v: &Votes, weight: &[f64]) -> Aggregate {
    let (k, nw) = (v.labels.len(), v.workers.len());
    // spamming[w] = [guessing, knowing]; thetas[w] = the guessing strategy.
    let mut spamming = vec![vec![0.5, 0.5]; nw];
    let mut thetas = vec![vec![1.0 / k as f64; k]; nw];
    let e_step = |spamming: &[Vec<f64>], thetas: &[Vec<f64>]| {
        // Each task's joint likelihood per label, summed as logarithms and scaled so its
        // largest is 1: a product over hundreds of votes would underflow to 0 (every ratio
        // below is of the same row, so the scale cancels).
        // A vote for `l` multiplies every label's likelihood by its guess, and `l`'s by its
        // guess plus knowing: a factor common to the row cancels, so only `l` is raised.
        let mut logs = vec![vec![0.0f64; k]; v.tasks.len()];
        for &(t, w, l) in &v.votes {
            let guess = spamming[w][0] * thetas[w][l];
            logs[t][l] += (1.0 + spamming[w][1] / guess).ln();
        }
        let gold: Vec<Vec<f64>> = logs
            .into_iter()
            .map(|row| {
                let top = row.iter().copied().fold(f64::NEG_INFINITY, f64::max);
                row.into_iter().map(|x| (x - top).exp()).collect()
            })
            .collect();
        let inst: Vec<f64> = gold.iter().map(|row| row.iter().sum()).collect();
        let mut strategy = vec![vec![0.0; k]; nw];
        let mut knowing = vec![vec![0.0; 2]; nw];
        for &(t, w, l) in &v.votes {
            let guess = spamming[w][0] * thetas[w][l];
            // Σ_c gold[c] / (guess + knowing·[c = l]) · guess / inst, the row summed once.
            let s = ((inst[t] - gold[t][l]) / guess + gold[t][l] / (guess + spamming[w][1]))
                * guess
                / inst[t];
            strategy[w][l] += weight[t] * s;
            knowing[w][0] += weight[t] * s;
            knowing[w][1] +=
                weight[t] * gold[t][l] * spamming[w][1] / (guess + spamming[w][1]) / inst[t];
        }
        (gold, strategy, knowing)
    };
    let (mut gold, mut strategy, mut knowing) = e_step(&spamming, &thetas);
    for _ in 0..50 {
        spamming = variational(&knowing, &[0.5, 0.5]);
        thetas = variational(&strategy, &vec![10.0; k]);
        (gold, strategy, knowing) = e_step(&spamming, &thetas);
    }
    let posteriors: Vec<Vec<f64>> = gold
        .into_iter()
        .map(|row| {
            let sum: f64 = row.iter().sum();
            row.into_iter().map(|g| g / sum).collect()
        })
        .collect();
    Aggregate {
        row_of: (0..posteriors.len()).collect(),
        posteriors,
        competence: spamming.iter().map(|s| s[1]).collect(),
        rounds: 50,
    }
}

/// What a kind's aggregate of a unit may read beside its labels (see
/// [`super::Analyse::aggregated`]).
pub struct UnitAnswers<'a> {
    /// Every annotator's value of the unit.
    pub all: &'a [&'a AnswerValue],
    /// The unit's aggregated value of the control its answer refers to (relations: the span
    /// control's), when that control is aggregated.
    pub linked: Option<&'a Value>,
}

/// A part of a unit one vote is about (see [`super::Analyse::votes`]).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Part {
    /// The unit itself (a choice's option): task `unit`.
    Whole,
    /// One of the outputs the control itself lists (a scale asked per output): task
    /// `unit/output`.
    Output(String),
    /// A piece of the answer (an option of a multiple choice, a criterion): task
    /// `unit#piece`.
    Piece(String),
    /// A word of the unit's text, by number: task `unit#00003`.
    Word(usize),
}

impl Part {
    /// The task of this part of `unit`.
    fn task(&self, unit: &str) -> String {
        match self {
            Part::Whole => unit.to_owned(),
            Part::Output(o) => format!("{unit}/{o}"),
            Part::Piece(p) => format!("{unit}#{p}"),
            // Five digits, so names sort as numbers.
            Part::Word(w) => format!("{unit}#{w:05}"),
        }
    }
}

/// A control's votes and, for each task, its unit (`(item, output)`: the output a section asks
/// the control for, or `""`) and the part of it.
type Voted = (Votes, BTreeMap<String, ((String, String), Part)>);

/// The votes of one control: its categorical tasks (see the module's list); `None` for a kind
/// aggregation does not cover (the kind's [`super::Analyse::votes`] gives none).
pub fn votes(control: &Control, items: &[Item], results: &[ResultDoc]) -> Option<Votes> {
    voted(control, items, results, false).map(|v| v.0)
}

/// Every annotator's value of a control, by unit (`(item, output)`: the output a section asks
/// the control for, or `""`).
fn unit_values<'r>(
    id: &crate::support::ids::ControlId,
    results: &'r [ResultDoc],
) -> BTreeMap<(&'r str, &'r str), Vec<&'r AnswerValue>> {
    let mut values: BTreeMap<(&str, &str), Vec<&AnswerValue>> = BTreeMap::new();
    for r in results {
        for (output, v) in r
            .answers
            .get(id)
            .map(AnswerValue::per_output)
            .unwrap_or_default()
        {
            values
                .entry((r.item_id.as_str(), output))
                .or_default()
                .push(v);
        }
    }
    values
}

/// `with_parts`: with each task's unit and part (what writing the labels back as results
/// needs).
fn voted(
    control: &Control,
    items: &[Item],
    results: &[ResultDoc],
    with_parts: bool,
) -> Option<Voted> {
    let id = control.id();
    // Every unit's values, so a kind voting per word counts each unit's words once.
    let values = unit_values(id, results);
    let by_id: BTreeMap<&str, &Item> = items.iter().map(|i| (i.id.as_str(), i)).collect();
    let mut named = VotesBuilder::default();
    // A control a section asks per output is, to aggregation, one unit per (item, output):
    // `item/output`, as the agreement unfolds it. Each unit: its number, name and words.
    // (Each unit's words counted on every core: a study of spans per output has a text to
    // split into words per unit.)
    let listed: Vec<(&(&str, &str), &Vec<&AnswerValue>)> = values.iter().collect();
    let words = super::parallel::map(&listed, |(&(item, output), vs)| {
        let found = by_id.get(item).copied();
        crate::spec::each_control!(control, k => k.vote_words(found, output, vs))
    });
    let units: BTreeMap<(&str, &str), (UnitId, String, usize)> = values
        .keys()
        .zip(words)
        .map(|(&(item, output), n)| {
            let name = if output.is_empty() {
                item.to_owned()
            } else {
                super::outputs::output_item(item, output)
            };
            ((item, output), (named.unit(&name), name, n.unwrap_or(0)))
        })
        .collect();
    let mut parts = BTreeMap::new();
    for (n, r) in results.iter().enumerate() {
        let Some(answer) = r.answers.get(id) else {
            continue;
        };
        // (Interned at the first vote: an annotator with none is not listed.)
        let mut who = None;
        for (output, value) in answer.per_output() {
            let Some((unit, name, words)) = units.get(&(r.item_id.as_str(), output)) else {
                continue;
            };
            let all = values
                .get(&(r.item_id.as_str(), output))
                .map_or(&[][..], Vec::as_slice);
            let given = crate::spec::each_control!(control, k => k.votes(value, *words, all));
            for (part, label) in given {
                let w = *who.get_or_insert_with(|| named.worker(&annotator(r, n)));
                named.vote(*unit, &part, w, &label);
                if with_parts {
                    let task = part.task(name);
                    if !parts.contains_key(&task) {
                        let key = (r.item_id.clone(), output.to_owned());
                        parts.insert(task, (key, part));
                    }
                }
            }
        }
    }
    (!named.is_empty()).then(|| (named.finish(), parts))
}

/// The smallest posterior the JSON lists (a label left out has less).
pub const POSTERIOR_SHOWN: f64 = 1e-6;

/// `glossa aggregate --json`, written as it is made (no document held in memory): per control,
/// its counts, labels and ties, and per method each task's label, each annotator's competence,
/// and the posteriors of the tasks two or more annotators voted on (a task one annotator
/// labelled has that vote for its posterior under every method: listing it would grow the
/// output with the words of a span study, not with what was combined).
pub fn write_json(
    spec: &TaskSpec,
    items: &[Item],
    results: &[ResultDoc],
    out: &mut dyn std::io::Write,
) -> std::io::Result<()> {
    let fits = fit(spec, items, results);
    let mut ser = serde_json::Serializer::pretty(out);
    serde::Serialize::serialize(&AllJson(&fits), &mut ser).map_err(std::io::Error::other)
}

/// Every control's figures ([`write_json`]).
struct AllJson<'a, 's>(&'a [Fitted<'s>]);

impl serde::Serialize for AllJson<'_, '_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut m = s.serialize_map(Some(self.0.len()))?;
        for f in self.0 {
            m.serialize_entry(f.control.id().as_str(), &ControlJson(f))?;
        }
        m.end()
    }
}

/// One control's figures.
struct ControlJson<'a, 's>(&'a Fitted<'s>);

impl serde::Serialize for ControlJson<'_, '_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let (f, v) = (self.0, &self.0.votes);
        let mut voters = vec![0u32; v.tasks.len()];
        for (t, _, _) in &v.votes {
            voters[*t] += 1;
        }
        let mut m = s.serialize_map(None)?;
        m.serialize_entry("tasks", &v.tasks.len())?;
        m.serialize_entry("annotators", &v.workers.len())?;
        m.serialize_entry("labels", &v.labels)?;
        m.serialize_entry(
            "tasks_combined",
            &voters.iter().filter(|n| **n >= 2).count(),
        )?;
        m.serialize_entry(
            "majority_vote",
            &MethodJson {
                v,
                a: &f.majority,
                voters: &voters,
            },
        )?;
        let ties: Vec<&str> = ties(v, &f.majority)
            .iter()
            .map(|t| v.tasks[*t].as_str())
            .collect();
        m.serialize_entry("ties", &ties)?;
        m.serialize_entry(
            "dawid_skene",
            &MethodJson {
                v,
                a: &f.dawid_skene,
                voters: &voters,
            },
        )?;
        m.serialize_entry(
            "mace",
            &MethodJson {
                v,
                a: &f.mace,
                voters: &voters,
            },
        )?;
        m.end()
    }
}

/// One method's figures: each task's label, each annotator's competence, the posteriors of
/// the tasks two or more annotators voted on (labels below [`POSTERIOR_SHOWN`] left out: a
/// word's task has dozens of labels, nearly all at 0).
struct MethodJson<'a> {
    v: &'a Votes,
    a: &'a Aggregate,
    voters: &'a [u32],
}

impl serde::Serialize for MethodJson<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let (v, a) = (self.v, self.a);
        let labels = a.labels();
        let mut m = s.serialize_map(Some(4))?;
        m.serialize_entry("rounds", &a.rounds)?;
        m.serialize_entry(
            "labels",
            &Pairs(
                v.tasks
                    .iter()
                    .zip(&labels)
                    .map(|(t, l)| (t.as_str(), v.labels[*l].as_str())),
            ),
        )?;
        m.serialize_entry(
            "competence",
            &Pairs(
                v.workers
                    .iter()
                    .zip(&a.competence)
                    .map(|(w, c)| (w.as_str(), *c)),
            ),
        )?;
        let rows = v
            .tasks
            .iter()
            .enumerate()
            .filter(|(n, _)| self.voters[*n] >= 2)
            .map(|(n, t)| {
                let row = Pairs(
                    v.labels
                        .iter()
                        .zip(a.posterior(n))
                        .filter(|(_, p)| **p >= POSTERIOR_SHOWN)
                        .map(|(l, p)| (l.as_str(), *p)),
                );
                (t.as_str(), row)
            });
        m.serialize_entry("posteriors", &Pairs(rows))?;
        m.end()
    }
}

/// A map written from an iterator of pairs, once (serde's `collect_map` behind `&self`).
struct Pairs<I>(I);

impl<K: serde::Serialize, V: serde::Serialize, I: Iterator<Item = (K, V)> + Clone> serde::Serialize
    for Pairs<I>
{
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.0.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digamma_is_right() {
        // ψ(1) = −γ, ψ(0.5) = −γ − 2 ln 2, ψ(10) = 2.251752589066721.
        let gamma = 0.577_215_664_901_532_9;
        assert!((digamma(1.0) + gamma).abs() < 1e-12);
        assert!((digamma(0.5) + gamma + 2.0 * 2f64.ln()).abs() < 1e-12);
        assert!((digamma(10.0) - 2.251_752_589_066_721).abs() < 1e-12);
    }

    #[test]
    fn a_clear_majority_and_a_spammer() {
        let mut named = Vec::new();
        for t in 0..20 {
            let truth = if t % 3 == 0 { "a" } else { "b" };
            for w in ["w1", "w2", "w3"] {
                named.push((format!("t{t:02}"), w.to_owned(), truth.to_owned()));
            }
            named.push((format!("t{t:02}"), "spam".to_owned(), "a".to_owned()));
        }
        let v = Votes::from_names(&named);
        for a in [majority(&v), dawid_skene(&v), mace(&v)] {
            let labels: Vec<&str> = a.labels().iter().map(|l| v.labels[*l].as_str()).collect();
            let want: Vec<&str> = (0..20)
                .map(|t| if t % 3 == 0 { "a" } else { "b" })
                .collect();
            assert_eq!(labels, want);
            let spam = v.workers.iter().position(|w| w == "spam").unwrap();
            let good = v.workers.iter().position(|w| w == "w1").unwrap();
            assert!(
                a.competence[spam] < a.competence[good],
                "{:?}",
                a.competence
            );
        }
    }
}

/// An annotator who gives one label to at least this share of their tasks (of at least
/// [`STRAIGHT_MIN`]) of a choice or a scale is flagged as straight-lining.
pub const STRAIGHT_SHARE: f64 = 0.9;
/// The fewest tasks the straight-lining flag looks at.
pub const STRAIGHT_MIN: usize = 5;
/// Below this chance of knowing (MACE), an annotator is flagged.
pub const LOW_COMPETENCE: f64 = 0.5;

/// A control crowd aggregation reads, with its votes fitted by the three methods.
pub struct Fitted<'s> {
    /// The control.
    pub control: &'s Control,
    /// Its votes.
    pub votes: Votes,
    /// Majority vote.
    pub majority: Aggregate,
    /// Dawid–Skene.
    pub dawid_skene: Aggregate,
    /// MACE.
    pub mace: Aggregate,
    /// Each annotator's votes and how many of them are their most given label.
    straight: Vec<(usize, usize)>,
}

/// Each annotator's votes, and their most given label's count.
fn straight_counts(v: &Votes) -> Vec<(usize, usize)> {
    let mut per = vec![vec![0usize; v.labels.len()]; v.workers.len()];
    for &(_, w, l) in &v.votes {
        per[w][l] += 1;
    }
    per.iter()
        .map(|m| (m.iter().sum(), m.iter().copied().max().unwrap_or(0)))
        .collect()
}

/// Every control of the spec that crowd aggregation reads, fitted once by each method: the
/// report's competence section and dashboard, and `glossa aggregate`, read the same fits.
pub fn fit<'s>(spec: &'s TaskSpec, items: &[Item], results: &[ResultDoc]) -> Vec<Fitted<'s>> {
    spec.controls
        .iter()
        .filter_map(|control| {
            let votes = votes(control, items, results)?;
            // The distinct sets of votes, found once for the three methods.
            let c = Classes::of(&votes);
            Some(Fitted {
                control,
                majority: c.expand(majority_of(&c.votes, &c.weight)),
                dawid_skene: c.expand(dawid_skene_of(&c.votes, &c.weight, c.total)),
                mace: c.expand(mace_of(&c.votes, &c.weight)),
                straight: straight_counts(&votes),
                votes,
            })
        })
        .collect()
}

impl Fitted<'_> {
    /// Whether annotator `w` straight-lines (one label for at least [`STRAIGHT_SHARE`] of at
    /// least [`STRAIGHT_MIN`] tasks): `straight-lining (9 of 10 the same)`, or `None`. Only a
    /// label per item (a choice, a scale) is looked at, not one per word or option.
    pub fn straight_lining(&self, w: usize) -> Option<String> {
        if !crate::spec::each_control!(self.control, k => k.one_label()) {
            return None;
        }
        let (n, top) = self.straight[w];
        if n < STRAIGHT_MIN {
            return None;
        }
        (top as f64 >= STRAIGHT_SHARE * n as f64)
            .then(|| format!("straight-lining ({top} of {n} the same)"))
    }
}

/// The report's section on annotators' competence: per aggregated control, each annotator's
/// agreement with the majority, Dawid–Skene's and MACE's competence (charted), and the flags
/// (low competence; straight-lining on a choice or a scale), least competent first.
pub fn report_section(fits: &[Fitted]) -> String {
    use super::findings::{esc, f3};
    let mut h = String::new();
    for f in fits {
        let (v, mv, ds, mc) = (&f.votes, &f.majority, &f.dawid_skene, &f.mace);
        let mut rows: Vec<usize> = (0..v.workers.len()).collect();
        rows.sort_by(|a, b| mc.competence[*a].total_cmp(&mc.competence[*b]));
        h += &format!(
            "<h3>{}</h3><table><thead><tr><th>annotator</th><th>tasks</th><th>agrees with the majority</th><th>Dawid–Skene</th><th>MACE (knows)</th><th>flags</th></tr></thead><tbody>",
            esc(f.control.id().as_str())
        );
        for w in rows {
            let mine: Vec<usize> = v.votes.iter().filter(|x| x.1 == w).map(|x| x.2).collect();
            let mut flags = Vec::new();
            if mc.competence[w] < LOW_COMPETENCE {
                flags.push("low competence".to_owned());
            }
            flags.extend(f.straight_lining(w));
            let bar = format!(
                "<span style=\"display:inline-block;height:.7em;width:{:.0}px;background:#1f5fbf\" aria-hidden=\"true\"></span> ",
                mc.competence[w] * 100.0
            );
            h += &format!(
                "<tr><td>{}</td><td class=n>{}</td><td class=n>{}</td><td class=n>{}</td><td class=n>{bar}{}</td><td class=flag>{}</td></tr>",
                esc(&v.workers[w]),
                mine.len(),
                f3(Some(mv.competence[w])),
                f3(Some(ds.competence[w])),
                f3(Some(mc.competence[w])),
                esc(&flags.join("; "))
            );
        }
        h += "</tbody></table>";
    }
    if h.is_empty() {
        return h;
    }
    format!(
        "<section aria-labelledby=competence><h2 id=competence>Annotators' competence (crowd aggregation)</h2><p>Per control: how often each annotator agrees with the majority, Dawid–Skene's chance that they give the true label, and MACE's chance that they know it rather than guess ({} below {LOW_COMPETENCE} is flagged); straight-lining: one answer to {:.0}% or more of at least {STRAIGHT_MIN} items. Least competent first. <code>glossa aggregate</code> gives each item's aggregated label.</p>{h}</section>",
        "MACE",
        STRAIGHT_SHARE * 100.0
    )
}

/// One unit's aggregated value: a control's value for an item (and the output a section asks
/// it for, or `""`), as a result holds it, with the mean posterior of its parts' labels
/// (`confidence`) and how many annotators voted on it.
#[derive(Clone, Debug, PartialEq)]
pub struct AggregatedValue {
    /// The control.
    pub control: String,
    /// The item.
    pub item: String,
    /// The output a section asks the control for, or `""`.
    pub output: String,
    /// The value, as a result holds it.
    pub value: Value,
    /// The mean, over the unit's parts, of the chosen label's posterior.
    pub confidence: f64,
    /// The annotators who voted on the unit.
    pub annotators: usize,
}

/// Each unit's aggregated value by `method` (`majority_vote`, `dawid_skene` or `mace`), in
/// spec order of controls, then by item and output.
pub fn aggregated_values(
    spec: &TaskSpec,
    items: &[Item],
    results: &[ResultDoc],
    method: &str,
) -> Vec<AggregatedValue> {
    let by_id: BTreeMap<&str, &Item> = items.iter().map(|i| (i.id.as_str(), i)).collect();
    let mut out: Vec<AggregatedValue> = Vec::new();
    // A control whose answer refers to another's (links to spans) after the others, so its
    // aggregate reads theirs; then each in spec order.
    let linked = |c: &Control| {
        use crate::item::ItemFields;
        crate::spec::each_control!(c, k => k.linked_control()).cloned()
    };
    let mut order: Vec<&Control> = spec.controls.iter().collect();
    order.sort_by_key(|c| linked(c).is_some());
    for control in order {
        let Some((v, parts)) = voted(control, items, results, true) else {
            continue;
        };
        let agg = match method {
            "dawid_skene" => dawid_skene(&v),
            "mace" => mace(&v),
            _ => majority(&v),
        };
        let labels = agg.labels();
        let mut voters: Vec<std::collections::BTreeSet<usize>> =
            vec![Default::default(); v.tasks.len()];
        for &(t, w, _) in &v.votes {
            voters[t].insert(w);
        }
        // Each unit's parts with their aggregated labels, in task order; the posteriors of
        // the labels and the annotators.
        type Unit = (
            Vec<(Part, String)>,
            Vec<f64>,
            std::collections::BTreeSet<usize>,
        );
        let mut per_unit: BTreeMap<(String, String), Unit> = BTreeMap::new();
        for (t, task) in v.tasks.iter().enumerate() {
            if let Some((key, part)) = parts.get(task) {
                let unit = per_unit.entry(key.clone()).or_default();
                unit.0.push((part.clone(), v.labels[labels[t]].clone()));
                unit.1.push(agg.posterior(t)[labels[t]]);
                unit.2.extend(&voters[t]);
            }
        }
        let values = unit_values(control.id(), results);
        // The aggregate of the control this one's answers refer to, by unit (none to look up
        // for a control that refers to none).
        let to = linked(control);
        let linked_values: BTreeMap<(&str, &str), &Value> = match &to {
            Some(to) => (out.iter())
                .filter(|a| a.control == to.as_str())
                .map(|a| ((a.item.as_str(), a.output.as_str()), &a.value))
                .collect(),
            None => BTreeMap::new(),
        };
        let mut done = Vec::new();
        for ((item, output), (parts, posteriors, who)) in per_unit {
            let found = by_id.get(item.as_str()).copied();
            let all = values
                .get(&(item.as_str(), output.as_str()))
                .map_or(&[][..], Vec::as_slice);
            let linked_value = linked_values
                .get(&(item.as_str(), output.as_str()))
                .copied();
            let unit = UnitAnswers {
                all,
                linked: linked_value,
            };
            let Some(value) = crate::spec::each_control!(control, k => k.aggregated(&parts, found, &output, &unit))
            else {
                continue;
            };
            done.push(AggregatedValue {
                control: control.id().to_string(),
                item,
                output,
                value,
                confidence: posteriors.iter().sum::<f64>() / posteriors.len().max(1) as f64,
                annotators: who.len(),
            });
        }
        out.extend(done);
    }
    let place = |id: &str| spec.controls.iter().position(|c| c.id().as_str() == id);
    out.sort_by_key(|a| place(&a.control));
    out
}

/// The aggregated labels as results, one per item, from the annotator `aggregate:<method>`, so
/// every export, the gold checker and the report read them: a choice's option, a scale's
/// points, a multiple choice's options labelled `yes`, labelled spans from runs of words with
/// one label. `method`: `majority_vote`, `dawid_skene` or `mace`.
pub fn as_results(
    spec: &TaskSpec,
    items: &[Item],
    results: &[ResultDoc],
    method: &str,
) -> Vec<Value> {
    let mut answers: BTreeMap<String, serde_json::Map<String, Value>> = BTreeMap::new();
    for a in aggregated_values(spec, items, results, method) {
        let answer = answers.entry(a.item).or_default();
        if a.output.is_empty() {
            answer.insert(a.control, a.value);
        } else {
            let by_output = answer.entry(a.control).or_insert_with(|| json!({}));
            if let Some(map) = by_output.as_object_mut() {
                map.insert(a.output, a.value);
            }
        }
    }
    answers
        .into_iter()
        .map(|(item, answers)| {
            json!({
                "format": crate::result::RESULT_FORMAT,
                "spec": {"id": spec.id, "version": spec.version},
                "item_id": item,
                "answers": answers,
                "ids": {"participant": format!("{}{method}", crate::result::AGGREGATED)},
            })
        })
        .collect()
}
