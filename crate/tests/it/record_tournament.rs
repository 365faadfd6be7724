//! A game paired in a tournament: its record's `tournament` line (version
//! 4) names the tournament and the round, is read back and written the
//! same, is part of what the digest covers, and says itself in the
//! verifier's report; a malformed line is refused with its code.

use virada::game::fairness::{Contribution, Seed};
use virada::game::rules::Rules as _;
use virada::game::Seat;
use virada::record::{parse, verify_text, write_record, Record, TournamentRound};
use virada::table::{Settings, Table};

fn finished_record() -> Record {
    let settings = Settings {
        seats: [Seat::Person, Seat::Person],
        clock: Some(virada::clock::TimeControl::PerMove { seconds: 30 }),
        seed: Some("ab".repeat(32).parse::<Seed>().unwrap()),
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
    while t.session().rules().verdict().is_none() {
        t.time_out().unwrap();
    }
    parse(&t.record(true)).unwrap()
}

#[test]
fn a_tournament_game_names_its_tournament_and_round() {
    let mut r = finished_record();
    r.names = Some(["ana".into(), "bruno".into()]);
    r.tournament = Some(TournamentRound {
        id: "9f3a-c0_de".into(),
        round: 3,
    });
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
    r.tournament = Some(TournamentRound {
        id: "t1".into(),
        round: 1,
    });
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
