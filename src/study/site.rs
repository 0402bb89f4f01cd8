//! A study made into a site to upload: the Glossa files the host page loads, the study's spec,
//! items and plan (never its gold answers), the page itself under a strict
//! Content-Security-Policy, and `LINKS.txt` saying which link to give participants. [`plan`]
//! says which file goes where and from what; `glossa host` writes the plan to a folder, and the
//! studio (in the researcher's wasm) fetches the site's files and zips them — the same plan.

use crate::item::Item;
use crate::mount::Rendered;
use crate::spec::TaskSpec;
use crate::support::html::attr;

/// The page that hosts the study.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HostKind {
    /// The static pilot runner (Prolific, any static host).
    Pilot,
    /// A jsPsych experiment.
    Jspsych,
    /// A JATOS study archive.
    Jatos,
    /// MTurk ExternalQuestion HITs.
    Mturk,
    /// A Qualtrics survey file.
    Qualtrics,
}

/// Where a file of the site comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Content {
    /// A file of the built Glossa site, by its path from the site's root (`www/glossa.js`).
    Site(String),
    /// This text.
    Text(String),
    /// A file outside the site, by its path (jsPsych's `dist`, named by the researcher).
    Outside(String),
}

/// The built Glossa site the files are taken from: a folder (`glossa host`) or what the studio
/// fetched.
pub trait SiteFiles {
    /// Every file under `dir` (a path from the site's root, e.g. `www/pkg`), as paths from the
    /// root, sorted; none when there is no such folder.
    fn list(&self, dir: &str) -> Vec<String>;
    /// A text file of the site, or why not.
    fn text(&self, path: &str) -> Result<String, String>;
    /// Whether the site has this file.
    fn has(&self, path: &str) -> bool;
}

/// A study file as it goes into `study/`: its name and text.
#[derive(Clone, Debug)]
pub struct StudyFile {
    /// File name (`spec.json`, `items.jsonl`, `plan.json`).
    pub name: String,
    /// Its text.
    pub text: String,
}

/// jsPsych's files, found by the caller: the script's file name and what to copy into
/// `jspsych/` (name, path).
#[derive(Clone, Debug)]
pub struct JsPsych {
    /// `index.browser.min.js` or `index.browser.js`.
    pub script: String,
    /// The files to copy: `(name in jspsych/, path)`.
    pub files: Vec<(String, String)>,
    /// `jspsych.css`'s text: a page with a first screen carries it (nothing to wait for before
    /// the screen shows).
    pub css: String,
}

/// What the page takes besides the study.
#[derive(Clone, Debug, Default)]
pub struct SiteOptions {
    /// DataPipe's experiment id: results to OSF.
    pub datapipe: Option<String>,
    /// An endpoint results are posted to.
    pub post: Option<String>,
    /// Completion links: finished, missed an attention item, could not load.
    pub complete: [Option<String>; 3],
    /// Where the folder will be served from (MTurk's question files and Qualtrics name it).
    pub url: Option<String>,
    /// jsPsych (the jsPsych page).
    pub jspsych: Option<JsPsych>,
    /// The items' first screens as HTML, for the pages to carry, there before the wasm.
    pub screens: Screens,
    /// The items' media files named by a relative path (`clips/c01.wav`), each with where it
    /// is: copied beside the items (`study/clips/c01.wav`), where the page finds them.
    pub media: Vec<(String, String)>,
}

/// Where the first screens come from (see [`SiteOptions::screens`]).
#[derive(Clone, Debug, Default)]
pub enum Screens {
    /// None: the pages show the widget once it has loaded.
    #[default]
    None,
    /// Rendered from the spec's and an item's JSON and a mount's options (`None` when the
    /// screen differs between participants): `glossa host` gives
    /// `ui::prerender::first_screen_with`.
    Render(fn(spec_json: &str, item_json: &str, options_json: &str) -> Option<Rendered>),
    /// Rendered already, by item id: the studio renders them with the same function in a wasm
    /// of its own (`www/prerender-pkg/`).
    Given(std::collections::BTreeMap<String, Rendered>),
}

impl Screens {
    /// An item's screen under the spec, if it has one.
    fn of(&self, spec: &str, item: &Item) -> Option<Rendered> {
        match self {
            Screens::None => None,
            Screens::Render(render) => render(spec, &serde_json::to_string(item).ok()?, "{}"),
            Screens::Given(by_id) => by_id.get(&item.id).cloned(),
        }
    }

    /// An item's screen without the widget's Submit button (a survey's own Next submits); the
    /// studio's screens have theirs, so it has none.
    fn without_submit(&self, spec: &str, item: &Item) -> Option<Rendered> {
        match self {
            Screens::Render(render) => render(
                spec,
                &serde_json::to_string(item).ok()?,
                r#"{"hideSubmit":true}"#,
            ),
            Screens::None | Screens::Given(_) => None,
        }
    }
}

