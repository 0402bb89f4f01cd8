//! Every list of kinds that is not made from their declaration (`src/kinds/mod.rs`) is checked
//! against it here, each failure naming the list; `docs/src/adding-a-kind.md` names the same
//! places.
//! - `www/kinds.json` is the declaration as data (`GLOSSA_BLESS=1 cargo test --test kinds`
//!   writes it anew); the build script, the CSS splitter and the studio read it.
//! - `www/glossa.js`' `BUILDS` (which build a spec loads) is a copy: it must agree.
//! - Each kind is a folder with its spec, its core and its view.
//! - Each kind has its section in the spec reference, a template in the studio, and styles.
#![cfg(not(target_arch = "wasm32"))]

use serde_json::Value;
use std::collections::BTreeSet;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn read(path: &str) -> String {
    std::fs::read_to_string(format!("{ROOT}/{path}")).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn catalog() -> Value {
    serde_json::from_str(&glossa::kinds::catalog::json()).unwrap()
}

fn control_kinds() -> Vec<(String, String)> {
    catalog()["controls"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["kind"].as_str().unwrap().to_owned(),
                c["family"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

#[test]
fn www_kinds_json_is_the_declaration() {
    let made = glossa::kinds::catalog::json();
    let path = format!("{ROOT}/www/kinds.json");
    if std::env::var_os("GLOSSA_BLESS").is_some() {
        std::fs::write(&path, &made).unwrap();
    }
    assert_eq!(
        std::fs::read_to_string(&path).unwrap_or_default(),
        made,
        "www/kinds.json is not the declaration of the kinds: GLOSSA_BLESS=1 cargo test --test kinds writes it anew"
    );
}

/// The quoted names in a JS array literal `key: [ 'a', 'b' ]` (or `null`).
fn js_list(text: &str, key: &str) -> Option<BTreeSet<String>> {
    let at = text.find(&format!("{key}: "))? + key.len() + 2;
    let rest = &text[at..];
    if rest.starts_with("null") {
        return None;
    }
    let list = &rest[1..rest.find(']').unwrap()];
    Some(
        list.split(',')
            .map(|s| s.trim().trim_matches('\'').to_owned())
            .filter(|s| !s.is_empty())
            .collect(),
    )
}

fn names(v: &Value) -> Option<BTreeSet<String>> {
    v.as_array()
        .map(|a| a.iter().map(|x| x.as_str().unwrap().to_owned()).collect())
}

#[test]
fn glossa_js_builds_are_the_catalogs() {
    let js = read("www/glossa.js");
    let table = &js[js.find("export const BUILDS").unwrap()..];
    let table = &table[..table.find("]);").unwrap()];
    let catalog = catalog();
    let builds = catalog["builds"].as_array().unwrap().clone();
    let listed = table.matches("name: '").count();
    assert_eq!(
        listed,
        builds.len(),
        "glossa.js BUILDS: one entry per build of www/kinds.json"
    );
    // A list glossa.js names by a constant (`controls: RATING`): the constant's.
    let resolved = |entry: &str, key: &str| -> Option<BTreeSet<String>> {
        let at = entry.find(&format!("{key}: "))? + key.len() + 2;
        let name: String = entry[at..]
            .chars()
            .take_while(|c| c.is_ascii_uppercase() || *c == '_')
            .collect();
        if name.is_empty() {
            return js_list(entry, key);
        }
        let at = js.find(&format!("const {name} = "))? + name.len() + 9;
        js_list(&format!("list: {}", &js[at..]), "list")
    };
    for b in builds {
        let name = b["name"].as_str().unwrap();
        let families = names(&b["families"]).unwrap();
        let entry = &table[table
            .find(&format!("name: '{name}'"))
            .unwrap_or_else(|| panic!("glossa.js BUILDS has no {name}"))..];
        let entry = &entry[..entry.find('}').unwrap()];
        for list in ["controls", "blocks"] {
            // `null` in glossa.js: every kind of the build's families.
            let every: BTreeSet<String> = catalog[list]
                .as_array()
                .unwrap()
                .iter()
                .filter(|k| families.contains(k["family"].as_str().unwrap()))
                .map(|k| k["kind"].as_str().unwrap().to_owned())
                .collect();
            let catalogs = names(&b[list]).unwrap_or(every.clone());
            assert_eq!(
                resolved(entry, list).unwrap_or(every),
                catalogs,
                "glossa.js BUILDS {name}: {list} (www/kinds.json)"
            );
        }
        // What a spec needs beyond its kinds: the build's families among these.
        let beyond: BTreeSet<String> = ["compose", "media", "relations", "suggest"]
            .into_iter()
            .map(String::from)
            .collect();
        let needs = if entry.contains("needs: ") {
            js_list(entry, "needs").unwrap_or(beyond.clone())
        } else {
            BTreeSet::new()
        };
        assert_eq!(
            needs,
            families.intersection(&beyond).cloned().collect(),
            "glossa.js BUILDS {name}: needs (www/kinds.json's families)"
        );
    }
}

/// Each kind is a folder: its spec (`spec.rs`), its core (`mod.rs`; the compiler asks for each
/// layer's trait) and its view (a file implementing `KindView`, compiled where the components
/// are: `cfg(ui)`, see build.rs).
#[test]
fn every_kind_is_a_folder_with_its_spec_core_and_view() {
    let kinds = control_kinds();
    assert!(kinds.len() >= 12, "{kinds:?}");
    for (kind, _) in kinds {
        let dir = format!("{ROOT}/src/kinds/{kind}");
        let core = read(&format!("src/kinds/{kind}/mod.rs"));
        assert!(
            std::path::Path::new(&format!("{dir}/spec.rs")).is_file(),
            "src/kinds/{kind}/spec.rs: the kind's spec"
        );
        let view = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| std::fs::read_to_string(e.unwrap().path()).unwrap_or_default())
            .any(|t| t.contains("KindView for "));
        assert!(view, "src/kinds/{kind}/: no file implements KindView");
        assert!(
            core.contains("#[cfg(ui)]\nmod view;"),
            "src/kinds/{kind}/mod.rs: its view is compiled where the components are (#[cfg(ui)]: the browser builds, and the renderers of first screens)"
        );
    }
}

/// The lists a kind joins by hand, each named: its section in the spec reference, a template
/// in the studio's palette, and its styles.
#[test]
fn every_kind_is_in_the_reference_the_studio_and_the_stylesheet() {
    let reference = read("docs/src/spec.md");
    let templates: Value = serde_json::from_str(&read("www/studio/templates.json")).unwrap();
    let templated: BTreeSet<&str> = templates
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|t| t["spec"]["controls"].as_array().unwrap())
        .filter_map(|c| c["kind"].as_str())
        .collect();
    let css = read("www/glossa.css");
    for (kind, _) in control_kinds() {
        assert!(
            reference.contains(&format!("| control `{kind}` |")),
            "docs/src/spec.md: no row `| control `{kind}` |` in the kinds table"
        );
        assert!(
            templated.contains(kind.as_str()),
            "www/studio/templates.json: no template with a {kind} control"
        );
        // Its view's own class names (glossa-<something>), at least one styled.
        let dir = format!("{ROOT}/src/kinds/{kind}");
        let classes: BTreeSet<String> = std::fs::read_dir(&dir)
            .unwrap()
            .flat_map(|e| {
                let t = std::fs::read_to_string(e.unwrap().path()).unwrap_or_default();
                t.match_indices("\"glossa-")
                    .map(|(i, _)| {
                        t[i + 1..]
                            .chars()
                            .take_while(|c| c.is_alphanumeric() || *c == '-')
                            .collect::<String>()
                    })
                    .collect::<Vec<_>>()
            })
            .collect();
        assert!(
            classes.iter().any(|c| css.contains(&format!(".{c}"))),
            "www/glossa.css: no rule for any class of src/kinds/{kind}/ ({classes:?})"
        );
    }
}

/// The guide names every place a new kind touches: the declaration, its folder, and each list
/// these tests check by hand (a list added here without a line in the guide fails).
#[test]
fn the_guide_names_every_place() {
    let guide = read("docs/src/adding-a-kind.md");
    for place in [
        "src/kinds/mod.rs",
        "control_kinds!",
        "spec.rs",
        "src/answer.rs",
        "www/glossa.css",
        "www/glossa.js",
        "www/studio/templates.json",
        "docs/src/spec.md",
        "src/i18n/mod.rs",
        "src/validate/report.rs",
        "www/kinds.json",
        "GLOSSA_BLESS=1 cargo test --test kinds",
        "glossa schema spec",
        "src/support/family.rs",
        "src/kinds/catalog.rs",
    ] {
        assert!(
            guide.contains(place),
            "docs/src/adding-a-kind.md does not name {place}"
        );
    }
}

/// The hand-written files outside a kind's folder that name it: its `Control`/`AnswerValue`
/// variant, its payload, its tag as a string, its CSS class (generated files — `www/kinds.json`,
/// the schema, the examples, the builds — and tests aside).
fn files_naming(tag: &str) -> Vec<String> {
    let variant: String = tag
        .split('_')
        .map(|w| w[..1].to_uppercase() + &w[1..])
        .collect();
    let needles = [
        format!("Control::{variant}("),
        format!("AnswerValue::{variant}("),
        format!("{variant}Control"),
        format!("\"{tag}\""),
        format!("'{tag}'"),
        format!("glossa-{tag}"),
    ];
    let mut out = Vec::new();
    fn walk(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                walk(&p, out);
            } else {
                out.push(p);
            }
        }
    }
    let mut files = Vec::new();
    walk(&std::path::Path::new(ROOT).join("src"), &mut files);
    for f in [
        "www/glossa.css",
        "www/glossa.js",
        "www/studio/templates.json",
    ] {
        files.push(std::path::Path::new(ROOT).join(f));
    }
    for p in files {
        let rel = p.strip_prefix(ROOT).unwrap().to_string_lossy().into_owned();
        if rel.starts_with(&format!("src/kinds/{tag}/"))
            || rel.ends_with("/tests.rs")
            || rel.contains("/tests/")
        {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(&p) else {
            continue;
        };
        let text = text.split("#[cfg(test)]\nmod tests").next().unwrap_or("");
        if needles.iter().any(|n| text.contains(n.as_str())) {
            out.push(rel);
        }
    }
    out
}

/// The guide's count: outside its folder a kind stands in at most six hand-written files (the
/// declaration, `answer.rs`, `i18n/mod.rs`, `glossa.css`, `glossa.js`, the studio's
/// templates), counted for `scale`, `slider` and `pairwise`.
#[test]
fn the_guides_count_of_files_holds() {
    let guide = read("docs/src/adding-a-kind.md");
    assert!(guide.contains("at most six hand-written files"));
    for tag in ["scale", "slider", "pairwise"] {
        let files = files_naming(tag);
        assert!(
            files.contains(&"src/kinds/mod.rs".to_owned()),
            "{tag}: the count sees the declaration: {files:?}"
        );
        assert!(
            files.len() <= 6,
            "{tag} is named outside its folder in {} files: {files:?}",
            files.len()
        );
    }
}

#[test]
fn the_painted_kinds_are_kinds_of_the_catalog() {
    let js = read("www/first-paint.js");
    let table = &js[js.find("const PAINTED = {").unwrap() + "const PAINTED = {".len()..];
    let table = &table[..table.find('}').unwrap()];
    let kinds: BTreeSet<String> = catalog()["controls"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["kind"].as_str().unwrap().to_owned())
        .collect();
    let painted: Vec<&str> = table
        .split(',')
        .filter_map(|e| e.split(':').next())
        .map(str::trim)
        .filter(|k| !k.is_empty())
        .collect();
    assert!(!painted.is_empty(), "first-paint.js PAINTED names no kind");
    for kind in painted {
        assert!(
            kinds.contains(kind),
            "first-paint.js PAINTED: {kind} is no control kind of www/kinds.json"
        );
    }
}
