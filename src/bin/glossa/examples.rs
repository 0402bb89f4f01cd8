//! `glossa examples`: the shipped example studies (one per task family and protocol), listed,
//! and one copied as a new study folder to start from — its spec, items, gold and media, ready
//! for `glossa serve` and `glossa host`.

use crate::Outcome;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// One example of the site's list (`www/examples/index.json`).
#[derive(serde::Deserialize)]
struct Example {
    id: String,
    title: String,
    spec: String,
    items: String,
}

/// The site's examples.
fn list(site: &Path) -> Result<Vec<Example>, String> {
    let path = site.join("www/examples/index.json");
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// Lists the examples, or copies `name` into `out`.
pub fn examples(name: Option<&str>, out: Option<&str>, site: Option<&str>) -> Outcome {
    let fail = |message: String| {
        eprintln!("{message}");
        Err(ExitCode::from(2))
    };
    let root = crate::site_dir::folder(site)?;
    let all = match list(&root) {
        Ok(l) => l,
        Err(e) => return fail(e),
    };
    let Some(name) = name else {
        let width = all.iter().map(|e| e.id.len()).max().unwrap_or(0);
        for e in &all {
            println!("{:width$}  {}", e.id, e.title);
        }
        println!("\nCopy one to start from: glossa examples <name> --out my-study/");
        return Ok(ExitCode::SUCCESS);
    };
    let Some(example) = all.iter().find(|e| e.id == name) else {
        let mut near: Vec<&str> = all
            .iter()
            .map(|e| e.id.as_str())
            .filter(|id| id.contains(name) || name.contains(*id))
            .collect();
        if near.is_empty() {
            near = all.iter().map(|e| e.id.as_str()).collect();
        }
        return fail(format!(
            "{name}: no such example; there are: {}",
            near.join(", ")
        ));
    };
    let out = PathBuf::from(out.unwrap_or(name));
    if out.exists() && std::fs::read_dir(&out).map_or(true, |mut d| d.next().is_some()) {
        return fail(format!(
            "{}: not empty: give a new folder with --out",
            out.display()
        ));
    }
    let from = root
        .join("www/examples")
        .join(&example.spec)
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_default();
    let mut copied = 0;
    if let Err(e) = copy_tree(&from, &out, &mut copied) {
        let _ = std::fs::remove_dir_all(&out);
        return fail(format!("{}: {e}", out.display()));
    }
    println!(
        "{}: {} ({copied} files). Next:\n  glossa check {0}/spec.json {0}/{2}\n  glossa serve {0} --collect results.jsonl\n  glossa host pilot {0} --out upload/",
        out.display(),
        example.title,
        Path::new(&example.items).file_name().unwrap_or_default().to_string_lossy(),
    );
    Ok(ExitCode::SUCCESS)
}

/// Copies a folder's files and subfolders (an example's media) into `to`.
fn copy_tree(from: &Path, to: &Path, copied: &mut usize) -> std::io::Result<()> {
    std::fs::create_dir_all(to)?;
    for entry in std::fs::read_dir(from)? {
        let entry = entry?;
        let target = to.join(entry.file_name());
        if entry.file_type()?.is_dir() {
            copy_tree(&entry.path(), &target, copied)?;
        } else {
            std::fs::copy(entry.path(), &target)?;
            *copied += 1;
        }
    }
    Ok(())
}
