//! The fast capture finder and placement rule against slow, literal ones
//! (N6–N11), on many random positions of every size 5–15.

use virada::game::nabu::{captures, Cell, NabuBoard, Rect};
use virada::Color;

/// A small deterministic generator for test positions (xorshift64*).
struct Gen(u64);

impl Gen {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn at(board: &NabuBoard, r: isize, c: isize) -> Option<Option<Color>> {
    let n = board.size() as isize;
    if r < 0 || c < 0 || r >= n || c >= n {
        None // beyond the edge
    } else {
        Some(board.get(Cell::new(r as u8, c as u8)))
    }
}

/// A wall read cell by cell: `Err(())` broken, `Ok(None)` edge, `Ok(Some(c))` solid.
fn literal_wall(board: &NabuBoard, cells: &[(isize, isize)]) -> Result<Option<Color>, ()> {
    let discs: Vec<Option<Option<Color>>> = cells.iter().map(|&(r, c)| at(board, r, c)).collect();
    if discs.iter().all(|d| d.is_none()) {
        return Ok(None);
    }
    let first = discs[0].ok_or(())?.ok_or(())?;
    if discs.iter().all(|d| *d == Some(Some(first))) {
        Ok(Some(first))
    } else {
        Err(())
    }
}

/// N7–N10 checked literally, cell by cell.
fn literal_qualifies(board: &NabuBoard, p: Color, t: isize, l: isize, b: isize, r: isize) -> bool {
    for row in t..=b {
        for col in l..=r {
            if at(board, row, col) != Some(Some(p.other())) {
                return false;
            }
        }
    }
    let north: Vec<_> = (l..=r).map(|c| (t - 1, c)).collect();
    let south: Vec<_> = (l..=r).map(|c| (b + 1, c)).collect();
    let west: Vec<_> = (t..=b).map(|row| (row, l - 1)).collect();
    let east: Vec<_> = (t..=b).map(|row| (row, r + 1)).collect();
    let walls = [&north, &south, &west, &east].map(|w| literal_wall(board, w));
    if walls.iter().any(|w| w.is_err()) {
        return false;
    }
    let [mut n, mut s, mut w, mut e] = walls.map(|w| w.unwrap_or(None));
    let edge = |cells: &Vec<(isize, isize)>| at(board, cells[0].0, cells[0].1).is_none();
    // N9: an edge wall takes the opposite wall's colour; two edges are neutral.
    if edge(&north) && !edge(&south) {
        n = s;
    }
    if edge(&south) && !edge(&north) {
        s = n;
    }
    if edge(&west) && !edge(&east) {
        w = e;
    }
    if edge(&east) && !edge(&west) {
        e = w;
    }
    let (wd, ht) = ((r - l + 1) as usize, (b - t + 1) as usize);
    let mut mine = 0;
    for (colour, len) in [(n, wd), (s, wd), (w, ht), (e, ht)] {
        if colour == Some(p) {
            mine += len;
        }
    }
    mine > wd + ht
}

/// Every rectangle meeting N7–N10 that no strictly larger one meeting them
/// contains (N11), in the CLI's order.
fn slow_captures(board: &NabuBoard, p: Color) -> Vec<Rect> {
    let n = board.size() as isize;
    let mut all = Vec::new();
    for t in 0..n {
        for b in t..n {
            for l in 0..n {
                for r in l..n {
                    all.push((t, l, b, r));
                }
            }
        }
    }
    let mut out = Vec::new();
    for &(t, l, b, r) in &all {
        if !literal_qualifies(board, p, t, l, b, r) {
            continue;
        }
        let bigger = all.iter().any(|&(t2, l2, b2, r2)| {
            (t2, l2, b2, r2) != (t, l, b, r)
                && t2 <= t
                && l2 <= l
                && b2 >= b
                && r2 >= r
                && literal_qualifies(board, p, t2, l2, b2, r2)
        });
        if !bigger {
            let rect = Rect::from_corners(Cell::new(t as u8, l as u8), Cell::new(b as u8, r as u8))
                .expect("corners in order");
            out.push(rect);
        }
    }
    out.sort_by_key(|r| (r.top, r.left, r.bottom, r.right));
    out
}

/// N6 checked literally: an empty cell is forbidden when it has 4 neighbours,
/// exactly one an enemy disc and three empty.
fn slow_placements(board: &NabuBoard, p: Color) -> Vec<Cell> {
    let n = board.size() as isize;
    let mut out = Vec::new();
    for r in 0..n {
        for c in 0..n {
            if at(board, r, c) != Some(None) {
                continue;
            }
            let near: Vec<Option<Color>> = [(-1, 0), (1, 0), (0, -1), (0, 1)]
                .iter()
                .filter_map(|(dr, dc)| at(board, r + dr, c + dc))
                .collect();
            let enemies = near.iter().filter(|d| **d == Some(p.other())).count();
            let empties = near.iter().filter(|d| d.is_none()).count();
            if !(near.len() == 4 && enemies == 1 && empties == 3) {
                out.push(Cell::new(r as u8, c as u8));
            }
        }
    }
    out
}

/// A random position with solid blocks painted over a noisy background, so
/// that walls and captures of every shape occur.
fn random_board(g: &mut Gen, n: usize) -> NabuBoard {
    let mut board = NabuBoard::empty(n).expect("size in range");
    let empty_pct = [0, 0, 3, 10, 30, 60][g.below(6)];
    let dark_pct = 20 + g.below(61);
    for r in 0..n {
        for c in 0..n {
            let disc = if g.below(100) < empty_pct {
                None
            } else if g.below(100) < dark_pct {
                Some(Color::Dark)
            } else {
                Some(Color::Light)
            };
            board.set(Cell::new(r as u8, c as u8), disc);
        }
    }
    for _ in 0..g.below(8) {
        let (t, l) = (g.below(n), g.below(n));
        let (b, r) = (t + g.below(n - t), l + g.below(n - l));
        let disc = match g.below(7) {
            0 => None,
            k if k % 2 == 0 => Some(Color::Dark),
            _ => Some(Color::Light),
        };
        for row in t..=b {
            for col in l..=r {
                board.set(Cell::new(row as u8, col as u8), disc);
            }
        }
    }
    board
}

#[test]
fn fast_captures_and_placements_match_literal_ones_on_every_size() {
    let mut g = Gen(0x9e37_79b9_7f4a_7c15);
    let mut nonempty = 0;
    let mut largest = 0;
    for n in 5..=15 {
        let positions = if n <= 10 { 300 } else { 120 };
        for _ in 0..positions {
            let board = random_board(&mut g, n);
            for p in [Color::Dark, Color::Light] {
                let fast = captures(&board, p);
                let slow = slow_captures(&board, p);
                assert_eq!(fast, slow, "captures of {p} on {}", board.cells());
                assert_eq!(
                    board.placements(p),
                    slow_placements(&board, p),
                    "placements of {p} on {}",
                    board.cells()
                );
                nonempty += usize::from(!fast.is_empty());
                largest = largest.max(fast.iter().map(|r| r.area()).max().unwrap_or(0));
            }
        }
    }
    // The positions must exercise the finder, not only empty answers.
    assert!(nonempty > 1000, "only {nonempty} positions had a capture");
    assert!(largest >= 20, "largest capture only {largest} discs");
}
