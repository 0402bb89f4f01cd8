//! The structure drawing: which module of `src/` uses which, read from the source itself (every
//! `crate::…`, `super::…` and `use` path outside comments). Two checks, the ones
//! `docs/src/architecture.md` states:
//! - **no circles** between files: no file reaches itself through other files (a folder's own
//!   `mod.rs` and its files are one thing; re-exports between them are not circles);
//! - **every arrow points down** between folders: a layer uses only the layers before it in
//!   [`LAYERS`].
//!
//! The drawing (a line per layer, with the layers it uses) is printed by
//! `cargo test --test structure -- --nocapture` and kept in `docs/src/architecture.md`; the
//! test fails when the book's copy is not the drawing of the code as it is.
#![cfg(not(target_arch = "wasm32"))]

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The layers, bottom to top: each uses only those before it.
#[rustfmt::skip]
const LAYERS: &[&str] = &[
    "support", "declaration", "i18n", "text", "spec", "item", "answer", "task", "validate", "form", "result",
    "mount", "simulate", "study", "analysis", "kinds", "ui", "host", "report_web",
];

/// A module: its path from the crate root (`["spec", "control"]`; `[]` for `lib.rs`).
type Module = Vec<String>;

fn modules() -> BTreeMap<Module, PathBuf> {
    fn walk(dir: &Path, prefix: &Module, out: &mut BTreeMap<Module, PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_stem().unwrap().to_string_lossy().into_owned();
            if path.is_dir() {
                if name == "bin" && prefix.is_empty() {
                    continue;
                }
                let mut m = prefix.clone();
                m.push(name);
                walk(&path, &m, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let mut m = prefix.clone();
                if name != "mod" && name != "lib" {
                    m.push(name);
                }
                out.insert(m, path);
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(&Path::new(ROOT).join("src"), &Vec::new(), &mut out);
    out
}

/// The source without comments and string literals (so paths in docs and messages do not count).
fn code_of(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let b: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            '/' if b.get(i + 1) == Some(&'/') => {
                while i < b.len() && b[i] != '\n' {
                    i += 1;
                }
            }
            '/' if b.get(i + 1) == Some(&'*') => {
                i += 2;
                while i + 1 < b.len() && !(b[i] == '*' && b[i + 1] == '/') {
                    i += 1;
                }
                i += 2;
            }
            'r' if b.get(i + 1) == Some(&'#')
                || (b.get(i + 1) == Some(&'"') && !ident(b.get(i.wrapping_sub(1)))) =>
            {
                // A raw string r"…" or r#"…"#.
                let mut j = i + 1;
                let mut hashes = 0;
                while b.get(j) == Some(&'#') {
                    hashes += 1;
                    j += 1;
                }
                if b.get(j) != Some(&'"') {
                    out.push(b[i]);
                    i += 1;
                    continue;
                }
                j += 1;
                loop {
                    if j >= b.len() {
                        break;
                    }
                    if b[j] == '"' && (0..hashes).all(|h| b.get(j + 1 + h) == Some(&'#')) {
                        j += 1 + hashes;
                        break;
                    }
                    j += 1;
                }
                out.push_str("\"\"");
                i = j;
            }
            '"' => {
                i += 1;
                while i < b.len() && b[i] != '"' {
                    if b[i] == '\\' {
                        i += 1;
                    }
                    i += 1;
                }
                i += 1;
                out.push_str("\"\"");
            }
            '\'' if b.get(i + 2) == Some(&'\'') || (b.get(i + 1) == Some(&'\\')) => {
                // A char literal ('"', '\n', '\''); lifetimes ('a) are left alone.
                let mut j = i + 1;
                if b.get(j) == Some(&'\\') {
                    j += 1;
                    while j < b.len() && b[j] != '\'' {
                        j += 1;
                    }
                } else {
                    j += 1;
                }
                i = j + 1;
                out.push_str("' '");
            }
            c => {
                out.push(c);
                i += 1;
            }
        }
    }
    out
}

fn ident(c: Option<&char>) -> bool {
    c.is_some_and(|c| c.is_alphanumeric() || *c == '_')
}

/// Every path the code names from `start` on: `a::b::{c, d::e}` gives `a::b::c`, `a::b::d::e`.
fn paths_at(code: &[char], mut i: usize, prefix: Vec<String>, out: &mut Vec<Vec<String>>) -> usize {
    let mut path = prefix;
    loop {
        while code.get(i).is_some_and(|c| c.is_whitespace()) {
            i += 1;
        }
        if code.get(i) == Some(&'{') {
            i += 1;
            loop {
                let next = paths_at(code, i, path.clone(), out);
                // A glob (`*`) or anything else that is not a name: step over it.
                i = if next == i { i + 1 } else { next };
                while code.get(i).is_some_and(|c| c.is_whitespace() || *c == ',') {
                    i += 1;
                }
                match code.get(i) {
                    Some('}') => return i + 1,
                    None => return i,
                    _ => {}
                }
            }
        }
        let start = i;
        while ident(code.get(i)) {
            i += 1;
        }
        if i == start {
            out.push(path);
            return i;
        }
        path.push(code[start..i].iter().collect());
        if code.get(i) == Some(&':') && code.get(i + 1) == Some(&':') {
            i += 2;
        } else {
            out.push(path);
            return i;
        }
    }
}

/// The modules a module names (paths from the crate root, not yet resolved to files).
fn named(module: &Module, code: &str) -> Vec<Vec<String>> {
    let code: Vec<char> = code.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < code.len() {
        if ident(i.checked_sub(1).and_then(|p| code.get(p))) && code[i - 1] != '$' {
            i += 1;
            continue;
        }
        let rest: String = code[i..(i + 7).min(code.len())].iter().collect();
        let (skip, base) = if rest.starts_with("crate::") {
            (7, Vec::new())
        } else if rest.starts_with("super::") {
            let mut j = i + 7;
            let mut base = module.clone();
            base.pop();
            while code[j..].starts_with(&['s', 'u', 'p', 'e', 'r', ':', ':']) {
                base.pop();
                j += 7;
            }
            (j - i, base)
        } else if rest.starts_with("self::") {
            (6, module.clone())
        } else {
            i += 1;
            continue;
        };
        let mut found = Vec::new();
        i = paths_at(&code, i + skip, base, &mut found);
        out.extend(found);
    }
    out
}

/// The deepest module a path reaches.
fn resolve(path: &[String], modules: &BTreeMap<Module, PathBuf>) -> Option<Module> {
    (0..=path.len())
        .rev()
        .map(|n| path[..n].to_vec())
        .find(|m| modules.contains_key(m))
}

fn is_prefix(a: &Module, b: &Module) -> bool {
    a.len() <= b.len() && b[..a.len()] == a[..]
}

/// The file-level arrows: module → the modules it uses (not its ancestors or descendants).
fn arrows() -> BTreeMap<Module, BTreeSet<Module>> {
    let modules = modules();
    let mut out: BTreeMap<Module, BTreeSet<Module>> = BTreeMap::new();
    for (module, path) in &modules {
        let code = code_of(&std::fs::read_to_string(path).unwrap());
        let uses = out.entry(module.clone()).or_default();
        for p in named(module, &code) {
            if let Some(target) = resolve(&p, &modules) {
                if !is_prefix(&target, module) && !is_prefix(module, &target) {
                    uses.insert(target);
                }
            }
        }
    }
    out
}

/// Circles between files: each as its files in order.
fn circles(arrows: &BTreeMap<Module, BTreeSet<Module>>) -> Vec<Vec<Module>> {
    // Tarjan's strongly connected components; a component of more than one file is a circle.
    struct T<'a> {
        arrows: &'a BTreeMap<Module, BTreeSet<Module>>,
        index: BTreeMap<&'a Module, usize>,
        low: BTreeMap<&'a Module, usize>,
        stack: Vec<&'a Module>,
        on: BTreeSet<&'a Module>,
        out: Vec<Vec<Module>>,
    }
    impl<'a> T<'a> {
        fn visit(&mut self, v: &'a Module) {
            let n = self.index.len();
            self.index.insert(v, n);
            self.low.insert(v, n);
            self.stack.push(v);
            self.on.insert(v);
            for w in self.arrows.get(v).into_iter().flatten() {
                if !self.arrows.contains_key(w) {
                    continue;
                }
                let w = self.arrows.get_key_value(w).unwrap().0;
                if !self.index.contains_key(w) {
                    self.visit(w);
                    let l = self.low[w].min(self.low[v]);
                    self.low.insert(v, l);
                } else if self.on.contains(w) {
                    let l = self.index[w].min(self.low[v]);
                    self.low.insert(v, l);
                }
            }
            if self.low[v] == self.index[v] {
                let mut c = Vec::new();
                loop {
                    let w = self.stack.pop().unwrap();
                    self.on.remove(w);
                    c.push(w.clone());
                    if w == v {
                        break;
                    }
                }
                if c.len() > 1 {
                    c.sort();
                    self.out.push(c);
                }
            }
        }
    }
    let mut t = T {
        arrows,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on: BTreeSet::new(),
        out: Vec::new(),
    };
    for v in arrows.keys() {
        if !t.index.contains_key(v) {
            t.visit(v);
        }
    }
    t.out
}

