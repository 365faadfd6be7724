//! Match records (V1): a match of real games written, read back and
//! verified; every kind of tampering refused with its own reason; and
//! `virada verify` on a match record.

use sha2::{Digest, Sha256};
use std::process::Command;
use virada::game::fairness::{game_rng, Rng, Seed};
use virada::game::{session::Session, Seat};
use virada::record::matchplay::{game_points, MatchKind};
use virada::record::{
    self, is_match, parse, parse_match, score_games, verify_match_text, write_match, MatchVerdict,
    Status,
};
use virada::{Move, Position};

const SEATS: [Seat; 2] = [Seat::Person, Seat::Bot { level: 1 }];

/// A whole game from `seed` between `seats`: seeded random legal moves.
fn game(seed: Seed, seats: [Seat; 2]) -> String {
    let mut g = Session::<Position>::othello(seats, None, seed, "ganhei!".into());
    let mut ply = 0u64;
    while !g.is_over() {
        let p = *g.position();
        let legal: Vec<_> = p.legal_moves().into_iter().collect();
        let mv = if legal.is_empty() {
            Move::Pass
        } else {
            Move::Play(legal[game_rng(&seed, ply).next_u32() as usize % legal.len()])
        };
        g.play(mv, false).unwrap();
        ply += 1;
    }
    record::write(&g, true)
}

/// The points a game's record gives (first seat, second seat).
fn points(text: &str) -> [u32; 2] {
    let r = parse(text).unwrap();
    game_points(&r.result, r.dark).unwrap()
}

/// Games from seeds 1, 2, … until a match of `kind` is over.
fn match_games(kind: MatchKind) -> Vec<String> {
    let mut games = Vec::new();
    for b in 1u8.. {
        games.push(game(Seed([b; 32]), SEATS));
        if score_games(kind, &games).unwrap().0.is_over() {
            return games;
        }
    }
    unreachable!()
}

/// The failed checks, the match's and each game's, as (game, check, code).
fn failures(text: &str) -> Vec<(usize, &'static str, &'static str)> {
    let report = verify_match_text(text);
    let mut out: Vec<_> = report
        .checks
        .iter()
        .filter(|c| c.status == Status::Failed)
        .map(|c| (0, c.check, c.code))
        .collect();
    for g in &report.games {
        for c in g
            .report
            .checks
            .iter()
            .filter(|c| c.status == Status::Failed)
        {
            out.push((g.number, c.check, c.code));
        }
    }
    out
}

/// Rewrites the digest line to match the text (what a forger would do).
fn redigest(text: &str) -> String {
    let (body, _) = text.rsplit_once("digest: ").unwrap();
    format!(
        "{body}digest: {}\n",
        virada::game::fairness::hex(&Sha256::digest(body.as_bytes()))
    )
}

fn match_of(kind: MatchKind) -> (Vec<String>, String) {
    let games = match_games(kind);
    let text = write_match(kind, &games).unwrap();
    (games, text)
}

