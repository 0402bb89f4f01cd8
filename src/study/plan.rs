//! Study plans: which items each annotator slot sees, in which order. Every item goes to K
//! different slots, loads differ by at most one item, each slot's order is shuffled
//! reproducibly from a seed, and gold items are interleaved every M items. A participant whose
//! id is not a slot of the plan gets one by a stable hash of the id.

use crate::support::rng::SplitMix;
use crate::support::sorted_map::SortedMap;
use serde::Serialize;

/// The plan format tag.
pub const PLAN_FORMAT: &str = "glossa.plan/1";

/// A plan as JSON: `{"format", "seed", "per_item", "annotators": [{"slot", "items"}], ...}`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Plan {
    /// Always [`PLAN_FORMAT`].
    pub format: &'static str,
    /// The seed the shuffles came from.
    pub seed: u64,
    /// How many annotators see each (non-gold) item.
    pub per_item: usize,
    /// Gold items interleaved every this many items (0: none).
    pub gold_every: usize,
    /// The gold items' ids (their expected answers stay in the researcher's gold file).
    pub gold: Vec<String>,
    /// The attention items' instructed answers, by item and control (what the item's own text
    /// tells the participant to choose, so nothing is given away): the pilot sends a participant
    /// who missed one to the study's attention-failure completion link. Empty: none.
    #[serde(skip_serializing_if = "SortedMap::is_empty")]
    pub attention: SortedMap<String, SortedMap<String, serde_json::Value>>,
    /// The items' field that lists their outputs, when each slot is given some of them
    /// ([`assign_outputs`]); the page shows a slot only its outputs of each item.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub outputs_field: Option<String>,
    /// The slots.
    pub annotators: Vec<Slot>,
}

/// One annotator slot.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Slot {
    /// The slot's name (`s01`, `s02`, …), or a participant id the researcher gives it.
    pub slot: String,
    /// The item ids, in the order shown.
    pub items: Vec<String>,
    /// The outputs of each item this slot rates, by item id (MQM's and ESA's raters see some
    /// of a segment's systems); an item not listed shows all of its outputs.
    #[serde(skip_serializing_if = "SortedMap::is_empty")]
    pub outputs: SortedMap<String, Vec<String>>,
}

/// Gives each slot `per_rater` of each of its items' outputs (the ids the items list in
/// `field`): each item's outputs are shuffled from the seed, and the slots that see the item
/// take them in turn, `per_rater` at a time, so every output is rated by as many slots as any
/// other, within one. Gold items keep all their outputs (their expected answers cover them).
pub fn assign_outputs(
    plan: &mut Plan,
    outputs: &[(String, Vec<String>)],
    field: &str,
    per_rater: usize,
) -> Result<(), String> {
    if per_rater == 0 {
        return Err("--outputs-per-rater must be at least 1".to_owned());
    }
    plan.outputs_field = Some(field.to_owned());
    for (item, all) in outputs {
        if plan.gold.contains(item) || all.len() <= per_rater {
            continue;
        }
        let mut order = all.clone();
        SplitMix::new(plan.seed ^ u64::from(fnv1a(item))).shuffle(&mut order);
        let mut turn = 0;
        for slot in plan
            .annotators
            .iter_mut()
            .filter(|s| s.items.contains(item))
        {
            let mine: Vec<String> = (0..per_rater)
                .map(|k| order[(turn + k) % order.len()].clone())
                .collect();
            turn += per_rater;
            // In the item's own order, as the section lists them.
            let mine = all.iter().filter(|o| mine.contains(o)).cloned().collect();
            slot.outputs.insert(item.clone(), mine);
        }
    }
    Ok(())
}

