//! Move ordering: each legal move's key (the hash move first, then a
//! shallow look), and the order an inner node takes them in.

use super::Engine;
use crate::board::movegen::{flips, moves};

/// Value of each square for cheap ordering at shallow depths.
const SQUARE_ORDER: [i32; 64] = {
    const ROW: [[i32; 8]; 4] = [
        [18, 4, 16, 12, 12, 16, 4, 18],
        [4, 2, 6, 8, 8, 6, 2, 4],
        [16, 6, 14, 10, 10, 14, 6, 16],
        [12, 8, 10, 0, 0, 10, 8, 12],
    ];
    let mut t = [0; 64];
    let mut s = 0;
    while s < 64 {
        let r = s / 8;
        let r = if r < 4 { r } else { 7 - r };
        t[s] = ROW[r][s % 8];
        s += 1;
    }
    t
};

/// A legal move with its flips and its order key (lower first).
#[derive(Clone, Copy, Default)]
pub(super) struct Candidate {
    pub(super) sq: u8,
    pub(super) flipped: u64,
    pub(super) key: i32,
}

impl Engine {
    /// The moves of `p` with order keys (lower first), in square order: the
    /// hash move, then by a shallow look (`look` = 1: the opponent's
    /// evaluation after the move; 0: the opponent's mobility and a square
    /// table). Unsorted: the root sorts them, an inner node takes them one at
    /// a time ([`take_next`]), as most fail high after a move or two.
    pub(super) fn candidates(
        &self,
        p: u64,
        o: u64,
        hash_move: u8,
        look: u32,
        list: &mut [Candidate; 32],
    ) -> usize {
        let mut rest = moves(p, o);
        let mut count = 0;
        while rest != 0 {
            let sq = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let f = flips(p, o, sq);
            let key = if sq as u8 == hash_move {
                -1_000_000
            } else {
                let np = o ^ f;
                let no = p | f | (1u64 << sq);
                if look > 0 {
                    self.eval.evaluate(np, no)
                } else {
                    let replies = moves(np, no);
                    (replies.count_ones() + (replies & 0x8100_0000_0000_0081).count_ones()) as i32
                        * 16
                        - SQUARE_ORDER[sq]
                }
            };
            list[count] = Candidate {
                sq: sq as u8,
                flipped: f,
                key,
            };
            count += 1;
        }
        count
    }
}

/// Moves the candidate that a stable sort by key would put first (the
/// lowest key, ties to the lowest square, as [`Engine::candidates`] lists
/// them in square order) to the front of `rest` and returns it: the order a
/// sort gives, without sorting the moves a cutoff never reaches.
pub(super) fn take_next(rest: &mut [Candidate]) -> Candidate {
    let mut best = 0;
    for (j, c) in rest.iter().enumerate().skip(1) {
        let b = &rest[best];
        if (c.key, c.sq) < (b.key, b.sq) {
            best = j;
        }
    }
    rest.swap(0, best);
    rest[0]
}
