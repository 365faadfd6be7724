//! A game paired in a tournament: its record's `tournament` line (version
//! 4) names the tournament and the round, is read back and written the
//! same, is part of what the digest covers, and says itself in the
//! verifier's report; a malformed line is refused with its code. Its
//! colours are the pairing's (W7): the first seat plays dark whatever the
//! seed, and the verifier checks that rather than the draw; a record
//! written before that rule (the pairing's first move as the handicap
//! `seat1:first`, the colours drawn) still verifies.

use virada::game::fairness::{Contribution, Seed};
use virada::game::rules::Rules as _;
use virada::game::{Colours, Seat};
use virada::record::{parse, verify_text, write_record, Record, TournamentRound};
use virada::table::{Settings, Table};

fn round(id: &str, round: u32) -> TournamentRound {
    TournamentRound {
        id: id.into(),
        round,
    }
}

/// A table at the online table's start: a seed (`ab…` unless `seed`),
/// both seats' contributions made.
fn started(seed: Option<Seed>) -> Table<virada::Position> {
    let settings = Settings {
        seats: [Seat::Person, Seat::Person],
        clock: Some(virada::clock::TimeControl::PerMove { seconds: 30 }),
        seed: Some(seed.unwrap_or_else(|| "ab".repeat(32).parse::<Seed>().unwrap())),
        word: String::new(),
        handicap: None,
    };
    let mut t = Table::othello(settings).unwrap();
    t.set_seed_chosen(false);
    let give = |b: u8| Contribution {
        random: Some([b; 32]),
        word: String::new(),
    };
    t.set_contributions([give(3), give(4)]).unwrap();
    t
}

/// The game played out by the time-out rule, its record parsed.
fn played_out(mut t: Table<virada::Position>) -> Record {
    while t.session().rules().verdict().is_none() {
        t.time_out().unwrap();
    }
    parse(&t.record(true)).unwrap()
}

fn finished_record() -> Record {
    played_out(started(None))
}

/// A seed whose colour draw gives dark to the second seat: where the
/// pairing's colours and the draw's differ.
fn seed_drawing_dark_second() -> Seed {
    (0..=255u8)
        .map(|b| Seed([b; 32]))
        .find(|&seed| started(Some(seed)).session().dark_seat() == 1)
        .expect("some seed draws dark for the second seat")
}

#[test]
fn a_tournament_game_names_its_tournament_and_round() {
    let mut t = started(None);
    assert!(t.set_colours(Colours::Paired(round("9f3a-c0_de", 3))));
    let mut r = played_out(t);
    assert_eq!(r.tournament, Some(round("9f3a-c0_de", 3)));
    r.names = Some(["ana".into(), "bruno".into()]);
    let text = write_record(&r);
    assert!(text.starts_with("virada-record 4\n"), "{text}");
    let lines: Vec<&str> = text.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.starts_with("result: "))
        .unwrap();
    assert_eq!(lines[at + 1], "tournament: 9f3a-c0_de round 3", "{text}");
    assert!(lines[at + 2].starts_with("digest: "), "{text}");
    let back = parse(&text).unwrap();
    assert_eq!(back.tournament, r.tournament);
    assert_eq!(write_record(&back), text);
    let report = verify_text(&text);
    assert!(report.all_passed(), "{report}");
    let check = report.get("tournament").expect("the report names it");
    assert_eq!(check.code, "tournament-game");
    assert_eq!(check.param("tournament"), "9f3a-c0_de");
    assert_eq!(check.param("round"), "3");
    // The line is under the digest: another round is a changed record.
    let changed = text.replace("round 3", "round 4");
    let report = verify_text(&changed);
    assert_eq!(report.get("digest").unwrap().code, "digest-mismatch");
}

#[test]
fn a_game_outside_a_tournament_has_no_line() {
    let text = write_record(&finished_record());
    assert!(!text.contains("tournament"), "{text}");
    assert_eq!(parse(&text).unwrap().tournament, None);
    assert!(verify_text(&text).get("tournament").is_none());
}

