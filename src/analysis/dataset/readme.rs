//! The dataset card's text (`README.md`): the Hub's YAML metadata (licence, languages, task
//! categories, size, a config per table), then what the study knows of itself — the task and
//! its guidelines, the labels and their definitions, languages and scripts, sampling and
//! assignment, the annotators, quality control, agreement with its intervals, aggregation,
//! model suggestions and their anchoring — and Bender & Friedman's data statement.

use super::card::{size_category, CardInfo};
use super::table::{Leaf, Shape, Table};
use super::tables::METHODS;
use crate::analysis::agreement::annotator;
use crate::analysis::dashboard::median;
use crate::analysis::findings::f3;
use crate::item::Item;
use crate::result::ResultDoc;
use crate::spec::TaskSpec;
use crate::study::gold::{Gold, GoldKind};
use serde_json::Value as Json;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;

/// What the card is made from.
pub struct Study<'a> {
    /// The spec.
    pub spec: &'a TaskSpec,
    /// The items.
    pub items: &'a [Item],
    /// The published results (pseudonyms; notes left out unless kept).
    pub results: &'a [ResultDoc],
    /// The gold and attention items, when given.
    pub gold: Option<&'a Gold>,
    /// The plan (`glossa plan`'s JSON), when given.
    pub plan: Option<&'a Json>,
    /// The researcher's answers.
    pub card: &'a CardInfo,
    /// The tables, in the folder's order.
    pub tables: &'a [Table],
    /// Results `glossa validate` refused, and whether they were published all the same.
    pub refused: (usize, bool),
    /// Whether free-text notes were kept.
    pub keep_notes: bool,
    /// The files beside the data (`spec.json`, the items as given, `report.html`).
    pub files: &'a [(String, String)],
}

/// Marks what only the researcher can say.
pub const TO_COMPLETE: &str = "*To be completed by the dataset's curators.*";

/// A YAML scalar: JSON's double-quoted string is YAML's too.
fn yaml(s: &str) -> String {
    serde_json::to_string(s).expect("a string serialises")
}

/// The data files of a table's split, as the folder holds them.
pub fn data_file(table: &str, split: &str, ext: &str) -> String {
    format!("data/{table}/{split}.{ext}")
}

/// The card's YAML front matter.
fn front_matter(s: &Study, languages: &[String]) -> String {
    let mut y = String::from("---\n");
    let _ = writeln!(
        y,
        "license: {}",
        yaml(s.card.license.as_deref().unwrap_or("unknown"))
    );
    if let Some(n) = &s.card.license_name {
        let _ = writeln!(y, "license_name: {}", yaml(n));
    }
    if let Some(l) = &s.card.license_link {
        let _ = writeln!(y, "license_link: {}", yaml(l));
    }
    y.push_str("language:\n");
    for l in languages {
        let _ = writeln!(y, "- {}", yaml(l));
    }
    if let Some(n) = &s.card.pretty_name {
        let _ = writeln!(y, "pretty_name: {}", yaml(n));
    }
    y.push_str("task_categories:\n");
    for t in &s.card.task_categories {
        let _ = writeln!(y, "- {}", yaml(t));
    }
    let rows = s.tables.iter().map(|t| t.rows.len()).max().unwrap_or(0);
    let _ = writeln!(y, "size_categories:\n- {}", yaml(size_category(rows)));
    y.push_str("annotations_creators:\n");
    if s.card.annotations_creators.is_empty() {
        y.push_str("- \"crowdsourced\"\n");
    }
    for a in &s.card.annotations_creators {
        let _ = writeln!(y, "- {}", yaml(a));
    }
    y.push_str("tags:\n- \"human-annotation\"\n- \"glossa\"\n");
    y.push_str("configs:\n");
    for (n, t) in s.tables.iter().enumerate() {
        let _ = writeln!(y, "- config_name: {}", yaml(&t.name));
        y.push_str("  data_files:\n");
        for (split, _) in t.splits() {
            let _ = writeln!(
                y,
                "  - split: {}\n    path: {}",
                yaml(&split),
                yaml(&data_file(&t.name, &split, "parquet"))
            );
        }
        if n == 1 {
            y.push_str("  default: true\n");
        }
    }
    y.push_str("---\n");
    y
}

