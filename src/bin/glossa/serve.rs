//! `glossa serve`: a study on this machine for an in-lab pilot — the pilot runner with the
//! study in it, served over HTTP (loopback unless `--host` says otherwise), and each result the
//! pilot posts appended to a JSON Lines file exactly once, on disk before the answer goes back.
//!
//! Paths: `/` opens the pilot on the study (`/?participant=p7` passes the id on);
//! `/study/…` serves the study's spec, items and plan, and the media files its items name
//! (paths relative to the items file, as `glossa host` copies them; with range requests, so a
//! player can seek) — never its gold, its results or anything else in the folder; `/index.html`, its offline worker (`/glossa-offline.js`) and
//! `/www/…` are the Glossa site (nothing else of it: not its sources); `POST /collect` takes a result (see [`crate::collector`]). A path
//! is served only when its real path (symbolic links followed) lies inside the folder it is
//! served from.
//!
//! Only the server's own pilot may post: a request must name this server in its `Host` (an
//! address, or `localhost`: a DNS name rebound to this machine does not pass), come from this
//! server's origin when a browser sends one, and carry the collect token the pilot's address
//! holds (kept beside the results file as `FILE.token`, so a restart orphans no open page). A
//! result of another spec or of an item the study lacks is refused. Each request has a deadline
//! (its head a shorter one), each client address a bounded number of connections, and when
//! every place is taken the connection longest in its head gives way (see
//! [`crate::connections`]: a crowd of slow or idle connections locks no participant out); a
//! request whose client half-closes is answered, and a body over 8 MiB is answered 413.
//!
//! HTTP is hyper's (on tokio): a maintained parser and connection handling, with the guarantees
//! above set around it here — the accept loop counts connections per client before a byte is
//! read, each connection has one request and a deadline for all of it, and a result is appended
//! (and synced) under the collector's lock before its answer is written.

