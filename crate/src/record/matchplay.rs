//! Match play (V1): several games between the same two seats; the winner of
//! each game scores the difference between the two disc counts (a draw
//! scores nothing), and the first seat to reach the target total wins.
//!
//! A match is either "to N points" (N in 16, 32, 64, 128), over as soon as a
//! seat reaches N, or "N games" (N in 2, 4, 6, 8), over after N games, won by
//! the higher total (equal totals: a drawn match). Points belong to the seats
//! (first, second), not to the colours: who plays dark changes from game to
//! game with each game's seed.
//!
//! ```
//! use virada::record::matchplay::{Match, MatchKind, MatchWinner};
//! let mut m = Match::new(MatchKind::Points(16));
//! m.add([10, 0]).unwrap();
//! assert!(!m.is_over());
//! m.add([0, 4]).unwrap();
//! m.add([8, 0]).unwrap();
//! assert_eq!(m.totals(), [18, 4]);
//! assert_eq!(m.winner(), Some(MatchWinner::First));
//! ```

use crate::game::{GameResult, Verdict};
use std::fmt;

/// The targets a match "to N points" may have.
pub const POINT_TARGETS: [u32; 4] = [16, 32, 64, 128];
/// The lengths a match of "N games" may have.
pub const GAME_COUNTS: [u32; 4] = [2, 4, 6, 8];

/// What ends a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum MatchKind {
    /// The first seat to reach this many points wins.
    Points(u32),
    /// After this many games the higher total wins.
    Games(u32),
}

impl MatchKind {
    /// `points` or `games` with its number, checked against the choices
    /// offered ([`POINT_TARGETS`], [`GAME_COUNTS`]).
    pub fn new(kind: &str, target: u32) -> Result<MatchKind, MatchError> {
        match kind {
            "points" if POINT_TARGETS.contains(&target) => Ok(MatchKind::Points(target)),
            "games" if GAME_COUNTS.contains(&target) => Ok(MatchKind::Games(target)),
            _ => Err(MatchError::BadKind),
        }
    }

    /// `points` or `games`.
    pub const fn name(self) -> &'static str {
        match self {
            MatchKind::Points(_) => "points",
            MatchKind::Games(_) => "games",
        }
    }

    /// The number: points to reach, or games to play.
    pub const fn target(self) -> u32 {
        match self {
            MatchKind::Points(n) | MatchKind::Games(n) => n,
        }
    }
}

impl fmt::Display for MatchKind {
    /// `to 16 points`, `4 games` (the match record's spelling).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MatchKind::Points(n) => write!(f, "to {n} points"),
            MatchKind::Games(n) => write!(f, "{n} games"),
        }
    }
}

impl std::str::FromStr for MatchKind {
    type Err = MatchError;

    /// Reads `to 16 points` or `4 games`.
    fn from_str(s: &str) -> Result<MatchKind, MatchError> {
        let number = |t: &str| -> Result<u32, MatchError> {
            if t.is_empty()
                || t.len() > 3
                || t.starts_with('0')
                || !t.bytes().all(|b| b.is_ascii_digit())
            {
                return Err(MatchError::BadKind);
            }
            t.parse().map_err(|_| MatchError::BadKind)
        };
        if let Some(n) = s
            .strip_prefix("to ")
            .and_then(|r| r.strip_suffix(" points"))
        {
            MatchKind::new("points", number(n)?)
        } else if let Some(n) = s.strip_suffix(" games") {
            MatchKind::new("games", number(n)?)
        } else {
            Err(MatchError::BadKind)
        }
    }
}

/// How a match ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum MatchWinner {
    /// The first seat won.
    First,
    /// The second seat won.
    Second,
    /// Equal totals after the games of a match of N games.
    Draw,
}

impl MatchWinner {
    /// `first`, `second` or `draw`.
    pub const fn as_str(self) -> &'static str {
        match self {
            MatchWinner::First => "first",
            MatchWinner::Second => "second",
            MatchWinner::Draw => "draw",
        }
    }
}

