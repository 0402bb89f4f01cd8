//! `glossa host`: a study made into a folder ready to upload — the Glossa files the host page
//! loads, the study's spec, items and plan (never its gold answers), the page itself with a
//! strict Content-Security-Policy, and `LINKS.txt` saying which link to give participants.

use crate::args::HostPage;
use crate::files::{load_study, study_files};
use crate::Outcome;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Copies a folder's files (recursively, see [`walk`]), skipping what `skip` names.
fn copy_dir(from: &Path, to: &Path, skip: &dyn Fn(&Path) -> bool) -> std::io::Result<usize> {
    let files: Vec<PathBuf> = walk(from)?.into_iter().filter(|p| !skip(p)).collect();
    for file in &files {
        let target = to.join(file.strip_prefix(from).expect("under the folder"));
        std::fs::create_dir_all(target.parent().unwrap_or(to))?;
        std::fs::copy(file, &target)?;
    }
    Ok(files.len())
}

/// The Content-Security-Policy of a generated page: its own files only, wasm compiled
/// (`'wasm-unsafe-eval'`), no inline script or style, images from the items' https addresses
/// (fonts from data: URLs, as jsPsych's stylesheet embeds them),
/// and connections only to the page's origin and where results go.
pub fn csp(connect: &[&str], forms: &[&str]) -> String {
    let mut connect_src = vec!["'self'"];
    connect_src.extend(connect);
    let mut form_action = vec!["'self'"];
    form_action.extend(forms);
    format!(
        "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' https: data:; font-src 'self' data:; connect-src {}; object-src 'none'; base-uri 'none'; form-action {}",
        connect_src.join(" "),
        form_action.join(" ")
    )
}

/// Where MTurk takes a HIT's answer (`turkSubmitTo`): the live site and the sandbox.
const MTURK: [&str; 2] = ["https://www.mturk.com", "https://workersandbox.mturk.com"];

/// An attribute value for HTML (`"` and `&` escaped).
fn attr(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;")
}

/// Options every page takes.
pub struct HostOptions<'a> {
    /// The study folder (spec.json, items.jsonl or items.json, plan.json).
    pub study: &'a str,
    /// Where to write the folder (made if missing; must be empty).
    pub out: &'a str,
    /// The Glossa site to take the files from (default: this program's source folder).
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