use crate::collector::{Collector, Study, Taken};
use crate::connections::Connections;
use crate::ranges::Asked;
use crate::Outcome;
use http_body_util::{BodyExt, Full, Limited};
use hyper::body::{Bytes, Incoming};
use hyper::header::{HeaderValue, CACHE_CONTROL, CONNECTION, CONTENT_TYPE};
use hyper::{Method, Request, Response, StatusCode};
use hyper_util::rt::{TokioIo, TokioTimer};
use std::io::Read;
use std::net::{IpAddr, TcpListener};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The largest request body taken (a result is a few KB; a long article's spans, a few hundred).
const MAX_BODY: usize = 8 << 20;
/// The largest request head taken (hyper's read buffer: a longer head is refused).
const MAX_HEAD: usize = 64 << 10;
/// How long one request may take to arrive, head and body (a dribbling client is cut off).
const DEADLINE: Duration = Duration::from_secs(30);
/// How long its head may take (a participant's arrives in milliseconds; a silent or dribbling
/// connection is cut off well before the body's deadline).
const HEAD_DEADLINE: Duration = Duration::from_secs(10);
/// Connections open at once from one client address (more are closed at once).
const PER_CLIENT: usize = 32;
/// Connections open at once in all (well under the usual 1,024 open files).
const ALL_CLIENTS: usize = 512;

/// What the server serves and where results go.
struct Site {
    /// Its `www/` (what the pilot page loads).
    www: PathBuf,
    /// Its book, served under `/book/` (`glossa studio`).
    book: Option<PathBuf>,
    /// The study folder's files that are served under `/study/` (spec, items, plan).
    shown: Vec<PathBuf>,
    /// The media files the items name, by their path relative to the items file, each at its
    /// real path (inside the items' folder), served under `/study/` too.
    media: Vec<(String, PathBuf)>,
    /// The pilot's address on this server (`/` redirects there).
    start: String,
    /// The pilot page (`/index.html`): the site's, carrying the study's first screen.
    page: Vec<u8>,
    /// The pilot's offline worker, beside its page (when the site has one).
    offline_worker: Option<PathBuf>,
    /// The results file.
    collect: Option<Mutex<Collector>>,
    /// The token a post must carry (`x-glossa-token`), in the pilot's address.
    token: String,
    /// The names a request's `Host` may give (without the port), and the port.
    names: Names,
    /// Connections open now.
    open: Arc<Connections>,
}

/// What a request's `Host` may name: this server's port on one of its own addresses.
struct Names {
    port: u16,
    /// Bound to a loopback address: only loopback names pass. Otherwise any address passes
    /// (a lab's LAN reaches the machine by an address that is not known here).
    loopback: bool,
    /// The `--host` given, when it is a name (it passes too).
    given: Option<String>,
}

impl Names {
    /// Whether a `Host` header names this server.
    fn accept(&self, host: &str) -> bool {
        let (name, port) = match host.rsplit_once(':') {
            Some((n, p)) if !n.ends_with(':') && !p.contains(']') => (n, p.parse::<u16>().ok()),
            _ => (host, Some(80)),
        };
        if port != Some(self.port) {
            return false;
        }
        let bare = name.trim_start_matches('[').trim_end_matches(']');
        if name.eq_ignore_ascii_case("localhost") || self.given.as_deref() == Some(name) {
            return true;
        }
        match bare.parse::<IpAddr>() {
            Ok(ip) => !self.loopback || ip.is_loopback(),
            Err(_) => false,
        }
    }
}

/// The pilot's address on the study (its spec, items and plan under `/study/`), and those files.
fn start_of(study: &Path) -> Result<(String, Vec<PathBuf>), String> {
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
    let mut shown = vec![spec, items];
    if let Some(plan) = plan {
        start += &format!("&plan=study/{}", name(&plan));
        shown.push(plan);
    }
    let shown = shown
        .iter()
        .map(|p| std::fs::canonicalize(p).map_err(|e| format!("{}: {e}", p.display())))
        .collect::<Result<_, _>>()?;
    Ok((start, shown))
}

/// The site's pilot page with the study's first screen in it (the page as it is when the
/// study does not load or its participants see different first screens: the pilot then says
/// what is wrong, or shows each their own; or when the screen cannot be written, said on
/// standard error).
fn pilot_page(root: &Path, study: &Path) -> Result<String, String> {
    let index = root.join("index.html");
    let page = std::fs::read_to_string(&index).map_err(|e| format!("{}: {e}", index.display()))?;
    let Ok((spec, items, plan)) = crate::files::study_files(study) else {
        return Ok(page);
    };
    let mut files = Vec::new();
    for p in [Some(spec), Some(items), plan].into_iter().flatten() {
        let Ok(text) = std::fs::read_to_string(&p) else {
            return Ok(page);
        };
        let name = p
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        files.push(glossa::study::site::StudyFile { name, text });
    }
    let Ok(items) = glossa::item::parse_items(&files[1].text) else {
        return Ok(page);
    };
    // A screen that cannot be written (the build's stylesheet not built yet: `scripts/build.sh`)
    // leaves the page as it is: the pilot still runs, it only paints later.
    match glossa::study::site::pilot_with_first_screen(
        &crate::host::DirSite(root.to_path_buf()),
        &files,
        &items,
        &glossa::study::site::Screens::Render(glossa::ui::prerender::first_screen_with),
    ) {
        Ok(p) => Ok(p),
        Err(e) => {
            eprintln!("the page is served without its first screen: {e}");
            Ok(page)
        }
    }
}

/// The media files the items name (as `glossa host` copies them): each path relative to the
/// items file, at its real path, which must lie inside the items' folder. A study that does not
/// load has none (the pilot says what is wrong with it); a file that is missing is an error.
fn media_of(study: &Path) -> Result<Vec<(String, PathBuf)>, String> {
    let Ok((spec, items, _)) = crate::files::study_files(study) else {
        return Ok(Vec::new());
    };
    let read = |p: &Path| std::fs::read_to_string(p).unwrap_or_default();
    let Ok((spec, parsed)) = glossa::mount::study(&read(&spec), &read(&items)) else {
        return Ok(Vec::new());
    };
    let dir = items.parent().unwrap_or(study);
    let base = std::fs::canonicalize(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    // A file that cannot be played is served all the same (a pilot tries what participants
    // will meet), and said here.
    for p in crate::media_files::problems(&spec, &parsed, &base) {
        if matches!(p.fault, crate::media_files::Fault::Undecodable(_)) {
            eprintln!("warning: {p}");
        }
    }
    let name = items.file_name().unwrap_or_default().to_string_lossy();
    let mut media = Vec::new();
    for rel in
        glossa::item::media::relative_files(&spec, &parsed).map_err(|e| format!("{name}: {e}"))?
    {
        let real = std::fs::canonicalize(base.join(&rel))
            .ok()
            .filter(|p| p.starts_with(&base) && p.is_file())
            .ok_or_else(|| {
                format!(
                    "{}: no such file (item media are paths relative to the items file)",
                    base.join(&rel).display()
                )
            })?;
        media.push((rel, real));
    }
    Ok(media)
}

/// The spec and items a result must belong to.
fn study_of(study: &Path) -> Result<Study, String> {
    let (spec, items, _) = crate::files::study_files(study)?;
    let read = |p: &Path| std::fs::read_to_string(p).map_err(|e| format!("{}: {e}", p.display()));
    let (spec, items) = glossa::mount::study(&read(&spec)?, &read(&items)?)
        .map_err(|(_, issues)| format!("the study does not load: {}", issues[0]))?;
    Ok(Study {
        spec_id: spec.id,
        version: spec.version,
        items: items.into_iter().map(|i| i.id).collect(),
    })
}

/// A new collect token: 128 bits from the system's randomness (hashing's seed where there is
/// no `/dev/urandom`).
fn new_token() -> String {
    let mut bytes = [0u8; 16];
    let from_system = std::fs::File::open("/dev/urandom")
        .and_then(|mut f| f.read_exact(&mut bytes))
        .is_ok();
    if !from_system {
        use std::hash::{BuildHasher, Hasher};
        for chunk in bytes.chunks_mut(8) {
            let mut h = std::collections::hash_map::RandomState::new().build_hasher();
            h.write_u128(Instant::now().elapsed().as_nanos());
            chunk.copy_from_slice(&h.finish().to_le_bytes());
        }
    }
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The collect token of a results file: the one kept beside it (`FILE.token`, readable by its
/// owner only), else a new one kept there. A restart on the same file — a crash, a reboot, the
/// researcher's Ctrl+C and up-arrow — keeps the token, so the pages still open post on.
fn token_for(results: &Path) -> Result<String, String> {
    let mut name = results.as_os_str().to_owned();
    name.push(".token");
    let path = PathBuf::from(name);
    if let Ok(kept) = std::fs::read_to_string(&path) {
        let kept = kept.trim();
        if kept.len() == 32 && kept.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Ok(kept.to_owned());
        }
    }
    let token = new_token();
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    options
        .open(&path)
        .and_then(|mut f| {
            std::io::Write::write_all(&mut f, format!("{token}\n").as_bytes())?;
            f.sync_all()
        })
        .map_err(|e| format!("{}: cannot keep the collect token: {e}", path.display()))?;
    Ok(token)
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
    let root = crate::site_dir::folder(site)?;
    if !crate::site_dir::is_site(&root) {
        return fail(format!(
            "{}: not a Glossa site (index.html and www/glossa.js): name it with --site",
            root.display()
        ));
    }
    let (mut start, shown) = match start_of(&study_dir) {
        Ok(s) => s,
        Err(e) => return fail(format!("{study}: {e}")),
    };
    let media = match media_of(&study_dir) {
        Ok(m) => m,
        Err(e) => return fail(format!("{study}: {e}")),
    };
    let page = match pilot_page(&root, &study_dir) {
        Ok(p) => p.into_bytes(),
        Err(e) => return fail(e),
    };
    let mut token = new_token();
    let collected = match collect {
        None => None,
        Some(path) => {
            let opened = study_of(&study_dir)
                .map_err(|e| format!("{study}: {e}"))
                .and_then(|s| {
                    Collector::open(Path::new(path), s).map_err(|e| format!("{path}: {e}"))
                });
            match opened.and_then(|c| Ok((c, token_for(Path::new(path))?))) {
                Ok(((c, mended), kept)) => {
                    token = kept;
                    start += &format!("&post=/collect&collect_token={token}");
                    if let Some(m) = mended {
                        eprintln!("{path}: {m}");
                    }
                    eprintln!("{path}: {} result(s) already in it", c.len());
                    Some(Mutex::new(c))
                }
                Err(e) => return fail(e),
            }
        }
    };
    let (listener, names, addr) = match listen(host, port) {
        Ok(l) => l,
        Err(e) => return fail(e),
    };
    println!("Glossa pilot: http://{addr}/  (Ctrl+C to stop)");
    let Ok(www) = std::fs::canonicalize(root.join("www")) else {
        return fail(format!("{}: no www/ folder", root.display()));
    };
    let site = Site {
        www,
        book: None,
        shown,
        media,
        start,
        page,
        offline_worker: std::fs::canonicalize(root.join(glossa::study::site::OFFLINE_WORKER)).ok(),
        collect: collected,
        token,
        names,
        open: Connections::new(PER_CLIENT, ALL_CLIENTS),
    };
    run(listener, site, host, port)
}

/// `glossa studio`: the site's studio, its examples and the book, served on this machine
/// (nothing is collected: the studio writes its folders in the browser).
pub fn studio(site: Option<&str>, host: &str, port: u16) -> Outcome {
    let fail = |message: String| {
        eprintln!("{message}");
        Err(ExitCode::from(2))
    };
    let root = crate::site_dir::folder(site)?;
    let (Ok(www), Ok(page)) = (
        std::fs::canonicalize(root.join("www")),
        std::fs::read(root.join("index.html")),
    ) else {
        return fail(format!("{}: no www/ or index.html", root.display()));
    };
    let book = std::fs::canonicalize(root.join("book")).ok();
    let (listener, names, addr) = match listen(host, port) {
        Ok(l) => l,
        Err(e) => return fail(e),
    };
    println!("Glossa studio: http://{addr}/www/studio.html  (Ctrl+C to stop)");
    println!("  the examples: http://{addr}/index.html");
    if book.is_some() {
        println!("  the book:     http://{addr}/book/");
    }
    let site = Site {
        www,
        book,
        shown: Vec::new(),
        media: Vec::new(),
        start: "/www/studio.html".to_owned(),
        page,
        offline_worker: std::fs::canonicalize(root.join(glossa::study::site::OFFLINE_WORKER)).ok(),
        collect: None,
        token: new_token(),
        names,
        open: Connections::new(PER_CLIENT, ALL_CLIENTS),
    };
    run(listener, site, host, port)
}

/// The listening socket on `host:port`, the names a request may give for it, and its address.
fn listen(host: &str, port: u16) -> Result<(TcpListener, Names, String), String> {
    ignore_file_size_signal();
    let listener = TcpListener::bind((host, port))
        .map_err(|e| format!("cannot listen on {host}:{port}: {e}"))?;
    let addr = listener
        .local_addr()
        .map_or_else(|_| format!("{host}:{port}"), |a| a.to_string());
    let bound = listener.local_addr().ok();
    let names = Names {
        port: bound.map_or(port, |a| a.port()),
        loopback: bound.is_some_and(|a| a.ip().is_loopback()),
        given: host.parse::<IpAddr>().is_err().then(|| host.to_owned()),
    };
    Ok((listener, names, addr))
}

/// Serves until stopped.
fn run(listener: TcpListener, site: Site, host: &str, port: u16) -> Outcome {
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("cannot start the server: {e}");
            return Err(ExitCode::from(2));
        }
    };
    if let Err(e) = runtime.block_on(accept(listener, Arc::new(site))) {
        eprintln!("cannot listen on {host}:{port}: {e}");
        return Err(ExitCode::from(2));
    }
    Ok(ExitCode::SUCCESS)
}

/// A results file over a size limit (`ulimit -f`) gives a write error, not the end of the
/// server: the failed write is cut back and answered 5xx like a full disk.
fn ignore_file_size_signal() {
    #[cfg(unix)]
    // SAFETY: setting a signal's disposition to "ignore" at start, before any thread runs.
    unsafe {
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
    }
}

/// Takes connections until the server is stopped: each counted in by its client before a
/// byte of it is read, served (one request) within the deadline, then counted out.
async fn accept(listener: TcpListener, site: Arc<Site>) -> std::io::Result<()> {
    listener.set_nonblocking(true)?;
    let listener = tokio::net::TcpListener::from_std(listener)?;
    loop {
        let (stream, peer) = match listener.accept().await {
            Ok(c) => c,
            Err(_) => {
                // Out of open files (or a connection gone before it was taken): let some close.
                tokio::time::sleep(Duration::from_millis(10)).await;
                continue;
            }
        };
        let Some(entry) = site.open.enter(peer.ip()) else {
            drop(stream); // too many at once: closed before any byte is read
            continue;
        };
        let site = Arc::clone(&site);
        tokio::spawn(async move {
            let entry = Arc::new(entry);
            let service = {
                let (site, entry) = (Arc::clone(&site), Arc::clone(&entry));
                hyper::service::service_fn(move |request| {
                    entry.head_done();
                    let site = Arc::clone(&site);
                    async move { Ok::<_, std::convert::Infallible>(handle(&site, request).await) }
                })
            };
            let connection = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(HEAD_DEADLINE)
                .keep_alive(false)
                // A client that half-closes after its request (some proxies and tools do)
                // still gets its answer.
                .half_close(true)
                .max_buf_size(MAX_HEAD)
                .serve_connection(TokioIo::new(stream), service);
            // Head within its deadline (counted from the accept, not from a first byte), head
            // and body within theirs, and out when a newcomer needs the place.
            let head = async {
                tokio::time::sleep(HEAD_DEADLINE).await;
                if !entry.in_head() {
                    std::future::pending::<()>().await;
                }
            };
            tokio::select! {
                _ = tokio::time::timeout(DEADLINE, connection) => {}
                () = head => {}
                () = entry.evicted() => {}
            }
        });
    }
}

/// A header's value as text.
fn header<'a>(request: &'a Request<Incoming>, name: &str) -> Option<&'a str> {
    request.headers().get(name).and_then(|v| v.to_str().ok())
}

