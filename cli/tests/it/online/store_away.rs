//! A Redis blip does not take the site down: two servers over one Redis
//! behind the shipped proxy (`virada trial`'s processes: Redis, the
//! servers and haproxy with `server/proxy/haproxy.cfg`), Redis stopped.
//! The proxy keeps both servers up, every page is served through it, the
//! online API answers `store-away` with when to ask again, a move at a
//! table is refused with `storage` and kept nowhere; once Redis is back
//! the move is taken. With no server up at all, the proxy answers its own
//! 503 page, in the three languages.

use super::client::{self, create_table, get_text, request, Client, Listening, Port};
use super::contribute_all;
use super::people::raw;
use std::time::{Duration, Instant};
use virada_server::trial::{Options, Trial};

/// The trial's proxy, to send requests to.
struct Proxy(u16);

impl Listening for Proxy {
    fn port(&self) -> u16 {
        self.0
    }
}

fn trial(servers: usize) -> Trial {
    Trial::start(&Options {
        exe: env!("CARGO_BIN_EXE_virada").into(),
        root: concat!(env!("CARGO_MANIFEST_DIR"), "/..").into(),
        servers,
        proxy: true,
        port: 0,
        flags: vec![],
        quiet: true,
        proxy_config: None,
        tls: false,
    })
    .expect("the trial starts")
}

fn proxy(trial: &Trial) -> Proxy {
    let port = trial.url().rsplit(':').next().unwrap().parse().unwrap();
    Proxy(port)
}

/// Waits until every server's `virada_redis_up` is `up` (30 s at most).
async fn redis_seen(trial: &Trial, up: bool) {
    let want = format!("\nvirada_redis_up {}\n", u8::from(up));
    let until = Instant::now() + Duration::from_secs(30);
    for port in trial.ports() {
        while !get_text(&Port(port), "/metrics").await.contains(&want) {
            assert!(
                Instant::now() < until,
                "server {port} never saw Redis up={up}"
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pages_are_served_through_the_proxy_while_redis_is_away() {
    let mut trial = trial(2);
    let front = proxy(&trial);
    // A table in play before the outage, its pages through the proxy.
    let id = create_table(&front, r#"{"game":"othello","clock":0}"#).await;
    let mut a = Client::connect(&front, &id).await;
    let seat_a = a.hello(None).await["seat"].as_u64();
    let mut b = Client::connect(&front, &id).await;
    b.hello(None).await;
    let state = contribute_all(&mut [&mut a, &mut b]).await;
    let ply = state["ply"].as_u64().unwrap();
    let mv = client::first_legal(&state["table"]);
    let mover = if state["table"]["seatToMove"].as_u64() == seat_a {
        &mut a
    } else {
        &mut b
    };

    trial.stop_redis();
    redis_seen(&trial, false).await;
    // Longer than the proxy's checks take to mark a server down (2 × 250 ms).
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert_eq!(trial.up(), vec![0, 1], "the proxy took servers out");
    for page in ["/", "/index.html", "/lobby.html", "/sw.js"] {
        let (status, body) = request(&front, "GET", page, None, "").await;
        assert_eq!(status, 200, "{page}: {body}");
    }
    // The online API: its code and when to ask again, at once.
    let asked = Instant::now();
    let refused = raw(
        &front,
        "POST /api/tables HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n\
         Content-Length: 17\r\nConnection: close\r\n\r\n{\"game\":\"othello\"}",
    )
    .await;
    assert!(
        asked.elapsed() < Duration::from_secs(2),
        "{:?}",
        asked.elapsed()
    );
    assert_eq!(refused.status, 503, "{}", refused.text);
    assert_eq!(refused.code(), "store-away", "{}", refused.text);
    assert!(
        refused
            .head
            .to_ascii_lowercase()
            .contains("\r\nretry-after: 2"),
        "{}",
        refused.head
    );
    // The table's move is refused with its code, and kept nowhere.
    mover
        .send(serde_json::json!({"v":2,"type":"move","ply":ply,"move":mv}))
        .await;
    assert_eq!(mover.error().await, "storage");
    assert_eq!(mover.latest_state().await["ply"].as_u64(), Some(ply));

    trial.start_redis().unwrap();
    redis_seen(&trial, true).await;
    // Asked again (as the page does), the move is taken: each try is
    // answered by the next state or by `storage` again (the connection to
    // Redis may take a moment to come back), however long the answer takes.
    let mut tries = 0;
    loop {
        mover
            .send(serde_json::json!({"v":2,"type":"move","ply":ply,"move":mv}))
            .await;
        let code = loop {
            let v = mover
                .next(Duration::from_secs(60))
                .await
                .expect("an answer in time");
            if v["type"] == "state" && v["ply"].as_u64() == Some(ply + 1) {
                break None;
            }
            if v["type"] == "error" {
                break Some(v["code"].as_str().unwrap_or_default().to_string());
            }
        };
        match code.as_deref() {
            None => break,
            Some("storage") => {
                tries += 1;
                assert!(tries < 20, "the table never took the move again");
                tokio::time::sleep(Duration::from_millis(250)).await;
            }
            Some(other) => panic!("the move asked again was refused with {other}"),
        }
    }
    assert_eq!(trial.up(), vec![0, 1]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_no_server_up_the_proxy_answers_its_own_page() {
    let mut trial = trial(1);
    let front = proxy(&trial);
    let pid = trial.pids()[0];
    let _ = std::process::Command::new("kill")
        .args(["-KILL", &pid.to_string()])
        .status();
    let until = Instant::now() + Duration::from_secs(30);
    while !trial.up().is_empty() {
        assert!(Instant::now() < until, "the proxy still sees the server up");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let page = raw(
        &front,
        "GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
    )
    .await;
    assert_eq!(page.status, 503, "{}", page.head);
    assert!(page.head.contains("text/html"), "{}", page.head);
    for said in [
        "O site volta em instantes",
        "The site is back in a moment",
        "Il sito torna tra un momento",
    ] {
        assert!(page.text.contains(said), "{}", page.text);
    }
    // Its log says each request, in the trial's folder.
    let log = trial.folder().join("proxy/haproxy.log");
    let until = Instant::now() + Duration::from_secs(10);
    loop {
        let text = std::fs::read_to_string(&log).unwrap_or_default();
        if text.contains("\"GET / HTTP/1.1\"") {
            assert!(text.contains(" 503 "), "{text}");
            break;
        }
        assert!(
            Instant::now() < until,
            "no log line in {}: {text}",
            log.display()
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    trial.stop_redis();
}