/// A first screen written into the page: its item's id, its HTML, the build that takes it over.
struct FirstScreen {
    item: String,
    html: String,
    build: String,
}

/// The JATOS archive to make from the files under `assets/`.
#[derive(Clone, Debug)]
pub struct JatosArchive {
    /// Its file name (`glossa_<id>.jzip`).
    pub file: String,
    /// The folder inside it the assets go to.
    pub dir: String,
    /// The study description (`.jas`).
    pub jas: String,
}

/// Which file goes where: paths relative to the output folder.
#[derive(Clone, Debug)]
pub struct SitePlan {
    /// Every file, with where it comes from.
    pub files: Vec<(String, Content)>,
    /// How many of them are Glossa's and the study's (what `glossa host` reports).
    pub copied: usize,
    /// The page's file name (`index.html`, `survey.qsf`).
    pub page: String,
    /// What `LINKS.txt` says (also printed).
    pub links: String,
    /// JATOS: the archive to make from `assets/`.
    pub jatos: Option<JatosArchive>,
}

/// The Content-Security-Policy of a generated page: its own files only, wasm compiled
/// (`'wasm-unsafe-eval'`), no inline script or style, images from the items' https addresses
/// (fonts from data: URLs, as jsPsych's stylesheet embeds them), media from the items' https
/// addresses and from `blob:` (the headphone check's tones, made in the page),
/// and connections only to the page's origin and where results go.
pub fn csp(connect: &[&str], forms: &[&str]) -> String {
    let mut connect_src = vec!["'self'"];
    connect_src.extend(connect);
    let mut form_action = vec!["'self'"];
    form_action.extend(forms);
    format!(
        "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' https: data:; media-src 'self' https: blob:; font-src 'self' data:; connect-src {}; object-src 'none'; base-uri 'none'; form-action {}",
        connect_src.join(" "),
        form_action.join(" ")
    )
}

/// The pilot's offline worker (a service worker), beside the pilot page.
pub const OFFLINE_WORKER: &str = "glossa-offline.js";

/// Where MTurk takes a HIT's answer (`turkSubmitTo`): the live site and the sandbox.
const MTURK: [&str; 2] = ["https://www.mturk.com", "https://workersandbox.mturk.com"];

/// The origin of an http(s) URL (`https://pipe.jspsych.org`), for `connect-src`.
fn origin(url: &str) -> Option<String> {
    let (scheme, rest) = url.split_once("://")?;
    matches!(scheme, "https" | "http")
        .then(|| format!("{scheme}://{}", rest.split('/').next().unwrap_or(rest)))
}

/// The https address Qualtrics loads Glossa from, or why it is missing.
pub fn qualtrics_base(url: Option<&str>) -> Result<String, String> {
    match url {
        Some(url)
            if url.starts_with("https://")
                || url.starts_with("http://localhost")
                || url.starts_with("http://127.0.0.1") =>
        {
            Ok(format!("{}/", url.trim_end_matches('/')))
        }
        _ => Err("--url: give the https address the folder will be served from (with CORS allowed): the survey loads Glossa from there".into()),
    }
}

