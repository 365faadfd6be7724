//! The server's metrics, in Prometheus' text format (`GET /metrics`), from
//! the `prometheus` crate. One set a process: every part of the server
//! counts into it through [`metrics()`]. Names follow Prometheus'
//! conventions: `_total` for counters, the unit in the name, histograms for
//! latencies.

use std::sync::LazyLock;

use prometheus::{
    Encoder as _, Histogram, HistogramOpts, HistogramVec, IntCounter, IntCounterVec, IntGauge,
    Opts, Registry, TextEncoder,
};

/// Buckets for a move and a Redis round trip: 0.5 ms to 5 s.
const LATENCY_BUCKETS: [f64; 14] = [
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
];

/// Every series of this process.
pub struct Metrics {
    registry: Registry,
    /// Tables whose actor runs on this server.
    pub tables_running: IntGauge,
    /// Tables this server relays to the server that runs them.
    pub tables_relayed: IntGauge,
    /// Tables' WebSockets open on this server.
    pub sockets: IntGauge,
    /// Moves kept (a person's, the bot's, a time-out's).
    pub moves: IntCounter,
    /// Moves refused, by the protocol's code.
    pub moves_refused: IntCounterVec,
    /// From a person's move reaching the table to its answer, the move kept.
    pub move_seconds: Histogram,
    /// Pages listening to the lobby on this server.
    pub lobby_subscribers: IntGauge,
    /// Redis round trips, by what they were.
    pub redis_seconds: HistogramVec,
    /// 1 while Redis answers this server's `PING` within 500 ms, else 0
    /// (absent for a server without Redis).
    pub redis_up: IntGauge,
    /// Times Redis stopped answering this server.
    pub redis_outages: IntCounter,
    /// Tables whose lapsed lease this server took over.
    pub takeovers: IntCounter,
    /// Tables handed on to another server, their lease with them.
    pub handovers: IntCounter,
    /// Accounts made.
    pub signups: IntCounter,
    /// Sign-ins with a passkey.
    pub signins: IntCounter,
    /// Seeks posted.
    pub seeks: IntCounter,
    /// Requests refused by a rate limit, by which.
    pub rate_limited: IntCounterVec,
    /// HTTP answers, by status.
    pub responses: IntCounterVec,
}

/// This process's metrics.
pub fn metrics() -> &'static Metrics {
    static METRICS: LazyLock<Metrics> = LazyLock::new(Metrics::new);
    &METRICS
}

impl Metrics {
    fn new() -> Metrics {
        let registry = Registry::new();
        let gauge = |name: &str, help: &str| {
            let g = IntGauge::new(name, help).expect("a valid gauge");
            registry.register(Box::new(g.clone())).expect("one name");
            g
        };
        let counter = |name: &str, help: &str| {
            let c = IntCounter::new(name, help).expect("a valid counter");
            registry.register(Box::new(c.clone())).expect("one name");
            c
        };
        let counters = |name: &str, help: &str, label: &str| {
            let c = IntCounterVec::new(Opts::new(name, help), &[label]).expect("a valid counter");
            registry.register(Box::new(c.clone())).expect("one name");
            c
        };
        let move_seconds = Histogram::with_opts(
            HistogramOpts::new(
                "virada_move_duration_seconds",
                "From a person's move reaching its table to the answer, the move kept",
            )
            .buckets(LATENCY_BUCKETS.to_vec()),
        )
        .expect("a valid histogram");
        registry
            .register(Box::new(move_seconds.clone()))
            .expect("one name");
        let redis_seconds = HistogramVec::new(
            HistogramOpts::new(
                "virada_redis_roundtrip_seconds",
                "Redis round trips of this server, by what they were",
            )
            .buckets(LATENCY_BUCKETS.to_vec()),
            &["op"],
        )
        .expect("a valid histogram");
        registry
            .register(Box::new(redis_seconds.clone()))
            .expect("one name");
        Metrics {
            tables_running: gauge("virada_tables_running", "Tables whose actor runs here"),
            tables_relayed: gauge(
                "virada_tables_relayed",
                "Tables relayed to the server that runs them",
            ),
            sockets: gauge("virada_sockets_open", "Tables' WebSockets open here"),
            moves: counter("virada_moves_total", "Moves kept"),
            moves_refused: counters(
                "virada_moves_refused_total",
                "Moves refused, by the protocol's code",
                "code",
            ),
            move_seconds,
            lobby_subscribers: gauge(
                "virada_lobby_subscribers",
                "Pages listening to the lobby here",
            ),
            redis_seconds,
            redis_up: gauge(
                "virada_redis_up",
                "1 while Redis answers PING within 500 ms (0 without Redis or while it does not)",
            ),
            redis_outages: counter(
                "virada_redis_outages_total",
                "Times Redis stopped answering this server",
            ),
            takeovers: counter(
                "virada_lease_takeovers_total",
                "Tables whose lapsed lease this server took over",
            ),
            handovers: counter(
                "virada_handovers_total",
                "Tables handed on to another server with their lease",
            ),
            signups: counter("virada_signups_total", "Accounts made"),
            signins: counter("virada_signins_total", "Sign-ins with a passkey"),
            seeks: counter("virada_seeks_total", "Seeks posted"),
            rate_limited: counters(
                "virada_rate_limited_total",
                "Requests refused by a rate limit, by which",
                "limit",
            ),
            responses: counters(
                "virada_http_responses_total",
                "HTTP answers, by status",
                "status",
            ),
            registry,
        }
    }

    /// Every series in Prometheus' text format.
    pub fn text(&self) -> String {
        let mut out = Vec::new();
        let _ = TextEncoder::new().encode(&self.registry.gather(), &mut out);
        String::from_utf8(out).unwrap_or_default()
    }
}

/// One open table socket in `virada_sockets_open`, until dropped.
pub struct SocketOpen(());

impl SocketOpen {
    /// Counts one more socket.
    pub fn new() -> SocketOpen {
        metrics().sockets.inc();
        SocketOpen(())
    }
}

impl Default for SocketOpen {
    fn default() -> Self {
        SocketOpen::new()
    }
}

impl Drop for SocketOpen {
    fn drop(&mut self) {
        metrics().sockets.dec();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_series_is_virada_s_and_counted_ones_show() {
        let m = metrics();
        m.moves.inc();
        m.move_seconds.observe(0.003);
        m.responses.with_label_values(&["200"]).inc();
        m.redis_seconds.with_label_values(&["ping"]).observe(0.001);
        m.rate_limited.with_label_values(&["accounts"]).inc();
        m.moves_refused.with_label_values(&["storage"]).inc();
        let text = m.text();
        let names: std::collections::BTreeSet<&str> = text
            .lines()
            .filter_map(|l| l.strip_prefix("# TYPE "))
            .filter_map(|l| l.split_whitespace().next())
            .collect();
        assert!(names.iter().all(|n| n.starts_with("virada_")), "{names:?}");
        assert!(names.len() >= 16, "{names:?}");
        assert!(text.contains("virada_http_responses_total{status=\"200\"} "));
        assert!(text.contains("virada_move_duration_seconds_bucket{le=\"0.005\"} "));
        assert!(text.contains("virada_redis_roundtrip_seconds_count{op=\"ping\"} "));
    }
}
