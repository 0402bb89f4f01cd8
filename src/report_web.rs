//! The report page's wasm (`www/report.html`, built by `scripts/build.sh` with the `report-web`
//! feature into `www/report-pkg/`): the same report the CLI writes, made in the browser from the
//! files the researcher drops on the page — nothing is uploaded.

mod review;

use crate::analysis::report;
use crate::mount::{self, Failed};
use crate::study::gold::Gold;
use wasm_bindgen::prelude::*;

/// Makes the report page from the texts of the spec, the items, the results (JSON Lines) and,
/// optionally (empty text), a gold file. Returns JSON `{"html": "...", "problems": [...]}`: bad
/// result lines are named there and left out, as the CLI does. A spec, items or gold file that
/// cannot be read is an error naming the file and every problem.
#[wasm_bindgen(js_name = buildReport)]
pub fn build_report(spec: &str, items: &str, results: &str, gold: &str) -> Result<String, String> {
    let (spec, items) = study(spec, items)?;
    let gold: Option<Gold> = if gold.trim().is_empty() {
        None
    } else {
        Some(load_gold(gold, &spec, &items)?)
    };
    let (parsed, bad) = crate::analysis::read_results(&spec, results);
    let parsed: Vec<_> = parsed.into_iter().map(|(_, doc)| doc).collect();
    let bad: Vec<String> = bad
        .iter()
        .map(|(n, m)| format!("results:{n}: {m}"))
        .collect();
    let html = report::html(&spec, &items, &parsed, gold.as_ref());
    Ok(serde_json::json!({ "html": html, "problems": bad }).to_string())
}

/// A gold file read against its study, for the pilot's training mode (`&training=`): the same
/// checks and the same scoring as `glossa report --gold`.
#[wasm_bindgen(js_name = TrainingGold)]
pub struct TrainingGold {
    spec: crate::spec::TaskSpec,
    gold: Gold,
}

#[wasm_bindgen(js_class = TrainingGold)]
impl TrainingGold {
    /// Reads the gold file against the spec and items; an error lists every problem, one per
    /// line, each naming its field.
    #[wasm_bindgen(constructor)]
    pub fn new(spec: &str, items: &str, gold: &str) -> Result<TrainingGold, String> {
        let (spec, items) = study(spec, items)?;
        let gold = load_gold(gold, &spec, &items)?;
        Ok(TrainingGold { spec, gold })
    }

    /// Whether a result (JSON) passes its gold item; `undefined` when its item is not gold.
    pub fn passes(&self, result: &str) -> Option<bool> {
        let json: serde_json::Value = serde_json::from_str(result).ok()?;
        let result = crate::result::ResultDoc::read(&self.spec, &json).ok()?;
        self.gold.passes(&result)
    }
}

/// The spec and items, or every problem of the one that cannot be read, a line each.
fn study(
    spec: &str,
    items: &str,
) -> Result<(crate::spec::TaskSpec, Vec<crate::item::Item>), String> {
    mount::study(spec, items).map_err(|(which, issues)| {
        let file = if which == Failed::Spec {
            "spec"
        } else {
            "items"
        };
        let lines: Vec<String> = issues.iter().map(|i| format!("{file}: {i}")).collect();
        lines.join("\n")
    })
}

/// A gold file read against its study, or every problem, a line each.
fn load_gold(
    gold: &str,
    spec: &crate::spec::TaskSpec,
    items: &[crate::item::Item],
) -> Result<Gold, String> {
    Gold::load(gold, spec, items).map_err(|problems| {
        let lines: Vec<String> = problems.iter().map(|p| format!("gold: {p}")).collect();
        lines.join("\n")
    })
}

