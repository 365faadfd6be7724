//! Ratings of the online table's accounts: Glicko-2, computed by the
//! `skillratings` crate (never by hand), one game a rating period, as lichess
//! rates each game. This module is the one place that says how a rating is
//! written, read, rounded and recomputed, so that the server (which rates a
//! game when it ends) and the verifier (which checks the record's `ratings`
//! line) agree to the last digit.
//!
//! A rating is kept and written at fixed precision ([`Stated`]): the rating
//! and its deviation to hundredths, the volatility to 1e-9. Every update
//! starts from the stated values and its result is stated again, so the
//! record's "before" is exactly what the server kept.
//!
//! ```
//! use virada::rating::{rate, Outcome, Stated};
//! let (a, b) = rate(Stated::NEW, Stated::NEW, Outcome::Win);
//! assert_eq!(a.to_string(), "1662.31/290.32/0.059999675");
//! assert_eq!(b.to_string(), "1337.69/290.32/0.059999675");
//! assert!(a.is_provisional());
//! ```

use skillratings::glicko2::{glicko2, glicko2_rating_period, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;
use std::fmt;

/// A rating is provisional (shown with `?`) while its deviation is this or more.
pub const PROVISIONAL_DEVIATION: f64 = 110.0;

/// Glicko-2's system constant τ: how fast the volatility may change
/// (Glickman suggests 0.3 to 1.2; `skillratings` and lichess use 0.5 and
/// 0.75; this is the crate's default).
pub const TAU: f64 = 0.5;

/// How one game ended for the first of two players.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Outcome {
    /// The first player won.
    Win,
    /// A draw.
    Draw,
    /// The first player lost.
    Loss,
}

impl Outcome {
    /// The same game from the other player's side.
    pub const fn flipped(self) -> Outcome {
        match self {
            Outcome::Win => Outcome::Loss,
            Outcome::Draw => Outcome::Draw,
            Outcome::Loss => Outcome::Win,
        }
    }

    fn crate_outcome(self) -> Outcomes {
        match self {
            Outcome::Win => Outcomes::WIN,
            Outcome::Draw => Outcomes::DRAW,
            Outcome::Loss => Outcomes::LOSS,
        }
    }
}

/// A Glicko-2 rating at the precision it is kept and written: rating and
/// deviation in hundredths, volatility in billionths. Written
/// `1500.00/350.00/0.060000000`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Stated {
    /// The rating, in hundredths of a point.
    pub rating: i64,
    /// The rating deviation (RD), in hundredths.
    pub deviation: i64,
    /// The volatility σ, in billionths.
    pub volatility: i64,
}

impl Stated {
    /// A new account's rating: 1500, deviation 350, volatility 0.06
    /// (Glickman's suggested start).
    pub const NEW: Stated = Stated {
        rating: 150_000,
        deviation: 35_000,
        volatility: 60_000_000,
    };

    /// The rating in points.
    pub fn rating(self) -> f64 {
        self.rating as f64 / 100.0
    }

    /// The deviation in points.
    pub fn deviation(self) -> f64 {
        self.deviation as f64 / 100.0
    }

    /// The volatility.
    pub fn volatility(self) -> f64 {
        self.volatility as f64 / 1e9
    }

    /// Still provisional: the deviation is [`PROVISIONAL_DEVIATION`] or more.
    pub fn is_provisional(self) -> bool {
        self.deviation() >= PROVISIONAL_DEVIATION
    }

    /// The rating rounded to a whole point, with `?` while provisional:
    /// `1662?`, `1712`.
    pub fn shown(self) -> String {
        let mark = if self.is_provisional() { "?" } else { "" };
        // Whole points, half away from zero, in integers (no float
        // formatting in the page's package).
        let whole = (self.rating.abs() + 50) / 100 * self.rating.signum();
        format!("{whole}{mark}")
    }

    /// The nearest stated rating to a computed one.
    pub fn from_glicko(g: &Glicko2Rating) -> Stated {
        let round = |x: f64, scale: f64| (x * scale).round() as i64;
        Stated {
            rating: round(g.rating, 100.0),
            deviation: round(g.deviation, 100.0),
            volatility: round(g.volatility, 1e9),
        }
    }

