//! The last four empties: no move generation, no hashing, the empties tried
//! in place (odd regions first at four), scores from the mover's view.

use super::kernel::Kernel;
use super::{final_score, Solver};
use crate::board::movegen::flips;

/// The four quadrants, for parity ordering.
pub(crate) const QUADRANTS: [u64; 4] = [
    0x0000_0000_0f0f_0f0f,
    0x0000_0000_f0f0_f0f0,
    0x0f0f_0f0f_0000_0000,
    0xf0f0_f0f0_0000_0000,
];

/// The empty squares lying in quadrants with an odd number of empties.
#[inline(always)]
pub(crate) fn odd_region(empties: u64) -> u64 {
    let mut odd = 0;
    for q in QUADRANTS {
        if (empties & q).count_ones() & 1 == 1 {
            odd |= q;
        }
    }
    odd & empties
}

/// `LINE_FLIPS[pos][line]`: the discs a move at `pos` of an eight-square
/// line flips when the mover's discs are the set bits of `line` and every
/// other square of the line is the opponent's, as on a board with one empty
/// square left.
const LINE_FLIPS: [[u8; 256]; 8] = {
    let mut t = [[0u8; 256]; 8];
    let mut pos = 0;
    while pos < 8 {
        let mut line = 0;
        while line < 256 {
            let mut n = 0;
            let mut run = 0;
            let mut i = pos;
            while i > 0 {
                i -= 1;
                if (line >> i) & 1 == 1 {
                    n += run;
                    break;
                }
                run += 1;
            }
            run = 0;
            let mut i = pos + 1;
            while i < 8 {
                if (line >> i) & 1 == 1 {
                    n += run;
                    break;
                }
                run += 1;
                i += 1;
            }
            t[pos][line] = n;
            line += 1;
        }
        pos += 1;
    }
    t
};

/// The two diagonals through each square, as masks.
const DIAGONALS: [[u64; 2]; 64] = {
    let mut t = [[0u64; 2]; 64];
    let mut x = 0;
    while x < 64 {
        let (r, c) = ((x / 8) as i32, (x % 8) as i32);
        let mut y = 0;
        while y < 64 {
            let (r2, c2) = (y / 8, y % 8);
            if c2 - r2 == c - r {
                t[x][0] |= 1 << y;
            }
            if c2 + r2 == c + r {
                t[x][1] |= 1 << y;
            }
            y += 1;
        }
        x += 1;
    }
    t
};

/// How many discs `p` flips by playing `x` when `x` is the only empty square.
#[inline(always)]
pub(crate) fn last_flip_count(p: u64, x: usize) -> i32 {
    let (r, c) = (x / 8, x % 8);
    let row = (p >> (8 * r)) as u8;
    let col = ((p >> c) & 0x0101_0101_0101_0101).wrapping_mul(0x0102_0408_1020_4080) >> 56;
    let [d, a] = DIAGONALS[x];
    let diag = (p & d).wrapping_mul(0x0101_0101_0101_0101) >> 56;
    let anti = (p & a).wrapping_mul(0x0101_0101_0101_0101) >> 56;
    i32::from(LINE_FLIPS[c][usize::from(row)])
        + i32::from(LINE_FLIPS[r][col as usize])
        + i32::from(LINE_FLIPS[c][diag as usize])
        + i32::from(LINE_FLIPS[c][anti as usize])
}

