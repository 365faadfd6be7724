//! `virada serve`: a small static file server for the page, on `std::net`
//! (a thread a connection, one request a connection).
//!
//! It serves the files under one folder (the repository by default) and
//! nothing else: no directory listings, no hidden files (`.git`, `.ci` …), no
//! path that leaves the folder, whether by `..`, by a percent-encoded `..`, or
//! by a symbolic link. Every answer says `Cache-Control: no-cache`, so a
//! rebuilt wasm package shows on the next reload.

use std::fs;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, UNIX_EPOCH};

/// Connections served at once; more get `503`.
const MAX_CONNECTIONS: usize = 64;
/// The longest request head read (request line and headers).
const MAX_HEAD: u64 = 16 * 1024;
/// How long a connection may sit idle while reading or writing.
const IDLE: Duration = Duration::from_secs(15);

/// Arguments of `virada serve`.
#[derive(clap::Args)]
pub struct Args {
    /// The port to listen on (0 picks a free one; the first line printed
    /// names it).
    #[arg(long, default_value_t = 8000)]
    port: u16,
    /// The folder to serve.
    #[arg(long, default_value = ".")]
    root: PathBuf,
    /// The address to listen on.
    #[arg(long, default_value = "127.0.0.1")]
    host: String,
}

/// Serves until killed. The first line on standard output is
/// `Serving ROOT on http://HOST:PORT/`.
pub fn run(args: Args) -> Result<ExitCode, String> {
    let root = args
        .root
        .canonicalize()
        .map_err(|e| format!("cannot serve {}: {e}", args.root.display()))?;
    if !root.is_dir() {
        return Err(format!("cannot serve {}: not a folder", root.display()));
    }
    let listener = TcpListener::bind((args.host.as_str(), args.port))
        .map_err(|e| format!("cannot listen on {}:{}: {e}", args.host, args.port))?;
    let addr = listener
        .local_addr()
        .map_err(|e| format!("cannot read the listening address: {e}"))?;
    println!("Serving {} on http://{addr}/", root.display());
    let _ = std::io::stdout().flush();
    let root = Arc::new(root);
    let open = Arc::new(AtomicUsize::new(0));
    for stream in listener.incoming() {
        let Ok(stream) = stream else { continue };
        if open.fetch_add(1, Ordering::AcqRel) >= MAX_CONNECTIONS {
            let _ = send(stream, "GET", page(503, "Busy", "Too many connections."));
            open.fetch_sub(1, Ordering::AcqRel);
            continue;
        }
        let (root, open) = (Arc::clone(&root), Arc::clone(&open));
        std::thread::spawn(move || {
            connection(&root, stream);
            open.fetch_sub(1, Ordering::AcqRel);
        });
    }
    Ok(ExitCode::SUCCESS)
}

/// One request on one connection, then the connection closes (simple, and
/// no browser waits on a kept-alive socket).
fn connection(root: &Path, stream: TcpStream) {
    let _ = stream.set_read_timeout(Some(IDLE));
    let _ = stream.set_write_timeout(Some(IDLE));
    let Ok(reader) = stream.try_clone() else {
        return;
    };
    let request = read_head(BufReader::new(reader.take(MAX_HEAD)));
    let (method, url, response) = match request {
        Ok(request) => {
            let response = answer(root, &request);
            (request.method, request.url, response)
        }
        Err(status) => (
            "?".to_owned(),
            "?".to_owned(),
            page(status, reason(status), "The request is not valid."),
        ),
    };
    eprintln!("{} {method} {url}", response.status);
    // A client that went away is not the server's problem.
    let _ = send(stream, &method, response);
}

/// What the server needs of a request.
struct Request {
    method: String,
    url: String,
    if_none_match: Option<String>,
}

