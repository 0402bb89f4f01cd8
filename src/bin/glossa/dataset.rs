//! `glossa export dataset`: a study as a folder to publish — the tables in Parquet and JSON
//! Lines under `data/`, the dataset card (`README.md`), the spec, the items as given and the
//! report — with every annotator under a pseudonym, checked at the end to name no annotator.

use crate::args::DatasetArgs;
use crate::files::{exit_for, load_gold, load_study, read};
use crate::Outcome;
use glossa::analysis::dataset::pseudonym::{publishable, MIN_SALT_BYTES};
use glossa::analysis::dataset::readme::{self, data_file};
use glossa::analysis::dataset::table::Table;
use glossa::analysis::dataset::tables::{aggregated_table, annotations_table, items_table, Inputs};
use glossa::result::ResultDoc;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The results to publish and how many `validate` refused (left out unless `include`).
fn results(
    d: &DatasetArgs,
    spec: &glossa::spec::TaskSpec,
    items: &[glossa::item::Item],
) -> Result<(Vec<ResultDoc>, usize), ExitCode> {
    let by_id: std::collections::BTreeMap<&str, &glossa::item::Item> =
        items.iter().map(|i| (i.id.as_str(), i)).collect();
    let mut seen = glossa::analysis::duplicates::Seen::default();
    let mut tasks = glossa::task::Tasks::new(spec, crate::check::TASKS_KEPT);
    let (mut kept, mut refused) = (Vec::new(), 0);
    crate::files::each_line(&d.results, |line, text| {
        let Some(read) = glossa::analysis::read_line(text) else {
            return;
        };
        let json = match read {
            Ok(v) => v,
            Err(message) => {
                eprintln!("{}:{line}: {message}: left out", d.results);
                refused += 1;
                return;
            }
        };
        // A copy of a result already read is never published twice.
        if let Some(message) = seen.copy_of(line, &json) {
            eprintln!("{}:{line}: {message}: left out", d.results);
            return;
        }
        let findings = crate::check::findings(&by_id, &mut tasks, &d.items, &json);
        if !findings.is_empty() {
            refused += 1;
            let fate = if d.include_invalid {
                "published (--include-invalid)"
            } else {
                "left out"
            };
            for f in &findings {
                eprintln!("{}:{line}: {f}: {fate}", d.results);
            }
            if !d.include_invalid {
                return;
            }
        }
        match glossa::analysis::type_one(spec, &json) {
            Ok(doc) => kept.push(doc),
            Err(message) => {
                if findings.is_empty() {
                    refused += 1;
                }
                eprintln!("{}:{line}: {message}: left out", d.results);
            }
        }
    })?;
    Ok((kept, refused))
}

/// The salt: the file's bytes (a final line end dropped), at least [`MIN_SALT_BYTES`].
fn salt(path: &str) -> Result<Vec<u8>, ExitCode> {
    let bytes = std::fs::read(path).map_err(|e| {
        eprintln!("{path}: cannot read the salt: {e}; make one with `head -c 32 /dev/urandom | base64 > {path}` and keep it");
        ExitCode::from(2)
    })?;
    let salt = bytes.strip_suffix(b"\n").unwrap_or(&bytes).to_vec();
    if salt.len() < MIN_SALT_BYTES {
        eprintln!("{path}: the salt has {} bytes: give at least {MIN_SALT_BYTES} secret bytes (`head -c 32 /dev/urandom | base64 > {path}`), or pseudonyms could be found again by trying every id", salt.len());
        return Err(ExitCode::from(2));
    }
    Ok(salt)
}

/// A plan `glossa plan` wrote.
fn plan(path: &str) -> Result<serde_json::Value, ExitCode> {
    let value: serde_json::Value = serde_json::from_str(&read(path)?).unwrap_or_default();
    if value["format"] != glossa::study::plan::PLAN_FORMAT {
        eprintln!(
            "{path}: not a plan: give the JSON `glossa plan` wrote (its \"format\" is \"{}\")",
            glossa::study::plan::PLAN_FORMAT
        );
        return Err(ExitCode::from(2));
    }
    Ok(value)
}

/// The folder to write: new, or empty.
fn folder(path: &str) -> Result<PathBuf, ExitCode> {
    let out = PathBuf::from(path);
    if let Ok(mut entries) = std::fs::read_dir(&out) {
        if entries.next().is_some() {
            eprintln!(
                "{path}: not empty: give a new folder (an export never mixes with older files)"
            );
            return Err(ExitCode::from(2));
        }
    }
    Ok(out)
}