/// The origin of an http(s) URL (`https://pipe.jspsych.org`), for `connect-src`.
fn origin(url: &str) -> Option<String> {
    let (scheme, rest) = url.split_once("://")?;
    matches!(scheme, "https" | "http")
        .then(|| format!("{scheme}://{}", rest.split('/').next().unwrap_or(rest)))
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
    let issues = glossa::item::check_items(&spec, &items);
    if !issues.is_empty() {
        return Err(crate::files::report(&items_name, &issues));
    }
    // Qualtrics loads Glossa from where the folder is served: the survey must name it.
    let qualtrics_base = match (kind, o.url) {
        (HostPage::Qualtrics, Some(url))
            if url.starts_with("https://")
                || url.starts_with("http://localhost")
                || url.starts_with("http://127.0.0.1") =>
        {
            Some(format!("{}/", url.trim_end_matches('/')))
        }
        (HostPage::Qualtrics, _) => {
            return fail("--url: give the https address the folder will be served from (with CORS allowed): the survey loads Glossa from there".into())
        }
        _ => None,
    };
    let site = PathBuf::from(o.site.unwrap_or(env!("CARGO_MANIFEST_DIR")));
    if !site.join("www/glossa.js").is_file() || !site.join("www/pkg").is_dir() {
        return fail(format!(
            "{}: not a built Glossa site (www/glossa.js and www/pkg/): build it with scripts/build.sh, or name one with --site",
            site.display()
        ));
    }
    if matches!(kind, HostPage::Qualtrics) && !site.join("www/hosts/qualtrics.js").is_file() {
        return fail(format!(
            "{}: www/hosts/qualtrics.js is missing: the survey loads Glossa through it",
            site.display()
        ));
    }
    if Path::new(o.out).exists()
        && std::fs::read_dir(o.out).map_or(true, |mut d| d.next().is_some())
    {
        return fail(format!("{}: not empty: give a new folder", o.out));
    }
    // JATOS takes the study's assets inside its archive: they are written to `assets/` first.
    let out_dir = match kind {
        HostPage::Jatos => Path::new(o.out).join("assets"),
        _ => PathBuf::from(o.out),
    };
    let out = out_dir.as_path();
    let written = (|| -> std::io::Result<usize> {
        // The Glossa files the page loads: the module, its stylesheet, every build (the page
        // loads the one its spec needs), the UI strings, the host scripts; the report's wasm for
        // training mode. Not the examples, not the schemas.
        let www = site.join("www");
        let mut n = 0;
        std::fs::create_dir_all(out.join("www"))?;
        for f in ["glossa.js", "glossa.css"] {
            std::fs::copy(www.join(f), out.join("www").join(f))?;
            n += 1;
        }
        for d in ["pkg", "strings", "hosts", "report-pkg"] {
            if www.join(d).is_dir() {
                n += copy_dir(&www.join(d), &out.join("www").join(d), &|p: &Path| {
                    p.extension().is_some_and(|e| e == "ts")
                })?;
            }
        }
        // The study, without its gold answers (they never go where participants can fetch them).
        std::fs::create_dir_all(out.join("study"))?;
        for f in [Some(&spec_path), Some(&items_path), plan_path.as_ref()]
            .into_iter()
            .flatten()
        {
            std::fs::copy(f, out.join("study").join(f.file_name().unwrap_or_default()))?;
            n += 1;
        }
        Ok(n)
    })();
    let files = match written {
        Ok(n) => n,
        Err(e) => return fail(format!("{}: cannot write: {e}", o.out)),
    };
    let name = |p: &Path| {
        format!(
            "study/{}",
            p.file_name().unwrap_or_default().to_string_lossy()
        )
    };
    let mut data = vec![("spec", name(&spec_path)), ("items", name(&items_path))];
    if let Some(p) = &plan_path {
        data.push(("plan", name(p)));
    }
    let mut connect = Vec::new();
    if let Some(id) = o.datapipe {
        data.push(("datapipe", id.to_owned()));
        connect.push("https://pipe.jspsych.org".to_owned());
    }
    if let Some(url) = o.post {
        data.push(("post", url.to_owned()));
        connect.extend(origin(url));
    }
    for (key, link) in ["complete", "complete-attention", "complete-error"]
        .iter()
        .zip(o.complete)
    {
        if let Some(l) = link {
            data.push((key, l.to_owned()));
        }
    }
    let body_data: String = data
        .iter()
        .map(|(k, v)| format!(" data-{k}=\"{}\"", attr(v)))
        .collect();
    let connect: Vec<&str> = connect.iter().map(String::as_str).collect();
    let forms: &[&str] = match kind {
        HostPage::Mturk => &MTURK,
        _ => &[],
    };
    let policy = csp(&connect, forms);
    let (page_name, page_text) = match kind {
        HostPage::Pilot => ("index.html", pilot_page(&site, &policy, &body_data)),
        HostPage::Jspsych => (
            "index.html",
            jspsych_page(&site, out, o.jspsych, &policy, &body_data),
        ),
        HostPage::Jatos => ("index.html", Ok(jatos_page(&policy))),
        HostPage::Mturk => ("index.html", mturk_page(&site, &policy, &body_data)),
        HostPage::Qualtrics => (
            "survey.qsf",
            qualtrics_survey(
                &spec,
                &items,
                plan_path.as_deref(),
                qualtrics_base.as_deref().unwrap_or_default(),
                &name(&spec_path),
                o.complete,
            ),
        ),
    };
    let page_text = match page_text {
        Ok(t) => t,
        Err(e) => return fail(e),
    };
    if let Err(e) = std::fs::write(out.join(page_name), page_text) {
        return fail(format!("{}: cannot write: {e}", o.out));
    }
    if let HostPage::Mturk = kind {
        if let Err(e) = mturk_questions(out, &items, o.url) {
            return fail(format!("{}: cannot write: {e}", o.out));
        }
    }
    if let HostPage::Jatos = kind {
        // The component's configuration: where the study's files are, and where to end.
        let mut config = serde_json::Map::new();
        for (k, v) in &data {
            if ["spec", "items", "plan", "datapipe", "post", "complete"].contains(k) {
                config.insert((*k).to_owned(), serde_json::Value::from(v.as_str()));
            }
        }
        match jatos_archive(
            Path::new(o.out),
            &spec,
            &serde_json::Value::Object(config),
            o.complete[0],
        ) {
            Ok(path) => eprintln!("{}: the JATOS study archive", path.display()),
            Err(e) => return fail(format!("{}: cannot write the archive: {e}", o.out)),
        }
    }
    let links = links(kind, o);
    if let Err(e) = std::fs::write(Path::new(o.out).join("LINKS.txt"), &links) {
        return fail(format!("{}: cannot write: {e}", o.out));
    }
    eprintln!(
        "{}: {files} file(s) and {page_name} written; upload the folder as it is",
        o.out
    );
    print!("{links}");
    Ok(ExitCode::SUCCESS)
}

