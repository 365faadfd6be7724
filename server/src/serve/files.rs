//! The site's files: what the site's service worker lists, under one folder
//! (see [`super::site`]), through tower-http's `ServeDir`, and nothing else.
//!
//! A guard in front of `ServeDir` refuses what must never be served: any
//! path the site does not list, no directory listings, no hidden files
//! (`.git`, `.ci` …), no path that leaves the folder, whether by `..`, by a
//! percent-encoded `..`, or by a symbolic link. Every answer says `Cache-Control: no-cache` (a reload revalidates
//! with `If-Modified-Since`, so a rebuilt wasm package shows at once) and
//! carries the same security headers; answers are gzip-compressed for the
//! clients that ask.

use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use axum::extract::{ConnectInfo, MatchedPath, Request, State};
use axum::http::{header, HeaderName, HeaderValue, Method, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::Router;
use tower_http::compression::CompressionLayer;
use tower_http::request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer};
use tower_http::services::ServeDir;
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::timeout::TimeoutLayer;
use tower_http::trace::TraceLayer;

use super::site::{percent_decode, Allowed, Site};

/// The Content-Security-Policy of every answer: scripts, workers, styles
/// and connections from the site alone, no inline script or style, no
/// plugin, no framing by others. WebAssembly needs `'wasm-unsafe-eval'`; the
/// bot thinks in Web Workers (`worker-src`).
const CSP: &str = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; \
    worker-src 'self'; connect-src 'self'; img-src 'self' data: blob:; style-src 'self'; \
    object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'self'";

/// The headers every answer carries. The last three make the pages
/// cross-origin isolated (`crossOriginIsolated`), which the bot's threads
/// need (WebAssembly threads share a `SharedArrayBuffer`): no window of
/// another origin shares their process, and they load nothing from another
/// origin (the site loads nothing from one). The service worker puts the
/// same three on what it answers offline (`sw.js`, `ISOLATION`).
const COMMON_HEADERS: [(&str, &str); 9] = [
    ("content-security-policy", CSP),
    ("server", "virada"),
    ("cache-control", "no-cache"),
    ("x-content-type-options", "nosniff"),
    ("referrer-policy", "no-referrer"),
    ("x-frame-options", "SAMEORIGIN"),
    ("cross-origin-opener-policy", "same-origin"),
    ("cross-origin-embedder-policy", "require-corp"),
    ("cross-origin-resource-policy", "same-origin"),
];

/// The router for the site's files.
pub fn router(site: Arc<Site>, request_timeout: Duration) -> Router {
    let files = ServeDir::new(site.root())
        .append_index_html_on_directories(true)
        .not_found_service(tower::service_fn(|_| async {
            Ok::<_, std::convert::Infallible>(page(
                StatusCode::NOT_FOUND,
                "There is no such page here.",
            ))
        }));
    Router::new()
        .fallback_service(files)
        .layer(middleware::from_fn_with_state(site, guard))
        .layer(CompressionLayer::new().gzip(true))
        .layer(TimeoutLayer::with_status_code(
            StatusCode::REQUEST_TIMEOUT,
            request_timeout,
        ))
}

/// Adds what every answer gets: the common headers, a request id
/// (`X-Request-Id`, kept when the proxy sent one, else made, and given back
/// in the answer), a span that names it around everything the request
/// logs, a log line with the request's fields, its count by status
/// (`virada_http_responses_total`) and its latency by route
/// (`virada_http_request_duration_seconds`).
pub fn with_common_layers(mut app: Router) -> Router {
    app = app.layer(middleware::from_fn(log));
    for (name, value) in COMMON_HEADERS {
        app = app.layer(SetResponseHeaderLayer::overriding(
            HeaderName::from_static(name),
            HeaderValue::from_static(value),
        ));
    }
    // Its own line says each answer's status: the trace layer only
    // opens the span (a 503 from /readyz is no error of the server's).
    app.layer(
        TraceLayer::new_for_http()
            .make_span_with(request_span)
            .on_failure(()),
    )
    .layer(PropagateRequestIdLayer::x_request_id())
    .layer(SetRequestIdLayer::x_request_id(MakeRequestUuid))
}

/// The span of one request: its id.
fn request_span(request: &Request) -> tracing::Span {
    let id = request
        .headers()
        .get("x-request-id")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("-");
    tracing::info_span!("request", id = %id)
}

/// One log line a request, `200 GET /www/main.js`, with its fields
/// (`method`, `path`, `status`, `latency_ms`, `client`, `request_id`), its
/// count by status and its latency by route. The proxy's probes
/// (`/healthz`, `/readyz`, several a second) are logged at debug only.
async fn log(request: Request, next: Next) -> Response {
    let started = std::time::Instant::now();
    let (method, path) = (request.method().clone(), request.uri().path().to_owned());
    let route = request
        .extensions()
        .get::<MatchedPath>()
        .map_or("files", MatchedPath::as_str)
        .to_owned();
    let client = request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|c| c.0.ip().to_string())
        .unwrap_or_default();
    let id = request
        .headers()
        .get("x-request-id")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("-")
        .to_owned();
    let response = next.run(request).await;
    let elapsed = started.elapsed();
    let status = response.status().as_u16();
    let m = super::ops::metrics();
    m.responses
        .with_label_values(&[status.to_string().as_str()])
        .inc();
    m.http_seconds
        .with_label_values(&[route.as_str()])
        .observe(elapsed.as_secs_f64());
    let latency_ms = (elapsed.as_secs_f64() * 1e6).round() / 1e3;
    macro_rules! line {
        ($level:ident) => {
            tracing::$level!(
                method = %method,
                path = %path,
                status,
                latency_ms,
                client = %client,
                request_id = %id,
                "{status} {method} {path}"
            )
        };
    }
    if matches!(path.as_str(), "/healthz" | "/readyz") {
        line!(debug);
    } else {
        line!(info);
    }
    response
}