/// Reads the request line and headers; an error is the status to answer.
fn read_head(mut reader: impl BufRead) -> Result<Request, u16> {
    let mut line = String::new();
    let mut used = 0;
    let mut read_line = |reader: &mut dyn BufRead, line: &mut String| -> Result<(), u16> {
        line.clear();
        let n = reader.read_line(line).map_err(|_| 400_u16)?;
        used += n as u64;
        match n {
            0 => Err(400),
            _ if line.ends_with('\n') => Ok(()),
            // Cut off by the size limit, or by the client.
            _ if used >= MAX_HEAD => Err(431),
            _ => Err(400),
        }
    };
    read_line(&mut reader, &mut line)?;
    let mut parts = line.trim_end().split(' ');
    let (Some(method), Some(url), Some(version), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(400);
    };
    if !matches!(version, "HTTP/1.0" | "HTTP/1.1") {
        return Err(505);
    }
    let (method, url) = (method.to_owned(), url.to_owned());
    let mut if_none_match = None;
    loop {
        read_line(&mut reader, &mut line)?;
        let header = line.trim_end();
        if header.is_empty() {
            break;
        }
        if let Some((name, value)) = header.split_once(':') {
            if name.eq_ignore_ascii_case("if-none-match") {
                if_none_match = Some(value.trim().to_owned());
            }
        }
    }
    Ok(Request {
        method,
        url,
        if_none_match,
    })
}

/// An answer to send.
struct Response {
    status: u16,
    headers: Vec<(&'static str, String)>,
    body: Vec<u8>,
}

impl Response {
    fn with_header(mut self, name: &'static str, value: &str) -> Response {
        self.headers.push((name, value.to_owned()));
        self
    }
}

/// Writes the answer (no body for `HEAD` and `304`) and closes.
fn send(mut stream: TcpStream, method: &str, response: Response) -> std::io::Result<()> {
    let mut head = format!(
        "HTTP/1.1 {} {}\r\nContent-Length: {}\r\nConnection: close\r\n",
        response.status,
        reason(response.status),
        response.body.len()
    );
    for (name, value) in &response.headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str("\r\n");
    stream.write_all(head.as_bytes())?;
    if method != "HEAD" && response.status != 304 {
        stream.write_all(&response.body)?;
    }
    stream.flush()?;
    stream.shutdown(std::net::Shutdown::Write)?;
    // Read what the client still sends before closing, so that the answer
    // is not lost to a reset (a "lingering close").
    stream.set_read_timeout(Some(Duration::from_secs(2)))?;
    let _ = std::io::copy(&mut stream.take(1 << 20), &mut std::io::sink());
    Ok(())
}

/// The reason phrase of the statuses this server sends.
fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        301 => "Moved Permanently",
        304 => "Not Modified",
        400 => "Bad Request",
        404 => "Not Found",
        405 => "Method Not Allowed",
        431 => "Request Header Fields Too Large",
        503 => "Service Unavailable",
        505 => "HTTP Version Not Supported",
        _ => "",
    }
}

/// The answer to one well-formed request.
fn answer(root: &Path, request: &Request) -> Response {
    let url = request.url.as_str();
    match request.method.as_str() {
        "GET" | "HEAD" => match locate(root, url) {
            Found::File(path) => file_response(&path, request.if_none_match.as_deref()),
            Found::Folder => {
                let target = format!("{}/", path_part(url));
                page(301, "Moved", "The page moved.").with_header("Location", &target)
            }
            Found::Bad => page(400, "Bad request", "The address is not valid."),
            Found::Missing => page(404, "Not found", "There is no such page here."),
        },
        _ => page(405, "Method not allowed", "Only GET and HEAD are served.")
            .with_header("Allow", "GET, HEAD"),
    }
}

/// Where a request's path leads.
#[derive(Debug, PartialEq, Eq)]
enum Found {
    /// A regular file under the root.
    File(PathBuf),
    /// A folder asked for without its trailing slash.
    Folder,
    /// A malformed path, or one that tries to leave the root.
    Bad,
    /// Nothing servable there.
    Missing,
}

/// The URL without its query and fragment.
fn path_part(url: &str) -> &str {
    let end = url.find(['?', '#']).unwrap_or(url.len());
    &url[..end]
}

/// Resolves a request URL to a file under `root` (which is canonical).
fn locate(root: &Path, url: &str) -> Found {
    let raw = path_part(url);
    // A request target is visible ASCII (anything else is percent-encoded).
    if !raw.starts_with('/') || !raw.bytes().all(|b| b.is_ascii_graphic()) {
        return Found::Bad;
    }
    let Some(decoded) = percent_decode(raw) else {
        return Found::Bad;
    };
    let mut path = root.to_path_buf();
    for segment in decoded.split('/') {
        match segment {
            "" | "." => {}
            ".." => return Found::Bad,
            s if s.contains(['\\', '\0', ':']) => return Found::Bad,
            s if s.starts_with('.') => return Found::Missing,
            s => path.push(s),
        }
    }
    // Symbolic links may point anywhere: only what really lies under the
    // root is served.
    let Ok(real) = path.canonicalize() else {
        return Found::Missing;
    };
    if !real.starts_with(root) {
        return Found::Missing;
    }
    if real.is_dir() {
        if !decoded.ends_with('/') {
            return Found::Folder;
        }
        let index = real.join("index.html");
        return if index.is_file() {
            Found::File(index)
        } else {
            Found::Missing
        };
    }
    if real.is_file() {
        Found::File(real)
    } else {
        Found::Missing
    }
}

