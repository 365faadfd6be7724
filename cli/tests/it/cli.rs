//! The `virada` command line: output format and bad arguments.

use std::process::{Command, Output};

fn virada(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_virada"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The last line: `perft DEPTH NODES 0.41s 517.7M/s`; returns NODES.
fn perft_nodes(out: &Output, depth: u32) -> u64 {
    assert!(out.status.success(), "{}", stderr(out));
    let text = stdout(out);
    let last = text.lines().last().expect("a line");
    let words: Vec<&str> = last.split(' ').collect();
    assert_eq!(words.len(), 5, "{last}");
    assert_eq!(words[0], "perft");
    assert_eq!(words[1], depth.to_string());
    let secs = words[3].strip_suffix('s').expect("seconds end in s");
    assert!(secs.parse::<f64>().is_ok(), "{last}");
    let rate = words[4].strip_suffix("M/s").expect("rate ends in M/s");
    assert!(rate.parse::<f64>().is_ok(), "{last}");
    words[2].parse().expect("a count")
}

#[test]
fn perft_prints_the_count_last() {
    assert_eq!(perft_nodes(&virada(&["perft", "8"]), 8), 390_216);
    assert_eq!(perft_nodes(&virada(&["perft", "0"]), 0), 1);
}

#[test]
fn perft_from_an_obf_position() {
    let line = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";
    let position: virada::Obf = line.parse().unwrap();
    let expected = position.position.perft(5);
    assert_eq!(
        perft_nodes(&virada(&["perft", "5", "--obf", line]), 5),
        expected
    );
    // Annotations may follow, as in the FFO files.
    let annotated = format!("{line}; G8:+18;");
    let out = virada(&["perft", "5", "--obf", &annotated]);
    assert_eq!(perft_nodes(&out, 5), expected);
    // --divide lists each move and still ends with the total.
    let out = virada(&["perft", "3", "--divide", "--obf", line]);
    let text = stdout(&out);
    let parts: u64 = text
        .lines()
        .filter(|l| !l.starts_with("perft"))
        .map(|l| l.split(' ').nth(1).unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(text.lines().count(), 9);
    assert_eq!(perft_nodes(&out, 3), parts);
}

#[test]
fn bad_arguments_are_refused_clearly() {
    let cases: [(&[&str], &str); 8] = [
        (&[], "Usage"),
        (&["perft"], "DEPTH"),
        (&["perft", "x"], "invalid"),
        (&["perft", "-3"], "unexpected argument"),
        (&["perft", "99"], "too deep"),
        (&["perft", "5", "--obf", "junk"], "--obf: column 1"),
        (
            &["perft", "5", "--obf", "-----"],
            "--obf: the board has 5 cells",
        ),
        (&["frobnicate"], "unrecognized subcommand"),
    ];
    for (args, needle) in cases {
        let out = virada(args);
        let err = stderr(&out);
        assert!(!out.status.success(), "{args:?} succeeded");
        assert_ne!(out.status.code(), Some(101), "{args:?} panicked: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}

#[test]
fn bench_prints_its_figure_and_method() {
    let out = virada(&["bench", "--depth", "7", "--runs", "1"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("one thread"), "{text}");
    assert!(text.contains("55092 leaves"), "{text}");
    assert!(text.contains("M leaves/s"), "{text}");
    let out = virada(&["bench", "--depth", "20"]);
    assert!(!out.status.success());
}

#[test]
fn solve_each_move_prints_every_legal_move() {
    let dir = std::env::temp_dir().join(format!("virada-solve-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temp dir");
    let file = dir.join("p.obf");
    // The start of FFO #40 with its 20 empties.
    std::fs::write(
        &file,
        "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X; A2:+38;\n",
    )
    .expect("written");
    let out = virada(&["solve", file.to_str().expect("utf-8"), "--each-move"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("#1 a2 +38 "), "{text}");
    // Then one line a legal move, the best of them +38 (a2).
    let moves: Vec<(&str, i32)> = lines[1..lines.len() - 1]
        .iter()
        .map(|l| {
            let w: Vec<&str> = l.split(' ').collect();
            assert_eq!(w.len(), 3, "{l}");
            assert_eq!(w[0], "#1");
            (w[1], w[2].parse().expect("a score"))
        })
        .collect();
    assert!(moves.len() >= 10, "{text}");
    assert_eq!(moves.iter().map(|m| m.1).max(), Some(38));
    assert!(moves.contains(&("a2", 38)));
    // On two threads, the same move and scores (nodes and seconds aside).
    let out = virada(&[
        "solve",
        file.to_str().expect("utf-8"),
        "--each-move",
        "--threads",
        "2",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let threaded = stdout(&out);
    let threaded: Vec<&str> = threaded.lines().collect();
    assert!(threaded[0].starts_with("#1 a2 +38 "), "{threaded:?}");
    assert_eq!(threaded[1..lines.len() - 1], lines[1..lines.len() - 1]);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn match_players_take_probcut_and_book_switches() {
    let openings = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/data/xot-openings.txt"
    );
    let out = virada(&[
        "match",
        "level:10@20000/fitted/nobook",
        "level:10@20000/margin",
        "--games",
        "2",
        "--openings",
        openings,
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("level:10@20000/fitted/nobook vs level:10@20000/margin: 2 games"),
        "{text}"
    );
    let out = virada(&["match", "level:10/bogus", "level:9", "--openings", openings]);
    assert!(!out.status.success());
    let err = stderr(&out);
    assert!(err.contains("unknown player \"level:10/bogus\""), "{err}");
    assert!(
        err.contains("[/fullwidth|/fitted|/margin][/nobook]"),
        "{err}"
    );
}

#[test]
fn a_match_player_may_search_on_several_threads() {
    let openings = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/data/xot-openings.txt"
    );
    let out = virada(&[
        "match",
        "level:10@20000/t2/nobook",
        "level:10@20000/nobook",
        "--games",
        "2",
        "--openings",
        openings,
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("level:10@20000/t2/nobook vs level:10@20000/nobook: 2 games"),
        "{text}"
    );
    for bad in ["level:10/t0", "level:10/t", "level:10/tx"] {
        let out = virada(&["match", bad, "level:9", "--openings", openings]);
        assert!(!out.status.success(), "{bad}");
        assert!(stderr(&out).contains("unknown player"), "{bad}");
    }
}