/// The studio's items: a file's bytes (CSV, TSV, XLSX, XLS, ODS, JSON or JSON Lines, told by
/// `name`'s extension) read against the spec by `glossa items`' own code, `map` a JSON object
/// `{field: column}`. Returns JSON `{"header": [...], "fields": [the fields the spec needs],
/// "items": [{"row": n, "item": {...}}],
/// "problems": [{"row": n | null, "column": "..." | null, "message": "..."}], "notes": [...]}`;
/// rows with problems are left out of `items`. An unreadable spec or file is an error.
#[wasm_bindgen(js_name = readItems)]
pub fn read_items(bytes: &[u8], name: &str, spec: &str, map: &str) -> Result<String, String> {
    use crate::study::sheet;
    use serde_json::{json, Value};
    let spec = mount::load_spec(spec).map_err(|issues| {
        let lines: Vec<String> = issues.iter().map(|i| format!("spec: {i}")).collect();
        lines.join("\n")
    })?;
    let map: Vec<(String, String)> = serde_json::from_str::<SortedMapOf>(map)
        .unwrap_or_default()
        .into_iter()
        .collect();
    let lower = name.to_lowercase();
    let problem = |row: Option<usize>, column: Option<&str>, message: String| json!({ "row": row, "column": column, "message": message });
    let (header, items, problems, notes) = if lower.ends_with(".json") || lower.ends_with(".jsonl")
    {
        let text = sheet::decode(bytes)?;
        let items = crate::item::parse_items(&text).map_err(|issues| {
            issues
                .iter()
                .map(|i| i.to_string())
                .collect::<Vec<_>>()
                .join("\n")
        })?;
        // Problems name the item by its place (`items[3]`): that item's row is 4 in the pager.
        let problems: Vec<Value> = crate::mount::check_items(&spec, &items)
            .iter()
            .map(|i| {
                let row = i
                    .path
                    .strip_prefix("items[")
                    .and_then(|r| r.split(']').next())
                    .and_then(|n| n.parse::<usize>().ok())
                    .map(|n| n + 1);
                problem(row, None, i.to_string())
            })
            .collect();
        let bad: Vec<usize> = problems
            .iter()
            .filter_map(|p| p["row"].as_u64())
            .map(|r| r as usize)
            .collect();
        let items: Vec<Value> = items
            .into_iter()
            .enumerate()
            .filter(|(n, _)| !bad.contains(&(n + 1)))
            .map(|(n, i)| json!({ "row": n + 1, "item": i }))
            .collect();
        (Vec::new(), items, problems, Vec::new())
    } else {
        let table = sheet::read_table(bytes, name, None)?;
        let (items, problems, notes) = sheet::items(&spec, &table, &map);
        let bad: Vec<usize> = problems.iter().filter_map(|p| p.row).collect();
        let fatal = problems.iter().any(|p| p.row.is_none());
        let items: Vec<Value> = items
            .into_iter()
            .filter(|(r, _)| !fatal && !bad.contains(r))
            .map(|(row, i)| json!({ "row": row, "item": i }))
            .collect();
        let problems = problems
            .into_iter()
            .map(|p| problem(p.row, p.column.as_deref(), p.message))
            .collect();
        (table.header, items, problems, notes)
    };
    let fields = sheet::needed_fields(&spec);
    let outputs = sheet::output_fields(&spec);
    Ok(json!({
        "header": header, "fields": fields, "outputs": outputs, "items": items, "problems": problems, "notes": notes,
    })
    .to_string())
}

/// A JSON object of strings (`{field: column}`).
type SortedMapOf = std::collections::BTreeMap<String, String>;

/// The studio's export: the study folder as a zip (see `study::export`). `items` is a JSON list
/// of items, `gold` the gold file's text (empty: none), `plan` `{"per_item", "annotators",
/// "gold_every", "seed"}` or empty (no plan). An error names each file's problems, a line each.
#[wasm_bindgen(js_name = exportStudy)]
pub fn export_study(spec: &str, items: &str, gold: &str, plan: &str) -> Result<Vec<u8>, String> {
    use crate::study::export;
    let items = crate::item::parse_items(items).map_err(|issues| {
        let lines: Vec<String> = issues.iter().map(|i| format!("items: {i}")).collect();
        lines.join("\n")
    })?;
    let plan: Option<export::PlanOptions> = if plan.trim().is_empty() {
        None
    } else {
        Some(serde_json::from_str(plan).map_err(|e| format!("plan: {e}"))?)
    };
    export::study_zip(spec, &items, gold, plan)
}

/// The studio's plan for a host folder: `plan` options as for [`export_study`], the gold
/// file's text (empty: none). Returns the plan's JSON text; an error names the file.
#[wasm_bindgen(js_name = makePlan)]
pub fn make_plan(spec: &str, items: &str, gold: &str, plan: &str) -> Result<String, String> {
    let (spec, items) = study(spec, items)?;
    let gold = if gold.trim().is_empty() {
        None
    } else {
        Some(load_gold(gold, &spec, &items)?)
    };
    let options: crate::study::export::PlanOptions =
        serde_json::from_str(plan).map_err(|e| format!("plan: {e}"))?;
    let p = crate::study::export::make_plan(&items, gold.as_ref(), options)?;
    Ok(format!(
        "{}\n",
        serde_json::to_string_pretty(&p).map_err(|e| e.to_string())?
    ))
}

