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
