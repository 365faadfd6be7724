//! Othello's standings (rules S1–S5 in `docs/rules.md`): points, then the
//! disc count, then the Brightwell quotient as the World Othello Federation
//! computes it, then Buchholz; a player who withdrew places below everyone
//! with as many points who did not (S5); each place says what decided it.

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
    /// A withdrawal (S5): among equal points, one who withdrew is below.
    Withdrawal,
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
            Decider::Withdrawal => "withdrawal",
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
/// A player who withdrew stays in the table with their points, below every
/// player with as many points who did not withdraw (S5), whatever their
/// discs; their opponents' quotients treat the games against them as byes
/// (S3).
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
    // Staying in (1) before withdrawn (0), right after the points (S5).
    let key = |s: &Standing| {
        let stayed = u32::from(!withdrawn.contains(&s.id));
        [s.points, stayed, s.discs, s.brightwell, s.buchholz]
    };
    lines.sort_by(|a, b| key(b).cmp(&key(a)).then(a.id.cmp(&b.id)));
    let depth = |a: &Standing, b: &Standing| -> Decider {
        let (ka, kb) = (key(a), key(b));
        match (0..5).find(|&i| ka[i].cmp(&kb[i]) != Ordering::Equal) {
            Some(0) => Decider::Points,
            Some(1) => Decider::Withdrawal,
            Some(2) => Decider::Discs,
            Some(3) => Decider::Brightwell,
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

#[cfg(test)]
mod tests {
    use super::*;

    fn game(opponent: u32, points: u32, discs: Option<u32>) -> RoundResult {
        RoundResult {
            opponent: Some(opponent),
            points,
            discs,
        }
    }

    /// A round robin of three, each with a point: 2 beat 1 by 44–20, then
    /// withdrew and lost to 3 by forfeit (32 discs, S2). 2 has the most
    /// discs, but places below both who stayed (S5).
    #[test]
    fn a_player_who_withdrew_cannot_win_on_discs() {
        let players = [
            // 1: beat 3 by 33–31, lost to 2 by 20–44.
            (1, vec![game(3, 10, Some(33)), game(2, 0, Some(20))]),
            // 2: beat 1 by 44–20, then withdrew: lost to 3 by forfeit.
            (2, vec![game(1, 10, Some(44)), game(3, 0, None)]),
            // 3: lost to 1, won against 2 by forfeit.
            (3, vec![game(1, 0, Some(31)), game(2, 10, None)]),
        ];
        let withdrawn: HashSet<u32> = [2].into();
        let table = standings(&players, &withdrawn);
        let order: Vec<(u32, usize, Decider)> = table
            .iter()
            .map(|s| (s.id, s.place, s.decided_by))
            .collect();
        // Everyone has a point; 2 has the most discs (44 + 32 = 76), yet
        // both who stayed are above: the withdrawal decides first.
        assert_eq!(
            table.iter().map(|s| s.points).collect::<Vec<_>>(),
            [10, 10, 10]
        );
        assert!(table[2].discs > table[0].discs && table[2].discs > table[1].discs);
        assert_eq!(
            order,
            [
                (3, 1, Decider::Discs),
                (1, 2, Decider::Discs),
                (2, 3, Decider::Withdrawal),
            ]
        );
        // Without the withdrawal, the same games put 2 first on discs.
        let table = standings(&players, &HashSet::new());
        assert_eq!((table[0].id, table[0].decided_by), (2, Decider::Discs));
    }

    /// More points still place above: a withdrawal only orders equals.
    #[test]
    fn a_player_who_withdrew_keeps_a_lead_in_points() {
        let players = [
            (1, vec![game(2, 10, Some(40))]),
            (2, vec![game(1, 0, Some(24))]),
        ];
        let table = standings(&players, &[1].into());
        assert_eq!((table[0].id, table[0].decided_by), (1, Decider::Points));
    }
}
