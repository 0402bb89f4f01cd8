//! `glossa host`: a study made into a folder ready to upload. Which file goes where is
//! `glossa::study::site::plan` (the studio's export makes the same plan in the browser); this
//! file checks the study and the folder, finds jsPsych, and writes the plan to disk.

use crate::args::HostPage;
use crate::files::{load_study, study_files};
use crate::Outcome;
use glossa::study::site::{self, Content, HostKind, JsPsych, SiteFiles, SiteOptions, StudyFile};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Options every page takes.
pub struct HostOptions<'a> {
    /// The study folder (spec.json, items.jsonl or items.json, plan.json).
    pub study: &'a str,
    /// Where to write the folder (made if missing; must be empty).
    pub out: &'a str,
    /// The Glossa site to take the files from (default: the installed one; `site_dir`).
    pub site: Option<&'a str>,
    /// DataPipe's experiment id: results to OSF.
    pub datapipe: Option<&'a str>,
    /// An endpoint results are posted to.
    pub post: Option<&'a str>,
    /// Completion links: finished, missed an attention item, could not load.
    pub complete: [Option<&'a str>; 3],
    /// jsPsych's `dist` folder (the jsPsych page).
    pub jspsych: Option<&'a str>,
    /// Where the folder will be served from (MTurk's question files name it).
    pub url: Option<&'a str>,
}

/// A built Glossa site in a folder.
pub(crate) struct DirSite(pub(crate) PathBuf);

impl SiteFiles for DirSite {
    fn list(&self, dir: &str) -> Vec<String> {
        walk(&self.0.join(dir))
            .unwrap_or_default()
            .into_iter()
            .filter_map(|p| {
                let rel = p
                    .strip_prefix(&self.0)
                    .ok()?
                    .to_string_lossy()
                    .replace('\\', "/");
                Some(rel)
            })
            .collect()
    }

    fn text(&self, path: &str) -> Result<String, String> {
        std::fs::read_to_string(self.0.join(path)).map_err(|e| e.to_string())
    }

    fn has(&self, path: &str) -> bool {
        self.0.join(path).is_file()
    }
}

/// jsPsych's script and stylesheet in its `dist` folder (the stylesheet may be in `../css/`,
/// as in jsPsych 7 and 8).
fn find_jspsych(site: &Path, dist: Option<&str>) -> Result<JsPsych, String> {
    let dist = dist
        .map(PathBuf::from)
        .or_else(|| crate::site_dir::jspsych_dist(site))
        .unwrap_or_else(|| site.join(crate::site_dir::JSPSYCH));
    let script = ["index.browser.min.js", "index.browser.js"]
        .into_iter()
        .find(|f| dist.join(f).is_file())
        .ok_or_else(|| {
            format!(
                "{}: no jsPsych here: get it with `npm install jspsych` and name its dist folder with --jspsych node_modules/jspsych/dist",
                dist.display()
            )
        })?;
    let css = [dist.join("jspsych.css"), dist.join("../css/jspsych.css")]
        .into_iter()
        .find(|p| p.is_file())
        .ok_or_else(|| format!("{}: no jspsych.css here or in ../css/", dist.display()))?;
    let path = |p: PathBuf| p.to_string_lossy().into_owned();
    let css_text = std::fs::read_to_string(&css).map_err(|e| format!("{}: {e}", css.display()))?;
    Ok(JsPsych {
        script: script.to_owned(),
        css: css_text,
        files: vec![
            (script.to_owned(), path(dist.join(script))),
            ("jspsych.css".to_owned(), path(css)),
        ],
    })
}