/// A column's type as the Hub's viewer and `datasets` show it.
fn type_name(shape: &Shape) -> String {
    let leaf = |l: &Leaf| match l {
        Leaf::Str => "string",
        Leaf::Int => "int64",
        Leaf::Float => "float64",
        Leaf::Bool => "bool",
        Leaf::Bytes => "binary",
    };
    fn listed(
        of: &[crate::analysis::dataset::table::Field],
        leaf: &dyn Fn(&Leaf) -> &'static str,
    ) -> String {
        of.iter()
            .map(|f| match f.group.as_slice() {
                [] => format!("{}: {}", f.name, leaf(&f.leaf)),
                group => format!("{}: struct&lt;{}&gt;", f.name, listed(group, leaf)),
            })
            .collect::<Vec<_>>()
            .join(", ")
    }
    let fields = |f: &[crate::analysis::dataset::table::Field]| listed(f, &leaf);
    match shape {
        Shape::Scalar(l) => leaf(l).to_owned(),
        Shape::List(l) => format!("list&lt;{}&gt;", leaf(l)),
        Shape::Structs(f) => format!("list&lt;struct&lt;{}&gt;&gt;", fields(f)),
        Shape::Struct(f) => format!("struct&lt;{}&gt;", fields(f)),
    }
}

/// Text fit for one cell of a Markdown table.
fn cell(s: &str) -> String {
    s.replace('|', "\\|").replace(['\n', '\r'], " ")
}

/// The definitions a control's spec gives: every list of objects with a `label` (options,
/// labels, attributes and their values, criteria), nested as the spec nests them.
fn definitions(v: &Json, depth: usize, out: &mut String) {
    let Some(o) = v.as_object() else { return };
    for (key, list) in o {
        let Some(list) = list.as_array() else {
            continue;
        };
        if key == "examples" {
            continue;
        }
        for entry in list {
            let Some(e) = entry.as_object() else { continue };
            let Some(label) = e.get("label").and_then(Json::as_str) else {
                continue;
            };
            let id = e
                .get("value")
                .or_else(|| e.get("id"))
                .map(|v| v.as_str().map_or_else(|| v.to_string(), str::to_owned))
                .unwrap_or_default();
            let _ = write!(
                out,
                "{}- `{}`: {}",
                "  ".repeat(depth),
                id,
                label.replace('\n', " ")
            );
            if let Some(d) = e
                .get("description")
                .or_else(|| e.get("hint"))
                .and_then(Json::as_str)
            {
                let _ = write!(out, " — {}", d.replace('\n', " "));
            }
            out.push('\n');
            definitions(entry, depth + 1, out);
        }
    }
}

/// ISO 15924 codes of the scripts a character may be in (letters only).
fn script(c: char) -> Option<&'static str> {
    if !c.is_alphabetic() {
        return None;
    }
    Some(match c as u32 {
        0x0041..=0x024F | 0x1E00..=0x1EFF | 0x2C60..=0x2C7F | 0xA720..=0xA7FF => "Latn",
        0x0370..=0x03FF | 0x1F00..=0x1FFF => "Grek",
        0x0400..=0x052F | 0x2DE0..=0x2DFF | 0xA640..=0xA69F => "Cyrl",
        0x0530..=0x058F => "Armn",
        0x0590..=0x05FF => "Hebr",
        0x0600..=0x06FF | 0x0750..=0x077F | 0x08A0..=0x08FF | 0xFB50..=0xFDFF | 0xFE70..=0xFEFF => {
            "Arab"
        }
        0x0900..=0x097F => "Deva",
        0x0980..=0x09FF => "Beng",
        0x0A00..=0x0A7F => "Guru",
        0x0A80..=0x0AFF => "Gujr",
        0x0B80..=0x0BFF => "Taml",
        0x0C00..=0x0C7F => "Telu",
        0x0C80..=0x0CFF => "Knda",
        0x0D00..=0x0D7F => "Mlym",
        0x0E00..=0x0E7F => "Thai",
        0x10A0..=0x10FF => "Geor",
        0x1100..=0x11FF | 0x3130..=0x318F | 0xAC00..=0xD7AF => "Hang",
        0x1200..=0x139F => "Ethi",
        0x3040..=0x309F => "Hira",
        0x30A0..=0x30FF | 0x31F0..=0x31FF => "Kana",
        0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xF900..=0xFAFF | 0x20000..=0x3134F => "Hani",
        _ => "Zyyy",
    })
}

