//! Records: writing, reading, verifying, and every kind of tampering rejected
//! with its own reason.

use virada::game::fairness::{dark_seat, game_rng, Rng, Seed};
use virada::game::{self, session::Session, Seat};

type Game = Session<virada::Position>;
use virada::record::{self, parse, verify, verify_text, write, write_record, Status};
use virada::{Move, Position};

/// A whole game from `seed`: seeded random legal moves, and on every 7th
/// ply the table's time-out move marked as such.
fn finished_game(seed: Seed, word: &str) -> Game {
    let mut game = Session::othello(
        [Seat::Person, Seat::Bot { level: 2 }],
        Some(30),
        seed,
        word.into(),
    );
    let mut ply = 0u64;
    while !game.is_over() {
        let p = *game.position();
        let legal: Vec<_> = p.legal_moves().into_iter().collect();
        let (mv, by_table) = if legal.is_empty() {
            (Move::Pass, false)
        } else if ply % 7 == 6 {
            (Move::Play(p.timeout_move().unwrap()), true)
        } else {
            let i = game_rng(&seed, ply).next_u32() as usize % legal.len();
            (Move::Play(legal[i]), false)
        };
        game.play(mv, by_table).unwrap();
        ply += 1;
    }
    game
}

/// A finished game with at least one pass in it.
fn game_with_pass() -> Game {
    (0u8..=255)
        .map(|b| finished_game(Seed([b; 32]), "ganhei!"))
        .find(|g| g.moves().iter().any(|m| m.mv == Move::Pass))
        .expect("some seed gives a game with a pass")
}

fn failed_codes(text: &str) -> Vec<(&'static str, &'static str)> {
    verify_text(text)
        .checks
        .iter()
        .filter(|c| c.status == Status::Failed)
        .map(|c| (c.check, c.code))
        .collect()
}

/// Rewrites the record with `f` applied, keeping the digest honest (a forger).
fn forge(text: &str, f: impl FnOnce(&mut record::Record)) -> String {
    let mut r = parse(text).unwrap();
    f(&mut r);
    write_record(&r)
}

fn replace_line(text: &str, key: &str, value: &str) -> String {
    text.lines()
        .map(|l| {
            if l.starts_with(&format!("{key}:")) {
                format!("{key}: {value}\n")
            } else {
                format!("{l}\n")
            }
        })
        .collect()
}

#[test]
fn an_untouched_record_passes_every_check() {
    let game = game_with_pass();
    let text = write(&game, true);
    let report = verify_text(&text);
    assert!(report.all_passed(), "{report}");
    let names: Vec<_> = report.checks.iter().map(|c| c.check).collect();
    assert_eq!(
        names,
        [
            "format",
            "digest",
            "fingerprint",
            "dark-seat",
            "signature",
            "moves",
            "table-moves",
            "result"
        ]
    );
    assert!(
        report
            .get("table-moves")
            .unwrap()
            .param("count")
            .parse::<u32>()
            .unwrap()
            > 0
    );
    assert_ne!(report.get("moves").unwrap().param("passes"), "0");
}

#[test]
fn a_record_round_trips() {
    let game = finished_game(Seed([3; 32]), "  a word with % and\ttab  ");
    let text = write(&game, true);
    let r = parse(&text).unwrap();
    assert_eq!(r.word, game.word);
    assert_eq!(r.seed, Some(game.seed));
    assert_eq!(r.seats, game.seats);
    assert_eq!(r.clock, game.clock);
    assert_eq!(r.moves, game::Moves::Othello(game.moves().to_vec()));
    assert_eq!(write_record(&r), text);
    assert!(verify(&r).all_passed());
    assert!(text.contains("word:   a word with %25 and%09tab  \n"));
}

#[test]
fn crlf_and_surrounding_blank_lines_are_accepted() {
    let text = write(&finished_game(Seed([4; 32]), ""), true);
    let crlf = format!("\r\n\n{}\r\n\n", text.replace('\n', "\r\n"));
    assert!(verify_text(&crlf).all_passed());
    let bom = format!("\u{feff}{text}");
    assert!(verify_text(&bom).all_passed());
}

#[test]
fn a_hidden_seed_checks_the_moves_but_not_the_colours() {
    let game = finished_game(Seed([5; 32]), "");
    let text = write(&game, false);
    assert!(text.contains("\nseed: hidden\n"));
    assert_eq!(
        failed_codes(&text),
        [("fingerprint", "seed-hidden"), ("dark-seat", "seed-hidden")]
    );
}

