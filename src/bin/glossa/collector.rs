//! The results file of `glossa serve --collect`: whole lines only, each result once (the
//! first), on disk before the answer, and only results of the study being served.
//!
//! At start a torn last line (a write cut short by a full disk or a crash) is mended: a
//! complete result that lacks only its newline gets it; anything else is moved to
//! `FILE.torn` and cut off, so the next result starts a line of its own. A write that fails
//! half way is cut back to where it began and answered 5xx (the pilot keeps the result and
//! tries again). Before each write the file is checked to be the one opened: a results file
//! moved or deleted while serving refuses results (5xx, kept by the pilot) instead of
//! answering 201 for results that go nowhere.

use glossa::analysis::duplicates;
use serde_json::Value;
use std::collections::BTreeSet;
use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

/// The spec and items a result must belong to.
pub struct Study {
    /// The spec's id.
    pub spec_id: String,
    /// The spec's version.
    pub version: String,
    /// The ids of the study's items.
    pub items: BTreeSet<String>,
}

/// What became of a posted result.
#[derive(Debug, PartialEq)]
pub enum Taken {
    /// Written (and on disk).
    Collected,
    /// A result with its key is in the file already: the first stays.
    Already,
    /// Not a result at all: not a JSON object with an item id.
    NotAResult,
    /// A result, but not of this study (the reason, for the answer's `error`).
    Refused(String),
    /// The file could not take it: nothing of it is in the file; try again later.
    Failed(String),
}

/// The open results file.
pub struct Collector {
    path: PathBuf,
    file: File,
    /// The file's identity when opened (device and inode), to notice it moved or was deleted.
    identity: Option<(u64, u64)>,
    /// Its length after the last whole line written.
    length: u64,
    /// The key of every result in it (see `duplicates::result_key`).
    keys: BTreeSet<String>,
    study: Study,
}

impl Collector {
    /// Opens (or creates) the results file, mends a torn last line and reads the keys of the
    /// results in it. The second value says what was mended, for the console.
    pub fn open(path: &Path, study: Study) -> Result<(Self, Option<String>), String> {
        let mut file = OpenOptions::new()
            .create(true)
            .read(true)
            .append(true)
            .open(path)
            .map_err(|e| format!("cannot write: {e}"))?;
        let mut bytes = Vec::new();
        file.read_to_end(&mut bytes)
            .map_err(|e| format!("cannot read: {e}"))?;
        let mended = mend_tail(path, &mut file, &mut bytes)?;
        let mut keys = BTreeSet::new();
        for line in bytes.split(|b| *b == b'\n') {
            if let Some(k) = serde_json::from_slice(line)
                .ok()
                .as_ref()
                .and_then(duplicates::result_key)
            {
                keys.insert(k);
            }
        }
        let length = bytes.len() as u64;
        let identity = identity_of(&file.metadata().map_err(|e| e.to_string())?);
        Ok((
            Collector {
                path: path.to_owned(),
                file,
                identity,
                length,
                keys,
                study,
            },
            mended,
        ))
    }

    /// How many results the file holds.
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// Takes a posted body: checks it is a result of this study, then appends it unless a
    /// result with its key is there.
    pub fn take(&mut self, body: &[u8]) -> Taken {
        let parsed: Option<Value> = serde_json::from_slice(body).ok();
        let Some((result, key)) = parsed
            .as_ref()
            .filter(|v| v.is_object())
            .and_then(|v| Some((v, duplicates::result_key(v)?)))
        else {
            return Taken::NotAResult;
        };
        if let Some(why) = self.foreign(result) {
            return Taken::Refused(why);
        }
        if self.keys.contains(&key) {
            return Taken::Already;
        }
        match self.append(&(result.to_string() + "\n")) {
            Ok(()) => {
                self.keys.insert(key);
                Taken::Collected
            }
            Err(e) => Taken::Failed(e),
        }
    }