/// Decodes `%XX` escapes; `None` for a broken escape or text that is not
/// UTF-8.
fn percent_decode(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = bytes.get(i + 1..i + 3)?;
            let hex = std::str::from_utf8(hex).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// The media type of a file, by its extension.
fn media_type(path: &Path) -> &'static str {
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    match ext.as_deref() {
        Some("html" | "htm") => "text/html; charset=utf-8",
        Some("js" | "mjs") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("json" | "map") => "application/json",
        Some("webmanifest") => "application/manifest+json",
        Some("wasm") => "application/wasm",
        Some("svg") => "image/svg+xml",
        Some("png") => "image/png",
        Some("ico") => "image/x-icon",
        Some("jpg" | "jpeg") => "image/jpeg",
        Some("webp") => "image/webp",
        Some("woff2") => "font/woff2",
        Some("ogg") => "audio/ogg",
        Some("mp3") => "audio/mpeg",
        Some("wav") => "audio/wav",
        Some("txt" | "md" | "toml" | "obf" | "ggf") => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

/// A file's contents, or `304 Not Modified` when the client's copy is current.
fn file_response(path: &Path, if_none_match: Option<&str>) -> Response {
    let Ok(body) = fs::read(path) else {
        return page(404, "Not found", "There is no such page here.");
    };
    let modified = fs::metadata(path)
        .and_then(|m| m.modified())
        .ok()
        .and_then(|t| t.duration_since(UNIX_EPOCH).ok())
        .map_or(0, |d| d.as_nanos());
    let etag = format!("\"{:x}-{:x}\"", body.len(), modified);
    let status = if if_none_match == Some(etag.as_str()) {
        304
    } else {
        200
    };
    with_common_headers(Response {
        status,
        headers: vec![("Content-Type", media_type(path).to_owned())],
        body,
    })
    .with_header("ETag", &etag)
}

/// A small HTML page for an error or a redirect.
fn page(status: u16, title: &str, text: &str) -> Response {
    let body = format!(
        "<!doctype html>\n<html lang=\"en\"><meta charset=\"utf-8\">\
         <title>{status} {title}</title><h1>{status} {title}</h1><p>{text}</p></html>\n"
    );
    with_common_headers(Response {
        status,
        headers: vec![("Content-Type", "text/html; charset=utf-8".to_owned())],
        body: body.into_bytes(),
    })
}

/// The headers every answer carries.
fn with_common_headers(response: Response) -> Response {
    response
        .with_header("Server", "virada")
        .with_header("Cache-Control", "no-cache")
        .with_header("X-Content-Type-Options", "nosniff")
        .with_header("Referrer-Policy", "no-referrer")
        .with_header("X-Frame-Options", "SAMEORIGIN")
        .with_header("Cross-Origin-Opener-Policy", "same-origin")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_escapes_and_rejects_broken_ones() {
        assert_eq!(percent_decode("/a%20b/%2e%2E").as_deref(), Some("/a b/.."));
        assert_eq!(percent_decode("/caf%C3%A9").as_deref(), Some("/café"));
        assert_eq!(percent_decode("/%"), None);
        assert_eq!(percent_decode("/%2"), None);
        assert_eq!(percent_decode("/%zz"), None);
        assert_eq!(percent_decode("/%ff"), None);
    }

    #[test]
    fn names_media_types() {
        assert_eq!(media_type(Path::new("x.wasm")), "application/wasm");
        assert_eq!(
            media_type(Path::new("a/b.MJS")),
            "text/javascript; charset=utf-8"
        );
        assert_eq!(media_type(Path::new("favicon.svg")), "image/svg+xml");
        assert_eq!(media_type(Path::new("LICENSE")), "application/octet-stream");
    }

    #[test]
    fn strips_query_and_fragment() {
        assert_eq!(path_part("/index.html?lang=en#top"), "/index.html");
        assert_eq!(path_part("/?lang=en"), "/");
        assert_eq!(path_part("/www/x.js"), "/www/x.js");
    }
}