/// The plan of the site for a study that loads (`spec`, `items` checked by the caller), from a
/// built Glossa `site`. An error says what is missing.
pub fn plan(
    kind: HostKind,
    spec: &TaskSpec,
    items: &[Item],
    study: &[StudyFile],
    site: &dyn SiteFiles,
    o: &SiteOptions,
) -> Result<SitePlan, String> {
    let qualtrics_base = match kind {
        HostKind::Qualtrics => Some(qualtrics_base(o.url.as_deref())?),
        _ => None,
    };
    if !site.has("www/glossa.js") || site.list("www/pkg").is_empty() {
        return Err("not a built Glossa site (www/glossa.js and www/pkg/): build it with scripts/build.sh, or name one with --site".into());
    }
    if kind == HostKind::Qualtrics && !site.has("www/hosts/qualtrics.js") {
        return Err("www/hosts/qualtrics.js is missing: the survey loads Glossa through it".into());
    }
    // JATOS takes the study's assets inside its archive: they go to `assets/` first.
    let at = |p: &str| match kind {
        HostKind::Jatos => format!("assets/{p}"),
        _ => p.to_owned(),
    };
    let mut files: Vec<(String, Content)> = Vec::new();
    // The Glossa files the page loads: the module, its stylesheet, every build (the page loads
    // the one its spec needs), the UI strings, the host scripts; the report's wasm for training
    // mode. Not the examples, not the schemas, not the TypeScript declarations.
    for f in ["www/glossa.js", "www/glossa.css"] {
        files.push((at(f), Content::Site(f.to_owned())));
    }
    // The painter of `mount()`'s first screen and the script that keeps early taps, which
    // `glossa.js` loads on a page without a pre-rendered screen (a site built before them has
    // neither, nor a `glossa.js` that asks for them).
    for f in ["www/first-paint.js", "www/first-screen.js"] {
        if site.has(f) {
            files.push((at(f), Content::Site(f.to_owned())));
        }
    }
    for d in ["www/pkg", "www/strings", "www/hosts", "www/report-pkg"] {
        for f in site.list(d) {
            if !f.ends_with(".ts") {
                files.push((at(&f), Content::Site(f)));
            }
        }
    }
    // The study, without its gold answers (they never go where participants can fetch them).
    for f in study {
        files.push((
            at(&format!("study/{}", f.name)),
            Content::Text(f.text.clone()),
        ));
    }
    // The items' media files, beside the items, at the paths the items give.
    for (rel, from) in &o.media {
        files.push((at(&format!("study/{rel}")), Content::Outside(from.clone())));
    }
    let mut copied = files.len();
    let named = |want: &str| {
        study
            .iter()
            .find(|f| f.name.starts_with(want))
            .map(|f| format!("study/{}", f.name))
    };
    let mut data = Vec::new();
    for (key, want) in [("spec", "spec"), ("items", "items"), ("plan", "plan")] {
        if let Some(path) = named(want) {
            data.push((key, path));
        }
    }
    let mut connect = Vec::new();
    if let Some(id) = &o.datapipe {
        data.push(("datapipe", id.clone()));
        connect.push("https://pipe.jspsych.org".to_owned());
    }
    if let Some(url) = &o.post {
        data.push(("post", url.clone()));
        connect.extend(origin(url));
    }
    for (key, link) in ["complete", "complete-attention", "complete-error"]
        .iter()
        .zip(&o.complete)
    {
        if let Some(l) = link {
            data.push((key, l.clone()));
        }
    }
    let body_data: String = data
        .iter()
        .map(|(k, v)| format!(" data-{k}=\"{}\"", attr(v)))
        .collect();
    let connect: Vec<&str> = connect.iter().map(String::as_str).collect();
    let forms: &[&str] = match kind {
        HostKind::Mturk => &MTURK,
        _ => &[],
    };
    let policy = csp(&connect, forms);
    // Whether a page carries a first screen (it then loads `www/first-screen.js`).
    let mut with_screens = false;
    let (page_name, page_text) = match kind {
        HostKind::Pilot => {
            let screen = first_screen(study, items, &o.screens);
            with_screens = screen.is_some();
            let page = pilot_page(site, &policy, &body_data, screen.as_ref())?;
            ("index.html", in_study_language(&page, study))
        }
        HostKind::Jspsych => {
            let js = o.jspsych.as_ref().ok_or(
                "no jsPsych: get it with `npm install jspsych` and name its dist folder with --jspsych node_modules/jspsych/dist",
            )?;
            for (name, path) in &js.files {
                files.push((format!("jspsych/{name}"), Content::Outside(path.clone())));
            }
            match first_screen(study, items, &o.screens) {
                // The first trial's screen where jsPsych shows a trial's, with jsPsych's
                // stylesheet in the page: the plugin takes it over (`jspsych-glossa.js`).
                Some(s) => {
                    with_screens = true;
                    // jsPsych's fonts (data: URLs, most of its stylesheet) are a file of their
                    // own, which the page links once it runs (`data-fonts`, read by
                    // `jspsych-study.js`): the first screen waits for them neither in the page
                    // nor over the network, and they swap in once they are here.
                    let (rules, fonts) = font_faces_apart(&js.css);
                    let data = if fonts.trim().is_empty() {
                        body_data.clone()
                    } else {
                        files.push((JSPSYCH_FONTS.to_owned(), Content::Text(fonts)));
                        format!("{body_data} data-fonts=\"{JSPSYCH_FONTS}\"")
                    };
                    let page = jspsych_page(&js.script, &policy, &data);
                    // (With the page as jsPsych sets it once it runs: nothing moves then.)
                    let css = format!("{rules}\n{JSPSYCH_PAGE_CSS}");
                    let outside = [(JSPSYCH_CSS, css.as_str())];
                    let page = with_first_screen_of(&page, &s, JSPSYCH_PLACE, site, "", &outside)?;
                    ("index.html", page)
                }
                None => ("index.html", jspsych_page(&js.script, &policy, &body_data)),
            }
        }
        HostKind::Jatos => {
            let page = jatos_page(&policy);
            match first_screen(study, items, &o.screens) {
                Some(s) => {
                    with_screens = true;
                    let page = with_first_screen(&page, &s, "<div id=\"task\"></div>", site, "")?;
                    ("index.html", page)
                }
                None => ("index.html", page),
            }
        }
        HostKind::Mturk => ("index.html", mturk_page(site, &policy, &body_data)?),
        HostKind::Qualtrics => (
            "survey.qsf",
            qualtrics_survey(
                spec,
                items,
                study.iter().find(|f| f.name.starts_with("plan")),
                qualtrics_base.as_deref().unwrap_or_default(),
                &named("spec").unwrap_or_default(),
                &o.complete,
                QualtricsScreens {
                    spec: study.iter().find(|f| f.name.starts_with("spec")),
                    screens: &o.screens,
                    site,
                },
            )?,
        ),
    };
    if kind == HostKind::Mturk {
        // Each item whose screen every worker sees alike has a page of its own carrying it.
        let spec_text = study.iter().find(|f| f.name.starts_with("spec"));
        let mut hits = Vec::new();
        if let Some(spec_text) = spec_text {
            for item in items {
                if let Some(screen) = screen_of(&spec_text.text, item, &o.screens) {
                    hits.push((item.id.clone(), hit_page(&page_text, &screen, site)?));
                }
            }
        }
        files.extend(mturk_questions(items, o.url.as_deref(), |id| {
            hits.iter().any(|(h, _)| h == id)
        }));
        with_screens = !hits.is_empty();
        for (id, page) in hits {
            files.push((format!("hit/{}.html", file_name(&id)), Content::Text(page)));
        }
    }
    // The pilot's offline worker lives beside its page (a service worker's reach is its
    // folder): a participant's study reloads without network once it has loaded.
    if kind == HostKind::Pilot && site.has(OFFLINE_WORKER) {
        files.push((
            OFFLINE_WORKER.to_owned(),
            Content::Site(OFFLINE_WORKER.to_owned()),
        ));
        copied += 1;
    }
    if with_screens {
        let script = "www/first-screen.js";
        if !site.has(script) {
            return Err(format!("{script} is missing: the pages' first screens need it (a site built by this version's scripts/build.sh has it)"));
        }
    }
    files.push((at(page_name), Content::Text(page_text)));
    let jatos = (kind == HostKind::Jatos).then(|| {
        // The component's configuration: where the study's files are, and where to end.
        let mut config = serde_json::Map::new();
        for (k, v) in &data {
            let keys = [
                "spec",
                "items",
                "plan",
                "datapipe",
                "post",
                "complete",
                "complete-attention",
                "complete-error",
            ];
            if keys.contains(k) {
                config.insert(k.replace('-', "_"), serde_json::Value::from(v.as_str()));
            }
        }
        jatos_archive(
            spec,
            &serde_json::Value::Object(config),
            o.complete[0].as_deref(),
        )
    });
    Ok(SitePlan {
        files,
        copied,
        page: page_name.to_owned(),
        links: links(kind, o),
        jatos,
    })
}

