//! The exact values a puzzle is judged by: every answer comes from the
//! endgame solver ([`crate::engine::endgame`]), never from an evaluation.
//! Scores are final disc differences from the mover's view, empties to the
//! winner (FFO's scoring), so always even.

use crate::engine::budget::Budget;
use crate::engine::endgame::{EndTable, Solver};
use crate::{Move, Position, Square};

/// The table's size when none is given: 16 MiB.
pub const TABLE_BYTES: usize = 16 << 20;

/// An exact solver with its table, kept from one question to the next.
pub struct Oracle {
    table: EndTable,
}

impl Default for Oracle {
    fn default() -> Oracle {
        Oracle::new(TABLE_BYTES)
    }
}

/// The final score of a finished position from the mover's view.
fn final_score(position: &Position) -> i32 {
    let mover = position.count(position.side_to_move()) as i32;
    let other = position.count(position.side_to_move().other()) as i32;
    let empties = 64 - mover - other;
    match mover.cmp(&other) {
        std::cmp::Ordering::Greater => mover - other + empties,
        std::cmp::Ordering::Less => mover - other - empties,
        std::cmp::Ordering::Equal => 0,
    }
}

/// The discs each side ends with for a final score `score` from one side's
/// view (empties to the winner): `(that side's, the other's)`.
///
/// ```
/// use virada::puzzle::discs_at_end;
/// assert_eq!(discs_at_end(-8), (28, 36));
/// assert_eq!(discs_at_end(64), (64, 0));
/// ```
pub fn discs_at_end(score: i32) -> (u32, u32) {
    let s = score.clamp(-64, 64);
    (((64 + s) / 2) as u32, ((64 - s) / 2) as u32)
}

impl Oracle {
    /// An oracle whose table holds about `bytes`.
    pub fn new(bytes: usize) -> Oracle {
        Oracle {
            table: EndTable::with_bytes(bytes),
        }
    }

    /// The exact final score of `position` under perfect play, from the
    /// mover's view.
    pub fn score(&mut self, position: &Position) -> i32 {
        if position.is_game_over() {
            return final_score(position);
        }
        // An unlimited budget never runs out, so the solver always answers.
        Solver::new(&mut self.table, Budget::unlimited())
            .solve(position)
            .map_or(0, |s| s.score)
    }

    /// Whether the score of `position` is at least `bound` (one null-window
    /// search, cheaper than the exact score).
    pub fn at_least(&mut self, position: &Position, bound: i32) -> bool {
        if bound <= -64 {
            return true;
        }
        if bound > 64 {
            return false;
        }
        if position.is_game_over() {
            return final_score(position) >= bound;
        }
        Solver::new(&mut self.table, Budget::unlimited())
            .solve_window(position, bound - 1, bound)
            .is_some_and(|s| s.score >= bound)
    }

    /// The exact value of playing `mv` in `position`, from the mover's view;
    /// `None` when the move is not legal there.
    pub fn value(&mut self, position: &Position, mv: Move) -> Option<i32> {
        let next = position.play_move(mv).ok()?;
        Some(-self.score(&next))
    }

    /// Every legal square of `position` with its exact value, in square
    /// order (empty when the mover must pass or the game is over).
    pub fn move_values(&mut self, position: &Position) -> Vec<(Square, i32)> {
        position
            .legal_moves()
            .into_iter()
            .map(|sq| (sq, -self.score(&position.play_unchecked(sq))))
            .collect()
    }

    /// The perfect move in `position`: the best exact value, and among
    /// equals the first square in reading order (a1, b1, … h8), so every
    /// machine plays the same line. A pass when the mover has no square;
    /// `None` once the game is over.
    pub fn perfect_move(&mut self, position: &Position) -> Option<Move> {
        if position.is_game_over() {
            return None;
        }
        if position.must_pass() {
            return Some(Move::Pass);
        }
        // One exact solve of the position, then one null-window search a
        // square in reading order, up to the first that reaches the best:
        // a square reaches it when the position after it scores at most
        // -best for the opponent, i.e. not at least -best + 1. The same
        // move as the first best of `move_values`, without solving every
        // square exactly.
        let best = self.score(position);
        let squares = position.legal_moves().into_iter();
        let mut found = None;
        for sq in squares {
            if !self.at_least(&position.play_unchecked(sq), 1 - best) {
                found = Some(Move::Play(sq));
                break;
            }
        }
        found
    }

    /// Both sides playing perfectly from `position` to the game's end, or
    /// for at most `plies` plies (passes included).
    pub fn perfect_line(&mut self, position: &Position, plies: usize) -> Vec<Move> {
        let mut at = *position;
        let mut line = Vec::new();
        while line.len() < plies {
            let Some(mv) = self.perfect_move(&at) else {
                break;
            };
            let Ok(next) = at.play_move(mv) else {
                break;
            };
            line.push(mv);
            at = next;
        }
        line
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first square of `move_values` with the best value: the perfect
    /// move as its definition says it, the long way.
    fn first_best(oracle: &mut Oracle, p: &Position) -> Option<Move> {
        let values = oracle.move_values(p);
        let best = values.iter().map(|&(_, v)| v).max()?;
        values
            .iter()
            .find(|&&(_, v)| v == best)
            .map(|&(sq, _)| Move::Play(sq))
    }

    #[test]
    fn the_perfect_move_is_the_first_square_of_the_best_value() {
        // FFO #1–4 (tests/data, the FFO endgame suite), and the positions
        // along each one's perfect line: the null-window search finds the
        // move the exact values name.
        let text = include_str!("../../../tests/data/fforum-01-19.obf");
        let mut oracle = Oracle::new(1 << 22);
        let mut checked = 0;
        for obf in crate::parse_obf_text(text).unwrap().iter().take(4) {
            let mut at = obf.position;
            while !at.is_game_over() {
                let mv = oracle.perfect_move(&at);
                if !at.must_pass() {
                    assert_eq!(mv, first_best(&mut oracle, &at), "{}", crate::Obf::new(at));
                    checked += 1;
                }
                at = at.play_move(mv.unwrap()).unwrap();
            }
        }
        assert!(checked > 50, "{checked}");
    }

    #[test]
    fn the_final_score_gives_the_empties_to_the_winner() {
        // Dark holds 3 discs, light none, 61 empties: the game is over.
        let p = Position::from_masks(0b111, 0, crate::Color::Dark);
        assert!(p.is_game_over());
        assert_eq!(Oracle::new(1 << 16).score(&p), 64);
        assert_eq!(discs_at_end(0), (32, 32));
        assert_eq!(discs_at_end(4), (34, 30));
    }
}
