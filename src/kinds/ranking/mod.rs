//! `ranking`: the item's outputs ranked (tap in order, move up and down, ties when allowed), or
//! the best and the worst of them (best–worst scaling).

mod findings;
pub mod spec;
// The view: the UI layer of the kind (browser builds only).
#[cfg(ui)]
mod view;
#[cfg(ui)]
mod rank_card;

use super::prelude::*;
use findings::{kendall_w, RankedSystem, RankingStats};
use crate::answer::{OrderSet, RankingValue};
use crate::spec::{RankingControl, RankingMode};
use crate::support::family::{Gate, Ratings};

fn gate<T>(v: T) -> Ratings<T> {
    Gate::gate(v)
}

/// Ranks renumbered densely from 1, keeping their order.
fn dense(ranks: &mut SortedMap<String, u32>) {
    let mut values: Vec<u32> = ranks.values().copied().collect();
    values.sort_unstable();
    values.dedup();
    for r in ranks.values_mut() {
        *r = values.iter().position(|v| v == r).unwrap_or(0) as u32 + 1;
    }
}

impl RankingControl {
    /// The ids of the item's outputs.
    fn ids(&self, item: &Item) -> Vec<String> {
        item.outputs(self.outputs.field.as_str())
            .into_iter()
            .map(|o| o.id)
            .collect()
    }

    /// The ranked outputs from the best, ties in `shown` order.
    pub fn ordered(ranks: &SortedMap<String, u32>, shown: &[String]) -> Vec<String> {
        let mut ids: Vec<&String> = ranks.keys().collect();
        ids.sort_by_key(|id| {
            (
                ranks[*id],
                shown.iter().position(|s| s == *id).unwrap_or(usize::MAX),
            )
        });
        ids.into_iter().cloned().collect()
    }
}

impl CheckControl for RankingControl {
    fn check(&self, path: &str, _: &mut SortedMap<String, String>, out: &mut Vec<SpecIssue>) {
        super::points::check_outputs_source(&self.outputs, path, out);
        if self.mode == RankingMode::BestWorst && self.ties {
            out.push(SpecIssue::new(
                format!("{path}.ties"),
                SpecIssueCode::InvalidField,
                "ties apply to mode rank, not best_worst",
            ));
        }
        if self.outputs.count.is_some_and(|n| n < 2) {
            out.push(SpecIssue::new(
                format!("{path}.outputs.count"),
                SpecIssueCode::InvalidLimits,
                "a ranking needs at least two outputs",
            ));
        }
    }

    fn asks_about_outputs(&self) -> bool {
        true
    }
}

impl ItemFields for RankingControl {
    fn check_item(&self, item: &Item, path: &str, out: &mut Vec<SpecIssue>) {
        let min = if self.mode == RankingMode::BestWorst {
            3
        } else {
            2
        };
        out.extend(crate::item::check_outputs(
            item,
            self.outputs.field.as_str(),
            self.outputs.count,
            path,
        ));
        let n = item.outputs(self.outputs.field.as_str()).len();
        if n > 0 && n < min {
            out.push(SpecIssue::new(
                path.to_owned(),
                SpecIssueCode::InvalidField,
                format!(
                    "item \"{}\" has {n} outputs: a {} needs at least {min}",
                    item.id,
                    if min == 3 {
                        "best–worst choice"
                    } else {
                        "ranking"
                    }
                ),
            ));
        }
    }

    fn span_field(&self) -> Option<&str> {
        None
    }

    fn outputs_source(&self) -> Option<&crate::spec::OutputsSource> {
        Some(&self.outputs)
    }
}

impl KindAnswer for RankingControl {
    fn read_value(&self, json: &Value) -> Result<AnswerValue, String> {
        typed::<RankingValue>(json).map(|v| AnswerValue::Ranking(gate(v)))
    }