/// The Qualtrics survey file (see [`crate::qsf`]), its chunk fields sized for the study's
/// largest result.
fn qualtrics_survey(
    spec: &glossa::spec::TaskSpec,
    items: &[glossa::spec::Item],
    plan: Option<&Path>,
    base: &str,
    spec_file: &str,
    complete: [Option<&str>; 3],
) -> Result<String, String> {
    let plan = match plan {
        Some(p) => Some(
            std::fs::read_to_string(p)
                .map_err(|e| e.to_string())
                .and_then(|t| {
                    serde_json::from_str::<serde_json::Value>(&t).map_err(|e| e.to_string())
                })
                .map_err(|e| format!("{}: {e}", p.display()))?,
        ),
        None => None,
    };
    let survey = crate::qsf::survey(&crate::qsf::Survey {
        spec,
        items,
        plan: plan.as_ref(),
        base,
        spec_file,
        complete,
        fields: crate::qsf::chunk_fields(spec, items),
    })?;
    serde_json::to_string(&survey).map_err(|e| e.to_string())
}

/// The pilot page: the site's `index.html`, named for the study, under the policy.
fn pilot_page(site: &Path, policy: &str, body_data: &str) -> Result<String, String> {
    let page = std::fs::read_to_string(site.join("index.html"))
        .map_err(|e| format!("{}: cannot read index.html: {e}", site.display()))?;
    if page.contains("<script>") || page.contains("<style>") || !page.contains("<body>") {
        return Err("the site's index.html has inline script or style, or no <body>: it cannot run under the page's policy".into());
    }
    Ok(page
        .replacen(
            "<meta charset=\"utf-8\">",
            &format!("<meta charset=\"utf-8\">\n<meta http-equiv=\"Content-Security-Policy\" content=\"{policy}\">"),
            1,
        )
        .replacen("<body>", &format!("<body{body_data}>"), 1))
}

/// The MTurk ExternalQuestion page: the site's `www/hosts/mturk.html` at the folder's root.
fn mturk_page(site: &Path, policy: &str, body_data: &str) -> Result<String, String> {
    let page = std::fs::read_to_string(site.join("www/hosts/mturk.html"))
        .map_err(|e| format!("{}: cannot read www/hosts/mturk.html: {e}", site.display()))?;
    Ok(page
        .replacen(
            "<meta charset=\"utf-8\">",
            &format!("<meta charset=\"utf-8\">\n<meta http-equiv=\"Content-Security-Policy\" content=\"{policy}\">"),
            1,
        )
        .replace("href=\"../glossa.js\"", "href=\"www/glossa.js\"")
        .replace("href=\"mturk.css\"", "href=\"www/hosts/mturk.css\"")
        .replace("src=\"mturk-main.js\"", "src=\"www/hosts/mturk-main.js\"")
        .replacen("<body>", &format!("<body{body_data}>"), 1))
}

/// One ExternalQuestion per item (`mturk/<item>.xml`), pointing at `index.html?item=<id>` under
/// `url` (a placeholder address without it).
fn mturk_questions(
    out: &Path,
    items: &[glossa::item::Item],
    url: Option<&str>,
) -> std::io::Result<()> {
    let dir = out.join("mturk");
    std::fs::create_dir_all(&dir)?;
    let base = url.map_or_else(
        || "https://YOUR.HOST/PATH/".to_owned(),
        |u| format!("{}/", u.trim_end_matches('/')),
    );
    for item in items {
        let query: String = item
            .id
            .bytes()
            .map(|b| match b {
                b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                    (b as char).to_string()
                }
                _ => format!("%{b:02X}"),
            })
            .collect();
        let file: String = item
            .id
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || "-_.".contains(c) {
                    c
                } else {
                    '_'
                }
            })
            .collect();
        let xml = format!(
            "<ExternalQuestion xmlns=\"http://mechanicalturk.amazonaws.com/AWSMechanicalTurkDataSchemas/2006-07-14/ExternalQuestion.xsd\">\n  <ExternalURL>{}</ExternalURL>\n  <FrameHeight>0</FrameHeight>\n</ExternalQuestion>\n",
            attr(&format!("{base}index.html?item={query}"))
        );
        std::fs::write(dir.join(format!("{file}.xml")), xml)?;
    }
    Ok(())
}