fn write(path: &Path, text: &[u8]) -> Result<(), ExitCode> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| {
            eprintln!("{}: {e}", dir.display());
            ExitCode::from(2)
        })?;
    }
    std::fs::write(path, text).map_err(|e| {
        eprintln!("{}: {e}", path.display());
        ExitCode::from(2)
    })
}

/// A table's files: per split, Parquet and JSON Lines.
fn write_table(out: &Path, t: &Table) -> Result<(), ExitCode> {
    for (split, rows) in t.splits() {
        let parquet = out.join(data_file(&t.name, &split, "parquet"));
        if t.jsonl {
            write(
                &out.join(data_file(&t.name, &split, "jsonl")),
                t.jsonl(&rows).as_bytes(),
            )?;
        } else if let Some(dir) = parquet.parent() {
            std::fs::create_dir_all(dir).map_err(|e| {
                eprintln!("{}: {e}", dir.display());
                ExitCode::from(2)
            })?;
        }
        crate::parquet::write(&parquet, &t.name, &t.columns, &rows, t.features.as_ref()).map_err(
            |e| {
                eprintln!("{e}");
                ExitCode::from(2)
            },
        )?;
    }
    Ok(())
}

/// Every file under `dir`.
fn files_under(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let p = e.path();
        if p.is_dir() {
            files_under(&p, out);
        } else {
            out.push(p);
        }
    }
}

/// The ids of the results as given that name a person or their session, which no published
/// byte may hold: who made each result, the values of the hosts' personal ids and of those the
/// card declares (a page's flags, such as `gold`, are none), adjudicators and the annotators
/// they name.
fn ids_of(raw: &[ResultDoc], declared: &[String]) -> std::collections::BTreeSet<String> {
    use glossa::support::ids::PERSONAL_IDS;
    let personal = |k: &str| PERSONAL_IDS.contains(&k) || declared.iter().any(|d| d == k);
    let mut ids = std::collections::BTreeSet::new();
    for r in raw {
        ids.extend(glossa::analysis::findings::annotator_named(r));
        ids.extend(
            r.ids
                .iter()
                .filter(|(k, _)| personal(k))
                .map(|(_, v)| v.clone()),
        );
        if let Some(a) = &r.adjudication {
            ids.insert(a.by.clone());
            ids.extend(a.annotators.iter().cloned());
        }
    }
    ids.retain(|id| !id.trim().is_empty());
    ids
}

/// Whether an id is a number (JATOS's workers are 1, 2, …): it cannot be told from the data's
/// own numbers, so it is not searched for (its key is dropped all the same).
fn numeric(id: &str) -> bool {
    id.bytes().all(|b| b.is_ascii_digit())
}

/// Whether `text` holds `id` as a whole token: not inside a longer run of letters and digits
/// (a short id such as `s01` is searched for, and not found inside `s012`).
fn holds(text: &str, id: &str) -> bool {
    let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric());
    text.match_indices(id).any(|(at, _)| {
        !word(text[..at].chars().next_back()) && !word(text[at + id.len()..].chars().next())
    })
}

/// The folder's files written beside `out` first, and moved there only once the last check
/// passed: a refused export leaves nothing behind.
fn staging(out: &Path) -> PathBuf {
    let name = out
        .file_name()
        .map_or_else(|| "dataset".into(), |n| n.to_string_lossy().into_owned());
    out.with_file_name(format!(".{name}.partial-{}", std::process::id()))
}