    /// `["best id", …, "worst id"]` for a ranking, `{"best", "worst"}` for best–worst.
    fn example_answer(&self, json: &Value) -> Option<Answer> {
        let set = match self.mode {
            // As results hold it (`{"ranks": {...}}`, ties kept; or its `order`), or the ids
            // from the best to the worst.
            RankingMode::Rank => match json.get("ranks").and_then(Value::as_object) {
                Some(ranks) => OrderSet {
                    ranks: ranks
                        .iter()
                        .map(|(id, r)| Some((id.clone(), u32::try_from(r.as_u64()?).ok()?)))
                        .collect::<Option<_>>()?,
                    ..OrderSet::default()
                },
                None => OrderSet {
                    ranks: json
                        .get("order")
                        .unwrap_or(json)
                        .as_array()?
                        .iter()
                        .enumerate()
                        .map(|(i, v)| Some((v.as_str()?.to_owned(), i as u32 + 1)))
                        .collect::<Option<_>>()?,
                    ..OrderSet::default()
                },
            },
            RankingMode::BestWorst => OrderSet {
                best: Some(json.get("best")?.as_str()?.to_owned()),
                worst: Some(json.get("worst")?.as_str()?.to_owned()),
                ..OrderSet::default()
            },
        };
        Some(Answer::Order(gate(set)))
    }

    fn example_hint(&self) -> &'static str {
        match self.mode {
            RankingMode::Rank => "give the output ids from the best to the worst",
            RankingMode::BestWorst => {
                "give {\"best\": \"<output id>\", \"worst\": \"<output id>\"}"
            }
        }
    }
}

/// What changes in a ranking.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RankEdit {
    /// The output takes the next rank (tap in order); tapped again while ranked last, it is
    /// unranked.
    Next(String),
    /// The output moves one place up (towards the best) or down, swapping with its neighbour.
    Move {
        /// The output.
        id: String,
        /// Towards the best.
        up: bool,
    },
    /// The output is dropped at a place of the list as shown (ranked outputs from the best,
    /// then the unranked ones): it is ranked there, the outputs after it one down. A place past
    /// the ranked outputs ranks it last. Dropped between two tied outputs, it parts them.
    Place {
        /// The output.
        id: String,
        /// The place in the list without it, from 0.
        at: usize,
    },
    /// The output shares the rank of the one ranked just before it (ties allowed), or leaves
    /// the tie.
    Tie(String),
    /// Every rank is cleared.
    Clear,
    /// Best–worst: the best output (it stops being the worst).
    Best(String),
    /// Best–worst: the worst output (it stops being the best).
    Worst(String),
}

impl FormKind for RankingControl {
    type Edit = RankEdit;

    fn edit(&self, task: &Task, control: &ControlId, edit: RankEdit, next: &mut FormState) {
        crate::form::change(next, control, |current| self.ranked(task, current, &edit));
    }

    /// The ranks in order (ties each sharing the rank before), then best and worst.
    fn replay(&self, _: &ControlId, answer: &Answer) -> Vec<Action> {
        let Answer::Order(set) = answer else {
            return Vec::new();
        };
        let mut by: Vec<(&String, &u32)> = set.ranks.iter().collect();
        by.sort_by_key(|(_, r)| **r);
        let mut out: Vec<Action> = by
            .iter()
            .map(|(id, _)| self.action(RankEdit::Next((*id).clone())))
            .collect();
        for w in by.windows(2) {
            if w[0].1 == w[1].1 {
                out.push(self.action(RankEdit::Tie(w[1].0.clone())));
            }
        }
        out.extend(set.best.clone().map(|b| self.action(RankEdit::Best(b))));
        out.extend(set.worst.clone().map(|w| self.action(RankEdit::Worst(w))));
        out
    }
}

