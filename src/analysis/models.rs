//! A model beside the annotators, for each control an item suggested answers for (the results'
//! `provenance`): the model as one more annotator in every agreement measure (α without and
//! with it), its precision, recall and F1 per label against the annotators' majority (spans:
//! exact and overlapping), for ratings, preferences and rankings its correlation with the
//! annotators' mean (Pearson, Spearman, Kendall's τ-b: an LLM judge's calibration), what the
//! annotators did with its suggestions (per label and per annotator), and anchoring: how far
//! the annotators agree with the model on items shown with its suggestions against items shown
//! without (the spec's split), overall and per annotator, with a 95% interval.

use super::findings::{annotator, esc, f3, Figures, Findings};
use super::stats::{difference, kendall, mean, pearson, prf, spearman};
use crate::answer::AnswerValue;
use crate::item::Item;
use crate::result::ResultDoc;
use crate::spec::{Control, TaskSpec};
use serde_json::{json, Value};
use std::collections::BTreeMap;

/// The group these findings go under in the agreement's JSON.
pub const GROUP: &str = "models";

/// A labelled span as a set member: label, first and last word.
type Span = (String, usize, usize);

/// A value's labelled spans (`None`: not a labelled-span value).
fn spans(value: &AnswerValue) -> Option<Vec<Span>> {
    let v = value.span_labels()?;
    Some(
        v.spans
            .iter()
            .map(|s| (s.label.clone(), s.first_word, s.last_word))
            .collect(),
    )
}

/// A value's categories (see [`AnswerValue::categories`]).
fn categories(value: &AnswerValue) -> Option<Vec<String>> {
    value.categories().map(|c| c.0)
}

/// A value's numbers by sub-unit (see [`AnswerValue::numbers`]).
fn numbers(value: &AnswerValue) -> Option<Vec<(String, f64)>> {
    value.numbers()
}

/// How far one answer agrees with the model's: F1 of exact spans or of options (both empty:
/// 1), else 1 when equal and 0 when not.
fn with_model(answer: &AnswerValue, model: &AnswerValue) -> f64 {
    let f1 = |a: &[String], m: &[String]| {
        if a.is_empty() && m.is_empty() {
            return 1.0;
        }
        let hit = a.iter().filter(|x| m.contains(x)).count();
        prf(hit, m.len(), hit, a.len()).2
    };
    let keyed = |s: Vec<Span>| {
        s.into_iter()
            .map(|(l, a, b)| format!("{l}:{a}-{b}"))
            .collect::<Vec<_>>()
    };
    match (spans(answer), spans(model)) {
        (Some(a), Some(m)) => return f1(&keyed(a), &keyed(m)),
        _ => {}
    }
    match (answer.categories(), model.categories()) {
        (Some((a, true)), Some((m, true))) => f1(&a, &m),
        _ => f64::from(u8::from(answer == model)),
    }
}

/// Per label: matched predictions, predictions, matched references, references.
type Tally = BTreeMap<String, [usize; 4]>;

fn tally_json(t: &Tally) -> Value {
    let row = |c: &[usize; 4]| {
        let (p, r, f) = prf(c[0], c[1], c[2], c[3]);
        json!({"precision": p, "recall": r, "f1": f, "predicted": c[1], "support": c[3]})
    };
    let mut micro = [0; 4];
    for c in t.values() {
        for k in 0..4 {
            micro[k] += c[k];
        }
    }
    json!({
        "labels": t.iter().map(|(l, c)| (l.clone(), row(c))).collect::<serde_json::Map<_, _>>(),
        "micro": row(&micro),
    })
}

/// What a strict majority of the annotators gave (more than half), each annotator's parts
/// counted once.
fn majority<T: Ord + Clone>(answers: &[Vec<T>]) -> Vec<T> {
    let mut count: BTreeMap<T, usize> = BTreeMap::new();
    for parts in answers {
        let mut seen = parts.clone();
        seen.sort();
        seen.dedup();
        for p in seen {
            *count.entry(p).or_default() += 1;
        }
    }
    count
        .into_iter()
        .filter(|(_, c)| c * 2 > answers.len())
        .map(|(p, _)| p)
        .collect()
}

/// Scores the model's parts against the majority's, per label: each predicted part that
/// `hits` a reference part, each reference part a predicted one hits.
fn score<T>(
    t: &mut Tally,
    predicted: &[T],
    reference: &[T],
    label: impl Fn(&T) -> String,
    hits: impl Fn(&T, &T) -> bool,
) {
    for p in predicted {
        let e = t.entry(label(p)).or_insert([0; 4]);
        e[1] += 1;
        e[0] += usize::from(reference.iter().any(|r| hits(p, r)));
    }
    for r in reference {
        let e = t.entry(label(r)).or_insert([0; 4]);
        e[3] += 1;
        e[2] += usize::from(predicted.iter().any(|p| hits(p, r)));
    }
}