/// The Qualtrics survey file (see [`super::qsf`]), its chunk fields sized for the study's
/// largest result.
/// What the Qualtrics survey's first screens are made from: the spec's text, the screens, the
/// site (the build's stylesheet, the script that keeps early taps).
struct QualtricsScreens<'a> {
    spec: Option<&'a StudyFile>,
    screens: &'a Screens,
    site: &'a dyn SiteFiles,
}

#[allow(clippy::too_many_arguments)]
fn qualtrics_survey(
    spec: &TaskSpec,
    items: &[Item],
    plan: Option<&StudyFile>,
    base: &str,
    spec_file: &str,
    complete: &[Option<String>; 3],
    from: QualtricsScreens,
) -> Result<String, String> {
    let plan = plan
        .map(|p| {
            serde_json::from_str::<serde_json::Value>(&p.text)
                .map_err(|e| format!("study/{}: {e}", p.name))
        })
        .transpose()?;
    // Each loop row's screen, rendered as the question mounts it (no Submit: Next submits).
    let render = |item: &Item| -> Option<(String, String)> {
        let Rendered { html, build } = from.screens.without_submit(&from.spec?.text, item)?;
        Some((html, build))
    };
    let site = from.site;
    let css = |build: &str| -> Result<String, String> {
        let own = format!("www/pkg/{build}/glossa.css");
        let path = if site.has(&own) {
            own
        } else {
            "www/glossa.css".to_owned()
        };
        site.text(&path)
            .map_err(|e| format!("cannot read {path}: {e}"))
    };
    let script = site
        .text("www/first-screen.js")
        .map(|t| script_without_comments(&t))
        .unwrap_or_default();
    let screens = (!script.is_empty() && !matches!(from.screens, Screens::None)).then_some(
        super::qsf::FirstScreens {
            of: &render,
            css: &css,
            script,
        },
    );
    let survey = super::qsf::survey(&super::qsf::Survey {
        spec,
        items,
        plan: plan.as_ref(),
        base,
        spec_file,
        complete: [
            complete[0].as_deref(),
            complete[1].as_deref(),
            complete[2].as_deref(),
        ],
        fields: super::qsf::chunk_fields(spec, items),
        screens,
    })?;
    serde_json::to_string(&survey).map_err(|e| e.to_string())
}

