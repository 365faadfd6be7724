//! The notations read what they write, read the repository's data files, and
//! refuse malformed input with the specific error, never a panic.

use crate::common::{data_path, random_game, Rng};
use virada::{
    parse_obf_text, parse_transcript, write_transcript, write_transcript_with_passes, GgfGame,
    Move, Obf, Position,
};

#[test]
fn transcripts_round_trip_random_games_with_passes() {
    let mut rng = Rng(0x1234_5678_9abc_def1);
    let mut with_pass = 0;
    for _ in 0..3000 {
        let (moves, _) = random_game(&mut rng, 100);
        with_pass += usize::from(moves.contains(&Move::Pass));
        let full = write_transcript_with_passes(&moves);
        assert_eq!(
            parse_transcript(&full, Position::start()),
            Ok(moves.clone())
        );
        assert_eq!(
            parse_transcript(&full.to_lowercase(), Position::start()),
            Ok(moves.clone())
        );
        // The compact form drops passes; reading puts back all but a last one.
        let mut expected = moves.clone();
        while expected.last() == Some(&Move::Pass) {
            expected.pop();
        }
        let compact = write_transcript(&moves);
        assert_eq!(parse_transcript(&compact, Position::start()), Ok(expected));
        assert_eq!(
            parse_transcript(&compact.to_uppercase(), Position::start())
                .map(|m| write_transcript(&m)),
            Ok(compact)
        );
    }
    assert!(with_pass > 10, "only {with_pass} games with a pass");
}

#[test]
fn a_move_after_the_end_is_refused() {
    let mut rng = Rng(77);
    let (moves, seen) = random_game(&mut rng, 200);
    assert!(seen.last().unwrap().is_game_over());
    let text = write_transcript(&moves) + "a1";
    let err = parse_transcript(&text, Position::start()).unwrap_err();
    assert_eq!(err.code(), "transcript-after-end");
    let err = parse_transcript(&(write_transcript(&moves) + "PA"), Position::start()).unwrap_err();
    assert_eq!(err.code(), "transcript-after-end");
}

#[test]
fn every_xot_opening_reads_and_writes_back() {
    let text = std::fs::read_to_string(data_path("xot-openings.txt")).unwrap();
    let mut count = 0;
    for line in text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('%'))
    {
        let moves = parse_transcript(line.trim(), Position::start())
            .unwrap_or_else(|e| panic!("{line}: {e}"));
        assert_eq!(moves.len(), 8, "{line}");
        assert_eq!(write_transcript(&moves), line.trim().to_lowercase());
        count += 1;
    }
    assert_eq!(count, 2000);
}

#[test]
fn every_ffo_line_reads_and_writes_back_exactly() {
    for file in ["fforum-01-19.obf", "fforum-20-39.obf", "fforum-40-49.obf"] {
        let text = std::fs::read_to_string(data_path(file)).unwrap();
        let all = parse_obf_text(&text).unwrap_or_else(|e| panic!("{file}: {e}"));
        let lines: Vec<&str> = text
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('%'))
            .collect();
        assert_eq!(all.len(), lines.len());
        for (obf, line) in all.iter().zip(lines) {
            assert_eq!(obf.to_string(), line.trim_end(), "{file}");
            // The best move comes first and every legal move is annotated.
            assert_eq!(
                obf.annotations.len() as u32,
                obf.position.legal_moves().count().max(1)
            );
        }
    }
}

#[test]
fn obf_round_trips_random_positions() {
    let mut rng = Rng(99);
    for _ in 0..300 {
        let (_, seen) = random_game(&mut rng, 100);
        for position in seen {
            let mut obf = Obf::new(position);
            for (i, sq) in position.legal_moves().squares().enumerate() {
                obf.annotations.push(virada::Annotation {
                    mv: Move::Play(sq),
                    score: (i as i32 * 7) % 129 - 64,
                });
            }
            let text = obf.to_string();
            assert_eq!(text.parse::<Obf>(), Ok(obf), "{text}");
        }
    }
}

