//! Discs that can never be flipped again, found conservatively: a disc is
//! stable when, along each of the four lines through it, the line is full or
//! one neighbour on that line is the board's edge or a stable disc of the same
//! colour. Used for the solver's stability cutoff and, as a difference,
//! by the evaluation.

const COL_A: u64 = 0x0101_0101_0101_0101;
const COL_H: u64 = 0x8080_8080_8080_8080;
const ROW_1: u64 = 0x0000_0000_0000_00ff;
const ROW_8: u64 = 0xff00_0000_0000_0000;
const EDGES: u64 = COL_A | COL_H | ROW_1 | ROW_8;

/// The 15 + 15 diagonals (a1–h8 direction, then a8–h1 direction) as masks.
static DIAGONALS: [[u64; 15]; 2] = build_diagonals();

const fn build_diagonals() -> [[u64; 15]; 2] {
    let mut d = [[0u64; 15]; 2];
    let mut sq = 0;
    while sq < 64 {
        let (c, r) = (sq % 8, sq / 8);
        d[0][7 + c - r] |= 1u64 << sq;
        d[1][c + r] |= 1u64 << sq;
        sq += 1;
    }
    d
}

/// Squares whose row, column, and two diagonals are full, one mask per line
/// direction: (horizontal, vertical, diagonal, anti-diagonal).
#[inline(always)]
fn full_lines(filled: u64) -> [u64; 4] {
    let mut h = filled & (filled >> 1) & (filled >> 2) & (filled >> 3);
    h &= h >> 4;
    h &= COL_A;
    h = h.wrapping_mul(0xff);
    let mut v = filled & (filled >> 8);
    v &= v >> 16;
    v &= v >> 32;
    v &= ROW_1;
    v = v.wrapping_mul(COL_A);
    let mut d1 = 0;
    let mut d2 = 0;
    for m in DIAGONALS[0] {
        if filled & m == m {
            d1 |= m;
        }
    }
    for m in DIAGONALS[1] {
        if filled & m == m {
            d2 |= m;
        }
    }
    [h, v, d1, d2]
}

/// The stable discs of `p` (against `o`).
#[inline(always)]
pub fn stable(p: u64, o: u64) -> u64 {
    let [fh, fv, fd1, fd2] = full_lines(p | o);
    let mut stable = 0u64;
    loop {
        let h = fh | COL_A | COL_H | ((stable << 1) & !COL_A) | ((stable >> 1) & !COL_H);
        let v = fv | ROW_1 | ROW_8 | (stable << 8) | (stable >> 8);
        let d1 = fd1 | EDGES | ((stable << 9) & !COL_A) | ((stable >> 9) & !COL_H);
        let d2 = fd2 | EDGES | ((stable << 7) & !COL_H) | ((stable >> 7) & !COL_A);
        let next = p & h & v & d1 & d2;
        if next == stable {
            return stable;
        }
        stable = next;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corner_and_its_edge_run_are_stable_but_not_a_lone_inner_disc() {
        // a1, b1, c1 dark; d4 dark alone.
        let p = 0b111 | (1 << 27);
        let o = 1 << 28;
        assert_eq!(stable(p, o), 0b111);
    }

    #[test]
    fn every_disc_of_a_full_board_is_stable() {
        let p = 0x0f0f_0f0f_0f0f_0f0f;
        assert_eq!(stable(p, !p), p);
        assert_eq!(stable(!p, p), !p);
    }
}