/// A module's layer: its top folder's, except in the kinds' folders, where each file is in the
/// layer it works in — `kinds/mod.rs` is the declaration (it uses nothing), a kind's `spec.rs`
/// is in the spec layer, its view files (compiled where the components are: `#[cfg(ui)]` in the
/// kind's `mod.rs`) in the UI layer, the rest in the kinds layer.
fn layer(m: &Module) -> String {
    match m.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        [] => "lib".into(),
        ["kinds"] => "declaration".into(),
        ["kinds", _, "spec", ..] => "spec".into(),
        ["kinds", kind, file, ..] if web_only(kind).contains(&file.to_owned()) => "ui".into(),
        [first, ..] => first.into(),
    }
}

/// The files of a kind's folder that only the browser builds compile.
fn web_only(kind: &str) -> Vec<String> {
    let text =
        std::fs::read_to_string(format!("{ROOT}/src/kinds/{kind}/mod.rs")).unwrap_or_default();
    let lines: Vec<&str> = text.lines().collect();
    lines
        .windows(2)
        .filter(|w| w[0].trim() == "#[cfg(ui)]")
        .filter_map(|w| w[1].trim().strip_prefix("mod ")?.strip_suffix(';'))
        .map(str::to_owned)
        .collect()
}

/// Folder-level arrows: layer → layers it uses, each with one file arrow that shows it.
fn layer_arrows(
    arrows: &BTreeMap<Module, BTreeSet<Module>>,
) -> BTreeMap<String, BTreeMap<String, (Module, Module)>> {
    let mut out: BTreeMap<String, BTreeMap<String, (Module, Module)>> = BTreeMap::new();
    for (from, tos) in arrows {
        for to in tos {
            let (a, b) = (layer(from), layer(to));
            if a != b && a != "lib" && b != "lib" {
                out.entry(a)
                    .or_default()
                    .entry(b)
                    .or_insert_with(|| (from.clone(), to.clone()));
            }
        }
    }
    out
}

