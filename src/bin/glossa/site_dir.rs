//! Where the built Glossa site is — the participant builds, the report, review and studio
//! pages, the hosts' pages, the strings, schemas and examples, the book — for the commands
//! that serve or copy it (`serve`, `host`, `studio`, `examples`): the folder `--site` names,
//! else the one inside this program's installation (`pip install glossa-annotate`), else the
//! source checkout it was built in. `glossa doctor` says which and whether it is complete.

use std::path::{Path, PathBuf};

/// The site's folder inside an installation, relative to the folder of the executable: pip
/// puts the program in `<prefix>/bin` and the wheel's data in `<prefix>/share` (a virtual
/// environment, `--user`, or the system's), a tarball may keep it beside the program.
const INSTALLED: [&str; 2] = ["../share/glossa-annotate/site", "site"];

/// Where a site was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// Named by `--site`.
    Given,
    /// Inside this program's installation.
    Installed,
    /// The source checkout this program was built in.
    Checkout,
}

impl Source {
    /// How `glossa doctor` and `--version` name it.
    pub fn name(self) -> &'static str {
        match self {
            Source::Given => "named by --site",
            Source::Installed => "installed with this program",
            Source::Checkout => "the source checkout this program was built in",
        }
    }
}

/// A site found.
#[derive(Clone, Debug)]
pub struct Site {
    /// Its folder.
    pub dir: PathBuf,
    /// Where it was found.
    pub source: Source,
}

/// jsPsych's files in an installed site (`npm install jspsych`'s `dist`, with its stylesheet).
pub const JSPSYCH: &str = "vendor/jspsych";

/// The jsPsych a site carries (installed), or the one the checkout's tests installed.
pub fn jspsych_dist(dir: &Path) -> Option<PathBuf> {
    [JSPSYCH, "tests/e2e/node_modules/jspsych/dist"]
        .into_iter()
        .map(|d| dir.join(d))
        .find(|d| d.join("index.browser.min.js").is_file())
}

/// Whether a folder holds a Glossa site (its pilot page and the widget's loader).
pub fn is_site(dir: &Path) -> bool {
    dir.join("index.html").is_file() && dir.join("www/glossa.js").is_file()
}

/// The site inside this program's installation, if there is one.
pub fn installed() -> Option<PathBuf> {
    let exe = std::env::current_exe().ok()?;
    let exe = std::fs::canonicalize(&exe).unwrap_or(exe);
    let bin = exe.parent()?;
    INSTALLED
        .iter()
        .map(|rel| bin.join(rel))
        .find(|d| is_site(d))
        .map(|d| std::fs::canonicalize(&d).unwrap_or(d))
}

/// The source checkout this program was built in (an installed program finds its own site
/// first, so the build machine's folder is never used where the wheel is installed).
const CHECKOUT: &str = env!("CARGO_MANIFEST_DIR");

/// The source checkout this program was built in, when it is still there with a built site.
fn checkout() -> Option<PathBuf> {
    let dir = PathBuf::from(CHECKOUT);
    is_site(&dir).then_some(dir)
}

/// The site to use: `given` (`--site`) when named, else the installed one, else the checkout.
pub fn locate(given: Option<&str>) -> Result<Site, String> {
    // (A folder named is taken as it is: each command says what it lacks there.)
    if let Some(g) = given {
        let dir = std::fs::canonicalize(g).map_err(|_| format!("{g}: no such folder (--site)"))?;
        return Ok(Site {
            dir,
            source: Source::Given,
        });
    }
    if let Some(dir) = installed() {
        return Ok(Site {
            dir,
            source: Source::Installed,
        });
    }
    if let Some(dir) = checkout() {
        return Ok(Site {
            dir,
            source: Source::Checkout,
        });
    }
    Err(format!(
        "no Glossa site found: none installed with this program (looked in {} beside it) and no built source checkout at {CHECKOUT}; reinstall the package (`pip install --force-reinstall glossa-annotate`), build the site (`scripts/build.sh`), or name one with --site",
        INSTALLED.join(", "),
    ))
}

/// The site's folder for a command ([`locate`]), or why there is none said on standard error
/// (exit 2).
pub fn folder(given: Option<&str>) -> Result<PathBuf, std::process::ExitCode> {
    locate(given).map(|s| s.dir).map_err(|e| {
        eprintln!("{e}");
        std::process::ExitCode::from(2)
    })
}

