//! A table's clock as the server reads, keeps and sends it: the library's
//! one notation ([`TimeControl`]: `30` seconds a move, `180+2` a game
//! clock, `2d` correspondence), or none (`off`).
//!
//! The API, seeks and challenges take the notation as text; a bare number
//! is seconds a move as before (`0` none), so older pages and scripts go
//! on working. Tables and seeks are kept with the notation, and read back
//! from either form: a table or a seek kept before game clocks holds a
//! number `n`, which reads as `n` (`0` as none). Frames and lists send the
//! notation as text (`"off"` for none).

use serde::de::{self, Deserializer, Visitor};
use serde::Serializer;
use std::fmt;
use virada::clock::{ClockError, TimeControl};

/// A table's clock, `None` for none.
pub type Clock = Option<TimeControl>;

/// The clock of a table asked for without one: 30 seconds a move.
pub const DEFAULT: Clock = Some(TimeControl::PerMove { seconds: 30 });

/// What an API refusal of a clock says (its code is `bad-clock`).
pub const BAD_CLOCK: (&str, &str) = (
    "bad-clock",
    "a clock is seconds a move (30), BASE+INC in seconds (180+2) or days a move (2d), \
     or 0 for none",
);

/// Reads a clock's text: the notation, or `off` (or `0`) for none.
pub fn read(text: &str) -> Result<Clock, ClockError> {
    match text {
        "off" | "0" => Ok(None),
        _ => text.parse().map(Some),
    }
}

/// A clock's text: the notation, `off` for none.
pub fn text(clock: Clock) -> String {
    clock.map_or_else(|| "off".to_string(), |c| c.to_string())
}

/// A clock a move's seconds, `None` for none and for the other kinds.
pub fn per_move(clock: Clock) -> Option<u32> {
    clock.and_then(|c| c.per_move())
}

/// Whether each player's time runs over the whole game (a game clock or
/// correspondence): nobody places for a player, and the bot never takes a
/// person's seat.
pub fn whole_game(clock: Clock) -> bool {
    matches!(
        clock,
        Some(TimeControl::Game { .. } | TimeControl::Correspondence { .. })
    )
}

/// Reads a clock from JSON: text, or a number of seconds a move (`0` for
/// none), as tables and seeks were kept before game clocks.
struct ClockVisitor;

impl Visitor<'_> for ClockVisitor {
    type Value = Clock;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a clock: \"30\", \"180+2\", \"2d\", \"off\", or seconds a move")
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Clock, E> {
        read(v).map_err(E::custom)
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Clock, E> {
        match v {
            0 => Ok(None),
            _ => read(&v.to_string()).map_err(E::custom),
        }
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Clock, E> {
        match u64::try_from(v) {
            Ok(v) => self.visit_u64(v),
            Err(_) => Err(E::custom("bad-clock: a clock is not negative")),
        }
    }
}

/// serde for a [`Clock`] field: written as its text, read from its text
/// or from a number of seconds a move (`#[serde(with = "clock::notation")]`).
pub mod notation {
    use super::*;

    /// Writes the clock's text (`"off"` for none).
    pub fn serialize<S: Serializer>(clock: &Clock, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&text(*clock))
    }

    /// Reads a clock's text, or a number of seconds a move.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Clock, D::Error> {
        d.deserialize_any(ClockVisitor)
    }
}

/// A clock given in an API body: absent, or the text or number given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Given(pub Clock);

impl<'de> serde::Deserialize<'de> for Given {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Given, D::Error> {
        notation::deserialize(d).map(Given)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, serde::Serialize, serde::Deserialize, PartialEq)]
    struct Kept {
        #[serde(with = "notation")]
        clock: Clock,
    }

    fn kept(json: &str) -> Result<Clock, String> {
        serde_json::from_str::<Kept>(json)
            .map(|k| k.clock)
            .map_err(|e| e.to_string())
    }

    #[test]
    fn the_notation_and_the_numbers_kept_before_read_as_one_clock() {
        let game = Some(TimeControl::Game {
            base: 180,
            increment: 2,
        });
        assert_eq!(kept(r#"{"clock":"180+2"}"#), Ok(game));
        assert_eq!(
            kept(r#"{"clock":"2d"}"#),
            Ok(Some(TimeControl::Correspondence { days: 2 }))
        );
        assert_eq!(kept(r#"{"clock":"30"}"#), Ok(DEFAULT));
        assert_eq!(kept(r#"{"clock":30}"#), Ok(DEFAULT), "a row kept before");
        assert_eq!(kept(r#"{"clock":0}"#), Ok(None), "no clock, kept before");
        assert_eq!(kept(r#"{"clock":"off"}"#), Ok(None));
        for bad in [
            r#""0+0""#, r#""abc""#, r#""""#, "-5", "1.5", "86401", r#""15d""#, "null", "[]",
        ] {
            assert!(kept(&format!(r#"{{"clock":{bad}}}"#)).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_clock_is_kept_and_sent_as_its_text() {
        for (clock, text) in [
            (None, "off"),
            (DEFAULT, "30"),
            (
                Some(TimeControl::Game {
                    base: 600,
                    increment: 5,
                }),
                "600+5",
            ),
            (Some(TimeControl::Correspondence { days: 14 }), "14d"),
        ] {
            let json = serde_json::to_string(&Kept { clock }).unwrap();
            assert_eq!(json, format!(r#"{{"clock":"{text}"}}"#));
            assert_eq!(kept(&json), Ok(clock));
        }
    }
}
