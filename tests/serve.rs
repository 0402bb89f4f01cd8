//! `glossa serve --collect`: the study served for an in-lab pilot, each posted result written
//! once — under parallel participants, resends and a restart — and on disk before the answer;
//! nothing outside the site and the study is served.
#![cfg(not(target_arch = "wasm32"))]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};

/// A running `glossa serve`, stopped when dropped.
struct Server {
    child: Child,
    addr: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn start(study: &std::path::Path, results: &std::path::Path) -> Server {
    let mut child = Command::new(env!("CARGO_BIN_EXE_glossa"))
        .args([
            "serve",
            study.to_str().unwrap(),
            "--collect",
            results.to_str().unwrap(),
            "--port",
            "0",
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|r| r.split('/').next())
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .to_owned();
    Server { child, addr }
}

/// One request; (status, headers and body as text).
fn request(addr: &str, method: &str, path: &str, body: &str) -> (u16, String) {
    let mut s = TcpStream::connect(addr).unwrap();
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nhost: {addr}\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).unwrap();
    let status = out
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    (status, out)
}

fn result(who: &str, item: &str, value: &str) -> String {
    serde_json::json!({
        "format": "glossa.result/1",
        "spec": {"id": "implicit-content-it", "version": "1.0.0"},
        "item_id": item,
        "answers": {"valutazione": value},
        "ids": {"participant": who},
    })
    .to_string()
}

fn study() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("glossa-serve-{}", std::process::id()));
    let study = dir.join("study");
    std::fs::create_dir_all(&study).unwrap();
    for f in ["spec.json", "items.json"] {
        std::fs::copy(
            format!(
                "{}/www/examples/it-implicit/{f}",
                env!("CARGO_MANIFEST_DIR")
            ),
            study.join(f),
        )
        .unwrap();
    }
    std::fs::write(dir.join("secret.txt"), "not for the web").unwrap();
    dir
}

#[test]
fn three_participants_resending_in_parallel_leave_each_result_once_even_across_a_restart() {
    let dir = study();
    let results = dir.join("results.jsonl");
    let server = start(&dir.join("study"), &results);
    let addr = server.addr.clone();
    let threads: Vec<_> = ["p1", "p2", "p3"]
        .into_iter()
        .map(|who| {
            let addr = addr.clone();
            std::thread::spawn(move || {
                let mut statuses = Vec::new();
                for item in ["it-001", "it-002", "it-003"] {
                    // Every result is sent three times, as a flaky connection would.
                    for _ in 0..3 {
                        let (status, _) = request(
                            &addr,
                            "POST",
                            "/collect",
                            &result(who, item, "totalmente_corretto"),
                        );
                        statuses.push(status);
                    }
                }
                statuses
            })
        })
        .collect();
    let statuses: Vec<u16> = threads
        .into_iter()
        .flat_map(|t| t.join().unwrap())
        .collect();
    assert_eq!(
        statuses.iter().filter(|s| **s == 201).count(),
        9,
        "{statuses:?}"
    );
    assert_eq!(
        statuses.iter().filter(|s| **s == 200).count(),
        18,
        "{statuses:?}"
    );
    // On disk as soon as it was answered.
    let lines = std::fs::read_to_string(&results).unwrap();
    assert_eq!(lines.lines().count(), 9);
    // A restart reads what is there: a resend is still not written again; a new result is.
    drop(server);
    let server = start(&dir.join("study"), &results);
    let (status, _) = request(
        &server.addr,
        "POST",
        "/collect",
        &result("p1", "it-001", "totalmente_sbagliato"),
    );
    assert_eq!(status, 200, "the first result for p1 on it-001 stays");
    let (status, _) = request(
        &server.addr,
        "POST",
        "/collect",
        &result("p4", "it-001", "totalmente_corretto"),
    );
    assert_eq!(status, 201);
    let lines: Vec<serde_json::Value> = std::fs::read_to_string(&results)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 10);
    assert!(lines
        .iter()
        .all(|r| r["answers"]["valutazione"] == "totalmente_corretto"));
    // What is not a result is refused and not written.
    let (status, body) = request(&server.addr, "POST", "/collect", "[1, 2]");
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        std::fs::read_to_string(&results).unwrap().lines().count(),
        10
    );
}

#[test]
fn the_pilot_opens_on_the_study_and_nothing_outside_is_served() {
    let dir = study();
    let server = start(&dir.join("study"), &dir.join("r.jsonl"));
    let (status, head) = request(&server.addr, "GET", "/", "");
    assert_eq!(status, 302);
    assert!(
        head.contains(
            "location: /index.html?spec=study/spec.json&items=study/items.json&post=/collect"
        ),
        "{head}"
    );
    let (status, body) = request(&server.addr, "GET", "/study/spec.json", "");
    assert_eq!(status, 200);
    assert!(body.contains("implicit-content-it"));
    let (status, body) = request(&server.addr, "GET", "/www/glossa.js", "");
    assert_eq!(status, 200);
    assert!(body.contains("content-type: text/javascript"), "{body}");
    let (status, _) = request(&server.addr, "HEAD", "/index.html", "");
    assert_eq!(status, 200);
    for path in [
        "/study/../secret.txt",
        "/study/%2e%2e/secret.txt",
        "/study/..%2fsecret.txt",
        "/../Cargo.toml",
        "/Cargo.toml",
        "/src/lib.rs",
        "/www/../Cargo.toml",
        "/%2e%2e/%2e%2e/etc/passwd",
        "/study/%00",
    ] {
        let (status, body) = request(&server.addr, "GET", path, "");
        assert_eq!(status, 404, "{path}: {body}");
    }
    // A page elsewhere may post: the preflight is answered.
    let (status, head) = request(&server.addr, "OPTIONS", "/collect", "");
    assert_eq!(status, 204);
    assert!(head.contains("access-control-allow-headers: content-type, idempotency-key"));
}
