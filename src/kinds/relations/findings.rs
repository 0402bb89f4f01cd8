//! Agreement on links between annotators of a `relations` control: for every item and every
//! pair of its annotators, relation F₁ — links matched one to one, their passages matched
//! exactly (same label and edges) or by overlap (same label, a character in common), in order
//! for a directed type — summed over all pairs and items (micro averages), overall and per
//! type; and for each chain type the coreference field's scores (MUC, B³, CEAFₑ, BLANC and the
//! CoNLL F₁, `analysis::coreference`), averaged over the pairs.

use super::spec::{LinkShape, RelationsControl};
use crate::analysis::coreference;
use crate::analysis::findings::{esc, f3, Figures};
use crate::analysis::relations::{matched, Link, Matching, SpanKey};
use crate::answer::{LabelledSpanValue, RelationsValue};
use crate::support::sorted_map::SortedMap;
use serde_json::{json, Value};
use std::collections::{BTreeMap, BTreeSet};

/// The group these findings go under in the agreement's JSON (`Analyse::FINDINGS`).
pub(super) const GROUP: &str = "relation_f1";

/// Links of the first annotators, of the second, and matched, summed over pairs.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Tally {
    /// The first annotators' links.
    pub first: usize,
    /// The second annotators' links.
    pub second: usize,
    /// Links matched one to one.
    pub matched: usize,
}

impl Tally {
    /// Precision (of the second's links), recall (of the first's) and F₁; `None` where there
    /// was nothing to compare.
    pub fn scores(&self) -> (Option<f64>, Option<f64>, Option<f64>) {
        let share = |of: usize| (of > 0).then(|| self.matched as f64 / of as f64);
        let f1 = (self.first + self.second > 0).then(|| 2.0 * self.matched as f64 / (self.first + self.second) as f64);
        (share(self.second), share(self.first), f1)
    }

    fn json(&self) -> Value {
        let (p, r, f) = self.scores();
        json!({ "precision": p, "recall": r, "f1": f, "links": [self.first, self.second], "matched": self.matched })
    }

    fn add(&mut self, key: &[Link], response: &[Link], matching: Matching) {
        self.first += key.len();
        self.second += response.len();
        self.matched += matched(key, response, matching);
    }
}

/// Chain agreement of one chain type: each score's F₁ summed over the pairs of annotators of
/// whom at least one made a chain of the type, and those pairs.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ChainSums {
    /// Pairs of annotators compared.
    pub pairs: usize,
    /// MUC, B³, CEAFₑ, BLANC and CoNLL F₁, summed.
    pub f1: [f64; 5],
}

/// The scores' names, in [`ChainSums::f1`]'s order.
const CHAIN_SCORES: [&str; 5] = ["muc", "b_cubed", "ceaf_e", "blanc", "conll"];

impl ChainSums {
    /// The mean F₁ of each score over the pairs (`None` without pairs).
    pub fn means(&self) -> [Option<f64>; 5] {
        self.f1.map(|s| (self.pairs > 0).then(|| s / self.pairs as f64))
    }
}

/// One control's agreement on links.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RelationF1 {
    /// The control.
    pub key: String,
    /// Annotator pairs compared (summed over items).
    pub pairs: usize,
    /// Every type but chains together: exact, then overlap.
    pub all: (Tally, Tally),
    /// Per type (chains too, their links compared as links): exact, then overlap.
    pub types: SortedMap<String, (Tally, Tally)>,
    /// Per chain type, the coreference scores of the chains.
    pub chains: SortedMap<String, ChainSums>,
}

fn span(s: &LabelledSpanValue) -> SpanKey {
    SpanKey { start: s.start, end: s.end, label: s.label.clone() }
}

/// An annotator's links, as the scores compare them.
pub fn links(c: &RelationsControl, v: &RelationsValue) -> Vec<Link> {
    (v.links.iter())
        .map(|l| Link {
            label: l.label.clone(),
            from: span(&l.head),
            to: span(&l.tail),
            directed: c.relation_type(&l.label).is_none_or(|t| t.shape.directed()),
        })
        .collect()
}

/// An annotator's chains of one type: each a set of mentions (start and end).
fn chains(v: &RelationsValue, kind: &str) -> Vec<BTreeSet<(usize, usize)>> {
    (v.chains.get(kind).into_iter().flatten())
        .map(|c| c.iter().map(|s| (s.start, s.end)).collect())
        .collect()
}

