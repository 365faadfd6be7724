//! `virada swiss pair` and `virada swiss check` on tournaments bbpPairings
//! made (tests/data/swiss/, docs/tournaments.md).

use std::process::Command;
use virada::tournament::Trf;

// The library's Swiss tests' set-up: the same files, read the same way.
#[path = "../../../crate/tests/it/swiss_files.rs"]
mod swiss_files;
use swiss_files::{data, path, swap_colours};

fn virada() -> Command {
    Command::new(env!("CARGO_BIN_EXE_virada"))
}

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("virada-swiss-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir.join(name)
}

#[test]
fn pair_writes_bbppairings_form_byte_for_byte() {
    let out = scratch("r8.pairs");
    let status = virada()
        .args(["swiss", "pair", &path("bbp-seed148-before-r8.trf"), "-p"])
        .arg(&out)
        .status()
        .expect("virada runs");
    assert!(status.success());
    let ours = std::fs::read_to_string(&out).expect("the pairs were written");
    let theirs = data("bbp-seed148-before-r8.pairs");
    assert_eq!(ours, theirs);
    // Without -p, the same on standard output.
    let printed = virada()
        .args(["swiss", "pair", &path("bbp-seed148-before-r8.trf")])
        .output()
        .expect("virada runs");
    assert_eq!(String::from_utf8_lossy(&printed.stdout), theirs);
}

#[test]
fn check_says_a_tournament_was_paired_by_the_dutch_system() {
    let out = virada()
        .args(["swiss", "check", &path("bbp-seed110.trf")])
        .output()
        .expect("virada runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(
        text.contains("round 8: the Dutch system's pairing"),
        "{text}"
    );
    assert!(text.contains("no absolute criterion broken"), "{text}");
}

#[test]
fn check_names_the_round_that_is_not_the_dutch_systems() {
    let mut trf = Trf::parse(&data("bbp-seed110.trf")).expect("a valid TRF");
    // Round 5's first game with colours swapped.
    swap_colours(&mut trf, 5);
    let tampered = scratch("tampered.trf");
    std::fs::write(&tampered, trf.write()).expect("written");
    let out = virada()
        .args(["swiss", "check"])
        .arg(&tampered)
        .output()
        .expect("virada runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(
        text.contains("round 5: not the Dutch system's pairing"),
        "{text}"
    );
    assert!(
        text.contains("round 4: the Dutch system's pairing"),
        "{text}"
    );
}

#[test]
fn a_bad_file_is_refused_with_its_code() {
    let bad = scratch("bad.trf");
    std::fs::write(&bad, "XXR seven\n").expect("written");
    let out = virada()
        .args(["swiss", "pair"])
        .arg(&bad)
        .output()
        .expect("virada runs");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("line 1: not a number of rounds [trf-bad-line]"),
        "{err}"
    );
}
