//! Swiss pairings by the Dutch system against bbpPairings' own: the files in
//! `tests/data/swiss/` are tournaments its generator made (`bbpPairings.exe
//! --dutch -g CONFIG -o FILE -s SEED`, each round paired by bbpPairings as it
//! went), and one round's cut with bbpPairings' pairing of the next round
//! (`bbpPairings.exe --dutch FILE -p`). See `docs/tournaments.md`.

use super::swiss_files::{data, read_pairs, swap_colours};
use virada::tournament::{
    breaches, check_rounds, pair_next_round, Breach, Colour, Outcome, Pair, Trf,
};

const TOURNAMENTS: [&str; 4] = [
    "bbp-seed108.trf",
    "bbp-seed110.trf",
    "bbp-seed148.trf",
    "bbp-seed163.trf",
];

#[test]
fn every_round_of_bbppairings_tournaments_is_paired_alike() {
    let mut rounds = 0;
    for name in TOURNAMENTS {
        let trf = Trf::parse(&data(name)).expect("a valid TRF");
        for r in check_rounds(&trf) {
            assert!(
                r.agrees(),
                "{name} round {}: {:?} against {:?}",
                r.round,
                r.expected,
                r.played
            );
            rounds += 1;
        }
        assert_eq!(breaches(&trf).expect("checkable"), vec![], "{name}");
    }
    assert!(rounds >= 30, "{rounds} rounds checked");
}

#[test]
fn the_next_round_is_bbppairings_board_for_board_in_its_order() {
    let trf = Trf::parse(&data("bbp-seed148-before-r8.trf")).expect("a valid TRF");
    let ours = pair_next_round(&trf).expect("a pairing");
    assert_eq!(ours, read_pairs(&data("bbp-seed148-before-r8.pairs")));
}

/// Two late entries (no rounds yet), a half-point bye asked for and an
/// absence written ahead: the two are left out, the newcomers paired, as
/// bbpPairings pairs it.
#[test]
fn late_entries_byes_asked_for_and_absences_pair_as_bbppairings() {
    let trf = Trf::parse(&data("bbp-seed12-before-r4-late.trf")).expect("a valid TRF");
    let ours = pair_next_round(&trf).expect("a pairing");
    assert_eq!(ours, read_pairs(&data("bbp-seed12-before-r4-late.pairs")));
    let ids: Vec<u32> = ours
        .iter()
        .flat_map(|p| [Some(p.white), p.black])
        .flatten()
        .collect();
    assert!(
        ids.contains(&53) && ids.contains(&54),
        "the late entries play"
    );
    assert!(
        !ids.contains(&3) && !ids.contains(&7),
        "the bye and the absence do not"
    );
}

/// Six players, no game yet: the top half meets the bottom half, 1–4,
/// 2–5, 3–6, colours alternating from the top seed's white (C.04.3 B and
/// E.5, and C.04.2 for the first round's colours).
/// A `001` line: pairing number, rating, score and the rounds' blocks.
fn line(id: u32, rating: u32, score: &str, rounds: &str) -> String {
    let name = format!("Player {id}");
    format!(
        "001 {id:>4}      {name:<34}{rating:>4}{:28}{score:>4} {id:>4}{rounds}",
        ""
    )
}

#[test]
fn round_one_pairs_the_halves_with_alternating_colours() {
    let mut text = String::from("012 Round one\nXXR 5\nXXC white1\n");
    for id in 1..=7u32 {
        text.push_str(&line(id, 2000 - id, "0.0", ""));
        text.push('\n');
    }
    let seven = Trf::parse(&text).expect("a valid TRF");
    let pairs = pair_next_round(&seven).expect("a pairing");
    let p = |w, b| Pair { white: w, black: b };
    assert_eq!(
        pairs,
        vec![p(1, Some(4)), p(5, Some(2)), p(3, Some(6)), p(7, None)]
    );
    let mut six = seven.clone();
    six.players.pop();
    six.initial_colour = Some(Colour::Black);
    assert_eq!(
        pair_next_round(&six).expect("a pairing"),
        vec![p(4, Some(1)), p(2, Some(5)), p(6, Some(3))]
    );
}