/// The agreement of one control over each item's annotators (item → annotator → value).
pub fn compute(c: &RelationsControl, by_item: &BTreeMap<String, SortedMap<String, &RelationsValue>>) -> RelationF1 {
    let mut out = RelationF1 { key: c.id.to_string(), ..RelationF1::default() };
    let chain_types: Vec<&str> = (c.types.iter()).filter(|t| t.shape == LinkShape::Chain).map(|t| t.value.as_str()).collect();
    for by in by_item.values() {
        let list: Vec<&RelationsValue> = by.values().copied().collect();
        for i in 0..list.len() {
            for j in i + 1..list.len() {
                out.pairs += 1;
                let (a, b) = (links(c, list[i]), links(c, list[j]));
                let plain = |ls: &[Link]| ls.iter().filter(|l| !chain_types.contains(&l.label.as_str())).cloned().collect::<Vec<_>>();
                let (pa, pb) = (plain(&a), plain(&b));
                out.all.0.add(&pa, &pb, Matching::Exact);
                out.all.1.add(&pa, &pb, Matching::Overlap);
                for t in &c.types {
                    let of = |ls: &[Link]| ls.iter().filter(|l| l.label == t.value.as_str()).cloned().collect::<Vec<_>>();
                    let (ta, tb) = (of(&a), of(&b));
                    let entry = out.types.entry(t.value.to_string()).or_default();
                    entry.0.add(&ta, &tb, Matching::Exact);
                    entry.1.add(&ta, &tb, Matching::Overlap);
                }
                for kind in &chain_types {
                    let (ka, kb) = (chains(list[i], kind), chains(list[j], kind));
                    // (Two annotators with no chain of the type: nothing to compare.)
                    if ka.is_empty() && kb.is_empty() {
                        continue;
                    }
                    let sums = out.chains.entry((*kind).to_owned()).or_default();
                    sums.pairs += 1;
                    // (One annotator with no chain of the type agrees on none: every score 0,
                    // where BLANC alone would score an empty side against one chain as whole.)
                    if ka.is_empty() || kb.is_empty() {
                        continue;
                    }
                    let s = coreference::scores(&ka, &kb);
                    for (k, f) in [s.muc.f1, s.b_cubed.f1, s.ceaf_e.f1, s.blanc.f1, s.conll].into_iter().enumerate() {
                        sums.f1[k] += f;
                    }
                }
            }
        }
    }
    out
}

impl Figures for RelationF1 {
    const GROUP: &'static str = GROUP;

    fn key(&self) -> &str {
        &self.key
    }

    /// Pairs, exact and overlap scores of every type but chains and per type (with the links
    /// each side made and how many matched), and per chain type the mean F₁ of each score.
    fn json(&self) -> Value {
        let types: serde_json::Map<String, Value> = (self.types.iter())
            .map(|(t, (e, o))| (t.clone(), json!({ "exact": e.json(), "overlap": o.json() })))
            .collect();
        let chains: serde_json::Map<String, Value> = (self.chains.iter())
            .map(|(t, s)| {
                let m: serde_json::Map<String, Value> = CHAIN_SCORES.iter().zip(s.means()).map(|(k, v)| ((*k).to_owned(), json!(v))).collect();
                (t.clone(), Value::Object(m))
            })
            .collect();
        json!({ "pairs": self.pairs, "exact": self.all.0.json(), "overlap": self.all.1.json(), "types": types, "chains": chains })
    }

    /// The report's section: precision, recall and F₁ per type, exact and overlapping, then
    /// the chains' scores.
    fn html(&self) -> String {
        let mut h = format!("<h3>Relation F1 between annotators: {} ({} pairs)</h3><p>A link matches a link of the same type whose passages match, in order for a directed type. Exact: the same label and edges. Overlap: the same label, a character in common. Micro averages over every pair of annotators of every item.</p><table><thead><tr><th>type</th><th>exact P</th><th>exact R</th><th>exact F1</th><th>overlap P</th><th>overlap R</th><th>overlap F1</th></tr></thead><tbody>", esc(&self.key), self.pairs);
        let row = |name: &str, e: &Tally, o: &Tally| {
            let ((ep, er, ef), (op, or, of)) = (e.scores(), o.scores());
            format!("<tr><td>{}</td><td class=n>{}</td><td class=n>{}</td><td class=n>{}</td><td class=n>{}</td><td class=n>{}</td><td class=n>{}</td></tr>", esc(name), f3(ep), f3(er), f3(ef), f3(op), f3(or), f3(of))
        };
        h += &row("all types but chains", &self.all.0, &self.all.1);
        for (t, (e, o)) in &self.types {
            h += &row(t, e, o);
        }
        h += "</tbody></table>";
        if !self.chains.is_empty() {
            h += "<p>Chains: the coreference field's scores of one annotator's chains against another's, mean F1 over the pairs.</p><table><thead><tr><th>chain type</th><th>MUC</th><th>B³</th><th>CEAFe</th><th>BLANC</th><th>CoNLL</th></tr></thead><tbody>";
            for (t, s) in &self.chains {
                let m = s.means();
                h += &format!("<tr><td>{}</td>{}</tr>", esc(t), m.iter().map(|x| format!("<td class=n>{}</td>", f3(*x))).collect::<String>());
            }
            h += "</tbody></table>";
        }
        h
    }

