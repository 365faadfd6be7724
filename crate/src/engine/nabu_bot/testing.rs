//! For tests: a whole Nabucodonosor game at the table, played by the greedy
//! bot from a fixed pseudo-random stream, every seventh turn left to the
//! clock (so the table's time-out moves are in it); and the tests of such a
//! game's record.

use crate::game::fairness::Seed;
use crate::game::nabu::NabuGame;
use crate::game::session::Session;
use crate::game::Seat;

/// A finished 6×6 game (person against bot 2, 20 s a turn, seed 07…07) with
/// `word`; `stream` starts the bot's random choices.
pub(crate) fn played_game(stream: u64, word: &str) -> Session<NabuGame> {
    let mut s = Session::new(
        NabuGame::new(6).expect("size"),
        [Seat::Person, Seat::Bot { level: 2 }],
        Some(20),
        Seed([7; 32]),
        word.into(),
    );
    let mut k = stream;
    let mut next = || {
        k = k
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        k
    };
    let mut turn = 0;
    while !s.is_over() {
        turn += 1;
        if turn % 7 == 0 {
            s.time_out();
        } else {
            let mv = super::greedy_move(s.rules(), &mut next).expect("move");
            s.turn(mv).expect("legal");
        }
    }
    s
}

/// The record of a Nabucodonosor game: it round-trips, verifies, and
/// catches tampering (the record's tests, here where a game is played).
mod record {
    use crate::game::nabu::NabuGame;
    use crate::game::session::Session;
    use crate::game::Moves;
    use crate::record::{parse, verify_text, write, write_record, Status};

    fn played_game() -> Session<NabuGame> {
        super::played_game(0, "olá")
    }

    #[test]
    fn nabu_record_round_trips_and_verifies() {
        let s = played_game();
        let text = write(&s, true);
        assert!(text.contains("game: nabucodonosor 6\n"), "{text}");
        assert!(text.contains('*'), "a table move is marked: {text}");
        let report = verify_text(&text);
        assert!(report.all_passed(), "{report}");
        let r = parse(&text).expect("parse");
        assert_eq!(r.moves, Moves::Nabucodonosor(s.moves().to_vec()));
        assert_eq!(write_record(&r), text);
    }

    #[test]
    fn nabu_record_tampering_is_caught() {
        let s = played_game();
        let text = write(&s, true);
        let fix_digest = |t: &str| match parse(t) {
            Ok(r) => write_record(&r),
            Err(_) => t.to_string(),
        };
        // An illegal first move (a second disc on the same cell) fails `moves`.
        let moves_line = text
            .lines()
            .find(|l| l.starts_with("moves: "))
            .expect("moves");
        let first = moves_line["moves: ".len()..]
            .split(' ')
            .next()
            .expect("a move");
        let doubled = text.replacen(moves_line, &format!("moves: {first} {first}"), 1);
        let report = verify_text(&fix_digest(&doubled));
        assert_eq!(report.get("moves").map(|c| c.code), Some("illegal-move"));
        // A wrong verdict fails `result`.
        let flipped = if text.contains("dark wins") {
            text.replace("dark wins", "light wins")
        } else {
            text.replace("light wins", "dark wins")
        };
        let report = verify_text(&fix_digest(&flipped));
        assert_eq!(
            report.get("result").map(|c| c.code),
            Some("verdict-mismatch")
        );
        // Bad sizes and move syntax do not read.
        for bad in ["nabucodonosor 4", "nabucodonosor 16", "nabucodonosor 08"] {
            let t = text.replace("nabucodonosor 6", bad);
            assert!(!verify_text(&t).all_passed(), "{bad}");
        }
        let t = text.replacen(moves_line, "moves: *swap", 1);
        assert_eq!(
            verify_text(&t).get("format").map(|c| c.status),
            Some(Status::Failed)
        );
    }
}
