//! The clock's notation: `30`, `180+2`, `2d`.

use std::fmt;
use std::str::FromStr;

/// The longest clock a move, in seconds (a day, as records have accepted).
pub const MAX_PER_MOVE: u32 = 24 * 3600;
/// The longest base of a game clock, in seconds (three hours).
pub const MAX_BASE: u32 = 3 * 3600;
/// The largest increment of a game clock, in seconds.
pub const MAX_INCREMENT: u32 = 180;
/// The most days a move in correspondence.
pub const MAX_DAYS: u32 = 14;

/// A table's clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TimeControl {
    /// Seconds a turn (1 to [`MAX_PER_MOVE`]); the table places on time-out (T16).
    PerMove {
        /// Seconds a turn.
        seconds: u32,
    },
    /// Seconds a game for each player (1 to [`MAX_BASE`]) and seconds added
    /// after each of their moves (0 to [`MAX_INCREMENT`]).
    Game {
        /// Each player's time at the start, in seconds.
        base: u32,
        /// Seconds added after each move.
        increment: u32,
    },
    /// Days a move (1 to [`MAX_DAYS`]).
    Correspondence {
        /// Days a move.
        days: u32,
    },
}

/// A clock that could not be read: its code is always `bad-clock`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClockError {
    reason: &'static str,
}

impl ClockError {
    /// The stable code for the user interface: `bad-clock`.
    pub const fn code(&self) -> &'static str {
        "bad-clock"
    }

    /// What was wrong, in words.
    pub const fn reason(&self) -> &'static str {
        self.reason
    }
}

impl fmt::Display for ClockError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.code(), self.reason)
    }
}

impl std::error::Error for ClockError {}

/// Plain decimal digits only (no sign, no spaces), at most 6 of them.
fn digits(s: &str) -> Option<u32> {
    (!s.is_empty() && s.len() <= 6 && s.bytes().all(|b| b.is_ascii_digit()))
        .then(|| s.parse().ok())
        .flatten()
}

impl FromStr for TimeControl {
    type Err = ClockError;

    /// `30` (1 to 86400), `BASE+INC` (base 1 to 10800, increment 0 to
    /// 180), `Nd` (1 to 14).
    fn from_str(s: &str) -> Result<TimeControl, ClockError> {
        let err = |reason| ClockError { reason };
        if let Some((base, inc)) = s.split_once('+') {
            let (Some(base), Some(increment)) = (digits(base), digits(inc)) else {
                return Err(err("a game clock is BASE+INC in seconds, as 180+2"));
            };
            if !(1..=MAX_BASE).contains(&base) {
                return Err(err("a game clock's base is 1 to 10800 seconds"));
            }
            if increment > MAX_INCREMENT {
                return Err(err("a game clock's increment is 0 to 180 seconds"));
            }
            return Ok(TimeControl::Game { base, increment });
        }
        if let Some(days) = s.strip_suffix('d') {
            return match digits(days) {
                Some(days) if (1..=MAX_DAYS).contains(&days) => {
                    Ok(TimeControl::Correspondence { days })
                }
                _ => Err(err("correspondence is 1d to 14d")),
            };
        }
        match digits(s) {
            Some(seconds) if (1..=MAX_PER_MOVE).contains(&seconds) => {
                Ok(TimeControl::PerMove { seconds })
            }
            Some(_) => Err(err("a clock a move is 1 to 86400 seconds")),
            None => Err(err(
                "a clock is seconds a move (30), BASE+INC (180+2) or days (2d)",
            )),
        }
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TimeControl::PerMove { seconds } => write!(f, "{seconds}"),
            TimeControl::Game { base, increment } => write!(f, "{base}+{increment}"),
            TimeControl::Correspondence { days } => write!(f, "{days}d"),
        }
    }
}

#[cfg(feature = "serde")]
crate::serde_text::as_text!(TimeControl);

impl TimeControl {
    /// The seconds a turn of a clock a move, `None` for the other kinds.
    pub const fn per_move(&self) -> Option<u32> {
        match *self {
            TimeControl::PerMove { seconds } => Some(seconds),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_three_kinds_read_and_write_back() {
        for (text, clock) in [
            ("30", TimeControl::PerMove { seconds: 30 }),
            ("15", TimeControl::PerMove { seconds: 15 }),
            (
                "60+0",
                TimeControl::Game {
                    base: 60,
                    increment: 0,
                },
            ),
            (
                "180+2",
                TimeControl::Game {
                    base: 180,
                    increment: 2,
                },
            ),
            (
                "600+5",
                TimeControl::Game {
                    base: 600,
                    increment: 5,
                },
            ),
            (
                "1800+0",
                TimeControl::Game {
                    base: 1800,
                    increment: 0,
                },
            ),
            ("1d", TimeControl::Correspondence { days: 1 }),
            ("14d", TimeControl::Correspondence { days: 14 }),
        ] {
            assert_eq!(text.parse::<TimeControl>(), Ok(clock), "{text}");
            assert_eq!(clock.to_string(), text);
        }
    }

    #[test]
    fn bad_clocks_are_refused_with_their_code() {
        for bad in [
            "0+0", "0+5", "abc", "", "+", "180+", "+2", "180+-2", "-30", " 30", "30 ", "180 + 2",
            "1+2+3", "180+181", "10801+0", "0", "86401", "0d", "15d", "d", "2D", "1.5+0",
            "9999999", "２d",
        ] {
            let e = bad.parse::<TimeControl>().unwrap_err();
            assert_eq!(e.code(), "bad-clock", "{bad}");
            assert!(e.to_string().starts_with("bad-clock: "), "{bad}: {e}");
        }
    }

    #[cfg(feature = "serde")]
    #[test]
    fn serde_goes_through_the_notation() {
        let c = TimeControl::Game {
            base: 180,
            increment: 2,
        };
        assert_eq!(serde_json::to_string(&c).unwrap(), "\"180+2\"");
        assert_eq!(
            serde_json::from_str::<TimeControl>("\"2d\"").unwrap(),
            TimeControl::Correspondence { days: 2 }
        );
        let e = serde_json::from_str::<TimeControl>("\"0+0\"").unwrap_err();
        assert!(e.to_string().contains("bad-clock"), "{e}");
    }
}
