//! Records of version 2 (the online table): two words and the second colour
//! draw, seats the bot took from a person, and the server's signature.

use ed25519_dalek::{Signer as _, SigningKey};
use virada::record::{parse, sign, verify_text};
use virada::session::Seat;
use virada::table::{Settings, Table};

fn online_game() -> Table<virada::Position> {
    let settings = Settings {
        seats: [Seat::Person, Seat::Person],
        clock: Some(30),
        seed: Some("ab".repeat(32).parse().unwrap()),
        word: String::new(),
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
        virada::fairness::dark_seat_v2(&seed, ["olá", "100% ciao\n"])
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
    let no_second = text.replace("second-word: 100%25 ciao%0A\n", "");
    assert_eq!(parse(&no_second).unwrap_err().code(), "unexpected-line");
    let trailing = format!("{text}more\n");
    assert_eq!(parse(&trailing).unwrap_err().code(), "trailing-text");
}