#[test]
fn a_trf_round_trips_through_its_writer() {
    for name in TOURNAMENTS {
        let trf = Trf::parse(&data(name)).expect("a valid TRF");
        let again = Trf::parse(&trf.write()).expect("our own TRF reads back");
        assert_eq!(
            again.players,
            trf.players
                .iter()
                .map(|p| {
                    let mut p = p.clone();
                    // The writer pads the head to 80 columns.
                    p.head = format!("{:<80}", p.head);
                    p
                })
                .collect::<Vec<_>>(),
            "{name}"
        );
        assert_eq!(again.rounds, trf.rounds);
        assert_eq!(again.points, trf.points);
    }
}

#[test]
fn a_changed_round_is_found_and_said() {
    let mut trf = Trf::parse(&data("bbp-seed110.trf")).expect("a valid TRF");
    // Swap the colours of one game of round 3: still legal, not the Dutch system's.
    swap_colours(&mut trf, 3);
    let checks = check_rounds(&trf);
    assert!(
        !checks[2].agrees(),
        "round 3 is not the Dutch system's any more"
    );
    assert!(checks[..2].iter().all(|r| r.agrees()));
}

#[test]
fn broken_absolute_criteria_are_named() {
    let mut trf = Trf::parse(&data("bbp-seed108.trf")).expect("a valid TRF");
    // Round 2 replays round 1 for two players that met there.
    let a = trf
        .players
        .iter()
        .position(|p| p.games[0].played())
        .expect("a game");
    let o = trf.players[a].games[0].opponent.expect("an opponent");
    let b = trf
        .players
        .iter()
        .position(|p| p.id == o)
        .expect("the opponent");
    let (ga, gb) = (trf.players[a].games[0], trf.players[b].games[0]);
    let (old_a, old_b) = (
        trf.players[a].games[1].opponent,
        trf.players[b].games[1].opponent,
    );
    trf.players[a].games[1] = ga;
    trf.players[b].games[1] = gb;
    // Their round-2 opponents meet each other instead, if they had any.
    if let (Some(x), Some(y)) = (old_a, old_b) {
        let xi = trf.players.iter().position(|p| p.id == x).expect("x");
        let yi = trf.players.iter().position(|p| p.id == y).expect("y");
        trf.players[xi].games[1].opponent = Some(y);
        trf.players[yi].games[1].opponent = Some(x);
    }
    let found = breaches(&trf).expect("checkable");
    let pair = (trf.players[a].id.min(o), trf.players[a].id.max(o));
    assert!(
        found.contains(&Breach::Rematch {
            round: 2,
            players: pair
        }),
        "{found:?}"
    );
}

/// A block of a round: opponent, colour, result.
fn block(rounds: &[(u32, char, char)]) -> String {
    rounds
        .iter()
        .map(|(o, c, r)| format!("  {o:>4} {c} {r}"))
        .collect()
}

#[test]
fn two_players_with_the_same_absolute_preference_meeting_is_named() {
    // 1 and 4 both had white twice, 2 and 3 black twice; round 3 (of 5, no
    // topscorers yet) pairs 1 with 4 and 2 with 3.
    let lines = [
        line(
            1,
            2000,
            "3.0",
            &block(&[(2, 'w', '1'), (3, 'w', '1'), (4, 'w', '1')]),
        ),
        line(
            2,
            1990,
            "0.5",
            &block(&[(1, 'b', '0'), (4, 'b', '0'), (3, 'w', '=')]),
        ),
        line(
            3,
            1980,
            "0.5",
            &block(&[(4, 'b', '0'), (1, 'b', '0'), (2, 'b', '=')]),
        ),
        line(
            4,
            1970,
            "2.0",
            &block(&[(3, 'w', '1'), (2, 'w', '1'), (1, 'b', '0')]),
        ),
    ];
    let trf =
        Trf::parse(&format!("XXR 5\nXXC white1\n{}\n", lines.join("\n"))).expect("a valid TRF");
    let found = breaches(&trf).expect("checkable");
    let colour = |player| Breach::Colour { round: 3, player };
    assert_eq!(found, vec![colour(1), colour(2), colour(3), colour(4)]);
    // As the last round, 1 and 4 (2 points of 2) are topscorers and may
    // meet; 2 and 3 may not.
    let mut last = trf.clone();
    last.rounds = Some(3);
    assert_eq!(
        breaches(&last).expect("checkable"),
        vec![colour(2), colour(3)]
    );
}

