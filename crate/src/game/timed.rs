//! A game clock kept beside a game in progress: the clock turned after each
//! turn and its forced passes (T22), each ply's time left kept for the
//! record's `times` line, and the flag noted where it falls (T23). The
//! instants are the caller's (milliseconds on any monotonic scale).

use crate::clock::{tenths_of, Flagged, GameClock, TimeControl};
use crate::Color;

/// A game clock and each ply's time left so far, in tenths of a second
/// (rounded up), the flag's `0` last once one fell.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Timed {
    /// The clock: a game clock.
    pub control: TimeControl,
    /// Both sides' clocks (side 0 dark, 1 light).
    pub clock: GameClock,
    /// Each ply's time left to its side, and `0` after a flag.
    pub times: Vec<u32>,
}

fn side(c: Color) -> usize {
    usize::from(c == Color::Light)
}

impl Timed {
    /// A game clock for `control`, `None` for the other kinds; dark's time
    /// runs from `now`.
    pub fn start(control: TimeControl, now: u64) -> Option<Timed> {
        let TimeControl::Game { base, increment } = control else {
            return None;
        };
        let mut clock = GameClock::new(base, increment);
        clock.start(side(Color::Dark), now);
        Some(Timed {
            control,
            clock,
            times: Vec::new(),
        })
    }

    /// A turn ended at `now`: `mover` moved, then the table passed for the
    /// colours in `passes` (each charged nothing), and the game is `over`
    /// or not. The flag instead when the mover's time had run out (the
    /// move must then be taken back: it came too late).
    pub fn turn(
        &mut self,
        mover: Color,
        passes: &[Color],
        over: bool,
        now: u64,
    ) -> Result<(), Flagged> {
        debug_assert!(self.clock.flagged.is_some() || self.clock.running == Some(side(mover)));
        let noted = self.clock.flagged.is_some();
        let left = self.clock.moved(now).inspect_err(|_| {
            if !noted {
                self.times.push(0);
            }
        })?;
        self.times.push(tenths_of(left));
        for &p in passes {
            self.clock.passed(now);
            self.times
                .push(tenths_of(self.clock.remaining(side(p), now)));
        }
        if over {
            self.clock.stop();
        }
        Ok(())
    }

    /// The flag fallen by `now`, if any, noted once (the game is then lost
    /// on time by that side; its `0` ends `times`).
    pub fn check(&mut self, now: u64) -> Option<Flagged> {
        let before = self.clock.flagged;
        let flag = self.clock.check(now);
        if before.is_none() && flag.is_some() {
            self.times.push(0);
        }
        flag
    }

    /// The colour whose flag fell, if one did.
    pub fn loser(&self) -> Option<Color> {
        self.clock
            .flagged
            .map(|f| [Color::Dark, Color::Light][f.side])
    }
}