/// The studio's host folder: `glossa host`'s plan (`study::site::plan`) made in the browser.
/// Made from the page (`pilot`, `mturk`, `jatos`, `qualtrics`), the spec's text, the items
/// (JSON list), the plan's text (empty: none), the options (`{"url", "datapipe", "post",
/// "complete": [finished, attention, error], "screens": {item id: {"html", "build"}}}`), the
/// site's file list (`www/site-files.json`) and the texts it reads, by path (the pages it adapts, `index.html` and
/// `www/hosts/mturk.html`, and what a page with a first screen carries in it: the pages'
/// stylesheets, the build's, `www/first-screen.js`). The studio fetches each
/// file [`SiteZip::needed`] names, hands it to [`SiteZip::add`], and [`SiteZip::finish`] zips the
/// folder.
#[wasm_bindgen]
pub struct SiteZip {
    plan: crate::study::site::SitePlan,
    root: String,
    fetched: std::collections::BTreeMap<String, Vec<u8>>,
    /// The items' media files the researcher picked, by the path the items give.
    media: std::collections::BTreeMap<String, Vec<u8>>,
}

/// A site known from its file list and the texts the plan reads.
struct ListedSite {
    files: Vec<String>,
    texts: std::collections::BTreeMap<String, String>,
}

impl crate::study::site::SiteFiles for ListedSite {
    fn list(&self, dir: &str) -> Vec<String> {
        let prefix = format!("{dir}/");
        self.files
            .iter()
            .filter(|f| f.starts_with(&prefix))
            .cloned()
            .collect()
    }

    fn text(&self, path: &str) -> Result<String, String> {
        self.texts
            .get(path)
            .cloned()
            .ok_or_else(|| format!("{path} was not fetched"))
    }

    fn has(&self, path: &str) -> bool {
        self.files.iter().any(|f| f == path)
    }
}

impl SiteZip {
    /// The plan's files `pick` takes (the path it gives), as a JSON list.
    fn paths(&self, pick: impl Fn(&crate::study::site::Content) -> Option<&String>) -> String {
        let list: Vec<&String> = self
            .plan
            .files
            .iter()
            .filter_map(|(_, c)| pick(c))
            .collect();
        serde_json::to_string(&list).unwrap_or_default()
    }
}

#[wasm_bindgen]
impl SiteZip {
    /// Makes the plan; an error names what is wrong (the study, the options, the site).
    #[wasm_bindgen(constructor)]
    pub fn new(
        page: &str,
        spec: &str,
        items: &str,
        plan: &str,
        options: &str,
        listing: &str,
        texts: &str,
    ) -> Result<SiteZip, String> {
        use crate::study::site::{self, HostKind, SiteOptions, StudyFile};
        let kind = match page {
            "pilot" => HostKind::Pilot,
            "mturk" => HostKind::Mturk,
            "jatos" => HostKind::Jatos,
            "qualtrics" => HostKind::Qualtrics,
            other => return Err(format!("{other}: the studio makes pilot, mturk, jatos and qualtrics folders (jsPsych: glossa host jspsych --jspsych DIR)")),
        };
        let (spec_parsed, items_parsed) = study(spec, items)?;
        let issues = crate::mount::check_items(&spec_parsed, &items_parsed);
        if !issues.is_empty() {
            let lines: Vec<String> = issues.iter().map(|i| format!("items: {i}")).collect();
            return Err(lines.join("\n"));
        }
        #[derive(serde::Deserialize, Default)]
        #[serde(default)]
        struct Options {
            url: Option<String>,
            datapipe: Option<String>,
            post: Option<String>,
            complete: [Option<String>; 3],
            /// The items' first screens by id (`www/prerender-pkg`'s `firstScreens`).
            screens: std::collections::BTreeMap<String, crate::mount::Rendered>,
        }
        let nonempty = |s: Option<String>| s.filter(|v| !v.trim().is_empty());
        let o: Options = serde_json::from_str(options).map_err(|e| format!("options: {e}"))?;
        let options = SiteOptions {
            url: nonempty(o.url),
            datapipe: nonempty(o.datapipe),
            post: nonempty(o.post),
            complete: o.complete.map(nonempty),
            jspsych: None,
            screens: crate::study::site::Screens::Given(o.screens),
            // The items' media files: the researcher picks them in the studio (`addMedia`),
            // each at the path the items give (`clips/c01.wav`), as `glossa host` copies them.
            media: crate::item::media::relative_files(&spec_parsed, &items_parsed)?
                .into_iter()
                .map(|rel| (rel.clone(), rel))
                .collect(),
        };
        let items_text = crate::item::json_lines(&items_parsed);
        let mut study_files = vec![
            StudyFile {
                name: "spec.json".into(),
                text: spec.to_owned(),
            },
            StudyFile {
                name: "items.jsonl".into(),
                text: items_text,
            },
        ];
        if !plan.trim().is_empty() {
            study_files.push(StudyFile {
                name: "plan.json".into(),
                text: plan.to_owned(),
            });
        }
        let files: Vec<String> =
            serde_json::from_str(listing).map_err(|e| format!("www/site-files.json: {e}"))?;
        let texts: std::collections::BTreeMap<String, String> =
            serde_json::from_str(texts).map_err(|e| format!("the site's texts: {e}"))?;
        let site = ListedSite { files, texts };
        let plan = site::plan(
            kind,
            &spec_parsed,
            &items_parsed,
            &study_files,
            &site,
            &options,
        )?;
        let root = format!(
            "{}-{page}",
            crate::study::export::folder_name(&spec_parsed.id)
        );
        Ok(SiteZip {
            plan,
            root,
            fetched: Default::default(),
            media: Default::default(),
        })
    }

