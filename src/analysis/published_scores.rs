//! Published per-segment scores beside the ones computed (`glossa agreement --compare-to`):
//! the `avg_seg_scores` files of WMT's MQM releases — a header naming `system`, a score column
//! and `seg_id`, cells parted by tabs or spaces, `None` where a segment was not rated, the
//! penalty printed negative, and the references `ref-A`, `ref-B` where the ratings say `ref`,
//! `refB`. A score is equal when the computed one, printed to the file's digits, is the same
//! number (the sign aside).

use serde_json::{json, Value};
use std::collections::BTreeMap;

/// One published score: its system and segment as the file names them, and the score as
/// printed (`None`: not rated).
#[derive(Debug, Clone)]
pub struct Published {
    pub system: String,
    pub segment: String,
    pub score: Option<String>,
}

/// Reads a scores file; an error names what the header lacks or the line that is not a row.
pub fn read(text: &str) -> Result<Vec<Published>, String> {
    let mut lines = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty());
    let Some((_, header)) = lines.next() else {
        return Err("the file is empty: a header (system, score, seg_id) and a row per segment are expected".to_owned());
    };
    let names: Vec<&str> = header.split_whitespace().collect();
    let find = |want: &dyn Fn(&str) -> bool, what: &str| {
        names
            .iter()
            .position(|n| want(n))
            .ok_or_else(|| format!("the header \"{}\" names no {what} column", header.trim()))
    };
    let system = find(&|n| n == "system", "system")?;
    let segment = find(&|n| n == "seg_id" || n == "globalSegId", "seg_id")?;
    let score = find(&|n| n.contains("score"), "score (e.g. mqm_avg_score)")?;
    let mut out = Vec::new();
    for (n, line) in lines {
        let cells: Vec<&str> = line.split_whitespace().collect();
        let cell = |k: usize| {
            cells.get(k).copied().ok_or_else(|| {
                format!(
                    "line {}: {} cell(s), the header names {}",
                    n + 1,
                    cells.len(),
                    names.len()
                )
            })
        };
        let printed = cell(score)?;
        if printed != "None" && printed.parse::<f64>().is_err() {
            return Err(format!(
                "line {}: the score \"{printed}\" is no number nor None",
                n + 1
            ));
        }
        out.push(Published {
            system: cell(system)?.to_owned(),
            segment: cell(segment)?.to_owned(),
            score: (printed != "None").then(|| printed.to_owned()),
        });
    }
    Ok(out)
}

/// The published scores against the computed ones.
#[derive(Debug, Default)]
pub struct Comparison {
    /// The file's scores with a computed one of equal printed digits.
    pub equal: usize,
    /// Those that differ: system, segment, computed, published.
    pub different: Vec<(String, String, String, String)>,
    /// Published scores no result gives (system, segment).
    pub only_published: Vec<(String, String)>,
    /// Computed scores the file has no number for (system, segment): unrated there, or absent.
    pub only_computed: Vec<(String, String)>,
    /// The file's `None` rows.
    pub unrated: usize,
}

/// The system of the results a file's name stands for: itself, else a reference's other
/// name (`ref-A` is `ref`, `ref-B` `refB`).
fn system_of<'a>(name: &'a str, known: &dyn Fn(&str) -> bool) -> std::borrow::Cow<'a, str> {
    if known(name) {
        return name.into();
    }
    match name.strip_prefix("ref-") {
        Some("A") if known("ref") => "ref".into(),
        Some(letter) if known(&format!("ref{letter}")) => format!("ref{letter}").into(),
        _ => name.into(),
    }
}

/// Compares a file's scores with the error scores of `glossa agreement --json` (every control's).
pub fn compare(agreement: &Value, published: &[Published]) -> Comparison {
    let mut computed: BTreeMap<(String, String), f64> = BTreeMap::new();
    if let Some(groups) = agreement[super::error_scores::GROUP].as_object() {
        for g in groups.values() {
            for o in g["outputs"].as_array().into_iter().flatten() {
                if let (Some(out), Some(item), Some(score)) = (
                    o["output"].as_str(),
                    o["item"].as_str(),
                    o["error_score"].as_f64(),
                ) {
                    computed.insert((out.to_owned(), item.to_owned()), score);
                }
            }
        }
    }
    let systems: std::collections::BTreeSet<&str> =
        computed.keys().map(|(s, _)| s.as_str()).collect();
    let known = |s: &str| systems.contains(s);
    let mut c = Comparison::default();
    let mut seen = std::collections::BTreeSet::new();
    for p in published {
        let system = system_of(&p.system, &known).into_owned();
        let key = (system, p.segment.clone());
        let Some(score) = &p.score else {
            c.unrated += 1;
            continue;
        };
        let Some(mine) = computed.get(&key) else {
            c.only_published.push(key);
            continue;
        };
        seen.insert(key.clone());
        let digits = score.split_once('.').map_or(0, |(_, d)| d.len());
        let mine = format!("{:.*}", digits, mine.abs());
        let theirs = score.trim_start_matches('-');
        // "-0.000000" and "0.000000" are the same.
        if mine == theirs || mine.parse::<f64>().ok() == theirs.parse::<f64>().ok() {
            c.equal += 1;
        } else {
            c.different.push((key.0, key.1, mine, score.clone()));
        }
    }
    c.only_computed = computed.into_keys().filter(|k| !seen.contains(k)).collect();
    c
}

impl Comparison {
    /// As `--json` prints it.
    pub fn to_json(&self) -> Value {
        json!({
            "equal": self.equal,
            "different": self.different.iter().map(|(s, g, m, t)| json!({"system": s, "segment": g, "computed": m, "published": t})).collect::<Vec<_>>(),
            "only_published": self.only_published.iter().map(|(s, g)| json!({"system": s, "segment": g})).collect::<Vec<_>>(),
            "only_computed": self.only_computed.iter().map(|(s, g)| json!({"system": s, "segment": g})).collect::<Vec<_>>(),
            "unrated_in_file": self.unrated,
        })
    }

    /// As the table prints it: the counts, then the first differences.
    pub fn text(&self, file: &str) -> String {
        let mut out = format!(
            "compared with {file}: {} equal, {} different, {} only in the file, {} only in the results ({} row(s) of the file unrated: None)\n",
            self.equal,
            self.different.len(),
            self.only_published.len(),
            self.only_computed.len(),
            self.unrated
        );
        for (s, g, mine, theirs) in self.different.iter().take(10) {
            out += &format!("  {s}, segment {g}: {mine} here, {theirs} published\n");
        }
        if self.different.len() > 10 {
            out += &format!("  and {} more\n", self.different.len() - 10);
        }
        for (s, g) in self.only_published.iter().take(5) {
            out += &format!("  {s}, segment {g}: published, no result rates it\n");
        }
        out
    }
}
