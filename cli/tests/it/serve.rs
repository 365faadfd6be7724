//! `virada serve` over a real socket: files and their media types, the root
//! page, headers, 404s, attempts to read outside the served folder, and only
//! the site served (what its `sw.js` lists), not the repository around it.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

/// A running server on a free port over a scratch folder; killed on drop.
struct Served {
    child: Child,
    port: u16,
    dir: PathBuf,
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// The site's list in the scratch site: every file of it but `unlisted.txt`
/// (and `empty/`), with the folder `docs/` by its index; the hidden file and
/// the link out are listed too, and still never served.
const SCRATCH_WORKER: &str = "// The scratch site's service worker.
const SITE_FILES = [
  'index.html', 'www/main.js', 'www/style.css', 'www/pkg/virada_bg.wasm',
  'favicon.svg', 'data/a%20b.json', 'docs/', '.hidden', 'link.txt',
];
";

/// Lays out `DIR/outside.txt` and `DIR/site/…`, serves `DIR/site`.
fn start(name: &str) -> Served {
    start_with(name, &[])
}

/// As [`start`], with more flags for `virada serve`.
fn start_with(name: &str, flags: &[&str]) -> Served {
    let dir = std::env::temp_dir().join(format!("virada-serve-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let site = dir.join("site");
    for (path, text) in [
        ("outside.txt", "SECRET-OUTSIDE"),
        ("site/index.html", "<!doctype html><title>root page</title>"),
        ("site/www/main.js", "export const x = 1;"),
        ("site/www/style.css", "body{}"),
        ("site/www/pkg/virada_bg.wasm", "\0asm"),
        (
            "site/favicon.svg",
            "<svg xmlns='http://www.w3.org/2000/svg'/>",
        ),
        ("site/data/a b.json", "{}"),
        ("site/docs/index.html", "docs index"),
        ("site/.hidden", "SECRET-HIDDEN"),
        ("site/unlisted.txt", "SECRET-UNLISTED"),
        ("site/sw.js", SCRATCH_WORKER),
    ] {
        let path = dir.join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, text).unwrap();
    }
    std::fs::create_dir_all(site.join("empty")).unwrap();
    #[cfg(unix)]
    std::os::unix::fs::symlink(dir.join("outside.txt"), site.join("link.txt")).unwrap();

    // A data folder of its own: one server a folder (its `serve.lock`), and
    // these tests run side by side.
    let data = dir.join("data");
    let mut all = vec!["--data", data.to_str().unwrap()];
    all.extend_from_slice(flags);
    let (child, port) = spawn(&site, &all);
    Served { child, port, dir }
}

/// `virada serve --port 0 --root ROOT FLAGS…`, and the port it listens on.
fn spawn(root: &Path, flags: &[&str]) -> (Child, u16) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_virada"))
        .args(["serve", "--port", "0", "--new-key", "--root"])
        .arg(root)
        .args(flags)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start virada serve");
    let port = crate::served_port(&mut child);
    (child, port)
}

/// A parsed answer.
struct Answer {
    status: u16,
    headers: Vec<(String, String)>,
    body: String,
}

impl Answer {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// Sends `METHOD TARGET` exactly as written (no client-side normalising).
fn request(served: &Served, method: &str, target: &str, extra: &str) -> Answer {
    let mut stream = TcpStream::connect(("127.0.0.1", served.port)).unwrap();
    write!(
        stream,
        "{method} {target} HTTP/1.1\r\nHost: localhost\r\n{extra}Connection: close\r\n\r\n"
    )
    .unwrap();
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).unwrap();
    let raw = String::from_utf8_lossy(&raw).into_owned();
    let (head, body) = raw.split_once("\r\n\r\n").unwrap_or((&raw, ""));
    let mut lines = head.lines();
    let status = lines
        .next()
        .and_then(|l| l.split(' ').nth(1))
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("bad status line in {raw:?}"));
    let headers = lines
        .filter_map(|l| l.split_once(": "))
        .map(|(k, v)| (k.to_owned(), v.to_owned()))
        .collect();
    Answer {
        status,
        headers,
        body: body.to_owned(),
    }
}

fn get(served: &Served, target: &str) -> Answer {
    request(served, "GET", target, "")
}