#[test]
fn the_trf_2026_point_line_is_read() {
    let trf = Trf::parse("162  W 3.0    D 1.0    P 1.0\n").expect("a valid line");
    assert_eq!(
        (trf.points.win, trf.points.draw, trf.points.pairing_bye),
        (30, 10, 10)
    );
    let err = Trf::parse("162  Q 3.0\n").expect_err("an unknown code");
    assert_eq!(err.code(), "trf-bad-line");
}

#[test]
fn bad_files_get_coded_errors() {
    let cases = [
        (line(1, 2000, "1.0", "     2 x 1"), "trf-bad-line"),
        (line(1, 2000, "1.0", "     9 w 1"), "trf-unknown-opponent"),
        (line(1, 2000, "7.5", "  0000 - U"), "trf-score-mismatch"),
        ("XXA    1  1.0".to_string(), "trf-unsupported"),
        ("XXR x".to_string(), "trf-bad-line"),
        (
            format!("{}\n{}", line(1, 2000, "0.0", ""), line(1, 2000, "0.0", "")),
            "trf-repeated-id",
        ),
    ];
    for (text, code) in cases {
        let err = Trf::parse(&text).expect_err(&text);
        assert_eq!(err.code(), code, "{text:?}: {err}");
        assert!(!err.to_string().is_empty());
    }
    // Pairing needs the number of rounds; with every round paired, there
    // is no next one.
    let mut trf = Trf::parse(&data("bbp-seed163.trf")).expect("a valid TRF");
    assert_eq!(
        pair_next_round(&trf).expect_err("no XXR").code(),
        "swiss-no-rounds"
    );
    trf.rounds = Some(trf.played_rounds() as u32);
    assert_eq!(
        pair_next_round(&trf).expect_err("finished").code(),
        "swiss-finished"
    );
}

#[test]
fn byes_and_forfeits_count_as_the_trf_states() {
    let trf = Trf::parse(&data("bbp-seed148.trf")).expect("a valid TRF");
    let p = &trf.points;
    let pab = trf
        .players
        .iter()
        .flat_map(|pl| &pl.games)
        .find(|g| g.outcome == Outcome::PairingBye)
        .expect("a pairing-allocated bye");
    assert_eq!(p.of(pab), 10, "a win's points unless BBU says otherwise");
    let mut custom = trf.clone();
    custom.points.pairing_bye = 5;
    assert_eq!(custom.points.of(pab), 5);
    let text = custom.write();
    assert!(text.contains("BBU  0.5"), "{text}");
    let forfeit = trf
        .players
        .iter()
        .flat_map(|pl| &pl.games)
        .find(|g| g.outcome == Outcome::ForfeitWin && g.opponent.is_some())
        .expect("a forfeit");
    assert!(
        !forfeit.played(),
        "a forfeit is no game for colours and rematches"
    );
    assert_eq!(p.of(forfeit), 10);
}

/// A small xorshift: the mutations, the same on every run.
fn next(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

#[test]
fn changed_files_are_refused_or_paired_never_a_panic() {
    let text = data("bbp-seed110.trf");
    let alphabet: Vec<char> = " 0123456789wb-=+1LWDHFUZ\r\n.X".chars().collect();
    let mut state = 0x2545_f491_4f6c_dd1d;
    let (mut read, mut refused) = (0, 0);
    for _ in 0..400 {
        let mut chars: Vec<char> = text.chars().collect();
        for _ in 0..1 + next(&mut state) % 4 {
            let at = (next(&mut state) as usize) % chars.len();
            chars[at] = alphabet[(next(&mut state) as usize) % alphabet.len()];
        }
        let changed: String = chars.into_iter().collect();
        match Trf::parse(&changed) {
            Ok(mut trf) => {
                read += 1;
                let _ = check_rounds(&trf);
                let _ = breaches(&trf);
                trf.rounds = Some(trf.played_rounds() as u32 + 1);
                let _ = pair_next_round(&trf);
            }
            Err(e) => {
                refused += 1;
                assert!(!e.code().is_empty());
            }
        }
    }
    assert!(read > 0 && refused > 0, "{read} read, {refused} refused");
}
