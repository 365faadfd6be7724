//! A resignation in a record: the `result` line's `, dark resigned` (or
//! `light`) after the other colour's win, written, read back and verified.
//! It is a result the board does not give, so the verifier takes it only
//! from a record whose server signature holds, over a board where the game
//! goes on, with the board's counts; a rated game is rated as a win.

use ed25519_dalek::{Signer as _, SigningKey};
use virada::game::fairness::{Contribution, Seed};
use virada::game::{Seat, Verdict};
use virada::record::{parse, rating_outcome, resign, sign, verify_text, Report};
use virada::table::{Settings, Table};
use virada::Color;

/// An online game after `plies` time-out moves, its unsigned record.
fn record_after(plies: usize) -> String {
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
    for _ in 0..plies {
        t.time_out().unwrap();
    }
    t.record(true)
}

fn signed(text: &str) -> String {
    let key = SigningKey::from_bytes(&[9; 32]);
    sign(text, &key.verifying_key().to_bytes(), |b| {
        key.sign(b).to_bytes()
    })
}

fn result_code(report: &Report) -> &str {
    report
        .checks
        .iter()
        .find(|c| c.check == "result")
        .map_or("", |c| c.code)
}

#[test]
fn a_signed_resignation_is_written_read_back_and_verified() {
    let text = resign(&record_after(6), Color::Dark).unwrap();
    let line = text.lines().find(|l| l.starts_with("result: ")).unwrap();
    assert!(line.ends_with(" light wins, dark resigned"), "{line}");
    let record = parse(&text).unwrap();
    assert_eq!(record.resigned, Some(Color::Dark));
    assert_eq!(record.result.verdict, Verdict::LightWins);
    // Written again, the same text.
    assert_eq!(virada::record::write_record(&record), text);
    let report = verify_text(&signed(&text));
    assert!(report.all_passed(), "{report:?}");
    assert_eq!(result_code(&report), "resigned-ok");
    // The seat that played light won.
    let outcome = rating_outcome(&record).unwrap();
    let light_first = record.dark == 1;
    assert_eq!(outcome == virada::rating::Outcome::Win, light_first);
}

#[test]
fn an_unsigned_resignation_is_refused() {
    let text = resign(&record_after(6), Color::Light).unwrap();
    let report = verify_text(&text);
    assert!(!report.all_passed());
    assert_eq!(result_code(&report), "resignation-unsigned");
}

#[test]
fn a_resignation_changed_after_signing_breaks_the_signature() {
    let text = signed(&resign(&record_after(6), Color::Dark).unwrap());
    // The resigning colour changed (and the verdict with it), the digest left.
    let forged = text.replace("light wins, dark resigned", "dark wins, light resigned");
    assert_ne!(forged, text);
    let report = verify_text(&forged);
    assert!(!report.all_passed());
}

#[test]
fn a_finished_game_cannot_be_resigned_and_a_resignation_must_name_the_loser() {
    let mut plies = 0;
    let mut text = record_after(0);
    while parse(&text).unwrap().result.verdict == Verdict::Unfinished {
        plies += 1;
        text = record_after(plies);
    }
    assert_eq!(resign(&text, Color::Dark).unwrap_err().code(), "bad-result");
    // A resignation beside the resigner's own win does not parse.
    let bad = resign(&record_after(4), Color::Dark)
        .unwrap()
        .replace("light wins, dark resigned", "dark wins, dark resigned");
    assert_eq!(parse(&bad).unwrap_err().code(), "bad-result");
}

#[test]
fn a_resignation_stated_over_a_finished_board_is_refused() {
    // A whole game's board with a resignation written over it, signed.
    let mut plies = 0;
    let mut text = record_after(0);
    while parse(&text).unwrap().result.verdict == Verdict::Unfinished {
        plies += 1;
        text = record_after(plies);
    }
    let mut record = parse(&text).unwrap();
    let loser = if record.result.verdict == Verdict::DarkWins {
        Color::Light
    } else {
        Color::Dark
    };
    record.resigned = Some(loser);
    let report = verify_text(&signed(&virada::record::write_record(&record)));
    assert_eq!(result_code(&report), "resigned-after-end");
}

/// Rule T24 (docs/rules.md): a resignation is scored as every early end,
/// the loser keeping its discs up to one less than half the board and the
/// winner the rest; the record states the board, `Record::score` the score,
/// and `virada verify`'s line says both in words.
#[test]
fn a_resignation_scores_by_rule_t24_and_the_report_says_it_in_words() {
    for (plies, loser) in [(0, Color::Light), (6, Color::Dark), (9, Color::Light)] {
        let text = signed(&resign(&record_after(plies), loser).unwrap());
        let record = parse(&text).unwrap();
        let (dark, light) = (record.result.dark, record.result.light);
        let (lost, won) =
            virada::clock::score_ended_early(if loser == Color::Dark { dark } else { light }, 64);
        assert_eq!(lost + won, 64);
        assert!(lost <= 31 && lost <= dark.max(light), "{plies}");
        let scored = if loser == Color::Dark {
            (lost, won)
        } else {
            (won, lost)
        };
        assert_eq!(record.score(), scored, "{plies}");
        let report = verify_text(&text);
        let check = report.checks.iter().find(|c| c.check == "result").unwrap();
        let said = check.to_string();
        assert!(
            !said.contains("cannot be read"),
            "{plies}: {said} (was: the record cannot be read (resigned-ok))"
        );
        let loser_name = if loser == Color::Dark {
            "dark"
        } else {
            "light"
        };
        assert!(
            said.contains(&format!(
                "{loser_name} resigned with dark {dark} light {light} on the board"
            )) && said.contains(&format!(
                "scored dark {} light {} (rule T24)",
                scored.0, scored.1
            )),
            "{said}"
        );
    }
    // At the start (2–2), the winner has 62.
    let start = parse(&resign(&record_after(0), Color::Light).unwrap()).unwrap();
    assert_eq!(start.score(), (62, 2));
}
