//! `virada serve`: a small static file server for the page.
//!
//! It serves the files under one folder (the repository by default) and
//! nothing else: no directory listings, no hidden files (`.git`, `.ci` …), no
//! path that leaves the folder, whether by `..`, by a percent-encoded `..`, or
//! by a symbolic link. Every answer says `Cache-Control: no-cache`, so a
//! rebuilt wasm package shows on the next reload.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::UNIX_EPOCH;
use tiny_http::{Header, Method, Request, Response, Server, StatusCode};

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
    let server = Server::http((args.host.as_str(), args.port))
        .map_err(|e| format!("cannot listen on {}:{}: {e}", args.host, args.port))?;
    let addr = server
        .server_addr()
        .to_ip()
        .ok_or("the server has no IP address")?;
    println!("Serving {} on http://{addr}/", root.display());
    let _ = std::io::stdout().flush();
    for request in server.incoming_requests() {
        answer(&root, request);
    }
    Ok(ExitCode::SUCCESS)
}

/// Answers one request and logs it as `STATUS METHOD URL` on standard error.
fn answer(root: &Path, request: Request) {
    let method = request.method().clone();
    let url = request.url().to_owned();
    let response = match method {
        Method::Get | Method::Head => match locate(root, &url) {
            Found::File(path) => file_response(&path, &request),
            Found::Folder if path_part(&url).is_ascii() => {
                let target = format!("{}/", path_part(&url));
                page(301, "Moved", "The page moved.").with_header(header("Location", &target))
            }
            Found::Bad => page(400, "Bad request", "The address is not valid."),
            Found::Folder | Found::Missing => page(404, "Not found", "There is no such page here."),
        },
        _ => page(405, "Method not allowed", "Only GET and HEAD are served.")
            .with_header(header("Allow", "GET, HEAD")),
    };
    let status = response.status_code().0;
    eprintln!("{status} {method} {url}");
    // A client that went away is not the server's problem.
    let _ = request.respond(response);
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
    if !raw.starts_with('/') {
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
fn file_response(path: &Path, request: &Request) -> Response<std::io::Cursor<Vec<u8>>> {
    let Ok(body) = fs::read(path) else {
        return page(404, "Not found", "There is no such page here.");
    };
    let modified = fs::metadata(path)
        .and_then(|m| m.modified())
        .ok()
        .and_then(|t| t.duration_since(UNIX_EPOCH).ok())
        .map_or(0, |d| d.as_nanos());
    let etag = format!("\"{:x}-{:x}\"", body.len(), modified);
    let current = request
        .headers()
        .iter()
        .any(|h| h.field.equiv("If-None-Match") && h.value.as_str() == etag);
    let response = if current {
        Response::from_data(Vec::new()).with_status_code(304)
    } else {
        Response::from_data(body)
    };
    with_common_headers(response)
        .with_header(header("Content-Type", media_type(path)))
        .with_header(header("ETag", &etag))
}

/// A small HTML page for an error or a redirect.
fn page(status: u16, title: &str, text: &str) -> Response<std::io::Cursor<Vec<u8>>> {
    let body = format!(
        "<!doctype html>\n<html lang=\"en\"><meta charset=\"utf-8\">\
         <title>{status} {title}</title><h1>{status} {title}</h1><p>{text}</p></html>\n"
    );
    with_common_headers(Response::from_string(body).with_status_code(StatusCode(status)))
        .with_header(header("Content-Type", "text/html; charset=utf-8"))
}

/// The headers every answer carries.
fn with_common_headers<R: std::io::Read>(response: Response<R>) -> Response<R> {
    response
        // Always send Content-Length rather than chunks.
        .with_chunked_threshold(usize::MAX)
        .with_header(header("Server", "virada"))
        .with_header(header("Cache-Control", "no-cache"))
        .with_header(header("X-Content-Type-Options", "nosniff"))
        .with_header(header("Referrer-Policy", "no-referrer"))
        .with_header(header("X-Frame-Options", "DENY"))
        .with_header(header("Cross-Origin-Opener-Policy", "same-origin"))
}

/// A header from two ASCII strings: our own names and values, and request
/// paths already checked to be ASCII (a request line holds no line breaks).
fn header(field: &str, value: &str) -> Header {
    Header::from_bytes(field.as_bytes(), value.as_bytes()).expect("an ASCII header")
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
