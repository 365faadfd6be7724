use super::*;
use crate::tournament::sign_trf;
use ed25519_dalek::{Signer, SigningKey};

/// A tournament bbpPairings paired (its generator, `--dutch`), 9 players.
const FILE: &str = include_str!("../../../tests/data/swiss/bbp-seed108.trf");

fn codes(r: &TrfReport) -> Vec<&str> {
    r.checks.iter().map(|c| c.code).collect()
}

fn signed(body: &str) -> String {
    let key = SigningKey::from_bytes(&[5; 32]);
    sign_trf(body, &key.verifying_key().to_bytes(), |b| {
        key.sign(b).to_bytes()
    })
}

/// Player 1 lost round 1 to player 5; the file now says they won it, the
/// points stated changed to match.
fn tampered(text: &str) -> String {
    let t = text
        .replace("6.0    1     5 w 0", "7.0    1     5 w 1")
        .replace("4.0    6     1 b 1", "3.0    6     1 b 0");
    assert_ne!(t, text);
    t
}

#[test]
fn a_dutch_tournament_checks_round_by_round() {
    let r = verify_trf(FILE);
    assert!(r.ok(), "{:?}", r.checks);
    assert_eq!(
        codes(&r),
        [
            "trf-ok",
            "unsigned",
            "round-dutch",
            "round-dutch",
            "round-dutch",
            "round-dutch",
            "round-dutch",
            "round-dutch",
            "round-dutch",
            "round-dutch",
            "criteria-ok"
        ]
    );
    assert_eq!(r.checks[0].param("players"), "9");
    assert_eq!(r.players.len(), 9);
    assert_eq!(r.players[0].name, "Test0001 Player0001");
    assert_eq!(r.players[0].points, "6.0");
}

#[test]
fn a_signed_file_holds_and_a_changed_result_breaks_it() {
    let text = signed(&FILE.replace('\r', "\n"));
    let r = verify_trf(&text);
    assert!(r.ok(), "{:?}", r.checks);
    assert_eq!(r.checks[1].code, "signature-ok");
    assert_eq!(r.checks[1].param("key").len(), 64);

    let r = verify_trf(&tampered(&text));
    assert!(!r.ok());
    assert_eq!(r.checks[1].code, "signature-mismatch");
    // With player 1's win, round 2 is paired otherwise: the first board
    // that differs is named, with what was played instead.
    let round = r
        .checks
        .iter()
        .find(|c| c.code == "round-not-dutch")
        .expect("a round that is not the Dutch system's");
    assert_eq!(round.param("round"), "2");
    assert_ne!(round.param("dutch"), round.param("played"));
    assert!(round
        .to_string()
        .starts_with("round 2: not the Dutch system's pairing; board "));
}

#[test]
fn a_malformed_signature_line_fails() {
    let r = verify_trf(&format!("{}XXK ed25519 12 34\n", FILE.replace('\r', "\n")));
    assert_eq!(r.checks[1].code, "signature-malformed");
    assert!(!r.ok());
}

#[test]
fn bad_text_is_an_error_in_words() {
    for text in ["", "hello", "001 x", &FILE[..FILE.len() / 2]] {
        let r = verify_trf(text);
        if !r.ok() {
            assert_eq!(r.checks[0].check, "trf");
            assert!(!r.checks[0].to_string().is_empty());
        }
    }
    let r = verify_trf(&FILE.replace("5 w 0", "5 w 1"));
    assert_eq!(codes(&r), ["trf-score-mismatch"]);
    assert!(r.checks[0]
        .to_string()
        .starts_with("the file cannot be read: "));
}

#[test]
fn no_text_makes_it_panic() {
    // Every byte of the file changed in turn to a few others: each copy is
    // read or refused, never a panic.
    let bytes = FILE.as_bytes();
    for i in (0..bytes.len()).step_by(3) {
        for b in [b' ', b'0', b'9', b'-', b'\n'] {
            let mut copy = bytes.to_vec();
            copy[i] = b;
            if let Ok(text) = std::str::from_utf8(&copy) {
                let _ = verify_trf(text);
            }
        }
    }
}

/// An arena's player line: each wave's `(opponent, colour, result)`.
fn arena_line(id: u32, games: &[(u32, char, char)]) -> String {
    let points = games.iter().filter(|g| g.2 == '1').count();
    let mut s = format!(
        "001 {id:>4}      {:<33} 1500{:>28}{:>4} {id:>4}",
        format!("P{id}"),
        "",
        format!("{points}.0"),
    );
    for &(o, c, r) in games {
        s.push_str(&format!("  {o:>4} {c} {r}"));
    }
    s
}

#[test]
fn an_arenas_file_is_checked_wave_by_wave_against_the_arenas_rules() {
    let good = [
        crate::tournament::ARENA_TYPE.to_string(),
        "XXR 2".into(),
        arena_line(1, &[(2, 'w', '1'), (4, 'b', '1')]),
        arena_line(2, &[(1, 'b', '0'), (3, 'w', '1')]),
        arena_line(3, &[(4, 'w', '1'), (2, 'b', '0')]),
        arena_line(4, &[(3, 'b', '0'), (1, 'w', '0')]),
    ]
    .join("\n");
    let r = verify_trf(&good);
    assert!(r.ok(), "{:?}", r.checks);
    assert_eq!(
        codes(&r),
        ["trf-ok", "unsigned", "round-arena", "round-arena"]
    );
    // The same two in a row, and white again to whoever had it.
    let bad = [
        crate::tournament::ARENA_TYPE.to_string(),
        "XXR 2".into(),
        arena_line(1, &[(2, 'w', '1'), (2, 'w', '1')]),
        arena_line(2, &[(1, 'b', '0'), (1, 'b', '0')]),
    ]
    .join("\n");
    let r = verify_trf(&bad);
    assert!(!r.ok());
    assert_eq!(
        codes(&r),
        [
            "trf-ok",
            "unsigned",
            "round-arena",
            "arena-again",
            "arena-colour"
        ]
    );
    assert_eq!(
        r.checks[3].to_string(),
        "wave 2: 1 and 2 meet twice in a row"
    );
}
