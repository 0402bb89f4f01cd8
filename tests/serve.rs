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
    client: Client,
}

/// How the server's own pilot reaches it: its address and the collect token of the pilot's
/// address.
#[derive(Clone)]
struct Client {
    addr: String,
    token: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn start(study: &std::path::Path, results: &std::path::Path) -> Server {
    start_limited(study, results, None)
}

/// A server of the site in `site` (`--site`) rather than the repository's.
fn start_on_site(
    site: &std::path::Path,
    study: &std::path::Path,
    results: &std::path::Path,
) -> Server {
    start_with(study, results, None, &["--site", site.to_str().unwrap()])
}

/// A server under a resource limit (`setrlimit`): `RLIMIT_FSIZE` makes a write past it fail
/// as on a full disk; `RLIMIT_NOFILE`, the usual 1,024 open files.
fn start_limited(
    study: &std::path::Path,
    results: &std::path::Path,
    limit: Option<(libc::__rlimit_resource_t, u64)>,
) -> Server {
    start_with(study, results, limit, &[])
}

fn start_with(
    study: &std::path::Path,
    results: &std::path::Path,
    limit: Option<(libc::__rlimit_resource_t, u64)>,
    more: &[&str],
) -> Server {
    let mut command = Command::new(env!("CARGO_BIN_EXE_glossa"));
    if let Some((resource, most)) = limit {
        use std::os::unix::process::CommandExt;
        // SAFETY: only setrlimit, async-signal-safe, between fork and exec.
        unsafe {
            command.pre_exec(move || {
                let l = libc::rlimit {
                    rlim_cur: most,
                    rlim_max: most,
                };
                if libc::setrlimit(resource, &l) == 0 {
                    Ok(())
                } else {
                    Err(std::io::Error::last_os_error())
                }
            });
        }
    }
    let mut child = command
        .args([
            "serve",
            study.to_str().unwrap(),
            "--collect",
            results.to_str().unwrap(),
            "--port",
            "0",
        ])
        .args(more)
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
    let (_, head) = raw(&addr, &format!("GET / HTTP/1.1\r\nhost: {addr}\r\n\r\n"));
    let token = head
        .split("collect_token=")
        .nth(1)
        .map(|t| t.chars().take_while(char::is_ascii_hexdigit).collect())
        .unwrap_or_default();
    let client = Client {
        addr: addr.clone(),
        token,
    };
    Server {
        child,
        addr,
        client,
    }
}

/// Sends raw bytes; (status, the whole answer as text).
fn raw(addr: &str, text: &str) -> (u16, String) {
    let mut s = TcpStream::connect(addr).unwrap();
    s.write_all(text.as_bytes()).unwrap();
    // (A media file's bytes are not UTF-8: the answer is read as bytes, shown lossily.)
    let mut bytes = Vec::new();
    let _ = s.read_to_end(&mut bytes);
    let out = String::from_utf8_lossy(&bytes).into_owned();
    let status = out
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    (status, out)
}

impl Client {
    /// A request as the server's own pilot sends it (its host, origin and collect token).
    fn request(&self, method: &str, path: &str, body: &str) -> (u16, String) {
        let addr = &self.addr;
        self.with_headers(
            method,
            path,
            body,
            &format!(
                "origin: http://{addr}\r\nx-glossa-token: {}\r\n",
                self.token
            ),
        )
    }

