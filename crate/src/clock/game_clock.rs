//! A game clock's state, driven by instants the caller gives (milliseconds
//! on any monotonic scale): no wall clock inside, so every answer is exact.

/// A player's time ran out: `side` (0 or 1, the side whose clock ran) lost
/// on time at the instant `at`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Flagged {
    /// The side whose time ran out.
    pub side: usize,
    /// The instant it ran out (when its time reached zero).
    pub at: u64,
}

/// Both players' clocks under `BASE+INC`: each side's remaining time, the
/// side whose clock runs and since when.
///
/// ```
/// use virada::clock::{GameClock, Flagged};
/// let mut c = GameClock::new(180, 2);
/// c.start(0, 1_000);                      // side 0 to move at t = 1 s
/// c.moved(31_000).unwrap();               // it thought 30 s, gains 2 s
/// assert_eq!(c.remaining(0, 31_000), 152_000);
/// assert_eq!(c.remaining(1, 40_000), 171_000); // side 1 runs now
/// assert_eq!(c.flag(211_000), Some(Flagged { side: 1, at: 211_000 }));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GameClock {
    /// The increment, in milliseconds.
    pub increment_ms: u64,
    /// Each side's time left when its clock last stopped, in milliseconds.
    pub remaining_ms: [u64; 2],
    /// The side whose clock runs, `None` before the start and after the end.
    pub running: Option<usize>,
    /// The instant the running clock started.
    pub since: u64,
    /// The side that lost on time, once its flag fell.
    pub flagged: Option<Flagged>,
}

impl GameClock {
    /// Both sides with `base` seconds, `increment` seconds added after each
    /// move; nothing runs yet.
    pub fn new(base: u32, increment: u32) -> GameClock {
        GameClock {
            increment_ms: u64::from(increment) * 1000,
            remaining_ms: [u64::from(base) * 1000; 2],
            running: None,
            since: 0,
            flagged: None,
        }
    }

    /// Starts `side`'s clock at `now` (the game's first turn).
    pub fn start(&mut self, side: usize, now: u64) {
        if self.flagged.is_none() {
            self.running = Some(side & 1);
            self.since = now;
        }
    }

    /// The time `side` has left at `now`, in milliseconds (its clock
    /// counted down to `now` if it runs; an instant before the start of
    /// the turn counts as the start).
    pub fn remaining(&self, side: usize, now: u64) -> u64 {
        let left = self.remaining_ms[side & 1];
        match self.running {
            Some(s) if s == side & 1 => left.saturating_sub(now.saturating_sub(self.since)),
            _ => left,
        }
    }

    /// The flag that has fallen by `now`, if any: the running side's, at
    /// the instant its time reached zero.
    pub fn flag(&self, now: u64) -> Option<Flagged> {
        if self.flagged.is_some() {
            return self.flagged;
        }
        let side = self.running?;
        let at = self.since + self.remaining_ms[side];
        (now >= at).then_some(Flagged { side, at })
    }

    /// The running side made a move at `now`: its thinking time is
    /// charged, then the increment added, and the other side's clock
    /// starts. Its time left after the move (increment included), or the
    /// flag when its time ran out first (a move at the very instant the
    /// time reaches zero is too late); the clock then stops for good. `0`,
    /// and nothing changed, when no clock runs (before the start, after
    /// the end).
    pub fn moved(&mut self, now: u64) -> Result<u64, Flagged> {
        self.hand_over(now, self.increment_ms)
    }

    /// A forced pass at `now`: the turn goes back to the other side, and
    /// the passing side is charged nothing and gains nothing.
    pub fn passed(&mut self, now: u64) {
        if let Some(side) = self.running {
            if self.flagged.is_none() {
                self.running = Some(1 - side);
                self.since = now;
            }
        }
    }

    /// The players exchanged colours (Nabucodonosor's swap, N4): each
    /// keeps its own time, so the two sides' times change places, and the
    /// clock that runs is still the same player's, now on the other side.
    pub fn exchange(&mut self) {
        self.remaining_ms.swap(0, 1);
        self.running = self.running.map(|s| 1 - s);
    }

