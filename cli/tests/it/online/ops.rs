//! What an operator reads of a running server: `/healthz`, `/readyz`
//! following its stores (Redis stopped and started again), `/metrics` in
//! Prometheus' text format, JSON log lines with a request id, and the
//! client's address taken from a trusted proxy only.

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

/// Asks `/readyz` until its status is `want` (every 100 ms, 30 s at most);
/// the last answer.
async fn readyz_until(server: &impl Listening, want: u16) -> (u16, String) {
    let until = Instant::now() + Duration::from_secs(30);
    loop {
        let answer = request(server, "GET", "/readyz", None, "").await;
        if answer.0 == want || Instant::now() > until {
            return answer;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
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
    ] {
        assert!(names.iter().any(|n| n == name), "{name}: {names:?}");
    }
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn readiness_follows_redis_away_and_back() {
    let mut redis = RedisServer::start("ops-ready");
    let s = Server::start("ops-ready", &["--redis", &redis.url()]);
    assert_eq!(get_text(&s, "/readyz").await, "ready\n");
    let metrics = get_text(&s, "/metrics").await;
    assert!(metrics.contains("\nvirada_redis_up 1\n"), "{metrics}");
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
    let (status, body) = readyz_until(&s, 503).await;
    assert_eq!(status, 503, "{body}");
    assert!(body.starts_with("not ready\nredis: "), "{body}");
    // The process still answers.
    assert_eq!(get_text(&s, "/healthz").await, "ok\n");
    let metrics = get_text(&s, "/metrics").await;
    assert_eq!(value(&metrics, "virada_redis_up"), Some(0.0), "{metrics}");
    assert_eq!(value(&metrics, "virada_redis_outages_total"), Some(1.0));
    redis.start_again();
    let (status, body) = readyz_until(&s, 200).await;
    assert_eq!((status, body.as_str()), (200, "ready\n"));
    let metrics = get_text(&s, "/metrics").await;
    assert_eq!(value(&metrics, "virada_redis_up"), Some(1.0), "{metrics}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn json_logs_give_each_request_an_id() {
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
        "GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Request-Id: trace-me-42\r\nConnection: close\r\n\r\n",
    )
    .await;
    assert_eq!(answer.status, 200);
    get_text(&s, "/readyz").await;
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
            .find(|l| l["fields"]["message"].as_str() == Some(&format!("200 GET {path}")))
            .unwrap_or_else(|| panic!("no line for {path}: {lines:?}"))
            .clone()
    };
    let given = request("/healthz");
    assert_eq!(given["span"]["id"], "trace-me-42", "{given}");
    assert_eq!(given["level"], "INFO");
    let made = request("/readyz");
    let id = made["span"]["id"].as_str().unwrap();
    assert_eq!(id.len(), 36, "a UUID: {made}");
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