#[test]
fn a_malformed_tournament_line_is_refused_with_its_code() {
    let mut r = finished_record();
    r.tournament = Some(round("t1", 1));
    let text = write_record(&r);
    for bad in [
        "tournament: t1 round 0",
        "tournament: t1 round 1000",
        "tournament: t1 1",
        "tournament: t 1 round 1",
        "tournament: round 1",
        "tournament: t1 round 1 extra",
        "tournament: <b>x</b> round 1",
    ] {
        let changed = text.replace("tournament: t1 round 1", bad);
        let err = parse(&changed).unwrap_err();
        assert_eq!(err.code(), "bad-tournament", "{bad}");
    }
}

#[test]
fn the_pairing_gives_dark_to_the_first_seat_whatever_the_seed_and_the_report_says_so() {
    let seed = seed_drawing_dark_second();
    let mut t = started(Some(seed));
    assert!(t.set_colours(Colours::Paired(round("swiss-7", 2))));
    assert_eq!(t.session().dark_seat(), 0, "the pairing's first mover");
    let mut r = played_out(t);
    assert_eq!((r.dark, r.handicap), (0, None));
    r.names = Some(["ana".into(), "bruno".into()]);
    let text = write_record(&r);
    assert!(text.contains("\ndark: first\n"), "{text}");
    assert!(!text.contains("handicap"), "{text}");
    let report = verify_text(&text);
    assert!(report.all_passed(), "{report}");
    let check = report.get("dark-seat").unwrap();
    assert_eq!(check.code, "dark-seat-pairing", "{report}");
    assert_eq!(check.param("who"), "ana");
    assert_eq!(
        check.to_string(),
        "the tournament's pairing gives dark to the first seat (ana)"
    );
    let tournament = report.get("tournament").unwrap();
    assert_eq!(
        (tournament.param("tournament"), tournament.param("round")),
        ("swiss-7", "2")
    );
    // The seed is still the one committed to: its fingerprint is checked.
    assert_eq!(report.get("fingerprint").unwrap().code, "fingerprint-ok");
    // The same game outside the tournament: the draw decides, and it gave
    // dark to the other seat.
    r.tournament = None;
    let report = verify_text(&write_record(&r));
    assert_eq!(
        report.get("dark-seat").unwrap().code,
        "dark-seat-mismatch",
        "{report}"
    );
}

#[test]
fn a_tournament_record_whose_dark_is_the_second_seat_fails_with_its_code() {
    let mut r = played_out(started(Some(seed_drawing_dark_second())));
    // Colours as the draw gave them, the record claiming the tournament.
    assert_eq!(r.dark, 1);
    r.tournament = Some(round("t1", 4));
    let report = verify_text(&write_record(&r));
    assert!(!report.all_passed(), "{report}");
    let check = report.first_failure().unwrap();
    assert_eq!(
        (check.check, check.code),
        ("dark-seat", "dark-seat-pairing-mismatch"),
        "{report}"
    );
    assert_eq!(
        check.to_string(),
        "the tournament's pairing gives dark to the first seat, the record says the second"
    );
}

#[test]
fn a_tournament_record_written_before_the_pairings_colours_still_verifies() {
    // Before W7 the server gave the pairing's first mover V2's first move
    // over the drawn colours; here the draw gave it light.
    let mut t = started(Some(seed_drawing_dark_second()));
    t.set_handicap("seat1:first").unwrap();
    assert!(
        !t.set_colours(Colours::Paired(round("t1", 1))),
        "a pairing's game has no handicap"
    );
    let mut r = played_out(t);
    assert_eq!(r.dark, 1);
    r.tournament = Some(round("old-swiss", 1));
    let text = write_record(&r);
    assert!(text.contains("\nhandicap: seat1:first\n"), "{text}");
    let report = verify_text(&text);
    assert!(report.all_passed(), "{report}");
    assert_eq!(report.get("dark-seat").unwrap().code, "dark-seat-ok");
    // Its first move as it was given: the handicap's, the first seat light.
    let handicap = report.get("handicap").unwrap();
    assert_eq!(handicap.code, "handicap-first", "{report}");
    assert_eq!(
        (handicap.param("seat"), handicap.param("color")),
        ("first", "light")
    );
    assert_eq!(report.get("tournament").unwrap().code, "tournament-game");
}

#[test]
fn the_colours_are_set_before_the_first_move_only() {
    let mut t = started(Some(seed_drawing_dark_second()));
    t.time_out().unwrap();
    assert!(!t.set_colours(Colours::Paired(round("t1", 1))));
    assert_eq!(t.session().dark_seat(), 1, "nothing changed");
}