#[test]
fn a_match_of_real_games_round_trips_and_verifies() {
    for kind in [
        MatchKind::Points(16),
        MatchKind::Points(64),
        MatchKind::Games(2),
        MatchKind::Games(4),
    ] {
        let (games, text) = match_of(kind);
        assert!(is_match(&text));
        assert!(!is_match(&games[0]));
        let r = parse_match(&text).unwrap();
        assert_eq!((r.kind, r.seats), (kind, SEATS));
        assert_eq!(r.games.len(), games.len());
        let mut total = [0, 0];
        for (g, original) in r.games.iter().zip(&games) {
            assert_eq!(&g.text, original, "each game's record is held as written");
            let p = points(original);
            assert_eq!(g.points, p);
            total = [total[0] + p[0], total[1] + p[1]];
        }
        assert_eq!(r.total, total);
        match kind {
            MatchKind::Points(n) => {
                assert!(total.iter().any(|&t| t >= n));
                let before: [u32; 2] = r.games[..r.games.len() - 1]
                    .iter()
                    .fold([0, 0], |[a, b], g| [a + g.points[0], b + g.points[1]]);
                assert!(
                    before.iter().all(|&t| t < n),
                    "it ends as soon as a seat reaches {n}"
                );
            }
            MatchKind::Games(n) => assert_eq!(r.games.len(), n as usize),
        }
        let expected = match total[0].cmp(&total[1]) {
            std::cmp::Ordering::Greater => MatchVerdict::First,
            std::cmp::Ordering::Less => MatchVerdict::Second,
            std::cmp::Ordering::Equal => MatchVerdict::Draw,
        };
        assert_eq!(r.winner, expected);
        let report = verify_match_text(&text);
        assert!(report.all_passed(), "{report}");
        assert_eq!(report.games.len(), games.len());
        assert_eq!(report.get("match-total").unwrap().code, "total-ok");
        // Carriage returns and a byte-order mark change nothing.
        let crlf = format!("\u{feff}{}", text.replace('\n', "\r\n"));
        assert!(verify_match_text(&crlf).all_passed());
    }
}

#[test]
fn a_match_left_before_its_end_says_so() {
    let games = match_games(MatchKind::Points(128));
    let text = write_match(MatchKind::Points(128), &games[..1]).unwrap();
    assert!(text.contains("\nwinner: none\n"), "{text}");
    assert!(verify_match_text(&text).all_passed());
}

#[test]
fn the_writer_refuses_games_that_cannot_make_the_match() {
    let kind = MatchKind::Points(16);
    let mut games = match_games(kind);
    games.push(game(Seed([200; 32]), SEATS));
    assert_eq!(write_match(kind, &games).unwrap_err().code, "match-over");
    let other = vec![
        game(Seed([1; 32]), SEATS),
        game(Seed([2; 32]), [Seat::Person, Seat::Person]),
    ];
    assert_eq!(
        write_match(MatchKind::Games(2), &other).unwrap_err().code,
        "seats-mismatch"
    );
    assert_eq!(
        write_match(kind, &["junk".into()]).unwrap_err().code,
        "bad-record"
    );
    assert_eq!(write_match(kind, &[]).unwrap_err().code, "no-games");
}

#[test]
fn tampered_totals_and_points_are_refused() {
    let (_, text) = match_of(MatchKind::Games(4));
    let r = parse_match(&text).unwrap();
    let [a, b] = r.total;
    let total = format!("total: first {a} second {b}\n");
    let plain = text.replace(&total, &format!("total: first {} second {b}\n", a + 1));
    assert_eq!(
        failures(&plain),
        vec![
            (0, "match-digest", "match-digest-mismatch"),
            (0, "match-total", "total-mismatch")
        ]
    );
    assert_eq!(
        failures(&redigest(&plain)),
        vec![(0, "match-total", "total-mismatch")]
    );

    let winner = format!("winner: {}\n", r.winner.as_str());
    let other = if r.winner == MatchVerdict::First {
        "second"
    } else {
        "first"
    };
    let forged = redigest(&text.replace(&winner, &format!("winner: {other}\n")));
    assert_eq!(
        failures(&forged),
        vec![(0, "match-winner", "winner-mismatch")]
    );

    // A game's stated points, changed and the total made to agree: the
    // total counts the games' results, not the stated points.
    let [x, y] = r.games[1].points;
    let line = format!("game 2: first {x} second {y}\n");
    let forged = text
        .replace(&line, &format!("game 2: first {} second {y}\n", x + 3))
        .replace(&total, &format!("total: first {} second {b}\n", a + 3));
    assert_eq!(
        failures(&redigest(&forged)),
        vec![
            (0, "match-total", "total-mismatch"),
            (2, "game-points", "points-mismatch")
        ]
    );
}