    /// The command line's summary.
    fn text(&self) -> String {
        let mut t = format!("\nrelation F1, {} ({} annotator pairs; exact: same passages, overlap: passages sharing a character)\n", self.key, self.pairs);
        t += &format!("{:<28} {:>7} {:>7} {:>7}  {:>7} {:>7} {:>7}\n", "type", "exact P", "R", "F1", "overl P", "R", "F1");
        let mut row = |name: &str, e: &Tally, o: &Tally| {
            let ((ep, er, ef), (op, or, of)) = (e.scores(), o.scores());
            t += &format!("{:<28} {:>7} {:>7} {:>7}  {:>7} {:>7} {:>7}\n", name, f3(ep), f3(er), f3(ef), f3(op), f3(or), f3(of));
        };
        row("*", &self.all.0, &self.all.1);
        for (name, (e, o)) in &self.types {
            row(name, e, o);
        }
        for (name, s) in &self.chains {
            let m = s.means();
            t += &format!(
                "chains {name}: MUC {} B³ {} CEAFe {} BLANC {} CoNLL {}\n",
                f3(m[0]),
                f3(m[1]),
                f3(m[2]),
                f3(m[3]),
                f3(m[4])
            );
        }
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::answer::LinkValue;

    fn control() -> RelationsControl {
        serde_json::from_value(json!({
            "id": "rel", "label": "Relations", "spans": "ner",
            "types": [{"value": "works_for", "label": "works for", "from": ["PER"], "to": ["ORG"]},
                      {"value": "alias", "label": "alias", "shape": "chain"}]
        }))
        .unwrap()
    }

    fn s(start: usize, end: usize, label: &str) -> LabelledSpanValue {
        LabelledSpanValue { label: label.into(), start, end, ..LabelledSpanValue::default() }
    }

    fn value(links: &[(&str, LabelledSpanValue, LabelledSpanValue)], chains: Vec<Vec<LabelledSpanValue>>) -> RelationsValue {
        let mut v = RelationsValue {
            links: links.iter().map(|(l, h, t)| LinkValue { label: (*l).into(), head: h.clone(), tail: t.clone(), attributes: Default::default() }).collect(),
            ..RelationsValue::default()
        };
        if !chains.is_empty() {
            v.chains.insert("alias".into(), chains);
        }
        v
    }

    #[test]
    fn links_match_exactly_or_by_overlap_and_in_order() {
        let (anna, acme, anna_k) = (s(0, 4, "PER"), s(15, 19, "ORG"), s(0, 10, "PER"));
        let a = value(&[("works_for", anna.clone(), acme.clone())], vec![]);
        // The same link with a longer first passage: no exact match, an overlapping one.
        let b = value(&[("works_for", anna_k.clone(), acme.clone())], vec![]);
        let by: BTreeMap<String, SortedMap<String, &RelationsValue>> =
            [("i1".to_owned(), [("x".to_owned(), &a), ("y".to_owned(), &b)].into_iter().collect())].into_iter().collect();
        let f = compute(&control(), &by);
        assert_eq!(f.pairs, 1);
        assert_eq!(f.all.0.scores(), (Some(0.0), Some(0.0), Some(0.0)));
        assert_eq!(f.all.1.scores(), (Some(1.0), Some(1.0), Some(1.0)));
        // Turned round, a directed link is another link.
        let c = value(&[("works_for", acme.clone(), anna.clone())], vec![]);
        let by: BTreeMap<String, SortedMap<String, &RelationsValue>> =
            [("i1".to_owned(), [("x".to_owned(), &a), ("z".to_owned(), &c)].into_iter().collect())].into_iter().collect();
        assert_eq!(compute(&control(), &by).all.1.matched, 0);
    }

    #[test]
    fn chains_are_scored_as_coreference_and_kept_out_of_the_links_total() {
        let m = |i: usize| s(i * 10, i * 10 + 3, "PER");
        let a = value(&[("alias", m(0), m(1)), ("alias", m(1), m(2))], vec![vec![m(0), m(1), m(2)]]);
        let b = value(&[("alias", m(0), m(1))], vec![vec![m(0), m(1)]]);
        let by: BTreeMap<String, SortedMap<String, &RelationsValue>> =
            [("i1".to_owned(), [("x".to_owned(), &a), ("y".to_owned(), &b)].into_iter().collect())].into_iter().collect();
        let f = compute(&control(), &by);
        assert_eq!(f.all.0, Tally::default(), "no link of a plain type");
        let chain = f.chains["alias"];
        assert_eq!(chain.pairs, 1);
        // MUC: key {0,1,2} needs 2 links, the response keeps 1 → recall 1/2; precision 1/1.
        let muc = chain.means()[0].unwrap();
        assert!((muc - 2.0 / 3.0).abs() < 1e-9, "{muc}");
        let json = f.json();
        assert_eq!(json["types"]["alias"]["exact"]["matched"], 1);
        assert!(f.text().contains("chains alias: MUC 0.667"), "{}", f.text());
    }
}