#[test]
fn ggf_round_trips_random_games_from_random_starts() {
    let mut rng = Rng(0xfeed);
    for n in 0..500 {
        // Start from a position some moves in, so BO is not the usual one.
        let (_, seen) = random_game(&mut rng, rng_plies(n));
        let start = *seen.last().unwrap();
        let mut position = start;
        let mut moves = Vec::new();
        while !position.is_game_over() {
            let legal: Vec<_> = position.legal_moves().squares().collect();
            let mv = if legal.is_empty() {
                Move::Pass
            } else {
                Move::Play(legal[rng.below(legal.len())])
            };
            position = position.play_move(mv).unwrap();
            moves.push(mv);
        }
        let mut game = GgfGame::from_moves(start, &moves);
        game.set_property("PB", "dark player");
        game.set_property("PW", "light [player]");
        game.set_property("RE", "+2.000");
        let text = game.to_string();
        let back: GgfGame = text.parse().unwrap_or_else(|e| panic!("{text}\n{e}"));
        assert_eq!(back, game);
        assert_eq!(back.end(), Ok(position));
        // Passes left out of the record are put back.
        let no_passes = text.replace("B[PA]", "").replace("W[PA]", "");
        let back: GgfGame = no_passes.parse().unwrap();
        let mut expected = moves.clone();
        while expected.last() == Some(&Move::Pass) {
            expected.pop();
        }
        assert_eq!(back.plain_moves(), expected);
    }
}

fn rng_plies(n: usize) -> usize {
    n % 40
}

/// Each malformed OBF line gets its own error code, and the message names the place.
#[test]
fn malformed_obf_lines() {
    let board = "---------------------------OX------XO---------------------------";
    let cases: Vec<(String, &str, &str)> = vec![
        (String::new(), "obf-empty", ""),
        ("   % only a comment".into(), "obf-empty", ""),
        (format!("{} X", &board[1..]), "obf-wrong-length", "63 cells"),
        (format!("{board}- X"), "obf-wrong-length", "65 cells"),
        (
            format!("{}Z{} X", &board[..10], &board[11..]),
            "obf-bad-cell",
            "column 11",
        ),
        (board.to_string(), "obf-missing-side", ""),
        (format!("{board} ;"), "obf-missing-side", ""),
        (format!("{board} Q"), "obf-bad-side", "column 66"),
        (format!("{board} XO"), "obf-bad-side", "column 66"),
        (format!("{board} X junk"), "obf-trailing-text", "column 68"),
        (format!("{board} X; D3"), "obf-bad-annotation", "column 69"),
        (format!("{board} X; Z9:+2;"), "obf-bad-move", "column 69"),
        (format!("{board} X; D3:+65;"), "obf-bad-score", "column 69"),
        (format!("{board} X; D3:two;"), "obf-bad-score", "column 69"),
        (format!("{board} X; A1:+2;"), "obf-illegal-move", "a1"),
        (format!("{board} X; PA:+2;"), "obf-illegal-move", "PA"),
        (
            format!("{board} X; D3:+2; d3:+1;"),
            "obf-duplicate-move",
            "column 76",
        ),
        (
            format!("{board} X; D3:+2;").repeat(100),
            "obf-too-long",
            "7",
        ),
    ];
    for (line, code, place) in cases {
        let err = line.parse::<Obf>().unwrap_err();
        assert_eq!(err.code(), code, "{line:?}: {err}");
        assert!(err.to_string().contains(place), "{line:?}: {err}");
    }
    // A good line for contrast, and the line number in a longer text.
    assert!(format!("{board} X; D3:+2; c4:-1").parse::<Obf>().is_ok());
    let err = parse_obf_text(&format!("{board} X\n\n{board} Y\n")).unwrap_err();
    assert_eq!((err.line, err.code()), (3, "obf-bad-side"));
    assert!(err.to_string().starts_with("line 3:"));
}

