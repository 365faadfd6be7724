//! Moves and flips with two 64-bit lanes that shift by the same amount: the
//! board as it is, and the board upside down (rows reversed, a byte swap).
//! Upside down, the north, north-east and north-west directions become south,
//! south-east and south-west, so one left shift serves both halves of each of
//! those three lines. East and west stay scalar.
//!
//! This is the shape WebAssembly SIMD (`simd128`: `i64x2` shifts by one amount,
//! byte shuffles) runs fast; [`V2`] is those operations, emulated on plain
//! integers elsewhere so that the tests check the same code natively.

use super::{INNER, RAYS};

#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
mod v2 {
    use core::arch::wasm32::{
        i64x2_ne, i64x2_neg, i64x2_shl, i64x2_sub, i8x16, i8x16_swizzle, u64x2, u64x2_extract_lane,
        u64x2_splat, v128, v128_and, v128_andnot, v128_or,
    };

    /// Byte order that keeps the low lane and reverses the high lane's bytes.
    const SWAP_HIGH: v128 = i8x16(0, 1, 2, 3, 4, 5, 6, 7, 15, 14, 13, 12, 11, 10, 9, 8);

    /// Two 64-bit lanes.
    #[derive(Clone, Copy)]
    pub struct V2(v128);

    impl V2 {
        pub fn new(a: u64, b: u64) -> V2 {
            V2(u64x2(a, b))
        }
        /// `[x, x upside down]`.
        pub fn pair(x: u64) -> V2 {
            V2(i8x16_swizzle(u64x2_splat(x), SWAP_HIGH))
        }
        /// Both halves back on the board as it is, joined.
        pub fn unpair(self) -> u64 {
            let v = i8x16_swizzle(self.0, SWAP_HIGH);
            u64x2_extract_lane::<0>(v) | u64x2_extract_lane::<1>(v)
        }
        pub fn splat(x: u64) -> V2 {
            V2(u64x2_splat(x))
        }
        pub fn and(self, b: V2) -> V2 {
            V2(v128_and(self.0, b.0))
        }
        pub fn or(self, b: V2) -> V2 {
            V2(v128_or(self.0, b.0))
        }
        /// `self & !b`.
        pub fn and_not(self, b: V2) -> V2 {
            V2(v128_andnot(self.0, b.0))
        }
        pub fn shl(self, s: u32) -> V2 {
            V2(i64x2_shl(self.0, s))
        }
        /// The lowest set bit of each lane.
        pub fn lowest_bit(self) -> V2 {
            V2(v128_and(self.0, i64x2_neg(self.0)))
        }
        /// Each lane minus one.
        pub fn dec(self) -> V2 {
            V2(i64x2_sub(self.0, u64x2_splat(1)))
        }
        /// All ones in each lane that is not zero.
        pub fn nonzero(self) -> V2 {
            V2(i64x2_ne(self.0, u64x2_splat(0)))
        }
    }
}

#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
mod v2 {
    /// Two 64-bit lanes (the emulation used by native tests).
    #[derive(Clone, Copy)]
    pub struct V2([u64; 2]);

    impl V2 {
        pub fn new(a: u64, b: u64) -> V2 {
            V2([a, b])
        }
        pub fn pair(x: u64) -> V2 {
            V2([x, x.swap_bytes()])
        }
        pub fn unpair(self) -> u64 {
            self.0[0] | self.0[1].swap_bytes()
        }
        pub fn splat(x: u64) -> V2 {
            V2([x, x])
        }
        fn map(self, f: impl Fn(u64) -> u64) -> V2 {
            V2([f(self.0[0]), f(self.0[1])])
        }
        fn zip(self, b: V2, f: impl Fn(u64, u64) -> u64) -> V2 {
            V2([f(self.0[0], b.0[0]), f(self.0[1], b.0[1])])
        }
        pub fn and(self, b: V2) -> V2 {
            self.zip(b, |x, y| x & y)
        }
        pub fn or(self, b: V2) -> V2 {
            self.zip(b, |x, y| x | y)
        }
        pub fn and_not(self, b: V2) -> V2 {
            self.zip(b, |x, y| x & !y)
        }
        pub fn shl(self, s: u32) -> V2 {
            self.map(|x| x << s)
        }
        pub fn lowest_bit(self) -> V2 {
            self.map(|x| x & x.wrapping_neg())
        }
        pub fn dec(self) -> V2 {
            self.map(|x| x.wrapping_sub(1))
        }
        pub fn nonzero(self) -> V2 {
            self.map(|x| u64::from(x != 0).wrapping_neg())
        }
    }
}

