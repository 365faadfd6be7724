//! A scripted NBoard session against the `virada nboard` binary, with the
//! exact replies expected (times reported as 0 for reproducibility).

use std::io::Write;
use std::process::{Command, Stdio};

fn session(script: &str) -> String {
    session_with(&[], script)
}

/// [`session`] with more arguments for `virada nboard`.
fn session_with(args: &[&str], script: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_virada"))
        .args(["nboard", "--zero-times", "--hash-mb", "8"])
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(script.as_bytes())
        .expect("script written");
    let out = child.wait_with_output().expect("the session ends");
    assert!(out.status.success());
    String::from_utf8(out.stdout).expect("utf-8")
}

/// `text` with each node count (after `nodestats ` or ` nodes `) written
/// `N`, after checking that it is a positive number: the counts change with
/// the evaluation's weights and the search's ordering, the replies do not.
fn counts_as_n(text: &str) -> String {
    let mut out = String::new();
    for line in text.lines() {
        let mut words: Vec<String> = line.split(' ').map(str::to_string).collect();
        for i in 1..words.len() {
            if words[i - 1] == "nodestats" || (words[i - 1] == "nodes" && words[0] == "status") {
                let n: u64 = words[i].parse().expect("a node count");
                assert!(n > 0, "{line}");
                words[i] = "N".into();
            }
        }
        out.push_str(&words.join(" "));
        out.push('\n');
    }
    out
}

#[test]
fn an_endgame_session_answers_go_hint_ping_with_exact_scores() {
    // FFO #1 (tests/data/fforum-01-19.obf): G8 +18, H1 +12 for dark to move.
    let board =
        "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO--".replace('X', "*");
    let script = format!(
        "nboard 2\nset depth 10\nset game (;GM[Othello]PC[test]TY[8]BO[8 {board} *];)\n\
         ping 7\ngo\nhint 2\nlearn\nunknown command\nquit\n"
    );
    // On one thread and on three sharing the table: the same answers.
    for threads in ["1", "3"] {
        let out = session_with(&["--threads", threads], &script);
        assert_eq!(counts_as_n(&out), FFO_1_SESSION, "{threads} threads");
    }
}

/// What [`an_endgame_session_answers_go_hint_ping_with_exact_scores`] hears.
const FFO_1_SESSION: &str = "set myname Virada\n\
         set myname Virada10\n\
         pong 7\n\
         status Virada is thinking\n\
         nodestats N 0.0\n\
         status depth 14 exact nodes N time 0.00\n\
         === G8/18.00/0.0\n\
         status\n\
         status Virada is thinking\n\
         search G8 18.00 0 60\n\
         search H1 12.00 0 60\n\
         status\n\
         learned\n";

#[test]
fn a_game_record_and_moves_set_the_position_and_bad_input_warns() {
    let script = "nboard 2\nset depth 1\n\
        set game (;GM[Othello]PC[NBoard]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[F6]B[E6]W[F4];)\n\
        move E3/0.5/1.2\nhint 1\nmove Z9\nset game (;GM[Othello]BO[8 *** *];)\nping 3\nquit\n";
    // After f5 f6 e6 f4 e3, light to move.
    let out = session(script);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0..3],
        [
            "set myname Virada",
            "set myname Virada1",
            "status Virada is thinking"
        ]
    );
    assert!(lines[3].starts_with("search "), "{}", lines[3]);
    assert_eq!(lines[4], "status");
    assert!(
        lines[5].starts_with("warning 'z9' is not a square"),
        "{}",
        lines[5]
    );
    assert_eq!(
        lines[6],
        "warning bad game: column 17: the board has 3 cells; it needs 64"
    );
    assert_eq!(lines[7], "pong 3");
    assert_eq!(lines.len(), 8);
}