    /// The game ended on the board at `now` (after its last move): both
    /// clocks stop.
    pub fn stop(&mut self) {
        self.running = None;
    }

    /// The game ended off the board at `now` (a resignation, an abort):
    /// the running side is charged its time so far and both clocks stop,
    /// so that the times stand still from then on. Nothing when no clock
    /// runs; a flag fallen by `now` is recorded instead.
    pub fn halt(&mut self, now: u64) {
        if self.check(now).is_some() {
            return;
        }
        if let Some(side) = self.running {
            self.remaining_ms[side] = self.remaining(side, now);
            self.running = None;
            self.since = now.max(self.since);
        }
    }

    /// Records the flag when one has fallen by `now` (for a caller that
    /// polls), and stops the clock. The flag, if any.
    pub fn check(&mut self, now: u64) -> Option<Flagged> {
        let flag = self.flag(now);
        if flag.is_some() {
            self.flagged = flag;
            self.running = None;
        }
        flag
    }

    fn hand_over(&mut self, now: u64, gain: u64) -> Result<u64, Flagged> {
        if let Some(f) = self.check(now) {
            return Err(f);
        }
        let Some(side) = self.running else {
            return Ok(0);
        };
        let left = self.remaining(side, now) + gain;
        self.remaining_ms[side] = left;
        self.running = Some(1 - side);
        self.since = now.max(self.since);
        Ok(left)
    }
}

/// The most tenths of a second a record's time holds (11.5 days).
pub const MAX_TENTHS: u32 = 10_000_000;

/// Milliseconds left as a record's `times` entry: tenths of a second,
/// rounded up (a side with any time left never shows `0.0`).
///
/// ```
/// assert_eq!(virada::clock::tenths_of(59_301), 594);
/// assert_eq!(virada::clock::tenths_of(1), 1);
/// ```
pub fn tenths_of(ms: u64) -> u32 {
    ms.div_ceil(100).min(u64::from(MAX_TENTHS)) as u32
}

/// The disc score of a game lost on time, as the World Othello
/// Federation's rules score it (docs/rules.md): the side that ran out of
/// time keeps its discs up to one less than half the board, and the
/// opponent has the rest of the board, empty squares included. From the
/// discs of the side on time `flagged_discs` on a board of `squares`
/// squares, `(flagged's score, opponent's score)`.
///
/// ```
/// use virada::clock::score_on_time;
/// assert_eq!(score_on_time(20, 64), (20, 44));
/// assert_eq!(score_on_time(40, 64), (31, 33));
/// ```
pub const fn score_on_time(flagged_discs: u32, squares: u32) -> (u32, u32) {
    score_ended_early(flagged_discs, squares)
}