/// Makes a plan: `items` (ids) each seen by `per_item` of `annotators` slots; `gold` ids
/// interleaved every `gold_every` items of each slot (cycling through them, each at most once
/// in a slot: a page shows an item once to a participant and keeps one result of it).
pub fn make(
    items: &[String],
    per_item: usize,
    annotators: usize,
    gold: &[String],
    gold_every: usize,
    seed: u64,
) -> Result<Plan, String> {
    if items.is_empty() {
        return Err("the items file has no items".to_owned());
    }
    if annotators == 0 || per_item == 0 {
        return Err("--per-item and --annotators must be at least 1".to_owned());
    }
    if per_item > annotators {
        return Err(format!(
            "each item needs {per_item} different annotators, but the plan has only {annotators}: raise --annotators or lower --per-item"
        ));
    }
    let copies: Vec<(String, usize)> = items
        .iter()
        .filter(|i| !gold.contains(i))
        .map(|i| (i.clone(), per_item))
        .collect();
    if copies.is_empty() {
        return Err(format!(
            "every item is a gold or attention item of --gold ({}): nothing is left to assign; keep some items out of the gold file",
            gold.len()
        ));
    }
    assign(copies, per_item, annotators, gold, gold_every, seed, 's')
}

/// A re-fill plan for the judgements still missing after a collection (slots returned, timed
/// out or rejected): `missing` holds each item and how many more annotators it needs; each of
/// those goes to a different one of `annotators` new slots (`r01`, `r02`, …), loads within one
/// of each other, orders shuffled from the seed and gold interleaved as in [`make`].
pub fn refill(
    missing: &[(String, usize)],
    per_item: usize,
    annotators: usize,
    gold: &[String],
    gold_every: usize,
    seed: u64,
) -> Result<Plan, String> {
    let copies: Vec<(String, usize)> = missing.iter().filter(|(_, n)| *n > 0).cloned().collect();
    if copies.is_empty() {
        return Err("no judgement is missing: every item has its annotators".to_owned());
    }
    if let Some((item, n)) = copies.iter().find(|(_, n)| *n > annotators) {
        return Err(format!(
            "item \"{item}\" needs {n} more different annotators, but the refill has only {annotators} slots: raise --annotators"
        ));
    }
    assign(copies, per_item, annotators, gold, gold_every, seed, 'r')
}

/// How many more annotators each item needs to reach `per_item`: the distinct annotators
/// (participant ids) of its results are counted, leaving out `rejected` annotators, adjudicated
/// results and gold items. Items in the items file's order.
pub fn missing(
    items: &[String],
    gold: &[String],
    results: &[crate::result::ResultDoc],
    rejected: &[String],
    per_item: usize,
) -> Vec<(String, usize)> {
    let mut seen: SortedMap<&str, Vec<&str>> = SortedMap::new();
    for r in results.iter().filter(|r| !r.is_adjudicated()) {
        let Some(who) = crate::support::ids::participant_id(&r.ids) else {
            continue;
        };
        if rejected.iter().any(|x| x == who) {
            continue;
        }
        let list = seen.entry(r.item_id.as_str()).or_default();
        if !list.contains(&who) {
            list.push(who);
        }
    }
    items
        .iter()
        .filter(|i| !gold.contains(i))
        .map(|i| {
            let have = seen.get(i.as_str()).map_or(0, Vec::len);
            (i.clone(), per_item.saturating_sub(have))
        })
        .collect()
}

/// The slots: each item's copies to that many consecutive slots (distinct, as no item has more
/// copies than there are slots), so loads differ by at most one; each slot's order shuffled;
/// gold interleaved every `gold_every` items (there must be gold items then). Slots are named
/// `<prefix>01`, ….
fn assign(
    copies: Vec<(String, usize)>,
    per_item: usize,
    annotators: usize,
    gold: &[String],
    gold_every: usize,
    seed: u64,
    prefix: char,
) -> Result<Plan, String> {
    if gold_every > 0 && gold.is_empty() {
        return Err(
            "--gold-every needs gold items (--gold GOLD.json with at least one item)".to_owned(),
        );
    }
    let mut rng = SplitMix::new(seed);
    let mut order = copies;
    rng.shuffle(&mut order);
    let mut slots: Vec<Vec<String>> = vec![Vec::new(); annotators];
    let mut at = 0;
    for (item, n) in &order {
        for c in 0..*n {
            slots[(at + c) % annotators].push(item.clone());
        }
        at += n;
    }
    let mut out = Vec::new();
    for (n, mut list) in slots.into_iter().enumerate() {
        rng.shuffle(&mut list);
        if gold_every > 0 {
            let mut with = Vec::new();
            let mut g = n; // slots start at different gold items
            for (i, item) in list.into_iter().enumerate() {
                with.push(item);
                // (Once every gold item is in the slot, the rest of it has none.)
                if (i + 1) % gold_every == 0 && g < n + gold.len() {
                    with.push(gold[g % gold.len()].clone());
                    g += 1;
                }
            }
            list = with;
        }
        out.push(Slot {
            slot: format!(
                "{prefix}{:0width$}",
                n + 1,
                width = annotators.to_string().len().max(2)
            ),
            items: list,
            outputs: SortedMap::new(),
        });
    }
    Ok(Plan {
        format: PLAN_FORMAT,
        seed,
        per_item,
        gold_every,
        gold: gold.to_vec(),
        attention: SortedMap::new(),
        outputs_field: None,
        annotators: out,
    })
}