/// A generated page: the policy, the head's own lines, the body's attributes and content.
fn page(policy: &str, head: &str, body_attrs: &str, body: &str) -> String {
    format!(
        r#"<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="{policy}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Annotation study</title>
<link rel="icon" href="data:,">
{head}</head>
<body{body_attrs}>
{body}</body>
</html>
"#
    )
}

/// The JATOS component page, at the root of the study's assets: JATOS's `jatos.js` (JATOS
/// serves it beside the page) and the component script.
fn jatos_page(policy: &str) -> String {
    page(
        policy,
        "<link rel=\"stylesheet\" href=\"www/hosts/jatos.css\">\n<script src=\"jatos.js\"></script>\n<script type=\"module\" src=\"www/hosts/jatos-main.js\"></script>\n",
        "",
        "<span id=\"progress\" role=\"status\"></span>\n<div id=\"task\"></div>\n",
    )
}

/// The jsPsych page: jsPsych (copied from its `dist` folder) and the Glossa plugin, the study's
/// items as trials (`www/hosts/jspsych-study.js`).
fn jspsych_page(
    site: &Path,
    out: &Path,
    dist: Option<&str>,
    policy: &str,
    body_data: &str,
) -> Result<String, String> {
    let dist = dist
        .map(PathBuf::from)
        .unwrap_or_else(|| site.join("tests/e2e/node_modules/jspsych/dist"));
    let script = ["index.browser.min.js", "index.browser.js"]
        .into_iter()
        .find(|f| dist.join(f).is_file())
        .ok_or_else(|| {
            format!(
                "{}: no jsPsych here: get it with `npm install jspsych` and name its dist folder with --jspsych node_modules/jspsych/dist",
                dist.display()
            )
        })?;
    // The stylesheet is in the package's css/ beside dist/ (jsPsych 7 and 8).
    let css = [dist.join("jspsych.css"), dist.join("../css/jspsych.css")]
        .into_iter()
        .find(|p| p.is_file())
        .ok_or_else(|| format!("{}: no jspsych.css here or in ../css/", dist.display()))?;
    std::fs::create_dir_all(out.join("jspsych")).map_err(|e| e.to_string())?;
    for (from, name) in [(dist.join(script), script), (css, "jspsych.css")] {
        std::fs::copy(&from, out.join("jspsych").join(name))
            .map_err(|e| format!("{}: {e}", from.display()))?;
    }
    Ok(page(
        policy,
        &format!(
            "<link rel=\"stylesheet\" href=\"jspsych/jspsych.css\">\n<script src=\"jspsych/{script}\"></script>\n<script type=\"module\" src=\"www/hosts/jspsych-study.js\"></script>\n"
        ),
        body_data,
        "",
    ))
}

/// What to give participants, and where the results will be.
fn links(page: HostPage, o: &HostOptions) -> String {
    let prolific =
        "?PROLIFIC_PID={{%PROLIFIC_PID%}}&STUDY_ID={{%STUDY_ID%}}&SESSION_ID={{%SESSION_ID%}}";
    let results = match (o.datapipe, o.post) {
        (Some(id), _) => format!("each result goes to DataPipe (experiment {id}) and from there to your OSF project, as one file"),
        (None, Some(url)) => format!("each result is posted to {url}"),
        (None, None) => "results stay in each participant's browser: they can download them at the end (add --datapipe or --post to have them sent)".to_owned(),
    };
    let kind = match page {
        HostPage::Pilot => "pilot runner",
        HostPage::Jspsych => "jsPsych experiment",
        HostPage::Mturk => {
            return [
                "The MTurk HITs: upload this folder to an https static host; each HIT is an ExternalQuestion on",
                "index.html?item=ITEM_ID. mturk/ holds one question file per item (with --url, ready to use):",
                "  aws mturk create-hit --question file://mturk/ITEM_ID.xml --max-assignments 3 \\",
                "    --reward 0.30 --title '…' --description '…' --lifetime-in-seconds 604800 --assignment-duration-in-seconds 1800",
                "Results: download the batch results CSV, then `glossa collect mturk batch.csv > results.jsonl`.",
                "",
            ]
            .join("\n");
        }
        HostPage::Qualtrics => {
            return format!(
                "The Qualtrics survey: upload this folder to {} (an https host that sends CORS headers: see the\n\
                 Qualtrics guide), then in Qualtrics: Create project -> Survey -> From a file -> survey.qsf.\n\
                 Give participants the survey's link; for Prolific, add\n  {prolific}\n\
                 Results: export the responses as CSV, then `glossa collect qualtrics responses.csv > results.jsonl`.\n",
                o.url.unwrap_or("your host")
            );
        }
        HostPage::Jatos => {
            return [
                "The JATOS study: import the .jzip in JATOS (Study -> Import) and make a study link;",
                "for Prolific, add ?PROLIFIC_PID={{%PROLIFIC_PID%}}&STUDY_ID={{%STUDY_ID%}}&SESSION_ID={{%SESSION_ID%}} to it.",
                "Results: in JATOS, Export results -> data only, then `glossa collect jatos FILE > results.jsonl`.",
                "assets/ holds what the archive holds, to look at.",
                "",
            ]
            .join("\n");
        }
    };
    format!(
        "The {kind}: upload this folder to any static host (GitHub Pages, OSF, your university's web space) and give\n\
         \n  Prolific:          https://YOUR.HOST/PATH/index.html{prolific}\n  \
         one participant:   https://YOUR.HOST/PATH/index.html?participant=P01\n\
         \nResults: {results}.\n\
         The page carries a Content-Security-Policy: it loads nothing but its own files{}.\n",
        if o.datapipe.is_some() || o.post.is_some() { " and sends only where results go" } else { "" }
    )
}

