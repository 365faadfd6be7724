//! The hot path: legal moves and flips on raw `u64` masks, by shifts.
//!
//! `p` is the mover's discs, `o` the opponent's. These functions do no checks
//! beyond what their names say; [`Position`](crate::Position) wraps them with
//! validation.

/// Squares whose opponent discs may be part of a horizontal or diagonal run:
/// a run never wraps from column h to column a.
const INNER: u64 = 0x7e7e_7e7e_7e7e_7e7e;

/// Spreads `p` through the run of `m` in the direction `+shift` (towards higher
/// indices), returning the squares one step beyond each run.
#[inline(always)]
fn spread_up(p: u64, m: u64, shift: u32) -> u64 {
    let mut f = m & (p << shift);
    let pm = m & (m << shift);
    f |= pm & (f << shift);
    f |= pm & (f << shift);
    let pm2 = pm & (pm << (2 * shift));
    f |= pm2 & (f << (2 * shift));
    f |= pm & (f << shift);
    f << shift
}

/// As [`spread_up`], towards lower indices.
#[inline(always)]
fn spread_down(p: u64, m: u64, shift: u32) -> u64 {
    let mut f = m & (p >> shift);
    let pm = m & (m >> shift);
    f |= pm & (f >> shift);
    f |= pm & (f >> shift);
    let pm2 = pm & (pm >> (2 * shift));
    f |= pm2 & (f >> (2 * shift));
    f |= pm & (f >> shift);
    f >> shift
}

/// Every empty square where the mover (`p`) may play against `o` (T3).
#[inline]
pub fn moves(p: u64, o: u64) -> u64 {
    let inner = o & INNER;
    let m = spread_up(p, inner, 1)
        | spread_down(p, inner, 1)
        | spread_up(p, o, 8)
        | spread_down(p, o, 8)
        | spread_up(p, inner, 7)
        | spread_down(p, inner, 7)
        | spread_up(p, inner, 9)
        | spread_down(p, inner, 9);
    m & !(p | o)
}

/// The eight rays from each square: `RAYS[d][sq]` holds the squares from `sq`
/// (exclusive) to the edge in direction `d`. Directions 0–3 go towards higher
/// indices (E, SW, S, SE), 4–7 towards lower ones (W, NE, N, NW).
static RAYS: [[u64; 64]; 8] = build_rays();

const fn build_rays() -> [[u64; 64]; 8] {
    // (column step, row step)
    const DIRS: [(i32, i32); 8] = [
        (1, 0),
        (-1, 1),
        (0, 1),
        (1, 1),
        (-1, 0),
        (1, -1),
        (0, -1),
        (-1, -1),
    ];
    let mut rays = [[0u64; 64]; 8];
    let mut d = 0;
    while d < 8 {
        let mut sq = 0;
        while sq < 64 {
            let mut c = (sq % 8) as i32 + DIRS[d].0;
            let mut r = (sq / 8) as i32 + DIRS[d].1;
            let mut ray = 0u64;
            while c >= 0 && c < 8 && r >= 0 && r < 8 {
                ray |= 1u64 << (r * 8 + c);
                c += DIRS[d].0;
                r += DIRS[d].1;
            }
            rays[d][sq] = ray;
            sq += 1;
        }
        d += 1;
    }
    rays
}

/// The discs of `o` that a disc placed by `p` on square index `sq` would flip
/// (T4). Zero when the move closes no line. `sq` must be below 64 and should
/// be empty.
#[inline]
pub fn flips(p: u64, o: u64, sq: usize) -> u64 {
    let mut flipped = 0;
    let not_o = !o;
    // Towards higher indices: the first square that is not an opponent disc is
    // the lowest set bit of `ray & !o`; it must be the mover's.
    for rays in &RAYS[0..4] {
        let ray = rays[sq];
        let stop = ray & not_o;
        let first = stop & stop.wrapping_neg();
        if first & p != 0 {
            flipped |= ray & (first - 1);
        }
    }
    // Towards lower indices: the highest set bit.
    for rays in &RAYS[4..8] {
        let ray = rays[sq];
        let stop = ray & not_o;
        if stop != 0 {
            let first = 1u64 << (63 - stop.leading_zeros());
            if first & p != 0 {
                flipped |= ray & !((first << 1).wrapping_sub(1));
            }
        }
    }
    flipped
}

/// Counts the leaves `depth` plies below the position where `p` is to move
/// (perft). A pass uses one ply and a finished game is one leaf, the convention
/// of Aart Bik's "Perft for Reversi" (2009). The last ply is counted in bulk.
pub fn perft(p: u64, o: u64, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let m = moves(p, o);
    if m == 0 {
        return if moves(o, p) == 0 {
            1
        } else {
            perft(o, p, depth - 1)
        };
    }
    if depth == 1 {
        return u64::from(m.count_ones());
    }
    let mut total = 0;
    let mut rest = m;
    while rest != 0 {
        let sq = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let f = flips(p, o, sq);
        total += perft(o ^ f, p | f | (1u64 << sq), depth - 1);
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One square at a time, one direction at a time: the rule as written.
    fn slow_flips(p: u64, o: u64, sq: usize) -> u64 {
        let (c0, r0) = ((sq % 8) as i32, (sq / 8) as i32);
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
            let (mut c, mut r, mut run) = (c0 + dc, r0 + dr, 0u64);
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

    fn slow_moves(p: u64, o: u64) -> u64 {
        (0..64)
            .filter(|&sq| (p | o) & (1 << sq) == 0 && slow_flips(p, o, sq) != 0)
            .fold(0, |acc, sq| acc | 1 << sq)
    }

    /// A small deterministic generator (xorshift), for test positions only.
    fn xorshift(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    #[test]
    fn fast_generator_agrees_with_slow_one_on_random_positions() {
        let mut state = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..20_000 {
            let occupied = xorshift(&mut state) | xorshift(&mut state);
            let p = occupied & xorshift(&mut state);
            let o = occupied & !p;
            assert_eq!(moves(p, o), slow_moves(p, o), "p={p:#x} o={o:#x}");
            for sq in 0..64 {
                if (p | o) & (1 << sq) == 0 {
                    assert_eq!(flips(p, o, sq), slow_flips(p, o, sq), "sq={sq}");
                }
            }
        }
    }
}