impl RankingControl {
    /// The answer after a ranking changes in `current` (`Some(None)`: nothing left); `None`
    /// for an edit the control cannot take.
    fn ranked(
        &self,
        task: &Task,
        current: Option<&Answer>,
        edit: &RankEdit,
    ) -> Option<Option<Answer>> {
        let ids = self.ids(&task.item);
        let shown: Vec<String> = task
            .presentation
            .order
            .get(&self.id)
            .cloned()
            .unwrap_or_else(|| ids.clone());
        let mut set = OrderSet::of(current);
        let known = |id: &String| ids.contains(id);
        match (self.mode, edit) {
            (RankingMode::Rank, RankEdit::Next(id)) if known(id) => {
                if set.ranks.remove(id).is_none() {
                    let next = set.ranks.values().max().copied().unwrap_or(0) + 1;
                    set.ranks.insert(id.clone(), next);
                }
            }
            (RankingMode::Rank, RankEdit::Move { id, up }) if known(id) => {
                let order = Self::ordered(&set.ranks, &shown);
                match order.iter().position(|o| o == id) {
                    None if *up => {
                        let next = set.ranks.values().max().copied().unwrap_or(0) + 1;
                        set.ranks.insert(id.clone(), next);
                    }
                    None => return None,
                    Some(at) => {
                        let other = if *up { at.checked_sub(1) } else { Some(at + 1) };
                        let other = order.get(other?)?.clone();
                        let (a, b) = (set.ranks[id], set.ranks[&other]);
                        if a == b {
                            return None;
                        }
                        set.ranks.insert(id.clone(), b);
                        set.ranks.insert(other, a);
                    }
                }
            }
            (RankingMode::Rank, RankEdit::Place { id, at }) if known(id) => {
                let mut list: Vec<(String, Option<u32>)> = Self::ordered(&set.ranks, &shown)
                    .into_iter()
                    .filter(|o| o != id)
                    .map(|o| {
                        let r = set.ranks[&o];
                        (o, Some(r))
                    })
                    .collect();
                list.insert((*at).min(list.len()), (id.clone(), None));
                // Renumber from the best; the outputs that were tied stay tied unless the
                // dropped one lands between them.
                let (mut rank, mut before) = (0, None);
                set.ranks = SortedMap::new();
                for (o, old) in list {
                    if old.is_none() || old != before {
                        rank += 1;
                    }
                    before = old;
                    set.ranks.insert(o, rank);
                }
            }
            (RankingMode::Rank, RankEdit::Tie(id)) if self.ties && known(id) => {
                let order = Self::ordered(&set.ranks, &shown);
                let at = order.iter().position(|o| o == id)?;
                let before = order.get(at.checked_sub(1)?)?;
                let (mine, theirs) = (set.ranks[id], set.ranks[before]);
                if mine == theirs {
                    // Leave the tie: this and every later rank one down.
                    for (k, r) in set.ranks.iter_mut() {
                        if *r > mine || (k == id) {
                            *r += 1;
                        }
                    }
                } else {
                    set.ranks.insert(id.clone(), theirs);
                }
            }
            (RankingMode::Rank, RankEdit::Clear) | (RankingMode::BestWorst, RankEdit::Clear) => {
                set = OrderSet::default()
            }
            (RankingMode::BestWorst, RankEdit::Best(id)) if known(id) => {
                if set.worst.as_ref() == Some(id) {
                    set.worst = None;
                }
                set.best = Some(id.clone());
            }
            (RankingMode::BestWorst, RankEdit::Worst(id)) if known(id) => {
                if set.best.as_ref() == Some(id) {
                    set.best = None;
                }
                set.worst = Some(id.clone());
            }
            _ => return None,
        }
        dense(&mut set.ranks);
        let empty = set.ranks.is_empty() && set.best.is_none() && set.worst.is_none();
        Some((!empty).then(|| Answer::Order(gate(set))))
    }
}

impl ControlRules for RankingControl {
    fn rules(&self, task: &Task, answer: Option<&Answer>, out: &mut Vec<Problem>) {
        let set = OrderSet::of(answer);
        let ids = self.ids(&task.item);
        let path = AnswerPath::whole(&self.id);
        let complete = match self.mode {
            RankingMode::Rank => {
                let mut ranks: Vec<u32> = set.ranks.values().copied().collect();
                ranks.sort_unstable();
                let distinct = ranks.windows(2).all(|w| w[0] != w[1]);
                ids.iter().all(|i| set.ranks.contains_key(i))
                    && set.ranks.keys().all(|k| ids.contains(k))
                    && (self.ties || distinct)
            }
            RankingMode::BestWorst => {
                matches!((&set.best, &set.worst), (Some(b), Some(w)) if b != w && ids.contains(b) && ids.contains(w))
            }
        };
        if !complete {
            let msg = if self.mode == RankingMode::Rank {
                Msg::ErrRankAll
            } else {
                Msg::ErrBestWorst
            };
            let empty = set.ranks.is_empty() && set.best.is_none() && set.worst.is_none();
            if empty {
                out.extend(required::apply(path, true, false, msg));
            } else {
                out.push(Problem::error(
                    path,
                    crate::validate::ProblemCode::RankingIncomplete,
                    msg,
                    vec![],
                ));
            }
        }
    }
}

impl ToValue for RankingControl {
    fn value(&self, task: &Task, answer: Option<&Answer>) -> Option<AnswerValue> {
        let set = OrderSet::of(answer);
        let shown: Vec<String> = task
            .presentation
            .order
            .get(&self.id)
            .cloned()
            .unwrap_or_else(|| self.ids(&task.item));
        let v = match self.mode {
            RankingMode::Rank if !set.ranks.is_empty() => RankingValue {
                order: Self::ordered(&set.ranks, &shown),
                ranks: set.ranks,
                ..RankingValue::default()
            },
            RankingMode::BestWorst if set.best.is_some() || set.worst.is_some() => RankingValue {
                best: set.best,
                worst: set.worst,
                ..RankingValue::default()
            },
            _ => return None,
        };
        Some(AnswerValue::Ranking(gate(v)))
    }
}