/// One request (the connection closes after it).
async fn handle(site: &Site, request: Request<Incoming>) -> Response<Full<Bytes>> {
    // HTTP/1.1 names the server in `Host`; an absolute target (a proxy's form) names it there.
    let host = header(&request, "host")
        .map(str::to_owned)
        .or_else(|| request.uri().authority().map(|a| a.to_string()));
    if !host.is_some_and(|h| site.names.accept(&h)) {
        return respond(421, "text/plain", "not this server's name", &[]);
    }
    let path = request.uri().path().to_owned();
    let method = request.method().clone();
    match (&method, path.as_str()) {
        (&Method::POST, "/collect") => {
            let (status, body) = match forged(site, &request) {
                Some(why) => (403, serde_json::json!({ "error": why }).to_string()),
                None => match body_of(request).await {
                    Ok(body) => take_result(site, &body),
                    Err(answer) => return answer,
                },
            };
            respond(status, "application/json", body, &[])
        }
        // The pilot on the study, with the link's own parameters (a participant's id).
        (&Method::GET | &Method::HEAD, "/") => {
            let location = match request.uri().query() {
                Some(query) if !query.is_empty() => format!("{}&{query}", site.start),
                _ => site.start.clone(),
            };
            respond(302, "text/plain", "", &[("location", location)])
        }
        (&Method::GET | &Method::HEAD, _) => {
            // Of the study, its spec, items and plan; of the site, the pilot page and what it
            // loads (`www/`): never the sources, the gold or the results.
            let found = if let Some(rest) = path.strip_prefix("/study/") {
                let name = percent_decode(rest).unwrap_or_default();
                if let Some((_, file)) = site.media.iter().find(|(rel, _)| *rel == name) {
                    return media_file(file, header(&request, "range"));
                }
                site.shown
                    .iter()
                    .find(|f| f.file_name() == Some(name.as_ref()))
                    .cloned()
            } else if let Some(rest) = path.strip_prefix("/www/") {
                inside(&site.www, rest)
            } else if let (Some(rest), Some(book)) = (path.strip_prefix("/book/"), &site.book) {
                inside(book, rest)
            } else if path == "/index.html" {
                return respond(200, "text/html; charset=utf-8", site.page.clone(), &[]);
            } else if path.strip_prefix('/') == Some(glossa::study::site::OFFLINE_WORKER) {
                site.offline_worker.clone()
            } else {
                None
            };
            // (hyper sends a HEAD answer's length without its body.)
            match found.and_then(|f| std::fs::read(&f).ok().map(|b| (f, b))) {
                Some((file, bytes)) => respond(200, content_type(&file), bytes, &[]),
                None => respond(404, "text/plain", "not found", &[]),
            }
        }
        _ => respond(405, "text/plain", "method not allowed", &[]),
    }
}