#[test]
fn a_chosen_seed_is_noticed_not_failed() {
    let mut game = finished_game(Seed([6; 32]), "");
    game.seed_chosen = true;
    let report = verify_text(&write(&game, true));
    assert!(report.all_passed());
    assert_eq!(report.get("seed").unwrap().status, Status::Notice);
}

#[test]
fn an_unfinished_game_says_so() {
    let mut game = Session::othello(
        [Seat::Person, Seat::Person],
        None,
        Seed([1; 32]),
        String::new(),
    );
    game.play(Move::Play("f5".parse().unwrap()), false).unwrap();
    let text = write(&game, true);
    assert!(text.contains("\nresult: dark 4 light 1 unfinished\n"));
    assert!(verify_text(&text).all_passed());
}

#[test]
fn a_changed_seed_fails_the_fingerprint() {
    let text = write(&game_with_pass(), true);
    let forged = forge(&text, |r| r.seed = Some(Seed([0x42; 32])));
    assert!(failed_codes(&forged).contains(&("fingerprint", "fingerprint-mismatch")));
}

#[test]
fn a_changed_fingerprint_fails_the_fingerprint() {
    let text = write(&game_with_pass(), true);
    let forged = forge(&text, |r| r.fingerprint[31] ^= 1);
    assert_eq!(
        failed_codes(&forged),
        [("fingerprint", "fingerprint-mismatch")]
    );
    let edited = replace_line(&text, "fingerprint", &"ab".repeat(32));
    assert_eq!(
        failed_codes(&edited),
        [
            ("digest", "digest-mismatch"),
            ("fingerprint", "fingerprint-mismatch")
        ]
    );
}

#[test]
fn a_changed_word_fails_the_digest_and_the_colours_when_they_change() {
    let game = game_with_pass();
    let text = write(&game, true);
    let edited = replace_line(&text, "word", "perdi");
    assert!(failed_codes(&edited).contains(&("digest", "digest-mismatch")));
    // A word that gives dark to the other seat, with the digest made anew.
    let other = (0..)
        .map(|i| format!("w{i}"))
        .find(|w| dark_seat(&game.seed, w) != game.dark_seat())
        .unwrap();
    let forged = forge(&text, |r| r.word = other);
    assert_eq!(failed_codes(&forged), [("dark-seat", "dark-seat-mismatch")]);
}

#[test]
fn swapped_colours_fail_the_dark_seat() {
    let text = write(&game_with_pass(), true);
    let forged = forge(&text, |r| r.dark = 1 - r.dark);
    assert_eq!(failed_codes(&forged), [("dark-seat", "dark-seat-mismatch")]);
}

#[test]
fn changed_seats_and_clock_fail_the_digest() {
    let text = write(&game_with_pass(), true);
    for (key, value) in [
        ("seats", "bot 2, person"),
        ("seats", "person, person"),
        ("clock", "60"),
        ("clock", "off"),
    ] {
        let edited = replace_line(&text, key, value);
        assert!(
            failed_codes(&edited).contains(&("digest", "digest-mismatch")),
            "{key}: {value}"
        );
    }
    let forged = forge(&text, |r| r.clock = None);
    assert_eq!(
        failed_codes(&forged)[0],
        ("table-moves", "table-move-without-clock")
    );
}

#[test]
fn every_single_changed_move_is_rejected() {
    let game = game_with_pass();
    let text = write(&game, true);
    let plies = game.moves().len();
    let alternatives: Vec<Move> = Position::start()
        .board()
        .empty()
        .into_iter()
        .map(Move::Play)
        .chain([Move::Pass])
        .collect();
    for ply in 0..plies {
        for alt in alternatives
            .iter()
            .chain([&Move::Play("d4".parse().unwrap())])
        {
            let mut moves = game.moves().to_vec();
            if moves[ply].mv == *alt {
                continue;
            }
            moves[ply].mv = *alt;
            let forged = forge(&text, |r| r.moves = game::Moves::Othello(moves.clone()));
            // A plain edit keeps the old digest line.
            let mut edited = forged.clone();
            let old = &text[text.find("digest: ").unwrap()..];
            edited.replace_range(edited.find("digest: ").unwrap().., old);
            assert!(failed_codes(&edited).contains(&("digest", "digest-mismatch")));
            // With an honest digest, the replay itself must catch it, unless the
            // changed move is another legal game with the same end.
            let report = verify_text(&forged);
            if report.all_passed() {
                let mut g = Session::othello(game.seats, game.clock, game.seed, game.word.clone());
                for m in &moves {
                    g.play(m.mv, m.by_table).unwrap();
                }
                assert_eq!(g.position().board(), game.position().board());
            }
        }
    }
}