/// Writes the folder for `page`.
pub fn host(kind: HostPage, o: &HostOptions) -> Outcome {
    let fail = |m: String| {
        eprintln!("{m}");
        Err(ExitCode::from(2))
    };
    let study = Path::new(o.study);
    let (spec_path, items_path, plan_path) = match study_files(study) {
        Ok(f) => f,
        Err(e) => return fail(format!("{}: {e}", o.study)),
    };
    // The study must load as the widget will load it, every item fitting the spec.
    let items_name = items_path.to_string_lossy();
    let (spec, items) = load_study(&spec_path.to_string_lossy(), &items_name)?;
    let issues = glossa::mount::check_items(&spec, &items);
    if !issues.is_empty() {
        return Err(crate::files::report(&items_name, &issues));
    }
    let kind = match kind {
        HostPage::Pilot => HostKind::Pilot,
        HostPage::Jspsych => HostKind::Jspsych,
        HostPage::Jatos => HostKind::Jatos,
        HostPage::Mturk => HostKind::Mturk,
        HostPage::Qualtrics => HostKind::Qualtrics,
    };
    if kind == HostKind::Qualtrics {
        if let Err(e) = site::qualtrics_base(o.url) {
            return fail(e);
        }
    }
    let site_dir = crate::site_dir::folder(o.site)?;
    if Path::new(o.out).exists()
        && std::fs::read_dir(o.out).map_or(true, |mut d| d.next().is_some())
    {
        return fail(format!("{}: not empty: give a new folder", o.out));
    }
    let mut study_texts = Vec::new();
    for p in [Some(&spec_path), Some(&items_path), plan_path.as_ref()]
        .into_iter()
        .flatten()
    {
        match std::fs::read_to_string(p) {
            Ok(text) => study_texts.push(StudyFile {
                name: p
                    .file_name()
                    .unwrap_or_default()
                    .to_string_lossy()
                    .into_owned(),
                text,
            }),
            Err(e) => return fail(format!("{}: {e}", p.display())),
        }
    }
    let jspsych = match kind {
        HostKind::Jspsych => match find_jspsych(&site_dir, o.jspsych) {
            Ok(j) => Some(j),
            Err(e) => return fail(e),
        },
        _ => None,
    };
    // The items' media files, from beside the items file: each there and playable.
    let items_dir = items_path.parent().unwrap_or(Path::new("."));
    let media = match glossa::item::media::relative_files(&spec, &items) {
        Ok(files) => files,
        Err(e) => return fail(format!("{items_name}: {e}")),
    };
    if let Some(p) = crate::media_files::problems(&spec, &items, items_dir).first() {
        return fail(format!("{items_name}: {p}"));
    }
    let mut media_files = Vec::new();
    for rel in media {
        let from = items_dir.join(&rel);
        if !from.is_file() {
            return fail(format!(
                "{}: no such file (item media are paths relative to the items file)",
                from.display()
            ));
        }
        media_files.push((rel, from.to_string_lossy().into_owned()));
    }
    let options = SiteOptions {
        datapipe: o.datapipe.map(str::to_owned),
        post: o.post.map(str::to_owned),
        complete: o.complete.map(|c| c.map(str::to_owned)),
        url: o.url.map(str::to_owned),
        jspsych,
        screens: glossa::study::site::Screens::Render(glossa::ui::prerender::first_screen_with),
        media: media_files,
    };
    let site = DirSite(site_dir.clone());
    let plan = match site::plan(kind, &spec, &items, &study_texts, &site, &options) {
        Ok(p) => p,
        Err(e) => return fail(format!("{}: {e}", site_dir.display())),
    };
    let out = Path::new(o.out);
    let written = (|| -> std::io::Result<()> {
        for (path, content) in &plan.files {
            let target = out.join(path);
            std::fs::create_dir_all(target.parent().unwrap_or(out))?;
            match content {
                Content::Site(p) => std::fs::copy(site_dir.join(p), &target).map(|_| ()),
                Content::Outside(p) => std::fs::copy(p, &target).map(|_| ()),
                Content::Text(t) => std::fs::write(&target, t),
            }?;
        }
        Ok(())
    })();
    if let Err(e) = written {
        return fail(format!("{}: cannot write: {e}", o.out));
    }
    if let Some(archive) = &plan.jatos {
        let assets = out.join("assets");
        let made = (|| -> Result<PathBuf, String> {
            let mut files = Vec::new();
            for file in walk(&assets).map_err(|e| format!("{}: {e}", assets.display()))? {
                let rel = file
                    .strip_prefix(&assets)
                    .expect("inside")
                    .to_string_lossy()
                    .replace('\\', "/");
                let bytes = std::fs::read(&file).map_err(|e| format!("{}: {e}", file.display()))?;
                files.push((rel, bytes));
            }
            let zip = site::jatos_zip(
                archive,
                files.iter().map(|(r, b)| (r.clone(), b.as_slice())),
            )?;
            let path = out.join(&archive.file);
            std::fs::write(&path, zip).map_err(|e| format!("{}: {e}", path.display()))?;
            Ok(path)
        })();
        match made {
            Ok(path) => eprintln!("{}: the JATOS study archive", path.display()),
            Err(e) => return fail(format!("{}: cannot write the archive: {e}", o.out)),
        }
    }
    if let Err(e) = std::fs::write(out.join("LINKS.txt"), &plan.links) {
        return fail(format!("{}: cannot write: {e}", o.out));
    }
    eprintln!(
        "{}: {} file(s) and {} written; upload the folder as it is",
        o.out, plan.copied, plan.page
    );
    print!("{}", plan.links);
    Ok(ExitCode::SUCCESS)
}

/// Every file under a folder, sorted.
fn walk(dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir)? {
        let p = entry?.path();
        if p.is_dir() {
            out.extend(walk(&p)?);
        } else {
            out.push(p);
        }
    }
    out.sort();
    Ok(out)
}