    /// Why a result is not of this study, if it is not.
    fn foreign(&self, result: &Value) -> Option<String> {
        let field = |p: &str| result.pointer(p).and_then(Value::as_str).unwrap_or("");
        let (id, version) = (field("/spec/id"), field("/spec/version"));
        if id != self.study.spec_id || version != self.study.version {
            return Some(format!(
                "a result of spec {id}@{version}; this server collects {}@{}",
                self.study.spec_id, self.study.version
            ));
        }
        let item = field("/item_id");
        (!self.study.items.contains(item))
            .then(|| format!("item_id {item:?} is not an item of this study"))
    }

    /// Appends one whole line and syncs it; on any failure the file is cut back to where it
    /// was, so no torn line stays.
    fn append(&mut self, line: &str) -> Result<(), String> {
        let here = std::fs::metadata(&self.path)
            .ok()
            .as_ref()
            .and_then(identity_of);
        if here.is_none() || here != self.identity {
            return Err(format!(
                "{}: the results file was moved or deleted while serving; restart glossa serve",
                self.path.display()
            ));
        }
        // A cut-back that failed before is tried again first.
        let now = self.file.metadata().map(|m| m.len()).unwrap_or(self.length);
        if now != self.length {
            self.cut_back()?;
        }
        let written = self
            .file
            .write_all(line.as_bytes())
            .and_then(|()| self.file.sync_data());
        match written {
            Ok(()) => {
                self.length += line.len() as u64;
                Ok(())
            }
            Err(e) => {
                let _ = self.cut_back();
                Err(format!("{}: cannot write: {e}", self.path.display()))
            }
        }
    }

    /// Cuts the file back to its last whole line.
    fn cut_back(&mut self) -> Result<(), String> {
        self.file
            .set_len(self.length)
            .and_then(|()| self.file.sync_data())
            .map_err(|e| {
                format!(
                    "{}: cannot cut a failed write back: {e}",
                    self.path.display()
                )
            })
    }
}

/// Mends a last line without its newline: a whole JSON value gets one; anything else is
/// appended to `FILE.torn` and cut off. `bytes` is left as the file now is.
fn mend_tail(path: &Path, file: &mut File, bytes: &mut Vec<u8>) -> Result<Option<String>, String> {
    if bytes.is_empty() || bytes.ends_with(b"\n") {
        return Ok(None);
    }
    let start = bytes.iter().rposition(|b| *b == b'\n').map_or(0, |n| n + 1);
    let tail = &bytes[start..];
    if serde_json::from_slice::<Value>(tail).is_ok() {
        file.write_all(b"\n")
            .and_then(|()| file.sync_data())
            .map_err(|e| format!("cannot write: {e}"))?;
        bytes.push(b'\n');
        return Ok(Some("its last line lacked a newline: added".into()));
    }
    let torn = PathBuf::from(format!("{}.torn", path.display()));
    OpenOptions::new()
        .create(true)
        .append(true)
        .open(&torn)
        .and_then(|mut t| t.write_all(tail).and_then(|()| t.write_all(b"\n")))
        .map_err(|e| {
            format!(
                "a torn last line, and {} cannot take it: {e}",
                torn.display()
            )
        })?;
    let n = tail.len();
    file.set_len(start as u64)
        .and_then(|()| file.seek(SeekFrom::End(0)).map(|_| ()))
        .and_then(|()| file.sync_data())
        .map_err(|e| format!("cannot cut its torn last line: {e}"))?;
    bytes.truncate(start);
    Ok(Some(format!(
        "its last line was torn ({n} bytes, not a whole result): moved to {}",
        torn.display()
    )))
}

/// A file's device and inode (on Unix; elsewhere its length stands in, which only shows
/// a file that vanished).
fn identity_of(meta: &std::fs::Metadata) -> Option<(u64, u64)> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        Some((meta.dev(), meta.ino()))
    }
    #[cfg(not(unix))]
    {
        let _ = meta;
        Some((0, 0))
    }
}