/// The disc score of a game that ended before its board did with a loser
/// (rule T24: a resignation, a loss on time, a person who left): scored
/// as the WOF scores a loss on time (T23), the loser keeps its discs up
/// to one less than half the board and the winner has the rest, empty
/// squares included. From the loser's discs on the board `loser_discs`
/// on a board of `squares` squares, `(loser's score, winner's score)`.
/// The table, the record's check, `virada verify` and a tournament's
/// standings all score an early end with this one function (through
/// [`crate::record::Record::score`] for a record).
///
/// ```
/// use virada::clock::score_ended_early;
/// assert_eq!(score_ended_early(2, 64), (2, 62)); // resigned at 2–2
/// assert_eq!(score_ended_early(45, 64), (31, 33)); // resigned ahead
/// ```
pub const fn score_ended_early(loser_discs: u32, squares: u32) -> (u32, u32) {
    let flagged_discs = loser_discs;
    let most = squares.div_ceil(2).saturating_sub(1);
    let kept = if flagged_discs < most {
        flagged_discs
    } else {
        most
    };
    (kept, squares - kept)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_cut_short_stops_both_clocks_where_they_were() {
        let mut c = GameClock::new(60, 0);
        c.start(0, 0);
        c.moved(5_000).unwrap();
        c.halt(12_000); // side 1 resigns after 7 s
        assert_eq!(c.running, None);
        assert_eq!(c.remaining(1, 12_000), 53_000);
        assert_eq!(c.remaining(1, 99_000), 53_000, "it stands still");
        assert_eq!(c.remaining(0, 99_000), 55_000);
        assert_eq!(c.flag(999_000), None, "no flag falls after the end");
    }

    #[test]
    fn a_clock_runs_only_on_its_turn_and_the_increment_follows_each_move() {
        let mut c = GameClock::new(60, 1);
        assert_eq!(
            c.remaining(0, 5_000),
            60_000,
            "nothing runs before the start"
        );
        c.start(0, 0);
        assert_eq!(c.remaining(0, 12_345), 47_655);
        assert_eq!(c.remaining(1, 12_345), 60_000);
        assert_eq!(c.moved(12_345), Ok(48_655));
        assert_eq!(c.remaining(0, 50_000), 48_655, "side 0 stopped");
        assert_eq!(c.remaining(1, 20_000), 52_345);
        assert_eq!(c.moved(20_000), Ok(53_345));
        assert_eq!(c.remaining(0, 20_100), 48_555);
    }

    #[test]
    fn a_forced_pass_costs_nothing() {
        let mut c = GameClock::new(60, 2);
        c.start(0, 0);
        c.moved(10_000).unwrap(); // side 0: 52 s; side 1 to move, but must pass
        c.passed(10_000);
        assert_eq!(c.remaining(1, 10_000), 60_000);
        assert_eq!(c.remaining(0, 15_000), 47_000, "side 0 runs again at once");
        // A pass answered late still charges the passing side nothing.
        c.moved(15_000).unwrap();
        c.passed(40_000);
        assert_eq!(c.remaining(1, 40_000), 60_000);
        assert_eq!(c.remaining(0, 40_000), 49_000);
    }

    #[test]
    fn a_flag_falls_at_the_exact_millisecond() {
        let mut c = GameClock::new(10, 0);
        c.start(0, 1_000);
        c.moved(4_000).unwrap(); // side 0: 7 s
        assert_eq!(c.flag(13_999), None);
        assert_eq!(
            c.flag(14_000),
            Some(Flagged {
                side: 1,
                at: 14_000
            })
        );
        let mut late = c.clone();
        assert_eq!(
            late.moved(14_000),
            Err(Flagged {
                side: 1,
                at: 14_000
            })
        );
        assert_eq!(
            late.moved(20_000),
            Err(Flagged {
                side: 1,
                at: 14_000
            }),
            "stays fallen"
        );
        assert_eq!(late.running, None);
        assert_eq!(c.moved(13_999), Ok(1));
        assert_eq!(c.flag(20_998), None, "side 0 has its 7 s from 13.999 s");
        assert_eq!(
            c.check(25_000),
            Some(Flagged {
                side: 0,
                at: 20_999
            })
        );
    }

    #[test]
    fn the_increment_never_saves_a_fallen_flag() {
        let mut c = GameClock::new(1, 180);
        c.start(1, 0);
        assert_eq!(c.moved(1_000), Err(Flagged { side: 1, at: 1_000 }));
        assert_eq!(
            c.remaining(1, 1_000),
            1_000,
            "the stored time is as last stopped"
        );
    }

    #[test]
    fn a_loss_on_time_is_scored_as_the_wof_scores_it() {
        assert_eq!(score_on_time(2, 64), (2, 62));
        assert_eq!(score_on_time(31, 64), (31, 33));
        assert_eq!(score_on_time(32, 64), (31, 33));
        assert_eq!(score_on_time(60, 64), (31, 33));
        assert_eq!(score_on_time(0, 64), (0, 64));
        assert_eq!(score_on_time(40, 100), (40, 60));
        assert_eq!(score_on_time(60, 100), (49, 51));
        assert_eq!(score_on_time(20, 25), (12, 13));
    }
}
