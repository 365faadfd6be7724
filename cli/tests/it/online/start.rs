//! What `virada serve` refuses at start, each with a clear error, exit
//! status 2 and nothing said on standard output (no "Serving …" over a
//! port it will not answer): a second server over a data folder in use, a
//! Redis that is not there, a store written by a newer schema, a site
//! folder without `sw.js`. And what the build says of itself.

use super::client::{Listening, Server};
use super::redis::RedisServer;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// `virada serve --port 0 --new-key FLAGS…` run to its end (60 s at most): its
/// output, and how long it took.
fn refused(flags: &[&str]) -> (Output, Duration) {
    let started = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_virada"))
        .args(["serve", "--port", "0", "--new-key"])
        .args(flags)
        .env("RUST_LOG", "warn")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let until = started + Duration::from_secs(60);
    while child.try_wait().unwrap().is_none() {
        if Instant::now() > until {
            let _ = child.kill();
            panic!("virada serve {flags:?} did not stop");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    (child.wait_with_output().unwrap(), started.elapsed())
}

/// Its exit status is 2, nothing on standard output, and the error says `words`.
fn says(output: &Output, words: &[&str]) {
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert_eq!(String::from_utf8_lossy(&output.stdout), "", "{stderr}");
    for w in words {
        assert!(stderr.contains(w), "{w:?} not in {stderr}");
    }
}

const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/..");

#[test]
fn a_second_server_over_one_data_folder_is_refused() {
    let first = Server::start("start-lock", &[]);
    let data = first.data().to_str().unwrap().to_string();
    let (output, _) = refused(&["--root", ROOT, "--data", &data]);
    says(
        &output,
        &[
            "is in use by process",
            &first.pid().to_string(),
            "one data folder, one server",
        ],
    );
    // The first still serves; once it is gone, the folder is free again.
    assert!(std::net::TcpStream::connect(("127.0.0.1", first.port())).is_ok());
    let pid = first.pid();
    let _ = Command::new("kill")
        .args(["-KILL", &pid.to_string()])
        .status();
    let until = Instant::now() + Duration::from_secs(10);
    // The folder survives the first's death (its Drop removes it later).
    let again = loop {
        let mut child = Command::new(env!("CARGO_BIN_EXE_virada"))
            .args(["serve", "--port", "0", "--root", ROOT, "--data", &data])
            .env("RUST_LOG", "warn")
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(200));
        match child.try_wait().unwrap() {
            None => break child,
            Some(_) => {
                assert!(Instant::now() < until, "the folder stayed locked");
            }
        }
    };
    let mut again = again;
    let port = crate::served_port(&mut again);
    assert!(port > 0);
    let _ = again.kill();
    let _ = again.wait();
    drop(first);
}

#[test]
fn a_redis_that_is_not_there_is_said_at_once() {
    let free = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let data = std::env::temp_dir().join(format!("virada-start-{}-redis", std::process::id()));
    let url = format!("redis://:s3cret@127.0.0.1:{free}");
    let (output, took) = refused(&[
        "--root",
        ROOT,
        "--data",
        data.to_str().unwrap(),
        "--redis",
        &url,
    ]);
    says(
        &output,
        &[
            &format!("cannot reach Redis at redis://:…@127.0.0.1:{free}"),
            "Start Redis first",
        ],
    );
    assert!(
        !String::from_utf8_lossy(&output.stderr).contains("s3cret"),
        "the password shown"
    );
    assert!(took < Duration::from_secs(5), "{took:?}");
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
fn a_store_of_a_newer_schema_is_refused() {
    // SQLite: the tables' database of a newer server.
    let data = std::env::temp_dir().join(format!("virada-start-{}-schema", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    std::fs::create_dir_all(&data).unwrap();
    let db = rusqlite::Connection::open(data.join("virada.db")).unwrap();
    db.pragma_update(None, "user_version", 99).unwrap();
    drop(db);
    let (output, _) = refused(&["--root", ROOT, "--data", data.to_str().unwrap()]);
    says(
        &output,
        &["virada.db holds tables of schema 99, newer than this server's 1"],
    );
    // A store of this schema (a new one) gets its version written.
    let _ = std::fs::remove_dir_all(&data);
    let s = Server::start("start-schema", &[]);
    let db = rusqlite::Connection::open(s.data().join("virada.db")).unwrap();
    let version: u32 = db
        .pragma_query_value(None, "user_version", |r| r.get(0))
        .unwrap();
    assert_eq!(version, 1);
    // Redis: its version's key set by a newer server.
    let redis = RedisServer::start("start-schema");
    {
        let _first = Server::start("start-schema-redis", &["--redis", &redis.url()]);
    }
    assert_eq!(
        super::trial::redis(&redis.url(), &["GET", "virada:tables:schema"]),
        "1"
    );
    super::trial::redis(&redis.url(), &["SET", "virada:tables:schema", "2"]);
    let (output, _) = refused(&[
        "--root",
        ROOT,
        "--data",
        data.to_str().unwrap(),
        "--redis",
        &redis.url(),
    ]);
    says(
        &output,
        &["holds tables of schema 2, newer than this server's 1"],
    );
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
fn a_site_folder_without_sw_js_is_refused() {
    let root = std::env::temp_dir().join(format!("virada-start-{}-root", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(&root).unwrap();
    std::fs::write(root.join("index.html"), "<!doctype html>").unwrap();
    let (output, _) = refused(&["--root", root.to_str().unwrap(), "--data", "/nonexistent/x"]);
    says(&output, &["has no sw.js", "--no-site"]);
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn the_version_names_the_build() {
    let out = Command::new(env!("CARGO_BIN_EXE_virada"))
        .arg("--version")
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("virada 0.1.0 (commit "), "{text}");
    // Where git answers, the commit is the one checked out.
    let head = Command::new("git")
        .args(["rev-parse", "--short=12", "HEAD"])
        .current_dir(ROOT)
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string());
    if let Some(head) = head {
        assert_eq!(text, format!("virada 0.1.0 (commit {head})\n"));
    }
}