/// Each script's share of the letters of the items' texts (ids and addresses left out).
pub fn scripts(items: &[Item]) -> Vec<(&'static str, f64)> {
    fn walk(v: &Json, key: &str, counts: &mut BTreeMap<&'static str, usize>) {
        match v {
            Json::String(s) if !matches!(key, "id" | "src" | "url" | "captions") => {
                for c in s.chars() {
                    if let Some(sc) = script(c) {
                        *counts.entry(sc).or_default() += 1;
                    }
                }
            }
            Json::Array(a) => a.iter().for_each(|x| walk(x, key, counts)),
            Json::Object(o) => o.iter().for_each(|(k, x)| walk(x, k, counts)),
            _ => {}
        }
    }
    let mut counts = BTreeMap::new();
    for item in items {
        for (k, v) in &item.fields {
            walk(v, k, &mut counts);
        }
    }
    let all: usize = counts.values().sum();
    let mut out: Vec<(&'static str, f64)> = counts
        .into_iter()
        .map(|(s, n)| (s, n as f64 / all.max(1) as f64))
        .filter(|(_, share)| *share >= 0.01)
        .collect();
    out.sort_by(|a, b| b.1.total_cmp(&a.1));
    out
}

/// A heading of the data statement: the researcher's answer, else what the study knows, else
/// the mark to complete.
fn statement(out: &mut String, heading: &str, given: Option<&String>, known: Option<String>) {
    let _ = writeln!(out, "### {heading}\n");
    match (given, known) {
        (Some(g), _) => {
            let _ = writeln!(out, "{g}\n");
        }
        // What the study knows in full.
        (None, Some(k)) if k.starts_with("Not applicable") => {
            let _ = writeln!(out, "{k}\n");
        }
        (None, Some(k)) => {
            let _ = writeln!(out, "{k}\n\n{TO_COMPLETE}\n");
        }
        (None, None) => {
            let _ = writeln!(out, "{TO_COMPLETE}\n");
        }
    }
}

/// The card (`README.md`).
pub fn card(s: &Study) -> String {
    let languages: Vec<String> = if s.card.languages.is_empty() {
        vec![s.spec.language.tag().to_owned()]
    } else {
        s.card.languages.clone()
    };
    let mut out = front_matter(s, &languages);
    let name = s
        .card
        .pretty_name
        .clone()
        .or_else(|| s.spec.title.clone())
        .unwrap_or_else(|| s.spec.id.clone());
    // Who annotated what.
    let annotated: Vec<&ResultDoc> = s
        .results
        .iter()
        .filter(|r| r.adjudicated.is_none())
        .collect();
    let who: BTreeSet<String> = s
        .results
        .iter()
        .enumerate()
        .filter(|(_, r)| r.adjudicated.is_none())
        .map(|(n, r)| annotator(r, n))
        .collect();
    let mut per_item: BTreeMap<&str, BTreeSet<String>> = BTreeMap::new();
    for (n, r) in s
        .results
        .iter()
        .enumerate()
        .filter(|(_, r)| r.adjudicated.is_none())
    {
        per_item
            .entry(&r.item_id)
            .or_default()
            .insert(annotator(r, n));
    }
    let counts: Vec<usize> = per_item.values().map(BTreeSet::len).collect();
    let active = median(
        annotated
            .iter()
            .filter(|r| r.timings.active_ms > 0)
            .map(|r| r.timings.active_ms as f64 / 1000.0)
            .collect(),
    );
    let _ = writeln!(out, "# {name}\n");
    let _ = writeln!(
        out,
        "{} items, each annotated by {} annotators ({} of them in all; {} answers), in the study `{}` (version {}) made with Glossa. The annotators' ids are replaced by pseudonyms.\n",
        s.items.len(),
        match (counts.iter().min(), counts.iter().max()) {
            (Some(a), Some(b)) if a == b => a.to_string(),
            (Some(a), Some(b)) => format!("{a} to {b}"),
            _ => "no".to_owned(),
        },
        who.len(),
        annotated.len(),
        s.spec.id,
        s.spec.version
    );
    if let Some(c) = &s.card.curators {
        let _ = writeln!(out, "**Curated by:** {c}\n");
    }

    // The structure.
    let count = ["No", "One", "Two", "Three", "Four", "Five"]
        .get(s.tables.len())
        .copied()
        .unwrap_or("Several");
    let files = if s.tables.iter().any(|t| !t.jsonl) {
        " (but `media`, whose files' bytes only Parquet holds)"
    } else {
        ""
    };
    let _ = write!(out, "## Dataset structure\n\n{count} configs, each a table in Parquet (`data/<config>/<split>.parquet`) and the same rows as JSON Lines (`.jsonl` beside it{files}):\n\n| config | rows | a row is |\n|---|---|---|\n");
    for t in s.tables {
        let _ = writeln!(
            out,
            "| `{}` | {} | {} |",
            t.name,
            t.rows.len(),
            cell(&t.about)
        );
    }
    out.push('\n');
    for t in s.tables {
        let splits: Vec<String> = t
            .splits()
            .iter()
            .map(|(n, r)| format!("`{n}` ({} rows)", r.len()))
            .collect();
        let _ = writeln!(
            out,
            "### `{}`\n\nSplits: {}.\n\n| column | type | holds |\n|---|---|---|",
            t.name,
            splits.join(", ")
        );
        for c in &t.columns {
            let _ = writeln!(
                out,
                "| `{}` | {} | {} |",
                c.name,
                type_name(&c.shape),
                cell(&c.about)
            );
        }
        out.push('\n');
    }
    out.push_str("```python\nfrom datasets import load_dataset\nannotations = load_dataset(\"path/to/this/folder\", \"annotations\")\nitems = load_dataset(\"path/to/this/folder\", \"items\")\n```\n\n");
    out.push_str("Also in the folder: ");
    out.push_str(
        &s.files
            .iter()
            .map(|(f, what)| format!("`{f}` ({what})"))
            .collect::<Vec<_>>()
            .join(", "),
    );
    out.push_str(".\n\n");

    // The task.
    let _ = writeln!(out, "## The task\n");
    if let Some(t) = &s.spec.title {
        let _ = writeln!(
            out,
            "**{}** (the annotators' screen was in `{}`).\n",
            t.trim(),
            s.spec.language.tag()
        );
    }
    if let Some(i) = &s.spec.instructions {
        out.push_str("The guidelines, as the annotators read them:\n\n");
        for line in i.lines() {
            let _ = writeln!(out, "> {line}");
        }
        out.push('\n');
    }
    out.push_str("### The questions, their labels and definitions\n\n");
    for control in &s.spec.controls {
        let json = serde_json::to_value(control).unwrap_or_default();
        let kind = json.get("kind").and_then(Json::as_str).unwrap_or_default();
        let asked = if s.spec.per_output(control.id()).is_some() {
            ", asked per output"
        } else {
            ""
        };
        let _ = writeln!(
            out,
            "- **`{}`** ({kind}{asked}): {}",
            control.id(),
            control.label().replace('\n', " ")
        );
        let mut defs = String::new();
        definitions(&json, 1, &mut defs);
        out.push_str(&defs);
    }
    out.push('\n');

    // Languages.
    let scripts = scripts(s.items);
    let scripts_text = scripts
        .iter()
        .map(|(sc, share)| format!("{sc} ({:.0}%)", share * 100.0))
        .collect::<Vec<_>>()
        .join(", ");
    let _ = writeln!(
        out,
        "## Languages\n\n{} (BCP 47). Scripts of the items' texts (ISO 15924, share of letters): {}.\n",
        languages.iter().map(|l| format!("`{l}`")).collect::<Vec<_>>().join(", "),
        if scripts_text.is_empty() { "none".to_owned() } else { scripts_text.clone() }
    );

    // Sampling and assignment.
    out.push_str("## Sampling and assignment\n\n");
    match &s.card.sampling {
        Some(t) => {
            let _ = writeln!(out, "{t}\n");
        }
        None => {
            let _ = writeln!(out, "How the items were chosen: {TO_COMPLETE}\n");
        }
    }
    if let Some(p) = s.plan {
        let n = |k: &str| p.get(k).and_then(Json::as_u64).unwrap_or(0);
        let _ = writeln!(
            out,
            "Assigned by `glossa plan` (seed {}): each item to {} of {} annotator slots, each slot's order shuffled{}{}.\n",
            n("seed"),
            n("per_item"),
            p.get("annotators").and_then(Json::as_array).map_or(0, Vec::len),
            match n("gold_every") {
                0 => String::new(),
                g => format!(", a quality-control item every {g} items"),
            },
            match p.get("outputs_field").and_then(Json::as_str) {
                Some(f) => format!("; each slot rates some of each item's outputs (`{f}`), each output by as many slots as any other"),
                None => String::new(),
            }
        );
    }

    // Annotators.
    out.push_str("## Annotators\n\n");
    let _ = writeln!(
        out,
        "- Annotators: {}; recruited on: {}.\n- Pay: {}.\n- Median active time per item: {}.\n",
        who.len(),
        s.card.platform.as_deref().unwrap_or(TO_COMPLETE),
        s.card.pay.as_deref().unwrap_or(TO_COMPLETE),
        active.map_or("not recorded".to_owned(), |a| format!("{a:.1} s")),
    );

    // Quality control.
    out.push_str("## Quality control\n\n");
    let (gold_n, attention_n) = s.gold.map_or((0, 0), |g| {
        let n = |k: GoldKind| g.items.iter().filter(|i| i.kind == k).count();
        (n(GoldKind::Gold), n(GoldKind::Attention))
    });
    let _ = writeln!(out, "- Gold items (known answers, annotators scored on them): {gold_n}; attention items (an instructed answer): {attention_n}. Their rows are marked in `annotations.quality_control` and left out of `aggregated`.");
    if s.gold.is_some() {
        let rows = crate::analysis::dashboard::annotators(s.results, s.gold);
        let failed = rows.iter().filter(|r| r.attention.0 > 0).count();
        let scored: Vec<f64> = rows
            .iter()
            .filter(|r| r.gold.1 > 0)
            .map(|r| r.gold.0 as f64 / r.gold.1 as f64)
            .collect();
        let _ = writeln!(
            out,
            "- Annotators who missed an attention item: {failed}. Median share of gold items answered within tolerance: {}.",
            median(scored).map_or("—".to_owned(), |m| format!("{:.0}%", m * 100.0))
        );
    }
    let failed_check = s
        .results
        .iter()
        .enumerate()
        .filter(|(_, r)| r.headphones.as_ref().is_some_and(|h| !h.passed))
        .map(|(n, r)| annotator(r, n))
        .collect::<BTreeSet<_>>()
        .len();
    if s.spec.headphones().is_some() {
        let _ = writeln!(
            out,
            "- Annotators who did not pass the headphone check (ITU-T P.808): {failed_check}."
        );
    }
    // The listening tests' screenings, each decision named.
    if !crate::item::media::media_outputs(s.spec).is_empty()
        || !crate::item::media::media_blocks(s.spec).is_empty()
    {
        let inputs = super::tables::Inputs::new(s.spec, s.items, s.results, s.gold);
        let why = super::tables::screening(&inputs);
        let count = |reason: &str| why.values().filter(|w| w.contains(&reason)).count();
        let _ = writeln!(
            out,
            "- Listeners the listening figures (MOS, MUSHRA scores, agreement) leave out: {} (did not pass the headphone check: {}; failed a trapping or gold question, ITU-T P.808: {}; rated the hidden reference below 90 on more than 15% of their items, ITU-R BS.1534-3: {}). Their rows stay in `annotations`, marked in `annotations.screened`; `annotations.playback` records what each listener heard.",
            why.len(),
            count("headphone check"),
            count("trapping or gold question"),
            count("hidden reference")
        );
    }
    let _ = writeln!(
        out,
        "- Results `glossa validate` refused: {}{}.\n",
        s.refused.0,
        match s.refused {
            (0, _) => "",
            (_, true) => " (published all the same, at the curators' request)",
            (_, false) => " (left out)",
        }
    );
    let adjudicated = s.results.iter().filter(|r| r.adjudicated.is_some()).count();
    if adjudicated > 0 {
        let _ = writeln!(out, "{adjudicated} results were decided by an adjudicator on Glossa's review page (`annotations.adjudicated`).\n");
    }

    // Agreement.
    let unfolded = crate::analysis::outputs::unfold(s.spec, s.items, s.results);
    let mut agreement = crate::analysis::agreement::compute_unfolded(
        s.spec,
        s.items,
        s.results,
        unfolded.as_ref(),
        s.gold,
    );
    agreement.findings.extend(match &unfolded {
        Some(u) => crate::analysis::models::findings_of(&u.spec, &u.items, &u.results),
        None => crate::analysis::models::findings_of(s.spec, s.items, s.results),
    });
    out.push_str("## Agreement\n\nKrippendorff's α at each question's level of measurement, with a bootstrap 95% interval (1,000 resamples of units, fixed seed: the same data give the same figures).\n\n| question | α | 95% interval | level | items | values | values are |\n|---|---|---|---|---|---|---|\n");
    for m in &agreement.measures {
        let _ = writeln!(
            out,
            "| `{}` | {} | {} | {} | {} | {} | {} |",
            m.key,
            f3(m.agreement.alpha),
            m.agreement
                .ci95
                .map_or("—".to_owned(), |(lo, hi)| format!("[{lo:.3}, {hi:.3}]")),
            m.level.as_str(),
            m.items,
            m.agreement.pairable,
            cell(m.values)
        );
    }
    if agreement.measures.is_empty() {
        out.push_str("| — | — | — | — | — | — | no question with agreement (free text, authored questions) |\n");
    }
    out.push('\n');
    for q in &agreement.questions {
        let _ = writeln!(out, "`{}`: {} authored questions ({} unanswerable); agreement is not defined for authored questions.\n", q.key, q.questions, q.unanswerable);
    }

    // Aggregation.
    if s.tables.iter().all(|t| t.name != "aggregated") {
        out.push_str("## Aggregation\n\nNone: no question of this study is one crowd aggregation covers (free text, authored questions, numbers).\n\n");
    } else {
        let _ = writeln!(
        out,
        "## Aggregation\n\nThe `aggregated` config holds, for every question crowd aggregation covers, each item's label by each method (`{}`): majority vote, Dawid & Skene (1979) and MACE (Hovy et al. 2013), with the method's posterior probability of the label as `confidence` (spans are aggregated word by word: their `confidence` is the mean, over the text's words, of the posterior of each word's label). Glossa's review page offers Dawid–Skene's labels as the aggregate.\n",
        METHODS.join(", ")
    );
    }

    // Model suggestions.
    if s.spec.suggestions.is_some() {
        let models: BTreeSet<&str> = s
            .results
            .iter()
            .flat_map(|r| r.provenance.values().map(|p| p.model.as_str()))
            .collect();
        let _ = writeln!(
            out,
            "## Model suggestions\n\nThe annotators saw a model's suggested answers to accept, change or reject ({}); `annotations.suggestion_json` records the suggestion and what became of each part.\n",
            models.iter().map(|m| format!("`{m}`")).collect::<Vec<_>>().join(", ")
        );
        for f in agreement
            .findings
            .iter()
            .filter(|f| f.group == crate::analysis::models::GROUP)
        {
            match f.json.get("anchoring") {
                Some(a) => {
                    let ci = a.get("ci95").and_then(Json::as_array);
                    let _ = writeln!(
                        out,
                        "- `{}`, anchoring: agreement with the model {} where the suggestion was shown, {} where it was hidden: effect {} (95% CI {} to {}).",
                        f.key,
                        f3(a.pointer("/shown/mean").and_then(Json::as_f64)),
                        f3(a.pointer("/hidden/mean").and_then(Json::as_f64)),
                        f3(a.get("effect").and_then(Json::as_f64)),
                        f3(ci.and_then(|c| c.first()).and_then(Json::as_f64)),
                        f3(ci.and_then(|c| c.get(1)).and_then(Json::as_f64)),
                    );
                }
                None => {
                    let _ = writeln!(out, "- `{}`: every item was shown with its suggestion, so their anchoring could not be measured (a spec's `suggestions.show_percent` below 100 hides them on some items to measure it).", f.key);
                }
            }
        }
        out.push('\n');
    }

    // The data statement.
    out.push_str("## Data statement\n\nAfter Bender & Friedman (2018), *Data Statements for Natural Language Processing*, TACL 6.\n\n");
    let d = &s.card.data_statement;
    statement(
        &mut out,
        "A. Curation rationale",
        d.curation_rationale.as_ref(),
        s.card.sampling.clone(),
    );
    statement(
        &mut out,
        "B. Language variety",
        d.language_variety.as_ref(),
        Some(format!(
            "Languages (BCP 47): {}. Scripts: {}.",
            languages.join(", "),
            if scripts_text.is_empty() {
                "none".to_owned()
            } else {
                scripts_text
            }
        )),
    );
    statement(
        &mut out,
        "C. Speaker demographic",
        d.speaker_demographic.as_ref(),
        None,
    );
    statement(
        &mut out,
        "D. Annotator demographic",
        d.annotator_demographic.as_ref(),
        Some(format!(
            "{} annotators{}{}.",
            who.len(),
            s.card
                .platform
                .as_ref()
                .map_or(String::new(), |p| format!(", recruited on {p}")),
            s.card
                .pay
                .as_ref()
                .map_or(String::new(), |p| format!(", paid {p}"))
        )),
    );
    statement(
        &mut out,
        "E. Speech situation",
        d.speech_situation.as_ref(),
        None,
    );
    statement(
        &mut out,
        "F. Text characteristics",
        d.text_characteristics.as_ref(),
        None,
    );
    let media = s
        .items
        .iter()
        .any(|i| !crate::item::media::stimuli(s.spec, i).is_empty());
    statement(
        &mut out,
        "G. Recording quality",
        d.recording_quality.as_ref(),
        (!media).then(|| "Not applicable: the items are texts.".to_owned()),
    );
    statement(&mut out, "H. Other", d.other.as_ref(), None);
    statement(
        &mut out,
        "I. Provenance appendix",
        d.provenance.as_ref(),
        Some(format!("The task, the assignment and every figure above come from the study's own files (`spec.json`, the items, the results), through `glossa export dataset`{}.", if s.keep_notes { "; the annotators' free-text notes are kept" } else { "; the annotators' free-text notes are left out" })),
    );
    if let Some(c) = &s.card.citation {
        let _ = writeln!(out, "## Citation\n\n```bibtex\n{}\n```\n", c.trim());
    }
    out
}