/// Writes the folder: the card checked, the salt read, the results validated and made
/// publishable, the tables, the study's files and the card; then no annotator id in any file.
/// Everything is written to a staging folder beside `--out`, moved there when it passes.
pub fn export(d: &DatasetArgs) -> Outcome {
    let (spec, items) = load_study(&d.spec, &d.items)?;
    let card = crate::check::card_file(&d.card)?;
    let out = folder(&d.out)?;
    let salt = salt(&d.salt)?;
    let gold = d
        .gold
        .as_deref()
        .map(|g| load_gold(g, &spec, &items))
        .transpose()?;
    let plan = d.plan.as_deref().map(plan).transpose()?;
    let (raw, refused) = results(d, &spec, &items)?;
    if refused > 0 {
        eprintln!(
            "{}: {refused} result(s) `glossa validate` refuses: {}",
            d.results,
            if d.include_invalid {
                "published all the same (--include-invalid)"
            } else {
                "left out (--include-invalid publishes them)"
            }
        );
    }
    let stage = staging(&out);
    let _ = std::fs::remove_dir_all(&stage);
    let written = (|| {
        let study = Study {
            spec: &spec,
            items: &items,
            gold: gold.as_ref(),
            plan: plan.as_ref(),
            card: &card,
            refused,
        };
        let summary = write_folder(d, &stage, &study, &raw, &salt)?;
        // The last word: no annotator id in any file of the folder.
        let media: std::collections::BTreeSet<String> =
            glossa::item::media::relative_files(study.spec, study.items)
                .unwrap_or_default()
                .into_iter()
                .collect();
        check_folder(&stage, &out, &ids_of(&raw, &card.personal_ids), &|p| {
            is_media(&media, p, &stage)
        })?;
        // Into place: `--out` is new or empty (checked above).
        let _ = std::fs::remove_dir(&out);
        std::fs::rename(&stage, &out).map_err(|e| {
            eprintln!(
                "{}: cannot move the export here from {}: {e}",
                out.display(),
                stage.display()
            );
            ExitCode::from(2)
        })?;
        Ok(summary)
    })();
    match written {
        Ok(summary) => {
            eprintln!("{}: {summary}", out.display());
            Ok(exit_for(0))
        }
        Err(code) => {
            let _ = std::fs::remove_dir_all(&stage);
            eprintln!("{}: nothing written", out.display());
            Err(code)
        }
    }
}

/// What an export is made from, beside the results.
struct Study<'a> {
    spec: &'a glossa::spec::TaskSpec,
    items: &'a [glossa::item::Item],
    gold: Option<&'a glossa::study::gold::Gold>,
    plan: Option<&'a serde_json::Value>,
    card: &'a glossa::analysis::dataset::card::CardInfo,
    refused: usize,
}

/// The folder's files under `dir`; its one-line summary.
fn write_folder(
    d: &DatasetArgs,
    dir: &Path,
    s: &Study,
    raw: &[ResultDoc],
    salt: &[u8],
) -> Result<String, ExitCode> {
    let results = publishable(s.spec, raw, salt, d.keep_notes);
    let inputs = Inputs::new(s.spec, s.items, &results, s.gold);
    // (A table without rows is left out: no question crowd aggregation covers, say.)
    let mut tables = vec![items_table(&inputs), annotations_table(&inputs)];
    tables.extend(Some(aggregated_table(&inputs)).filter(|t| !t.rows.is_empty()));
    // The recordings, images and videos the items name: their table, and the files at the
    // paths the items give them.
    let media = media_of(s, &d.items)?;
    let mut held = Vec::new();
    for (rel, from) in &media {
        let to = dir.join(rel);
        let copied = to
            .parent()
            .map_or(Ok(()), std::fs::create_dir_all)
            .and_then(|()| std::fs::copy(from, &to));
        if let Err(e) = copied {
            eprintln!("{}: cannot copy it into the dataset: {e}", from.display());
            return Err(ExitCode::from(2));
        }
        // (A recording's or an image's bytes go into the table too; a video's stay a file.)
        use glossa::analysis::dataset::tables::media_type;
        let bytes = if matches!(media_type(rel), "audio" | "image") {
            Some(std::fs::read(&to).map_err(|e| {
                eprintln!("{}: {e}", to.display());
                ExitCode::from(2)
            })?)
        } else {
            None
        };
        held.push((rel.clone(), bytes));
    }
    if !held.is_empty() {
        tables.push(glossa::analysis::dataset::tables::media_table(held));
    }
    for t in &tables {
        write_table(dir, t)?;
    }
    // The study's files beside the data: the spec and the items as given, the report.
    let ext = |p: &str| {
        Path::new(p)
            .extension()
            .and_then(|e| e.to_str())
            .unwrap_or("json")
            .to_owned()
    };
    let items_file = format!("items.{}", ext(&d.items));
    write(&dir.join("spec.json"), read(&d.spec)?.as_bytes())?;
    write(&dir.join(&items_file), read(&d.items)?.as_bytes())?;
    let report = glossa::analysis::report::html(s.spec, s.items, &results, s.gold);
    write(&dir.join("report.html"), report.as_bytes())?;
    let mut files = vec![
        (
            "spec.json".to_owned(),
            "the task spec the annotators' screens were made from".to_owned(),
        ),
        (items_file, "the items as given".to_owned()),
        (
            "report.html".to_owned(),
            "Glossa's report of the published results".to_owned(),
        ),
    ];
    if !media.is_empty() {
        let folders: std::collections::BTreeSet<String> = media
            .iter()
            .map(|(rel, _)| rel.split('/').next().unwrap_or(rel).to_owned())
            .collect();
        files.push((
            folders.into_iter().collect::<Vec<_>>().join(", "),
            format!(
                "the {} recording(s), image(s) and video(s) the items name, at the paths the items give",
                media.len()
            ),
        ));
    }
    let study = readme::Study {
        spec: s.spec,
        items: s.items,
        results: &results,
        gold: s.gold,
        plan: s.plan,
        card: s.card,
        tables: &tables,
        refused: (s.refused, d.include_invalid),
        keep_notes: d.keep_notes,
        files: &files,
    };
    write(&dir.join("README.md"), readme::card(&study).as_bytes())?;
    Ok(format!(
        "{} items, {} annotations from {} result(s), {} aggregated labels; README.md, spec.json, the items and report.html beside them",
        tables[0].rows.len(),
        tables[1].rows.len(),
        results.len(),
        tables.get(2).map_or(0, |t| t.rows.len())
    ))
}