#[test]
fn serves_files_with_their_media_types() {
    let served = start("types");
    for (target, media, body) in [
        ("/www/main.js", "text/javascript", "export const x = 1;"),
        ("/www/style.css", "text/css", "body{}"),
        ("/www/pkg/virada_bg.wasm", "application/wasm", "\0asm"),
        ("/favicon.svg", "image/svg+xml", "<svg"),
        ("/data/a%20b.json", "application/json", "{}"),
        ("/index.html", "text/html", "root page"),
        ("/", "text/html", "root page"),
        ("/?lang=en", "text/html", "root page"),
        ("/docs/", "text/html", "docs index"),
    ] {
        let answer = get(&served, target);
        assert_eq!(answer.status, 200, "{target}");
        let content_type = answer.header("Content-Type").unwrap();
        assert!(content_type.starts_with(media), "{target}: {content_type}");
        assert!(answer.body.contains(body), "{target}: {:?}", answer.body);
        assert_eq!(answer.header("Cache-Control"), Some("no-cache"), "{target}");
        assert_eq!(answer.header("X-Content-Type-Options"), Some("nosniff"));
        // Scripts and workers from the site alone, no inline script.
        let csp = answer.header("Content-Security-Policy").unwrap_or_default();
        assert!(
            csp.contains("script-src 'self' 'wasm-unsafe-eval';"),
            "{target}: {csp}"
        );
        assert!(
            csp.contains("worker-src 'self'") && !csp.contains("unsafe-inline"),
            "{csp}"
        );
        // Cross-origin isolated, every file (a worker's script too).
        assert_eq!(
            answer.header("Cross-Origin-Opener-Policy"),
            Some("same-origin")
        );
        assert_eq!(
            answer.header("Cross-Origin-Embedder-Policy"),
            Some("require-corp")
        );
        assert_eq!(
            answer.header("Cross-Origin-Resource-Policy"),
            Some("same-origin")
        );
        assert_eq!(
            answer.header("Content-Length"),
            Some(answer.body.len().to_string().as_str())
        );
    }
}

#[test]
fn head_sends_no_body_and_a_reload_revalidates() {
    let served = start("head");
    let head = request(&served, "HEAD", "/www/main.js", "");
    assert_eq!(head.status, 200);
    assert!(head.body.is_empty());
    let modified = get(&served, "/www/main.js")
        .header("Last-Modified")
        .unwrap()
        .to_owned();
    let again = request(
        &served,
        "GET",
        "/www/main.js",
        &format!("If-Modified-Since: {modified}\r\n"),
    );
    assert_eq!(again.status, 304);
    assert!(again.body.is_empty());
}

#[test]
fn missing_things_are_404_pages() {
    let served = start("missing");
    for target in [
        "/nope.html",
        "/www/nope.js",
        "/empty/",
        "/.hidden",
        "/www/..",
    ] {
        let answer = get(&served, target);
        assert!(
            matches!(answer.status, 400 | 404),
            "{target}: {}",
            answer.status
        );
        assert!(!answer.body.contains("SECRET"), "{target}");
    }
    let answer = get(&served, "/nope.html");
    assert_eq!(answer.status, 404);
    assert!(answer
        .header("Content-Type")
        .unwrap()
        .starts_with("text/html"));
    assert!(answer.body.contains("404"));
}

#[test]
fn folders_redirect_to_their_slash() {
    let served = start("folders");
    let answer = get(&served, "/docs?x=1");
    assert_eq!(answer.status, 301);
    assert_eq!(answer.header("Location"), Some("/docs/"));
}

#[test]
fn nothing_outside_the_root_is_served() {
    let served = start("traversal");
    for target in [
        "/../outside.txt",
        "/www/../../outside.txt",
        "/%2e%2e/outside.txt",
        "/%2E%2E/outside.txt",
        "/www/%2e%2e/%2e%2e/outside.txt",
        "/..%2foutside.txt",
        "/..%2Foutside.txt",
        "/%2e%2e%2foutside.txt",
        "/..%5coutside.txt",
        "/.%2e/outside.txt",
        "//../outside.txt",
        "/link.txt",
        "/%00",
        "/%",
        "/%zz",
        "outside.txt",
    ] {
        let answer = get(&served, target);
        assert!(
            matches!(answer.status, 400 | 404),
            "{target}: {}",
            answer.status
        );
        assert!(!answer.body.contains("SECRET"), "{target}");
    }
}