/// The page's policy in its head.
fn with_policy(page: &str, policy: &str) -> String {
    page.replacen(
        "<meta charset=\"utf-8\">",
        &format!("<meta charset=\"utf-8\">\n<meta http-equiv=\"Content-Security-Policy\" content=\"{policy}\">"),
        1,
    )
}

/// The first screen the pilot page shows every participant: its first item's (the plan's, when
/// every slot starts with the same item; none when they start with different ones).
fn first_screen(study: &[StudyFile], items: &[Item], screens: &Screens) -> Option<FirstScreen> {
    let spec = study.iter().find(|f| f.name.starts_with("spec"))?;
    let first = match study.iter().find(|f| f.name.starts_with("plan")) {
        Some(plan) => {
            let plan: serde_json::Value = serde_json::from_str(&plan.text).ok()?;
            let mut firsts = plan.get("annotators")?.as_array()?.iter().map(|a| {
                a.get("items")
                    .and_then(|l| l.get(0))
                    .and_then(serde_json::Value::as_str)
            });
            let first = firsts.next()??;
            if !firsts.all(|f| f == Some(first)) {
                return None;
            }
            items.iter().find(|i| i.id == first)?
        }
        None => items.first()?,
    };
    screen_of(&spec.text, first, screens)
}

/// An item's screen under the spec (`None` when participants see different ones).
fn screen_of(spec: &str, item: &Item, screens: &Screens) -> Option<FirstScreen> {
    let Rendered { html, build } = screens.of(spec, item)?;
    Some(FirstScreen {
        item: item.id.clone(),
        html,
        build,
    })
}

/// The pilot page: the site's `index.html`, named for the study, under the policy, with its
/// first screen when there is one (see [`with_first_screen`]).
fn pilot_page(
    site: &dyn SiteFiles,
    policy: &str,
    body_data: &str,
    screen: Option<&FirstScreen>,
) -> Result<String, String> {
    let page = site
        .text("index.html")
        .map_err(|e| format!("cannot read index.html: {e}"))?;
    if page.contains("<script>") || page.contains("<style>") || !page.contains("<body>") {
        return Err("the site's index.html has inline script or style, or no <body>: it cannot run under the page's policy".into());
    }
    let page = with_policy(&page, policy).replacen("<body>", &format!("<body{body_data}>"), 1);
    match screen {
        Some(s) => pilot_first_screen(&page, s, site),
        None => Ok(page),
    }
}

/// The pilot runner's page (`index.html`) carrying the study's first screen, when every
/// participant sees the same one (`glossa serve` serves it so).
pub fn pilot_with_first_screen(
    site: &dyn SiteFiles,
    study: &[StudyFile],
    items: &[Item],
    screens: &Screens,
) -> Result<String, String> {
    let page = site
        .text("index.html")
        .map_err(|e| format!("cannot read index.html: {e}"))?;
    let page = in_study_language(&page, study);
    match first_screen(study, items, screens) {
        Some(s) => pilot_first_screen(&page, &s, site),
        None => Ok(page),
    }
}

/// The page's `<html>` in the study's language and direction (`lang="ar" dir="rtl"`): what a
/// participant sees is the study's from the first paint (the pilot sets the demo's chrome back
/// to English when no participant opens it). A spec that does not load leaves the page as it is.
fn in_study_language(page: &str, study: &[StudyFile]) -> String {
    let spec = study
        .iter()
        .find(|f| f.name.starts_with("spec"))
        .and_then(|f| crate::mount::load_spec(&f.text).ok());
    match spec {
        Some(spec) => page.replacen(
            "<html lang=\"en\">",
            &format!(
                "<html lang=\"{}\" dir=\"{}\">",
                attr(spec.language.tag()),
                spec.language.dir().attr()
            ),
            1,
        ),
        None => page.to_owned(),
    }
}

/// The page with the first screen in `place` (the empty element the host script mounts into,
/// as the page writes it: `<div id="widget"></div>`). Nothing but the page itself stands
/// between the participant and the screen: its stylesheets (its own and the build's) and the
/// script that keeps early taps (`www/first-screen.js`) are written into it, allowed by their
/// hashes in the page's policy. The build's code is asked for once the screen is painted (the
/// script does it: `data-glossa-build`). `base` leads from the page to the site's root (`../`
/// for a page one folder down).
fn with_first_screen(
    page: &str,
    s: &FirstScreen,
    place: &str,
    site: &dyn SiteFiles,
    base: &str,
) -> Result<String, String> {
    with_first_screen_of(page, s, place, site, base, &[])
}

