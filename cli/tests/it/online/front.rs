//! Several servers over one Redis behind a real front (Debian's haproxy,
//! started by the test on a free loopback port with a configuration of its
//! own, and stopped): every server serves every table, pages reach the table
//! only through the front, the server holding the table's lease is killed
//! mid-game, and the pages come back through the front to the servers left,
//! one of which took the table over, with every move kept.

use super::client::{create_table, get_json, Client, Listening, Server};
use super::redis::RedisServer;
use super::{contribute_all, play_out, play_rounds, verify};
use serde_json::Value;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// haproxy in front of `backends`, on a free loopback port; killed (and its
/// folder removed) when dropped.
pub(super) struct Haproxy {
    child: Child,
    port: u16,
    dir: PathBuf,
}

impl Listening for Haproxy {
    fn port(&self) -> u16 {
        self.port
    }
}

impl Haproxy {
    /// Spreads connections over `backends` (round robin among those whose
    /// `/api/key` answers 200, checked every 250 ms); WebSockets stay open.
    pub(super) fn start(name: &str, backends: &[u16]) -> Haproxy {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .unwrap()
            .port();
        let dir = std::env::temp_dir().join(format!("virada-front-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let servers: String = backends
            .iter()
            .enumerate()
            .map(|(i, p)| format!("  server s{i} 127.0.0.1:{p} check\n"))
            .collect();
        let config = format!(
            "global\n  maxconn 4096\n  stats socket {stats} mode 600 level admin\n\
             defaults\n  mode http\n  timeout connect 1s\n  timeout client 30s\n\
             \x20 timeout server 10s\n  timeout tunnel 1h\n  timeout check 1s\n\
             \x20 retries 3\n  option redispatch\n\
             frontend site\n  bind 127.0.0.1:{port}\n  default_backend servers\n\
             backend servers\n  balance roundrobin\n  option httpchk\n\
             \x20 http-check send meth GET uri /api/key\n  http-check expect status 200\n\
             \x20 default-server inter 250ms fall 2 rise 1\n{servers}",
            stats = dir.join("stats.sock").display(),
        );
        let file = dir.join("haproxy.cfg");
        std::fs::write(&file, config).unwrap();
        let binary = ["haproxy", "/usr/sbin/haproxy"]
            .into_iter()
            .find(|b| Command::new(b).arg("-v").output().is_ok())
            .unwrap_or_else(|| {
                panic!(
                    "the tests of several servers need haproxy. Install Debian's: \
                     apt-get install haproxy (as root, `scripts/setup.sh haproxy` does it)"
                )
            });
        let child = Command::new(binary)
            .arg("-db")
            .arg("-f")
            .arg(&file)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start haproxy");
        Haproxy { child, port, dir }
    }

    /// The state haproxy's checks give each backend, in order (`UP`, `DOWN`, …).
    fn states(&self) -> Vec<String> {
        virada_server::trial::backend_states(&self.dir.join("stats.sock"))
    }

    /// Waits until the checks say exactly `up` (by backend index) are up and
    /// every other backend down (not on its way, as `UP 1/2` is).
    pub(super) fn wait_until_up(&self, up: &[usize]) -> Duration {
        let started = Instant::now();
        loop {
            let states = self.states();
            let settled = !states.is_empty()
                && (0..states.len())
                    .all(|i| states[i] == if up.contains(&i) { "UP" } else { "DOWN" });
            if settled {
                return started.elapsed();
            }
            assert!(
                started.elapsed() < Duration::from_secs(60),
                "the front's backends stay {states:?}, not {up:?} up"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Haproxy {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// Opens the table's socket through `front` and sits in the seat `token`
/// holds, retrying while the front has no server to give (a takeover);
/// the client and its welcome.
pub(super) async fn come_back(front: &impl Listening, id: &str, token: &str) -> (Client, Value) {
    let until = Instant::now() + Duration::from_secs(60);
    loop {
        if let Ok(mut c) = Client::try_connect(front, id).await {
            if let Some(welcome) = c.try_hello(token, Duration::from_secs(5)).await {
                return (c, welcome);
            }
        }
        assert!(Instant::now() < until, "no server took the table back");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Three servers over one Redis, one signing key, haproxy in front: two
/// people play through the front (the table opened on the first server,
/// which holds its lease; the front spreads the sockets); the first server
/// is killed (SIGKILL) after six moves; both pages come back through the
/// front to the servers left, one of which took the table over, the game
/// ends with every move kept, and the record verifies, signed with the
/// shared key.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_servers_behind_a_front_lose_nothing_when_the_holder_is_killed() {
    let redis = RedisServer::start("front");
    let key = std::env::temp_dir().join(format!("virada-front-{}.key", std::process::id()));
    let _ = std::fs::remove_file(&key);
    let flags = ["--redis", &redis.url(), "--key-file", key.to_str().unwrap()];
    // Every server serves from its start (no hold to wait for).
    let first = Server::start("front-0", &flags);
    get_json(&first, "/api/key").await;
    let mut servers = vec![
        Some(first),
        Some(Server::start("front-1", &flags)),
        Some(Server::start("front-2", &flags)),
    ];
    let ports: Vec<u16> = servers.iter().flatten().map(|s| s.port).collect();
    let front = Haproxy::start("three", &ports);
    front.wait_until_up(&[0, 1, 2]);
    let shared_key = get_json(&front, "/api/key").await["key"].clone();

    // Opened on the first server: it holds the table's lease.
    let id = create_table(
        servers[0].as_ref().unwrap(),
        r#"{"game":"othello","clock":0}"#,
    )
    .await;
    let mut a = Client::connect(&front, &id).await;
    let ta = a.hello(None).await["token"].as_str().unwrap().to_string();
    let mut b = Client::connect(&front, &id).await;
    let tb = b.hello(None).await["token"].as_str().unwrap().to_string();
    contribute_all(&mut [&mut a, &mut b]).await;
    let before = play_rounds(&mut a, &mut b, 6).await;
    assert!(!before.is_empty());

    // SIGKILL the holder (dropping it kills it); one of the others takes over.
    let killed = Instant::now();
    drop(servers[0].take());
    let (a, wa) = come_back(&front, &id, &ta).await;
    let (b, wb) = come_back(&front, &id, &tb).await;
    let back_in = killed.elapsed();
    assert_eq!(
        (wa["seat"].as_u64(), wb["seat"].as_u64()),
        (Some(0), Some(1))
    );
    let moves_after = wa["state"]["moves"].as_str().unwrap();
    assert!(moves_after.starts_with(&before), "{before} / {moves_after}");
    let states = front.wait_until_up(&[1, 2]);
    eprintln!("the front saw the first server down {states:?} after the kill");
    eprintln!("both pages back at the table {back_in:?} after the holder was killed");

    let end = play_out(&mut [a, b], &[0, 1]).await;
    let record = end["record"].as_str().unwrap();
    assert!(verify(record).all_passed(), "{record}");
    assert!(record
        .lines()
        .any(|l| l.starts_with("moves: ") && l["moves: ".len()..].starts_with(&before)));
    assert_eq!(get_json(&front, "/api/key").await["key"], shared_key);
    let signed_with = shared_key.as_str().unwrap();
    assert!(
        record.contains(signed_with),
        "the record names the shared key"
    );
    drop(servers);
    let _ = std::fs::remove_file(&key);
}
