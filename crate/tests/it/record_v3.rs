//! Records of version 3 (the online table where each seat contributes a
//! random value and a word): written, read back, verified, and refused
//! when a random value is changed.

use virada::game::fairness::{dark_seat_v3, Contribution, Seed};
use virada::game::Seat;
use virada::record::{parse, verify_text, write_record};
use virada::table::{Settings, Table};

fn seed() -> Seed {
    "ab".repeat(32).parse().unwrap()
}

fn contributions() -> [Contribution; 2] {
    [
        Contribution {
            random: Some([0x11; 32]),
            word: "olá".into(),
        },
        Contribution {
            random: Some([0x22; 32]),
            word: String::new(),
        },
    ]
}

fn online_game(contributions: [Contribution; 2]) -> Table<virada::Position> {
    let settings = Settings {
        seats: [Seat::Person, Seat::Person],
        clock: Some(virada::clock::TimeControl::PerMove { seconds: 30 }),
        seed: Some(seed()),
        word: String::new(),
        handicap: None,
    };
    let mut t = Table::othello(settings).unwrap();
    t.set_seed_chosen(false);
    t.set_contributions(contributions).unwrap();
    for mv in ["f5", "d6", "c3"] {
        t.play(mv).unwrap();
    }
    t
}

#[test]
fn a_version_3_record_names_both_random_values_and_round_trips() {
    let t = online_game(contributions());
    let text = t.record(true);
    assert!(text.starts_with("virada-record 3\n"), "{text}");
    let expected = format!(
        "\nword: olá\nsecond-word: \nrandom: {}\nsecond-random: {}\ndark: ",
        "11".repeat(32),
        "22".repeat(32)
    );
    assert!(text.contains(&expected), "{text}");
    let r = parse(&text).unwrap();
    assert_eq!(r.version, 3);
    assert_eq!(r.randoms, Some([Some([0x11; 32]), Some([0x22; 32])]));
    assert_eq!(r.second_word.as_deref(), Some(""));
    let [a, b] = contributions();
    assert_eq!(r.dark, dark_seat_v3(&seed(), [&a, &b]));
    assert_eq!(r.dark, t.session().dark_seat());
    assert_eq!(write_record(&r), text);
    let report = verify_text(&text);
    assert!(report.all_passed(), "{report}");
    assert_eq!(report.get("dark-seat").unwrap().code, "dark-seat-ok");
}

#[test]
fn a_seat_that_gave_nothing_is_written_empty_and_still_verifies() {
    let [a, _] = contributions();
    let t = online_game([a, Contribution::default()]);
    let text = t.record(true);
    assert!(text.contains("\nsecond-random: \ndark: "), "{text}");
    let r = parse(&text).unwrap();
    assert_eq!(r.randoms, Some([Some([0x11; 32]), None]));
    assert!(verify_text(&text).all_passed());
}

#[test]
fn a_changed_random_value_is_refused() {
    // Find a change that flips the colours, so the dark seat's check fails
    // even once the plain digest is recomputed; any change fails the digest.
    let text = online_game(contributions()).record(true);
    let line = format!("random: {}", "11".repeat(32));
    let plain = text.replace(&line, &format!("random: {}", "12".repeat(32)));
    assert_eq!(
        verify_text(&plain).first_failure().unwrap().code,
        "digest-mismatch"
    );
    let flipped = (0u8..=255)
        .map(|b| {
            let edited = text.replace(&line, &format!("random: {}", format!("{b:02x}").repeat(32)));
            let mut r = parse(&edited).unwrap();
            r.digest = r.body_digest;
            r
        })
        .find(|r| !verify_text(&write_record(r)).all_passed())
        .expect("some random value gives the other seat dark");
    let report = verify_text(&write_record(&flipped));
    assert_eq!(report.get("digest").unwrap().code, "digest-ok");
    assert_eq!(report.get("dark-seat").unwrap().code, "dark-seat-mismatch");
}

#[test]
fn malformed_random_lines_are_refused_and_version_3_lines_stay_out_of_version_2() {
    let text = online_game(contributions()).record(true);
    let line = format!("random: {}", "11".repeat(32));
    for bad in [
        "random: 11",
        "random: none",
        &format!("random: {}", "g1".repeat(32)),
        &format!("random: {}", "11".repeat(33)),
    ] {
        let err = parse(&text.replace(&line, bad)).unwrap_err();
        assert_eq!(err.code(), "bad-random", "{bad}");
    }
    // Version 3 always names the second word.
    let no_second = text.replace("second-word: \n", "");
    assert_eq!(parse(&no_second).unwrap_err().code(), "unexpected-line");
    // A version 2 record has no random lines.
    let as_v2 = text.replacen("virada-record 3", "virada-record 2", 1);
    assert_eq!(parse(&as_v2).unwrap_err().code(), "unexpected-line");
}
