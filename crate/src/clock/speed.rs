//! The speed class of a clock, as lichess rates its games by speed.
//!
//! A game's estimated duration is base + 30 × increment seconds (lichess
//! counts 40 moves a player for chess; Othello has about 30 a player), a
//! clock a move counts as 30 × its seconds, and the thresholds are
//! lichess's (its FAQ, <https://lichess.org/faq#time-controls>: bullet
//! under 3 minutes, blitz under 8, rapid under 25, classical from 25; its
//! ultrabullet, under 30 seconds, is bullet here). Correspondence is a
//! class of its own.

use super::TimeControl;

/// The speed a game is rated at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Speed {
    /// An estimated duration under 180 s.
    Bullet,
    /// From 180 s, under 480 s.
    Blitz,
    /// From 480 s, under 1500 s.
    Rapid,
    /// From 1500 s.
    Classical,
    /// Days a move.
    Correspondence,
}

/// Moves a player in an Othello game, about.
pub const MOVES_A_PLAYER: u32 = 30;

impl Speed {
    /// Every speed, fastest first.
    pub const ALL: [Speed; 5] = [
        Speed::Bullet,
        Speed::Blitz,
        Speed::Rapid,
        Speed::Classical,
        Speed::Correspondence,
    ];

    /// The class of a game estimated to last `seconds` for each player.
    pub const fn of_duration(seconds: u64) -> Speed {
        match seconds {
            0..180 => Speed::Bullet,
            180..480 => Speed::Blitz,
            480..1500 => Speed::Rapid,
            _ => Speed::Classical,
        }
    }

    /// The word for it: `bullet`, `blitz`, `rapid`, `classical`, `correspondence`.
    pub const fn name(self) -> &'static str {
        match self {
            Speed::Bullet => "bullet",
            Speed::Blitz => "blitz",
            Speed::Rapid => "rapid",
            Speed::Classical => "classical",
            Speed::Correspondence => "correspondence",
        }
    }
}

impl TimeControl {
    /// Each player's estimated time for a game, in seconds (`None` for
    /// correspondence).
    pub const fn estimated_seconds(&self) -> Option<u64> {
        match *self {
            TimeControl::PerMove { seconds } => Some(MOVES_A_PLAYER as u64 * seconds as u64),
            TimeControl::Game { base, increment } => {
                Some(base as u64 + MOVES_A_PLAYER as u64 * increment as u64)
            }
            TimeControl::Correspondence { .. } => None,
        }
    }

    /// The speed a game under this clock is rated at.
    pub const fn speed(&self) -> Speed {
        match self.estimated_seconds() {
            Some(s) => Speed::of_duration(s),
            None => Speed::Correspondence,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn speed(text: &str) -> Speed {
        text.parse::<TimeControl>().unwrap().speed()
    }

    #[test]
    fn clocks_fall_in_lichess_classes_by_base_plus_thirty_increments() {
        for (clock, class) in [
            ("60+0", Speed::Bullet),
            ("60+3", Speed::Bullet), // 150 s
            ("120+2", Speed::Blitz), // 180 s: the boundary is blitz
            ("179+0", Speed::Bullet),
            ("180+2", Speed::Blitz), // 240 s
            ("300+0", Speed::Blitz),
            ("420+2", Speed::Rapid), // 480 s
            ("600+0", Speed::Rapid),
            ("600+5", Speed::Rapid), // 750 s
            ("1499+0", Speed::Rapid),
            ("1800+0", Speed::Classical),
            ("5", Speed::Bullet),     // 150 s
            ("6", Speed::Blitz),      // 180 s
            ("15", Speed::Blitz),     // 450 s
            ("30", Speed::Rapid),     // 900 s
            ("60", Speed::Classical), // 1800 s
            ("300", Speed::Classical),
            ("2d", Speed::Correspondence),
            ("14d", Speed::Correspondence),
        ] {
            assert_eq!(speed(clock), class, "{clock}");
        }
    }
}
