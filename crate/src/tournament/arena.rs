//! Arenas as lichess runs them (rules A1–A3 in `docs/rules.md`): for a set
//! duration, whoever finishes a game is paired again at once with the
//! nearest free player in score, then rating, never the same opponent twice
//! in a row (but for the last two players left, who play again at once);
//! 2 points a win, 1 a draw, doubled on a streak of two wins.

use std::collections::HashMap;

/// A game's result for the first player named.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArenaResult {
    /// The first player won.
    Win,
    /// A draw.
    Draw,
    /// The first player lost.
    Loss,
}

/// One player of an arena.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArenaPlayer {
    /// The player.
    pub id: u32,
    /// Their rating, for pairing.
    pub rating: u32,
    /// Arena points.
    pub score: u32,
    /// Wins in a row, up to now.
    pub wins_in_a_row: u32,
    /// The last opponent, never met twice in a row.
    pub last_opponent: Option<u32>,
    /// Games with white and with black.
    pub whites: u32,
    /// Games with black.
    pub blacks: u32,
}

impl ArenaPlayer {
    /// Whether the next game counts double: two wins in a row or more.
    pub fn on_fire(&self) -> bool {
        self.wins_in_a_row >= 2
    }
}

/// An arena's players and scores.
#[derive(Clone, Debug, Default)]
pub struct Arena {
    players: HashMap<u32, ArenaPlayer>,
}

impl Arena {
    /// An empty arena.
    pub fn new() -> Arena {
        Arena::default()
    }

    /// Adds a player (again: joining twice changes nothing).
    pub fn join(&mut self, id: u32, rating: u32) {
        self.players.entry(id).or_insert(ArenaPlayer {
            id,
            rating,
            score: 0,
            wins_in_a_row: 0,
            last_opponent: None,
            whites: 0,
            blacks: 0,
        });
    }

    /// A player.
    pub fn player(&self, id: u32) -> Option<&ArenaPlayer> {
        self.players.get(&id)
    }

    /// The opponent for `id` among the free players: the nearest in score,
    /// then in rating, then the lower number; never the last opponent.
    /// The answer is (white, black): white to who had fewer whites.
    pub fn pair(&self, id: u32, free: &[u32]) -> Option<(u32, u32)> {
        let me = self.players.get(&id)?;
        let other = free
            .iter()
            .filter(|&&o| o != id && me.last_opponent != Some(o))
            .filter_map(|o| self.players.get(o))
            .filter(|o| o.last_opponent != Some(id))
            .min_by_key(|o| {
                (
                    o.score.abs_diff(me.score),
                    o.rating.abs_diff(me.rating),
                    o.id,
                )
            })?;
        let me_white = (me.whites as i64 - me.blacks as i64, me.id)
            < (other.whites as i64 - other.blacks as i64, other.id);
        Some(if me_white {
            (me.id, other.id)
        } else {
            (other.id, me.id)
        })
    }

    /// [`Arena::pair`], but when `id` and one other are the only players
    /// left in the arena (`left`, the others withdrew) they play again at
    /// once, last opponents or not (A2): nobody sits idle to the end.
    pub fn pair_left(&self, id: u32, free: &[u32], left: usize) -> Option<(u32, u32)> {
        if let Some(pair) = self.pair(id, free) {
            return Some(pair);
        }
        let other = free.iter().copied().find(|&o| o != id)?;
        if left != 2 {
            return None;
        }
        let (me, them) = (self.players.get(&id)?, self.players.get(&other)?);
        let me_white = (me.whites as i64 - me.blacks as i64, me.id)
            < (them.whites as i64 - them.blacks as i64, them.id);
        Some(if me_white { (id, other) } else { (other, id) })
    }

    /// Scores a finished game between `white` and `black`, `result` for
    /// white: 2 a win, 1 a draw, both doubled for a player on a streak
    /// of two wins or more; anything but a win ends the streak.
    pub fn record(&mut self, white: u32, black: u32, result: ArenaResult) {
        for (id, opponent, mine, is_white) in [
            (white, black, result, true),
            (
                black,
                white,
                match result {
                    ArenaResult::Win => ArenaResult::Loss,
                    ArenaResult::Loss => ArenaResult::Win,
                    ArenaResult::Draw => ArenaResult::Draw,
                },
                false,
            ),
        ] {
            let Some(p) = self.players.get_mut(&id) else {
                continue;
            };
            let base = match mine {
                ArenaResult::Win => 2,
                ArenaResult::Draw => 1,
                ArenaResult::Loss => 0,
            };
            p.score += if p.on_fire() { 2 * base } else { base };
            p.wins_in_a_row = if mine == ArenaResult::Win {
                p.wins_in_a_row + 1
            } else {
                0
            };
            p.last_opponent = Some(opponent);
            if is_white {
                p.whites += 1;
            } else {
                p.blacks += 1;
            }
        }
    }

    /// The table: score, then rating, then number.
    pub fn standings(&self) -> Vec<&ArenaPlayer> {
        let mut out: Vec<&ArenaPlayer> = self.players.values().collect();
        out.sort_by(|a, b| {
            b.score
                .cmp(&a.score)
                .then(b.rating.cmp(&a.rating))
                .then(a.id.cmp(&b.id))
        });
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a2_the_last_two_left_play_again_at_once() {
        let mut arena = Arena::new();
        for (id, rating) in [(1, 1500), (2, 1500), (3, 1500)] {
            arena.join(id, rating);
        }
        arena.record(1, 2, ArenaResult::Win);
        // Never the same opponent twice in a row while another is in.
        assert_eq!(arena.pair(1, &[2]), None);
        assert_eq!(arena.pair_left(1, &[2], 3), None);
        // Player 3 withdrew: the two left meet again, white to fewer whites.
        assert_eq!(arena.pair_left(1, &[2], 2), Some((2, 1)));
        assert_eq!(arena.pair_left(2, &[1], 2), Some((2, 1)));
        // Alone, nobody to play.
        assert_eq!(arena.pair_left(1, &[], 1), None);
    }
}
