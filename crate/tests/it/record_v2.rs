//! Records of version 2 (the online table): two words and the second colour
//! draw, seats the bot took from a person, and the server's signature.

use ed25519_dalek::{Signer as _, SigningKey};
use virada::game::Seat;
use virada::record::{parse, sign, verify_text};
use virada::table::{Settings, Table};

fn online_game() -> Table<virada::Position> {
    let settings = Settings {
        seats: [Seat::Person, Seat::Person],
        clock: Some(virada::clock::TimeControl::PerMove { seconds: 30 }),
        seed: Some("ab".repeat(32).parse().unwrap()),
        word: String::new(),
        handicap: None,
    };
    let mut t = Table::othello(settings).unwrap();
    t.set_seed_chosen(false);
    t.set_words(["olá".into(), "100% ciao\n".into()]).unwrap();
    for mv in ["f5", "d6", "c3"] {
        t.play(mv).unwrap();
    }
    t.set_stand_in(1, 4, true);
    t
}

fn signed(text: &str) -> (String, String) {
    let key = SigningKey::from_bytes(&[7; 32]);
    let public = key.verifying_key().to_bytes();
    let hex: String = public.iter().map(|b| format!("{b:02x}")).collect();
    (sign(text, &public, |b| key.sign(b).to_bytes()), hex)
}

#[test]
fn a_version_2_record_names_both_words_and_the_stand_in() {
    let t = online_game();
    let text = t.record(true);
    assert!(text.starts_with("virada-record 2\n"), "{text}");
    assert!(text.contains("\nseats: person, bot 4 for person\n"));
    assert!(text.contains("\nword: olá\nsecond-word: 100%25 ciao%0A\n"));
    let r = parse(&text).unwrap();
    assert_eq!(r.second_word.as_deref(), Some("100% ciao\n"));
    assert_eq!(r.stand_in, [false, true]);
    let seed = "ab".repeat(32).parse().unwrap();
    assert_eq!(
        r.dark,
        virada::game::fairness::dark_seat_v2(&seed, ["olá", "100% ciao\n"])
    );
    let report = verify_text(&text);
    assert!(report.all_passed(), "{report}");
    assert_eq!(report.get("signature").unwrap().code, "unsigned");
}

#[test]
fn a_signature_holds_until_any_line_changes() {
    let (text, key) = signed(&online_game().record(true));
    let report = verify_text(&text);
    assert!(report.all_passed(), "{report}");
    let check = report.get("signature").unwrap();
    assert_eq!(check.code, "signature-ok");
    assert_eq!(check.param("key"), key);
    for (from, to) in [
        ("clock: 30", "clock: 31"),
        ("word: olá", "word: ola"),
        ("bot 4 for person", "bot 9 for person"),
    ] {
        let edited = text.replacen(from, to, 1);
        let report = verify_text(&edited);
        assert_eq!(
            report.get("signature").unwrap().code,
            "signature-mismatch",
            "{from}"
        );
        assert!(!report.all_passed());
    }
}

#[test]
fn version_2_lines_are_refused_where_they_do_not_belong() {
    let local = Table::othello(Settings {
        seats: [Seat::Person, Seat::Bot { level: 3 }],
        clock: None,
        seed: None,
        word: String::new(),
        handicap: None,
    })
    .unwrap();
    let v1 = local
        .record(true)
        .replace("seats: person, bot 3", "seats: person, bot 3 for person");
    assert!(v1.starts_with("virada-record 1\n"));
    assert_eq!(parse(&v1).unwrap_err().code(), "bad-seats");
    let (text, _) = signed(&online_game().record(true));
    let broken = text.replace("signature: ed25519 ", "signature: rsa ");
    assert_eq!(parse(&broken).unwrap_err().code(), "bad-signature");
    // `second-word` is optional in version 2 (a casual game with hints has
    // none), so a record with it cut out reads, but no longer verifies.
    let no_second = text.replace("second-word: 100%25 ciao%0A\n", "");
    assert_eq!(parse(&no_second).unwrap().second_word, None);
    let report = verify_text(&no_second);
    assert_eq!(report.get("digest").unwrap().code, "digest-mismatch");
    assert_eq!(report.get("signature").unwrap().code, "signature-mismatch");
    let moved = text
        .replace("second-word: 100%25 ciao%0A\n", "")
        .replace("dark: ", "dark: first\nsecond-word: 100%25 ciao%0A\nx: ");
    assert_eq!(parse(&moved).unwrap_err().code(), "unexpected-line");
    let trailing = format!("{text}more\n");
    assert_eq!(parse(&trailing).unwrap_err().code(), "trailing-text");
}

