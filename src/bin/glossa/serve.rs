//! `glossa serve`: a study on this machine for an in-lab pilot — the pilot runner with the
//! study in it, served over HTTP (loopback unless `--host` says otherwise), and each result the
//! pilot posts appended to a JSON Lines file exactly once, on disk before the answer goes back.
//!
//! Paths: `/` opens the pilot on the study (`/?participant=p7` passes the id on); `/study/…` is the study folder (spec, items, plan,
//! gold); `/index.html` and `/www/…` are the Glossa site (nothing else of it: not its
//! sources); `POST /collect` takes a result. A path is served only when its real path
//! (symbolic links followed) lies inside the folder it is served from.

use crate::Outcome;
use glossa::analysis::hosts;
use glossa::support::sorted_map::SortedSet;
use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::{Arc, Mutex};

/// The largest request body taken (a result is a few KB; a long article's spans, a few hundred).
const MAX_BODY: usize = 8 << 20;
/// The largest request head taken.
const MAX_HEAD: usize = 64 << 10;

/// What the server serves and where results go.
struct Site {
    /// The Glossa site (index.html, www/).
    root: PathBuf,
    /// Its `www/` (what the pilot page loads).
    www: PathBuf,
    /// The study folder, served under `/study/`.
    study: PathBuf,
    /// The pilot's address on this server (`/` redirects there).
    start: String,
    /// The results file and the keys of the results in it.
    collect: Option<Mutex<Collected>>,
}

/// The results file, and the key of every result in it (see `hosts::result_key`).
struct Collected {
    file: File,
    keys: SortedSet<String>,
}

/// The pilot's address on the study: its spec, items and plan under `/study/`.
fn start_of(study: &Path) -> Result<String, String> {
    let (spec, items, plan) = crate::files::study_files(study)?;
    let name = |p: &Path| {
        p.file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned()
    };
    let mut start = format!(
        "/index.html?spec=study/{}&items=study/{}",
        name(&spec),
        name(&items)
    );
    if let Some(plan) = plan {
        start += &format!("&plan=study/{}", name(&plan));
    }
    Ok(start)
}

/// Runs the server until it is stopped.
pub fn serve(
    study: &str,
    site: Option<&str>,
    collect: Option<&str>,
    host: &str,
    port: u16,
) -> Outcome {
    let fail = |message: String| {
        eprintln!("{message}");
        Err(ExitCode::from(2))
    };
    let Ok(study_dir) = std::fs::canonicalize(study) else {
        return fail(format!("{study}: no such folder"));
    };
    let site_dir = site.map_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")), PathBuf::from);
    let Ok(root) = std::fs::canonicalize(&site_dir) else {
        return fail(format!("{}: no such folder (--site)", site_dir.display()));
    };
    if !root.join("index.html").is_file() || !root.join("www/glossa.js").is_file() {
        return fail(format!(
            "{}: not a Glossa site (index.html and www/glossa.js): name it with --site",
            root.display()
        ));
    }
    let mut start = match start_of(&study_dir) {
        Ok(s) => s,
        Err(e) => return fail(format!("{study}: {e}")),
    };
    let collected = match collect {
        None => None,
        Some(path) => match open_results(path) {
            Ok(c) => {
                start += "&post=/collect";
                eprintln!("{path}: {} result(s) already in it", c.keys.len());
                Some(Mutex::new(c))
            }
            Err(e) => return fail(format!("{path}: {e}")),
        },
    };
    let listener = match TcpListener::bind((host, port)) {
        Ok(l) => l,
        Err(e) => return fail(format!("cannot listen on {host}:{port}: {e}")),
    };
    let addr = listener
        .local_addr()
        .map_or_else(|_| format!("{host}:{port}"), |a| a.to_string());
    println!("Glossa pilot: http://{addr}/  (Ctrl+C to stop)");
    let Ok(www) = std::fs::canonicalize(root.join("www")) else {
        return fail(format!("{}: no www/ folder", root.display()));
    };
    let site = Arc::new(Site {
        root,
        www,
        study: study_dir,
        start,
        collect: collected,
    });
    for stream in listener.incoming().flatten() {
        let site = Arc::clone(&site);
        std::thread::spawn(move || {
            let _ = handle(&site, stream);
        });
    }
    Ok(ExitCode::SUCCESS)
}