impl Simulate for RankingControl {
    fn simulate(&self, task: &Task, rng: &mut SplitMix, plain: bool, out: &mut Vec<Action>) {
        let mut ids = self.ids(&task.item);
        if !plain {
            for i in (1..ids.len()).rev() {
                ids.swap(i, pick(rng, i + 1));
            }
        }
        let act = |edit| self.action(edit);
        match self.mode {
            RankingMode::Rank => {
                for id in &ids {
                    out.push(act(RankEdit::Next(id.clone())));
                }
                if self.ties && ids.len() > 1 && pick(rng, 3) == 0 {
                    out.push(act(RankEdit::Tie(ids[1].clone())));
                }
            }
            RankingMode::BestWorst => {
                if let (Some(b), Some(w)) = (ids.first(), ids.last()) {
                    out.push(act(RankEdit::Best(b.clone())));
                    out.push(act(RankEdit::Worst(w.clone())));
                }
            }
        }
    }
}

impl GoldAnswer for RankingControl {
    /// The order exactly (`["best", …]`), or the best and the worst.
    fn expected(
        &self,
        item: &Item,
        value: &Value,
        path: &str,
    ) -> Result<Expected, Vec<GoldProblem>> {
        let ids = self.ids(item);
        let Some(Answer::Order(set)) = self.example_answer(value) else {
            return Err(gold::problem(path, self.example_hint().to_owned()));
        };
        let named: Vec<&String> = set
            .ranks
            .keys()
            .chain(set.best.iter())
            .chain(set.worst.iter())
            .collect();
        if let Some(bad) = named.iter().find(|id| !ids.contains(id)) {
            return Err(gold::problem(
                path,
                format!(
                    "\"{bad}\" is not an output of item \"{}\" (its outputs: {})",
                    item.id,
                    ids.join(", ")
                ),
            ));
        }
        let v = match self.mode {
            RankingMode::Rank => RankingValue {
                order: Vec::new(),
                ranks: set.ranks.clone(),
                ..RankingValue::default()
            },
            RankingMode::BestWorst => RankingValue {
                best: set.best.clone(),
                worst: set.worst.clone(),
                ..RankingValue::default()
            },
        };
        Ok(Expected::Ranking(v))
    }
}

fn ranking(value: &AnswerValue) -> Option<&RankingValue> {
    match value {
        AnswerValue::Ranking(v) => Some(v),
        _ => None,
    }
}

impl Analyse for RankingControl {
    const FINDINGS: Option<&'static str> = Some(findings::GROUP);

    fn revalidate(
        &self,
        task: &Task,
        value: &AnswerValue,
        path: &str,
        out: &mut Vec<Finding>,
    ) -> Option<Answer> {
        let v = ranking(value)?;
        let ids = self.ids(&task.item);
        for id in v.ranks.keys().chain(v.best.iter()).chain(v.worst.iter()) {
            if !ids.contains(id) {
                out.push(finding(
                    path,
                    format!("\"{id}\" is not an output of the item"),
                ));
            }
        }
        Some(Answer::Order(gate(OrderSet {
            ranks: v.ranks.clone(),
            best: v.best.clone(),
            worst: v.worst.clone(),
        })))
    }

    fn tidy(&self, value: &AnswerValue, push: &mut dyn FnMut(String, String, Option<&SpanValue>)) {
        let Some(v) = ranking(value) else { return };
        for (id, r) in &v.ranks {
            push(id.clone(), r.to_string(), None);
        }
        if let Some(b) = &v.best {
            push("best".to_owned(), b.clone(), None);
        }
        if let Some(w) = &v.worst {
            push("worst".to_owned(), w.clone(), None);
        }
    }

    /// A rank per output; best–worst: the best output labelled `best`, the worst `worst`.
    fn dataset(&self, value: &AnswerValue, push: &mut dyn FnMut(&str, Cells)) {
        let Some(v) = ranking(value) else { return };
        for (id, r) in &v.ranks {
            push(id, Cells::number(f64::from(*r)));
        }
        for (id, label) in [(&v.best, "best"), (&v.worst, "worst")] {
            if let Some(id) = id {
                push(id, Cells::label(label));
            }
        }
    }