/// The parts of a site, each with the files that must be there for it to work.
pub fn parts(dir: &Path) -> Vec<(&'static str, Vec<String>)> {
    // The participant builds and what the pilot and hosts' pages load: the site's own list.
    let listed: Vec<String> = std::fs::read_to_string(dir.join("www/site-files.json"))
        .ok()
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or_default();
    let mut page = vec!["index.html".to_owned(), "www/site-files.json".to_owned()];
    page.extend(listed);
    let own = |files: &[&str]| files.iter().map(|f| (*f).to_owned()).collect::<Vec<_>>();
    let examples: Vec<String> = std::fs::read_to_string(dir.join("www/examples/index.json"))
        .ok()
        .and_then(|t| serde_json::from_str::<Vec<serde_json::Value>>(&t).ok())
        .unwrap_or_default()
        .iter()
        .flat_map(|e| ["spec", "items"].map(|k| e[k].as_str().map(|p| format!("www/examples/{p}"))))
        .flatten()
        .collect();
    vec![
        (
            "the pilot page, the hosts' pages and the participant builds",
            page,
        ),
        (
            "the report page",
            own(&[
                "www/report.html",
                "www/report-pkg/report.js",
                "www/report-pkg/report_bg.wasm",
            ]),
        ),
        (
            "the review page",
            own(&["www/review.html", "www/review.js", "www/review.css"]),
        ),
        (
            "the studio",
            own(&[
                "www/studio.html",
                "www/studio-frame.html",
                "www/prerender-pkg/prerender.js",
                "www/prerender-pkg/prerender_bg.wasm",
            ]),
        ),
        (
            "the examples",
            [vec!["www/examples/index.json".to_owned()], examples].concat(),
        ),
        ("the book", own(&["book/index.html"])),
        ("jsPsych (for `host jspsych`)", {
            let found = jspsych_dist(dir);
            let at = found
                .as_deref()
                .and_then(|d| d.strip_prefix(dir).ok())
                .map_or_else(|| JSPSYCH.to_owned(), |d| d.to_string_lossy().into_owned());
            vec![format!("{at}/index.browser.min.js")]
        }),
    ]
}

/// The files of a site's parts that are missing, by part.
pub fn missing(dir: &Path) -> Vec<(&'static str, Vec<String>)> {
    parts(dir)
        .into_iter()
        .map(|(name, files)| {
            (
                name,
                files
                    .into_iter()
                    .filter(|f| !dir.join(f).is_file())
                    .collect::<Vec<_>>(),
            )
        })
        .filter(|(_, m)| !m.is_empty())
        .collect()
}

/// One line on the site in use, for `glossa --version`.
pub fn version_line() -> String {
    match locate(None) {
        Ok(s) => format!(
            "site: {} ({}{})",
            s.dir.display(),
            s.source.name(),
            if missing(&s.dir).is_empty() {
                ", complete"
            } else {
                ", incomplete: see `glossa doctor`"
            }
        ),
        Err(_) => "site: none found (see `glossa doctor`)".to_owned(),
    }
}

/// `glossa doctor`: the program, the site in use (where it was found), each of its parts
/// present or what it misses; exit 1 when a part is missing or no site is found.
pub fn doctor(given: Option<&str>) -> crate::Outcome {
    use std::process::ExitCode;
    println!(
        "glossa {} ({})",
        glossa::WIDGET_VERSION,
        std::env::current_exe().map_or_else(|_| "?".into(), |p| p.display().to_string())
    );
    let site = match locate(given) {
        Ok(s) => s,
        Err(e) => {
            println!("site: {e}");
            return Err(ExitCode::from(1));
        }
    };
    println!("site: {} ({})", site.dir.display(), site.source.name());
    let gaps = missing(&site.dir);
    for (name, files) in parts(&site.dir) {
        match gaps.iter().find(|(n, _)| *n == name) {
            None => println!("  ok       {name} ({} files)", files.len()),
            Some((_, m)) => println!(
                "  MISSING  {name}: {}{}",
                m.iter().take(5).cloned().collect::<Vec<_>>().join(", "),
                if m.len() > 5 {
                    format!(" and {} more", m.len() - 5)
                } else {
                    String::new()
                }
            ),
        }
    }
    if gaps.is_empty() {
        println!("complete: `glossa examples`, `glossa serve`, `glossa host` and `glossa studio` have what they need");
        Ok(ExitCode::SUCCESS)
    } else {
        println!("incomplete: reinstall (`pip install --force-reinstall glossa-annotate`), or in a checkout build it (`scripts/build.sh`)");
        Err(ExitCode::from(1))
    }
}