/// A casual game against the bot (the person plays first with this seed
/// or second, either way) that took a hint and an undo.
fn assisted_game() -> Table<virada::Position> {
    let settings = Settings {
        seats: [Seat::Person, Seat::Bot { level: 1 }],
        clock: None,
        seed: Some("cd".repeat(32).parse().unwrap()),
        word: String::new(),
        handicap: None,
    };
    let mut t = Table::othello(settings).unwrap();
    let person = |t: &Table<virada::Position>| {
        let g = t.session();
        g.seats[g.seat_of(g.rules().side_to_move())] == Seat::Person
    };
    let first = |t: &mut Table<virada::Position>| {
        let mv = virada::game::rules::Rules::legal_moves(t.session().rules())[0].to_string();
        t.play(&mv).unwrap();
    };
    if !person(&t) {
        first(&mut t);
    }
    assert_eq!(t.undo().unwrap_err().code(), "nothing-to-undo");
    t.hint().unwrap();
    first(&mut t);
    first(&mut t);
    let before = t.session().moves().len();
    t.hint().unwrap();
    assert_eq!(t.undo().unwrap(), 2);
    assert_eq!(t.session().moves().len(), before - 2);
    assert!(person(&t));
    t
}

#[test]
fn hints_and_undos_make_a_version_2_record_that_verifies_with_its_notice() {
    let t = assisted_game();
    let text = t.record(true);
    assert!(text.starts_with("virada-record 2\n"), "{text}");
    assert!(!text.contains("second-word"), "{text}");
    let assists = t.assists_text();
    assert!(
        assists.starts_with("hint ") && assists.contains(", undo "),
        "{assists}"
    );
    assert!(
        text.contains(&format!("\nassists: {assists}\nresult: ")),
        "{text}"
    );
    let r = parse(&text).unwrap();
    assert_eq!(r.second_word, None);
    assert_eq!(r.assists, t.session().assists);
    assert_eq!(virada::record::write_record(&r), text);
    let report = verify_text(&text);
    assert!(report.all_passed(), "{report}");
    let check = report.get("assists").unwrap();
    assert_eq!((check.status.as_str(), check.code), ("notice", "undo-used"));
    assert_eq!((check.param("hints"), check.param("undos")), ("2", "1"));
    // The colours are the one-word draw's, as in version 1.
    assert_eq!(report.get("dark-seat").unwrap().code, "dark-seat-ok");
}

#[test]
fn hints_alone_are_noticed_as_assisted() {
    let text = assisted_game().record(true);
    let line = text.lines().find(|l| l.starts_with("assists: ")).unwrap();
    let only_hint = line.split(", ").next().unwrap();
    let edited = virada::record::write_record(&parse(&text.replace(line, only_hint)).unwrap());
    let check = verify_text(&edited).get("assists").cloned().unwrap();
    assert_eq!((check.code, check.param("hints")), ("assisted", "1"));
}

#[test]
fn a_record_without_assists_stays_version_1_byte_for_byte() {
    let mut t = Table::othello(Settings {
        seats: [Seat::Person, Seat::Bot { level: 1 }],
        clock: None,
        seed: Some("cd".repeat(32).parse().unwrap()),
        word: String::new(),
        handicap: None,
    })
    .unwrap();
    let text = t.record(true);
    assert!(text.starts_with("virada-record 1\n"));
    assert!(verify_text(&text).get("assists").is_none());
    let edited = text.replace("moves: \n", "moves: \nassists: hint 1\n");
    assert_eq!(parse(&edited).unwrap_err().code(), "unexpected-line");
    t.set_rated(true);
    assert_eq!(t.hint().unwrap_err().code(), "rated");
    assert_eq!(t.undo().unwrap_err().code(), "rated");
}

#[test]
fn the_online_table_refuses_hints_and_undos() {
    let mut t = online_game();
    t.set_stand_in(1, 4, false);
    assert_eq!(t.hint().unwrap_err().code(), "rated");
    assert_eq!(t.undo().unwrap_err().code(), "rated");
    assert_eq!(t.set_assists("hint 1").unwrap_err().code(), "rated");
}

#[test]
fn malformed_assists_lines_are_refused_with_their_code() {
    let text = assisted_game().record(true);
    let line = text.lines().find(|l| l.starts_with("assists: ")).unwrap();
    for bad in [
        "assists: ",
        "assists: hint",
        "assists: hint 0",
        "assists: hint -1",
        "assists: hint 1 2",
        "assists: undo 3",
        "assists: undo 3 0",
        "assists: undo 3 2 1",
        "assists: help 3",
        "assists: hint 1,, hint 2",
        "assists: hint 1;hint 2",
        "assists: hint 99999",
    ] {
        let err = parse(&text.replace(line, bad)).unwrap_err();
        assert_eq!(err.code(), "bad-assists", "{bad}");
        assert_eq!(err.line(), 10, "{bad}");
    }
    // Out of place: after the result.
    let moved = text
        .replace(&format!("{line}\n"), "")
        .replace("\ndigest:", &format!("\n{line}\ndigest:"));
    assert_eq!(parse(&moved).unwrap_err().code(), "unexpected-line");
    // Well formed but impossible: a hint before a ply already past, an
    // undo of more plies than were played.
    for impossible in [
        "assists: hint 3, hint 2",
        "assists: undo 3 3",
        "assists: hint 200",
    ] {
        let edited = virada::record::write_record(&parse(&text.replace(line, impossible)).unwrap());
        let check = verify_text(&edited).get("assists").cloned().unwrap();
        assert_eq!(check.code, "assists-mismatch", "{impossible}");
    }
    // A plain edit of the line is caught by the digest.
    let edited = text.replace(line, "assists: hint 1");
    assert_eq!(
        verify_text(&edited).first_failure().unwrap().code,
        "digest-mismatch"
    );
}