/// Opens (or creates) the results file and reads the keys of the results already in it.
fn open_results(path: &str) -> Result<Collected, String> {
    let mut keys = SortedSet::new();
    if let Ok(f) = File::open(path) {
        for line in BufReader::new(f).lines() {
            let line = line.map_err(|e| format!("cannot read: {e}"))?;
            if let Some(k) = serde_json::from_str(&line)
                .ok()
                .as_ref()
                .and_then(hosts::result_key)
            {
                keys.insert(k);
            }
        }
    }
    let file = OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map_err(|e| format!("cannot write: {e}"))?;
    Ok(Collected { file, keys })
}

/// One request on one connection (then the connection closes).
fn handle(site: &Site, mut stream: TcpStream) -> std::io::Result<()> {
    stream.set_read_timeout(Some(std::time::Duration::from_secs(30)))?;
    let Some(request) = read_request(&mut stream)? else {
        return respond(&mut stream, 400, "text/plain", b"bad request", &[]);
    };
    let path = request
        .target
        .split(['?', '#'])
        .next()
        .unwrap_or("/")
        .to_owned();
    match (request.method.as_str(), path.as_str()) {
        ("OPTIONS", "/collect") => respond(&mut stream, 204, "text/plain", b"", &cors()),
        ("POST", "/collect") => {
            let (status, body) = take_result(site, &request.body);
            respond(
                &mut stream,
                status,
                "application/json",
                body.as_bytes(),
                &cors(),
            )
        }
        // The pilot on the study, with the link's own parameters (a participant's id).
        ("GET" | "HEAD", "/") => {
            let query = request.target.split_once('?').map(|(_, q)| q).unwrap_or("");
            let location = if query.is_empty() {
                site.start.clone()
            } else {
                format!("{}&{query}", site.start)
            };
            respond(
                &mut stream,
                302,
                "text/plain",
                b"",
                &[("location", location)],
            )
        }
        ("GET" | "HEAD", _) => {
            // Of the site, the pilot page and what it loads (`www/`): never the sources.
            let found = if let Some(rest) = path.strip_prefix("/study/") {
                inside(&site.study, rest)
            } else if let Some(rest) = path.strip_prefix("/www/") {
                inside(&site.www, rest)
            } else if path == "/index.html" {
                inside(&site.root, "index.html")
            } else {
                None
            };
            match found.and_then(|f| std::fs::read(&f).ok().map(|b| (f, b))) {
                Some((file, bytes)) if request.method == "HEAD" => {
                    let length = [("content-length", bytes.len().to_string())];
                    respond(&mut stream, 200, content_type(&file), b"", &length)
                }
                Some((file, bytes)) => respond(&mut stream, 200, content_type(&file), &bytes, &[]),
                None => respond(&mut stream, 404, "text/plain", b"not found", &[]),
            }
        }
        _ => respond(&mut stream, 405, "text/plain", b"method not allowed", &[]),
    }
}

/// The headers that let a page elsewhere (a jsPsych page on another port) post results.
fn cors() -> Vec<(&'static str, String)> {
    vec![
        ("access-control-allow-origin", "*".to_owned()),
        ("access-control-allow-methods", "POST, OPTIONS".to_owned()),
        (
            "access-control-allow-headers",
            "content-type, idempotency-key".to_owned(),
        ),
    ]
}

