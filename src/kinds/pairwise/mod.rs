//! `pairwise`: two outputs of the item side by side — the better one or a tie, how much
//! better, per criterion — with the sides shuffled per item and results naming output ids.

mod findings;
pub mod spec;
// The view: the UI layer of the kind (browser builds only).
#[cfg(ui)]
mod view;
#[cfg(ui)]
mod pair_choice;

use super::prelude::*;
use crate::answer::{Pref, PrefValue, PrefsValue};
use crate::spec::PairwiseControl;
use crate::support::family::{Gate, Ratings};

fn gate<T>(v: T) -> Ratings<T> {
    Gate::gate(v)
}

/// The judgements of an answer by criterion (`""` for one judgement).
fn prefs(answer: Option<&Answer>) -> SortedMap<String, Pref> {
    match answer {
        Some(Answer::Prefs(map)) => SortedMap::clone(map),
        _ => SortedMap::new(),
    }
}

impl PairwiseControl {
    /// The ids of the item's two outputs.
    fn pair(&self, item: &Item) -> Vec<String> {
        item.outputs(self.outputs.field.as_str())
            .into_iter()
            .map(|o| o.id)
            .collect()
    }
}

impl CheckControl for PairwiseControl {
    fn check(&self, path: &str, _: &mut SortedMap<String, String>, out: &mut Vec<SpecIssue>) {
        super::points::check_outputs_source(&self.outputs, path, out);
        if self.outputs.count.is_some_and(|n| n != 2) {
            out.push(SpecIssue::new(
                format!("{path}.outputs.count"),
                SpecIssueCode::InvalidLimits,
                "a pair is two outputs: leave count out, or write 2",
            ));
        }
        crate::spec::distinct(
            self.criteria.iter().map(|c| c.id.as_str()),
            |n| format!("{path}.criteria[{n}].id"),
            SpecIssueCode::DuplicateControlId,
            "criterion id",
            out,
        );
        crate::spec::distinct(
            self.strengths.iter().map(|s| s.value.as_str()),
            |n| format!("{path}.strengths[{n}].value"),
            SpecIssueCode::DuplicateOptionValue,
            "strength",
            out,
        );
    }

    fn asks_about_outputs(&self) -> bool {
        true
    }
}

impl ItemFields for PairwiseControl {
    fn check_item(&self, item: &Item, path: &str, out: &mut Vec<SpecIssue>) {
        out.extend(crate::item::check_outputs(
            item,
            self.outputs.field.as_str(),
            Some(2),
            path,
        ));
    }

    fn span_field(&self) -> Option<&str> {
        None
    }

    fn outputs_source(&self) -> Option<&crate::spec::OutputsSource> {
        Some(&self.outputs)
    }

    fn shuffles_outputs(&self) -> bool {
        !self.fixed_sides
    }
}

/// A judgement as written in a worked example or a gold file: an output id or `"tie"`.
fn written(v: &Value) -> Option<Option<String>> {
    // As results hold it: `{"winner": id, "loser": id, "tie": false}` or a tie.
    if let Some(o) = v.as_object() {
        if o.get("tie").and_then(Value::as_bool) == Some(true) {
            return Some(None);
        }
        return Some(Some(o.get("winner")?.as_str()?.to_owned()));
    }
    match v.as_str()? {
        "tie" => Some(None),
        id => Some(Some(id.to_owned())),
    }
}

/// A worked example's judgement: `"<output id>"`, `"tie"`, or `{"winner", "strength"}`.
fn example_pref(v: &Value) -> Option<Pref> {
    match v {
        Value::Object(o) => Some(Pref {
            winner: written(v)?,
            strength: o.get("strength").and_then(Value::as_str).map(str::to_owned),
        }),
        v => Some(Pref {
            winner: written(v)?,
            strength: None,
        }),
    }
}

impl KindAnswer for PairwiseControl {
    fn read_value(&self, json: &Value) -> Result<AnswerValue, String> {
        typed::<PrefsValue>(json).map(|v| AnswerValue::Pairwise(gate(v)))
    }