impl Solver<'_> {
    /// One empty square `x` left.
    #[inline(always)]
    pub(super) fn last1(&mut self, p: u64, o: u64, x: usize) -> i32 {
        self.nodes += 1;
        let pc = p.count_ones() as i32;
        let n = last_flip_count(p, x);
        if n != 0 {
            return 2 * (pc + 1 + n) - 64;
        }
        let n = last_flip_count(o, x);
        if n != 0 {
            return 2 * (pc - n) - 64;
        }
        let d = 2 * pc - 63;
        if d > 0 {
            d + 1
        } else {
            d - 1
        }
    }

    /// Two empties, `x1` and `x2`.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    pub(super) fn last2<K: Kernel>(
        &mut self,
        k: K,
        p: u64,
        o: u64,
        alpha: i32,
        beta: i32,
        [x1, x2]: [usize; 2],
        passed: bool,
    ) -> i32 {
        self.nodes += 1;
        let mut best = -65;
        let f = flips(p, o, x1);
        if f != 0 {
            best = -self.last1(o ^ f, p | f | (1 << x1), x2);
            if best >= beta {
                return best;
            }
        }
        let f = flips(p, o, x2);
        if f != 0 {
            let v = -self.last1(o ^ f, p | f | (1 << x2), x1);
            if v > best {
                best = v;
            }
        }
        if best == -65 {
            if passed {
                return final_score(p, o);
            }
            return -k.last2(self, o, p, -beta, -alpha, [x1, x2], true);
        }
        best
    }

    /// Three empties.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    pub(super) fn last3<K: Kernel>(
        &mut self,
        k: K,
        p: u64,
        o: u64,
        mut alpha: i32,
        beta: i32,
        [x1, x2, x3]: [usize; 3],
        passed: bool,
    ) -> i32 {
        self.nodes += 1;
        let mut best = -65;
        for (x, a, b) in [(x1, x2, x3), (x2, x1, x3), (x3, x1, x2)] {
            let f = flips(p, o, x);
            if f != 0 {
                let v = -k.last2(self, o ^ f, p | f | (1 << x), -beta, -alpha, [a, b], false);
                if v > best {
                    best = v;
                    if v >= beta {
                        return v;
                    }
                    if v > alpha {
                        alpha = v;
                    }
                }
            }
        }
        if best == -65 {
            if passed {
                return final_score(p, o);
            }
            return -k.last3(self, o, p, -beta, -alpha, [x1, x2, x3], true);
        }
        best
    }

    /// Four empties, taken from the board; odd regions first.
    #[inline(always)]
    pub(super) fn last4<K: Kernel>(&mut self, k: K, p: u64, o: u64, alpha: i32, beta: i32) -> i32 {
        let empties = !(p | o);
        let odd = odd_region(empties);
        let mut xs = [0usize; 4];
        let mut n = 0;
        let mut rest = odd;
        while rest != 0 {
            xs[n] = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            n += 1;
        }
        let mut rest = empties & !odd;
        while rest != 0 {
            xs[n] = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            n += 1;
        }
        k.last4(self, p, o, alpha, beta, xs, false)
    }

    /// Four empties in the order `xs`.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    pub(super) fn last4_with<K: Kernel>(
        &mut self,
        k: K,
        p: u64,
        o: u64,
        mut alpha: i32,
        beta: i32,
        xs: [usize; 4],
        passed: bool,
    ) -> i32 {
        self.nodes += 1;
        let [x1, x2, x3, x4] = xs;
        let mut best = -65;
        for (x, a, b, c) in [
            (x1, x2, x3, x4),
            (x2, x1, x3, x4),
            (x3, x1, x2, x4),
            (x4, x1, x2, x3),
        ] {
            let f = flips(p, o, x);
            if f != 0 {
                let v = -k.last3(
                    self,
                    o ^ f,
                    p | f | (1 << x),
                    -beta,
                    -alpha,
                    [a, b, c],
                    false,
                );
                if v > best {
                    best = v;
                    if v >= beta {
                        return v;
                    }
                    if v > alpha {
                        alpha = v;
                    }
                }
            }
        }
        if best == -65 {
            if passed {
                return final_score(p, o);
            }
            return -k.last4(self, o, p, -beta, -alpha, xs, true);
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn last_flip_counts_agree_with_the_flips() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..200_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let x = (state >> 58) as usize;
            let p = state.rotate_left(11) & !(1 << x);
            let o = !p & !(1 << x);
            assert_eq!(
                last_flip_count(p, x),
                flips(p, o, x).count_ones() as i32,
                "{p:x} {x}"
            );
            assert_eq!(
                last_flip_count(o, x),
                flips(o, p, x).count_ones() as i32,
                "{o:x} {x}"
            );
        }
    }
}
