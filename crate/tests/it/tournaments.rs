//! Othello's standings against a worked example computed by hand, round
//! robins by Berger tables, divisions by rating, and arena scoring
//! (rules S1–S4, R1–R3, A1–A3 in docs/rules.md).

use std::collections::{HashMap, HashSet};
use virada::tournament::{berger, divisions, standings, Arena, ArenaResult, Decider, RoundResult};

fn game(opponent: u32, points: u32, discs: u32) -> RoundResult {
    RoundResult {
        opponent: Some(opponent),
        points,
        discs: Some(discs),
    }
}

/// Six players, three rounds; player 6 withdraws after round 2, so 4 gets
/// the bye in round 3 (one point, no discs).
///
/// | round | games (discs)                                  |
/// |-------|------------------------------------------------|
/// | 1     | 1–2 36–28, 3–4 33–31, 5–6 40–24                 |
/// | 2     | 1–3 30–34, 5–2 32–32 (draw), 4–6 36–28          |
/// | 3     | 1–5 33–31, 3–2 40–24, 4 bye                     |
///
/// Points: 3: 3; 1: 2; 4: 2; 5: 1½; 2: ½; 6: 0.
/// Discs: 1: 36+30+33 = 99; 4: 31+36+32 (the bye) = 99: tied again.
/// Brightwell (discs + 6 × the opponents' points; a bye or a game against
/// someone who withdrew counts 32 + 6 × one's own points):
/// - 1: (36 + 6×½) + (30 + 6×3) + (33 + 6×1½) = 39 + 48 + 42 = 129;
/// - 4: (31 + 6×3) + (32 + 6×2, 6 withdrew) + (32 + 6×2, the bye) = 49 + 44 + 44 = 137;
///
/// so 4 is second and 1 third, by the Brightwell quotient.
/// - 3: (33 + 6×2) + (34 + 6×2) + (40 + 6×½) = 45 + 46 + 43 = 134;
/// - 5: (32 + 6×1½, 6 withdrew) + (32 + 6×½) + (31 + 6×2) = 41 + 35 + 43 = 119;
/// - 2: (28 + 6×2) + (32 + 6×1½) + (24 + 6×3) = 40 + 41 + 42 = 123;
/// - 6: (24 + 6×1½) + (28 + 6×2) = 33 + 40 = 73.
///
/// Buchholz (the opponents' points; a round without a game counts one's
/// own): 3: 2 + 2 + ½ = 4½; 4: 3 + 0 + 2 = 5; 1: ½ + 3 + 1½ = 5;
/// 5: 0 + ½ + 2 = 2½; 2: 2 + 1½ + 3 = 6½; 6: 1½ + 2 = 3½.
fn worked_example(four_beats_six: (u32, u32)) -> Vec<(u32, Vec<RoundResult>)> {
    let (d4, d6) = four_beats_six;
    vec![
        (1, vec![game(2, 10, 36), game(3, 0, 30), game(5, 10, 33)]),
        (2, vec![game(1, 0, 28), game(5, 5, 32), game(3, 0, 24)]),
        (3, vec![game(4, 10, 33), game(1, 10, 34), game(2, 10, 40)]),
        (
            4,
            vec![
                game(3, 0, 31),
                game(6, 10, d4),
                RoundResult {
                    opponent: None,
                    points: 10,
                    discs: None,
                },
            ],
        ),
        (5, vec![game(6, 10, 40), game(2, 5, 32), game(1, 0, 31)]),
        (6, vec![game(5, 0, 24), game(4, 0, d6)]),
    ]
}

#[test]
fn the_worked_example_stands_as_computed_by_hand() {
    let withdrawn: HashSet<u32> = [6].into();
    let table = standings(&worked_example((36, 28)), &withdrawn);
    let got: Vec<(u32, usize, u32, u32, u32, u32, Decider)> = table
        .iter()
        .map(|s| {
            (
                s.id,
                s.place,
                s.points,
                s.discs,
                s.brightwell,
                s.buchholz,
                s.decided_by,
            )
        })
        .collect();
    // Points, Buchholz in tenths; the quotient in tenths of a disc.
    assert_eq!(
        got,
        vec![
            (3, 1, 30, 107, 1340, 45, Decider::Points),
            (4, 2, 20, 99, 1370, 50, Decider::Brightwell),
            (1, 3, 20, 99, 1290, 50, Decider::Brightwell),
            (5, 4, 15, 103, 1190, 25, Decider::Points),
            (2, 5, 5, 84, 1230, 65, Decider::Points),
            (6, 6, 0, 52, 730, 35, Decider::Points),
        ]
    );
    // Player 4 winning round 2 by 35–29 instead: 98 discs against 1's 99,
    // and the disc count decides before the quotient is looked at.
    let table = standings(&worked_example((35, 29)), &withdrawn);
    let order: Vec<(u32, Decider)> = table.iter().map(|s| (s.id, s.decided_by)).collect();
    assert_eq!(&order[1..3], &[(1, Decider::Discs), (4, Decider::Discs)]);
}

#[test]
fn players_alike_in_everything_share_their_place() {
    let table = standings(
        &[(1, vec![game(2, 5, 32)]), (2, vec![game(1, 5, 32)])],
        &HashSet::new(),
    );
    assert_eq!(table[0].place, 1);
    assert_eq!(table[1].place, 1);
    assert!(table.iter().all(|s| s.decided_by == Decider::Shared));
}