#[test]
fn games_out_of_order_repeated_or_after_the_end_are_refused() {
    let (games, text) = match_of(MatchKind::Games(4));
    let swapped = text.replacen("game 2: ", "game 3: ", 1);
    let r = verify_match_text(&swapped);
    let c = r.get("match-format").unwrap();
    assert_eq!((c.status, c.code), (Status::Failed, "game-out-of-order"));
    assert!(
        c.param("message").contains("numbered"),
        "{}",
        c.param("message")
    );

    // The same game twice (a match of 2 games made from game 1 twice).
    let head = "virada-match 1\nmatch: 2 games\nseats: person, bot 1\n";
    let p = points(&games[0]);
    let body = format!(
        "{head}game 1: first {a} second {b}\n{g}game 2: first {a} second {b}\n{g}total: first {} second {}\nwinner: {}\ndigest: x\n",
        2 * p[0],
        2 * p[1],
        if p[0] > p[1] { "first" } else if p[0] < p[1] { "second" } else { "draw" },
        a = p[0],
        b = p[1],
        g = games[0]
    );
    assert_eq!(
        failures(&redigest(&body)),
        vec![(2, "match-order", "game-repeated")]
    );

    // A game appended after a points match was won.
    let (games, text) = match_of(MatchKind::Points(16));
    let extra = game(Seed([201; 32]), SEATS);
    let n = games.len() + 1;
    let [x, y] = points(&extra);
    let forged = text.replace(
        "total: ",
        &format!("game {n}: first {x} second {y}\n{extra}total: "),
    );
    let f = failures(&redigest(&forged));
    assert!(f.contains(&(n, "match-order", "game-after-end")), "{f:?}");
}

#[test]
fn a_changed_game_fails_its_own_checks_and_other_seats_are_refused() {
    let (_, text) = match_of(MatchKind::Games(2));
    // Game 1's word changed: its own digest and colour draw no longer hold.
    let forged = redigest(&text.replacen("word: ganhei!", "word: perdi", 1));
    let f = failures(&forged);
    assert!(f.contains(&(1, "digest", "digest-mismatch")), "{f:?}");
    assert!(f.iter().all(|(g, ..)| *g == 1), "{f:?}");
    // The match's seats changed: every game was played by others.
    let forged =
        redigest(&text.replace("seats: person, bot 1\ngame", "seats: bot 1, person\ngame"));
    let f = failures(&forged);
    assert_eq!(f.iter().filter(|x| x.1 == "game-seats").count(), 2, "{f:?}");
}

#[test]
fn a_match_record_cut_anywhere_never_passes() {
    let (_, text) = match_of(MatchKind::Games(2));
    let lines: Vec<&str> = text.lines().collect();
    for cut in 1..lines.len() {
        let part = lines[..cut].join("\n") + "\n";
        assert!(!verify_match_text(&part).all_passed(), "cut at line {cut}");
    }
    for (text, code) in [
        ("", "empty"),
        ("virada-record 1\n", "not-a-match"),
        ("virada-match 3\n", "unsupported-version"),
        ("virada-match1\n", "not-a-match"),
        ("virada-match 1\nmatch: to 17 points\n", "bad-match"),
        (
            "virada-match 1\nmatch: 2 games\nseats: person\n",
            "bad-seats",
        ),
        (
            "virada-match 1\nmatch: 2 games\nseats: person, person\ntotal: first 0 second 0\n",
            "no-games",
        ),
        (
            "virada-match 1\nmatch: 2 games\nseats: person, person\ngame 1: first 01 second 0\n",
            "bad-game-line",
        ),
    ] {
        let r = verify_match_text(text);
        assert_eq!(r.checks.len(), 1);
        assert_eq!(r.checks[0].code, code, "{text:?}");
    }
    let trailing = text.clone() + "more\n";
    assert_eq!(verify_match_text(&trailing).checks[0].code, "trailing-text");
}

#[test]
fn the_report_as_json_names_each_game() {
    let (games, text) = match_of(MatchKind::Points(16));
    let json = verify_match_text(&text).to_json();
    assert!(
        json.starts_with("{\"ok\":true,\"match\":{\"kind\":\"points\",\"target\":16"),
        "{json}"
    );
    for n in 1..=games.len() {
        assert!(
            json.contains(&format!("{{\"game\":{n},\"ok\":true,")),
            "{json}"
        );
    }
    assert!(json.contains("\"code\":\"total-ok\""));
}

