//! The Nabucodonosor side of records: `game: nabucodonosor N` and its moves
//! (`d3`, `c3:e4`, `swap`, `pass`, `*` before a placement or capture the
//! table chose). Writing and replaying are the same as for Othello (see
//! `write` and `verify`).

use super::{RecordError, MAX_MOVES};
use crate::game::nabu::{NabuMove, MAX_SIZE, MIN_SIZE};
use crate::game::Moves;
use crate::game::Played;

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