    fn glicko(self) -> Glicko2Rating {
        Glicko2Rating {
            rating: self.rating(),
            deviation: self.deviation(),
            volatility: self.volatility(),
        }
    }

    /// Whether `other` is this rating give or take `units` in the last
    /// place of each part (the verifier's allowance for another machine's
    /// floating point).
    pub fn close_to(self, other: Stated, units: i64) -> bool {
        (self.rating - other.rating).abs() <= units
            && (self.deviation - other.deviation).abs() <= units
            && (self.volatility - other.volatility).abs() <= units
    }
}

impl Default for Stated {
    fn default() -> Stated {
        Stated::NEW
    }
}

impl fmt::Display for Stated {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let part = |v: i64, scale: i64, digits: usize| {
            let sign = if v < 0 { "-" } else { "" };
            let v = v.unsigned_abs();
            let scale = scale.unsigned_abs();
            format!("{sign}{}.{:0digits$}", v / scale, v % scale)
        };
        write!(
            f,
            "{}/{}/{}",
            part(self.rating, 100, 2),
            part(self.deviation, 100, 2),
            part(self.volatility, 1_000_000_000, 9)
        )
    }
}

/// Why a stated rating could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadRating;

impl fmt::Display for BadRating {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a rating is written R/RD/σ: 1500.00/350.00/0.060000000")
    }
}

impl std::error::Error for BadRating {}

impl std::str::FromStr for Stated {
    type Err = BadRating;

    /// `R/RD/σ` exactly as [`Stated`]'s `Display` writes it: two decimals
    /// for the rating (which may be negative) and the deviation, nine for
    /// the volatility; the deviation and the volatility above zero.
    fn from_str(s: &str) -> Result<Stated, BadRating> {
        let fixed = |text: &str, digits: usize, signed: bool| -> Option<i64> {
            let (negative, text) = match text.strip_prefix('-') {
                Some(rest) if signed => (true, rest),
                _ => (false, text),
            };
            let (whole, part) = text.split_once('.')?;
            let digit = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
            if !digit(whole) || whole.len() > 6 || part.len() != digits || !digit(part) {
                return None;
            }
            let value = whole.parse::<i64>().ok()? * 10_i64.pow(digits as u32)
                + part.parse::<i64>().ok()?;
            Some(if negative { -value } else { value })
        };
        let mut parts = s.split('/');
        let (Some(r), Some(d), Some(v), None) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err(BadRating);
        };
        let stated = Stated {
            rating: fixed(r, 2, true).ok_or(BadRating)?,
            deviation: fixed(d, 2, false).ok_or(BadRating)?,
            volatility: fixed(v, 9, false).ok_or(BadRating)?,
        };
        if stated.deviation == 0 || stated.volatility == 0 {
            return Err(BadRating);
        }
        Ok(stated)
    }
}

/// The crate's Glicko-2 settings: τ = [`TAU`].
fn config() -> Glicko2Config {
    Glicko2Config {
        tau: TAU,
        ..Glicko2Config::new()
    }
}

/// Both players' ratings after one game between them (one rating period),
/// `outcome` being the first player's.
pub fn rate(first: Stated, second: Stated, outcome: Outcome) -> (Stated, Stated) {
    let (a, b) = glicko2(
        &first.glicko(),
        &second.glicko(),
        &outcome.crate_outcome(),
        &config(),
    );
    (Stated::from_glicko(&a), Stated::from_glicko(&b))
}

