//! What an operator reads of a running server: `GET /healthz` (the process
//! answers), `GET /readyz` (its stores answer: [`ready`]), `GET /metrics`
//! (Prometheus' text format: [`metrics`], the process's own figures from
//! [`process`]); the client's address behind the proxies it trusts
//! ([`client`]) and the limits kept by it ([`per_address`]).

pub mod client;
pub mod metrics;
pub mod per_address;
pub mod process;
pub mod ready;

use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::{header, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

use super::hub::Hub;
pub use metrics::metrics;
pub use ready::Readiness;

/// What the operator's routes read.
#[derive(Clone)]
pub struct Ops {
    /// The tables, for the gauges read when scraped.
    pub hub: Arc<Hub>,
    /// The stores' readiness.
    pub ready: Arc<Readiness>,
    /// Who may read `/metrics` (`--metrics-from`).
    pub metrics_from: Arc<Vec<client::Network>>,
}

/// `/healthz`, `/readyz` and `/metrics`.
pub fn router(ops: Ops) -> Router {
    Router::new()
        .route("/healthz", get(healthz))
        .route("/readyz", get(readyz))
        .route("/metrics", get(scrape))
        .with_state(ops)
}

/// The code of the online API's answer while the shared store is away.
pub const STORE_AWAY: &str = "store-away";

/// Seconds a client is told to wait before it asks again while the store
/// is away (`Retry-After`).
const RETRY_AFTER: &str = "2";

/// The online API's answer while the shared store (Redis) is away: 503
/// `store-away`, play resumes shortly, ask again (`Retry-After`).
pub fn store_away_answer() -> Response {
    (
        StatusCode::SERVICE_UNAVAILABLE,
        [(header::RETRY_AFTER, RETRY_AFTER)],
        axum::Json(serde_json::json!({
            "code": STORE_AWAY,
            "message": "the online tables' store is away for a moment; online play resumes shortly",
        })),
    )
        .into_response()
}

/// In front of the online API: while Redis refuses this server
/// ([`ready::store_away`]) a request that needs it is answered at once with
/// [`store_away_answer`] rather than wait for the store's time-outs. What
/// needs no store goes through: the keys (`/api/key`, `/api/push/key`), the
/// lobby's stream, the relay's counters, and a table's socket (a table
/// running here answers; its moves are refused with `storage`).
pub async fn store_gate(request: Request, next: Next) -> Response {
    let path = request.uri().path();
    let needs_no_store = matches!(
        path,
        "/api/key" | "/api/push/key" | "/api/lobby" | "/api/relay"
    ) || path.ends_with("/ws");
    if ready::store_away() && !needs_no_store {
        return store_away_answer();
    }
    next.run(request).await
}

fn text(status: StatusCode, body: String) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        body,
    )
        .into_response()
}

async fn healthz() -> Response {
    text(StatusCode::OK, "ok\n".into())
}

async fn readyz(State(ops): State<Ops>) -> Response {
    match ops.ready.check().await {
        Ok(()) => {
            let note = ops.ready.redis_note();
            let lines = note.map(|n| format!("{n}\n")).unwrap_or_default();
            text(StatusCode::OK, format!("ready\n{lines}"))
        }
        Err(reasons) => text(
            StatusCode::SERVICE_UNAVAILABLE,
            format!("not ready\n{}\n", reasons.join("\n")),
        ),
    }
}

async fn scrape(State(ops): State<Ops>, request: Request) -> Response {
    // Only for those `--metrics-from` names (the client's address, which
    // the accept loop puts on every request): a 404, as for any path that
    // is not there, to everyone else.
    let client = request
        .extensions()
        .get::<axum::extract::ConnectInfo<std::net::SocketAddr>>()
        .map(|c| c.0.ip());
    if !client.is_some_and(|ip| ops.metrics_from.iter().any(|n| n.contains(ip))) {
        return text(StatusCode::NOT_FOUND, "not found\n".to_string());
    }
    let m = metrics();
    let (running, relayed) = ops.hub.table_counts();
    m.tables_running
        .set(i64::try_from(running).unwrap_or(i64::MAX));
    m.tables_relayed
        .set(i64::try_from(relayed).unwrap_or(i64::MAX));
    let listening = ops.hub.lobby().subscribers();
    m.lobby_subscribers
        .set(i64::try_from(listening).unwrap_or(i64::MAX));
    let figures = process::read();
    for (gauge, value) in [
        (&m.resident_bytes, figures.resident_bytes),
        (&m.virtual_bytes, figures.virtual_bytes),
        (&m.open_fds, figures.open_fds),
        (&m.max_fds, figures.max_fds),
        (&m.start_time, figures.start_time),
    ] {
        if let Some(v) = value {
            gauge.set(v);
        }
    }
    if let Some(used) = figures.cpu_seconds {
        // A counter only goes up: it is brought to what /proc says.
        let more = used - m.cpu_seconds.get();
        if more > 0.0 {
            m.cpu_seconds.inc_by(more);
        }
    }
    (
        [(
            header::CONTENT_TYPE,
            "text/plain; version=0.0.4; charset=utf-8",
        )],
        m.text(),
    )
        .into_response()
}