#[test]
fn a_level_with_a_node_budget_plays_as_the_page_and_says_how_deep_it_went() {
    // The start position: level 10 answers from its opening book. Then a
    // position no game reaches (a corner each besides the centre), where it
    // searches on 20,000 nodes; then a bad level.
    let mut board = "---------------------------O*------*O---------------------------".to_string();
    board.replace_range(0..1, "*");
    board.replace_range(63..64, "O");
    let script = format!(
        "nboard 2\nset level 10\nset nodes 20000\ngo\n\
         set game (;GM[Othello]PC[test]TY[8]BO[8 {board} *];)\ngo\nset level 11\nquit\n"
    );
    let out = session(&script);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0..5],
        [
            "set myname Virada",
            "set myname Virada-L10",
            "status Virada is thinking",
            "nodestats 0 0.0",
            "status book",
        ]
    );
    let first = [&lines[5], &lines[10]].map(|line| {
        let answer = line.strip_prefix("=== ").expect(line);
        answer.split('/').next().unwrap_or("").to_string()
    });
    for square in &first {
        assert!(
            ["D3", "C4", "F5", "E6"].contains(&square.as_str()),
            "{first:?}"
        );
    }
    assert_eq!(lines[6], "status");
    assert_eq!(lines[7], "status Virada is thinking");
    let nodes: u64 = lines[8]
        .strip_prefix("nodestats ")
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .expect(lines[8]);
    // The budget is checked between nodes, so it may run over by a little.
    assert!(nodes > 0 && nodes < 25_000, "{}", lines[8]);
    let depth: u32 = lines[9]
        .strip_prefix("status depth ")
        .and_then(|rest| rest.split(' ').next())
        .and_then(|d| d.parse().ok())
        .expect(lines[9]);
    assert!((2..20).contains(&depth), "{}", lines[9]);
    assert!(
        lines[9].ends_with(&format!(" nodes {nodes} time 0.00")),
        "{}",
        lines[9]
    );
    assert_eq!(lines[11], "status");
    assert_eq!(lines[12], "warning bad level \"11\"");
    assert_eq!(lines.len(), 13);
}

#[test]
fn a_synchro_random_game_is_played_and_a_refused_game_gets_no_move() {
    // A GGS synchro game with a random start (its board is in BO): read as an
    // ordinary 8×8 game, so `go` answers for its position. Then an
    // anti-Othello game is refused, and until a good `set game` arrives
    // nothing is played, moved or hinted; the next good one plays again.
    let board = "--------\
                 --------\
                 --*O----\
                 --O**O--\
                 --*O*O--\
                 ---O*---\
                 --------\
                 --------";
    let synchro =
        format!("(;GM[Othello]PC[GGS/os]PB[ann]PW[bob]TY[s8r12]BO[8 {board} *]B[c2]W[b1];)");
    let anti = synchro.replace("TY[s8r12]", "TY[8a]");
    let script = format!(
        "nboard 2\nset depth 2\nset game {synchro}\ngo\nset game {anti}\n\
         go\nmove D2\nhint 1\nanalyze\nping 1\nset game {synchro}\ngo\nquit\n"
    );
    let out = session(&script);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0..3],
        [
            "set myname Virada",
            "set myname Virada2",
            "status Virada is thinking"
        ]
    );
    // Dark to move after c2 b1 in the synchro position: a legal move of it.
    let after: virada::Position = {
        let game: virada::GgfGame = synchro.parse().expect("the synchro game reads");
        game.end().expect("it replays")
    };
    let legal: Vec<String> = after
        .legal_moves()
        .into_iter()
        .map(|sq| sq.to_string().to_ascii_uppercase())
        .collect();
    let answers: Vec<String> = lines
        .iter()
        .filter_map(|l| l.strip_prefix("=== "))
        .map(|a| a.split('/').next().unwrap_or("").to_string())
        .collect();
    assert_eq!(answers.len(), 2, "{out}");
    for answer in &answers {
        assert!(legal.contains(answer), "{answer} not in {legal:?}\n{out}");
    }
    let refused = lines
        .iter()
        .position(|l| l.starts_with("warning bad game:"))
        .expect("the anti game is refused");
    assert!(
        lines[refused].contains("anti-Othello"),
        "{}",
        lines[refused]
    );
    let no_game = "warning no game: the last set game was refused";
    for (i, what) in ["go", "move", "hint", "analyze"].iter().enumerate() {
        assert!(
            lines[refused + 1 + i].starts_with(no_game),
            "{what}: {}",
            lines[refused + 1 + i]
        );
    }
    assert_eq!(lines[refused + 5], "pong 1");
    assert_eq!(lines[refused + 6], "status Virada is thinking");
}