/// [`with_first_screen`], with the texts of stylesheets the page links that are no files of
/// the site (`outside`: the href and its text; jsPsych's own).
fn with_first_screen_of(
    page: &str,
    s: &FirstScreen,
    place: &str,
    site: &dyn SiteFiles,
    base: &str,
    outside: &[(&str, &str)],
) -> Result<String, String> {
    let open = place.strip_suffix("></div>").unwrap_or(place);
    // The build names a folder and goes into attributes: a build's name is lowercase letters.
    if s.build.is_empty() || !s.build.bytes().all(|b| b.is_ascii_lowercase()) {
        return Err(format!(
            "{:?}: not the name of a participant build",
            s.build
        ));
    }
    if !page.contains(place) || !page.contains("</head>") {
        return Err(format!(
            "the page has no {place}: the study's first screen has no place"
        ));
    }
    let read = |path: &str, closing: &str| -> Result<String, String> {
        let text = site
            .text(path)
            .map_err(|e| format!("cannot read {path}: {e}"))?;
        if text.contains(closing) {
            return Err(format!(
                "{path} holds {closing}: it cannot be written into the page"
            ));
        }
        Ok(text)
    };
    // (The last build, which has every family, has no stylesheet of its own: the whole one.)
    let own_css = format!("www/pkg/{}/glossa.css", s.build);
    let build_css = if site.has(&own_css) {
        own_css
    } else {
        "www/glossa.css".to_owned()
    };
    let mut page = page.to_owned();
    // The page's own stylesheets, then the build's, in the page; the link to each goes.
    let mut css = String::new();
    while let Some(at) = page.find("<link rel=\"stylesheet\" href=\"") {
        let rest = &page[at..];
        let end = rest.find(">\n").map_or(rest.len(), |e| e + 2);
        let href = rest["<link rel=\"stylesheet\" href=\"".len()..]
            .split('"')
            .next()
            .unwrap_or_default()
            .to_owned();
        match outside.iter().find(|(h, _)| *h == href) {
            Some((_, text)) if text.contains("</style") => {
                return Err(format!(
                    "{href} holds </style: it cannot be written into the page"
                ))
            }
            Some((_, text)) => css.push_str(text),
            None => css.push_str(&read(&href, "</style")?),
        }
        css.push('\n');
        page.replace_range(at..at + end, "");
    }
    css.push_str(&read(&build_css, "</style")?);
    // Its comments stay in the file: the page carries the code.
    let script = script_without_comments(&read("www/first-screen.js", "</script")?);
    page = page
        .replacen(
            "script-src 'self'",
            &format!("script-src 'self' {}", source_hash(&script)),
            1,
        )
        .replacen(
            "style-src 'self'",
            &format!("style-src 'self' {}", source_hash(&css)),
            1,
        );
    let head = format!(
        "<style data-glossa-css=\"{}\">{css}</style>\n<script>{script}</script>\n</head>",
        attr(&format!("{base}{build_css}"))
    );
    Ok(page.replacen("</head>", &head, 1).replacen(
        place,
        &format!(
            "{open} data-glossa-item=\"{}\" data-glossa-build=\"{base}www/pkg/{}/\">{}</div>",
            attr(&s.item),
            attr(&s.build),
            s.html
        ),
        1,
    ))
}

/// `www/first-screen.js` as a page carries it: its comment lines and blank lines taken out.
fn script_without_comments(text: &str) -> String {
    text.lines()
        .filter(|l| {
            let l = l.trim_start();
            !(l.is_empty() || l.starts_with("//") || l.starts_with("/**") || l.starts_with('*'))
        })
        .map(|l| format!("{l}\n"))
        .collect()
}

/// A policy's source for an inline script or style: `'sha256-<base64>'`.
fn source_hash(text: &str) -> String {
    use sha2::Digest;
    format!(
        "'sha256-{}'",
        crate::support::digest::base64(&sha2::Sha256::digest(text.as_bytes()))
    )
}

/// The pilot page with its first screen, laid out as participants see it: the demo's parts
/// hidden until the runner finds no participant.
fn pilot_first_screen(page: &str, s: &FirstScreen, site: &dyn SiteFiles) -> Result<String, String> {
    let mut page = with_first_screen(page, s, "<div id=\"widget\"></div>", site, "")?;
    for part in [
        "<h1 id=\"title\"",
        "<p id=\"intro\"",
        "<nav",
        "<section class=\"card\" aria-labelledby=\"log-title\"",
    ] {
        page = page.replacen(part, &format!("{part} hidden"), 1);
    }
    Ok(page)
}