#[test]
fn an_illegal_move_names_its_ply() {
    let game = game_with_pass();
    let text = write(&game, true);
    let mut moves = game.moves().to_vec();
    moves[0].mv = Move::Play("a1".parse().unwrap());
    let forged = forge(&text, |r| r.moves = game::Moves::Othello(moves));
    let report = verify_text(&forged);
    let c = report.get("moves").unwrap();
    assert_eq!(
        (c.status, c.code, c.param("ply"), c.param("why")),
        (Status::Failed, "illegal-move", "1", "no-flips")
    );
    assert_eq!(report.get("result").unwrap().code, "not-replayed");
}

#[test]
fn a_pass_that_was_not_forced_is_rejected() {
    let text = write(&game_with_pass(), true);
    let forged = forge(&text.replacen("moves: ", "moves: PA ", 1), |_| {});
    let c = verify_text(&forged);
    assert_eq!(c.get("moves").unwrap().param("why"), "pass-with-moves");
}

#[test]
fn table_marks_are_checked_against_the_time_out_rule() {
    let game = game_with_pass();
    let text = write(&game, true);
    // Mark a move the rule would not have made.
    let ply = (0..game.moves().len())
        .find(|&i| {
            let mut g = Session::othello(game.seats, game.clock, game.seed, game.word.clone());
            for m in &game.moves()[..i] {
                g.play(m.mv, m.by_table).unwrap();
            }
            let m = game.moves()[i];
            !m.by_table
                && m.mv != Move::Pass
                && g.position().timeout_move().map(Move::Play) != Some(m.mv)
        })
        .unwrap();
    let mut moves = game.moves().to_vec();
    moves[ply].by_table = true;
    let forged = forge(&text, |r| r.moves = game::Moves::Othello(moves));
    let report = verify_text(&forged);
    let c = report.get("table-moves").unwrap();
    assert_eq!(
        (c.code, c.param("ply")),
        ("table-move-mismatch", (ply + 1).to_string().as_str())
    );
    // Removing a mark is a plain edit: the digest catches it.
    let first_mark = text.find(" *").unwrap();
    let mut edited = text.clone();
    edited.replace_range(first_mark + 1..first_mark + 2, "");
    assert_eq!(failed_codes(&edited), [("digest", "digest-mismatch")]);
}

#[test]
fn a_changed_result_fails_the_result() {
    let game = game_with_pass();
    let text = write(&game, true);
    let forged = forge(&text, |r| r.result.dark += 1);
    assert_eq!(failed_codes(&forged), [("result", "count-mismatch")]);
    let forged = forge(&text, |r| {
        r.result.verdict = match r.result.verdict {
            game::Verdict::DarkWins => game::Verdict::LightWins,
            _ => game::Verdict::DarkWins,
        }
    });
    assert_eq!(failed_codes(&forged), [("result", "verdict-mismatch")]);
    let forged = forge(&text, |r| r.result.verdict = game::Verdict::Unfinished);
    assert_eq!(failed_codes(&forged), [("result", "verdict-mismatch")]);
}

#[test]
fn every_truncation_is_rejected() {
    let text = write(&game_with_pass(), true);
    let end = text.trim_end().len();
    for cut in (0..end).filter(|&i| text.is_char_boundary(i)) {
        let codes = failed_codes(&text[..cut]);
        assert!(!codes.is_empty(), "cut at {cut}");
    }
}

#[test]
fn reordered_lines_and_moves_are_rejected() {
    let text = write(&game_with_pass(), true);
    let lines: Vec<&str> = text.lines().collect();
    for i in 0..lines.len() - 1 {
        let mut l = lines.clone();
        l.swap(i, i + 1);
        let t = l.join("\n") + "\n";
        let codes = failed_codes(&t);
        assert_eq!(codes.len(), 1, "swap {i}");
        assert_eq!(codes[0].0, "format");
    }
    // Two moves swapped, digest made anew: the replay fails.
    let mut r = parse(&text).unwrap();
    let game::Moves::Othello(m) = &mut r.moves else {
        panic!("an Othello record")
    };
    m.swap(0, 1);
    assert!(!verify(&parse(&write_record(&r)).unwrap()).all_passed());
}