/// Sends raw bytes and returns the status of the answer, `None` when the
/// server closed the connection without one (a request cut short).
fn raw_status(served: &Served, bytes: &[u8]) -> Option<u16> {
    let mut stream = TcpStream::connect(("127.0.0.1", served.port)).unwrap();
    // The server may answer and close before it has read everything (an
    // oversized head): the rest of the write then fails, which is fine.
    let _ = stream.write_all(bytes);
    let _ = stream.shutdown(std::net::Shutdown::Write);
    let mut raw = Vec::new();
    let _ = stream.read_to_end(&mut raw);
    let raw = String::from_utf8_lossy(&raw);
    if raw.is_empty() {
        return None;
    }
    let status = raw.split(' ').nth(1).and_then(|s| s.parse().ok());
    assert!(status.is_some(), "bad answer {raw:?}");
    status
}

#[test]
fn malformed_requests_get_clear_statuses() {
    let served = start("malformed");
    // Each request with the answers allowed: a 400, or (for bytes no
    // request line may hold, and requests cut short) a closed connection.
    const BAD: &[Option<u16>] = &[Some(400)];
    const BAD_OR_CLOSED: &[Option<u16>] = &[Some(400), None];
    const CLOSED: &[Option<u16>] = &[None];
    for (bytes, allowed) in [
        (&b"garbage\r\n\r\n"[..], BAD),
        (b"GET /index.html\r\n\r\n", BAD),
        // A version other than HTTP/1.x: hyper answers 400.
        (b"GET /index.html HTTP/2.0\r\n\r\n", BAD),
        (b"GET /a\rLocation: x HTTP/1.1\r\n\r\n", BAD),
        (b"GET /caf\xc3\xa9 HTTP/1.1\r\n\r\n", BAD_OR_CLOSED),
        (b"GET /\xff HTTP/1.1\r\n\r\n", BAD_OR_CLOSED),
        (b"GET /index.html HTTP/1.1\r\nHost: x\r\n", CLOSED),
        (b"GET /index.html HTTP/1.1", CLOSED),
        (b"", CLOSED),
    ] {
        let got = raw_status(&served, bytes);
        assert!(
            allowed.contains(&got),
            "{}: {got:?}",
            String::from_utf8_lossy(bytes)
        );
    }
    let mut huge = b"GET /index.html HTTP/1.1\r\nX: ".to_vec();
    huge.extend(std::iter::repeat_n(b'a', 20_000));
    huge.extend(b"\r\n\r\n");
    // 431, unless the close (with the head's rest unread) resets the
    // connection before the answer is read.
    let status = raw_status(&served, &huge);
    assert!(matches!(status, Some(431) | None), "{status:?}");
    // Still serving.
    assert_eq!(get(&served, "/index.html").status, 200);
}

#[test]
fn many_parallel_connections_are_all_answered() {
    let served = start("parallel");
    // Open several connections before any request is sent, as a browser
    // does, then use them in reverse order.
    let streams: Vec<TcpStream> = (0..12)
        .map(|_| TcpStream::connect(("127.0.0.1", served.port)).unwrap())
        .collect();
    for mut stream in streams.into_iter().rev() {
        stream
            .set_read_timeout(Some(std::time::Duration::from_secs(20)))
            .unwrap();
        write!(
            stream,
            "GET /www/main.js HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
        )
        .unwrap();
        let mut raw = String::new();
        stream.read_to_string(&mut raw).unwrap();
        assert!(raw.starts_with("HTTP/1.1 200"), "{raw:?}");
    }
}

#[test]
fn other_methods_are_refused() {
    let served = start("methods");
    let answer = request(&served, "DELETE", "/index.html", "");
    assert_eq!(answer.status, 405);
    assert_eq!(answer.header("Allow"), Some("GET, HEAD"));
    assert!(Path::new(&served.dir.join("site/index.html")).exists());
}

