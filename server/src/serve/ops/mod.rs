//! What an operator reads of a running server: `GET /healthz` (the process
//! answers), `GET /readyz` (its stores answer: [`ready`]), `GET /metrics`
//! (Prometheus' text format: [`metrics`]); the client's address behind
//! the proxies it trusts ([`client`]) and the limits kept by it
//! ([`per_address`]).

pub mod client;
pub mod metrics;
pub mod per_address;
pub mod ready;

use std::sync::Arc;

use axum::extract::State;
use axum::http::{header, StatusCode};
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
}

/// `/healthz`, `/readyz` and `/metrics`.
pub fn router(ops: Ops) -> Router {
    Router::new()
        .route("/healthz", get(healthz))
        .route("/readyz", get(readyz))
        .route("/metrics", get(scrape))
        .with_state(ops)
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
        Ok(()) => text(StatusCode::OK, "ready\n".into()),
        Err(reasons) => text(
            StatusCode::SERVICE_UNAVAILABLE,
            format!("not ready\n{}\n", reasons.join("\n")),
        ),
    }
}

async fn scrape(State(ops): State<Ops>) -> Response {
    let m = metrics();
    let (running, relayed) = ops.hub.table_counts();
    m.tables_running
        .set(i64::try_from(running).unwrap_or(i64::MAX));
    m.tables_relayed
        .set(i64::try_from(relayed).unwrap_or(i64::MAX));
    let listening = ops.hub.lobby().subscribers();
    m.lobby_subscribers
        .set(i64::try_from(listening).unwrap_or(i64::MAX));
    (
        [(
            header::CONTENT_TYPE,
            "text/plain; version=0.0.4; charset=utf-8",
        )],
        m.text(),
    )
        .into_response()
}