/// A player's rating after a rating period of several games, each against
/// an opponent as rated at the period's start, unrounded: `(rating,
/// deviation, volatility)`. The server rates one game a period
/// ([`rate`]); this is Glickman's worked example's shape.
pub fn rating_period(
    player: (f64, f64, f64),
    games: &[((f64, f64, f64), Outcome)],
) -> (f64, f64, f64) {
    let rating = |(rating, deviation, volatility): (f64, f64, f64)| Glicko2Rating {
        rating,
        deviation,
        volatility,
    };
    let results: Vec<(Glicko2Rating, Outcomes)> = games
        .iter()
        .map(|&(opponent, outcome)| (rating(opponent), outcome.crate_outcome()))
        .collect();
    let after = glicko2_rating_period(&rating(player), &results, &config());
    (after.rating, after.deviation, after.volatility)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Glickman, "Example of the Glicko-2 system" (Boston University,
    /// November 2022, <http://www.glicko.net/glicko/glicko2.pdf>), section
    /// "Example calculation": a player rated 1500, RD 200, σ 0.06, with
    /// τ = 0.5, plays three games in a rating period: beats a 1400 (RD 30),
    /// loses to a 1550 (RD 100) and to a 1700 (RD 300). The paper's result:
    /// rating 1464.06, RD 151.52, σ 0.05999.
    #[test]
    fn glickmans_worked_example() {
        let games = [
            ((1400.0, 30.0, 0.06), Outcome::Win),
            ((1550.0, 100.0, 0.06), Outcome::Loss),
            ((1700.0, 300.0, 0.06), Outcome::Loss),
        ];
        let (rating, deviation, volatility) = rating_period((1500.0, 200.0, 0.06), &games);
        assert!((rating - 1464.06).abs() < 0.01, "{rating}");
        assert!((deviation - 151.52).abs() < 0.01, "{deviation}");
        assert!((volatility - 0.05999).abs() < 0.00001, "{volatility}");
    }

    #[test]
    fn one_game_moves_both_ratings_oppositely() {
        let (a, b) = rate(Stated::NEW, Stated::NEW, Outcome::Win);
        assert_eq!(a.rating + b.rating, 300_000);
        assert_eq!(a.deviation, b.deviation);
        let (c, d) = rate(Stated::NEW, Stated::NEW, Outcome::Draw);
        assert_eq!((c.rating, d.rating), (150_000, 150_000));
        assert!(c.deviation < Stated::NEW.deviation);
        let (e, f) = rate(Stated::NEW, Stated::NEW, Outcome::Loss);
        assert_eq!((e, f), (b, a));
    }

    #[test]
    fn provisional_until_the_deviation_falls_below_110() {
        let mut r = Stated::NEW;
        let mut games = 0;
        while r.is_provisional() {
            let opponent = Stated {
                rating: r.rating,
                ..Stated::NEW
            };
            r = rate(r, opponent, Outcome::Draw).0;
            games += 1;
            assert!(games < 100);
        }
        assert!(r.deviation() < 110.0);
        assert!(!r.shown().ends_with('?'));
        assert_eq!(Stated::NEW.shown(), "1500?");
        let steady = |rating| Stated {
            rating,
            deviation: 5_000,
            volatility: 60_000_000,
        };
        assert_eq!(steady(166_249).shown(), "1662");
        assert_eq!(steady(166_250).shown(), "1663");
        assert_eq!(steady(-150).shown(), "-2");
        assert!(games > 3, "{games}");
    }

    #[test]
    fn stated_ratings_read_back() {
        for r in [
            Stated::NEW,
            Stated {
                rating: -5,
                deviation: 4_512,
                volatility: 59_999_675,
            },
        ] {
            assert_eq!(r.to_string().parse::<Stated>(), Ok(r));
        }
        assert_eq!(Stated::NEW.to_string(), "1500.00/350.00/0.060000000");
        for bad in [
            "",
            "1500/350/0.06",
            "1500.00/350.00",
            "1500.00/350.00/0.060000000/1",
            "1500.0/350.00/0.060000000",
            "1500.00/-350.00/0.060000000",
            "1500.00/0.00/0.060000000",
            "+1500.00/350.00/0.060000000",
            "1500.00/350.00/0.06000000x",
            "9999999.00/350.00/0.060000000",
        ] {
            assert_eq!(bad.parse::<Stated>(), Err(BadRating), "{bad:?}");
        }
    }
}
