//! Signed match records (`virada-match 2`, the online table's): written and
//! signed over real signed games, verified; a copy with a game's points or
//! a seat changed and its digests recomputed fails on the signature; an
//! unsigned version 1 record still verifies without a signature check.

use ed25519_dalek::{Signer as _, SigningKey};
use sha2::{Digest as _, Sha256};
use virada::game::GameKind;
use virada::game::Seat;
use virada::record::matchplay::MatchKind;
use virada::record::{
    parse_match, score_games, sign, verify_match_text, write_match, write_match_signed, Status,
};
use virada::table::{AnyTable, Settings};

fn key() -> SigningKey {
    SigningKey::from_bytes(&[9; 32])
}

/// A whole signed online game from seed `b`: the table's time-out moves.
fn game(b: u8) -> String {
    let settings = Settings {
        seats: [Seat::Person, Seat::Person],
        clock: Some(virada::clock::TimeControl::PerMove { seconds: 30 }),
        seed: Some(format!("{b:02x}").repeat(32).parse().unwrap()),
        word: String::new(),
        handicap: None,
    };
    let mut t = AnyTable::new(GameKind::Othello, settings).unwrap();
    t.set_seed_chosen(false);
    t.set_words(["a".into(), "b".into()]).unwrap();
    while !t.is_over() {
        t.time_out().unwrap();
    }
    let k = key();
    sign(&t.record(true), &k.verifying_key().to_bytes(), |m| {
        k.sign(m).to_bytes()
    })
}

fn games(kind: MatchKind) -> Vec<String> {
    let mut out = Vec::new();
    for b in 1u8.. {
        out.push(game(b));
        if score_games(kind, &out).unwrap().0.is_over() {
            return out;
        }
    }
    unreachable!()
}

fn signed_match() -> String {
    let k = key();
    write_match_signed(
        MatchKind::Points(16),
        &games(MatchKind::Points(16)),
        &k.verifying_key().to_bytes(),
        |m| k.sign(m).to_bytes(),
    )
    .unwrap()
}

/// Recomputes every digest after an edit (each game's, then the match's),
/// keeping the signatures as they were: what a forger can do without the key.
fn redigest(text: &str) -> String {
    let hex = |body: &str| -> String {
        Sha256::digest(body.as_bytes())
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect()
    };
    let (mut whole, mut game) = (String::new(), String::new());
    let mut in_game = false;
    for line in text.lines() {
        if line.starts_with("virada-record ") {
            game.clear();
            in_game = true;
        }
        if line.starts_with("total: ") {
            in_game = false;
        }
        let line = match line.strip_prefix("digest: ") {
            Some(_) => format!("digest: {}", hex(if in_game { &game } else { &whole })),
            None => line.to_string(),
        };
        for body in [&mut whole, &mut game] {
            body.push_str(&line);
            body.push('\n');
        }
    }
    whole
}

#[test]
fn a_signed_match_verifies_and_keeps_its_signature() {
    let text = signed_match();
    assert!(text.starts_with("virada-match 2\n"), "{text}");
    let r = parse_match(&text).unwrap();
    assert_eq!(r.version, 2);
    assert!(r.signature.is_some());
    let report = verify_match_text(&text);
    assert!(report.all_passed(), "{}", report.to_json());
    let check = report.get("match-signature").unwrap();
    assert_eq!(check.code, "signature-ok");
    for g in &report.games {
        assert_eq!(g.report.get("signature").unwrap().code, "signature-ok");
    }
    // The redigest helper changes nothing in a text nobody edited.
    assert_eq!(redigest(&text), text);
}

#[test]
fn edited_copies_with_digests_recomputed_fail_on_the_signature() {
    let text = signed_match();
    let r = parse_match(&text).unwrap();
    let [a, b] = r.games[0].points;
    let edits = [
        (
            format!("game 1: first {a} second {b}"),
            format!("game 1: first {} second {b}", a + 1),
        ),
        (
            "seats: person, person".to_string(),
            "seats: person, bot 3".to_string(),
        ),
    ];
    for (from, to) in edits {
        let edited = redigest(&text.replacen(&from, &to, 1));
        assert_ne!(edited, text);
        let report = verify_match_text(&edited);
        assert_eq!(report.get("match-digest").unwrap().code, "match-digest-ok");
        let check = report.get("match-signature").unwrap();
        assert_eq!(
            (check.status, check.code),
            (Status::Failed, "signature-mismatch"),
            "{to}"
        );
        assert!(!report.all_passed());
    }
    // A seat renamed inside a game's record fails on that game's signature.
    let edited =
        redigest(&text.replacen("\nseats: person, person\n", "\nseats: person, bot 2\n", 2));
    let report = verify_match_text(&edited);
    assert_eq!(
        report.get("match-signature").unwrap().code,
        "signature-mismatch"
    );
    assert_eq!(
        report.games[0].report.get("signature").unwrap().code,
        "signature-mismatch"
    );
}

#[test]
fn version_1_stays_unsigned_and_version_2_needs_its_signature() {
    let g = games(MatchKind::Points(16));
    let v1 = write_match(MatchKind::Points(16), &g).unwrap();
    assert!(v1.starts_with("virada-match 1\n"));
    let report = verify_match_text(&v1);
    assert!(report.all_passed(), "{}", report.to_json());
    assert!(report.get("match-signature").is_none());
    // Version 2 without its signature line, or version 1 with one.
    let unsigned = v1.replacen("virada-match 1", "virada-match 2", 1);
    assert_eq!(parse_match(&unsigned).unwrap_err().code, "missing-field");
    let text = signed_match();
    let stray = text.replacen("virada-match 2", "virada-match 1", 1);
    assert_eq!(parse_match(&stray).unwrap_err().code, "trailing-text");
    let (head, last) = text.trim_end().rsplit_once('\n').unwrap();
    let broken = format!("{head}\n{}\n", last.replace("ed25519", "rsa"));
    assert_ne!(broken, text);
    assert_eq!(parse_match(&broken).unwrap_err().code, "bad-signature");
    assert_eq!(
        parse_match("virada-match 3\n").unwrap_err().code,
        "unsupported-version"
    );
}
