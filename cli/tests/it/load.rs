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