    fn example_answer(&self, json: &Value) -> Option<Answer> {
        let map: SortedMap<String, Pref> = if self.criteria.is_empty() {
            std::iter::once((String::new(), example_pref(json)?)).collect()
        } else {
            json.as_object()?
                .iter()
                .map(|(k, v)| Some((k.clone(), example_pref(v)?)))
                .collect::<Option<_>>()?
        };
        Some(Answer::Prefs(gate(map)))
    }

    fn example_hint(&self) -> &'static str {
        if self.criteria.is_empty() {
            "give the better output's id, \"tie\", or {\"winner\": \"<output id>\", \"strength\": \"<strength>\"}"
        } else {
            "give an object keyed by criterion id: the better output's id, \"tie\", or {\"winner\", \"strength\"}"
        }
    }
}

/// A pairwise judgement, for one criterion or the one judgement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Prefer {
    /// The criterion (`None` for the one judgement).
    pub criterion: Option<String>,
    /// What changes.
    pub edit: PreferEdit,
}

/// What a pairwise judgement changes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PreferEdit {
    /// This output is the better one (its strength, if any, is cleared).
    Winner(String),
    /// About the same.
    Tie,
    /// How much better (the winner stays).
    Strength(String),
}

impl FormKind for PairwiseControl {
    type Edit = Prefer;

    fn edit(&self, task: &Task, control: &ControlId, edit: Prefer, next: &mut FormState) {
        crate::form::change(next, control, |current| {
            self.preferred(task, current, edit.criterion.as_deref(), &edit.edit)
                .map(Some)
        });
    }

    fn replay(&self, _: &ControlId, answer: &Answer) -> Vec<Action> {
        let Answer::Prefs(map) = answer else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for (k, p) in map.iter() {
            let criterion = (!k.is_empty()).then(|| k.clone());
            let first = match &p.winner {
                Some(w) => PreferEdit::Winner(w.clone()),
                None => PreferEdit::Tie,
            };
            let edits = std::iter::once(first).chain(p.strength.clone().map(PreferEdit::Strength));
            for edit in edits {
                out.push(self.action(Prefer {
                    criterion: criterion.clone(),
                    edit,
                }));
            }
        }
        out
    }
}

impl PairwiseControl {
    /// The answer after a judgement changes in `current`; `None` for an edit the control
    /// cannot take.
    fn preferred(
        &self,
        task: &Task,
        current: Option<&Answer>,
        criterion: Option<&str>,
        edit: &PreferEdit,
    ) -> Option<Answer> {
        let key = criterion.unwrap_or_default();
        if !self.keys().contains(&key) {
            return None;
        }
        let mut map = prefs(current);
        let next = match edit {
            PreferEdit::Winner(id) if self.pair(&task.item).contains(id) => Pref {
                winner: Some(id.clone()),
                strength: None,
            },
            PreferEdit::Tie if self.ties => Pref {
                winner: None,
                strength: None,
            },
            PreferEdit::Strength(s) if self.strengths.iter().any(|x| &x.value == s) => {
                let p = map.get(key)?.clone();
                p.winner.as_ref()?;
                Pref {
                    strength: Some(s.clone()),
                    ..p
                }
            }
            _ => return None,
        };
        map.insert(key.to_owned(), next);
        Some(Answer::Prefs(gate(map)))
    }
}

impl PairwiseControl {
    /// The refusal of a judgement not made: "the better one, or {tie}" when ties are allowed,
    /// else "one of the options".
    fn refusal(&self) -> Msg {
        if self.ties {
            Msg::ErrRequiredPair
        } else {
            Msg::ErrRequiredChoice
        }
    }

    /// A refusal naming the spec's own tie label, when it has one (the screen shows it).
    fn with_tie(&self, mut p: Problem) -> Problem {
        if let (Some(label), Msg::ErrRequiredPair) = (&self.tie_label, p.msg) {
            p.msg = Msg::ErrRequiredPairOwn;
            p.params.push(("tie", label.clone()));
        }
        p
    }
}

