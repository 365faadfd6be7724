//! Every pattern copy's table index at once, from the board's eight rows.
//!
//! A copy's index is `Σ 3^k · cell(s_k)` over its squares `s_k`, with cell 1
//! for the mover's disc and 2 for the opponent's: so it is `T(p) + 2·T(o)`,
//! where `T(x) = Σ 3^k · bit(x, s_k)` is a sum over the board's rows. For
//! each row and each of its 256 contents, [`RowIndex`] keeps the row's share
//! of `T` for every copy side by side, and an evaluation adds eight rows a
//! side, lanes wide (SIMD where the target has it), instead of reading
//! every square of every copy.

/// Copies the lanes hold (the pattern set places 46).
pub(super) const LANES: usize = 48;

/// Each row's share of every copy's index, per row contents.
pub(super) struct RowIndex {
    rows: Vec<[[u16; LANES]; 256]>,
}

impl RowIndex {
    /// The tables for `copies`, each its squares in digit order (the first
    /// the lowest base-3 digit; at most 10 squares, so an index fits 16 bits).
    pub(super) fn new(copies: &[Vec<u8>]) -> RowIndex {
        assert!(
            copies.len() <= LANES,
            "{} pattern copies, {LANES} lanes",
            copies.len()
        );
        let mut rows = vec![[[0u16; LANES]; 256]; 8];
        for (lane, squares) in copies.iter().enumerate() {
            assert!(
                squares.len() <= 10,
                "a pattern of {} squares",
                squares.len()
            );
            for (k, &s) in squares.iter().enumerate() {
                let (row, bit) = (usize::from(s / 8), s % 8);
                let digit = 3u16.pow(k as u32);
                for (contents, shares) in rows[row].iter_mut().enumerate() {
                    if contents >> bit & 1 != 0 {
                        shares[lane] += digit;
                    }
                }
            }
        }
        RowIndex { rows }
    }

    /// Every copy's index for `p` (digit 1) against `o` (digit 2), in lane
    /// order; lanes past the copies hold 0.
    #[inline(always)]
    pub(super) fn indexes(&self, p: u64, o: u64) -> [u16; LANES] {
        let (mut tp, mut to) = ([0u16; LANES], [0u16; LANES]);
        for (r, row) in self.rows.iter().enumerate() {
            let (sp, so) = (
                &row[(p >> (8 * r)) as u8 as usize],
                &row[(o >> (8 * r)) as u8 as usize],
            );
            for lane in 0..LANES {
                tp[lane] += sp[lane];
                to[lane] += so[lane];
            }
        }
        // p and o share no square, so T(p) + 2·T(o) < 3^10 fits.
        for lane in 0..LANES {
            tp[lane] += 2 * to[lane];
        }
        tp
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::eval::patterns::instances;

    /// The index read square by square, as the digits are defined.
    fn by_squares(squares: &[u8], p: u64, o: u64) -> u16 {
        squares.iter().rev().fold(0, |index, &s| {
            index * 3 + ((p >> s) & 1) as u16 + 2 * ((o >> s) & 1) as u16
        })
    }

    #[test]
    fn every_copy_reads_its_squares_on_random_boards() {
        let copies: Vec<Vec<u8>> = instances().into_iter().map(|i| i.squares).collect();
        let index = RowIndex::new(&copies);
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..5000 {
            // xorshift: boards of every density, p and o disjoint.
            let mut next = || {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                x
            };
            let (a, b, c) = (next(), next(), next());
            let (p, o) = (a & b, !a & c);
            let got = index.indexes(p, o);
            for (lane, squares) in copies.iter().enumerate() {
                assert_eq!(
                    got[lane],
                    by_squares(squares, p, o),
                    "copy {lane} {p:x} {o:x}"
                );
            }
            assert!(got[copies.len()..].iter().all(|&v| v == 0));
        }
        let full = index.indexes(0, !0);
        for (lane, squares) in copies.iter().enumerate() {
            assert_eq!(u32::from(full[lane]), 3u32.pow(squares.len() as u32) - 1);
        }
    }
}
