//! `virada swiss pair` and `virada swiss check` on tournaments bbpPairings
//! made (tests/data/swiss/, docs/tournaments.md).

use std::process::Command;
use virada::tournament::{Colour, Trf};

const SWISS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/swiss");

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
        .args([
            "swiss",
            "pair",
            &format!("{SWISS}/bbp-seed148-before-r8.trf"),
            "-p",
        ])
        .arg(&out)
        .status()
        .expect("virada runs");
    assert!(status.success());
    let ours = std::fs::read_to_string(&out).expect("the pairs were written");
    let theirs = std::fs::read_to_string(format!("{SWISS}/bbp-seed148-before-r8.pairs"))
        .expect("bbpPairings' answer");
    assert_eq!(ours, theirs);
    // Without -p, the same on standard output.
    let printed = virada()
        .args([
            "swiss",
            "pair",
            &format!("{SWISS}/bbp-seed148-before-r8.trf"),
        ])
        .output()
        .expect("virada runs");
    assert_eq!(String::from_utf8_lossy(&printed.stdout), theirs);
}

#[test]
fn check_says_a_tournament_was_paired_by_the_dutch_system() {
    let out = virada()
        .args(["swiss", "check", &format!("{SWISS}/bbp-seed110.trf")])
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
    let text = std::fs::read_to_string(format!("{SWISS}/bbp-seed110.trf")).expect("the file");
    let mut trf = Trf::parse(&text).expect("a valid TRF");
    // Round 5's first game with colours swapped.
    let a = trf
        .players
        .iter()
        .position(|p| p.games[4].played())
        .expect("a game");
    let o = trf.players[a].games[4].opponent.expect("an opponent");
    let b = trf
        .players
        .iter()
        .position(|p| p.id == o)
        .expect("the opponent");
    for i in [a, b] {
        let g = &mut trf.players[i].games[4];
        g.colour = g.colour.map(Colour::other);
    }
    let path = scratch("tampered.trf");
    std::fs::write(&path, trf.write()).expect("written");
    let out = virada()
        .args(["swiss", "check"])
        .arg(&path)
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
    let path = scratch("bad.trf");
    std::fs::write(&path, "XXR seven\n").expect("written");
    let out = virada()
        .args(["swiss", "pair"])
        .arg(&path)
        .output()
        .expect("virada runs");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("line 1: not a number of rounds [trf-bad-line]"),
        "{err}"
    );
}
