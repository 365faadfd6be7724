//! Perft as data: the start-position counts of tests/data/perft-start.txt, the
//! 8 symmetries of the FFO positions, and the fast generator against a slow,
//! obviously correct one on positions reached by random play.

use crate::common::{data_path, random_game, Rng};
use virada::{parse_obf_text, Bitboard, Move, Position, Square};

/// Reads `depth leaves` lines, skipping `%` comments.
fn start_counts() -> Vec<(u32, u64)> {
    let text = std::fs::read_to_string(data_path("perft-start.txt")).unwrap();
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('%'))
        .map(|l| {
            let (d, n) = l.split_once(' ').expect("depth and count");
            (d.parse().unwrap(), n.trim().parse().unwrap())
        })
        .collect()
}

#[test]
fn start_position_counts() {
    let max: u32 = std::env::var("VIRADA_PERFT_DEPTH")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(9);
    let counts = start_counts();
    assert!(counts.len() >= 9);
    for (depth, leaves) in counts.into_iter().filter(|&(d, _)| d <= max) {
        assert_eq!(Position::start().perft(depth), leaves, "depth {depth}");
    }
}

fn ffo_positions() -> Vec<Position> {
    let mut all = Vec::new();
    for file in ["fforum-01-19.obf", "fforum-20-39.obf", "fforum-40-49.obf"] {
        let text = std::fs::read_to_string(data_path(file)).unwrap();
        all.extend(
            parse_obf_text(&text)
                .unwrap()
                .into_iter()
                .map(|o| o.position),
        );
    }
    assert_eq!(all.len(), 49);
    all
}

#[test]
fn every_symmetry_of_the_ffo_positions_has_the_same_perft() {
    let mut total = 0;
    for (i, position) in ffo_positions().into_iter().enumerate() {
        let expected = position.perft(6);
        total += expected;
        for which in 1..8 {
            assert_eq!(
                position.symmetry(which).perft(6),
                expected,
                "#{} symmetry {which}",
                i + 1
            );
        }
    }
    assert!(total > 10_000_000, "{total}");
}

/// The rule as written: from `sq`, walk each direction over discs of the
/// other colour; they flip when a disc of the mover ends the walk.
fn slow_flips(position: &Position, sq: Square) -> u64 {
    let (p, o) = (position.player().0, position.opponent().0);
    if (p | o) & sq.bit() != 0 {
        return 0;
    }
    let mut all = 0;
    for (dc, dr) in [
        (1, 0),
        (-1, 0),
        (0, 1),
        (0, -1),
        (1, 1),
        (1, -1),
        (-1, 1),
        (-1, -1),
    ] {
        let (mut c, mut r, mut run) = (sq.column() as i32 + dc, sq.row() as i32 + dr, 0u64);
        while (0..8).contains(&c) && (0..8).contains(&r) {
            let bit = 1u64 << (r * 8 + c);
            if o & bit != 0 {
                run |= bit;
            } else {
                if p & bit != 0 {
                    all |= run;
                }
                break;
            }
            c += dc;
            r += dr;
        }
    }
    all
}

fn slow_moves(position: &Position) -> Vec<Square> {
    Square::ALL
        .into_iter()
        .filter(|&sq| slow_flips(position, sq) != 0)
        .collect()
}

/// Perft the slow way: every position made, passes by the rules.
fn slow_perft(position: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = slow_moves(position);
    if moves.is_empty() {
        let other = Position::from_masks(
            position.opponent().0,
            position.player().0,
            position.side_to_move().other(),
        );
        return if slow_moves(&other).is_empty() {
            1
        } else {
            slow_perft(&other, depth - 1)
        };
    }
    moves
        .into_iter()
        .map(|sq| {
            let f = slow_flips(position, sq);
            let next = Position::from_masks(
                position.opponent().0 & !f,
                position.player().0 | f | sq.bit(),
                position.side_to_move().other(),
            );
            slow_perft(&next, depth - 1)
        })
        .sum()
}

#[test]
fn fast_generator_agrees_with_the_slow_one_on_played_positions() {
    let mut rng = Rng(0xabad_cafe_f00d_0001);
    let mut checked = 0;
    for _ in 0..3000 {
        let (_, seen) = random_game(&mut rng, 100);
        for position in seen {
            let fast: Vec<Square> = position.legal_moves().squares().collect();
            assert_eq!(fast, slow_moves(&position), "{position}");
            for sq in Square::ALL {
                let expected = if position.empty().contains(sq) {
                    slow_flips(&position, sq)
                } else {
                    0
                };
                assert_eq!(position.flips(sq), Bitboard(expected), "{sq} in {position}");
            }
            checked += 1;
        }
    }
    assert!(checked > 150_000);
}

#[test]
fn fast_perft_agrees_with_the_slow_one() {
    for position in ffo_positions() {
        assert_eq!(position.perft(4), slow_perft(&position, 4), "{position}");
    }
    // Positions near the end, where passes and finished games are common.
    let mut rng = Rng(31337);
    let mut passes = 0;
    for _ in 0..300 {
        let (moves, seen) = random_game(&mut rng, 100);
        passes += moves.iter().filter(|&&m| m == Move::Pass).count();
        for position in seen.iter().rev().take(12) {
            assert_eq!(position.perft(5), slow_perft(position, 5), "{position}");
        }
    }
    assert!(passes > 0);
}