impl ControlRules for PairwiseControl {
    fn rules(&self, task: &Task, answer: Option<&Answer>, out: &mut Vec<Problem>) {
        let map = prefs(answer);
        let pair = self.pair(&task.item);
        for key in self.keys() {
            let path = AnswerPath::output(&self.id, (!key.is_empty()).then_some(key));
            match map.get(key) {
                None => out.extend(
                    required::apply(path, self.required, false, self.refusal())
                        .map(|p| self.with_tie(p)),
                ),
                Some(p) => {
                    let bad_winner = p.winner.as_ref().is_some_and(|w| !pair.contains(w))
                        || (p.winner.is_none() && !self.ties);
                    let bad_strength = p
                        .strength
                        .as_ref()
                        .is_some_and(|s| !self.strengths.iter().any(|x| &x.value == s));
                    if bad_winner || bad_strength {
                        out.push(self.with_tie(Problem::error(
                            path,
                            crate::validate::ProblemCode::NotOfThePair,
                            self.refusal(),
                            vec![],
                        )));
                    } else if p.winner.is_some()
                        && p.strength.is_none()
                        && !self.strengths.is_empty()
                    {
                        out.extend(required::apply(
                            path,
                            self.required,
                            false,
                            Msg::ErrSpanValueRequired,
                        ));
                    }
                }
            }
        }
    }
}

impl ToValue for PairwiseControl {
    fn value(&self, task: &Task, answer: Option<&Answer>) -> Option<AnswerValue> {
        let map = prefs(answer);
        let pair = self.pair(&task.item);
        let value = |p: &Pref| PrefValue {
            winner: p.winner.clone(),
            loser: p
                .winner
                .as_ref()
                .and_then(|w| pair.iter().find(|o| *o != w).cloned()),
            tie: p.winner.is_none(),
            strength: p.strength.clone(),
        };
        let v = if self.criteria.is_empty() {
            PrefsValue::One(value(map.get("")?))
        } else {
            let per: SortedMap<String, PrefValue> = self
                .keys()
                .into_iter()
                .filter_map(|k| Some((k.to_owned(), value(map.get(k)?))))
                .collect();
            if per.is_empty() {
                return None;
            }
            PrefsValue::PerCriterion(per)
        };
        Some(AnswerValue::Pairwise(gate(v)))
    }
}

impl Simulate for PairwiseControl {
    fn simulate(&self, task: &Task, rng: &mut SplitMix, plain: bool, out: &mut Vec<Action>) {
        let pair = self.pair(&task.item);
        for key in self.keys() {
            let act = |edit| {
                self.action(Prefer {
                    criterion: (!key.is_empty()).then(|| key.to_owned()),
                    edit,
                })
            };
            let choice = pick(rng, pair.len() + usize::from(self.ties));
            match pair.get(if plain { 0 } else { choice }) {
                Some(id) => {
                    out.push(act(PreferEdit::Winner(id.clone())));
                    if !self.strengths.is_empty() {
                        let s = &self.strengths[pick(rng, self.strengths.len())];
                        out.push(act(PreferEdit::Strength(s.value.clone())));
                    }
                }
                None => out.push(act(PreferEdit::Tie)),
            }
        }
    }
}

impl GoldAnswer for PairwiseControl {
    /// The better output's id or `"tie"`, or such values keyed by criterion.
    fn expected(
        &self,
        item: &Item,
        value: &Value,
        path: &str,
    ) -> Result<Expected, Vec<GoldProblem>> {
        let pair = self.pair(item);
        let read = |v: &Value, at: &str| -> Result<Option<String>, Vec<GoldProblem>> {
            match written(v) {
                Some(Some(id)) if pair.contains(&id) => Ok(Some(id)),
                Some(None) if self.ties => Ok(None),
                _ => Err(gold::problem(
                    at,
                    format!(
                        "{v} is not an output of the pair ({}){}",
                        pair.join(", "),
                        if self.ties { " or \"tie\"" } else { "" }
                    ),
                )),
            }
        };
        let mut want = SortedMap::new();
        let mut problems = Vec::new();
        if self.criteria.is_empty() {
            match read(value, path) {
                Ok(w) => {
                    want.insert(String::new(), w);
                }
                Err(mut p) => problems.append(&mut p),
            }
        } else if let Some(map) = value.as_object() {
            for (k, v) in map {
                let at = format!("{path}.{k}");
                if !self.keys().contains(&k.as_str()) {
                    problems.extend(gold::problem(
                        &at,
                        format!("\"{k}\" is not a criterion of \"{}\"", self.id),
                    ));
                    continue;
                }
                match read(v, &at) {
                    Ok(w) => {
                        want.insert(k.clone(), w);
                    }
                    Err(mut p) => problems.append(&mut p),
                }
            }
        } else {
            problems.extend(gold::problem(
                path,
                "write {\"<criterion>\": \"<output id>\" or \"tie\"}".to_owned(),
            ));
        }
        gold::done(Expected::Prefs(want), problems)
    }
}

