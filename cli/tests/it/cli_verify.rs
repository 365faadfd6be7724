//! `virada verify`: the same checks as the library, exit 0 only when all pass.

use std::io::Write;
use std::process::{Command, Stdio};

const RECORDS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/records");

fn virada() -> Command {
    Command::new(env!("CARGO_BIN_EXE_virada"))
}

#[test]
fn a_good_record_exits_zero_and_lists_the_checks() {
    let out = virada()
        .args(["verify", &format!("{RECORDS}/good-with-word.txt")])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(0), "{text}");
    for check in ["fingerprint", "dark-seat", "moves", "table-moves", "result"] {
        assert!(
            text.contains(&format!("passed  {check}: ")),
            "{check}: {text}"
        );
    }
}

#[test]
fn a_tampered_record_exits_one_naming_the_failed_check() {
    let out = virada()
        .args([
            "verify",
            &format!("{RECORDS}/bad/result.count-mismatch.txt"),
        ])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text.contains("failed  result: the moves end with dark 38 light 26"),
        "{text}"
    );
}

#[test]
fn stdin_and_json() {
    let good = std::fs::read(format!("{RECORDS}/good-no-word.txt")).unwrap();
    let mut child = virada()
        .args(["verify", "-", "--json"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(&good).unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8(out.stdout)
        .unwrap()
        .starts_with("{\"ok\":true,"));
}

#[test]
fn unreadable_input_is_an_error_not_a_panic() {
    let out = virada()
        .args(["verify", "/nonexistent/record"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let mut child = virada()
        .args(["verify", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(&[0xff, 0xfe, 0x00])
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not UTF-8"));
}

#[test]
fn every_good_record_file_passes_including_one_written_by_the_page() {
    let mut n = 0;
    for entry in std::fs::read_dir(RECORDS).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "txt") {
            let out = virada().arg("verify").arg(&path).output().unwrap();
            assert_eq!(out.status.code(), Some(0), "{}", path.display());
            n += 1;
        }
    }
    assert!(n >= 3);
    assert!(std::path::Path::new(&format!("{RECORDS}/good-from-page.txt")).exists());
}
