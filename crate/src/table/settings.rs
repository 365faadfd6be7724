//! The table's settings and their limits, in one place: every setting a
//! table accepts is one its record can hold, so every record it writes
//! verifies. Out-of-range settings are refused at set-up with a stable code.

use crate::clock::{ClockError, TimeControl};
use crate::game::fairness::{Seed, SeedError};
use crate::game::handicap::{Handicap, HandicapError};
use crate::game::Seat;
use crate::record::MAX_WORD_BYTES;
use std::fmt;

/// Why a table could not be set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// The seats text is not two of `person`, `bot` or `bot:N`, comma separated.
    Seats(String),
    /// A bot level outside 1 to the game's highest.
    Level {
        /// The level asked for.
        level: u32,
        /// The game's highest level.
        max: u8,
    },
    /// A clock that is none of the three kinds' notation, or out of range.
    Clock(ClockError),
    /// Correspondence (`2d`) asked of the local table: it is played online
    /// only.
    OnlineOnly(TimeControl),
    /// A word longer than a record holds, in bytes of UTF-8.
    Word(usize),
    /// A Nabucodonosor board side outside 5 to 15.
    Size(u32),
    /// The seed is not 64 hex characters.
    Seed(SeedError),
    /// No secure random source to draw a seed.
    Random(SeedError),
    /// A game name other than `othello` or `nabucodonosor`.
    Game(String),
    /// A handicap that cannot be read, or one asked of Nabucodonosor (V2).
    Handicap(HandicapError),
}

impl SetupError {
    /// A stable code for the user interface to translate.
    pub const fn code(&self) -> &'static str {
        match self {
            SetupError::Seats(_) => "bad-seats",
            SetupError::Level { .. } => "bad-level",
            SetupError::Clock(_) => "bad-clock",
            SetupError::OnlineOnly(_) => "correspondence-online-only",
            SetupError::Word(_) => "bad-word",
            SetupError::Size(_) => "bad-size",
            SetupError::Seed(_) => "bad-seed",
            SetupError::Random(_) => "no-random",
            SetupError::Game(_) => "bad-game",
            SetupError::Handicap(e) => e.code(),
        }
    }
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::Seats(s) => write!(
                f,
                "seats are two of person, bot or bot:N separated by a comma, not {s:?}"
            ),
            SetupError::Level { level, max } => {
                write!(f, "a bot level is 1 to {max}, not {level}")
            }
            SetupError::Clock(e) => write!(f, "{e}"),
            SetupError::OnlineOnly(c) => write!(
                f,
                "correspondence ({c}) is played online only, not at the local table"
            ),
            SetupError::Word(n) => write!(
                f,
                "the word is {n} bytes long; at most {MAX_WORD_BYTES} fit in a record"
            ),
            SetupError::Size(n) => write!(
                f,
                "a Nabucodonosor board is {} to {} cells a side, not {n}",
                crate::game::nabu::MIN_SIZE,
                crate::game::nabu::MAX_SIZE
            ),
            SetupError::Seed(e) => write!(f, "seed: {e}"),
            SetupError::Random(e) => write!(f, "no seed could be drawn: {e}"),
            SetupError::Game(g) => write!(f, "the games are othello and nabucodonosor, not {g:?}"),
            SetupError::Handicap(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for SetupError {}

/// A table's settings, checked.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Settings {
    /// The two seats.
    pub seats: [Seat; 2],
    /// The clock: a clock a move (`30`), a game clock (`180+2`) or
    /// correspondence (`2d`, the online table's); `None` for none.
    pub clock: Option<TimeControl>,
    /// A chosen seed, or `None` to draw one in secret.
    pub seed: Option<Seed>,
    /// The players' word (empty for none).
    pub word: String,
    /// Othello's handicap (V2), `None` for none.
    pub handicap: Option<Handicap>,
}

impl Settings {
    /// Reads the page's settings and checks them against the limits a record
    /// holds: `seats` is two of `person`, `bot` (at `level`) or `bot:N`;
    /// bot levels are 1 to `max_level`; `clock` is empty or `0` for none,
    /// seconds a turn (`30`) or a game clock (`180+2`), in the notation of
    /// [`TimeControl`] (`bad-clock` otherwise; correspondence, `2d`, is the
    /// online table's: `correspondence-online-only`); an empty `seed_hex`
    /// draws a secret seed; `word` is at most [`MAX_WORD_BYTES`] bytes.
    ///
    /// ```
    /// use virada::table::Settings;
    /// assert!(Settings::parse("person,bot", 3, "30", "", "olá", 10).is_ok());
    /// assert!(Settings::parse("person,bot", 3, "180+2", "", "", 10).is_ok());
    /// let e = Settings::parse("person,bot", 3, "90000", "", "", 10).unwrap_err();
    /// assert_eq!(e.code(), "bad-clock");
    /// let e = Settings::parse("person,bot", 3, "2d", "", "", 10).unwrap_err();
    /// assert_eq!(e.code(), "correspondence-online-only");
    /// ```
    pub fn parse(
        seats: &str,
        level: u32,
        clock: &str,
        seed_hex: &str,
        word: &str,
        max_level: u8,
    ) -> Result<Settings, SetupError> {
        let settings = Settings {
            seats: parse_seats(seats, level)?,
            clock: parse_clock(clock)?,
            seed: if seed_hex.is_empty() {
                None
            } else {
                Some(seed_hex.parse().map_err(SetupError::Seed)?)
            },
            word: word.to_string(),
            handicap: None,
        };
        settings.check(max_level)?;
        Ok(settings)
    }

