//! A per-address rate limit as a tower layer: each client address may make
//! a burst of `burst` requests, then `per_minute` a minute (governor's
//! GCRA, `ops::per_address`); a request past it gets 429 `rate-limited`
//! (with `Retry-After`) and goes no further, so a flood of sign-ups,
//! sign-ins or seeks from one address changes nothing. Only requests that
//! change state (`POST`) are counted.

use std::future::Future;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use axum::extract::{ConnectInfo, Request};
use axum::http::{header, HeaderValue, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use tower::{Layer, Service};

use super::super::ops::per_address::PerAddress;

/// The limit: a layer over the routes it guards.
#[derive(Clone)]
pub struct RateLimit {
    limit: Arc<PerAddress>,
}

impl RateLimit {
    /// `per_minute` requests a minute from one address, `burst` at once
    /// (0 a minute: no limit).
    pub fn new(per_minute: u32, burst: u32) -> RateLimit {
        let every = (per_minute > 0).then(|| Duration::from_secs(60) / per_minute);
        RateLimit {
            limit: Arc::new(PerAddress::new(burst.max(1), every)),
        }
    }
}

impl<S> Layer<S> for RateLimit {
    type Service = Limited<S>;

    fn layer(&self, inner: S) -> Limited<S> {
        Limited {
            inner,
            limit: self.clone(),
        }
    }
}

/// A service behind the limit.
#[derive(Clone)]
pub struct Limited<S> {
    inner: S,
    limit: RateLimit,
}

impl<S> Service<Request> for Limited<S>
where
    S: Service<Request, Response = Response> + Send + 'static,
    S::Future: Send + 'static,
{
    type Response = Response;
    type Error = S::Error;
    type Future = Pin<Box<dyn Future<Output = Result<Response, S::Error>> + Send>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), S::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: Request) -> Self::Future {
        let address = request
            .extensions()
            .get::<ConnectInfo<SocketAddr>>()
            .map(|ConnectInfo(peer)| peer.ip());
        if let (true, Some(address)) = (request.method() == Method::POST, address) {
            if let Err(wait) = self.limit.limit.take(address) {
                super::super::ops::metrics()
                    .rate_limited
                    .with_label_values(&["accounts"])
                    .inc();
                let seconds = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
                return Box::pin(async move { Ok(limited(seconds)) });
            }
        }
        Box::pin(self.inner.call(request))
    }
}

/// The answer past the limit.
fn limited(wait: u64) -> Response {
    let mut response = super::refusal(
        StatusCode::TOO_MANY_REQUESTS,
        "rate-limited",
        "too many requests from this address; try again shortly",
    )
    .into_response();
    if let Ok(value) = HeaderValue::from_str(&wait.max(1).to_string()) {
        response.headers_mut().insert(header::RETRY_AFTER, value);
    }
    response
}