/// The MTurk ExternalQuestion page: the site's `www/hosts/mturk.html` at the folder's root.
fn mturk_page(site: &dyn SiteFiles, policy: &str, body_data: &str) -> Result<String, String> {
    let page = site
        .text("www/hosts/mturk.html")
        .map_err(|e| format!("cannot read www/hosts/mturk.html: {e}"))?;
    Ok(with_policy(&page, policy)
        .replace("href=\"../glossa.js\"", "href=\"www/glossa.js\"")
        .replace("href=\"mturk.css\"", "href=\"www/hosts/mturk.css\"")
        .replace("src=\"mturk-main.js\"", "src=\"www/hosts/mturk-main.js\"")
        .replacen("<body>", &format!("<body{body_data}>"), 1))
}

/// An MTurk HIT's page for one item (`hit/<item>.html`): the folder's page with the item's
/// screen in it, its addresses one folder up.
fn hit_page(page: &str, screen: &FirstScreen, site: &dyn SiteFiles) -> Result<String, String> {
    // The page's own addresses first (its stylesheets are read from the site by theirs).
    let mut page = page.to_owned();
    for (from, to) in [
        ("src=\"www/", "src=\"../www/"),
        (
            "rel=\"modulepreload\" href=\"www/",
            "rel=\"modulepreload\" href=\"../www/",
        ),
        (" data-spec=\"study/", " data-spec=\"../study/"),
        (" data-items=\"study/", " data-items=\"../study/"),
        (" data-plan=\"study/", " data-plan=\"../study/"),
    ] {
        page = page.replace(from, to);
    }
    with_first_screen(&page, screen, "<div id=\"task\"></div>", site, "../")
}