/// The judgements of a pairwise value.
/// A tie, as aggregation labels it (an output id is never this: ids are checked).
const TIE: &str = "tie";
/// Between a winner and how much better in an aggregation label (`model-a · clearly`).
const STRENGTH: &str = " · ";

fn judged(value: &AnswerValue) -> Option<&PrefsValue> {
    match value {
        AnswerValue::Pairwise(v) => Some(v),
        _ => None,
    }
}

impl Analyse for PairwiseControl {
    /// Crowd aggregation: one task per item (and criterion), the winner's id (with how much
    /// better, when the spec asks) or `tie`.
    fn votes(&self, value: &AnswerValue, _: usize, _: &[&AnswerValue]) -> Vec<(Part, String)> {
        judged(value)
            .map(PrefsValue::entries)
            .unwrap_or_default()
            .into_iter()
            .map(|(k, p)| {
                let part = if k.is_empty() {
                    Part::Whole
                } else {
                    Part::Piece(k.to_owned())
                };
                // How much better is part of the label: the aggregate is one judgement.
                let label = match (&p.winner, &p.strength) {
                    (Some(w), Some(s)) => format!("{w}{STRENGTH}{s}"),
                    (Some(w), None) => w.clone(),
                    (None, _) => TIE.to_owned(),
                };
                (part, label)
            })
            .collect()
    }

    /// The aggregated winner (the other of the pair the loser), or a tie.
    fn aggregated(&self, parts: &[(Part, String)], item: Option<&Item>, _: &str, _: &UnitAnswers) -> Option<Value> {
        let pair = self.pair(item?);
        let judged = |l: &str| {
            let (l, strength) = match l.rsplit_once(STRENGTH) {
                Some((w, s)) if self.strengths.iter().any(|x| x.value == s) => {
                    (w, Some(s.to_owned()))
                }
                _ => (l, None),
            };
            let winner = (l != TIE).then(|| l.to_owned());
            let loser = winner
                .as_ref()
                .and_then(|w| pair.iter().find(|o| *o != w).cloned());
            serde_json::to_value(crate::answer::PrefValue {
                tie: winner.is_none(),
                winner,
                loser,
                strength,
            })
            .ok()
        };
        if let [(Part::Whole, l)] = parts {
            return judged(l);
        }
        Some(Value::Object(
            parts
                .iter()
                .filter_map(|(p, l)| match p {
                    Part::Piece(k) => Some((k.clone(), judged(l)?)),
                    _ => None,
                })
                .collect(),
        ))
    }

    const FINDINGS: Option<&'static str> = Some(findings::GROUP);

    fn revalidate(
        &self,
        task: &Task,
        value: &AnswerValue,
        path: &str,
        out: &mut Vec<Finding>,
    ) -> Option<Answer> {
        let v = judged(value)?;
        let pair = self.pair(&task.item);
        let mut map = SortedMap::new();
        for (k, p) in v.entries() {
            let at = if k.is_empty() {
                path.to_owned()
            } else {
                format!("{path}.{k}")
            };
            if p.winner.as_ref().is_some_and(|w| !pair.contains(w)) || p.tie != p.winner.is_none() {
                out.push(finding(
                    &at,
                    format!("the winner is not one of the pair ({})", pair.join(", ")),
                ));
            }
            map.insert(
                k.to_owned(),
                Pref {
                    winner: p.winner.clone(),
                    strength: p.strength.clone(),
                },
            );
        }
        Some(Answer::Prefs(gate(map)))
    }