/// The media files the items name: each path relative to the items file, and where it is.
/// A missing file or one that cannot be played is refused (`glossa check`'s words).
fn media_of(s: &Study, items_path: &str) -> Result<Vec<(String, PathBuf)>, ExitCode> {
    let dir = Path::new(items_path).parent().unwrap_or(Path::new("."));
    if let Some(p) = crate::media_files::problems(s.spec, s.items, dir).first() {
        eprintln!("{items_path}: {p}");
        return Err(ExitCode::from(2));
    }
    let rel = glossa::item::media::relative_files(s.spec, s.items).map_err(|e| {
        eprintln!("{items_path}: {e}");
        ExitCode::from(2)
    })?;
    Ok(rel.into_iter().map(|r| (r.clone(), dir.join(&r))).collect())
}

/// Whether a file of the folder is one of the study's media (`media`, paths relative to the
/// folder: copied as given, not searched).
fn is_media(media: &std::collections::BTreeSet<String>, path: &Path, dir: &Path) -> bool {
    let rel = path
        .strip_prefix(dir)
        .map(|p| p.to_string_lossy().replace('\\', "/"))
        .unwrap_or_default();
    media.contains(&rel)
}

/// Refuses the folder (`dir`, to become `out`) when any of its files holds one of `ids`.
fn check_folder(
    dir: &Path,
    out: &Path,
    ids: &std::collections::BTreeSet<String>,
    media: &dyn Fn(&Path) -> bool,
) -> Result<(), ExitCode> {
    let (numbers, ids): (Vec<&String>, Vec<&String>) = ids.iter().partition(|id| numeric(id));
    if !numbers.is_empty() {
        eprintln!(
            "{}: {} id(s) that are numbers (such as JATOS's worker numbers) not searched for: they cannot be told from the data's numbers",
            out.display(),
            numbers.len()
        );
    }
    let mut written = Vec::new();
    files_under(dir, &mut written);
    written.sort();
    // (The study's recordings and images are copied as given: no text to search.)
    written.retain(|f| !media(f));
    let mut leaked = 0;
    for f in &written {
        let bytes = std::fs::read(f).unwrap_or_default();
        let text = String::from_utf8_lossy(&bytes);
        let shown = f.strip_prefix(dir).unwrap_or(f);
        for id in ids.iter().filter(|id| holds(&text, id)) {
            eprintln!(
                "{}: holds the annotator id \"{id}\"",
                out.join(shown).display()
            );
            leaked += 1;
        }
    }
    if leaked > 0 {
        eprintln!("{}: not fit to publish: {leaked} annotator id(s) found in it (an item or the spec names an annotator? a key of the results' ids that is a flag, not a person?)", out.display());
        return Err(ExitCode::FAILURE);
    }
    Ok(())
}
