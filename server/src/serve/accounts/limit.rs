//! A per-address rate limit as a tower layer: each client address has a
//! bucket of `burst` requests that refills at `per_minute`; a request with
//! the bucket empty gets 429 `rate-limited` (with `Retry-After`) and goes
//! no further, so a flood of sign-ups, sign-ins or seeks from one address
//! changes nothing. Only requests that change state (`POST`) are counted.

use std::collections::HashMap;
use std::future::Future;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Instant;

use axum::extract::{ConnectInfo, Request};
use axum::http::{header, HeaderValue, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use tower::{Layer, Service};

/// Addresses remembered at most; past it the fullest buckets are forgotten.
const MAX_ADDRESSES: usize = 100_000;

/// The limit: a layer over the routes it guards.
#[derive(Clone)]
pub struct RateLimit {
    buckets: Arc<Mutex<HashMap<IpAddr, Bucket>>>,
    per_minute: f64,
    burst: f64,
}

#[derive(Clone, Copy, Debug)]
struct Bucket {
    tokens: f64,
    at: Instant,
}

impl RateLimit {
    /// `per_minute` requests a minute from one address, `burst` at once
    /// (0 a minute: no limit).
    pub fn new(per_minute: u32, burst: u32) -> RateLimit {
        RateLimit {
            buckets: Arc::new(Mutex::new(HashMap::new())),
            per_minute: f64::from(per_minute),
            burst: f64::from(burst.max(1)),
        }
    }

    /// Takes one request from `address`'s bucket; the seconds to wait when
    /// it is empty.
    fn take(&self, address: IpAddr, now: Instant) -> Result<(), u64> {
        if self.per_minute <= 0.0 {
            return Ok(());
        }
        let mut buckets = self
            .buckets
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if buckets.len() >= MAX_ADDRESSES && !buckets.contains_key(&address) {
            let full = self.burst;
            let rate = self.per_minute / 60.0;
            buckets.retain(|_, b| b.tokens + now.duration_since(b.at).as_secs_f64() * rate < full);
        }
        let bucket = buckets.entry(address).or_insert(Bucket {
            tokens: self.burst,
            at: now,
        });
        let refill = now.duration_since(bucket.at).as_secs_f64() * self.per_minute / 60.0;
        bucket.tokens = (bucket.tokens + refill).min(self.burst);
        bucket.at = now;
        if bucket.tokens >= 1.0 {
            bucket.tokens -= 1.0;
            Ok(())
        } else {
            let wait = (1.0 - bucket.tokens) * 60.0 / self.per_minute;
            Err(wait.ceil() as u64)
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
            if let Err(wait) = self.limit.take(address, Instant::now()) {
                return Box::pin(async move { Ok(limited(wait)) });
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_bucket_empties_and_refills() {
        let limit = RateLimit::new(60, 3);
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        let b: IpAddr = "10.0.0.2".parse().unwrap();
        let t = Instant::now();
        for _ in 0..3 {
            assert_eq!(limit.take(a, t), Ok(()));
        }
        assert_eq!(limit.take(a, t), Err(1));
        assert_eq!(limit.take(b, t), Ok(()), "another address has its own");
        assert_eq!(limit.take(a, t + Duration::from_millis(1100)), Ok(()));
        assert!(limit.take(a, t + Duration::from_millis(1100)).is_err());
        assert_eq!(RateLimit::new(0, 1).take(a, t), Ok(()));
    }
}