#[test]
fn injected_junk_is_rejected_with_its_line() {
    let text = write(&game_with_pass(), true);
    let lines: Vec<&str> = text.lines().collect();
    for i in 1..=lines.len() {
        for junk in [
            "junk",
            "note: hello",
            "<script>alert(1)</script>",
            "word: again",
        ] {
            let mut l = lines.clone();
            l.insert(i, junk);
            let t = l.join("\n") + "\n";
            let report = verify_text(&t);
            let c = report.first_failure().unwrap();
            assert_eq!(c.check, "format", "{junk} at {i}");
            // A junk line that looks like the next field is read as it; the
            // line after it is then out of place.
            let line: usize = c.param("line").parse().unwrap();
            assert!(
                line == i + 1 || (junk == "word: again" && line == i + 2),
                "{junk} at {i}: {c}"
            );
        }
    }
}

#[test]
fn malformed_fields_have_their_own_codes() {
    let text = write(&game_with_pass(), true);
    for (key, value, code) in [
        ("game", "chess 8", "bad-game"),
        ("seats", "person", "bad-seats"),
        ("seats", "person, bot 3, bot 4", "bad-seats"),
        ("seats", "person, bot", "bad-seats"),
        ("seats", "person, bot 0", "bad-seats"),
        ("clock", "-5", "bad-clock"),
        ("clock", "0", "bad-clock"),
        ("fingerprint", "xyz", "bad-fingerprint"),
        ("seed", "hidden maybe", "bad-seed"),
        ("word", "100%", "bad-word"),
        ("word", "%ff", "bad-word"),
        ("dark", "third", "bad-dark"),
        ("moves", "f5  d6", "bad-move"),
        ("moves", "f5 *PA", "bad-move"),
        ("moves", "f5 i9", "bad-move"),
        ("result", "dark 1 light", "bad-result"),
        ("digest", "zz", "bad-digest"),
    ] {
        let t = replace_line(&text, key, value);
        let e = parse(&t).unwrap_err();
        assert_eq!(e.code(), code, "{key}: {value} → {e}");
        assert!(!e.to_string().is_empty());
    }
    assert_eq!(parse("").unwrap_err().code(), "empty");
    assert_eq!(parse("hello\n").unwrap_err().code(), "not-a-record");
    assert_eq!(
        parse("virada-record 5\n").unwrap_err().code(),
        "unsupported-version"
    );
    assert_eq!(
        parse(&format!("{text}more\n")).unwrap_err().code(),
        "trailing-text"
    );
    let big = "x".repeat(record::MAX_BYTES + 1);
    assert_eq!(parse(&big).unwrap_err().code(), "too-large");
    let many = replace_line(&text, "moves", &vec!["f5"; record::MAX_MOVES + 1].join(" "));
    assert_eq!(parse(&many).unwrap_err().code(), "too-many-moves");
}

#[test]
fn the_report_is_json() {
    let text = write(&game_with_pass(), true);
    let json = verify_text(&text).to_json();
    assert!(json.starts_with("{\"ok\":true,\"checks\":[{\"check\":\"format\""));
    let bad = verify_text("virada-record 1\n\"quoted\\\n").to_json();
    assert!(bad.starts_with("{\"ok\":false"));
    assert!(bad.contains("\\\"quoted\\\\"));
}

#[test]
fn ggf_export_lists_the_moves() {
    let game = game_with_pass();
    let ggf = record::ggf::write(&game);
    assert!(ggf.starts_with("(;GM[Othello]"));
    assert!(
        ggf.contains("BO[8 ---------------------------O*------*O--------------------------- *]")
    );
    assert!(
        ggf.contains("B[f5]")
            || ggf.contains("B[d3]")
            || ggf.contains("B[c4]")
            || ggf.contains("B[e6]")
    );
    assert!(ggf.contains("[PA]"));
    assert!(ggf.ends_with(";)"));
    let n = ggf.matches("]B[").count() + ggf.matches("]W[").count();
    assert_eq!(n, game.moves().len());
}