/// A UUID-shaped id made from a name (the same study gets the same id, so importing a new
/// version into JATOS updates the study rather than adding another).
fn uuid_of(name: &str) -> String {
    let h = glossa::analysis::hosts::sha256_hex(name.as_bytes());
    format!(
        "{}-{}-5{}-a{}-{}",
        &h[0..8],
        &h[8..12],
        &h[13..16],
        &h[17..20],
        &h[20..32]
    )
}

/// The JATOS study archive (`.jzip`): the study assets (the component page at their root, the
/// Glossa files, the study) under one folder, and the study's description (`.jas`, JATOS's
/// format version 3: a study, its one component, its default batch).
fn jatos_archive(
    out: &Path,
    spec: &glossa::spec::TaskSpec,
    config: &serde_json::Value,
    end_redirect: Option<&str>,
) -> Result<PathBuf, String> {
    use std::io::Write;
    let name: String = spec
        .id
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    let dir_name = format!("glossa_{name}");
    let key = format!("glossa:{}", spec.id);
    let jas = serde_json::json!({
        "version": "3",
        "data": {
            "uuid": uuid_of(&key),
            "title": spec.title.clone().unwrap_or_else(|| spec.id.clone()),
            "description": format!("Glossa annotation study {} (version {})", spec.id, spec.version),
            "active": true,
            "groupStudy": false,
            "linearStudy": false,
            "dirName": dir_name,
            "comments": "Made by glossa host jatos. Results: Export results → data only, then glossa collect jatos.",
            "jsonData": null,
            "endRedirectUrl": end_redirect,
            "componentList": [{
                "uuid": uuid_of(&format!("{key}/component")),
                "title": "Annotation",
                "htmlFilePath": "index.html",
                "reloadable": true,
                "active": true,
                "comments": "",
                "jsonData": config.to_string(),
            }],
            "batchList": [{
                "uuid": uuid_of(&format!("{key}/batch")),
                "title": "Default",
                "active": true,
                "maxActiveMembers": null,
                "maxTotalMembers": null,
                "maxTotalWorkers": null,
                "allowedWorkerTypes": ["PersonalSingle", "PersonalMultiple", "GeneralSingle", "GeneralMultiple", "Jatos"],
                "comments": null,
                "jsonData": null,
            }],
        }
    });
    let path = out.join(format!("{dir_name}.jzip"));
    let file = std::fs::File::create(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut zip = zip::ZipWriter::new(file);
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    let mut add = |name: &str, bytes: &[u8]| -> Result<(), String> {
        zip.start_file(name, options).map_err(|e| e.to_string())?;
        zip.write_all(bytes).map_err(|e| e.to_string())
    };
    add(
        &format!("{dir_name}.jas"),
        serde_json::to_string(&jas).expect("JSON").as_bytes(),
    )?;
    let assets = out.join("assets");
    for file in walk(&assets).map_err(|e| format!("{}: {e}", assets.display()))? {
        let rel = file
            .strip_prefix(&assets)
            .expect("inside")
            .to_string_lossy()
            .replace('\\', "/");
        let bytes = std::fs::read(&file).map_err(|e| format!("{}: {e}", file.display()))?;
        add(&format!("{dir_name}/{rel}"), &bytes)?;
    }
    zip.finish().map_err(|e| e.to_string())?;
    Ok(path)
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