fn name(m: &Module) -> String {
    if m.is_empty() {
        "lib".into()
    } else {
        m.join("::")
    }
}

/// The drawing: a line per layer, bottom first, with the layers it uses.
fn drawing() -> String {
    let arrows = arrows();
    let layers = layer_arrows(&arrows);
    let mut out = String::new();
    for l in LAYERS {
        let uses: Vec<&str> = LAYERS
            .iter()
            .filter(|u| layers.get(*l).is_some_and(|m| m.contains_key(**u)))
            .copied()
            .collect();
        let line = if uses.is_empty() {
            format!("{l}\n")
        } else {
            format!("{l:<11}→ {}\n", uses.join(", "))
        };
        out.push_str(&line);
    }
    out
}

#[test]
fn no_file_reaches_itself() {
    let found = circles(&arrows());
    let text: Vec<String> = found
        .iter()
        .map(|c| c.iter().map(name).collect::<Vec<_>>().join(" ↔ "))
        .collect();
    assert!(
        found.is_empty(),
        "{} circles between files:\n{}",
        found.len(),
        text.join("\n")
    );
}

#[test]
fn every_arrow_points_down() {
    let arrows = arrows();
    let layers = layer_arrows(&arrows);
    let rank = |l: &str| LAYERS.iter().position(|x| *x == l);
    let mut back = Vec::new();
    for (from, tos) in &layers {
        let Some(a) = rank(from) else {
            back.push(format!("{from}: not a layer of tests/structure.rs' LAYERS"));
            continue;
        };
        for (to, (f, t)) in tos {
            match rank(to) {
                Some(b) if b < a => {}
                _ => back.push(format!("{from} → {to} (e.g. {} uses {})", name(f), name(t))),
            }
        }
    }
    println!("{}", drawing());
    assert!(
        back.is_empty(),
        "{} arrows back up:\n{}",
        back.len(),
        back.join("\n")
    );
}

