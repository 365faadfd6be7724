//! `virada load` runs end to end: a few tables of scripted players against a
//! server it starts itself, every move seen by both players, none lost.

use std::process::Command;

/// The number after `label` in `line` (`"moves: 12 sent"`, `"sent"` → 12).
fn number_before(line: &str, label: &str) -> u64 {
    let words: Vec<&str> = line.split_whitespace().collect();
    let at = words
        .iter()
        .position(|w| w.trim_end_matches([',', ';']) == label)
        .unwrap_or_else(|| panic!("no {label} in {line:?}"));
    words[at - 1].parse().unwrap()
}

#[test]
fn a_short_load_plays_moves_and_loses_none() {
    let out = Command::new(env!("CARGO_BIN_EXE_virada"))
        .args([
            "load",
            "--spawn",
            "--tables",
            "5",
            "--rate",
            "4",
            "--duration",
            "3",
        ])
        .output()
        .expect("run virada load");
    let report = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{report}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let moves = report
        .lines()
        .find(|l| l.starts_with("moves:"))
        .unwrap_or_else(|| panic!("no moves line in {report}"));
    let seen = number_before(moves, "seen");
    assert!(seen > 0, "{report}");
    assert!(moves.contains("lost 0;"), "{report}");
    assert!(moves.contains("refused 0"), "{report}");
    assert!(report.contains("errors: none"), "{report}");
    assert!(report.contains("tables: 5 of 5 connected"), "{report}");
    assert!(report.contains("server memory (pid"), "{report}");
}

#[test]
fn only_loopback_servers_are_loaded() {
    let out = Command::new(env!("CARGO_BIN_EXE_virada"))
        .args([
            "load",
            "--url",
            "http://192.0.2.1:8000",
            "--tables",
            "1",
            "--duration",
            "1",
        ])
        .output()
        .expect("run virada load");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("loopback"));
}

#[test]
fn a_load_over_redis_reports_its_memory_a_table() {
    let redis = crate::online::redis::RedisServer::start("load");
    let out = Command::new(env!("CARGO_BIN_EXE_virada"))
        .args(["load", "--spawn", "--redis", &redis.url()])
        .args(["--tables", "4", "--rate", "4", "--duration", "2"])
        .output()
        .expect("run virada load");
    let report = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{report}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let moves = report.lines().find(|l| l.starts_with("moves:")).unwrap();
    assert!(number_before(moves, "seen") > 0, "{report}");
    assert!(moves.contains("lost 0;"), "{report}");
    let memory = report
        .lines()
        .find(|l| l.starts_with("redis memory"))
        .unwrap_or_else(|| panic!("no redis memory line in {report}"));
    // "… MB with 4 tables seated (N KB a table) …": four tables take room.
    let per_table: f64 = memory
        .split("seated (")
        .nth(1)
        .and_then(|s| s.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no KB a table in {memory}"));
    assert!(per_table > 0.0, "{memory}");
}

/// The run moved at least `least` times, lost none and met no error.
fn moved_losing_nothing(report: &str, least: u64) {
    let moves = line(report, "moves:");
    assert!(number_before(moves, "seen") >= least, "{report}");
    assert!(moves.contains("lost 0;"), "{report}");
    assert!(report.contains("errors: none"), "{report}");
}

/// A line of `report` that starts with `start`.
fn line<'a>(report: &'a str, start: &str) -> &'a str {
    report
        .lines()
        .find(|l| l.starts_with(start))
        .unwrap_or_else(|| panic!("no {start} line in {report}"))
}

#[test]
fn a_load_past_one_processs_open_files_is_spread_over_several() {
    // The server as usual; the load generator held to 256 open files, too
    // few for 300 tables' 600 sockets in one process.
    let data = std::env::temp_dir().join(format!("virada-load-split-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    let mut server = Command::new(env!("CARGO_BIN_EXE_virada"))
        .args([
            "serve",
            "--port",
            "0",
            "--tables-per-address",
            "0",
            "--new-key",
            "--root",
        ])
        .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
        .arg("--data")
        .arg(&data)
        .env("RUST_LOG", "warn")
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("start virada serve");
    let port = crate::served_port(&mut server);
    let script = format!(
        "ulimit -n 256 && exec '{}' load --url http://127.0.0.1:{port} \
         --tables 300 --rate 1 --duration 3",
        env!("CARGO_BIN_EXE_virada")
    );
    let out = Command::new("bash")
        .args(["-c", &script])
        .output()
        .expect("run virada load");
    let _ = server.kill();
    let _ = server.wait();
    let _ = std::fs::remove_dir_all(&data);
    let report = String::from_utf8_lossy(&out.stdout);
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{report}\n{said}");
    assert!(said.contains("300 tables over 4 processes"), "{said}");
    assert!(report.contains("tables: 300 of 300 connected"), "{report}");
    assert!(report.contains("connections: 600 at the start"), "{report}");
    moved_losing_nothing(&report, 600);
    assert!(report.contains("in 4 processes"), "{report}");
}

#[test]
fn three_servers_behind_the_shipped_proxy_are_loaded_beside_one_alone() {
    let out = Command::new(env!("CARGO_BIN_EXE_virada"))
        .args(["load", "--spawn", "--servers", "3", "--beside-one"])
        .args(["--tables", "20", "--rate", "2", "--duration", "3"])
        .output()
        .expect("run virada load");
    let report = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{report}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // One server alone first, then three behind haproxy.
    let runs: Vec<&str> = report.split("command: ").skip(1).collect();
    assert_eq!(runs.len(), 2, "{report}");
    assert!(
        runs[0].contains("servers: one virada serve --redis alone"),
        "{report}"
    );
    assert!(
        runs[1].contains("servers: 3 virada serve --redis behind haproxy"),
        "{report}"
    );
    for run in &runs {
        moved_losing_nothing(run, 1);
    }
    // Every table's sockets reach its server: at most one PUBLISH in ten
    // moves (none, here), where every move cost about three before.
    let publish = line(runs[1], "redis PUBLISH while moving");
    let a_move: f64 = publish
        .rsplit(", ")
        .next()
        .and_then(|s| s.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{publish}"));
    assert!(a_move <= 0.1, "{publish}");
    assert!(report.contains("beside one server alone: p99 "), "{report}");
}

#[test]
fn a_rolling_restart_of_three_servers_loses_no_move() {
    let out = Command::new(env!("CARGO_BIN_EXE_virada"))
        .args(["load", "--spawn", "--servers", "3", "--rolling-restart"])
        .args(["--tables", "30", "--rate", "2", "--duration", "8"])
        .output()
        .expect("run virada load");
    let report = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{report}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Each server stopped in turn (SIGTERM), its tables handed on, and
    // started again; the players reconnected as the pages do.
    for i in 1..=3 {
        assert!(
            report.contains(&format!(
                "rolling restart: server {i} handed its tables on and stopped in "
            )),
            "{report}"
        );
    }
    let moves = line(&report, "moves:");
    assert!(moves.contains("lost 0;"), "{report}");
    assert!(number_before(moves, "seen") > 0, "{report}");
    assert!(
        line(&report, "errors:").contains("reconnected "),
        "{report}"
    );
}