/// FIDE's Berger table for six (C.05, Annex 1): round 1 1–6 2–5 3–4,
/// round 2 6–4 5–3 1–2, round 3 2–6 3–1 4–5, round 4 6–5 1–4 2–3,
/// round 5 3–6 4–2 5–1 (white first).
#[test]
fn six_players_follow_the_berger_table() {
    let table: Vec<Vec<(u32, u32)>> = berger(6, false)
        .iter()
        .map(|r| {
            r.iter()
                .map(|g| (g.white, g.black.expect("no bye")))
                .collect()
        })
        .collect();
    assert_eq!(
        table,
        vec![
            vec![(1, 6), (2, 5), (3, 4)],
            vec![(6, 4), (5, 3), (1, 2)],
            vec![(2, 6), (3, 1), (4, 5)],
            vec![(6, 5), (1, 4), (2, 3)],
            vec![(3, 6), (4, 2), (5, 1)],
        ]
    );
}

#[test]
fn every_round_robin_meets_everyone_once_with_colours_balanced() {
    for n in 2..=12u32 {
        for double in [false, true] {
            let rounds = berger(n, double);
            let cycle = (n + n % 2 - 1) as usize;
            assert_eq!(rounds.len(), if double { 2 * cycle } else { cycle });
            let mut met: HashMap<(u32, u32), u32> = HashMap::new();
            let mut whites = vec![0i32; n as usize + 1];
            let mut byes = vec![0; n as usize + 1];
            for (r, round) in rounds.iter().enumerate() {
                let mut seen = HashSet::new();
                for g in round {
                    assert!(seen.insert(g.white), "n={n} round {r}: {} twice", g.white);
                    match g.black {
                        Some(b) => {
                            assert!(seen.insert(b));
                            *met.entry((g.white.min(b), g.white.max(b))).or_default() += 1;
                            whites[g.white as usize] += 1;
                            whites[b as usize] -= 1;
                        }
                        None => byes[g.white as usize] += 1,
                    }
                }
                assert_eq!(seen.len(), n as usize, "everyone every round");
                if r + 1 == cycle {
                    // After one cycle, no one more than one game off even.
                    assert!(
                        whites[1..].iter().all(|w| w.abs() <= 1),
                        "n={n}: {whites:?}"
                    );
                }
            }
            let times = if double { 2 } else { 1 };
            assert_eq!(met.len() as u32, n * (n - 1) / 2);
            assert!(met.values().all(|&k| k == times));
            if double {
                // Colours swapped in the second cycle: each pair once each way.
                assert!(whites[1..].iter().all(|&w| w == 0), "n={n}: {whites:?}");
            }
            if n % 2 == 1 {
                assert!(byes[1..].iter().all(|&b| b == times));
            }
        }
    }
}

#[test]
fn divisions_are_six_to_ten_strongest_first() {
    let players: Vec<(u32, u32)> = (1..=27).map(|i| (i, 1000 + 37 * ((i * 7) % 27))).collect();
    let (divs, waiting) = divisions(&players);
    assert_eq!(divs.iter().map(Vec::len).collect::<Vec<_>>(), vec![9, 9, 9]);
    assert!(waiting.is_empty());
    let rating: HashMap<u32, u32> = players.iter().copied().collect();
    let flat: Vec<u32> = divs.concat().iter().map(|id| rating[id]).collect();
    assert!(flat.windows(2).all(|w| w[0] >= w[1]), "by rating: {flat:?}");
    // Eleven cannot split into 6–10: the lowest rated waits.
    let eleven: Vec<(u32, u32)> = (1..=11).map(|i| (i, 2000 - i)).collect();
    let (divs, waiting) = divisions(&eleven);
    assert_eq!(divs, vec![(1..=10).collect::<Vec<u32>>()]);
    assert_eq!(waiting, vec![11]);
    for n in 6..=80u32 {
        let many: Vec<(u32, u32)> = (1..=n).map(|i| (i, i)).collect();
        let (divs, waiting) = divisions(&many);
        assert!(divs.iter().all(|d| (6..=10).contains(&d.len())), "n={n}");
        assert!(waiting.len() <= 1, "n={n}");
    }
}

#[test]
fn arena_scores_as_lichess_and_pairs_the_nearest() {
    let mut arena = Arena::new();
    for (id, rating) in [(1, 1500), (2, 1510), (3, 1800), (4, 1490)] {
        arena.join(id, rating);
    }
    // 1 beats 2, then 4, then 3: 2 + 2 + 4 (on a streak of two).
    arena.record(1, 2, ArenaResult::Win);
    assert_eq!(arena.player(1).map(|p| p.score), Some(2));
    arena.record(4, 1, ArenaResult::Loss);
    arena.record(1, 3, ArenaResult::Win);
    assert_eq!(arena.player(1).map(|p| p.score), Some(8));
    // A draw on the streak counts double too, and ends it.
    arena.record(1, 2, ArenaResult::Draw);
    assert_eq!(arena.player(1).map(|p| p.score), Some(10));
    assert_eq!(arena.player(2).map(|p| p.score), Some(1));
    arena.record(1, 4, ArenaResult::Win);
    assert_eq!(arena.player(1).map(|p| p.score), Some(12));
    // Nearest in score then rating, never the last opponent: 4 (0 points)
    // last met 1; of 2 (1 point) and 3 (0 points), 3 is the nearer.
    assert_eq!(arena.player(3).map(|p| p.score), Some(0));
    let pair = arena.pair(4, &[1, 2, 3]).expect("a pair");
    assert!(pair == (3, 4) || pair == (4, 3), "{pair:?}");
    assert_eq!(
        arena.pair(1, &[4]),
        None,
        "never the same opponent twice in a row"
    );
    let top: Vec<u32> = arena.standings().iter().map(|p| p.id).collect();
    assert_eq!(top[0], 1);
}