#[test]
fn the_book_shows_the_drawing() {
    let book = std::fs::read_to_string(format!("{ROOT}/docs/src/architecture.md")).unwrap();
    let drawing = drawing();
    assert!(
        book.contains(&drawing),
        "docs/src/architecture.md does not show the structure as it is; put this there:\n{drawing}"
    );
}

/// The kinds the declaration lists: each `Control` variant and its payload type.
fn declared_kinds() -> Vec<(String, String)> {
    let decl = std::fs::read_to_string(Path::new(ROOT).join("src/kinds/mod.rs")).unwrap();
    let mut out = Vec::new();
    for line in code_of(&decl).lines() {
        // `single_choice => SingleChoice(Base<SingleChoice>) gold exact,`
        let Some((_, rest)) = line.split_once("=>") else {
            continue;
        };
        let Some((variant, payload)) = rest.trim().split_once('(') else {
            continue;
        };
        let Some(payload) = payload.split_once('<').and_then(|p| p.1.split_once('>')) else {
            continue;
        };
        if variant.chars().all(|c| c.is_ascii_alphanumeric()) && !variant.is_empty() {
            out.push((variant.to_owned(), payload.0.to_owned()));
        }
    }
    out
}

/// Where `code` names a kind: `Control::Scale`, `AnswerValue::Scale` or the payload type
/// `ScaleControl`, as whole words.
fn kind_names_in(code: &str, kinds: &[(String, String)]) -> Vec<String> {
    let chars: Vec<char> = code.chars().collect();
    let mut found = Vec::new();
    for (variant, payload) in kinds {
        let names = [
            format!("Control::{variant}"),
            format!("AnswerValue::{variant}"),
            payload.clone(),
        ];
        for name in names {
            let mut from = 0;
            while let Some(at) = code[from..].find(&name) {
                let at = from + at;
                let start = code[..at].chars().count();
                let end = start + name.chars().count();
                let before = start.checked_sub(1).map(|i| chars[i]);
                if !ident(before.as_ref()) && !ident(chars.get(end)) {
                    found.push(name.clone());
                }
                from = at + name.len();
            }
        }
    }
    found
}

/// Issue 53: a kind's capabilities are declared once, in its folder; generic code asks them
/// (`spec::capability::Capabilities`, the layers' traits) and names no kind. Outside
/// `src/kinds/` no source file names one in code — the answer enum (`src/answer.rs`) and tests
/// aside — so a kind added by its folder and its declaration is aggregated, decides display
/// logic, is scored against a model and imported without another list to join.
#[test]
fn no_source_outside_the_kinds_names_a_kind() {
    let kinds = declared_kinds();
    assert!(kinds.len() >= 12, "the declaration's kinds: {kinds:?}");
    assert!(
        !kind_names_in("let x = Control::Scale(c);", &kinds).is_empty(),
        "the check finds a kind named in code"
    );
    let mut named = Vec::new();
    let mut files = Vec::new();
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    walk(&Path::new(ROOT).join("src"), &mut files);
    for path in files {
        let rel = path
            .strip_prefix(ROOT)
            .unwrap()
            .to_string_lossy()
            .into_owned();
        if rel.starts_with("src/kinds/")
            || rel == "src/answer.rs"
            || rel.ends_with("/tests.rs")
            || rel.contains("/tests/")
        {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        // A file's own tests (`#[cfg(test)] mod tests`, at its end) are tests.
        let text = text.split("#[cfg(test)]\nmod tests").next().unwrap_or("");
        for name in kind_names_in(&code_of(text), &kinds) {
            named.push(format!("{rel}: {name}"));
        }
    }
    assert!(
        named.is_empty(),
        "source outside src/kinds/ names kinds (ask a capability instead: spec::capability::Capabilities, or the layer's trait):\n{}",
        named.join("\n")
    );
}