/// A media file of the study, whole or the part a `Range` header asks for (206), with
/// `Accept-Ranges` so a player knows it may seek.
fn media_file(file: &Path, range: Option<&str>) -> Response<Full<Bytes>> {
    let Ok(bytes) = std::fs::read(file) else {
        return respond(404, "text/plain", "not found", &[]);
    };
    let kind = content_type(file);
    let len = bytes.len() as u64;
    let ranges = ("accept-ranges", "bytes".to_owned());
    match crate::ranges::asked(range, len) {
        Asked::Whole => respond(200, kind, bytes, &[ranges]),
        Asked::Part { start, end } => {
            let part = Bytes::from(bytes).slice(start as usize..=end as usize);
            let content_range = ("content-range", format!("bytes {start}-{end}/{len}"));
            respond(206, kind, part, &[ranges, content_range])
        }
        Asked::Unsatisfiable => respond(
            416,
            "text/plain",
            "range not satisfiable",
            &[ranges, ("content-range", format!("bytes */{len}"))],
        ),
    }
}

/// A post's body, or the answer when it cannot be taken: 413 over [`MAX_BODY`] (named in its
/// `content-length`, never read; or found while reading), 400 when it does not arrive whole.
async fn body_of(request: Request<Incoming>) -> Result<Bytes, Response<Full<Bytes>>> {
    let too_large = || {
        let body = format!(r#"{{"error":"a request body of {MAX_BODY} bytes at most"}}"#);
        respond(413, "application/json", body, &[])
    };
    let named = header(&request, "content-length").map(str::parse::<usize>);
    if matches!(named, Some(Ok(n)) if n > MAX_BODY) {
        return Err(too_large());
    }
    match Limited::new(request.into_body(), MAX_BODY).collect().await {
        Ok(collected) => Ok(collected.to_bytes()),
        Err(e) if e.is::<http_body_util::LengthLimitError>() => Err(too_large()),
        Err(_) => Err(respond(400, "text/plain", "bad request", &[])),
    }
}

/// Why a post is not from this server's own pilot, if it is not: a browser names another
/// origin, or the collect token is missing or wrong.
fn forged(site: &Site, request: &Request<Incoming>) -> Option<&'static str> {
    if let Some(origin) = header(request, "origin") {
        let own = origin
            .strip_prefix("http://")
            .is_some_and(|o| Some(o) == header(request, "host"));
        if !own {
            return Some("results are taken only from this server's own pages");
        }
    }
    (header(request, "x-glossa-token") != Some(site.token.as_str())).then_some(
        "no collect token, or not this server's: open the study from this server's address",
    )
}

