//! The server's metrics, in Prometheus' text format (`GET /metrics`), from
//! the `prometheus` crate. One set a process: every part of the server
//! counts into it through [`metrics()`]. Names follow Prometheus'
//! conventions: `_total` for counters, the unit in the name, histograms for
//! latencies. The Redis series are registered only by a server over Redis
//! ([`Metrics::with_redis`]): a server alone exports none, so that an alert
//! on them never fires for a site that has no Redis. The `process_*` series
//! are read from `/proc` when scraped (`super::process`).

use std::sync::{LazyLock, Once};

use super::super::protocol::Code;

use prometheus::{
    Counter, Encoder as _, Gauge, Histogram, HistogramOpts, HistogramVec, IntCounter,
    IntCounterVec, IntGauge, IntGaugeVec, Opts, Registry, TextEncoder,
};

/// Buckets for a move and a Redis round trip: 0.5 ms to 5 s.
const LATENCY_BUCKETS: [f64; 14] = [
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
];

/// The rate limits, as `virada_rate_limited_total`'s `limit` label names
/// them: the accounts' requests, a table's socket messages, tables opened.
const RATE_LIMITS: [&str; 3] = ["accounts", "socket", "tables"];

/// Why a person's move may be refused, as `virada_moves_refused_total`'s
/// `code` label names it.
const MOVE_REFUSALS: [Code; 7] = [
    Code::NotYourTurn,
    Code::StalePly,
    Code::Illegal,
    Code::Over,
    Code::NotStarted,
    Code::NotSeated,
    Code::Storage,
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
    /// From a request's head to its answer's, by the route it matched.
    pub http_seconds: HistogramVec,
    /// Lease renewals Redis did not take (an error or a time-out).
    pub lease_renewals_failed: IntCounter,
    /// 1, labelled with the build's version and commit.
    pub build_info: IntGaugeVec,
    /// The process's resident memory, bytes.
    pub resident_bytes: Gauge,
    /// The process's virtual memory, bytes.
    pub virtual_bytes: Gauge,
    /// The process's open file descriptors.
    pub open_fds: Gauge,
    /// The most file descriptors the process may open.
    pub max_fds: Gauge,
    /// When the process started, seconds since 1970.
    pub start_time: Gauge,
    /// CPU time the process used, user and system, seconds.
    pub cpu_seconds: Counter,
    /// Registers the Redis series, once.
    redis_once: Once,
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
        let http_seconds = HistogramVec::new(
            HistogramOpts::new(
                "virada_http_request_duration_seconds",
                "From a request's head to its answer's head, by the route it matched",
            )
            .buckets(LATENCY_BUCKETS.to_vec()),
            &["route"],
        )
        .expect("a valid histogram");
        registry
            .register(Box::new(http_seconds.clone()))
            .expect("one name");
        let build_info = IntGaugeVec::new(
            Opts::new(
                "virada_build_info",
                "1, labelled with the build's version and git commit",
            ),
            &["version", "commit"],
        )
        .expect("a valid gauge");
        registry
            .register(Box::new(build_info.clone()))
            .expect("one name");
        build_info
            .with_label_values(&[crate::version::VERSION, crate::version::COMMIT])
            .set(1);
        let process = |name: &str, help: &str| {
            let g = Gauge::new(name, help).expect("a valid gauge");
            registry.register(Box::new(g.clone())).expect("one name");
            g
        };
        let cpu_seconds = Counter::new(
            "process_cpu_seconds_total",
            "CPU time the process used, user and system, in seconds",
        )
        .expect("a valid counter");
        registry
            .register(Box::new(cpu_seconds.clone()))
            .expect("one name");
        let metrics = Metrics {
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
            redis_up: IntGauge::new(
                "virada_redis_up",
                "1 while Redis answers PING within 500 ms (a server over Redis only)",
            )
            .expect("a valid gauge"),
            redis_outages: IntCounter::new(
                "virada_redis_outages_total",
                "Times Redis stopped answering this server (a server over Redis only)",
            )
            .expect("a valid counter"),
            lease_renewals_failed: IntCounter::new(
                "virada_lease_renewals_failed_total",
                "Lease renewals Redis did not take (a server over Redis only)",
            )
            .expect("a valid counter"),
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
            http_seconds,
            build_info,
            resident_bytes: process(
                "process_resident_memory_bytes",
                "Resident memory of the process, in bytes",
            ),
            virtual_bytes: process(
                "process_virtual_memory_bytes",
                "Virtual memory of the process, in bytes",
            ),
            open_fds: process("process_open_fds", "Open file descriptors of the process"),
            max_fds: process(
                "process_max_fds",
                "The most file descriptors the process may open",
            ),
            start_time: process(
                "process_start_time_seconds",
                "When the process started, in seconds since 1970",
            ),
            cpu_seconds,
            redis_once: Once::new(),
            registry,
        };
        // Each labelled counter's values known in advance, at 0 from the
        // start: a series that appears only with its first event leaves
        // `rate(...)` and an alert on it without a baseline until then.
        for limit in RATE_LIMITS {
            metrics.rate_limited.with_label_values(&[limit]);
        }
        for code in MOVE_REFUSALS {
            metrics.moves_refused.with_label_values(&[code.as_str()]);
        }
        metrics
    }

    /// Registers the series of a server over Redis (`virada_redis_up`,
    /// `virada_redis_outages_total`, `virada_redis_roundtrip_seconds`,
    /// `virada_lease_renewals_failed_total`); once, however often called.
    pub fn with_redis(&self) {
        self.redis_once.call_once(|| {
            let series: [Box<dyn prometheus::core::Collector>; 4] = [
                Box::new(self.redis_up.clone()),
                Box::new(self.redis_outages.clone()),
                Box::new(self.redis_seconds.clone()),
                Box::new(self.lease_renewals_failed.clone()),
            ];
            for s in series {
                let _ = self.registry.register(s);
            }
        });
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
    fn every_series_is_virada_s_or_the_process_s_and_counted_ones_show() {
        let m = metrics();
        m.moves.inc();
        m.move_seconds.observe(0.003);
        m.responses.with_label_values(&["200"]).inc();
        m.redis_seconds.with_label_values(&["ping"]).observe(0.001);
        m.rate_limited.with_label_values(&["accounts"]).inc();
        m.moves_refused.with_label_values(&["storage"]).inc();
        m.http_seconds
            .with_label_values(&["/api/key"])
            .observe(0.001);
        let names = |text: &str| -> std::collections::BTreeSet<String> {
            text.lines()
                .filter_map(|l| l.strip_prefix("# TYPE "))
                .filter_map(|l| l.split_whitespace().next())
                .map(String::from)
                .collect()
        };
        let text = m.text();
        let alone = names(&text);
        assert!(
            alone
                .iter()
                .all(|n| n.starts_with("virada_") || n.starts_with("process_")),
            "{alone:?}"
        );
        assert!(alone.len() >= 16, "{alone:?}");
        // Without Redis, no Redis series, not even one counted.
        assert!(!alone.iter().any(|n| n.contains("redis")), "{alone:?}");
        assert!(text.contains("virada_http_responses_total{status=\"200\"} "));
        assert!(text.contains("virada_move_duration_seconds_bucket{le=\"0.005\"} "));
        assert!(text.contains("virada_http_request_duration_seconds_count{route=\"/api/key\"} "));
        assert!(text.contains(&format!(
            "virada_build_info{{commit=\"{}\",version=\"{}\"}} 1\n",
            crate::version::COMMIT,
            crate::version::VERSION
        )));
        m.with_redis();
        m.with_redis();
        let text = m.text();
        let over_redis = names(&text);
        for name in [
            "virada_redis_up",
            "virada_redis_outages_total",
            "virada_redis_roundtrip_seconds",
            "virada_lease_renewals_failed_total",
        ] {
            assert!(over_redis.contains(name), "{name}: {over_redis:?}");
        }
        assert!(text.contains("virada_redis_roundtrip_seconds_count{op=\"ping\"} "));
    }
}