/// The attention items' instructed answers, for the plan: `glossa plan --gold` and the
/// studio's export. The participant's page matches each result against them (see
/// [`super::gold::Expected::instructed`]); loading the gold file has already refused an
/// attention answer that cannot be instructed, for every command alike.
pub fn attention(
    gold: &super::gold::Gold,
) -> Result<SortedMap<String, SortedMap<String, serde_json::Value>>, Vec<super::gold::GoldProblem>>
{
    use super::gold::{GoldKind, GoldProblem};
    let mut problems = Vec::new();
    let mut out = SortedMap::new();
    for (n, g) in gold.items.iter().enumerate() {
        if g.kind != GoldKind::Attention {
            continue;
        }
        let mut answers = SortedMap::new();
        for (control, e) in g.answers.iter() {
            match e.instructed() {
                Some(v) => {
                    answers.insert(control.clone(), v);
                }
                None => problems.push(GoldProblem {
                    path: format!("items[{n}].answers.{control}"),
                    message: format!("item \"{}\": \"{control}\" cannot be instructed", g.item_id),
                }),
            }
        }
        out.insert(g.item_id.clone(), answers);
    }
    if problems.is_empty() {
        Ok(out)
    } else {
        Err(problems)
    }
}

/// FNV-1a (32 bits) of a participant id's UTF-8: the slot of a participant the plan does not
/// name is `fnv1a(id) % slots` (the pilot runner computes the same in JavaScript).
pub fn fnv1a(id: &str) -> u32 {
    id.bytes().fold(0x811c_9dc5u32, |h, b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    })
}

/// The slot a participant gets: the slot named by their id, else by the hash rule.
pub fn slot_of(plan_slots: &[String], participant: &str) -> usize {
    plan_slots
        .iter()
        .position(|s| s == participant)
        .unwrap_or_else(|| fnv1a(participant) as usize % plan_slots.len().max(1))
}

