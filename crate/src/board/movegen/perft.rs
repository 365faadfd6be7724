//! Perft: the leaves below a position, for testing the move generator and
//! measuring its speed.

use super::{flips, moves};

/// Defines a perft recursion named `$name` with the attributes given, so that
/// the same body can be compiled for more than one instruction set.
macro_rules! perft_body {
    ($(#[$attr:meta])* $name:ident) => {
        $(#[$attr])*
        fn $name(p: u64, o: u64, depth: u32) -> u64 {
            let m = moves(p, o);
            if m == 0 {
                // A pass, or the end of the game: either way one leaf at depth 1.
                if depth == 1 || moves(o, p) == 0 {
                    return 1;
                }
                return $name(o, p, depth - 1);
            }
            if depth == 1 {
                return u64::from(m.count_ones());
            }
            let mut total = 0;
            let mut rest = m;
            if depth == 2 {
                while rest != 0 {
                    let sq = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    let f = flips(p, o, sq);
                    let replies = moves(o ^ f, p | f | (1u64 << sq)).count_ones();
                    total += u64::from(replies.max(1));
                }
                return total;
            }
            while rest != 0 {
                let sq = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let f = flips(p, o, sq);
                total += $name(o ^ f, p | f | (1u64 << sq), depth - 1);
            }
            total
        }
    };
}

perft_body!(
    /// The recursion as compiled for the build's target.
    perft_portable
);

/// Counts the leaves `depth` plies below the position where `p` is to move
/// (perft). A pass uses one ply and a finished game is one leaf, the convention
/// of Aart Bik's "Perft for Reversi" (2009).
///
/// The last two plies are counted in bulk: one ply above the leaves, each
/// move's leaves are the number of replies (or one, when the reply is a pass
/// or the game ends), so no position at the last ply is ever made.
///
/// A portable x86-64 build checks the CPU once a call and runs an AVX2
/// compilation of the same recursion when the CPU has it.
pub fn perft(p: u64, o: u64, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    #[cfg(all(target_arch = "x86_64", not(target_feature = "avx2")))]
    if let Some(n) = avx2::perft(p, o, depth) {
        return n;
    }
    perft_portable(p, o, depth)
}

/// Whether [`perft`] runs its AVX2 compilation on this CPU (always false
/// off x86-64 and when the whole build already targets AVX2).
pub fn perft_uses_runtime_avx2() -> bool {
    #[cfg(all(target_arch = "x86_64", not(target_feature = "avx2")))]
    return avx2::detected();
    #[cfg(not(all(target_arch = "x86_64", not(target_feature = "avx2"))))]
    false
}

/// Whether the CPU has every feature of x86-64-v3 that the run-time
/// compilations (perft's, the endgame solver's) are built for: AVX2, BMI1,
/// BMI2, LZCNT and POPCNT.
#[cfg(all(target_arch = "x86_64", not(target_feature = "avx2")))]
pub(crate) fn x86_64_v3_detected() -> bool {
    std::is_x86_feature_detected!("avx2")
        && std::is_x86_feature_detected!("bmi1")
        && std::is_x86_feature_detected!("bmi2")
        && std::is_x86_feature_detected!("lzcnt")
        && std::is_x86_feature_detected!("popcnt")
}

#[cfg(all(target_arch = "x86_64", not(target_feature = "avx2")))]
mod avx2 {
    use super::{flips, moves};

    perft_body!(
        /// The recursion compiled for AVX2 and the bit instructions of x86-64-v3.
        #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
        perft_avx2
    );

    /// Whether the CPU has every feature `perft_avx2` is compiled for.
    pub fn detected() -> bool {
        super::x86_64_v3_detected()
    }

    /// The AVX2 count, or `None` when the CPU lacks a feature it needs.
    pub fn perft(p: u64, o: u64, depth: u32) -> Option<u64> {
        if !detected() {
            return None;
        }
        // SAFETY: `perft_avx2` needs exactly the CPU features checked just
        // above; it reads and writes nothing but its arguments.
        #[allow(unsafe_code)]
        let n = unsafe { perft_avx2(p, o, depth) };
        Some(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_compilation_counts_the_same() {
        // The start, and positions from a fixed line of play with a pass.
        let start = (0x0000_0008_1000_0000, 0x0000_0010_0800_0000);
        let mut positions = vec![start];
        let (mut p, mut o) = start;
        for _ in 0..30 {
            let m = moves(p, o);
            if m == 0 {
                (p, o) = (o, p);
                continue;
            }
            let sq = (63 - m.leading_zeros()) as usize;
            let f = flips(p, o, sq);
            (p, o) = (o ^ f, p | f | (1 << sq));
            positions.push((p, o));
        }
        for (p, o) in positions {
            for depth in 1..=6 {
                assert_eq!(perft(p, o, depth), perft_portable(p, o, depth));
            }
        }
        assert_eq!(perft_portable(start.0, start.1, 8), 390_216);
    }
}
