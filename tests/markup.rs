//! Where HTML is written from a string. No item text, spec text or URL parameter may reach
//! markup, so the places that parse a string as HTML are few and each is named here, with the
//! test that feeds it hostile text. A new one fails this test until it is added, with that test.
//!
//! - Rust: yew escapes every text and attribute. Its only unescaped path (`VRaw`, which the
//!   wasm glue's `set_innerHTML` import serves) is made by `Html::from_html_unchecked`, and
//!   Glossa never calls it.
//! - The pages' JavaScript (the generated glue, the vendored editor and npm packages aside).
#![cfg(not(target_arch = "wasm32"))]

use std::path::{Path, PathBuf};

/// Every file under `dir` whose name ends in one of `exts`, except the folders `skip`.
fn files(dir: &Path, exts: &[&str], skip: &[&str], out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if path.is_dir() {
            if !skip.contains(&name.as_str()) {
                files(&path, exts, skip, out);
            }
        } else if exts.iter().any(|e| name.ends_with(e)) {
            out.push(path);
        }
    }
}

/// `(file, line)` of every line holding one of `needles`, the file relative to the repository.
fn lines_with(paths: &[PathBuf], needles: &[&str]) -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut hits = Vec::new();
    for p in paths {
        let text = std::fs::read_to_string(p).unwrap_or_default();
        for line in text.lines() {
            if needles.iter().any(|n| line.contains(n)) {
                let rel = p.strip_prefix(root).unwrap().to_string_lossy().into_owned();
                hits.push((rel, line.trim().to_owned()));
            }
        }
    }
    hits
}

#[test]
fn no_rust_code_writes_unescaped_markup() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut rust = Vec::new();
    files(&root.join("src"), &[".rs"], &[], &mut rust);
    let hits = lines_with(
        &rust,
        &[
            "from_html_unchecked",
            "VRaw",
            "set_inner_html",
            "inner_html",
            "set_outer_html",
            "insert_adjacent_html",
        ],
    );
    assert!(hits.is_empty(), "markup written from a string: {hits:#?}");
}

/// The pages' places that parse a string as HTML: (file, the line, the test that feeds it
/// hostile item, spec and participant text). None reads a URL parameter.
const KNOWN: [(&str, &str, &str); 3] = [
    (
        "www/review.js",
        "$('view').innerHTML = review.view(id);",
        "tests/review.rs: the side-by-side view escapes item, spec, answer and annotator text",
    ),
    (
        "www/studio/schemaform.js",
        "if (mine === shown && !box.hidden) box.innerHTML = html;",
        "tests/prerender.rs: the Markdown preview is yew's rendering (text escaped, safe links only)",
    ),
    (
        "www/report.html",
        "$('report').srcdoc = html;",
        "tests/report_html.rs: the report escapes every text and carries a policy that runs no script",
    ),
];

#[test]
fn the_pages_write_markup_from_a_string_only_where_it_is_escaped_and_tested() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut pages = Vec::new();
    // Generated (wasm-bindgen glue, the bundled editor) and installed code aside.
    let skip = [
        "pkg",
        "report-pkg",
        "prerender-pkg",
        "vendor",
        "node_modules",
    ];
    files(
        &root.join("www"),
        &[".js", ".html", ".mjs"],
        &skip,
        &mut pages,
    );
    files(&root.join("scripts/studio"), &[".js"], &skip, &mut pages);
    pages.push(root.join("index.html"));
    let hits = lines_with(
        &pages,
        &[
            "innerHTML",
            "outerHTML",
            "insertAdjacentHTML",
            "document.write",
            "srcdoc",
            "createContextualFragment",
            "DOMParser",
            "setHTMLUnsafe",
            "parseHTMLUnsafe",
        ],
    );
    let unknown: Vec<_> = hits
        .iter()
        .filter(|(file, line)| !KNOWN.iter().any(|(f, l, _)| f == file && l == line))
        .collect();
    assert!(
        unknown.is_empty(),
        "markup written from a string, not yet known here with the test that feeds it hostile text: {unknown:#?}"
    );
    // Each known place is still there (a stale entry would vouch for nothing).
    for (file, line, test) in KNOWN {
        assert!(
            hits.iter().any(|(f, l)| f == file && l == line),
            "{file}: `{line}` is gone; take it out of KNOWN ({test})"
        );
    }
}

#[test]
fn no_page_that_writes_markup_from_a_string_reads_the_address() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for (file, _, _) in KNOWN {
        let text = std::fs::read_to_string(root.join(file)).unwrap();
        for needle in [
            "location",
            "URLSearchParams",
            "document.URL",
            "document.referrer",
        ] {
            assert!(
                !text.contains(needle),
                "{file} reads the address ({needle}) and writes markup from a string"
            );
        }
    }
}
