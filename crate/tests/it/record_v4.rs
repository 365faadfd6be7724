//! Records of version 4 (a game between accounts): the seats' names and a
//! rated game's ratings before and after, written, read back and
//! verified; the verifier recomputes each rating after with Glicko-2 and
//! refuses a changed one, ratings for a game the table does not rate, and
//! malformed lines.

use virada::game::fairness::{Contribution, Seed};
use virada::game::rules::Rules as _;
use virada::game::Seat;
use virada::rating::{rate, Stated};
use virada::record::{parse, rating_outcome, verify_text, write_record, Record};
use virada::table::{Settings, Table};

/// A whole online game (each turn the table's time-out move), its record.
fn finished_record() -> Record {
    let settings = Settings {
        seats: [Seat::Person, Seat::Person],
        clock: Some(virada::clock::TimeControl::PerMove { seconds: 30 }),
        seed: Some("cd".repeat(32).parse::<Seed>().unwrap()),
        word: String::new(),
        handicap: None,
    };
    let mut t = Table::othello(settings).unwrap();
    t.set_seed_chosen(false);
    let give = |b: u8| Contribution {
        random: Some([b; 32]),
        word: String::new(),
    };
    t.set_contributions([give(1), give(2)]).unwrap();
    while t.session().rules().verdict().is_none() {
        t.time_out().unwrap();
    }
    parse(&t.record(true)).unwrap()
}

fn named(mut r: Record, before: [Stated; 2]) -> Record {
    let outcome = rating_outcome(&r).expect("a finished game has an outcome");
    let (a, b) = rate(before[0], before[1], outcome);
    r.names = Some(["ana".into(), "Bruno_2".into()]);
    r.ratings = Some([(before[0], a), (before[1], b)]);
    r
}

#[test]
fn a_rated_record_states_both_ratings_and_verifies() {
    let before = [
        Stated::NEW,
        Stated {
            rating: 171_250,
            deviation: 9_000,
            volatility: 59_000_000,
        },
    ];
    let text = write_record(&named(finished_record(), before));
    assert!(text.starts_with("virada-record 4\n"), "{text}");
    assert!(
        text.contains("\nseats: person, person\nnames: ana, Bruno_2\nclock: 30\n"),
        "{text}"
    );
    let line = text.lines().find(|l| l.starts_with("ratings: ")).unwrap();
    assert!(
        line.starts_with("ratings: 1500.00/350.00/0.060000000 "),
        "{line}"
    );
    let r = parse(&text).unwrap();
    assert_eq!(r.version, 4);
    assert_eq!(r.names, Some(["ana".to_string(), "Bruno_2".to_string()]));
    assert_eq!(write_record(&r), text);
    let report = verify_text(&text);
    assert!(report.all_passed(), "{report}");
    let ratings = report.get("ratings").unwrap();
    assert_eq!(ratings.code, "ratings-ok");
    // The winner of a game between a new account and a steady 1712 moves
    // far; the steady one barely.
    let [(_, a), (_, b)] = r.ratings.unwrap();
    assert!((a.rating - 150_000).abs() > 5_000, "{a}");
    assert!((b.rating - 171_250).abs() < 3_000, "{b}");
}

#[test]
fn a_changed_rating_is_refused() {
    let r = named(finished_record(), [Stated::NEW, Stated::NEW]);
    let mut forged = r.clone();
    if let Some(ratings) = forged.ratings.as_mut() {
        ratings[0].1.rating += 500;
    }
    let report = verify_text(&write_record(&forged));
    let check = report.get("ratings").unwrap();
    assert_eq!(check.code, "ratings-mismatch", "{report}");
    assert_eq!(check.param("seat"), "first");
    // One unit off in the last place is another machine's rounding.
    let mut near = r;
    if let Some(ratings) = near.ratings.as_mut() {
        ratings[1].1.deviation += 1;
    }
    assert!(verify_text(&write_record(&near)).all_passed());
}

#[test]
fn ratings_for_a_game_the_table_does_not_rate_are_refused() {
    let r = named(finished_record(), [Stated::NEW, Stated::NEW]);
    let mut guest = r.clone();
    guest.names = Some(["ana".into(), String::new()]);
    let text = write_record(&guest);
    assert!(text.contains("\nnames: ana, -\n"), "{text}");
    assert_eq!(
        verify_text(&text).get("ratings").unwrap().code,
        "not-rateable"
    );
    let mut no_clock = r.clone();
    no_clock.clock = None;
    let text = write_record(&no_clock);
    assert_eq!(
        verify_text(&text).get("ratings").unwrap().code,
        "not-rateable"
    );
    let mut bot = r;
    bot.seats[1] = Seat::Bot { level: 3 };
    let text = write_record(&bot);
    assert_eq!(
        verify_text(&text).get("ratings").unwrap().code,
        "not-rateable"
    );
}

#[test]
fn names_without_ratings_are_version_4_and_an_abandoned_seat_lost() {
    let mut r = finished_record();
    r.names = Some(["ana".into(), String::new()]);
    let text = write_record(&r);
    assert!(text.starts_with("virada-record 4\n"));
    assert!(!text.contains("ratings:"));
    assert!(verify_text(&text).all_passed());
    // The bot held the second seat at the end for a person who left: the
    // first seat won, whatever the board says.
    let mut left = finished_record();
    left.stand_in = [false, true];
    assert_eq!(rating_outcome(&left), Some(virada::rating::Outcome::Win));
    left.stand_in = [true, true];
    assert_eq!(rating_outcome(&left), None);
}

#[test]
fn malformed_names_and_ratings_lines_are_refused() {
    let text = write_record(&named(finished_record(), [Stated::NEW, Stated::NEW]));
    let swap = |from: &str, to: &str| {
        let line = text.lines().find(|l| l.starts_with(from)).unwrap();
        text.replacen(line, to, 1)
    };
    for (bad, code) in [
        ("names: ana", "bad-names"),
        ("names: ana, b c", "bad-names"),
        ("names: a, bob", "bad-names"),
        ("names: <i>x</i>, bob", "bad-names"),
    ] {
        assert_eq!(
            parse(&swap("names:", bad)).unwrap_err().code(),
            code,
            "{bad}"
        );
    }
    for bad in [
        "ratings: 1500.00/350.00/0.060000000",
        "ratings: 1500/350/0.06 1600/300/0.06, 1500/350/0.06 1400/300/0.06",
        "ratings: x y, z w",
    ] {
        assert_eq!(
            parse(&swap("ratings:", bad)).unwrap_err().code(),
            "bad-ratings",
            "{bad}"
        );
    }
    // Out of place, or in an older version.
    let v3 = text.replacen("virada-record 4", "virada-record 3", 1);
    assert_eq!(parse(&v3).unwrap_err().code(), "unexpected-line");
}
