//! `virada nabu moves` and `virada nabu perft`: output order and bad input.

use crate::virada;
use std::process::Output;

fn lines(out: &Output) -> Vec<String> {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(String::from)
        .collect()
}

#[test]
fn moves_lists_placements_then_captures_then_swap() {
    // 6×6, the N11 board: captures b2:c2, b2:b3, d3:d3 for X.
    let cells = concat!("-XX---", "XOOX--", "XOOOX-", "-XXX--", "------", "------");
    let out = lines(&virada(&["nabu", "moves", cells, "X", "--second-turn"]));
    let captures: Vec<&str> = out
        .iter()
        .filter(|l| l.contains(':'))
        .map(String::as_str)
        .collect();
    assert_eq!(captures, ["b2:c2", "b2:b3", "d3:d3"]);
    assert_eq!(out.last().map(String::as_str), Some("swap"));
    let first_capture = out.iter().position(|l| l.contains(':')).expect("a capture");
    assert!(out[..first_capture].iter().all(|l| !l.contains(':')));
    assert_eq!(out[0], "a1");
    // Placements in reading order: row 1 first, a… within a row.
    let placements: Vec<&String> = out[..first_capture].iter().collect();
    let key = |s: &str| {
        let col = s.as_bytes()[0];
        let row: u32 = s[1..].parse().expect("row");
        (row, col)
    };
    assert!(placements.windows(2).all(|w| key(w[0]) < key(w[1])));
    // A full board with no move: no legal move, so nothing is printed (the
    // side must pass, N5), and the command still succeeds.
    let full = "X".repeat(25);
    let out = virada(&["nabu", "moves", &full, "O"]);
    assert!(out.status.success());
    assert!(lines(&out).is_empty());
}

#[test]
fn bad_input_exits_2_with_a_message() {
    for args in [
        vec!["nabu", "moves", "XO-", "X"],
        vec!["nabu", "moves", "-------------------------", "Z"],
        vec!["nabu", "moves", "------------------------?", "X"],
        vec!["nabu", "perft", "4", "1"],
        vec![
            "nabu",
            "perft",
            "6",
            "1",
            "--cells",
            "-------------------------",
        ],
    ] {
        let out = virada(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(!out.stderr.is_empty(), "{args:?}");
    }
}

#[test]
fn perft_counts_from_the_empty_board() {
    let out = lines(&virada(&["nabu", "perft", "5", "2"]));
    let words: Vec<&str> = out[0].split(' ').collect();
    // 25 first placements; then 24 cells minus those N6 forbids, plus swap.
    assert_eq!(words[..4], ["perft", "5x5", "2", "589"]);
}