    /// A request with these extra header lines (each ending in CRLF), besides `host`.
    fn with_headers(&self, method: &str, path: &str, body: &str, headers: &str) -> (u16, String) {
        let addr = &self.addr;
        raw(
            addr,
            &format!(
                "{method} {path} HTTP/1.1\r\nhost: {addr}\r\n{headers}content-type: application/json\r\ncontent-length: {}\r\n\r\n{body}",
                body.len()
            ),
        )
    }
}

impl Server {
    fn request(&self, method: &str, path: &str, body: &str) -> (u16, String) {
        self.client.request(method, path, body)
    }
    fn with_headers(&self, method: &str, path: &str, body: &str, headers: &str) -> (u16, String) {
        self.client.with_headers(method, path, body, headers)
    }
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

/// Copies the Italian example's spec and items into `dir/study`; returns `dir`.
fn study_in(dir: std::path::PathBuf) -> std::path::PathBuf {
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
    dir
}

fn study() -> std::path::PathBuf {
    let dir = study_in(std::env::temp_dir().join(format!("glossa-serve-{}", std::process::id())));
    std::fs::write(dir.join("secret.txt"), "not for the web").unwrap();
    // The tutorial's layout: gold and results beside the spec, never to be served.
    std::fs::write(dir.join("study/gold.json"), r#"{"items": []}"#).unwrap();
    std::fs::write(dir.join("study/results.jsonl"), "").unwrap();
    dir
}

/// A fresh study folder of its own for one test (tests run in parallel).
fn study_named(name: &str) -> std::path::PathBuf {
    study_in(
        std::env::temp_dir()
            .join(format!("glossa-serve-{}", std::process::id()))
            .join(name),
    )
}

/// The results file's lines, each parsed (a line that is not JSON fails the test).
fn lines_of(path: &std::path::Path) -> Vec<serde_json::Value> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l:?}: {e}")))
        .collect()
}

#[test]
fn three_participants_resending_in_parallel_leave_each_result_once_even_across_a_restart() {
    let dir = study();
    let results = dir.join("results.jsonl");
    let server = start(&dir.join("study"), &results);
    let threads: Vec<_> = ["p1", "p2", "p3"]
        .into_iter()
        .map(|who| {
            let client = server.client.clone();
            std::thread::spawn(move || {
                let mut statuses = Vec::new();
                for item in ["it-001", "it-002", "it-003"] {
                    // Every result is sent three times, as a flaky connection would.
                    for _ in 0..3 {
                        let (status, _) = client.request(
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
    let (status, _) = server.request(
        "POST",
        "/collect",
        &result("p1", "it-001", "totalmente_sbagliato"),
    );
    assert_eq!(status, 200, "the first result for p1 on it-001 stays");
    let (status, _) = server.request(
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
    let (status, body) = server.request("POST", "/collect", "[1, 2]");
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
    let (status, head) = server.request("GET", "/", "");
    assert_eq!(status, 302);
    assert!(
        head.contains(
            "location: /index.html?spec=study/spec.json&items=study/items.json&post=/collect"
        ),
        "{head}"
    );
    let (status, body) = server.request("GET", "/study/spec.json", "");
    assert_eq!(status, 200);
    assert!(body.contains("implicit-content-it"));
    let (status, body) = server.request("GET", "/www/glossa.js", "");
    assert_eq!(status, 200);
    assert!(body.contains("content-type: text/javascript"), "{body}");
    let (status, _) = server.request("HEAD", "/index.html", "");
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
        let (status, body) = server.request("GET", path, "");
        assert_eq!(status, 404, "{path}: {body}");
    }
    // Gold and results are private, even inside the study folder.
    for path in [
        "/study/gold.json",
        "/study/results.jsonl",
        "/study/./gold.json",
        "/study/%67old.json",
    ] {
        let (status, body) = server.request("GET", path, "");
        assert_eq!(status, 404, "{path}: {body}");
    }
    // No page elsewhere may post: no preflight is answered.
    let (status, head) = server.request("OPTIONS", "/collect", "");
    assert_eq!(status, 405, "{head}");
    assert!(!head.contains("access-control-allow-origin"), "{head}");
}

/// A site with the runner's page and scripts, and the `choice` build's stylesheet when
/// `built` (the state `scripts/build.sh choice` leaves).
fn site_in(dir: &std::path::Path, built: bool) -> std::path::PathBuf {
    let site = dir.join("site");
    std::fs::create_dir_all(site.join("www/pkg/choice")).unwrap();
    std::fs::create_dir_all(site.join("www/hosts")).unwrap();
    for f in [
        "index.html",
        "www/glossa.js",
        "www/first-screen.js",
        "www/hosts/pilot.css",
    ] {
        std::fs::copy(format!("{}/{f}", env!("CARGO_MANIFEST_DIR")), site.join(f)).unwrap();
    }
    if built {
        std::fs::write(
            site.join("www/pkg/choice/glossa.css"),
            ".glossa-option { color: #123456 }\n",
        )
        .unwrap();
    }
    site
}

#[test]
fn the_pilot_page_carries_the_first_screen_once_the_build_is_there_and_runs_without_it_before() {
    let dir =
        study_in(std::env::temp_dir().join(format!("glossa-serve-screen-{}", std::process::id())));
    for built in [false, true] {
        let site = site_in(&dir, built);
        let server = start_on_site(&site, &dir.join("study"), &dir.join("r.jsonl"));
        let (status, page) = server.request("GET", "/index.html", "");
        assert_eq!(status, 200, "{page}");
        assert!(page.contains("id=\"widget\""), "{page}");
        // The Italian example's first item, painted, with the build's stylesheet in the page.
        assert_eq!(page.contains("data-glossa-item="), built, "{page}");
        assert_eq!(page.contains("color: #123456"), built, "{page}");
        std::fs::remove_dir_all(&site).unwrap();
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn only_the_servers_own_pilot_may_post_and_only_results_of_its_study() {
    let dir = study_named("forged");
    let results = dir.join("r.jsonl");
    let server = start(&dir.join("study"), &results);
    let addr = &server.addr;
    let good = result("p1", "it-001", "totalmente_corretto");
    let token = format!("x-glossa-token: {}\r\n", server.client.token);
    // Another local origin (a fetch, or a no-cors text/plain form post), with or without a
    // guessed token; no token at all; a name rebound to this machine (DNS rebinding).
    let forged = [
        format!("origin: http://127.0.0.1:9\r\n{token}"),
        "origin: http://localhost:1234\r\ncontent-type: text/plain\r\n".to_owned(),
        format!("origin: http://{addr}\r\n"),
        format!("origin: http://{addr}\r\nx-glossa-token: 00\r\n"),
        String::new(),
    ];
    for headers in &forged {
        let (status, body) = server.with_headers("POST", "/collect", &good, headers);
        assert_eq!(status, 403, "{headers:?}: {body}");
    }
    let rebound = format!(
        "POST /collect HTTP/1.1\r\nhost: evil.example:{}\r\norigin: http://evil.example:{}\r\n{token}content-length: {}\r\n\r\n{good}",
        addr.rsplit(':').next().unwrap(),
        addr.rsplit(':').next().unwrap(),
        good.len()
    );
    let (status, body) = raw(addr, &rebound);
    assert_eq!(status, 421, "{body}");
    assert_eq!(
        std::fs::read_to_string(&results).unwrap(),
        "",
        "nothing forged is written"
    );
    // Results of another spec, version or an unknown item are refused.
    let other = |p: &str, v: serde_json::Value| {
        let mut r: serde_json::Value = serde_json::from_str(&good).unwrap();
        *r.pointer_mut(p).unwrap() = v;
        r.to_string()
    };
    for (body, why) in [
        (other("/spec/id", "another-study".into()), "spec"),
        (other("/spec/version", "9.9.9".into()), "spec"),
        (other("/item_id", "it-999".into()), "item"),
    ] {
        let (status, answer) = server.request("POST", "/collect", &body);
        assert_eq!(status, 422, "{answer}");
        assert!(answer.contains(why), "{answer}");
    }
    assert_eq!(std::fs::read_to_string(&results).unwrap(), "");
    // The real participant's result, from the pilot, is taken.
    let (status, body) = server.request("POST", "/collect", &good);
    assert_eq!(status, 201, "{body}");
    // A name given with --host is not needed for loopback: localhost passes.
    let local = format!(
        "GET /www/glossa.js HTTP/1.1\r\nhost: localhost:{}\r\n\r\n",
        addr.rsplit(':').next().unwrap()
    );
    assert_eq!(raw(addr, &local).0, 200);
}

#[test]
fn participants_whose_ids_look_alike_are_kept_apart() {
    let dir = study_named("alike");
    let results = dir.join("r.jsonl");
    let server = start(&dir.join("study"), &results);
    let with_ids = |ids: serde_json::Value| {
        serde_json::json!({
            "format": "glossa.result/1",
            "spec": {"id": "implicit-content-it", "version": "1.0.0"},
            "item_id": "it-001",
            "answers": {"valutazione": "totalmente_corretto"},
            "ids": ids,
        })
        .to_string()
    };
    for ids in [
        serde_json::json!({"participant": 101}),
        serde_json::json!({"participant": 202}),
        serde_json::json!({"participant": "101"}),
        serde_json::json!({"participant": "p1&study=s2"}),
        serde_json::json!({"participant": "p1", "study": "s2"}),
    ] {
        let (status, body) = server.request("POST", "/collect", &with_ids(ids.clone()));
        assert_eq!(status, 201, "{ids}: {body}");
    }
    // The same ids in another order are the same participant: a resend.
    let (status, _) = server.request(
        "POST",
        "/collect",
        &with_ids(serde_json::json!({"study": "s2", "participant": "p1"})),
    );
    assert_eq!(status, 200);
    assert_eq!(lines_of(&results).len(), 5);
}

#[test]
fn a_torn_last_line_is_mended_at_start_and_nothing_is_appended_onto_it() {
    let dir = study_named("torn");
    let results = dir.join("r.jsonl");
    let first = result("p1", "it-001", "totalmente_corretto");
    let torn = &result("p2", "it-001", "totalmente_corretto")[..40];
    std::fs::write(&results, format!("{first}\n{torn}")).unwrap();
    let server = start(&dir.join("study"), &results);
    let (status, _) = server.request(
        "POST",
        "/collect",
        &result("p2", "it-001", "totalmente_corretto"),
    );
    assert_eq!(
        status, 201,
        "p2's result was torn, not collected: it is taken now"
    );
    let lines = lines_of(&results);
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[1]["ids"]["participant"], "p2");
    let kept = std::fs::read_to_string(dir.join("r.jsonl.torn")).unwrap();
    assert_eq!(kept, format!("{torn}\n"), "the torn bytes are kept aside");
    drop(server);
    // A whole last result that only lacks its newline keeps its place and gets one.
    let second = result("p3", "it-002", "totalmente_corretto");
    let before = std::fs::read_to_string(&results).unwrap();
    std::fs::write(&results, format!("{before}{second}")).unwrap();
    let server = start(&dir.join("study"), &results);
    let (status, _) = server.request("POST", "/collect", &second);
    assert_eq!(status, 200, "already there");
    let (status, _) = server.request(
        "POST",
        "/collect",
        &result("p4", "it-002", "totalmente_corretto"),
    );
    assert_eq!(status, 201);
    assert_eq!(lines_of(&results).len(), 4);
}

#[test]
fn a_write_the_disk_refuses_is_cut_back_and_answered_5xx() {
    let dir = study_named("full");
    let results = dir.join("r.jsonl");
    let first = result("p1", "it-001", "totalmente_corretto") + "\n";
    std::fs::write(&results, &first).unwrap();
    // Room for one more small result, not for a large one.
    let server = start_limited(
        &dir.join("study"),
        &results,
        Some((libc::RLIMIT_FSIZE, first.len() as u64 + 400)),
    );
    let mut large: serde_json::Value =
        serde_json::from_str(&result("p2", "it-001", "totalmente_corretto")).unwrap();
    large["ids"]["note"] = "x".repeat(2000).into();
    let (status, body) = server.request("POST", "/collect", &large.to_string());
    assert_eq!(status, 503, "{body}");
    assert_eq!(
        std::fs::read_to_string(&results).unwrap(),
        first,
        "nothing of the failed write stays"
    );
    let (status, body) = server.request(
        "POST",
        "/collect",
        &result("p3", "it-001", "totalmente_corretto"),
    );
    assert_eq!(status, 201, "{body}");
    let lines = lines_of(&results);
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[1]["ids"]["participant"], "p3");
    // The refused one, sent again once there is room, is not "already collected".
    drop(server);
    let server = start(&dir.join("study"), &results);
    let (status, _) = server.request("POST", "/collect", &large.to_string());
    assert_eq!(status, 201);
}

#[test]
fn a_results_file_deleted_while_serving_refuses_results_instead_of_losing_them() {
    let dir = study_named("deleted");
    let results = dir.join("r.jsonl");
    let server = start(&dir.join("study"), &results);
    let (status, _) = server.request(
        "POST",
        "/collect",
        &result("p1", "it-001", "totalmente_corretto"),
    );
    assert_eq!(status, 201);
    std::fs::remove_file(&results).unwrap();
    let (status, body) = server.request(
        "POST",
        "/collect",
        &result("p2", "it-001", "totalmente_corretto"),
    );
    assert_eq!(status, 503, "{body}");
    assert!(body.contains("moved or deleted"), "{body}");
    // Moved aside and another file put in its place: not the file opened either.
    std::fs::write(&results, "").unwrap();
    let (status, _) = server.request(
        "POST",
        "/collect",
        &result("p2", "it-001", "totalmente_corretto"),
    );
    assert_eq!(status, 503);
    assert_eq!(std::fs::read_to_string(&results).unwrap(), "");
}

#[test]
fn a_body_over_8_mib_is_answered_413_and_never_read() {
    let dir = study_named("large");
    let server = start(&dir.join("study"), &dir.join("r.jsonl"));
    let head = format!(
        "POST /collect HTTP/1.1\r\nhost: {}\r\norigin: http://{}\r\nx-glossa-token: {}\r\ncontent-length: {}\r\n\r\n",
        server.addr,
        server.addr,
        server.client.token,
        9 << 20
    );
    let (status, body) = raw(&server.addr, &head);
    assert_eq!(status, 413, "{body}");
}

/// A TCP connection to `addr` from the local address `from` (another loopback address: another
/// client to the server).
fn connect_from(from: [u8; 4], addr: &str) -> std::io::Result<TcpStream> {
    use std::os::fd::FromRawFd;
    let port: u16 = addr.rsplit(':').next().unwrap().parse().unwrap();
    let sockaddr = |ip: [u8; 4], port: u16| libc::sockaddr_in {
        sin_family: libc::AF_INET as libc::sa_family_t,
        sin_port: port.to_be(),
        sin_addr: libc::in_addr {
            s_addr: u32::from_ne_bytes(ip),
        },
        sin_zero: [0; 8],
    };
    let len = std::mem::size_of::<libc::sockaddr_in>() as libc::socklen_t;
    // SAFETY: a socket made, bound and connected with valid addresses, then owned by the stream.
    unsafe {
        let fd = libc::socket(libc::AF_INET, libc::SOCK_STREAM, 0);
        if fd < 0 {
            return Err(std::io::Error::last_os_error());
        }
        let stream = TcpStream::from_raw_fd(fd);
        // A server that accepts no more must not hang the test: connect gives up (Linux
        // bounds connect by the send timeout).
        stream.set_write_timeout(Some(std::time::Duration::from_secs(2)))?;
        let local = sockaddr(from, 0);
        if libc::bind(fd, (&raw const local).cast(), len) != 0 {
            return Err(std::io::Error::last_os_error());
        }
        let remote = sockaddr([127, 0, 0, 1], port);
        if libc::connect(fd, (&raw const remote).cast(), len) != 0 {
            return Err(std::io::Error::last_os_error());
        }
        Ok(stream)
    }
}

#[test]
fn a_crowd_of_slow_connections_from_one_place_locks_no_participant_out() {
    let dir = study_named("slow");
    let results = dir.join("r.jsonl");
    let server = start_limited(
        &dir.join("study"),
        &results,
        Some((libc::RLIMIT_NOFILE, 1024)),
    );
    // More connections than the server's 1,024 open files, each sending a byte and then waiting.
    let mut room = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: reading and raising this process's own open-file limit within its hard limit.
    unsafe {
        libc::getrlimit(libc::RLIMIT_NOFILE, &mut room);
        room.rlim_cur = room.rlim_max.min(4096);
        libc::setrlimit(libc::RLIMIT_NOFILE, &room);
    }
    let crowd = (room.rlim_cur as usize).saturating_sub(200).min(1100);
    let mut slow = Vec::new();
    for _ in 0..crowd {
        if let Ok(mut s) = connect_from([127, 0, 0, 2], &server.addr) {
            let _ = s.write_all(b"P");
            slow.push(s);
        }
    }
    assert!(slow.len() > 100, "{} connections made", slow.len());
    // They dribble on: a byte each every second, as a slow-loris client does.
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let dribbler = {
        let stop = std::sync::Arc::clone(&stop);
        std::thread::spawn(move || {
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                for s in &mut slow {
                    let _ = s.write_all(b"O");
                }
                std::thread::sleep(std::time::Duration::from_secs(1));
            }
        })
    };
    // The participant, from elsewhere, is served (the read's bound only keeps a broken server
    // from hanging the test).
    let mut s = TcpStream::connect(&server.addr).unwrap();
    s.set_read_timeout(Some(std::time::Duration::from_secs(120)))
        .unwrap();
    let body = result("p1", "it-001", "totalmente_corretto");
    s.write_all(pilot_post(&server, &body).as_bytes()).unwrap();
    let mut answer = String::new();
    let _ = s.read_to_string(&mut answer);
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    dribbler.join().unwrap();
    assert!(answer.starts_with("HTTP/1.1 201"), "{answer:?}");
    assert_eq!(lines_of(&results).len(), 1);
}

#[test]
fn a_restart_on_the_same_results_file_keeps_the_collect_token_of_the_pages_still_open() {
    let dir = study_named("restart");
    let results = dir.join("r.jsonl");
    let server = start(&dir.join("study"), &results);
    let open_page = server.client.clone();
    assert_eq!(open_page.token.len(), 32);
    let (status, _) = open_page.request(
        "POST",
        "/collect",
        &result("p1", "it-001", "totalmente_corretto"),
    );
    assert_eq!(status, 201);
    // kill -9 (a crash, a reboot), then the same command again, on another port even.
    drop(server);
    let again = start(&dir.join("study"), &results);
    assert_eq!(
        again.client.token, open_page.token,
        "the new pilot address carries the same token"
    );
    // The page opened before the restart posts on with its token, to the new server.
    let page = Client {
        addr: again.addr.clone(),
        token: open_page.token.clone(),
    };
    let (status, body) = page.request(
        "POST",
        "/collect",
        &result("p1", "it-002", "totalmente_corretto"),
    );
    assert_eq!(status, 201, "{body}");
    let (status, _) = page.request(
        "POST",
        "/collect",
        &result("p1", "it-001", "totalmente_corretto"),
    );
    assert_eq!(
        status, 200,
        "a resend after the restart is not written again"
    );
    assert_eq!(lines_of(&results).len(), 2);
    // The token is the results file's: it is kept beside it, for its owner's eyes only.
    let kept = dir.join("r.jsonl.token");
    assert_eq!(
        std::fs::read_to_string(&kept).unwrap().trim(),
        open_page.token
    );
    use std::os::unix::fs::PermissionsExt;
    assert_eq!(
        std::fs::metadata(&kept).unwrap().permissions().mode() & 0o077,
        0
    );
    // Another results file is another collection: another token.
    let other = start(&dir.join("study"), &dir.join("other.jsonl"));
    assert_ne!(other.client.token, open_page.token);
}

/// The request the server's own pilot sends to post `body` (its host, origin and token).
fn pilot_post(server: &Server, body: &str) -> String {
    format!(
        "POST /collect HTTP/1.1\r\nhost: {0}\r\norigin: http://{0}\r\nx-glossa-token: {1}\r\ncontent-length: {2}\r\n\r\n{body}",
        server.addr,
        server.client.token,
        body.len()
    )
}

/// A participant's post, from 127.0.0.1 on a connection of its own, with the read bounded by
/// `within`: the status line, or what came before the bound (nothing: refused or not answered).
fn participant_posts(server: &Server, item: &str, within: std::time::Duration) -> String {
    let mut s = TcpStream::connect(&server.addr).unwrap();
    s.set_read_timeout(Some(within)).unwrap();
    let body = result("p1", item, "totalmente_corretto");
    let _ = s.write_all(pilot_post(server, &body).as_bytes());
    let mut answer = Vec::new();
    let _ = s.read_to_end(&mut answer);
    String::from_utf8_lossy(&answer)
        .lines()
        .next()
        .unwrap_or_default()
        .to_owned()
}

/// Raises this process's open-file limit (its hard limit, at most 8,192); the limit now.
fn more_open_files() -> usize {
    let mut room = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: reading and raising this process's own open-file limit within its hard limit.
    unsafe {
        libc::getrlimit(libc::RLIMIT_NOFILE, &mut room);
        room.rlim_cur = room.rlim_max.min(8192);
        libc::setrlimit(libc::RLIMIT_NOFILE, &room);
    }
    room.rlim_cur as usize
}

#[test]
fn a_reconnecting_crowd_of_slow_clients_from_forty_addresses_locks_no_participant_out() {
    let dir = study_named("crowd");
    let results = dir.join("r.jsonl");
    let server = start_limited(
        &dir.join("study"),
        &results,
        Some((libc::RLIMIT_NOFILE, 1024)),
    );
    let room = more_open_files();
    // 1,100 connections from 40 addresses (about 28 each: under the per-client cap), each
    // sending a head a byte at a time; one that is closed connects again at once.
    let crowd = room.saturating_sub(300).min(1100);
    let from = |k: usize| [127, 0, 0, 2 + (k % 40) as u8];
    let mut slow: Vec<(usize, Option<TcpStream>)> = Vec::new();
    for k in 0..crowd {
        let s = connect_from(from(k), &server.addr).ok();
        if let Some(mut s) = s {
            let _ = s.write_all(b"P");
            slow.push((k, Some(s)));
        }
    }
    assert!(slow.len() > 600, "{} connections made", slow.len());
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let addr = server.addr.clone();
    let dribbler = {
        let stop = std::sync::Arc::clone(&stop);
        std::thread::spawn(move || {
            let mut reconnects = 0usize;
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                for (k, s) in &mut slow {
                    let alive = s.as_mut().is_some_and(|s| s.write_all(b"O").is_ok());
                    if !alive {
                        *s = connect_from(from(*k), &addr).ok();
                        reconnects += 1;
                    }
                }
                std::thread::sleep(std::time::Duration::from_millis(200));
            }
            // Places lost: connections made again, and those the server has closed since.
            let closed = slow
                .iter()
                .filter(|(_, s)| {
                    s.as_ref().is_none_or(|s| {
                        s.set_nonblocking(true).is_ok() && matches!(s.peek(&mut [0u8; 1]), Ok(0))
                    })
                })
                .count();
            reconnects + closed
        })
    };
    // While the crowd is at it, each of a participant's results is collected within 15 s.
    for item in ["it-001", "it-002", "it-003", "it-004"] {
        let answer = participant_posts(&server, item, std::time::Duration::from_secs(15));
        assert!(answer.starts_with("HTTP/1.1 201"), "{item}: {answer:?}");
    }
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let lost = dribbler.join().unwrap();
    assert!(
        lost >= 4,
        "the house was full: the crowd gave way to the participant ({lost})"
    );
    assert_eq!(lines_of(&results).len(), 4);
}

#[test]
fn twelve_hundred_idle_connections_lock_no_participant_out() {
    let dir = study_named("idle");
    let results = dir.join("r.jsonl");
    let server = start_limited(
        &dir.join("study"),
        &results,
        Some((libc::RLIMIT_NOFILE, 1024)),
    );
    let room = more_open_files();
    let idle: Vec<TcpStream> = (0..room.saturating_sub(300).min(1200))
        .filter_map(|k| connect_from([127, 0, 0, 2 + (k % 40) as u8], &server.addr).ok())
        .collect();
    assert!(idle.len() > 600, "{} connections made", idle.len());
    for item in ["it-001", "it-002"] {
        let answer = participant_posts(&server, item, std::time::Duration::from_secs(15));
        assert!(answer.starts_with("HTTP/1.1 201"), "{item}: {answer:?}");
    }
    drop(idle);
    assert_eq!(lines_of(&results).len(), 2);
}

#[test]
fn a_request_whose_client_half_closes_after_sending_it_is_answered() {
    let dir = study_named("half-close");
    let results = dir.join("r.jsonl");
    let server = start(&dir.join("study"), &results);
    let body = result("p1", "it-001", "totalmente_corretto");
    let mut s = TcpStream::connect(&server.addr).unwrap();
    s.set_read_timeout(Some(std::time::Duration::from_secs(60)))
        .unwrap();
    s.write_all(pilot_post(&server, &body).as_bytes()).unwrap();
    s.shutdown(std::net::Shutdown::Write).unwrap();
    let mut answer = String::new();
    let _ = s.read_to_string(&mut answer);
    assert!(answer.starts_with("HTTP/1.1 201"), "{answer:?}");
    assert_eq!(lines_of(&results).len(), 1);
    // A GET the same way.
    let mut s = TcpStream::connect(&server.addr).unwrap();
    s.set_read_timeout(Some(std::time::Duration::from_secs(60)))
        .unwrap();
    write!(
        s,
        "GET /study/spec.json HTTP/1.1\r\nhost: {}\r\n\r\n",
        server.addr
    )
    .unwrap();
    s.shutdown(std::net::Shutdown::Write).unwrap();
    let mut answer = String::new();
    let _ = s.read_to_string(&mut answer);
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer:?}");
}

/// The P.808 example's study (spec, items, its clips) in a folder of its own, with a private
/// file beside the clips.
fn listening_study(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir()
        .join(format!("glossa-serve-{}", std::process::id()))
        .join(name);
    let study = dir.join("study");
    let example = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("www/examples/en-p808-acr");
    std::fs::create_dir_all(study.join("clips")).unwrap();
    for f in ["spec.json", "items.json", "gold.json"] {
        std::fs::copy(example.join(f), study.join(f)).unwrap();
    }
    for e in std::fs::read_dir(example.join("clips")).unwrap().flatten() {
        std::fs::copy(e.path(), study.join("clips").join(e.file_name())).unwrap();
    }
    std::fs::write(study.join("clips/notes.txt"), "not named by an item").unwrap();
    dir
}

#[test]
fn a_listening_studys_clips_are_served_beside_its_items_with_ranges_and_nothing_else_of_the_folder()
{
    let dir = listening_study("listening");
    let clip = std::fs::read(dir.join("study/clips/t1-clean.wav")).unwrap();
    let server = start(&dir.join("study"), &dir.join("r.jsonl"));
    let (status, whole) = server.request("GET", "/study/clips/t1-clean.wav", "");
    assert_eq!(status, 200, "{whole}");
    assert!(whole.contains("content-type: audio/wav"), "{whole}");
    assert!(whole.contains("accept-ranges: bytes"), "{whole}");
    assert!(
        whole.contains(&format!("content-length: {}", clip.len())),
        "{whole}"
    );
    // A player seeking: the part asked for, and where it lies in the file.
    let (status, part) = server.with_headers(
        "GET",
        "/study/clips/t1-clean.wav",
        "",
        "range: bytes=44-51\r\n",
    );
    assert_eq!(status, 206, "{part}");
    assert!(
        part.contains(&format!("content-range: bytes 44-51/{}", clip.len())),
        "{part}"
    );
    assert!(part.contains("content-length: 8"), "{part}");
    let (status, past) = server.with_headers(
        "GET",
        "/study/clips/t1-clean.wav",
        "",
        &format!("range: bytes={}-\r\n", clip.len()),
    );
    assert_eq!(status, 416, "{past}");
    // Only what the items name: not the gold, not another file beside the clips, no way out.
    for path in [
        "/study/gold.json",
        "/study/clips/notes.txt",
        "/study/clips/../gold.json",
        "/study/clips/%2e%2e/gold.json",
        "/study/clips/",
    ] {
        let (status, body) = server.request("GET", path, "");
        assert_eq!(status, 404, "{path}: {body}");
    }
}

#[test]
fn a_study_whose_items_name_a_missing_clip_is_refused_at_start_naming_it() {
    let dir = listening_study("missing-clip");
    std::fs::remove_file(dir.join("study/clips/t1-clean.wav")).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_glossa"))
        .args(["serve", dir.join("study").to_str().unwrap(), "--port", "0"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("clips/t1-clean.wav: no such file"),
        "{stderr}"
    );
}

#[test]
fn an_arabic_studys_pilot_page_is_arabic_and_right_to_left_from_its_first_byte() {
    let dir = std::env::temp_dir()
        .join(format!("glossa-serve-{}", std::process::id()))
        .join("arabic");
    let study = dir.join("study");
    std::fs::create_dir_all(&study).unwrap();
    let root = env!("CARGO_MANIFEST_DIR");
    std::fs::copy(
        format!("{root}/tests/fixtures/ar-spans.json"),
        study.join("spec.json"),
    )
    .unwrap();
    std::fs::copy(
        format!("{root}/tests/fixtures/ar-items.json"),
        study.join("items.json"),
    )
    .unwrap();
    let server = start(&study, &dir.join("r.jsonl"));
    let (status, page) = server.request("GET", "/index.html", "");
    assert_eq!(status, 200);
    assert!(page.contains("<html lang=\"ar\" dir=\"rtl\">"), "{page}");
}