impl Plan {
    /// The summary printed on standard error: items per slot, and how many slot pairs share
    /// items (agreement needs pairs).
    pub fn summary(&self) -> String {
        let loads: Vec<usize> = self.annotators.iter().map(|s| s.items.len()).collect();
        let (min, max) = (
            loads.iter().min().copied().unwrap_or(0),
            loads.iter().max().copied().unwrap_or(0),
        );
        let mut shared = 0;
        let mut pairs = 0;
        for i in 0..self.annotators.len() {
            for j in i + 1..self.annotators.len() {
                pairs += 1;
                let a = &self.annotators[i].items;
                if self.annotators[j]
                    .items
                    .iter()
                    .any(|x| !self.gold.contains(x) && a.contains(x))
                {
                    shared += 1;
                }
            }
        }
        let mut said = format!(
            "{} slots, {}–{} items each (gold included), each item seen by {}; {} of {} slot pairs share items",
            self.annotators.len(), min, max, self.per_item, shared, pairs
        );
        // A slot longer than the gold items can interleave: its end has none.
        let wanted = self
            .annotators
            .iter()
            .map(|s| s.items.iter().filter(|i| !self.gold.contains(i)).count())
            .max()
            .unwrap_or(0)
            .checked_div(self.gold_every)
            .unwrap_or(0);
        if wanted > self.gold.len() {
            said += &format!(
                "; every {} items would take {wanted} gold items, and there are {}: a participant sees each gold item once, so the last items of the longest slots have none (give more gold items or a larger --gold-every)",
                self.gold_every,
                self.gold.len()
            );
        }
        said
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(n: usize) -> Vec<String> {
        (1..=n).map(|i| format!("it-{i:03}")).collect()
    }

    #[test]
    fn every_item_k_times_by_distinct_slots_with_loads_within_one() {
        for (n, k, a) in [(10, 3, 4), (97, 2, 10), (5, 5, 5), (1, 1, 7)] {
            let plan = make(&ids(n), k, a, &[], 0, 1).unwrap();
            for item in ids(n) {
                let holders: Vec<&Slot> = plan
                    .annotators
                    .iter()
                    .filter(|s| s.items.contains(&item))
                    .collect();
                assert_eq!(holders.len(), k, "{item} in {n}/{k}/{a}");
                assert!(holders
                    .iter()
                    .all(|s| s.items.iter().filter(|x| **x == item).count() == 1));
            }
            let loads: Vec<usize> = plan.annotators.iter().map(|s| s.items.len()).collect();
            assert!(
                loads.iter().max().unwrap() - loads.iter().min().unwrap() <= 1,
                "{loads:?}"
            );
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_plan_and_another_a_different_order() {
        let a = make(&ids(30), 3, 6, &[], 0, 7).unwrap();
        assert_eq!(a, make(&ids(30), 3, 6, &[], 0, 7).unwrap());
        assert_ne!(
            a.annotators[0].items,
            make(&ids(30), 3, 6, &[], 0, 8).unwrap().annotators[0].items
        );
    }

    #[test]
    fn gold_items_are_interleaved_and_impossible_plans_refused() {
        let gold = vec!["g-1".to_owned(), "g-2".to_owned()];
        let mut items = ids(20);
        items.extend(gold.clone());
        let plan = make(&items, 2, 4, &gold, 3, 1).unwrap();
        for s in &plan.annotators {
            // Every fourth item is gold while gold items are left; none twice in a slot.
            for (i, item) in s.items.iter().enumerate().take(8) {
                assert_eq!(gold.contains(item), (i + 1) % 4 == 0, "{:?}", s.items);
            }
            assert!(
                !s.items[8..].iter().any(|i| gold.contains(i)),
                "{:?}",
                s.items
            );
            let shown: std::collections::BTreeSet<&String> = s.items.iter().collect();
            assert_eq!(shown.len(), s.items.len(), "no item twice: {:?}", s.items);
        }
        assert!(
            plan.summary()
                .contains("would take 3 gold items, and there are 2"),
            "{}",
            plan.summary()
        );
        assert!(make(&ids(5), 4, 3, &[], 0, 1)
            .unwrap_err()
            .contains("only 3"));
        assert!(make(&[], 1, 1, &[], 0, 1).is_err());
        assert!(make(&ids(5), 1, 1, &[], 2, 1).is_err());
    }

    #[test]
    fn unnamed_participants_hash_to_slots_evenly() {
        assert_eq!(fnv1a(""), 0x811c_9dc5);
        assert_eq!(fnv1a("a"), 0xe40c_292c);
        let slots: Vec<String> = (1..=10).map(|i| format!("s{i:02}")).collect();
        assert_eq!(
            slot_of(&slots, "s03"),
            2,
            "a participant named as a slot gets it"
        );
        let mut rng = SplitMix::new(99);
        for (people, worst) in [(50usize, 11usize), (200, 32), (1000, 125)] {
            let mut counts = vec![0usize; slots.len()];
            for _ in 0..people {
                let id = format!(
                    "{:024x}",
                    u128::from(rng.next_u64()) << 32 | u128::from(rng.next_u64())
                );
                counts[slot_of(&slots, &id)] += 1;
            }
            let max = *counts.iter().max().unwrap();
            assert!(max <= worst, "{people}: {counts:?}");
        }
    }
}