/// One control's figures.
pub struct ModelFigures {
    key: String,
    json: Value,
    summary: Vec<String>,
}

impl Figures for ModelFigures {
    const GROUP: &'static str = GROUP;
    fn key(&self) -> &str {
        &self.key
    }
    fn json(&self) -> Value {
        self.json.clone()
    }
    fn html(&self) -> String {
        let rows: String = self
            .summary
            .iter()
            .map(|s| format!("<li>{}</li>", esc(s)))
            .collect();
        let j = &self.json;
        let mut out = format!(
            "<h3>The model beside the annotators: {} ({})</h3><ul>{rows}</ul>",
            esc(&self.key),
            esc(j["model"].as_str().unwrap_or_default())
        );
        if let Some(labels) = j["decisions"]["by_label"]
            .as_object()
            .filter(|m| !m.is_empty())
        {
            out.push_str("<table><thead><tr><th>suggested label</th><th>suggested</th><th>accepted</th><th>kept</th><th>changed</th><th>rejected</th><th>added by annotators</th><th>accepted as suggested</th></tr></thead><tbody>");
            for (label, c) in labels {
                let n = c["suggested"].as_f64().unwrap_or(0.0);
                let share = (n > 0.0).then(|| {
                    (c["accepted"].as_f64().unwrap_or(0.0) + c["kept"].as_f64().unwrap_or(0.0)) / n
                });
                let bar = share.map_or(String::new(), |s| format!("<span class=\"bar\" style=\"display:inline-block;height:.7em;width:{:.0}px;background:#1f5fbf\"></span> ", s * 100.0));
                out.push_str(&format!(
                    "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{bar}{}</td></tr>",
                    esc(label), c["suggested"], c["accepted"], c["kept"], c["changed"], c["rejected"], c["added"], f3(share)
                ));
            }
            out.push_str("</tbody></table>");
        }
        out
    }
    fn text(&self) -> String {
        let mut out = format!(
            "\nmodel {} on {}:\n",
            self.json["model"].as_str().unwrap_or_default(),
            self.key
        );
        for s in &self.summary {
            out.push_str(&format!("  {s}\n"));
        }
        out
    }
}

/// The model's figures per control, over results already unfolded (`outputs::unfold`: a
/// control a section asks per output is a unit per output, the model's answer on it from that
/// output's provenance), or a spec with no section asked per output.
pub fn findings_of(spec: &TaskSpec, items: &[Item], results: &[ResultDoc]) -> Vec<Findings> {
    let mut out = Vec::new();
    for control in &spec.controls {
        if let Some(f) = control_figures(spec, items, results, control) {
            out.push(f.findings());
        }
    }
    out
}

