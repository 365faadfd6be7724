//! What an operator reads of a running server: `/healthz`, `/readyz`
//! (a server over Redis stays ready while Redis is away, and its online API
//! answers `store-away`), `/metrics` in Prometheus' text format (no Redis
//! series on a server alone; the build, the process, latencies by route),
//! JSON log lines with each request's fields (the probes not at info), and
//! the client's address taken from a trusted proxy only.

use super::client::{create_table, get_text, request, Client, Listening, Server};
use super::people::raw;
use super::redis::RedisServer;
use std::io::{BufRead as _, BufReader};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The `virada_` series a scrape holds, by name.
fn series(metrics: &str) -> Vec<String> {
    metrics
        .lines()
        .filter_map(|l| l.strip_prefix("# TYPE "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|n| n.starts_with("virada_"))
        .map(String::from)
        .collect()
}

/// The value of series line `name` (with its labels) in a scrape.
fn value(metrics: &str, name: &str) -> Option<f64> {
    metrics
        .lines()
        .find_map(|l| l.strip_prefix(name)?.strip_prefix(' '))
        .and_then(|v| v.trim().parse().ok())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_alone_is_healthy_ready_and_counts_its_moves() {
    let s = Server::start("ops-alone", &[]);
    assert_eq!(get_text(&s, "/healthz").await, "ok\n");
    assert_eq!(get_text(&s, "/readyz").await, "ready\n");
    // A move kept, and its latency.
    let id = create_table(&s, r#"{"game":"othello"}"#).await;
    let mut a = Client::connect(&s, &id).await;
    let seat_a = a.hello(None).await["seat"].as_u64().unwrap();
    let mut b = Client::connect(&s, &id).await;
    b.hello(None).await;
    let state = super::contribute_all(&mut [&mut a, &mut b]).await;
    let mover = if state["table"]["seatToMove"].as_u64() == Some(seat_a) {
        &mut a
    } else {
        &mut b
    };
    let ply = state["ply"].as_u64().unwrap();
    let mv = super::client::first_legal(&state["table"]);
    mover
        .send(serde_json::json!({"v":2,"type":"move","ply":ply,"move":mv}))
        .await;
    mover.wait_state(|st| st["ply"].as_u64() > Some(ply)).await;
    let metrics = get_text(&s, "/metrics").await;
    let names = series(&metrics);
    assert!(names.len() >= 8, "{names:?}");
    for name in [
        "virada_tables_running",
        "virada_sockets_open",
        "virada_moves_total",
        "virada_move_duration_seconds",
        "virada_lobby_subscribers",
        "virada_lease_takeovers_total",
        "virada_signups_total",
        "virada_signins_total",
        "virada_seeks_total",
        "virada_http_responses_total",
        "virada_rate_limited_total",
        "virada_moves_refused_total",
    ] {
        assert!(names.iter().any(|n| n == name), "{name}: {names:?}");
    }
    // The labelled counters stand at 0 before their first event.
    for line in [
        "virada_rate_limited_total{limit=\"accounts\"}",
        "virada_moves_refused_total{code=\"illegal\"}",
    ] {
        assert_eq!(value(&metrics, line), Some(0.0), "{line}: {metrics}");
    }
    // A server alone exports no Redis series: no alert on them fires for it.
    assert!(!metrics.contains("virada_redis"), "{metrics}");
    assert!(!metrics.contains("virada_lease_renewals"), "{metrics}");
    // The build, and the process's own figures.
    let build = metrics
        .lines()
        .find(|l| l.starts_with("virada_build_info{"))
        .unwrap_or_else(|| panic!("no build: {metrics}"));
    assert!(build.contains("version=\"0.1.0\""), "{build}");
    assert!(build.contains("commit=\""), "{build}");
    assert!(build.ends_with("} 1"), "{build}");
    assert!(value(&metrics, "process_resident_memory_bytes").unwrap() > 1e6);
    assert!(value(&metrics, "process_open_fds").unwrap() >= 5.0);
    assert!(value(&metrics, "process_max_fds").unwrap() >= 64.0);
    assert!(value(&metrics, "process_cpu_seconds_total").unwrap() >= 0.0);
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs_f64();
    let started = value(&metrics, "process_start_time_seconds").unwrap();
    assert!(started > now - 600.0 && started <= now + 1.0, "{started}");
    // Latencies by the route matched: a table opened, a page's file.
    assert_eq!(
        value(
            &metrics,
            "virada_http_request_duration_seconds_count{route=\"/api/tables\"}"
        ),
        Some(1.0),
        "{metrics}"
    );
    get_text(&s, "/index.html").await;
    let metrics = get_text(&s, "/metrics").await;
    assert!(
        value(
            &metrics,
            "virada_http_request_duration_seconds_count{route=\"files\"}"
        )
        .unwrap()
            >= 1.0,
        "{metrics}"
    );
    assert_eq!(value(&metrics, "virada_tables_running"), Some(1.0));
    assert_eq!(value(&metrics, "virada_sockets_open"), Some(2.0));
    assert!(value(&metrics, "virada_moves_total").unwrap() >= 1.0);
    assert_eq!(
        value(&metrics, "virada_move_duration_seconds_count"),
        Some(1.0)
    );
    assert!(
        value(&metrics, "virada_http_responses_total{status=\"200\"}").unwrap() >= 2.0,
        "{metrics}"
    );
}

/// One request (a body that opens a table); the answer's status, head and body.
async fn answer(server: &impl Listening, method: &str, path: &str) -> (u16, String, String) {
    let body = r#"{"game":"othello"}"#;
    let a = raw(
        server,
        &format!(
            "{method} {path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        ),
    )
    .await;
    (a.status, a.head, a.text)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_stays_ready_while_redis_is_away_and_its_api_says_so() {
    let mut redis = RedisServer::start("ops-ready");
    let s = Server::start("ops-ready", &["--redis", &redis.url()]);
    assert_eq!(get_text(&s, "/readyz").await, "ready\n");
    let metrics = get_text(&s, "/metrics").await;
    assert!(metrics.contains("\nvirada_redis_up 1\n"), "{metrics}");
    assert_eq!(
        value(&metrics, "virada_lease_renewals_failed_total"),
        Some(0.0)
    );
    assert!(
        value(
            &metrics,
            "virada_redis_roundtrip_seconds_count{op=\"ping\"}"
        )
        .unwrap()
            >= 1.0,
        "{metrics}"
    );
    redis.kill();
    let until = Instant::now() + Duration::from_secs(30);
    let metrics = loop {
        let metrics = get_text(&s, "/metrics").await;
        if value(&metrics, "virada_redis_up") == Some(0.0) || Instant::now() > until {
            break metrics;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert_eq!(value(&metrics, "virada_redis_up"), Some(0.0), "{metrics}");
    assert_eq!(value(&metrics, "virada_redis_outages_total"), Some(1.0));
    // Still ready (the proxy keeps serving its pages), with a line that says why play waits.
    let (status, body) = request(&s, "GET", "/readyz", None, "").await;
    assert_eq!(status, 200, "{body}");
    assert!(body.starts_with("ready\nredis: "), "{body}");
    assert!(body.contains("online play waits"), "{body}");
    assert_eq!(get_text(&s, "/healthz").await, "ok\n");
    // The online API answers at once with its code, and when to ask again.
    let asked = Instant::now();
    let (status, head, body) = answer(&s, "POST", "/api/tables").await;
    assert_eq!(status, 503, "{body}");
    assert!(
        asked.elapsed() < Duration::from_secs(2),
        "{:?}",
        asked.elapsed()
    );
    assert!(
        head.to_ascii_lowercase().contains("\r\nretry-after: 2"),
        "{head}"
    );
    let refusal: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(refusal["code"], "store-away", "{body}");
    assert_eq!(answer(&s, "GET", "/api/seeks").await.0, 503);
    // What needs no store still answers: the key, the pages.
    assert!(get_text(&s, "/api/key").await.contains("ed25519"));
    get_text(&s, "/index.html").await;
    redis.start_again();
    let until = Instant::now() + Duration::from_secs(30);
    while request(&s, "GET", "/readyz", None, "").await.1 != "ready\n" {
        assert!(Instant::now() < until, "Redis never came back");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let metrics = get_text(&s, "/metrics").await;
    assert_eq!(value(&metrics, "virada_redis_up"), Some(1.0), "{metrics}");
    // Each connection comes back at its next use: asked again, a table opens.
    let until = Instant::now() + Duration::from_secs(30);
    loop {
        let (status, _, body) = answer(&s, "POST", "/api/tables").await;
        if status == 201 {
            break;
        }
        assert!(Instant::now() < until, "{status} {body}");
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn json_logs_carry_each_requests_fields_and_leave_the_probes_out() {
    let data = std::env::temp_dir().join(format!("virada-online-{}-json", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    let mut child = Command::new(env!("CARGO_BIN_EXE_virada"))
        .args([
            "serve",
            "--port",
            "0",
            "--log-format",
            "json",
            "--new-key",
            "--root",
            root,
        ])
        .arg("--data")
        .arg(&data)
        .env("RUST_LOG", "info")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let port = crate::served_port(&mut child);
    let s = super::client::Port(port);
    let answer = raw(
        &s,
        "GET /api/key HTTP/1.1\r\nHost: localhost\r\nX-Request-Id: trace-me-42\r\nConnection: close\r\n\r\n",
    )
    .await;
    assert_eq!(answer.status, 200);
    // The proxy's probes, many a second: not at info.
    for _ in 0..3 {
        get_text(&s, "/readyz").await;
        get_text(&s, "/healthz").await;
    }
    let (status, _) = request(&s, "GET", "/no-such-page", None, "").await;
    assert_eq!(status, 404);
    let _ = child.kill();
    let _ = child.wait();
    let _ = std::fs::remove_dir_all(&data);
    let lines: Vec<serde_json::Value> = BufReader::new(child.stderr.take().unwrap())
        .lines()
        .map(|l| serde_json::from_str(&l.unwrap()).expect("a JSON line"))
        .collect();
    let request = |path: &str| {
        lines
            .iter()
            .find(|l| l["fields"]["path"].as_str() == Some(path))
            .unwrap_or_else(|| panic!("no line for {path}: {lines:?}"))
            .clone()
    };
    let given = request("/api/key");
    let fields = &given["fields"];
    assert_eq!(fields["message"], "200 GET /api/key", "{given}");
    assert_eq!(fields["method"], "GET", "{given}");
    assert_eq!(fields["status"], 200, "{given}");
    assert!(fields["latency_ms"].as_f64().unwrap() >= 0.0, "{given}");
    assert_eq!(fields["client"], "127.0.0.1", "{given}");
    assert_eq!(fields["request_id"], "trace-me-42", "{given}");
    assert_eq!(given["span"]["id"], "trace-me-42", "{given}");
    assert_eq!(given["level"], "INFO");
    let made = request("/no-such-page");
    assert_eq!(made["fields"]["status"], 404, "{made}");
    let id = made["fields"]["request_id"].as_str().unwrap();
    assert_eq!(id.len(), 36, "a UUID: {made}");
    for probe in ["/readyz", "/healthz"] {
        assert!(
            !lines
                .iter()
                .any(|l| l["fields"]["path"].as_str() == Some(probe)),
            "{probe} logged at info: {lines:?}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_client_address_comes_from_a_trusted_proxy_only() {
    async fn post(server: &impl Listening, from: &str) -> u16 {
        let body = "{}";
        raw(
            server,
            &format!(
                "POST /api/accounts/signin HTTP/1.1\r\nHost: localhost\r\nX-Forwarded-For: {from}\r\n\
                 Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                body.len()
            ),
        )
        .await
        .status
    }
    // Behind a proxy it trusts: each client has its own two requests.
    let trusting = Server::start(
        "ops-trusting",
        &["--account-requests", "2", "--trusted-proxy", "127.0.0.0/8"],
    );
    for from in ["192.0.2.1", "192.0.2.1"] {
        assert_ne!(post(&trusting, from).await, 429);
    }
    assert_eq!(post(&trusting, "192.0.2.1").await, 429);
    // A forged address before the proxy's own entry changes nothing.
    assert_eq!(post(&trusting, "198.51.100.9, 192.0.2.1").await, 429);
    assert_ne!(post(&trusting, "192.0.2.2").await, 429);
    let metrics = get_text(&trusting, "/metrics").await;
    assert_eq!(
        value(&metrics, "virada_rate_limited_total{limit=\"accounts\"}"),
        Some(2.0),
        "{metrics}"
    );
    // Trusting nobody: the header is the client's word, and ignored.
    let alone = Server::start("ops-alone-limit", &["--account-requests", "2"]);
    assert_ne!(post(&alone, "192.0.2.1").await, 429);
    assert_ne!(post(&alone, "192.0.2.2").await, 429);
    assert_eq!(post(&alone, "192.0.2.3").await, 429);
}

/// `/metrics` answers only the addresses `--metrics-from` names (loopback
/// unless told): a server told to let only 10.9.9.9 read it answers this
/// loopback client 404, while its health and readiness answer all.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn metrics_answer_only_the_addresses_named() {
    let s = Server::start("metrics-from", &["--metrics-from", "10.9.9.9"]);
    let (status, _) = request(&s, "GET", "/metrics", None, "").await;
    assert_eq!(status, 404);
    assert_eq!(get_text(&s, "/healthz").await, "ok\n");
    let open = Server::start("metrics-loopback", &[]);
    let (status, body) = request(&open, "GET", "/metrics", None, "").await;
    assert_eq!(status, 200);
    assert!(body.contains("virada_build_info"), "{body}");
}
