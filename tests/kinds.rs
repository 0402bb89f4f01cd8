//! Which control and block kinds each participant build has is declared once — in the spec's
//! `tagged_enum!` lists, where a kind's payload type names its family (`Numbers<…>`,
//! `Grids<…>`, `Marking<…>`, `Labels<…>`, or none: every build) — and every other list of it is checked
//! here: `www/glossa.js`' `BUILDS` (which build a spec loads), `scripts/build.sh`' features (what
//! each build compiles) and `scripts/css_for_build.py`' families (which CSS each build keeps).
//! A new kind that is missing from one of them fails this test, naming the list.
#![cfg(not(target_arch = "wasm32"))]

use std::collections::BTreeSet;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn read(path: &str) -> String {
    std::fs::read_to_string(format!("{ROOT}/{path}")).unwrap()
}

/// The kinds of a `tagged_enum!(NAME { "kind" => Variant(Payload), … })` with their families.
fn kinds(file: &str, name: &str) -> Vec<(String, &'static str)> {
    let text = read(file);
    let start = text
        .find(&format!("tagged_enum!({name} {{"))
        .unwrap_or_else(|| panic!("{file}: no tagged_enum!({name}"));
    let body = &text[start..text[start..].find("});").unwrap() + start];
    body.lines()
        .filter_map(|l| {
            let l = l.trim();
            let kind = l.strip_prefix('"')?.split('"').next()?.to_owned();
            let family = ["Numbers<", "Grids<", "Marking<", "Labels<", "Ratings<"]
                .iter()
                .zip(["numbers", "grids", "marking", "labels", "ratings"])
                .find(|(w, _)| l.contains(*w))
                .map_or("base", |(_, f)| f);
            Some((kind, family))
        })
        .collect()
}

/// The participant builds and the families each has (the last has every kind).
const BUILDS: [(&str, &[&str]); 6] = [
    ("choice", &["base"]),
    ("number", &["base", "numbers"]),
    ("grid", &["base", "grids"]),
    ("labels", &["base", "labels"]),
    ("rating", &["base", "ratings"]),
    (
        "full",
        &["base", "numbers", "grids", "marking", "labels", "ratings"],
    ),
];

fn of(list: &[(String, &str)], families: &[&str]) -> BTreeSet<String> {
    list.iter()
        .filter(|(_, f)| families.contains(f))
        .map(|(k, _)| k.clone())
        .collect()
}

/// The quoted names in a JS array literal `key: [ 'a', 'b' ]` (or `null`) after `from`.
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

/// The cargo features of a build's families (`base` needs none).
fn features_of(families: &[&str]) -> BTreeSet<String> {
    families
        .iter()
        .filter(|f| **f != "base")
        .map(|f| f.to_string())
        .collect()
}