/// Lets through only `GET` and `HEAD` of a file of the site, really under
/// its root.
async fn guard(State(site): State<Arc<Site>>, request: Request, next: Next) -> Response {
    if !matches!(*request.method(), Method::GET | Method::HEAD) {
        let mut answer = page(
            StatusCode::METHOD_NOT_ALLOWED,
            "Only GET and HEAD are served.",
        );
        answer
            .headers_mut()
            .insert(header::ALLOW, HeaderValue::from_static("GET, HEAD"));
        return answer;
    }
    let path = request.uri().path().to_owned();
    let found = tokio::task::spawn_blocking(move || locate(site.root(), &site.allowed(), &path))
        .await
        .unwrap_or(Found::Missing);
    match found {
        Found::File => next.run(request).await,
        Found::Folder(target) => {
            let mut answer = page(StatusCode::MOVED_PERMANENTLY, "The page moved.");
            if let Ok(value) = HeaderValue::from_str(&target) {
                answer.headers_mut().insert(header::LOCATION, value);
            }
            answer
        }
        Found::Bad => page(StatusCode::BAD_REQUEST, "The address is not valid."),
        Found::Missing => page(StatusCode::NOT_FOUND, "There is no such page here."),
    }
}

/// Where a request's path leads.
#[derive(Debug, PartialEq, Eq)]
enum Found {
    /// A regular file under the root, or a folder with its `index.html`.
    File,
    /// A folder asked for without its trailing slash: where to send the client.
    Folder(String),
    /// A malformed path, or one that tries to leave the root.
    Bad,
    /// Nothing servable there, or nothing the site lists.
    Missing,
}

/// Resolves a request path to what lies under `root` (which is canonical)
/// among the paths `site` allows.
fn locate(root: &Path, site: &Allowed, raw: &str) -> Found {
    // A request target is visible ASCII (anything else is percent-encoded).
    if !raw.starts_with('/') || !raw.bytes().all(|b| b.is_ascii_graphic()) {
        return Found::Bad;
    }
    let Some(decoded) = percent_decode(raw) else {
        return Found::Bad;
    };
    let mut path = root.to_path_buf();
    let mut relative = Vec::new();
    for segment in decoded.split('/') {
        match segment {
            "" | "." => {}
            ".." => return Found::Bad,
            s if s.contains(['\\', '\0', ':']) => return Found::Bad,
            s if s.starts_with('.') => return Found::Missing,
            s => {
                path.push(s);
                relative.push(s);
            }
        }
    }
    // Only the site: a listed file, or a folder whose index is listed (asked
    // with its slash, or without it to be sent there).
    let index = relative.iter().chain(["index.html"].iter()).copied();
    let index = index.collect::<Vec<_>>().join("/");
    let listed = if decoded.ends_with('/') {
        site.allows(&index)
    } else {
        site.allows(&relative.join("/")) || site.allows(&index)
    };
    if !listed {
        return Found::Missing;
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
            return Found::Folder(format!("{raw}/"));
        }
        return if real.join("index.html").is_file() {
            Found::File
        } else {
            Found::Missing
        };
    }
    if real.is_file() {
        Found::File
    } else {
        Found::Missing
    }
}

/// A small HTML page for an error or a redirect.
fn page(status: StatusCode, text: &str) -> Response {
    let code = status.as_u16();
    let title = status.canonical_reason().unwrap_or("");
    let body = format!(
        "<!doctype html>\n<html lang=\"en\"><meta charset=\"utf-8\">\
         <title>{code} {title}</title><h1>{code} {title}</h1><p>{text}</p></html>\n"
    );
    (
        status,
        [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
        Body::from(body),
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refuses_paths_that_leave_the_root_or_are_hidden() {
        let root = std::env::temp_dir().canonicalize().unwrap();
        let site = Allowed::from_list(&[".git/config".into()]);
        assert_eq!(locate(&root, &site, "/../etc/passwd"), Found::Bad);
        assert_eq!(locate(&root, &site, "/%2e%2e/x"), Found::Bad);
        assert_eq!(locate(&root, &site, "/a%5cb"), Found::Bad);
        assert_eq!(locate(&root, &site, "/.git/config"), Found::Missing);
        assert_eq!(locate(&root, &site, "relative"), Found::Bad);
    }

    #[test]
    fn serves_only_what_the_site_lists() {
        let root = std::env::temp_dir().join(format!("virada-files-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        for file in [
            "index.html",
            "a.js",
            "secret.txt",
            "docs/index.html",
            "src/index.html",
        ] {
            let path = root.join(file);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, "x").unwrap();
        }
        let root = root.canonicalize().unwrap();
        let site = Allowed::from_list(&["index.html".into(), "a.js".into(), "docs/".into()]);
        assert_eq!(locate(&root, &site, "/"), Found::File);
        assert_eq!(locate(&root, &site, "/a.js"), Found::File);
        assert_eq!(locate(&root, &site, "/docs/"), Found::File);
        assert_eq!(
            locate(&root, &site, "/docs"),
            Found::Folder("/docs/".into())
        );
        assert_eq!(locate(&root, &site, "/secret.txt"), Found::Missing);
        assert_eq!(locate(&root, &site, "/src/"), Found::Missing);
        assert_eq!(locate(&root, &site, "/src"), Found::Missing);
        assert_eq!(locate(&root, &site, "/a.js/"), Found::Missing);
        std::fs::remove_dir_all(&root).unwrap();
    }
}
