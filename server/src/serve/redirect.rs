//! The plain http port of a server alone over TLS (`--http-port`): every
//! request is sent to the same path and query on the site's origin over
//! https (301), but ACME's http-01 challenges,
//! `/.well-known/acme-challenge/TOKEN`, which are answered from the folder
//! an ACME client writes them to (`--acme-dir`, certbot's `--webroot`), so
//! that a certificate is renewed while the server runs.

use std::path::PathBuf;
use std::sync::Arc;

use axum::extract::{Path, Request, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

/// Where ACME clients put a challenge's answer, under their webroot.
const CHALLENGES: &str = ".well-known/acme-challenge";

/// What the http port knows.
#[derive(Clone)]
struct Redirect {
    /// The site's origin over https (`https://othello.example`).
    origin: Arc<str>,
    /// The ACME client's webroot, when given.
    acme: Option<Arc<PathBuf>>,
}

/// The http port's router: challenges from `acme` (a webroot), the rest
/// sent to `origin`.
pub fn router(origin: &str, acme: Option<PathBuf>) -> Router {
    let state = Redirect {
        origin: Arc::from(origin.trim_end_matches('/')),
        acme: acme.map(Arc::new),
    };
    Router::new()
        .route(&format!("/{CHALLENGES}/{{token}}"), get(challenge))
        .fallback(to_https)
        .with_state(state)
}

/// 301 to the same path and query at the origin.
async fn to_https(State(state): State<Redirect>, request: Request) -> Response {
    let target = request.uri().path_and_query().map_or("/", |p| p.as_str());
    let location = format!("{}{target}", state.origin);
    match HeaderValue::from_str(&location) {
        Ok(value) => (
            StatusCode::MOVED_PERMANENTLY,
            [(header::LOCATION, value)],
            "This site is served over https.\n",
        )
            .into_response(),
        Err(_) => StatusCode::BAD_REQUEST.into_response(),
    }
}

/// A challenge's answer: the file TOKEN in the webroot's challenge folder.
/// A token is base64url (RFC 8555, 8.3): anything else is not looked up.
async fn challenge(
    State(state): State<Redirect>,
    Path(token): Path<String>,
    request: Request,
) -> Response {
    let Some(root) = state.acme else {
        return to_https(State(state), request).await;
    };
    let plain = !token.is_empty()
        && token
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    if !plain {
        return StatusCode::NOT_FOUND.into_response();
    }
    match tokio::fs::read(root.join(CHALLENGES).join(&token)).await {
        Ok(bytes) => ([(header::CONTENT_TYPE, "application/octet-stream")], bytes).into_response(),
        Err(_) => StatusCode::NOT_FOUND.into_response(),
    }
}