#[test]
fn a_missing_root_is_a_clear_error() {
    let output = Command::new(env!("CARGO_BIN_EXE_virada"))
        .args(["serve", "--port", "0", "--root", "/no/such/folder/here"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let message = String::from_utf8_lossy(&output.stderr);
    assert!(message.contains("cannot serve"), "{message}");
}

#[test]
fn trickled_heads_hold_only_their_own_connections() {
    let served = start_with("trickle", &["--header-timeout", "1"]);
    // Many clients that start a request and never finish its head.
    let mut slow: Vec<TcpStream> = (0..200)
        .map(|_| {
            let mut s = TcpStream::connect(("127.0.0.1", served.port)).unwrap();
            s.write_all(b"GET /index.html HTTP/1.1\r\nHost: x\r\nX-Slow: ")
                .unwrap();
            s
        })
        .collect();
    // Everyone else is still served.
    for _ in 0..5 {
        assert_eq!(get(&served, "/index.html").status, 200);
    }
    // The head's time runs out: the server answers 408 or closes, and the
    // socket reads to its end instead of hanging.
    let first = &mut slow[0];
    first
        .set_read_timeout(Some(std::time::Duration::from_secs(10)))
        .unwrap();
    let mut rest = Vec::new();
    first
        .read_to_end(&mut rest)
        .expect("the server closes a head that never ends");
    let text = String::from_utf8_lossy(&rest);
    assert!(
        text.is_empty() || text.starts_with("HTTP/1.1 408"),
        "{text:?}"
    );
}

#[test]
fn connections_over_the_limit_are_closed_and_the_rest_served() {
    let served = start_with("limit", &["--max-connections", "4"]);
    let idle: Vec<TcpStream> = (0..4)
        .map(|_| TcpStream::connect(("127.0.0.1", served.port)).unwrap())
        .collect();
    // Give the server a moment to take all four.
    std::thread::sleep(std::time::Duration::from_millis(300));
    let mut over = TcpStream::connect(("127.0.0.1", served.port)).unwrap();
    over.set_read_timeout(Some(std::time::Duration::from_secs(10)))
        .unwrap();
    let _ = write!(over, "GET /index.html HTTP/1.1\r\nHost: x\r\n\r\n");
    let mut raw = Vec::new();
    let _ = over.read_to_end(&mut raw);
    assert!(raw.is_empty(), "answered over the limit: {raw:?}");
    drop(idle);
    std::thread::sleep(std::time::Duration::from_millis(300));
    assert_eq!(get(&served, "/index.html").status, 200);
}

#[test]
fn files_the_site_does_not_list_are_404() {
    let served = start("unlisted");
    let answer = get(&served, "/unlisted.txt");
    assert_eq!(answer.status, 404);
    assert!(answer.body.contains("There is no such page here."));
    assert!(!answer.body.contains("SECRET"));
    assert_eq!(get(&served, "/sw.js").status, 200);
}

/// The repository's root (the CLI crate lives in `cli/`).
fn repository() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the crate has a parent folder")
        .to_path_buf()
}

#[test]
fn the_repository_serves_its_site_and_nothing_else() {
    let root = repository();
    // A module of the site, whatever its name: the first `www/….js` the
    // service worker lists (outside the generated packages).
    let worker = std::fs::read_to_string(root.join("sw.js")).unwrap();
    let module = worker
        .lines()
        .filter_map(|line| line.trim().strip_prefix('\'')?.strip_suffix("',"))
        .find(|s| s.starts_with("www/") && s.ends_with(".js") && !s.contains("pkg"))
        .expect("sw.js lists a module under www/");
    let dir = std::env::temp_dir().join(format!("virada-serve-{}-repository", std::process::id()));
    let data = dir.join("data");
    let (child, port) = spawn(&root, &["--data", data.to_str().unwrap()]);
    let served = Served { child, port, dir };
    for target in ["/", "/index.html", "/sw.js", &format!("/{module}")] {
        assert_eq!(get(&served, target).status, 200, "{target}");
    }
    for target in [
        "/crate/Cargo.toml",
        "/Cargo.toml",
        "/docs/server.md",
        "/Makefile",
        "/README.md",
        "/tests/",
        "/tests",
        "/scripts/setup.sh",
        "/server/src/serve/files.rs",
        "/www/",
    ] {
        let answer = get(&served, target);
        assert_eq!(answer.status, 404, "{target}");
        assert!(
            answer.body.contains("There is no such page here."),
            "{target}"
        );
    }
}