#[test]
fn every_list_of_kinds_per_build_agrees_with_the_spec() {
    let controls = kinds("src/spec/control.rs", "Control");
    let blocks = kinds("src/spec/block.rs", "Block");
    assert!(
        controls.len() >= 6 && blocks.len() >= 5,
        "{controls:?} {blocks:?}"
    );

    // glossa.js: each build's entry in BUILDS names exactly the kinds of its families.
    let js = read("www/glossa.js");
    let table = &js[js.find("export const BUILDS").unwrap()..];
    for (build, families) in BUILDS {
        let entry = &table[table
            .find(&format!("name: '{build}'"))
            .unwrap_or_else(|| panic!("glossa.js BUILDS has no {build}"))..];
        let entry = &entry[..entry.find('}').unwrap()];
        let (c, b) = (js_list(entry, "controls"), js_list(entry, "blocks"));
        if build == "full" {
            assert_eq!(
                (c, b),
                (None, None),
                "glossa.js: full takes every kind (null)"
            );
        } else {
            assert_eq!(
                c,
                Some(of(&controls, families)),
                "glossa.js BUILDS {build}: controls"
            );
            assert_eq!(
                b,
                Some(of(&blocks, families)),
                "glossa.js BUILDS {build}: blocks"
            );
        }
    }

    // build.sh: each build compiles the features of its families (and nothing else).
    let sh = read("scripts/build.sh");
    for (build, families) in BUILDS {
        let features: BTreeSet<String> = if build == "full" {
            let line = sh
                .lines()
                .find(|l| l.trim_start().starts_with("full)"))
                .expect("build.sh: full");
            line.split_whitespace()
                .nth(4)
                .unwrap()
                .split(',')
                .map(str::to_owned)
                .collect()
        } else {
            let decl = sh
                .lines()
                .find(|l| l.contains("declare -A features"))
                .expect("build.sh: features");
            let at = decl
                .find(&format!("[{build}]="))
                .unwrap_or_else(|| panic!("build.sh: no {build}"));
            decl[at + build.len() + 3..]
                .split([' ', ')'])
                .next()
                .unwrap()
                .split(',')
                .map(str::to_owned)
                .collect()
        };
        let want = features_of(families);
        let have: BTreeSet<String> = features
            .into_iter()
            .filter(|f| ["numbers", "grids", "marking", "labels", "ratings"].contains(&f.as_str()))
            .collect();
        assert_eq!(have, want, "scripts/build.sh: the families of {build}");
    }

    // css_for_build.py: the lighter builds keep the CSS of the same families.
    let py = read("scripts/css_for_build.py");
    let line = py
        .lines()
        .find(|l| l.starts_with("BUILDS = "))
        .expect("css_for_build.py: BUILDS");
    for (build, families) in &BUILDS[..5] {
        let at = line
            .find(&format!("'{build}': "))
            .unwrap_or_else(|| panic!("css_for_build.py: no {build}"));
        let set = &line[at + build.len() + 4..];
        let set = &set[..set.find('}').map_or(0, |e| e + 1)];
        let have: BTreeSet<String> = if set.starts_with("set()") {
            BTreeSet::new()
        } else {
            set.trim_matches(|c| c == '{' || c == '}')
                .split(',')
                .map(|s| s.trim().trim_matches('\'').to_owned())
                .filter(|s| !s.is_empty())
                .collect()
        };
        let want = features_of(families);
        assert_eq!(have, want, "css_for_build.py BUILDS: {build}");
    }
}

/// The payload type of each control kind (`Numbers<NumberControl>` -> `NumberControl`).
fn payloads() -> Vec<(String, String, &'static str)> {
    let text = read("src/spec/control.rs");
    let start = text.find("tagged_enum!(Control {").unwrap();
    let body = &text[start..text[start..].find("});").unwrap() + start];
    let families: BTreeSet<(String, &str)> = kinds("src/spec/control.rs", "Control")
        .into_iter()
        .collect();
    body.lines()
        .filter_map(|l| {
            let l = l.trim();
            let kind = l.strip_prefix('"')?.split('"').next()?.to_owned();
            let inner = &l[l.find('(')? + 1..l.rfind(')')?];
            let ty = inner
                .trim_end_matches('>')
                .rsplit(['<', ':'])
                .next()?
                .to_owned();
            let family = families.iter().find(|(k, _)| *k == kind)?.1;
            Some((kind, ty, family))
        })
        .collect()
}

/// Every control kind has a view (`KindView`) and a core file (`src/kinds/<kind>.rs`), and a
/// view of a family a lighter build leaves out says so in its header, where
/// `scripts/css_for_build.py` reads it: a new kind's CSS cannot leak into the `choice` build.
#[test]
fn every_kind_has_its_core_file_and_a_view_that_names_its_family() {
    let ui: Vec<(String, String)> = std::fs::read_dir(format!("{ROOT}/src/ui"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read_to_string(p).unwrap())
        })
        .collect();
    let kinds = payloads();
    assert!(kinds.len() >= 6, "{kinds:?}");
    for (kind, ty, family) in kinds {
        let core = format!("src/kinds/{kind}.rs");
        assert!(
            read(&core).contains(&format!("for {ty} {{")),
            "{core} implements the layers' traits for {ty}"
        );
        let (file, text) = ui
            .iter()
            .find(|(_, t)| t.contains(&format!("KindView for {ty} {{")))
            .unwrap_or_else(|| panic!("no src/ui file implements KindView for {ty} ({kind})"));
        let declared = text
            .lines()
            .find_map(|l| l.strip_prefix("//! Build family: "))
            .map_or("base", |rest| rest.split([' ', ',']).next().unwrap());
        assert_eq!(
            declared, family,
            "src/ui/{file}: the view of {kind} must say `//! Build family: {family}`"
        );
    }
}
