//! An arena's file checked (rules A1–A2 in `docs/rules.md`). An arena's
//! waves are paired as players come free, so a wave cannot be re-paired
//! from the file as a Swiss round is; what the file does show is checked:
//! nobody meets the same opponent twice in a row, and white goes to
//! whoever has had fewer whites (then the lower number). The file says it
//! is an arena's in FIDE's "type of tournament" line, `092`.
//!
//! ```
//! use virada::tournament::{arena_breaches, is_arena, Trf, ARENA_TYPE};
//! let text = format!("{ARENA_TYPE}\nXXR 1\n");
//! let trf = Trf::parse(&text).unwrap();
//! assert!(is_arena(&trf));
//! assert!(arena_breaches(&trf).is_empty());
//! ```

use super::check::round_pairs;
use super::trf::Trf;
use std::collections::HashMap;

/// The `092` line (FIDE's "type of tournament") of an arena's file.
pub const ARENA_TYPE: &str = "092 Individual: Arena";

/// Whether the file is an arena's: its `092` line says so.
pub fn is_arena(trf: &Trf) -> bool {
    trf.other_lines.iter().any(|l| l.trim_end() == ARENA_TYPE)
}

/// One arena rule a wave breaks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArenaBreach {
    /// Two players met again in their next game (A2).
    AgainInARow {
        /// The wave, from 1.
        round: usize,
        /// The players, the lower number first.
        players: (u32, u32),
    },
    /// White went to the player who had had more whites (A2).
    Colour {
        /// The wave, from 1.
        round: usize,
        /// The player given white.
        player: u32,
    },
}

impl std::fmt::Display for ArenaBreach {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ArenaBreach::AgainInARow { round, players } => write!(
                f,
                "wave {round}: {} and {} meet twice in a row",
                players.0, players.1
            ),
            ArenaBreach::Colour { round, player } => write!(
                f,
                "wave {round}: {player} has white after more whites than the opponent"
            ),
        }
    }
}

/// Every arena rule the file's waves break, wave by wave. A game without
/// colours (a forfeit written `-`) counts as a meeting, not as a colour.
pub fn arena_breaches(trf: &Trf) -> Vec<ArenaBreach> {
    let mut last: HashMap<u32, u32> = HashMap::new();
    // Whites minus blacks, each player's.
    let mut balance: HashMap<u32, i64> = HashMap::new();
    let mut out = Vec::new();
    for round in 1..=trf.played_rounds() {
        let coloured = |id: u32, o: u32| {
            trf.players
                .iter()
                .find(|p| p.id == id)
                .and_then(|p| p.games.get(round - 1))
                .is_some_and(|e| e.opponent == Some(o) && e.colour.is_some())
        };
        let games: Vec<(u32, u32)> = round_pairs(trf, round)
            .iter()
            .filter_map(|p| p.black.map(|b| (p.white, b)))
            .collect();
        for &(w, b) in &games {
            if last.get(&w) == Some(&b) || last.get(&b) == Some(&w) {
                out.push(ArenaBreach::AgainInARow {
                    round,
                    players: (w.min(b), w.max(b)),
                });
            }
            let of = |id| balance.get(&id).copied().unwrap_or(0);
            if coloured(w, b) && (of(w), w) > (of(b), b) {
                out.push(ArenaBreach::Colour { round, player: w });
            }
        }
        for &(w, b) in &games {
            last.insert(w, b);
            last.insert(b, w);
            if coloured(w, b) {
                *balance.entry(w).or_default() += 1;
                *balance.entry(b).or_default() -= 1;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A player line: number, name, then each wave's `(opponent, colour,
    /// result)`, `0` for none.
    fn line(id: u32, games: &[(u32, char, char)]) -> String {
        let points: u32 = games.iter().filter(|g| g.2 == '1').count() as u32;
        let mut s = format!(
            "001 {id:>4}      {:<33} 1500{:>28}{:>4} {id:>4}",
            format!("P{id}"),
            "",
            format!("{points}.0"),
        );
        for &(o, c, r) in games {
            let opp = if o == 0 {
                "0000".into()
            } else {
                format!("{o:>4}")
            };
            s.push_str(&format!("  {opp} {c} {r}"));
        }
        s
    }

    fn file(lines: &[String]) -> Trf {
        let text = format!("{ARENA_TYPE}\nXXR 3\n{}\n", lines.join("\n"));
        Trf::parse(&text).unwrap()
    }

    #[test]
    fn an_arena_as_its_server_pairs_it_keeps_the_rules() {
        // Wave 1: 1–2, 3–4; wave 2: 2–3 and 4–1 (white to who had black);
        // wave 3: 1–3 and 2–4, everyone even, white to the lower number.
        let trf = file(&[
            line(1, &[(2, 'w', '1'), (4, 'b', '1'), (3, 'w', '0')]),
            line(2, &[(1, 'b', '0'), (3, 'w', '1'), (4, 'w', '1')]),
            line(3, &[(4, 'w', '1'), (2, 'b', '0'), (1, 'b', '1')]),
            line(4, &[(3, 'b', '0'), (1, 'w', '0'), (2, 'b', '0')]),
        ]);
        assert!(is_arena(&trf));
        assert_eq!(arena_breaches(&trf), []);
    }

    #[test]
    fn the_same_opponent_twice_in_a_row_and_a_wrong_white_are_found() {
        // 1 and 2 meet in waves 1 and 2; in wave 2, 1 had white already
        // and has it again against 2, who had black.
        let trf = file(&[
            line(1, &[(2, 'w', '1'), (2, 'w', '1')]),
            line(2, &[(1, 'b', '0'), (1, 'b', '0')]),
        ]);
        assert_eq!(
            arena_breaches(&trf),
            [
                ArenaBreach::AgainInARow {
                    round: 2,
                    players: (1, 2)
                },
                ArenaBreach::Colour {
                    round: 2,
                    player: 1
                },
            ]
        );
        let plain = Trf::parse("XXR 1\n").unwrap();
        assert!(!is_arena(&plain));
    }
}