#[test]
fn virada_verify_checks_a_match_record() {
    let (_, text) = match_of(MatchKind::Points(16));
    let dir = std::env::temp_dir().join(format!("virada-match-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("match.txt");
    std::fs::write(&good, &text).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_virada"))
        .args(["verify", good.to_str().unwrap()])
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(stdout.contains("game 1:\n  passed  format:"), "{stdout}");
    assert!(
        stdout.contains("passed  match-total: the games add up to"),
        "{stdout}"
    );

    let r = parse_match(&text).unwrap();
    let [a, b] = r.total;
    let bad = text.replace(
        &format!("total: first {a} second {b}"),
        &format!("total: first {b} second {a}"),
    );
    let tampered = dir.join("tampered.txt");
    std::fs::write(&tampered, redigest(&bad)).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_virada"))
        .args(["verify", tampered.to_str().unwrap(), "--json"])
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("\"code\":\"total-mismatch\""), "{stdout}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_match_record_written_by_the_page_verifies_and_its_tampered_copies_do_not() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/data/matches/good-from-page.txt"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let report = verify_match_text(&text);
    assert!(report.all_passed(), "{report}");
    let r = parse_match(&text).unwrap();
    assert_eq!(
        (r.kind, r.seats),
        (MatchKind::Games(2), [Seat::Person, Seat::Person])
    );
    assert_eq!(r.games.len(), 2);
    let total = r.games.iter().fold([0, 0], |[a, b], g| {
        let p = points(&g.text);
        assert_eq!(g.points, p);
        [a + p[0], b + p[1]]
    });
    assert_eq!(r.total, total);
    // The two games swapped and renumbered: the digest says so; recomputed
    // by a forger, each game and the total still check — the order of the
    // games is what their numbers and the digest say (docs/record-format.md).
    let block = |k: usize, as_k: usize| {
        let g = &r.games[k];
        format!(
            "game {as_k}: first {} second {}\n{}",
            g.points[0], g.points[1], g.text
        )
    };
    let swapped = text.replace(
        &format!("{}{}", block(0, 1), block(1, 2)),
        &format!("{}{}", block(1, 1), block(0, 2)),
    );
    assert_ne!(swapped, text);
    assert_eq!(
        failures(&swapped),
        vec![(0, "match-digest", "match-digest-mismatch")]
    );
    assert_eq!(failures(&redigest(&swapped)), vec![]);
}

#[test]
fn every_line_deleted_doubled_or_swapped_is_refused_without_a_panic() {
    let (_, text) = match_of(MatchKind::Games(2));
    let lines: Vec<&str> = text.lines().collect();
    let join = |v: Vec<&str>| v.join("\n") + "\n";
    for i in 0..lines.len() {
        let mut deleted = lines.clone();
        deleted.remove(i);
        let mut doubled = lines.clone();
        doubled.insert(i, lines[i]);
        for (what, t) in [("deleted", join(deleted)), ("doubled", join(doubled))] {
            assert!(!verify_match_text(&t).all_passed(), "line {} {what}", i + 1);
            assert!(
                !verify_match_text(&redigest_or_same(&t)).all_passed(),
                "line {} {what}, digest recomputed",
                i + 1
            );
        }
        if i + 1 < lines.len() && lines[i] != lines[i + 1] {
            let mut swapped = lines.clone();
            swapped.swap(i, i + 1);
            assert!(
                !verify_match_text(&join(swapped)).all_passed(),
                "lines {} and {} swapped",
                i + 1,
                i + 2
            );
        }
    }
}

/// The text with its last digest line recomputed, when it has one.
fn redigest_or_same(text: &str) -> String {
    if text.contains("digest: ") {
        redigest(text)
    } else {
        text.to_string()
    }
}
