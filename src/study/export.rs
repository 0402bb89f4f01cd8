//! The study folder as one zip: what the studio exports, and what `glossa check`, `glossa plan`,
//! `glossa host` and `glossa report` read — `spec.json` as the researcher wrote it, the items as
//! JSON Lines, the gold file and the plan when there are any, and a README saying what to do
//! next. Everything is checked first: a study that would not load is refused with every
//! problem named, never zipped.

use super::gold::Gold;
use super::plan;
use crate::item::Item;
use std::io::Write;

/// How to plan the study: `per_item` annotators see each item, out of `annotators` slots, a
/// gold item every `gold_every` items (0: none).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlanOptions {
    /// Annotators per item.
    pub per_item: usize,
    /// Annotator slots.
    pub annotators: usize,
    /// A gold item after every this many items (0: none).
    #[serde(default)]
    pub gold_every: usize,
    /// The shuffle's seed.
    #[serde(default)]
    pub seed: u64,
}

/// The folder's name in the zip: the spec's id, made safe for a file name.
pub fn folder_name(spec_id: &str) -> String {
    let name: String = spec_id
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if name.is_empty() {
        "study".to_owned()
    } else {
        name
    }
}

/// The zip of a study folder: the spec's text, the items, the gold file's text (empty: none)
/// and, optionally, a plan to make. Errors name the file and every problem, a line each.
pub fn study_zip(
    spec_text: &str,
    items: &[Item],
    gold_text: &str,
    plan_options: Option<PlanOptions>,
) -> Result<Vec<u8>, String> {
    let lines = |file: &str, list: Vec<String>| {
        list.iter()
            .map(|p| format!("{file}: {p}"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    let spec = crate::mount::load_spec(spec_text)
        .map_err(|issues| lines("spec.json", issues.iter().map(|i| i.to_string()).collect()))?;
    if items.is_empty() {
        return Err("items.jsonl: no items: open the items first".to_owned());
    }
    let issues = crate::mount::check_items(&spec, items);
    if !issues.is_empty() {
        return Err(lines(
            "items.jsonl",
            issues.iter().map(|i| i.to_string()).collect(),
        ));
    }
    let gold = if gold_text.trim().is_empty() {
        None
    } else {
        Some(Gold::load(gold_text, &spec, items).map_err(|problems| {
            lines(
                "gold.json",
                problems.iter().map(|p| p.to_string()).collect(),
            )
        })?)
    };
    let plan = plan_options
        .map(|o| make_plan(items, gold.as_ref(), o))
        .transpose()?;
    let dir = folder_name(&spec.id);
    let items_text = crate::item::json_lines(items);
    let mut files: Vec<(String, String)> = vec![
        ("spec.json".to_owned(), spec_text.to_owned()),
        ("items.jsonl".to_owned(), items_text),
    ];
    if gold.is_some() {
        files.push(("gold.json".to_owned(), gold_text.to_owned()));
    }
    if let Some(p) = &plan {
        let text = serde_json::to_string_pretty(p).map_err(|e| e.to_string())?;
        files.push(("plan.json".to_owned(), format!("{text}\n")));
    }
    files.push((
        "README.txt".to_owned(),
        readme(&dir, gold.is_some(), plan.is_some()),
    ));
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    for (name, text) in files {
        zip.start_file(format!("{dir}/{name}"), options)
            .map_err(|e| e.to_string())?;
        zip.write_all(text.as_bytes()).map_err(|e| e.to_string())?;
    }
    Ok(zip.finish().map_err(|e| e.to_string())?.into_inner())
}

/// The plan of the items (gold items interleaved, attention answers from the gold file), as
/// `glossa plan` makes it. An error starts with `plan.json: `.
pub fn make_plan(
    items: &[Item],
    gold: Option<&Gold>,
    o: PlanOptions,
) -> Result<plan::Plan, String> {
    let ids: Vec<String> = items.iter().map(|i| i.id.clone()).collect();
    let gold_ids: Vec<String> = gold
        .iter()
        .flat_map(|g| g.items.iter().map(|i| i.item_id.clone()))
        .collect();
    let mut p = plan::make(
        &ids,
        o.per_item,
        o.annotators,
        &gold_ids,
        o.gold_every,
        o.seed,
    )
    .map_err(|e| format!("plan.json: {e}"))?;
    if let Some(g) = gold {
        p.attention = plan::attention(g).map_err(|problems| {
            let lines: Vec<String> = problems.iter().map(|p| format!("gold.json: {p}")).collect();
            lines.join("\n")
        })?;
    }
    Ok(p)
}

/// What the folder is and what to do with it.
fn readme(dir: &str, gold: bool, plan: bool) -> String {
    let mut out = "A Glossa study folder, exported by the studio.\n\n\
         spec.json    the task spec\n\
         items.jsonl  the items, one per line\n"
        .to_owned();
    if gold {
        out.push_str("gold.json    the gold and attention answers: keep it to yourself (glossa host never copies it)\n");
    }
    if plan {
        out.push_str("plan.json    which annotator slot sees which items, in which order\n");
    }
    out.push_str(&format!(
        "\nNext:\n  glossa check {dir}/spec.json {dir}/items.jsonl\n  glossa host pilot {dir} --out site   (or jspsych, jatos, mturk, qualtrics)\n"
    ));
    if gold {
        out.push_str(&format!(
            "  glossa report {dir}/spec.json {dir}/items.jsonl results.jsonl --gold {dir}/gold.json --out report.html\n"
        ));
    }
    out
}
