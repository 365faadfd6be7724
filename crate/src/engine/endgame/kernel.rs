//! The solver's recursion compiled once per instruction set, chosen at run
//! time, as [`perft`](crate::board::movegen::perft) is.
//!
//! A portable x86-64 build may use nothing past SSE2: no `popcnt`, so every
//! disc count, mobility and stability count is a dozen instructions, and the
//! evaluation's pattern indexes add up in 128-bit vectors. On a CPU with
//! x86-64-v3 (AVX2 and the bit instructions) the same recursion runs in about
//! 0.7 of the time (docs/engine-figures.md, *Endgame solver*).
//!
//! The recursion's cycle points (the deep and shallow layers, the last two,
//! three and four empties, the ordering's negamax) are the methods of
//! [`Kernel`]; every function between them is `#[inline(always)]` and generic
//! over the kernel, so each cycle point is one compiled function holding its
//! layer whole, for the kernel's instruction set. The searches themselves are
//! [`Solver`]'s methods, written once.

use super::Solver;
use crate::engine::eval::Eval;

/// Defines [`Kernel`], a method for each cycle point with its body written
/// once (`$k` the kernel), and each kernel's compilation of it.
macro_rules! cycle_points {
    ($(
        $(#[$doc:meta])*
        fn $name:ident($k:ident, $($arg:ident: $ty:ty),*) = $body:expr;
    )*) => {
        /// An instruction set the solver's recursion is compiled for. A
        /// kernel value is the proof that the CPU has it: calls go through it.
        #[allow(clippy::too_many_arguments)]
        pub(super) trait Kernel: Copy {
            $($(#[$doc])* fn $name(self, $($arg: $ty),*) -> i32;)*
        }

        #[allow(clippy::too_many_arguments)]
        impl Kernel for Portable {
            $(fn $name(self, $($arg: $ty),*) -> i32 {
                let $k = self;
                $body
            })*
        }

        #[cfg(all(target_arch = "x86_64", not(target_feature = "avx2")))]
        #[allow(clippy::too_many_arguments)]
        impl Kernel for avx2::Avx2 {
            $(#[inline(always)]
            fn $name(self, $($arg: $ty),*) -> i32 {
                // SAFETY: the function needs exactly the features that
                // `Avx2::detect` found before making `self`; it reads and
                // writes nothing but its arguments.
                #[allow(unsafe_code)]
                unsafe { avx2_compiled::$name(self, $($arg),*) }
            })*
        }

        /// The recursion compiled for AVX2 and the bit instructions of
        /// x86-64-v3: each cycle point one `#[target_feature]` function.
        #[cfg(all(target_arch = "x86_64", not(target_feature = "avx2")))]
        #[allow(clippy::too_many_arguments)]
        mod avx2_compiled {
            use super::*;
            $(#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
            pub(super) fn $name($k: avx2::Avx2, $($arg: $ty),*) -> i32 {
                $body
            })*
        }
    };
}

cycle_points! {
    /// [`Solver::deep`]: the layer with the table.
    fn deep(k, s: &mut Solver<'_>, p: u64, o: u64, a: i32, b: i32, n: u32, passed: bool) =
        s.deep(k, p, o, a, b, n, passed);
    /// [`Solver::shallow`]: alpha-beta without a table.
    fn shallow(k, s: &mut Solver<'_>, p: u64, o: u64, a: i32, b: i32, n: u32, passed: bool) =
        s.shallow(k, p, o, a, b, n, passed);
    /// [`Solver::last2`]: two empties.
    fn last2(k, s: &mut Solver<'_>, p: u64, o: u64, a: i32, b: i32, x: [usize; 2], passed: bool) =
        s.last2(k, p, o, a, b, x, passed);
    /// [`Solver::last3`]: three empties.
    fn last3(k, s: &mut Solver<'_>, p: u64, o: u64, a: i32, b: i32, x: [usize; 3], passed: bool) =
        s.last3(k, p, o, a, b, x, passed);
    /// [`Solver::last4_with`]: four empties in a given order.
    fn last4(k, s: &mut Solver<'_>, p: u64, o: u64, a: i32, b: i32, x: [usize; 4], passed: bool) =
        s.last4_with(k, p, o, a, b, x, passed);
    /// [`Solver::negamax`] on the evaluation, for the ordering and the probable cuts.
    fn negamax(k, e: &Eval, p: u64, o: u64, a: i32, b: i32, depth: u32, budget: &mut u64) =
        Solver::negamax(k, e, p, o, a, b, depth, budget);
}

/// The build's own target: every CPU the build runs on.
#[derive(Clone, Copy, Debug)]
pub(super) struct Portable;

#[cfg(all(target_arch = "x86_64", not(target_feature = "avx2")))]
pub(super) use avx2::Avx2 as Fast;
/// The build already targets the best instruction set it knows of.
#[cfg(not(all(target_arch = "x86_64", not(target_feature = "avx2"))))]
pub(super) type Fast = Portable;

/// The faster kernel when this CPU has it; `None` runs [`Portable`]. Cheap:
/// the CPU is asked once a process.
#[inline]
pub(super) fn fast() -> Option<Fast> {
    #[cfg(all(target_arch = "x86_64", not(target_feature = "avx2")))]
    return avx2::Avx2::detect();
    #[cfg(not(all(target_arch = "x86_64", not(target_feature = "avx2"))))]
    None
}

/// Evaluates `$body` with `$k` the fastest [`Kernel`] this CPU has (the body
/// is compiled once per kernel).
macro_rules! with_kernel {
    (|$k:ident| $body:expr) => {
        match $crate::engine::endgame::kernel::fast() {
            Some($k) => $body,
            None => {
                let $k = $crate::engine::endgame::kernel::Portable;
                $body
            }
        }
    };
}
pub(super) use with_kernel;

/// Whether the solver runs its AVX2 compilation on this CPU (false off
/// x86-64 and when the whole build already targets AVX2).
pub fn solver_uses_runtime_avx2() -> bool {
    fast().is_some()
}

#[cfg(all(target_arch = "x86_64", not(target_feature = "avx2")))]
mod avx2 {
    /// The x86-64-v3 kernel; made only by [`Avx2::detect`].
    #[derive(Clone, Copy, Debug)]
    pub struct Avx2(());

    impl Avx2 {
        /// The kernel, when the CPU has every feature it is compiled for.
        pub fn detect() -> Option<Avx2> {
            crate::board::movegen::x86_64_v3_detected().then_some(Avx2(()))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::budget::Budget;
    use crate::engine::endgame::table::{EndTable, EXACT};
    use crate::engine::eval::Eval;

    /// FFO #40–#45 (Fabrice's Othello Forum, tests/data), 20–24 empties
    /// with five more moves played (the lowest square each), so that each
    /// solve is quick and still passes through every layer.
    fn positions() -> Vec<(u64, u64)> {
        let text = include_str!("../../../../tests/data/fforum-40-49.obf");
        let list = crate::parse_obf_text(text).expect("the FFO file reads");
        list.iter()
            .take(6)
            .map(|obf| {
                let mut pos = obf.position;
                for _ in 0..5 {
                    if let Some(sq) = pos.legal_moves().first() {
                        pos = pos.play_move(crate::Move::Play(sq)).expect("legal");
                    }
                }
                (pos.player().0, pos.opponent().0)
            })
            .collect()
    }

    /// The score and the positions visited by one search with kernel `k`,
    /// at the selective `level` or exactly, from an empty table.
    fn searched<K: Kernel>(k: K, (p, o): (u64, u64), level: u8) -> (i32, u8, u64) {
        let mut table = EndTable::with_bytes(4 << 20);
        let mut solver = Solver::new(&mut table, Budget::unlimited());
        solver.level = level;
        let (score, best) = solver.root(k, p, o, -64, 64);
        (score, best, solver.nodes)
    }

    #[test]
    fn every_compilation_solves_alike_node_for_node() {
        let Some(fast) = fast() else {
            eprintln!("this CPU runs only the portable compilation: nothing to compare");
            return;
        };
        for position in positions() {
            for level in [0, EXACT] {
                let portable = searched(Portable, position, level);
                assert_eq!(
                    searched(fast, position, level),
                    portable,
                    "{position:?} {level}"
                );
            }
            let (p, o) = position;
            for depth in 1..=5 {
                let (mut a, mut b) = (u64::MAX, u64::MAX);
                let eval = Eval::shared();
                let inf = 1 << 20; // wider than any evaluation
                assert_eq!(
                    fast.negamax(eval, p, o, -inf, inf, depth, &mut a),
                    Portable.negamax(eval, p, o, -inf, inf, depth, &mut b)
                );
                assert_eq!(a, b, "the same positions visited");
            }
        }
    }
}
