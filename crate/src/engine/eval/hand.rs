//! Hand-set weights: a careful positional table turned into pattern tables.
//!
//! Each square's value depends on its neighbourhood where the pattern sees
//! it: a C or X square costs only while its corner is empty, edge discs tied
//! to an owned corner count as stable. A square's value is shared out among
//! the patterns that see it, so the sum over patterns counts it once.
//! Units: [`DISC`](super::DISC) = one disc of final margin.

use super::patterns::{instances, Instance, BASE};
use super::{Weights, STAGES};

/// The corner of the quadrant of square `s`.
fn corner_of(s: u8) -> u8 {
    let (c, r) = (s % 8, s / 8);
    (if r < 4 { 0 } else { 56 }) + if c < 4 { 0 } else { 7 }
}

/// Distances to the nearest edges: (column, row), each 0..=3.
fn class(s: u8) -> (u8, u8) {
    let (c, r) = (s % 8, s / 8);
    let (a, b) = (c.min(7 - c), r.min(7 - r));
    (a.min(b), a.max(b))
}

/// Whether the value of `s` needs its corner, and so counts only in patterns
/// that hold the corner.
fn needs_corner(s: u8) -> bool {
    matches!(class(s), (0, 1) | (1, 1))
}

/// The value of a disc of the mover on `s` (negate for the opponent's), given
/// the corner's contents as the same sign convention (+1 mover's colour as
/// this disc, -1 the other, 0 empty), in 1/100 disc.
fn square_value(s: u8, corner: i32) -> i32 {
    match class(s) {
        (0, 0) => 800,
        (0, 1) => match corner {
            0 => -250,
            1 => 150,
            _ => 40,
        },
        (1, 1) => match corner {
            0 => -500,
            1 => 40,
            _ => 0,
        },
        (0, 2) => 100,
        (0, 3) => 60,
        (1, 2) | (1, 3) => -40,
        (2, 2) => 20,
        _ => 0,
    }
}

/// Extra for edge discs in an unbroken run from an owned corner (stable).
const STABLE_EDGE: i32 = 120;

fn digits(mut index: usize, len: usize) -> Vec<i32> {
    let mut cells = vec![0; len];
    for cell in cells.iter_mut() {
        *cell = match index % 3 {
            0 => 0,
            1 => 1,
            _ => -1,
        };
        index /= 3;
    }
    cells
}

fn pattern_value(instance: &Instance, cells: &[i32], coverage: &[i32; 64]) -> i32 {
    let mut total = 0;
    for (k, &s) in instance.squares.iter().enumerate() {
        let owner = cells[k];
        if owner == 0 {
            continue;
        }
        let corner_sq = corner_of(s);
        let corner = instance.squares.iter().position(|&t| t == corner_sq);
        if needs_corner(s) && corner.is_none() {
            continue;
        }
        let corner_cell = corner.map_or(0, |i| cells[i] * owner);
        total += owner * square_value(s, corner_cell) / coverage[s as usize];
    }
    if BASE[instance.base].name == "edge+2x" {
        let edge = &cells[..8];
        for ends in [[0usize, 1, 2, 3, 4, 5, 6, 7], [7, 6, 5, 4, 3, 2, 1, 0]] {
            let owner = edge[ends[0]];
            if owner == 0 {
                continue;
            }
            for &i in &ends[1..] {
                if edge[i] != owner {
                    break;
                }
                total += owner * STABLE_EDGE;
            }
        }
    }
    total
}

/// The hand-set weights.
pub fn weights() -> Weights {
    let all = instances();
    let mut coverage = [0i32; 64];
    for instance in &all {
        for &s in &instance.squares {
            let sees_corner = instance.squares.contains(&corner_of(s));
            if !needs_corner(s) || sees_corner {
                coverage[s as usize] += 1;
            }
        }
    }
    for c in coverage.iter_mut() {
        *c = (*c).max(1);
    }
    let mut w = Weights::zero(STAGES);
    // One representative instance per base pattern: its table serves all copies,
    // and the values above are symmetric.
    for (base, pattern) in BASE.iter().enumerate() {
        let Some(instance) = all.iter().find(|i| i.base == base) else {
            continue;
        };
        let len = pattern.squares.len();
        let size = 3usize.pow(len as u32);
        let values: Vec<i16> = (0..size)
            .map(|index| pattern_value(instance, &digits(index, len), &coverage) as i16)
            .collect();
        for stage in 0..STAGES {
            let scale = [6, 8, 10, 10, 9, 8][stage.min(5)];
            let table = w.table_mut(stage, base);
            for (slot, &v) in table.iter_mut().zip(&values) {
                *slot = (i32::from(v) * scale / 10) as i16;
            }
        }
    }
    for stage in 0..STAGES {
        let s = w.scalars_mut(stage);
        s.mobility = [70, 80, 80, 70, 60, 40][stage.min(5)];
        s.potential = [30, 30, 25, 20, 15, 10][stage.min(5)];
        s.discs = [-8, -6, -3, 0, 10, 30][stage.min(5)];
    }
    w
}
