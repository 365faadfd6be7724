//! The clock's notations: the record's and the API's (`30`, `180+2`,
//! `2d`: seconds), and the one people read and type (`30s`, `3+2`, `2d`:
//! minutes + seconds a move, as lichess, PlayOK and the WOF write it).

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

/// What a person may type, said by every refusal of [`TimeControl::from_players`].
pub const PLAYERS_FORM: &str =
    "write minutes+seconds, like 3+2, seconds a move, like 30s, or days, like 2d";

/// Minutes as people write them: a whole number (`3`), a decimal giving
/// whole seconds (`0.5`, `1.25`) or `m:ss` (`1:30`); `None` otherwise.
fn minutes(s: &str) -> Option<u32> {
    if let Some((m, ss)) = s.split_once(':') {
        let (m, ss) = (digits(m)?, digits(ss)?);
        return (ss < 60 && s.len() - s.find(':')? == 3)
            .then(|| m.checked_mul(60)?.checked_add(ss))
            .flatten();
    }
    if let Some((whole, frac)) = s.split_once('.') {
        if frac.is_empty() || frac.len() > 2 {
            return None;
        }
        let hundredths = digits(whole)?
            .checked_mul(100)?
            .checked_add(digits(frac)? * if frac.len() == 1 { 10 } else { 1 })?;
        // Whole seconds only: hundredths of a minute × 0.6.
        return (hundredths * 60 % 100 == 0).then_some(hundredths * 60 / 100);
    }
    digits(s)?.checked_mul(60)
}

impl TimeControl {
    /// Reads a clock as people type it (the forms, the address): `3+2` is
    /// a game clock of 3 minutes and 2 seconds a move (minutes may be
    /// `0.5` or `1:30`), `30s` 30 seconds a move, `2d` two days a move.
    /// Spaces around the parts are allowed. The error's reason says what
    /// may be written ([`PLAYERS_FORM`]).
    ///
    /// ```
    /// use virada::clock::TimeControl;
    /// assert_eq!(TimeControl::from_players("3+2"), Ok(TimeControl::Game { base: 180, increment: 2 }));
    /// assert_eq!(TimeControl::from_players("30s"), Ok(TimeControl::PerMove { seconds: 30 }));
    /// assert!(TimeControl::from_players("3 min").is_err());
    /// ```
    pub fn from_players(text: &str) -> Result<TimeControl, ClockError> {
        let err = |reason| ClockError { reason };
        let s: String = text
            .chars()
            .filter(|c| !c.is_ascii_whitespace())
            .map(|c| c.to_ascii_lowercase())
            .collect();
        if let Some((base, inc)) = s.split_once('+') {
            let (Some(base), Some(increment)) = (minutes(base), digits(inc)) else {
                return Err(err(PLAYERS_FORM));
            };
            if !(1..=MAX_BASE).contains(&base) {
                return Err(err("a game clock is 1 second to 180 minutes, like 3+2"));
            }
            if increment > MAX_INCREMENT {
                return Err(err("a game clock adds 0 to 180 seconds a move, like 3+2"));
            }
            return Ok(TimeControl::Game { base, increment });
        }
        if let Some(n) = s.strip_suffix('s').and_then(digits) {
            return match (1..=MAX_PER_MOVE).contains(&n) {
                true => Ok(TimeControl::PerMove { seconds: n }),
                false => Err(err("seconds a move are 1 to 86400, like 30s")),
            };
        }
        if let Some(n) = s.strip_suffix('d').and_then(digits) {
            return match (1..=MAX_DAYS).contains(&n) {
                true => Ok(TimeControl::Correspondence { days: n }),
                false => Err(err("correspondence is 1 to 14 days a move, like 2d")),
            };
        }
        Err(err(PLAYERS_FORM))
    }

    /// The clock as people read it, what [`TimeControl::from_players`]
    /// reads back: `3+2`, `0.5+0`, `1:20+0`, `30s`, `2d`.
    ///
    /// ```
    /// use virada::clock::TimeControl;
    /// let c: TimeControl = "180+2".parse().unwrap();
    /// assert_eq!(c.for_players(), "3+2");
    /// ```
    pub fn for_players(&self) -> String {
        match *self {
            TimeControl::PerMove { seconds } => format!("{seconds}s"),
            TimeControl::Correspondence { days } => format!("{days}d"),
            TimeControl::Game { base, increment } => {
                let m = if base % 60 == 0 {
                    (base / 60).to_string()
                } else if base * 100 % 60 == 0 {
                    let h = base * 100 / 60;
                    let frac = format!("{:02}", h % 100);
                    format!("{}.{}", h / 100, frac.trim_end_matches('0'))
                } else {
                    format!("{}:{:02}", base / 60, base % 60)
                };
                format!("{m}+{increment}")
            }
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

    #[test]
    fn people_type_minutes_plus_seconds_and_read_them_back() {
        let game = |base, increment| TimeControl::Game { base, increment };
        for (text, clock, back) in [
            ("3+2", game(180, 2), "3+2"),
            ("1+0", game(60, 0), "1+0"),
            (" 10 + 5 ", game(600, 5), "10+5"),
            ("180+0", game(10_800, 0), "180+0"),
            ("0.5+0", game(30, 0), "0.5+0"),
            ("0.25+1", game(15, 1), "0.25+1"),
            ("1.5+2", game(90, 2), "1.5+2"),
            ("1:20+0", game(80, 0), "1:20+0"),
            ("30s", TimeControl::PerMove { seconds: 30 }, "30s"),
            ("2d", TimeControl::Correspondence { days: 2 }, "2d"),
            ("2 D", TimeControl::Correspondence { days: 2 }, "2d"),
        ] {
            assert_eq!(TimeControl::from_players(text), Ok(clock), "{text}");
            assert_eq!(clock.for_players(), back, "{text}");
            assert_eq!(TimeControl::from_players(back), Ok(clock), "{back}");
        }
        // Every record clock reads back from what people read.
        for base in 1..=MAX_BASE {
            let c = game(base, 2);
            assert_eq!(TimeControl::from_players(&c.for_players()), Ok(c), "{base}");
        }
    }

    #[test]
    fn a_bad_typed_clock_says_what_may_be_written() {
        for bad in [
            "abc", "", "0+0", "3 min", "180", "30", "0.01+0", "1.123+0", "1:5+0", "1:60+0",
            "181+0", "3+181", "0s", "86401s", "0d", "15d", "3+", "+2", "1+2+3", "-3+2",
        ] {
            let e = TimeControl::from_players(bad).unwrap_err();
            assert_eq!(e.code(), "bad-clock", "{bad}");
            assert!(e.reason().contains("like"), "{bad}: {e}");
        }
        assert_eq!(
            TimeControl::from_players("abc").unwrap_err().reason(),
            PLAYERS_FORM
        );
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
