//! The hot path: legal moves and flips on raw `u64` masks, by shifts.
//!
//! `p` is the mover's discs, `o` the opponent's. These functions do no checks
//! beyond what their names say; [`Position`](crate::Position) wraps them with
//! validation.
//!
//! The eight directions are handled as two groups of four lanes (`[u64; 4]`
//! arrays with one shift amount a lane), written so that the compiler turns
//! each group into one 256-bit vector operation when AVX2 is available
//! (`-C target-cpu=x86-64-v3`); without it the same code runs as plain 64-bit
//! operations. WebAssembly built with SIMD (`-C target-feature=+simd128`)
//! uses [`paired`](self) lanes instead: see `movegen/paired.rs`.

#[cfg(any(test, all(target_arch = "wasm32", target_feature = "simd128")))]
mod paired;
mod perft;

#[cfg(all(target_arch = "x86_64", not(target_feature = "avx2")))]
pub(crate) use perft::x86_64_v3_detected;
pub use perft::{perft, perft_uses_runtime_avx2};

/// Squares whose opponent discs may be part of a horizontal or diagonal run:
/// a run never wraps from column h to column a.
const INNER: u64 = 0x7e7e_7e7e_7e7e_7e7e;

/// The shift of one step in each lane: east/west, south/north, and the two
/// diagonals (towards higher indices `<<`, towards lower ones `>>`).
const SHIFTS: [u32; 4] = [1, 8, 7, 9];

/// The opponent discs that may be inside a run in each lane.
const LANE_MASKS: [u64; 4] = [INNER, !0, INNER, INNER];

/// Every empty square where the mover (`p`) may play against `o` (T3).
///
/// Each lane spreads the mover's discs through runs of opponent discs, one,
/// two, then four steps at a time (a run is at most six discs long), and the
/// square just beyond a run is a move if it is empty.
#[inline(always)]
pub fn moves(p: u64, o: u64) -> u64 {
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    return paired::moves(p, o);
    #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
    moves_lanes(p, o)
}

#[cfg_attr(
    all(target_arch = "wasm32", target_feature = "simd128"),
    allow(dead_code)
)]
#[inline(always)]
fn moves_lanes(p: u64, o: u64) -> u64 {
    let mut up = [0u64; 4];
    let mut down = [0u64; 4];
    for lane in 0..4 {
        let m = o & LANE_MASKS[lane];
        let s = SHIFTS[lane];
        let mut f = m & (p << s);
        f |= m & (f << s);
        let pairs = m & (m << s);
        f |= pairs & (f << (2 * s));
        f |= pairs & (f << (2 * s));
        up[lane] = f << s;
        let mut g = m & (p >> s);
        g |= m & (g >> s);
        let pairs = m & (m >> s);
        g |= pairs & (g >> (2 * s));
        g |= pairs & (g >> (2 * s));
        down[lane] = g >> s;
    }
    let mut all = 0;
    for lane in 0..4 {
        all |= up[lane] | down[lane];
    }
    all & !(p | o)
}

/// `RAYS[sq][0][lane]` holds the squares from `sq` (exclusive) to the edge
/// towards higher indices in that lane's direction; `RAYS[sq][1][lane]`
/// towards lower indices.
static RAYS: [[[u64; 4]; 2]; 64] = build_rays();

const fn build_rays() -> [[[u64; 4]; 2]; 64] {
    // (column step, row step) towards higher indices, lane by lane as SHIFTS:
    // east (+1), south (+8), south-west (+7), south-east (+9).
    const STEPS: [(i32, i32); 4] = [(1, 0), (0, 1), (-1, 1), (1, 1)];
    let mut rays = [[[0u64; 4]; 2]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut lane = 0;
        while lane < 4 {
            let mut half = 0;
            while half < 2 {
                let sign = if half == 0 { 1 } else { -1 };
                let (dc, dr) = (STEPS[lane].0 * sign, STEPS[lane].1 * sign);
                let mut c = (sq % 8) as i32 + dc;
                let mut r = (sq / 8) as i32 + dr;
                let mut ray = 0u64;
                while c >= 0 && c < 8 && r >= 0 && r < 8 {
                    ray |= 1u64 << (r * 8 + c);
                    c += dc;
                    r += dr;
                }
                rays[sq][half][lane] = ray;
                half += 1;
            }
            lane += 1;
        }
        sq += 1;
    }
    rays
}

/// The discs of `o` that a disc placed by `p` on square index `sq` would flip
/// (T4). Zero when the move closes no line. `sq` must be below 64 and should
/// be empty.
///
/// On each ray from `sq` the first square that is not an opponent disc (the
/// "stop") must be the mover's; the opponent discs before it flip. Towards
/// higher indices the stop is the lowest set bit of `ray & !o`; towards lower
/// indices it is the highest, found by smearing the stops down the ray.
#[inline(always)]
pub fn flips(p: u64, o: u64, sq: usize) -> u64 {
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    return paired::flips(p, o, sq);
    #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
    flips_lanes(p, o, sq)
}

#[cfg_attr(
    all(target_arch = "wasm32", target_feature = "simd128"),
    allow(dead_code)
)]
#[inline(always)]
fn flips_lanes(p: u64, o: u64, sq: usize) -> u64 {
    let rays = &RAYS[sq];
    let mut up = [0u64; 4];
    let mut down = [0u64; 4];
    for lane in 0..4 {
        let ray = rays[0][lane];
        let stop = ray & !o;
        let first = stop & stop.wrapping_neg();
        let closed = u64::from(first & p != 0).wrapping_neg();
        up[lane] = ray & first.wrapping_sub(1) & closed;
    }
    for lane in 0..4 {
        let ray = rays[1][lane];
        let s = SHIFTS[lane];
        let stop = ray & !o;
        // Every ray square from the nearest stop outwards.
        let mut beyond = stop | (stop >> s);
        beyond |= beyond >> (2 * s);
        beyond |= beyond >> (4 * s);
        let first = beyond & !(beyond >> s);
        let closed = u64::from(first & p != 0).wrapping_neg();
        down[lane] = ray & !beyond & closed;
    }
    let mut all = 0;
    for lane in 0..4 {
        all |= up[lane] | down[lane];
    }
    all
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
            let expected = slow_moves(p, o);
            assert_eq!(moves_lanes(p, o), expected, "p={p:#x} o={o:#x}");
            assert_eq!(paired::moves(p, o), expected, "p={p:#x} o={o:#x}");
            for sq in 0..64 {
                if (p | o) & (1 << sq) == 0 {
                    let expected = slow_flips(p, o, sq);
                    assert_eq!(flips_lanes(p, o, sq), expected, "sq={sq}");
                    assert_eq!(paired::flips(p, o, sq), expected, "sq={sq}");
                }
            }
        }
    }
}
