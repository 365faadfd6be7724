//! A game clock or a correspondence window kept beside a game in progress:
//! the clock turned after each turn and its forced passes (T22), each ply's
//! time left kept for the record's `times` line under a game clock, and the
//! flag noted where it falls (T23). The instants are the caller's
//! (milliseconds on any monotonic scale).

use crate::clock::{tenths_of, Flagged, GameClock, TimeControl};
use crate::Color;

/// A game clock (or correspondence's window) and each ply's time left so
/// far, in tenths of a second (rounded up), the flag's `0` last once one
/// fell. Under correspondence the side to move has the whole window each
/// turn and no times are kept.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Timed {
    /// The clock: a game clock or correspondence.
    pub control: TimeControl,
    /// Both sides' clocks (side 0 dark, 1 light).
    pub clock: GameClock,
    /// Each ply's time left to its side, and `0` after a flag (a game
    /// clock's only).
    pub times: Vec<u32>,
}

fn side(c: Color) -> usize {
    usize::from(c == Color::Light)
}

/// The colour of clock side `s`.
fn color(s: usize) -> Color {
    [Color::Dark, Color::Light][s & 1]
}

impl Timed {
    /// A stopped clock for `control`: a game clock or correspondence,
    /// `None` for a clock a move.
    pub fn new(control: TimeControl) -> Option<Timed> {
        let clock = match control {
            TimeControl::Game { base, increment } => GameClock::new(base, increment),
            TimeControl::Correspondence { days } => GameClock::new(days * 86_400, 0),
            TimeControl::PerMove { .. } => return None,
        };
        Some(Timed {
            control,
            clock,
            times: Vec::new(),
        })
    }

    /// A game clock for `control`, `None` for the other kinds; dark's time
    /// runs from `now`.
    pub fn start(control: TimeControl, now: u64) -> Option<Timed> {
        let mut timed = match control {
            TimeControl::Game { .. } => Timed::new(control)?,
            _ => return None,
        };
        timed.begin(Color::Dark, now);
        Some(timed)
    }

    /// Starts `to_move`'s clock at `now`, once: nothing when it runs or a
    /// flag fell already.
    pub fn begin(&mut self, to_move: Color, now: u64) {
        if !self.started() {
            self.clock.start(side(to_move), now);
        }
    }

    /// A clock runs, or a flag fell.
    pub fn started(&self) -> bool {
        self.clock.running.is_some() || self.clock.flagged.is_some()
    }

    /// Correspondence's window, in milliseconds.
    fn window(&self) -> Option<u64> {
        match self.control {
            TimeControl::Correspondence { days } => Some(u64::from(days) * 86_400_000),
            _ => None,
        }
    }

    /// Whether each ply's time is kept (a game clock).
    fn keeps_times(&self) -> bool {
        matches!(self.control, TimeControl::Game { .. })
    }

    /// A turn ended at `now`: `mover` moved, the players exchanged colours
    /// with that move when `exchanged` (Nabucodonosor's swap, N4: each
    /// player keeps its own time, which changes colour with it), then the
    /// table passed for the colours in `passes` (each charged nothing), and
    /// the game is `over` or not. The flag instead when the mover's time had
    /// run out (the move must then be taken back: it came too late).
    pub fn turn(
        &mut self,
        mover: Color,
        exchanged: bool,
        passes: &[Color],
        over: bool,
        now: u64,
    ) -> Result<(), Flagged> {
        debug_assert!(self.clock.flagged.is_some() || self.clock.running == Some(side(mover)));
        let noted = self.clock.flagged.is_some();
        let keep = self.keeps_times();
        let left = self.clock.moved(now).inspect_err(|_| {
            if !noted && keep {
                self.times.push(0);
            }
        })?;
        if keep {
            self.times.push(tenths_of(left));
        }
        if exchanged {
            self.clock.exchange();
        }
        for &p in passes {
            self.clock.passed(now);
            if keep {
                self.times
                    .push(tenths_of(self.clock.remaining(side(p), now)));
            }
        }
        if let (Some(window), Some(next)) = (self.window(), self.clock.running) {
            // Correspondence: the side to move has the whole window again.
            self.clock.remaining_ms[next] = window;
        }
        if over {
            self.clock.stop();
        }
        Ok(())
    }

    /// The flag fallen by `now`, if any, noted once (the game is then lost
    /// on time by that side; under a game clock its `0` ends `times`).
    pub fn check(&mut self, now: u64) -> Option<Flagged> {
        let before = self.clock.flagged;
        let flag = self.clock.check(now);
        if before.is_none() && flag.is_some() && self.keeps_times() {
            self.times.push(0);
        }
        flag
    }

    /// The colour whose flag fell, if one did.
    pub fn loser(&self) -> Option<Color> {
        self.clock.flagged.map(|f| color(f.side))
    }

    /// The colour whose clock runs, if one does.
    pub fn running(&self) -> Option<Color> {
        self.clock.running.map(color)
    }

    /// The game ended off the board at `now` (a resignation, an abort):
    /// both clocks stop where they are ([`GameClock::halt`]), unless a
    /// flag fell first (then noted as [`Timed::check`] notes it).
    pub fn halt(&mut self, now: u64) {
        if self.check(now).is_none() {
            self.clock.halt(now);
        }
    }

    /// Dark's and light's time left at `now`, in milliseconds (`0` for the
    /// side whose flag fell).
    pub fn left(&self, now: u64) -> [u64; 2] {
        let flagged = self.clock.flagged.map(|f| f.side);
        [0, 1].map(|s| match flagged == Some(s) {
            true => 0,
            false => self.clock.remaining(s, now),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn correspondence_gives_the_side_to_move_the_whole_window_and_keeps_no_times() {
        let day = 86_400_000;
        let mut t = Timed::new("2d".parse().unwrap()).unwrap();
        assert!(!t.started());
        t.begin(Color::Dark, 0);
        assert_eq!(t.left(day), [day, 2 * day]);
        t.turn(Color::Dark, false, &[], false, day + 5).unwrap();
        assert_eq!(t.running(), Some(Color::Light));
        assert_eq!(t.left(day + 5), [day - 5, 2 * day]);
        t.turn(Color::Light, false, &[], false, 2 * day).unwrap();
        assert_eq!(t.left(3 * day), [day, day + 5], "dark's window again");
        assert_eq!(t.check(4 * day - 1), None);
        assert_eq!(t.check(4 * day).map(|f| f.side), Some(0));
        assert_eq!(t.loser(), Some(Color::Dark));
        assert!(t.times.is_empty());
    }

    #[test]
    fn a_clock_a_move_is_not_timed() {
        assert_eq!(Timed::new("30".parse().unwrap()), None);
    }
}
