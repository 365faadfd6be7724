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
    /// Over the games played: each opponent's rating, 400 more for a win
    /// and 400 less for a loss (the performance's sum, A3's tiebreak).
    pub performance_sum: i64,
}

impl ArenaPlayer {
    /// Whether the next game counts double: two wins in a row or more.
    pub fn on_fire(&self) -> bool {
        self.wins_in_a_row >= 2
    }

    /// Games played.
    pub fn games(&self) -> u32 {
        self.whites + self.blacks
    }

    /// The performance, lichess's arena tiebreak as a linear one: the
    /// opponents' average rating, 400 more for each win and 400 less for
    /// each loss, rounded; `None` before a game.
    pub fn performance(&self) -> Option<i64> {
        let games = i64::from(self.games());
        (games > 0).then(|| (2 * self.performance_sum + games).div_euclid(2 * games))
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
            performance_sum: 0,
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
            let opponent_rating = self
                .players
                .get(&opponent)
                .map_or(0, |o| i64::from(o.rating));
            let Some(p) = self.players.get_mut(&id) else {
                continue;
            };
            let base = match mine {
                ArenaResult::Win => 2,
                ArenaResult::Draw => 1,
                ArenaResult::Loss => 0,
            };
            p.score += if p.on_fire() { 2 * base } else { base };
            p.performance_sum += opponent_rating
                + match mine {
                    ArenaResult::Win => 400,
                    ArenaResult::Draw => 0,
                    ArenaResult::Loss => -400,
                };
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

    /// The table (A3): score; equal scores by the higher performance (a
    /// player without a game below one with), then the higher rating, then
    /// the lower number: one order, whatever the order of the games.
    pub fn standings(&self) -> Vec<&ArenaPlayer> {
        let mut out: Vec<&ArenaPlayer> = self.players.values().collect();
        out.sort_by(|a, b| {
            b.score
                .cmp(&a.score)
                .then(b.performance().cmp(&a.performance()))
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

    #[test]
    fn a3_equal_points_are_placed_by_performance() {
        let mut arena = Arena::new();
        for (id, rating) in [(1, 1500), (2, 1700), (3, 1500), (4, 1300)] {
            arena.join(id, rating);
        }
        // 1 beats the strong 2, 3 beats the weak 4; 2 and 4 then draw.
        arena.record(1, 2, ArenaResult::Win);
        arena.record(3, 4, ArenaResult::Win);
        arena.record(2, 4, ArenaResult::Draw);
        assert_eq!(
            arena.player(1).and_then(ArenaPlayer::performance),
            Some(2100)
        );
        assert_eq!(
            arena.player(3).and_then(ArenaPlayer::performance),
            Some(1700)
        );
        // 1 and 3 have 2 points each: 1's performance places it first; 2
        // and 4 have 1 point each: 4 (lost to 1500, drew 1700) above 2
        // (lost to 1500, drew 1300), its rating lower or not.
        assert_eq!(
            arena.player(4).and_then(ArenaPlayer::performance),
            Some(1400)
        );
        assert_eq!(
            arena.player(2).and_then(ArenaPlayer::performance),
            Some(1200)
        );
        let order: Vec<u32> = arena.standings().iter().map(|p| p.id).collect();
        assert_eq!(order, vec![1, 3, 4, 2]);
        // The same games in another order give the same table.
        let mut again = Arena::new();
        for (id, rating) in [(4, 1300), (3, 1500), (2, 1700), (1, 1500)] {
            again.join(id, rating);
        }
        again.record(3, 4, ArenaResult::Win);
        again.record(1, 2, ArenaResult::Win);
        again.record(4, 2, ArenaResult::Draw);
        let order_again: Vec<u32> = again.standings().iter().map(|p| p.id).collect();
        assert_eq!(order_again, order);
        // Before a game, no performance.
        let mut fresh = Arena::new();
        fresh.join(1, 1500);
        assert_eq!(fresh.player(1).and_then(ArenaPlayer::performance), None);
    }
}
