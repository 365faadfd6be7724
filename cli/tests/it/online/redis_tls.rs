//! A Redis that asks for a password and speaks only TLS: `virada serve
//! --redis rediss://:PASSWORD@localhost:PORT` keeps its tables there,
//! trusting the test's self-signed certificate through `SSL_CERT_FILE`
//! (rustls' native roots read it), as docs/operations.md says.

use super::client::{create_table, get_text, Port};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// Kills the process when dropped.
struct Killed(Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_keeps_its_tables_in_a_redis_over_tls_with_a_password() {
    let dir = std::env::temp_dir().join(format!("virada-redis-tls-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let made = virada_server::trial::self_signed(&dir.join("tls")).unwrap();
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let redis = Killed(
        Command::new("redis-server")
            .args(["--port", "0", "--bind", "127.0.0.1"])
            .args(["--tls-port", &port.to_string()])
            .arg("--tls-cert-file")
            .arg(&made.cert)
            .arg("--tls-key-file")
            .arg(&made.key)
            .args(["--tls-auth-clients", "no", "--requirepass", "s3cret"])
            .args([
                "--save",
                "",
                "--appendonly",
                "yes",
                "--appendfsync",
                "always",
            ])
            .arg("--dir")
            .arg(&dir)
            .stdout(Stdio::null())
            .spawn()
            .expect("redis-server"),
    );
    let until = Instant::now() + Duration::from_secs(20);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < until, "redis-server never listened");
        std::thread::sleep(Duration::from_millis(50));
    }
    let mut server = Command::new(env!("CARGO_BIN_EXE_virada"))
        .args([
            "serve",
            "--port",
            "0",
            "--root",
            concat!(env!("CARGO_MANIFEST_DIR"), "/.."),
        ])
        .arg("--data")
        .arg(dir.join("data"))
        .arg("--new-key")
        .args(["--redis", &format!("rediss://:s3cret@localhost:{port}")])
        .env("SSL_CERT_FILE", &made.cert)
        .env("RUST_LOG", "warn")
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap();
    let served = Port(crate::served_port(&mut server));
    let server = Killed(server);
    let id = create_table(&served, r#"{"game":"othello","clock":0}"#).await;
    assert!(get_text(&served, "/readyz").await == "ready\n");
    // The table is in that Redis.
    let out = Command::new("redis-cli")
        .args(["--tls", "--cacert"])
        .arg(&made.cert)
        .args(["-h", "localhost", "-p", &port.to_string(), "-a", "s3cret"])
        .args(["--no-auth-warning", "EXISTS", &format!("virada:table:{id}")])
        .output()
        .expect("redis-cli");
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "1", "{out:?}");
    drop(server);
    drop(redis);
    let _ = std::fs::remove_dir_all(&dir);
}
