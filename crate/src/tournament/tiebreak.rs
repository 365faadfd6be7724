//! Othello's standings (rules S1–S4 in `docs/rules.md`): points, then the
//! disc count, then the Brightwell quotient as the World Othello Federation
//! computes it, then Buchholz; each place says which of them decided it.

use std::cmp::Ordering;
use std::collections::{HashMap, HashSet};

/// One round of one player, as the standings read it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoundResult {
    /// The opponent; none for a bye (or a round not played).
    pub opponent: Option<u32>,
    /// Points scored this round, tenths (a win is 10).
    pub points: u32,
    /// The player's discs at the end of the game; none when the round was
    /// not played over the board (a bye, a forfeit).
    pub discs: Option<u32>,
}

/// What decided a place: the first criterion that tells the player from
/// their neighbours in the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Decider {
    /// Points alone.
    Points,
    /// The disc count (S2).
    Discs,
    /// The Brightwell quotient (S3).
    Brightwell,
    /// Buchholz (S4).
    Buchholz,
    /// Nothing: the place is shared.
    Shared,
}

impl Decider {
    /// A stable code for the user interface to translate.
    pub fn code(self) -> &'static str {
        match self {
            Decider::Points => "points",
            Decider::Discs => "discs",
            Decider::Brightwell => "brightwell",
            Decider::Buchholz => "buchholz",
            Decider::Shared => "shared",
        }
    }
}

/// One line of the standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standing {
    /// The player.
    pub id: u32,
    /// Place, from 1; players still tied after every tiebreak share it.
    pub place: usize,
    /// Points, tenths.
    pub points: u32,
    /// The disc count: the discs of each game summed, 32 a round not
    /// played over the board.
    pub discs: u32,
    /// The Brightwell quotient, in tenths of a disc.
    pub brightwell: u32,
    /// Buchholz: the opponents' points summed, tenths.
    pub buchholz: u32,
    /// What decided the place.
    pub decided_by: Decider,
}

/// The discs a round without a game counts, half the board (S2, S3).
pub const UNPLAYED_DISCS: u32 = 32;

/// The factor of the opponents' points in the Brightwell quotient (S3).
pub const BRIGHTWELL_FACTOR: u32 = 6;

/// The standings of a tournament: each player's rounds, and who withdrew.
/// A player who withdrew stays in the table; their opponents' quotients
/// treat the games against them as byes (S3).
pub fn standings(players: &[(u32, Vec<RoundResult>)], withdrawn: &HashSet<u32>) -> Vec<Standing> {
    let points: HashMap<u32, u32> = players
        .iter()
        .map(|(id, rounds)| (*id, rounds.iter().map(|r| r.points).sum()))
        .collect();
    let mut lines: Vec<Standing> = players
        .iter()
        .map(|(id, rounds)| {
            let own = points[id];
            let mut discs = 0;
            let mut bq = 0;
            let mut buchholz = 0;
            for r in rounds {
                discs += r.discs.unwrap_or(UNPLAYED_DISCS);
                let opp = r
                    .opponent
                    .filter(|o| !withdrawn.contains(o) && points.contains_key(o));
                match (opp, r.discs) {
                    (Some(o), Some(d)) => {
                        // Discs in tenths, like the points.
                        bq += 10 * d + BRIGHTWELL_FACTOR * points[&o];
                    }
                    _ => bq += 10 * UNPLAYED_DISCS + BRIGHTWELL_FACTOR * own,
                }
                buchholz += match r.opponent.and_then(|o| points.get(&o)) {
                    Some(&p) if r.discs.is_some() => p,
                    // A round without a game counts the player's own points.
                    _ => own,
                };
            }
            Standing {
                id: *id,
                place: 0,
                points: own,
                discs,
                brightwell: bq,
                buchholz,
                decided_by: Decider::Shared,
            }
        })
        .collect();
    let key = |s: &Standing| [s.points, s.discs, s.brightwell, s.buchholz];
    lines.sort_by(|a, b| key(b).cmp(&key(a)).then(a.id.cmp(&b.id)));
    let depth = |a: &Standing, b: &Standing| -> Decider {
        let (ka, kb) = (key(a), key(b));
        match (0..4).find(|&i| ka[i].cmp(&kb[i]) != Ordering::Equal) {
            Some(0) => Decider::Points,
            Some(1) => Decider::Discs,
            Some(2) => Decider::Brightwell,
            Some(_) => Decider::Buchholz,
            None => Decider::Shared,
        }
    };
    for i in 0..lines.len() {
        let above = (i > 0).then(|| depth(&lines[i - 1], &lines[i]));
        let below = lines.get(i + 1).map(|b| depth(&lines[i], b));
        lines[i].decided_by = match (above, below) {
            (Some(a), Some(b)) => a.max(b),
            (Some(a), None) => a,
            (None, Some(b)) => b,
            (None, None) => Decider::Points,
        };
        lines[i].place = if i > 0 && above == Some(Decider::Shared) {
            lines[i - 1].place
        } else {
            i + 1
        };
    }
    lines
}
