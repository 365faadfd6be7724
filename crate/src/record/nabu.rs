//! The Nabucodonosor side of records: `game: nabucodonosor N` and its moves
//! (`d3`, `c3:e4`, `swap`, `pass`, `*` before a placement or capture the
//! table chose). Writing and replaying are the same as for Othello (see
//! `write` and `verify`).

use super::{Moves, RecordError, MAX_MOVES};
use crate::game::nabu::{NabuMove, MAX_SIZE, MIN_SIZE};
use crate::game::rules::Played;

/// The N of `nabucodonosor N`, if it is a board side 5–15 written plainly.
pub(super) fn parse_game(v: &str) -> Option<u8> {
    let n = v.strip_prefix("nabucodonosor ")?;
    if n.is_empty() || n.len() > 2 || !n.bytes().all(|b| b.is_ascii_digit()) || n.starts_with('0') {
        return None;
    }
    let size: usize = n.parse().ok()?;
    (MIN_SIZE..=MAX_SIZE).contains(&size).then_some(size as u8)
}

/// A move with an optional leading `*` (not on `swap` or `pass`).
fn nabu_move(token: &str) -> Option<Played<NabuMove>> {
    let (by_table, rest) = match token.strip_prefix('*') {
        Some(r) => (true, r),
        None => (false, token),
    };
    if rest.trim() != rest || rest.is_empty() {
        return None;
    }
    let mv: NabuMove = rest.parse().ok()?;
    if by_table && matches!(mv, NabuMove::Swap | NabuMove::Pass) {
        return None;
    }
    Some(Played { mv, by_table })
}

/// The moves of a Nabucodonosor record (line `line`).
pub(super) fn parse_moves<'a>(
    line: usize,
    tokens: impl Iterator<Item = &'a str>,
) -> Result<Moves, RecordError> {
    let mut moves = Vec::new();
    for (i, token) in tokens.enumerate() {
        if i >= MAX_MOVES {
            return Err(RecordError::TooManyMoves { line });
        }
        let m = nabu_move(token).ok_or_else(|| RecordError::BadMove {
            line,
            ply: i + 1,
            found: token.chars().take(16).collect(),
        })?;
        moves.push(m);
    }
    Ok(Moves::Nabucodonosor(moves))
}

#[cfg(test)]
mod tests {
    use super::super::{parse, verify_text, write, Status};
    use super::*;
    use crate::game::nabu::NabuGame;
    use crate::game::session::Session;

    fn played_game() -> Session<NabuGame> {
        crate::engine::nabu_bot::testing::played_game(0, "olá")
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
        assert_eq!(super::super::write_record(&r), text);
    }

    #[test]
    fn nabu_record_tampering_is_caught() {
        let s = played_game();
        let text = write(&s, true);
        let fix_digest = |t: &str| match parse(t) {
            Ok(r) => super::super::write_record(&r),
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