    /// The items' media files to pick (the paths the items give: `clips/c01.wav`), as a JSON
    /// list; empty for a study without media or with URLs only.
    #[wasm_bindgen(js_name = neededMedia)]
    pub fn needed_media(&self) -> String {
        self.paths(|c| match c {
            crate::study::site::Content::Outside(p) => Some(p),
            _ => None,
        })
    }

    /// A media file the researcher picked, for the path the items give.
    #[wasm_bindgen(js_name = addMedia)]
    pub fn add_media(&mut self, path: &str, bytes: &[u8]) {
        self.media.insert(path.to_owned(), bytes.to_vec());
    }

    /// The site's files to fetch (paths from the site's root), as a JSON list.
    pub fn needed(&self) -> String {
        self.paths(|c| match c {
            crate::study::site::Content::Site(p) => Some(p),
            _ => None,
        })
    }

    /// A fetched site file.
    pub fn add(&mut self, path: &str, bytes: &[u8]) {
        self.fetched.insert(path.to_owned(), bytes.to_vec());
    }

    /// The folder as a zip (under `<spec id>-<page>/`), with `LINKS.txt` and, for JATOS, the
    /// `.jzip` beside `assets/`. An error names a site file that was not fetched.
    pub fn finish(&self) -> Result<Vec<u8>, String> {
        use crate::study::site::{self, Content};
        let mut files: Vec<(String, &[u8])> = Vec::new();
        for (path, content) in &self.plan.files {
            let bytes: &[u8] = match content {
                Content::Site(p) => self
                    .fetched
                    .get(p)
                    .ok_or_else(|| format!("{p} could not be fetched"))?,
                Content::Text(t) => t.as_bytes(),
                Content::Outside(p) => self.media.get(p).ok_or_else(|| {
                    format!("{p}: an item's media file was not picked: pick the items' media files (the folder beside the items file) before making the folder")
                })?,
            };
            files.push((path.clone(), bytes));
        }
        let jzip = match &self.plan.jatos {
            Some(archive) => {
                let mut assets: Vec<(String, &[u8])> = files
                    .iter()
                    .filter_map(|(p, b)| Some((p.strip_prefix("assets/")?.to_owned(), *b)))
                    .collect();
                assets.sort_by(|a, b| a.0.cmp(&b.0));
                Some((archive.file.clone(), site::jatos_zip(archive, assets)?))
            }
            None => None,
        };
        if let Some((name, bytes)) = &jzip {
            files.push((name.clone(), bytes.as_slice()));
        }
        files.push(("LINKS.txt".to_owned(), self.plan.links.as_bytes()));
        let root = &self.root;
        site::zip_files(files.into_iter().map(|(p, b)| (format!("{root}/{p}"), b)))
    }

    /// What `LINKS.txt` says.
    pub fn links(&self) -> String {
        self.plan.links.clone()
    }
}
