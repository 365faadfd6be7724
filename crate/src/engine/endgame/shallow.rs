//! The layer between the last four empties and the table: a plain
//! alpha-beta, fastest first from [`FASTEST_FIRST`](super::FASTEST_FIRST)
//! empties (fewest replies, odd regions breaking ties), odd regions first
//! below.

use super::kernel::Kernel;
use super::last::odd_region;
use super::order::{weighted_replies, Candidate};
use super::{final_score, Solver, FASTEST_FIRST};
use crate::board::movegen::{flips, moves};

impl Solver<'_> {
    /// Alpha-beta without a table, up to [`SHALLOW`](super::SHALLOW) empties.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    pub(super) fn shallow<K: Kernel>(
        &mut self,
        k: K,
        p: u64,
        o: u64,
        mut alpha: i32,
        beta: i32,
        n: u32,
        passed: bool,
    ) -> i32 {
        self.nodes += 1;
        let m = moves(p, o);
        if m == 0 {
            if passed {
                return final_score(p, o);
            }
            return -self.solve_any(k, o, p, -beta, -alpha, n, true);
        }
        let odd = odd_region(!(p | o));
        let mut best = -65;
        if n >= FASTEST_FIRST {
            let mut list = [Candidate::default(); 16];
            let mut count = 0;
            let mut rest = m;
            while rest != 0 {
                let sq = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let f = flips(p, o, sq);
                let replies = moves(o ^ f, p | f | (1u64 << sq));
                let key = weighted_replies(replies) * 4 - i32::from(odd & (1u64 << sq) != 0);
                // Insertion sort: a handful of moves.
                let mut j = count;
                while j > 0 && list[j - 1].key > key {
                    list[j] = list[j - 1];
                    j -= 1;
                }
                list[j] = Candidate {
                    sq: sq as u8,
                    flipped: f,
                    key,
                };
                count += 1;
            }
            for c in &list[..count] {
                let (f, sq) = (c.flipped, c.sq as usize);
                let v =
                    -self.solve_any(k, o ^ f, p | f | (1u64 << sq), -beta, -alpha, n - 1, false);
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
            return best;
        }
        for part in [m & odd, m & !odd] {
            let mut rest = part;
            while rest != 0 {
                let sq = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let f = flips(p, o, sq);
                let v =
                    -self.solve_any(k, o ^ f, p | f | (1u64 << sq), -beta, -alpha, n - 1, false);
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
        best
    }
}