    fn tidy(&self, value: &AnswerValue, push: &mut dyn FnMut(String, String, Option<&SpanValue>)) {
        for (k, p) in judged(value).map(PrefsValue::entries).unwrap_or_default() {
            let shown = p.winner.clone().unwrap_or_else(|| "tie".to_owned());
            let shown = match &p.strength {
                Some(s) => format!("{shown} ({s})"),
                None => shown,
            };
            push(k.to_owned(), shown, None);
        }
    }

    /// One judgement: the winner's id as the label (`tie`: none); judgements by criterion
    /// stay in the value's JSON.
    fn dataset(&self, value: &AnswerValue, push: &mut dyn FnMut(&str, Cells)) {
        if let Some([("", p)]) = judged(value).map(PrefsValue::entries).as_deref() {
            push("", Cells::label(p.winner.clone().unwrap_or_else(|| "tie".to_owned())));
        }
    }

    /// Per criterion: nominal alpha over items (the winner's id or `tie`), and the pairwise
    /// figures (agreement, kappas, win rates, Bradley–Terry).
    fn agreement(&self, on: &Context, answers: &[Answered], report: &mut AgreementReport) {
        for key in self.keys() {
            let name = if key.is_empty() {
                self.id.to_string()
            } else {
                format!("{}.{key}", self.id)
            };
            let mut t = Table::new();
            let mut all = Vec::new();
            for a in answers {
                let Some(p) = judged(a.value).and_then(|v| {
                    v.entries()
                        .into_iter()
                        .find(|(k, _)| *k == key)
                        .map(|(_, p)| p)
                }) else {
                    continue;
                };
                let cat = p.winner.clone().unwrap_or_else(|| "tie".to_owned());
                t.entry((a.item.to_owned(), String::new()))
                    .or_default()
                    .insert(a.who.clone(), Datum::Category(cat));
                let pair = on
                    .items
                    .iter()
                    .find(|i| i.id == a.item)
                    .map(|i| self.pair(i))
                    .unwrap_or_default();
                let pair = match (pair.first(), pair.get(1), &p.winner, &p.loser) {
                    (Some(x), Some(y), _, _) => (x.min(y).clone(), x.max(y).clone()),
                    (_, _, Some(w), Some(l)) => (w.min(l).clone(), w.max(l).clone()),
                    _ => continue,
                };
                all.push(findings::Judgement {
                    item: a.item,
                    who: a.who.as_str(),
                    pair,
                    winner: p.winner.clone(),
                });
            }
            report.measures.push(measure(
                name.clone(),
                Level::Nominal,
                "the better output, or tie",
                &t,
            ));
            report
                .findings
                .push(findings::compute(name, &all).findings());
        }
    }

    /// Per criterion: wins per output (and ties).
    fn distribution(&self, values: &[&AnswerValue]) -> Vec<(String, Vec<(String, usize)>)> {
        self.keys()
            .into_iter()
            .map(|key| {
                let mut counts: SortedMap<String, usize> = SortedMap::new();
                for v in values.iter().filter_map(|v| judged(v)) {
                    for (k, p) in v.entries() {
                        if k == key {
                            *counts
                                .entry(p.winner.clone().unwrap_or_else(|| "tie".to_owned()))
                                .or_default() += 1;
                        }
                    }
                }
                let title = match self.criteria.iter().find(|c| c.id == key) {
                    Some(c) => format!("{}: {} (wins)", self.label, c.label),
                    None => format!("{} (wins)", self.label),
                };
                (title, counts.into_iter().collect())
            })
            .collect()
    }

    fn categorical(&self, value: &AnswerValue) -> Vec<String> {
        judged(value)
            .map(|v| {
                v.entries()
                    .into_iter()
                    .map(|(k, p)| {
                        format!(
                            "{}.{k}={}",
                            self.id,
                            p.winner.clone().unwrap_or_else(|| "tie".to_owned())
                        )
                    })
                    .collect()
            })
            .unwrap_or_default()
    }
}