/// Each malformed GGF record gets its own error code, and the message names the place.
#[test]
fn malformed_ggf_records() {
    let bo = "BO[8 ---------------------------O*------*O--------------------------- *]";
    let ok = format!("(;GM[Othello]PB[a]PW[b]TY[8]{bo}B[f5]W[d6];)");
    assert!(ok.parse::<GgfGame>().is_ok());
    let cases: Vec<(String, &str, &str)> = vec![
        (String::new(), "ggf-not-a-game", "column 1"),
        ("GM[Othello]".into(), "ggf-not-a-game", "column 1"),
        ("(;GM[Othello]B[f5]".into(), "ggf-unterminated", "column 1"),
        (
            "(;GM[Othello]PB[never closed;)".into(),
            "ggf-unterminated",
            "column 16",
        ),
        (
            "(;GM[Othello]pb[x];)".into(),
            "ggf-bad-property-name",
            "column 14",
        ),
        (
            "(;GM[Othello]PB x;)".into(),
            "ggf-missing-value",
            "column 14",
        ),
        (
            "(;GM[Othello]PB[a]PB[b];)".into(),
            "ggf-duplicate-property",
            "column 19",
        ),
        (
            format!("(;GM[Othello]{bo}{bo};)"),
            "ggf-duplicate-property",
            "column 86",
        ),
        ("(;GM[Chess];)".into(), "ggf-wrong-game", "column 6"),
        (
            "(;GM[Othello]TY[10];)".into(),
            "ggf-wrong-board-size",
            "column 17",
        ),
        (
            "(;GM[Othello]BO[10 - *];)".into(),
            "ggf-wrong-board-size",
            "column 17",
        ),
        (
            format!("(;GM[Othello]{};)", bo.replace("O*--", "Oz--")),
            "ggf-bad-cell",
            "column 47",
        ),
        (
            "(;GM[Othello]BO[8 ---- *];)".into(),
            "ggf-wrong-cell-count",
            "4 cells",
        ),
        (
            "(;GM[Othello]BO[8];)".into(),
            "ggf-wrong-cell-count",
            "0 cells",
        ),
        (
            format!("(;GM[Othello]{};)", bo.replace(" *]", " ?]")),
            "ggf-bad-side",
            "\"?\"",
        ),
        (
            format!("(;GM[Othello]B[f5]{bo};)"),
            "ggf-board-after-moves",
            "column 19",
        ),
        (
            format!("(;GM[Othello]{bo}B[z9];)"),
            "ggf-bad-move",
            "move 1",
        ),
        (
            format!("(;GM[Othello]{bo}B[f5/1/2/3];)"),
            "ggf-bad-move",
            "move 1",
        ),
        (
            format!("(;GM[Othello]{bo}B[f5/abc];)"),
            "ggf-bad-move",
            "move 1",
        ),
        (
            format!("(;GM[Othello]{bo}W[f5];)"),
            "ggf-wrong-color",
            "move 1",
        ),
        (
            format!("(;GM[Othello]{bo}B[f5]W[f5];)"),
            "ggf-occupied",
            "move 2",
        ),
        (
            format!("(;GM[Othello]{bo}B[f5]W[a1];)"),
            "ggf-no-flips",
            "move 2",
        ),
        (
            format!("(;GM[Othello]{bo}B[f5]W[PA];)"),
            "ggf-pass-not-forced",
            "move 2",
        ),
        (format!("{ok} more"), "ggf-trailing-text", "column"),
        (
            format!("(;GM[Othello]PC[{}];)", "x".repeat(70_000)),
            "ggf-too-long",
            "70",
        ),
    ];
    for (text, code, place) in cases {
        let err = text.parse::<GgfGame>().unwrap_err();
        assert_eq!(err.code(), code, "{text:.120}: {err}");
        assert!(err.to_string().contains(place), "{text:.120}: {err}");
    }
    // A finished game takes no further move.
    let full = "--------".repeat(8);
    let after_end = format!("(;GM[Othello]BO[8 {} *]B[a1];)", full.replacen('-', "*", 1));
    let err = after_end.parse::<GgfGame>().unwrap_err();
    assert_eq!(err.code(), "ggf-after-end");
}

/// Random bytes and random mutations of good input: every reader returns, and
/// whatever it accepts it writes back to something it reads the same.
#[test]
fn no_input_makes_a_reader_panic() {
    let seeds = [
        "f5d6c3d3c4f4f6f3e6e7".to_string(),
        std::fs::read_to_string(data_path("fforum-01-19.obf"))
            .unwrap()
            .lines()
            .next()
            .unwrap()
            .to_string(),
        "(;GM[Othello]PB[a]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[f5//1.0]W[d6];)".to_string(),
    ];
    let alphabet = b"abcdefghABCDEFGHpaPA0123456789XO*-;:%+/[]()\\ \nBWGMOTY.";
    let mut rng = Rng(0x5eed_1234);
    for round in 0..30_000 {
        let base = seeds[round % 3].as_bytes();
        let mut bytes: Vec<u8> = if round % 10 == 0 {
            (0..rng.below(200)).map(|_| rng.next() as u8).collect()
        } else {
            base.to_vec()
        };
        for _ in 0..1 + rng.below(4) {
            let at = rng.below(bytes.len() + 1);
            match rng.below(4) {
                0 if at < bytes.len() => {
                    bytes.remove(at);
                }
                1 => bytes.insert(at, alphabet[rng.below(alphabet.len())]),
                2 if at < bytes.len() => bytes[at] = alphabet[rng.below(alphabet.len())],
                _ => bytes.insert(at, rng.next() as u8),
            }
        }
        let text = String::from_utf8_lossy(&bytes);
        if let Ok(moves) = parse_transcript(&text, Position::start()) {
            let again = write_transcript_with_passes(&moves);
            assert_eq!(parse_transcript(&again, Position::start()), Ok(moves));
        }
        if let Ok(obf) = text.parse::<Obf>() {
            assert_eq!(obf.to_string().parse::<Obf>(), Ok(obf));
        }
        let _ = parse_obf_text(&text);
        if let Ok(game) = text.parse::<GgfGame>() {
            assert_eq!(game.to_string().parse::<GgfGame>(), Ok(game));
        }
    }
}