/// Appends a posted result unless one with its key is in the file: 201 (appended, and on disk)
/// or 200 (already there); 400 for what is not a result, 422 for a result of another spec or
/// item, 404 without `--collect`, 503 when the file cannot take it (the pilot then keeps it and
/// tries again).
fn take_result(site: &Site, body: &[u8]) -> (u16, String) {
    let Some(collect) = &site.collect else {
        return (
            404,
            r#"{"error":"this server collects no results (start it with --collect FILE)"}"#.into(),
        );
    };
    let taken = collect.lock().unwrap_or_else(|e| e.into_inner()).take(body);
    match taken {
        Taken::Collected => (201, r#"{"status":"collected"}"#.into()),
        Taken::Already => (200, r#"{"status":"already collected"}"#.into()),
        Taken::NotAResult => (
            400,
            r#"{"error":"not a result: a JSON object with an item_id"}"#.into(),
        ),
        Taken::Refused(why) => (422, serde_json::json!({ "error": why }).to_string()),
        Taken::Failed(why) => {
            eprintln!("{why}");
            (503, serde_json::json!({ "error": why }).to_string())
        }
    }
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
        "jpg" | "jpeg" => "image/jpeg",
        "webp" => "image/webp",
        "wav" => "audio/wav",
        "mp3" => "audio/mpeg",
        "ogg" | "opus" => "audio/ogg",
        "m4a" => "audio/mp4",
        "mp4" => "video/mp4",
        "webm" => "video/webm",
        "md" | "txt" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

/// A whole response (the connection closes after it; nothing is cached). Its length is
/// hyper's, from the body (a HEAD answer keeps it and leaves the body out).
fn respond(
    status: u16,
    kind: &'static str,
    body: impl Into<Bytes>,
    extra: &[(&'static str, String)],
) -> Response<Full<Bytes>> {
    let mut response = Response::new(Full::new(body.into()));
    *response.status_mut() =
        StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    let headers = response.headers_mut();
    headers.insert(CONTENT_TYPE, HeaderValue::from_static(kind));
    headers.insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(CONNECTION, HeaderValue::from_static("close"));
    for (k, v) in extra {
        if let Ok(v) = HeaderValue::from_str(v) {
            headers.insert(*k, v);
        }
    }
    response
}