/// An item id as a file name: letters, digits, `-`, `_` and `.`; anything else `_`.
fn file_name(id: &str) -> String {
    id.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || "-_.".contains(c) {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// One ExternalQuestion per item (`mturk/<item>.xml`), pointing at the item's own page
/// (`hit/<item>.html?item=<id>`, carrying its screen) when it has one, else at
/// `index.html?item=<id>`, under `url` (a placeholder address without it).
fn mturk_questions(
    items: &[Item],
    url: Option<&str>,
    has_page: impl Fn(&str) -> bool,
) -> Vec<(String, Content)> {
    let base = url.map_or_else(
        || "https://YOUR.HOST/PATH/".to_owned(),
        |u| format!("{}/", u.trim_end_matches('/')),
    );
    items
        .iter()
        .map(|item| {
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
            let file = file_name(&item.id);
            let page = if has_page(&item.id) {
                format!("hit/{file}.html")
            } else {
                "index.html".to_owned()
            };
            let xml = format!(
                "<ExternalQuestion xmlns=\"http://mechanicalturk.amazonaws.com/AWSMechanicalTurkDataSchemas/2006-07-14/ExternalQuestion.xsd\">\n  <ExternalURL>{}</ExternalURL>\n  <FrameHeight>0</FrameHeight>\n</ExternalQuestion>\n",
                attr(&format!("{base}{page}?item={query}"))
            );
            (format!("mturk/{file}.xml"), Content::Text(xml))
        })
        .collect()
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

/// jsPsych's stylesheet, as the jsPsych page links it.
const JSPSYCH_CSS: &str = "jspsych/jspsych.css";

/// jsPsych's `@font-face` rules, apart from its stylesheet when the page has a first screen.
const JSPSYCH_FONTS: &str = "jspsych/fonts.css";

/// A stylesheet's `@font-face` rules apart from its other rules: `(rules, font faces)`.
fn font_faces_apart(css: &str) -> (String, String) {
    let (mut rules, mut faces) = (String::new(), String::new());
    let mut rest = css;
    while let Some(at) = rest.find("@font-face") {
        // A font face's block holds declarations only: it ends at its first `}`.
        let Some(end) = rest[at..].find('}').map(|e| at + e + 1) else {
            break;
        };
        rules.push_str(&rest[..at]);
        faces.push_str(&rest[at..end]);
        faces.push('\n');
        rest = &rest[end..];
    }
    rules.push_str(rest);
    (rules, faces)
}

/// What jsPsych sets on the page when it runs (`prepareDom`), set from the start.
const JSPSYCH_PAGE_CSS: &str =
    "html { height: 100%; }\nbody.jspsych-display-element { margin: 0; height: 100%; width: 100%; }\n";

/// Where the jsPsych page holds the first trial's screen: where jsPsych shows a trial's.
const JSPSYCH_PLACE: &str = "<div id=\"glossa-first\" class=\"jspsych-content\"></div>";

/// The jsPsych page: jsPsych (copied into `jspsych/`, run once the page is parsed) and the
/// Glossa plugin, the study's items as trials (`www/hosts/jspsych-study.js`); the place of the
/// first trial's screen laid out as jsPsych lays out a trial's.
fn jspsych_page(script: &str, policy: &str, body_data: &str) -> String {
    page(
        policy,
        &format!(
            "<link rel=\"stylesheet\" href=\"{JSPSYCH_CSS}\">\n<script defer src=\"jspsych/{script}\"></script>\n<script type=\"module\" src=\"www/hosts/jspsych-study.js\"></script>\n"
        ),
        &format!("{body_data} class=\"jspsych-display-element\""),
        &format!("<div class=\"jspsych-content-wrapper\">{JSPSYCH_PLACE}</div>\n"),
    )
}

/// What to give participants, and where the results will be.
fn links(page: HostKind, o: &SiteOptions) -> String {
    let prolific =
        "?PROLIFIC_PID={{%PROLIFIC_PID%}}&STUDY_ID={{%STUDY_ID%}}&SESSION_ID={{%SESSION_ID%}}";
    let results = match (&o.datapipe, &o.post) {
        (Some(id), _) => format!("each result goes to DataPipe (experiment {id}) and from there to your OSF project, as one file"),
        (None, Some(url)) => format!("each result is posted to {url}"),
        (None, None) => "results stay in each participant's browser: they can download them at the end (add --datapipe or --post to have them sent)".to_owned(),
    };
    let kind = match page {
        HostKind::Pilot => "pilot runner",
        HostKind::Jspsych => "jsPsych experiment",
        HostKind::Mturk => {
            return [
                "The MTurk HITs: upload this folder to an https static host; each HIT is an ExternalQuestion on",
                "the page its question file names (hit/ITEM_ID.html, with its first screen). mturk/ holds one question file per item (with --url, ready to use):",
                "  aws mturk create-hit --question file://mturk/ITEM_ID.xml --max-assignments 3 \\",
                "    --reward 0.30 --title '…' --description '…' --lifetime-in-seconds 604800 --assignment-duration-in-seconds 1800",
                "Results: download the batch results CSV, then `glossa collect mturk batch.csv > results.jsonl`.",
                "",
            ]
            .join("\n");
        }
        HostKind::Qualtrics => {
            return format!(
                "The Qualtrics survey: upload this folder to {} (an https host that sends CORS headers: see the\n\
                 Qualtrics guide), then in Qualtrics: Create project -> Survey -> From a file -> survey.qsf.\n\
                 Give participants the survey's link; for Prolific, add\n  {prolific}\n\
                 Results: export the responses as CSV, then `glossa collect qualtrics responses.csv > results.jsonl`.\n",
                o.url.as_deref().unwrap_or("your host")
            );
        }
        HostKind::Jatos => {
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
    let h = crate::support::digest::sha256_hex(name.as_bytes());
    format!(
        "{}-{}-5{}-a{}-{}",
        &h[0..8],
        &h[8..12],
        &h[13..16],
        &h[17..20],
        &h[20..32]
    )
}

/// The JATOS study archive's name and description (`.jas`, JATOS's format version 3: a study,
/// its one component, its default batch); its files are the assets (see [`jatos_zip`]).
fn jatos_archive(
    spec: &TaskSpec,
    config: &serde_json::Value,
    end_redirect: Option<&str>,
) -> JatosArchive {
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
    JatosArchive {
        file: format!("{dir_name}.jzip"),
        jas: serde_json::to_string(&jas).expect("JSON"),
        dir: dir_name,
    }
}

/// A zip of named files (`(path, bytes)`), deflated.
pub fn zip_files<'a>(
    files: impl IntoIterator<Item = (String, &'a [u8])>,
) -> Result<Vec<u8>, String> {
    use std::io::Write;
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    for (name, bytes) in files {
        zip.start_file(name, options).map_err(|e| e.to_string())?;
        zip.write_all(bytes).map_err(|e| e.to_string())?;
    }
    Ok(zip.finish().map_err(|e| e.to_string())?.into_inner())
}

/// The `.jzip` itself: the description and the assets (`(path under assets/, bytes)`) under
/// the archive's folder.
pub fn jatos_zip<'a>(
    archive: &JatosArchive,
    assets: impl IntoIterator<Item = (String, &'a [u8])>,
) -> Result<Vec<u8>, String> {
    let description = [(format!("{}.jas", archive.dir), archive.jas.as_bytes())];
    zip_files(
        description.into_iter().chain(
            assets
                .into_iter()
                .map(|(rel, bytes)| (format!("{}/{rel}", archive.dir), bytes)),
        ),
    )
}