    /// Rank mode: ordinal alpha over units of item × output (the ranks), Kendall's W per item,
    /// mean ranks. Best–worst: nominal alpha on the best and on the worst, best–worst scores.
    fn agreement(&self, on: &Context, answers: &[Answered], report: &mut AgreementReport) {
        let values: Vec<(&Answered, &RankingValue)> = answers
            .iter()
            .filter_map(|a| Some((a, ranking(a.value)?)))
            .collect();
        let mut systems: SortedMap<String, (usize, f64, usize, usize)> = SortedMap::new();
        match self.mode {
            RankingMode::Rank => {
                let mut t = Table::new();
                let mut by_item: SortedMap<&str, Vec<&SortedMap<String, u32>>> = SortedMap::new();
                for (a, v) in &values {
                    for (id, r) in &v.ranks {
                        t.entry((a.item.to_owned(), id.clone()))
                            .or_default()
                            .insert(a.who.clone(), Datum::Number(f64::from(*r)));
                        let e = systems.entry(id.clone()).or_default();
                        e.0 += 1;
                        e.1 += f64::from(*r);
                    }
                    by_item.entry(a.item).or_default().push(&v.ranks);
                }
                report.measures.push(measure(
                    self.id.to_string(),
                    Level::Ordinal,
                    "the ranks",
                    &t,
                ));
                let ws: Vec<f64> = by_item.values().filter_map(|r| kendall_w(r)).collect();
                report.findings.push(RankingStats {
                    key: self.id.to_string(),
                    kendall_w: (!ws.is_empty()).then(|| ws.iter().sum::<f64>() / ws.len() as f64),
                    items: ws.len(),
                    systems: systems
                        .into_iter()
                        .map(|(system, (n, sum, _, _))| RankedSystem {
                            system,
                            appearances: n,
                            mean_rank: Some(sum / n as f64),
                            best: 0,
                            worst: 0,
                            score: None,
                        })
                        .collect(),
                }.findings());
            }
            RankingMode::BestWorst => {
                for (part, pick) in [("best", true), ("worst", false)] {
                    let mut t = Table::new();
                    for (a, v) in &values {
                        if let Some(x) = if pick { &v.best } else { &v.worst } {
                            t.entry((a.item.to_owned(), String::new()))
                                .or_default()
                                .insert(a.who.clone(), Datum::Category(x.clone()));
                        }
                    }
                    report.measures.push(measure(
                        format!("{}.{part}", self.id),
                        Level::Nominal,
                        "the output chosen",
                        &t,
                    ));
                }
                for (a, v) in &values {
                    let shown: Vec<String> = on
                        .items
                        .iter()
                        .find(|i| i.id == a.item)
                        .map(|i| self.ids(i))
                        .unwrap_or_default();
                    for id in shown {
                        systems.entry(id).or_default().0 += 1;
                    }
                    if let Some(b) = &v.best {
                        systems.entry(b.clone()).or_default().2 += 1;
                    }
                    if let Some(w) = &v.worst {
                        systems.entry(w.clone()).or_default().3 += 1;
                    }
                }
                report.findings.push(RankingStats {
                    key: self.id.to_string(),
                    kendall_w: None,
                    items: 0,
                    systems: systems
                        .into_iter()
                        .map(|(system, (n, _, best, worst))| RankedSystem {
                            system,
                            appearances: n,
                            mean_rank: None,
                            best,
                            worst,
                            score: (n > 0).then(|| (best as f64 - worst as f64) / n as f64),
                        })
                        .collect(),
                }.findings());
            }
        }
    }

    fn distribution(&self, values: &[&AnswerValue]) -> Vec<(String, Vec<(String, usize)>)> {
        let mut firsts: SortedMap<String, usize> = SortedMap::new();
        for v in values.iter().filter_map(|v| ranking(v)) {
            if let Some(id) = v.order.first().or(v.best.as_ref()) {
                *firsts.entry(id.clone()).or_default() += 1;
            }
        }
        vec![(
            format!("{} (ranked best)", self.label),
            firsts.into_iter().collect(),
        )]
    }

    fn categorical(&self, value: &AnswerValue) -> Vec<String> {
        ranking(value)
            .map(|v| {
                vec![
                    format!("{}.order={}", self.id, v.order.join(">")),
                    format!("{}.best={:?}", self.id, v.best),
                    format!("{}.worst={:?}", self.id, v.worst),
                ]
            })
            .unwrap_or_default()
    }
}