use v2::V2;

/// Spreads `p` through runs of `m` by left shifts of `s`; the squares just
/// beyond each run.
#[inline(always)]
fn spread(p: V2, m: V2, s: u32) -> V2 {
    let mut f = m.and(p.shl(s));
    f = f.or(m.and(f.shl(s)));
    let pairs = m.and(m.shl(s));
    f = f.or(pairs.and(f.shl(2 * s)));
    f = f.or(pairs.and(f.shl(2 * s)));
    f.shl(s)
}

/// As [`super::moves`].
#[inline(always)]
pub fn moves(p: u64, o: u64) -> u64 {
    let pv = V2::pair(p);
    let ov = V2::pair(o);
    let inner = ov.and(V2::splat(INNER));
    let lines = spread(pv, ov, 8)
        .or(spread(pv, inner, 7))
        .or(spread(pv, inner, 9))
        .unpair();
    let m = o & INNER;
    let mut east = m & (p << 1);
    east |= m & (east << 1);
    let pairs = m & (m << 1);
    east |= pairs & (east << 2);
    east |= pairs & (east << 2);
    let mut west = m & (p >> 1);
    west |= m & (west >> 1);
    let pairs = m & (m >> 1);
    west |= pairs & (west >> 2);
    west |= pairs & (west >> 2);
    (lines | (east << 1) | (west >> 1)) & !(p | o)
}

/// For each square: the south, south-west and south-east rays of the square
/// and of its upside-down twin, as lane pairs; then the east and west rays.
struct PairRays {
    lines: [(u64, u64); 3],
    east: u64,
    west: u64,
}

static PAIR_RAYS: [PairRays; 64] = build_pair_rays();

const fn build_pair_rays() -> [PairRays; 64] {
    const NONE: PairRays = PairRays {
        lines: [(0, 0); 3],
        east: 0,
        west: 0,
    };
    let mut out = [NONE; 64];
    let mut sq = 0;
    while sq < 64 {
        let twin = sq ^ 56;
        out[sq] = PairRays {
            // Lanes 1–3 of RAYS: south, south-west, south-east.
            lines: [
                (RAYS[sq][0][1], RAYS[twin][0][1]),
                (RAYS[sq][0][2], RAYS[twin][0][2]),
                (RAYS[sq][0][3], RAYS[twin][0][3]),
            ],
            east: RAYS[sq][0][0],
            west: RAYS[sq][1][0],
        };
        sq += 1;
    }
    out
}

/// The flips along rays that run towards higher indices: the first square not
/// of `o` must be of `p`.
#[inline(always)]
fn ray_flips(ray: V2, p: V2, o: V2) -> V2 {
    let first = ray.and_not(o).lowest_bit();
    let closed = first.and(p).nonzero();
    ray.and(first.dec()).and(closed)
}

/// As [`super::flips`].
#[inline(always)]
pub fn flips(p: u64, o: u64, sq: usize) -> u64 {
    let rays = &PAIR_RAYS[sq];
    let pv = V2::pair(p);
    let ov = V2::pair(o);
    let [a, b, c] = rays.lines;
    let lines = ray_flips(V2::new(a.0, a.1), pv, ov)
        .or(ray_flips(V2::new(b.0, b.1), pv, ov))
        .or(ray_flips(V2::new(c.0, c.1), pv, ov))
        .unpair();
    let stop = rays.east & !o;
    let first = stop & stop.wrapping_neg();
    let east = rays.east & first.wrapping_sub(1) & u64::from(first & p != 0).wrapping_neg();
    // West: the highest stop. Bit 0 stands in when there is none: it is on the
    // west rays of row 1 only, where a1 is a real square of the ray, and an
    // opponent disc there closes nothing.
    let stop = (rays.west & !o) | 1;
    let first = 1u64 << (63 - stop.leading_zeros());
    let closed = u64::from(first & p & rays.west != 0).wrapping_neg();
    let west = rays.west & !((first << 1).wrapping_sub(1)) & closed;
    lines | east | west
}