fn control_figures(
    spec: &TaskSpec,
    items: &[Item],
    results: &[ResultDoc],
    control: &Control,
) -> Option<ModelFigures> {
    let id = control.id();
    // The model's answer per item, read from the results that recorded it.
    let mut model: BTreeMap<String, AnswerValue> = BTreeMap::new();
    let mut name = String::new();
    for r in results {
        let Some(p) = r.provenance.get(id) else {
            continue;
        };
        if let Ok(v) = AnswerValue::read(control, &p.suggested) {
            name.clone_from(&p.model);
            model.entry(r.item_id.clone()).or_insert(v);
        }
    }
    if model.is_empty() {
        return None;
    }
    let mut summary = Vec::new();
    let mut json = json!({"model": name, "items": model.len()});

    // The model as one more annotator.
    let mut with = results.to_vec();
    for (item, value) in &model {
        if let Ok(mut doc) = serde_json::from_value::<ResultDoc>(json!({"item_id": item})) {
            doc.ids
                .insert("participant".to_owned(), format!("model:{name}"));
            doc.answers.insert(id.clone(), value.clone());
            with.push(doc);
        }
    }
    // α of this control alone (the others' are as they were), without and with the model.
    let mut alone = spec.clone();
    alone.controls.retain(|c| c.id() == id);
    let without = super::agreement::measure_all(&alone, items, results).measures;
    let with_it = super::agreement::measure_all(&alone, items, &with).measures;
    let mut alpha = serde_json::Map::new();
    for m in &without {
        let w = with_it
            .iter()
            .find(|x| x.key == m.key)
            .and_then(|x| x.agreement.alpha);
        alpha.insert(
            m.key.clone(),
            json!({"level": m.level.as_str(), "without": m.agreement.alpha, "with": w}),
        );
        summary.push(format!(
            "α {}: {} without the model, {} with it",
            m.key,
            f3(m.agreement.alpha),
            f3(w)
        ));
    }
    json["alpha"] = Value::Object(alpha);

    // The annotators' answers per item.
    let mut human: BTreeMap<String, Vec<&AnswerValue>> = BTreeMap::new();
    for r in results {
        if let Some(v) = r.answers.get(id) {
            human.entry(r.item_id.clone()).or_default().push(v);
        }
    }

    // Against the annotators' strict majority.
    let first = model.values().next()?;
    if spans(first).is_some() {
        let (mut exact, mut overlap, mut n) = (Tally::new(), Tally::new(), 0);
        for (item, m) in &model {
            let Some(answers) = human.get(item) else {
                continue;
            };
            n += 1;
            let marked: Vec<Vec<Span>> = answers
                .iter()
                .map(|a| spans(a).unwrap_or_default())
                .collect();
            let reference = majority(&marked);
            let mut predicted = spans(m).unwrap_or_default();
            predicted.sort();
            predicted.dedup();
            let label = |s: &Span| s.0.clone();
            score(&mut exact, &predicted, &reference, label, |a, b| a == b);
            let overlaps = |a: &Span, b: &Span| a.0 == b.0 && a.1 <= b.2 && b.1 <= a.2;
            score(&mut overlap, &predicted, &reference, label, overlaps);
        }
        let (e, o) = (tally_json(&exact), tally_json(&overlap));
        summary.push(format!(
            "against the annotators' majority ({n} items): exact F1 {}, overlapping F1 {}",
            f3(e["micro"]["f1"].as_f64()),
            f3(o["micro"]["f1"].as_f64())
        ));
        json["vs_majority"] = json!({"reference": "spans a strict majority of the item's annotators marked", "items": n, "exact": e, "overlap": o});
    } else if categories(first).is_some() {
        let single = first.categories().is_some_and(|c| !c.1);
        let (mut t, mut n, mut no_majority) = (Tally::new(), 0, 0);
        for (item, m) in &model {
            let Some(answers) = human.get(item) else {
                continue;
            };
            let chosen: Vec<Vec<String>> = answers
                .iter()
                .map(|a| categories(a).unwrap_or_default())
                .collect();
            let reference = majority(&chosen);
            if single && reference.is_empty() {
                no_majority += 1;
                continue;
            }
            n += 1;
            let predicted = categories(m).unwrap_or_default();
            score(&mut t, &predicted, &reference, String::clone, |a, b| a == b);
        }
        let e = tally_json(&t);
        summary.push(format!(
            "against the annotators' majority ({n} items, {no_majority} without one): micro F1 {}",
            f3(e["micro"]["f1"].as_f64())
        ));
        json["vs_majority"] = json!({"reference": "the option(s) a strict majority of the item's annotators chose", "items": n, "no_majority": no_majority, "exact": e});
    } else if numbers(first).is_some() {
        let mut pairs = Vec::new();
        for (item, m) in &model {
            let Some(answers) = human.get(item) else {
                continue;
            };
            for (key, x) in numbers(m).unwrap_or_default() {
                let ys: Vec<f64> = answers
                    .iter()
                    .filter_map(|a| {
                        numbers(a)?
                            .into_iter()
                            .find(|(k, _)| *k == key)
                            .map(|(_, y)| y)
                    })
                    .collect();
                if let Some(y) = mean(&ys) {
                    pairs.push((x, y));
                }
            }
        }
        let (p, s, k) = (pearson(&pairs), spearman(&pairs), kendall(&pairs));
        summary.push(format!(
            "with the annotators' mean ({} values): Pearson {}, Spearman {}, Kendall's τ-b {}",
            pairs.len(),
            f3(p),
            f3(s),
            f3(k)
        ));
        json["correlation"] = json!({"values": "the model's value against the annotators' mean, per item and output (or criterion)", "n": pairs.len(), "pearson": p, "spearman": s, "kendall_tau_b": k});
    }

    // What the annotators did with the suggestions they saw.
    let label_of = |v: &Value| -> String {
        match v {
            Value::String(s) => s.clone(),
            Value::Object(o) if o.contains_key("label") => {
                o["label"].as_str().unwrap_or_default().to_owned()
            }
            // A number or a choice of yes/no is its own label; any other whole answer (a
            // judgement per criterion, a ranking) is one part.
            Value::Number(n) => n.to_string(),
            Value::Bool(b) => b.to_string(),
            _ => "(the whole answer)".to_owned(),
        }
    };
    let blank = || json!({"suggested": 0, "accepted": 0, "kept": 0, "changed": 0, "rejected": 0, "added": 0, "pending": 0});
    let (mut by_label, mut by_who) = (serde_json::Map::new(), serde_json::Map::new());
    let bump = |map: &mut serde_json::Map<String, Value>, key: String, what: &str| {
        let e = map.entry(key).or_insert_with(blank);
        e[what] = json!(e[what].as_u64().unwrap_or(0) + 1);
    };
    let mut suggested = 0;
    for (n, r) in results.iter().enumerate() {
        let Some(p) = r.provenance.get(id).filter(|p| p.shown) else {
            continue;
        };
        let who = annotator(r, n);
        for u in &p.units {
            let what = u.decision.as_str();
            let label = match (&u.suggested, &u.answer) {
                (Some(s), _) => label_of(s),
                (None, Some(a)) => label_of(a),
                _ => continue,
            };
            if u.suggested.is_some() {
                suggested += 1;
                bump(&mut by_label, label.clone(), "suggested");
                bump(&mut by_who, who.clone(), "suggested");
            }
            bump(&mut by_label, label, what);
            bump(&mut by_who, who.clone(), what);
        }
    }
    let count = |what: &str| {
        by_label
            .values()
            .map(|v| v[what].as_u64().unwrap_or(0))
            .sum::<u64>()
    };
    let as_is = count("accepted") + count("kept");
    summary.push(format!(
        "of {suggested} suggested part{} shown: {as_is} accepted as suggested, {} changed, {} rejected; {} part{} added",
        if suggested == 1 { "" } else { "s" },
        count("changed"),
        count("rejected"),
        count("added"),
        if count("added") == 1 { "" } else { "s" }
    ));
    json["decisions"] =
        json!({"suggested": suggested, "by_label": by_label, "by_annotator": by_who});

    // Anchoring: agreement with the model where it was shown against where it was not.
    let mut shown: BTreeMap<bool, Vec<f64>> = BTreeMap::new();
    let mut per: BTreeMap<String, BTreeMap<bool, Vec<f64>>> = BTreeMap::new();
    for (n, r) in results.iter().enumerate() {
        let (Some(p), Some(a), Some(m)) = (
            r.provenance.get(id),
            r.answers.get(id),
            model.get(&r.item_id),
        ) else {
            continue;
        };
        let score = with_model(a, m);
        shown.entry(p.shown).or_default().push(score);
        per.entry(annotator(r, n))
            .or_default()
            .entry(p.shown)
            .or_default()
            .push(score);
    }
    let side = |v: Option<&Vec<f64>>| json!({"results": v.map_or(0, Vec::len), "mean": v.and_then(|v| mean(v))});
    let effect = |m: &BTreeMap<bool, Vec<f64>>| difference(m.get(&true)?, m.get(&false)?);
    if shown.contains_key(&false) {
        let overall = effect(&shown);
        let by: serde_json::Map<String, Value> = per
            .iter()
            .map(|(who, m)| {
                let e = effect(m);
                (who.clone(), json!({"shown": side(m.get(&true)), "hidden": side(m.get(&false)), "effect": e.map(|x| x.0), "ci95": e.map(|x| [x.1 .0, x.1 .1])}))
            })
            .collect();
        summary.push(format!(
            "anchoring: agreement with the model {} where shown, {} where hidden: effect {} (95% CI {} to {})",
            f3(shown.get(&true).and_then(|v| mean(v))),
            f3(shown.get(&false).and_then(|v| mean(v))),
            f3(overall.map(|x| x.0)),
            f3(overall.map(|x| x.1 .0)),
            f3(overall.map(|x| x.1 .1))
        ));
        json["anchoring"] = json!({
            "measure": "each result's agreement with the model's suggestion (spans and options: F1 of exact matches; else 1 when equal): mean where shown minus mean where hidden; 95% interval by the normal approximation with unpooled variances",
            "shown": side(shown.get(&true)),
            "hidden": side(shown.get(&false)),
            "effect": overall.map(|x| x.0),
            "ci95": overall.map(|x| [x.1 .0, x.1 .1]),
            "by_annotator": by,
        });
    }
    Some(ModelFigures {
        key: id.to_string(),
        json,
        summary,
    })
}
