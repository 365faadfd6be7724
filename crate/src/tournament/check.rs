//! Checking a tournament from its file: the pairings each round had, the
//! absolute criteria (no rematch, at most one pairing-allocated bye, the
//! colour rules), and whether each round is the Dutch system's pairing of
//! the results before it.

use super::dutch::pair_next_round;
use super::entry::{Colour, Outcome, Pair};
use super::state::{PairingError, State};
use super::trf::Trf;
use std::collections::HashSet;

/// The pairs of round `round` (1-based) as the file states them: each game,
/// played or forfeited, and the pairing-allocated bye. A game without
/// colours (a forfeit written `-`) has the lower pairing number first.
pub fn round_pairs(trf: &Trf, round: usize) -> Vec<Pair> {
    let mut out = Vec::new();
    for p in &trf.players {
        let Some(e) = p.games.get(round - 1) else {
            continue;
        };
        match e.opponent {
            Some(o) => {
                let white = match e.colour {
                    Some(Colour::White) => true,
                    Some(Colour::Black) => false,
                    None => p.id < o,
                };
                if white {
                    out.push(Pair {
                        white: p.id,
                        black: Some(o),
                    });
                }
            }
            None if e.paired() => out.push(Pair {
                white: p.id,
                black: None,
            }),
            None => {}
        }
    }
    out
}

/// One absolute criterion broken.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Breach {
    /// Two players met over the board a second time (C1).
    Rematch {
        /// The round of the second game.
        round: usize,
        /// The players.
        players: (u32, u32),
    },
    /// A second pairing-allocated bye, or one after a win without playing (C2).
    SecondBye {
        /// The round.
        round: usize,
        /// The player.
        player: u32,
    },
    /// Two players who are not topscorers, with the same absolute colour
    /// preference, met (C3); or an absolute preference was denied where the
    /// opponent had none for that colour.
    Colour {
        /// The round.
        round: usize,
        /// The player.
        player: u32,
    },
}

impl std::fmt::Display for Breach {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Breach::Rematch { round, players } => {
                write!(
                    f,
                    "round {round}: {} and {} meet again",
                    players.0, players.1
                )
            }
            Breach::SecondBye { round, player } => {
                write!(f, "round {round}: {player} gets a second bye")
            }
            Breach::Colour { round, player } => {
                write!(
                    f,
                    "round {round}: {player}'s colours break the colour rules"
                )
            }
        }
    }
}

/// Every absolute criterion the file's pairings break, round by round.
pub fn breaches(trf: &Trf) -> Result<Vec<Breach>, PairingError> {
    let mut out = Vec::new();
    let mut met: HashSet<(u32, u32)> = HashSet::new();
    let played = trf.played_rounds();
    for round in 1..=played {
        let before = trf.before_round(round - 1);
        let mut with_total = before.clone();
        with_total.rounds = Some(trf.rounds.map_or(played as u32, |r| r.max(played as u32)));
        with_total.initial_colour = Some(trf.first_colour().unwrap_or(Colour::White));
        let st = State::new(&with_total)?;
        for p in &trf.players {
            let Some(e) = p.games.get(round - 1) else {
                continue;
            };
            if e.played() {
                let o = e.opponent.expect("a played game has an opponent");
                let key = (p.id.min(o), p.id.max(o));
                if p.id < o && !met.insert(key) {
                    out.push(Breach::Rematch {
                        round,
                        players: key,
                    });
                }
            }
            if e.paired() && e.opponent.is_none() && st.by_id(p.id).is_some_and(|s| !s.bye_eligible)
            {
                out.push(Breach::SecondBye {
                    round,
                    player: p.id,
                });
            }
            if e.played() && colour_breach(&st, p.id, e.opponent, e.colour) {
                out.push(Breach::Colour {
                    round,
                    player: p.id,
                });
            }
        }
    }
    Ok(out)
}

/// Whether `id`'s game breaks the colour rules as the round stood before
/// it was paired: two players who are not topscorers with the same
/// absolute preference met (C3), or a player with an absolute preference
/// was denied it by an opponent without one for that colour.
fn colour_breach(st: &State, id: u32, opponent: Option<u32>, got: Option<Colour>) -> bool {
    let (Some(me), Some(them)) = (st.by_id(id), opponent.and_then(|o| st.by_id(o))) else {
        return false;
    };
    if !me.absolute() {
        return false;
    }
    let same = them.absolute() && them.pref == me.pref;
    if same {
        return !st.topscorer(me) && !st.topscorer(them);
    }
    got != me.pref
}

/// One round re-paired: what the Dutch system gives from the results
/// before it, against what was played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundCheck {
    /// The round, from 1.
    pub round: usize,
    /// The Dutch system's pairing.
    pub expected: Result<Vec<Pair>, PairingError>,
    /// The file's.
    pub played: Vec<Pair>,
}

impl RoundCheck {
    /// Whether the two agree board for board and colour for colour (a
    /// forfeit written without colours agrees with either).
    pub fn agrees(&self) -> bool {
        let Ok(expected) = &self.expected else {
            return false;
        };
        same_pairs(expected, &self.played)
    }
}

/// Whether two pairings hold the same boards with the same colours.
pub fn same_pairs(a: &[Pair], b: &[Pair]) -> bool {
    let set = |x: &[Pair]| x.iter().copied().collect::<HashSet<Pair>>();
    a.len() == b.len() && set(a) == set(b)
}

/// Re-pairs every round of the file from the results before it.
pub fn check_rounds(trf: &Trf) -> Vec<RoundCheck> {
    let played = trf.played_rounds();
    let total = trf.rounds.map_or(played as u32, |r| r.max(played as u32));
    let first = trf.first_colour();
    (1..=played)
        .map(|round| {
            let mut before = trf.before_round(round - 1);
            before.rounds = Some(total);
            before.initial_colour = first;
            let mut played_pairs = round_pairs(trf, round);
            // A forfeit without colours agrees with the colours expected.
            let expected = pair_next_round(&before);
            if let Ok(exp) = &expected {
                for p in &mut played_pairs {
                    let uncoloured = trf.players.iter().any(|pl| {
                        pl.id == p.white
                            && pl.games[round - 1].colour.is_none()
                            && pl.games[round - 1].outcome != Outcome::PairingBye
                    });
                    if let (true, Some(b)) = (uncoloured, p.black) {
                        if exp.contains(&Pair {
                            white: b,
                            black: Some(p.white),
                        }) {
                            *p = Pair {
                                white: b,
                                black: Some(p.white),
                            };
                        }
                    }
                }
            }
            RoundCheck {
                round,
                expected,
                played: played_pairs,
            }
        })
        .collect()
}
