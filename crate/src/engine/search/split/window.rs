//! Which window a root move is searched in next: the first move around the
//! guess, the others tested at the best proven score (or at the guess while
//! there is none), a move that failed high searched for its value.

use super::{Phase, Split};
use crate::engine::eval::DISC;

impl Split {
    /// The window move `i` is to be searched in now, or `None` when it needs
    /// no job now (settled, already out, or waiting for a bound to test).
    pub(super) fn window(&self, i: usize, holder: Option<usize>) -> Option<(i32, i32)> {
        let r = &self.roots[i];
        if r.pending.is_some() {
            return None;
        }
        let (floor, ceiling, unit) = (self.floor(), self.ceiling(), self.unit());
        let unknown = r.lower == floor && r.upper == ceiling;
        // Whether the first move (the previous best) has yet to answer: a
        // move that failed high on a guess waits for it before its value
        // is searched (the first move is usually better still).
        let first_out = {
            let f = &self.roots[0];
            f.pending.is_some() && f.lower == floor && f.upper == ceiling
        };
        match holder {
            Some(h) if h == i && h != 0 && first_out => None,
            Some(h) if h == i => {
                // Its value, above its lower bound: in a window first.
                let high = match self.phase {
                    Phase::Mid(_) => r.upper.min(r.lower.saturating_add(4 * DISC)),
                    _ => r.upper,
                };
                (r.lower < r.upper).then_some((r.lower - unit, high))
            }
            Some(h) => {
                let alpha = self.roots[h].lower;
                (r.upper > alpha).then_some((alpha, alpha + unit))
            }
            None if i == 0 && unknown => Some(self.first_window()),
            // The first move failed low everywhere: search it below.
            None if i == 0 => Some((floor, r.upper + unit)),
            None if unknown => {
                let test = self.test_value();
                Some((test, test + unit))
            }
            None => None,
        }
    }

    /// The first move's window: around the guess from 4 plies on, in full
    /// before and for the endgame.
    fn first_window(&self) -> (i32, i32) {
        match self.phase {
            Phase::Mid(d) if d >= 4 => (self.guess - 4 * DISC, self.guess + 4 * DISC),
            _ => (self.floor(), self.ceiling()),
        }
    }

    /// Where the other moves are tested before the first has a value.
    fn test_value(&self) -> i32 {
        let (floor, ceiling, unit) = (self.floor(), self.ceiling(), self.unit());
        let guess = match self.phase {
            Phase::Mid(_) => self.guess2.unwrap_or(self.guess),
            _ => self.guess.div_euclid(DISC) * DISC,
        };
        guess.clamp(floor, ceiling - unit)
    }
}
