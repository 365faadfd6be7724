//! The last four empties: no move generation, no hashing, the empties tried
//! in place (odd regions first at four), scores from the mover's view.

use super::{final_score, Solver};
use crate::movegen::flips;

/// The four quadrants, for parity ordering.
pub(crate) const QUADRANTS: [u64; 4] = [
    0x0000_0000_0f0f_0f0f,
    0x0000_0000_f0f0_f0f0,
    0x0f0f_0f0f_0000_0000,
    0xf0f0_f0f0_0000_0000,
];

/// The empty squares lying in quadrants with an odd number of empties.
#[inline]
pub(crate) fn odd_region(empties: u64) -> u64 {
    let mut odd = 0;
    for q in QUADRANTS {
        if (empties & q).count_ones() & 1 == 1 {
            odd |= q;
        }
    }
    odd & empties
}

impl Solver<'_> {
    /// One empty square `x` left.
    #[inline]
    pub(crate) fn last1(&mut self, p: u64, o: u64, x: usize) -> i32 {
        self.nodes += 1;
        let pc = p.count_ones() as i32;
        let f = flips(p, o, x);
        if f != 0 {
            return 2 * (pc + 1 + f.count_ones() as i32) - 64;
        }
        let f = flips(o, p, x);
        if f != 0 {
            return 2 * (pc - f.count_ones() as i32) - 64;
        }
        let d = 2 * pc - 63;
        if d > 0 {
            d + 1
        } else {
            d - 1
        }
    }

    /// Two empties, `x1` and `x2`.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn last2(
        &mut self,
        p: u64,
        o: u64,
        alpha: i32,
        beta: i32,
        x1: usize,
        x2: usize,
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
            return -self.last2(o, p, -beta, -alpha, x1, x2, true);
        }
        best
    }

    /// Three empties.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn last3(
        &mut self,
        p: u64,
        o: u64,
        mut alpha: i32,
        beta: i32,
        x1: usize,
        x2: usize,
        x3: usize,
        passed: bool,
    ) -> i32 {
        self.nodes += 1;
        let mut best = -65;
        for (x, a, b) in [(x1, x2, x3), (x2, x1, x3), (x3, x1, x2)] {
            let f = flips(p, o, x);
            if f != 0 {
                let v = -self.last2(o ^ f, p | f | (1 << x), -beta, -alpha, a, b, false);
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
            return -self.last3(o, p, -beta, -alpha, x1, x2, x3, true);
        }
        best
    }

    /// Four empties, taken from the board; odd regions first.
    pub(crate) fn last4(&mut self, p: u64, o: u64, alpha: i32, beta: i32) -> i32 {
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
        self.last4_with(p, o, alpha, beta, xs, false)
    }

    fn last4_with(
        &mut self,
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
                let v = -self.last3(o ^ f, p | f | (1 << x), -beta, -alpha, a, b, c, false);
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
            return -self.last4_with(o, p, -beta, -alpha, xs, true);
        }
        best
    }
}