    /// The same settings with the handicap written in its short form
    /// (`seat2:first:a1,h8`, see [`crate::game::handicap`]; empty or `none` for
    /// none). Errors: `bad-handicap`, `bad-corner`, `empty-handicap`.
    ///
    /// ```
    /// use virada::table::Settings;
    /// let s = Settings::parse("person,bot", 3, "", "", "", 10).unwrap();
    /// assert!(s.clone().with_handicap("seat1:first:a1").is_ok());
    /// assert_eq!(s.with_handicap("seat1:b2").unwrap_err().code(), "bad-corner");
    /// ```
    pub fn with_handicap(mut self, text: &str) -> Result<Settings, SetupError> {
        self.handicap = Handicap::parse_optional(text).map_err(SetupError::Handicap)?;
        Ok(self)
    }

    /// Checks the settings against the limits (see [`Settings::parse`]).
    pub fn check(&self, max_level: u8) -> Result<(), SetupError> {
        for seat in self.seats {
            if let Seat::Bot { level } = seat {
                if level == 0 || level > max_level {
                    return Err(SetupError::Level {
                        level: u32::from(level),
                        max: max_level,
                    });
                }
            }
        }
        if let Some(c) = self.clock {
            // Settings built as values are checked as the notation reads them.
            c.to_string()
                .parse::<TimeControl>()
                .map_err(SetupError::Clock)?;
        }
        if self.word.len() > MAX_WORD_BYTES {
            return Err(SetupError::Word(self.word.len()));
        }
        Ok(())
    }
}

/// The page's clock: empty or `0` for none, else the notation; the local
/// table refuses correspondence.
fn parse_clock(text: &str) -> Result<Option<TimeControl>, SetupError> {
    if text.is_empty() || text == "0" {
        return Ok(None);
    }
    match text.parse::<TimeControl>().map_err(SetupError::Clock)? {
        c @ TimeControl::Correspondence { .. } => Err(SetupError::OnlineOnly(c)),
        c => Ok(Some(c)),
    }
}

/// Reads `person,bot`-style seats; a plain `bot` sits at `level`, `bot:N` at N.
fn parse_seats(text: &str, level: u32) -> Result<[Seat; 2], SetupError> {
    let bad = || SetupError::Seats(crate::text::excerpt(text));
    let one = |s: &str| match s.trim() {
        "person" => Ok(Seat::Person),
        "bot" => Ok(Seat::Bot {
            level: u8::try_from(level).map_err(|_| SetupError::Level { level, max: 0 })?,
        }),
        other => match other.strip_prefix("bot:").map(str::parse::<u32>) {
            Some(Ok(n)) => Ok(Seat::Bot {
                level: u8::try_from(n).map_err(|_| SetupError::Level { level: n, max: 0 })?,
            }),
            _ => Err(bad()),
        },
    };
    let mut parts = text.split(',');
    match (parts.next(), parts.next(), parts.next()) {
        (Some(a), Some(b), None) => Ok([one(a)?, one(b)?]),
        _ => Err(bad()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_read_the_page_forms_and_refuse_others() {
        let p = |s, l| Settings::parse(s, l, "", "", "", 10).map(|s| s.seats);
        assert_eq!(
            p("person,bot", 3),
            Ok([Seat::Person, Seat::Bot { level: 3 }])
        );
        assert_eq!(
            p("bot:2,person", 0),
            Ok([Seat::Bot { level: 2 }, Seat::Person])
        );
        assert_eq!(p("person,person", 0), Ok([Seat::Person, Seat::Person]));
        for (s, l, code) in [
            ("person", 1, "bad-seats"),
            ("person,cat", 1, "bad-seats"),
            ("person,person,bot", 1, "bad-seats"),
            ("bot,bot", 0, "bad-level"),
            ("bot,bot", 11, "bad-level"),
            ("bot,bot", 300, "bad-level"),
            ("person,bot:99999", 1, "bad-level"),
        ] {
            assert_eq!(p(s, l).unwrap_err().code(), code, "{s} {l}");
        }
    }

    #[test]
    fn clock_word_and_seed_limits() {
        let e = |clock, seed: &str, word: &str| {
            Settings::parse("person,person", 1, clock, seed, word, 10)
                .err()
                .map(|e| e.code())
        };
        assert_eq!(e("86400", "", ""), None);
        assert_eq!(e("86401", "", ""), Some("bad-clock"));
        assert_eq!(e("0", "abc", ""), Some("bad-seed"));
        assert_eq!(e("", "", &"é".repeat(128)), None);
        assert_eq!(e("", "", &"é".repeat(129)), Some("bad-word"));
        for bad in ["0+0", "abc", "180+", "-5", "1.5"] {
            assert_eq!(e(bad, "", ""), Some("bad-clock"), "{bad}");
        }
        assert_eq!(e("14d", "", ""), Some("correspondence-online-only"));
        let game = Settings::parse("person,bot", 1, "180+2", "", "", 10).unwrap();
        assert_eq!(
            game.clock,
            Some(TimeControl::Game {
                base: 180,
                increment: 2
            })
        );
        let mut built = game;
        built.clock = Some(TimeControl::Game {
            base: 0,
            increment: 0,
        });
        assert_eq!(built.check(10).unwrap_err().code(), "bad-clock");
        built.clock = Some(TimeControl::Correspondence { days: 2 });
        assert_eq!(built.check(10), Ok(()), "the online table's settings");
    }
}