/// Why a game cannot join a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MatchError {
    /// Not one of the kinds and targets offered.
    BadKind,
    /// The match was already over.
    Over,
    /// The game was abandoned before its end: it scores nothing for anyone.
    Unfinished,
}

impl MatchError {
    /// A stable code: `bad-match`, `match-over`, `game-unfinished`.
    pub const fn code(self) -> &'static str {
        match self {
            MatchError::BadKind => "bad-match",
            MatchError::Over => "match-over",
            MatchError::Unfinished => "game-unfinished",
        }
    }
}

impl fmt::Display for MatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MatchError::BadKind => {
                "a match is \"to N points\" (16, 32, 64, 128) or \"N games\" (2, 4, 6, 8)"
            }
            MatchError::Over => "the match was already over",
            MatchError::Unfinished => "the game was not played to its end",
        })
    }
}

impl std::error::Error for MatchError {}

/// The points a finished game gives each seat (first, second): its winner
/// scores the difference of the disc counts, the loser nothing; a draw
/// gives nothing. `dark_seat` is the seat that played dark (0 or 1).
///
/// ```
/// use virada::record::matchplay::game_points;
/// use virada::game::{GameResult, Verdict};
/// let r = GameResult { dark: 24, light: 40, verdict: Verdict::LightWins };
/// assert_eq!(game_points(&r, 0).unwrap(), [0, 16]);
/// assert_eq!(game_points(&r, 1).unwrap(), [16, 0]);
/// ```
pub fn game_points(result: &GameResult, dark_seat: usize) -> Result<[u32; 2], MatchError> {
    let dark = dark_seat.min(1);
    let mut points = [0, 0];
    match result.verdict {
        Verdict::Unfinished => return Err(MatchError::Unfinished),
        Verdict::Draw => {}
        Verdict::DarkWins => points[dark] = result.dark.saturating_sub(result.light),
        Verdict::LightWins => points[1 - dark] = result.light.saturating_sub(result.dark),
    }
    Ok(points)
}

/// A match: its kind and the points each game gave the two seats, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Match {
    kind: MatchKind,
    games: Vec<[u32; 2]>,
}

impl Match {
    /// A match with no game played yet.
    pub fn new(kind: MatchKind) -> Match {
        Match {
            kind,
            games: Vec::new(),
        }
    }

    /// What ends it.
    pub fn kind(&self) -> MatchKind {
        self.kind
    }

    /// Each game's points (first seat, second seat), in order.
    pub fn games(&self) -> &[[u32; 2]] {
        &self.games
    }

    /// Adds a game's points; `match-over` once the match has ended.
    pub fn add(&mut self, points: [u32; 2]) -> Result<(), MatchError> {
        if self.is_over() {
            return Err(MatchError::Over);
        }
        self.games.push(points);
        Ok(())
    }

    /// The running totals (first seat, second seat).
    pub fn totals(&self) -> [u32; 2] {
        self.games.iter().fold([0, 0], |[a, b], [x, y]| {
            [a.saturating_add(*x), b.saturating_add(*y)]
        })
    }

    /// A seat reached the target, or every game of an N-games match is played.
    pub fn is_over(&self) -> bool {
        match self.kind {
            MatchKind::Points(n) => self.totals().iter().any(|&t| t >= n),
            MatchKind::Games(n) => self.games.len() >= n as usize,
        }
    }