/// Appends a posted result unless one with its key is in the file: 201 (appended, and on disk)
/// or 200 (already there); 400 for what is not a result, 404 without `--collect`, 500 when the
/// disk refuses (the pilot then keeps it and tries again).
fn take_result(site: &Site, body: &[u8]) -> (u16, String) {
    let Some(collect) = &site.collect else {
        return (
            404,
            r#"{"error":"this server collects no results (start it with --collect FILE)"}"#.into(),
        );
    };
    let parsed: Option<serde_json::Value> = serde_json::from_slice(body).ok();
    let Some((result, k)) = parsed
        .as_ref()
        .filter(|v| v.is_object())
        .and_then(|v| Some((v, hosts::result_key(v)?)))
    else {
        return (
            400,
            r#"{"error":"not a result: a JSON object with an item_id"}"#.into(),
        );
    };
    let mut c = collect.lock().unwrap_or_else(|e| e.into_inner());
    if c.keys.contains(&k) {
        return (200, r#"{"status":"already collected"}"#.into());
    }
    let line = result.to_string() + "\n";
    match c
        .file
        .write_all(line.as_bytes())
        .and_then(|()| c.file.sync_data())
    {
        Ok(()) => {
            c.keys.insert(k);
            (201, r#"{"status":"collected"}"#.into())
        }
        Err(e) => (
            500,
            serde_json::json!({ "error": e.to_string() }).to_string(),
        ),
    }
}

/// A request: method, target and body.
struct Request {
    method: String,
    target: String,
    body: Vec<u8>,
}

/// Reads one request (head and `content-length` body); `None` for one that is not HTTP.
fn read_request(stream: &mut TcpStream) -> std::io::Result<Option<Request>> {
    let mut buf = Vec::new();
    let mut chunk = [0u8; 8192];
    let head_end = loop {
        if let Some(at) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
            break at + 4;
        }
        if buf.len() > MAX_HEAD {
            return Ok(None);
        }
        let n = stream.read(&mut chunk)?;
        if n == 0 {
            return Ok(None);
        }
        buf.extend_from_slice(&chunk[..n]);
    };
    let head = String::from_utf8_lossy(&buf[..head_end]).into_owned();
    let mut lines = head.split("\r\n");
    let mut first = lines.next().unwrap_or_default().split(' ');
    let (Some(method), Some(target)) = (first.next(), first.next()) else {
        return Ok(None);
    };
    let length = lines
        .filter_map(|l| l.split_once(':'))
        .find(|(k, _)| k.trim().eq_ignore_ascii_case("content-length"))
        .and_then(|(_, v)| v.trim().parse::<usize>().ok())
        .unwrap_or(0);
    if length > MAX_BODY {
        return Ok(None);
    }
    let mut body = buf[head_end..].to_vec();
    while body.len() < length {
        let n = stream.read(&mut chunk)?;
        if n == 0 {
            return Ok(None);
        }
        body.extend_from_slice(&chunk[..n]);
    }
    body.truncate(length);
    Ok(Some(Request {
        method: method.to_owned(),
        target: target.to_owned(),
        body,
    }))
}

/// The file a URL path names inside `base`, if it is there: percent-decoded, symbolic links
/// followed, the real path inside the real base; a folder gives its `index.html`.
fn inside(base: &Path, path: &str) -> Option<PathBuf> {
    let decoded = percent_decode(path)?;
    if decoded.contains('\0') {
        return None;
    }
    let mut file = std::fs::canonicalize(base.join(decoded.trim_start_matches('/'))).ok()?;
    if file.is_dir() {
        file = std::fs::canonicalize(file.join("index.html")).ok()?;
    }
    (file.starts_with(base) && file.is_file()).then_some(file)
}

/// `%xx` escapes decoded (UTF-8); `None` for a bad escape.
fn percent_decode(s: &str) -> Option<String> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = std::str::from_utf8(bytes.get(i + 1..i + 3)?).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// The content type of a file, by its extension.
fn content_type(file: &Path) -> &'static str {
    match file.extension().and_then(|e| e.to_str()).unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "json" | "jsonl" => "application/json; charset=utf-8",
        "wasm" => "application/wasm",
        "png" => "image/png",
        "svg" => "image/svg+xml",
        "md" | "txt" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

/// Writes a whole response and closes.
fn respond(
    stream: &mut TcpStream,
    status: u16,
    kind: &str,
    body: &[u8],
    extra: &[(&str, String)],
) -> std::io::Result<()> {
    let reason = match status {
        200 => "OK",
        201 => "Created",
        204 => "No Content",
        302 => "Found",
        400 => "Bad Request",
        404 => "Not Found",
        405 => "Method Not Allowed",
        _ => "Internal Server Error",
    };
    let mut head = format!(
        "HTTP/1.1 {status} {reason}\r\ncontent-type: {kind}\r\ncache-control: no-store\r\nconnection: close\r\n"
    );
    // A HEAD answer names the length of the body it leaves out.
    if !extra.iter().any(|(k, _)| *k == "content-length") {
        head += &format!("content-length: {}\r\n", body.len());
    }
    for (k, v) in extra {
        head += &format!("{k}: {v}\r\n");
    }
    head += "\r\n";
    stream.write_all(head.as_bytes())?;
    stream.write_all(body)?;
    stream.flush()
}