    /// Who won, once the match is over.
    pub fn winner(&self) -> Option<MatchWinner> {
        if !self.is_over() {
            return None;
        }
        let [a, b] = self.totals();
        Some(match a.cmp(&b) {
            std::cmp::Ordering::Greater => MatchWinner::First,
            std::cmp::Ordering::Less => MatchWinner::Second,
            std::cmp::Ordering::Equal => MatchWinner::Draw,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn result(dark: u32, light: u32) -> GameResult {
        let verdict = match dark.cmp(&light) {
            std::cmp::Ordering::Greater => Verdict::DarkWins,
            std::cmp::Ordering::Less => Verdict::LightWins,
            std::cmp::Ordering::Equal => Verdict::Draw,
        };
        GameResult {
            dark,
            light,
            verdict,
        }
    }

    #[test]
    fn the_winner_scores_the_difference_by_seat() {
        assert_eq!(game_points(&result(40, 24), 0), Ok([16, 0]));
        assert_eq!(game_points(&result(40, 24), 1), Ok([0, 16]));
        assert_eq!(game_points(&result(13, 51), 0), Ok([0, 38]));
        assert_eq!(game_points(&result(13, 51), 1), Ok([38, 0]));
        // A wipe-out before the board is full: the counts as they stand.
        assert_eq!(game_points(&result(0, 9), 1), Ok([9, 0]));
    }

    #[test]
    fn a_draw_scores_nothing_and_an_abandoned_game_cannot_count() {
        assert_eq!(game_points(&result(32, 32), 0), Ok([0, 0]));
        let abandoned = GameResult {
            dark: 10,
            light: 3,
            verdict: Verdict::Unfinished,
        };
        assert_eq!(game_points(&abandoned, 0), Err(MatchError::Unfinished));
    }

    #[test]
    fn a_points_match_ends_as_soon_as_a_seat_reaches_the_target() {
        let mut m = Match::new(MatchKind::Points(16));
        m.add([15, 0]).unwrap();
        m.add([0, 0]).unwrap();
        m.add([0, 14]).unwrap();
        assert!(!m.is_over());
        assert_eq!(m.winner(), None);
        m.add([0, 2]).unwrap();
        assert_eq!(m.totals(), [15, 16]);
        assert!(m.is_over());
        assert_eq!(m.winner(), Some(MatchWinner::Second));
        assert_eq!(m.add([5, 0]), Err(MatchError::Over));
        assert_eq!(m.games().len(), 4);
    }

    #[test]
    fn one_big_win_can_end_a_match_at_once() {
        let mut m = Match::new(MatchKind::Points(32));
        m.add([64, 0]).unwrap();
        assert_eq!(m.winner(), Some(MatchWinner::First));
    }

    #[test]
    fn a_games_match_plays_all_its_games_and_may_be_drawn() {
        let mut m = Match::new(MatchKind::Games(2));
        m.add([100, 0]).unwrap();
        assert!(!m.is_over(), "a lead does not end a match of N games");
        m.add([0, 100]).unwrap();
        assert_eq!(m.winner(), Some(MatchWinner::Draw));
        assert_eq!(m.add([1, 0]), Err(MatchError::Over));

        let mut m = Match::new(MatchKind::Games(4));
        for p in [[0, 6], [2, 0], [0, 0], [10, 0]] {
            m.add(p).unwrap();
        }
        assert_eq!(m.totals(), [12, 6]);
        assert_eq!(m.winner(), Some(MatchWinner::First));
    }

    #[test]
    fn kinds_are_only_those_offered_and_read_back() {
        for n in POINT_TARGETS {
            let k = MatchKind::new("points", n).unwrap();
            assert_eq!(k.to_string().parse::<MatchKind>(), Ok(k));
        }
        for n in GAME_COUNTS {
            let k = MatchKind::new("games", n).unwrap();
            assert_eq!(k.to_string().parse::<MatchKind>(), Ok(k));
            assert_eq!((k.name(), k.target()), ("games", n));
        }
        for (kind, n) in [("points", 15), ("points", 0), ("games", 3), ("sets", 4)] {
            assert_eq!(MatchKind::new(kind, n), Err(MatchError::BadKind));
        }
        for text in [
            "to 16 point",
            "16 points",
            "to 016 points",
            "4 game",
            " 4 games",
            "to  16 points",
        ] {
            assert_eq!(
                text.parse::<MatchKind>(),
                Err(MatchError::BadKind),
                "{text}"
            );
        }
    }
}
