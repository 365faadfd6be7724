//! ProbCut's depths and bounds (Buro): a shallow null-window search whose
//! score, mapped by a fit of the deep score on the shallow one, is beyond
//! the window by `PROBCUT_T` standard deviations decides without the deep
//! search. The fit, per deep depth and stage, is `probcut.rs`'s table, made
//! by `virada bench --probcut-fit`.

use super::fit::{Fit, PROBCUT_BUCKETS};
use super::probcut::FIT;

/// The shallowest remaining depth ProbCut tries at.
pub(super) const PROBCUT_MIN_DEPTH: u32 = 6;

/// The deep depths the table fits (deeper searches use the last).
pub const PROBCUT_FIT_DEPTHS: std::ops::RangeInclusive<u32> = 6..=12;

/// How many standard deviations the mapped shallow score must pass by.
const PROBCUT_T: (i32, i32) = (3, 2);

/// Whether an engine uses the fitted table unless told otherwise
/// ([`Engine::set_probcut_fit`](super::Engine::set_probcut_fit)). Off:
/// refit on the trained evaluation it scored 49.9 % against the single
/// margin by empties over 400 games (level 10 on 100,000 nodes; on the
/// hand-set stages before, 52 % against the margin's 57 %;
/// docs/engine-figures.md). Refit and measure again when the evaluation
/// changes.
pub(super) const FITTED: bool = false;

/// The stage bucket of `empties`.
pub fn probcut_bucket(empties: u32) -> usize {
    (5 - (empties / 10).min(5) as usize).min(PROBCUT_BUCKETS - 1)
}

/// The depth of ProbCut's shallow search for a `depth`-ply one: about half,
/// of the same parity (the evaluation leans with the side to move).
pub fn probcut_depth(depth: u32) -> u32 {
    let half = depth / 2;
    if half % 2 == depth % 2 {
        half
    } else {
        half - 1
    }
}

/// The fit for a `depth`-ply search at `empties`: the table's, or where it
/// saw too few positions the former one margin by empties (1.1 discs in the
/// opening to 5 near the end, slope 1).
fn fit(depth: u32, empties: u32, fitted: bool) -> Fit {
    let row = depth.clamp(*PROBCUT_FIT_DEPTHS.start(), *PROBCUT_FIT_DEPTHS.end())
        - PROBCUT_FIT_DEPTHS.start();
    let f = FIT[row as usize][probcut_bucket(empties)];
    if fitted && f.n >= 20 && f.slope >= 512 {
        f
    } else {
        Fit {
            n: 0,
            slope: 1024,
            offset: 0,
            sigma: (110 + 12 * (50 - empties as i32)).clamp(100, 500),
        }
    }
}

/// The shallow scores that decide a `depth`-ply search at `empties` in
/// (`alpha`, `beta`): at or above the first it fails high, at or below the
/// second low; from the fitted table if `fitted`, else the single margin.
pub(super) fn probcut_bounds(
    depth: u32,
    empties: u32,
    alpha: i32,
    beta: i32,
    fitted: bool,
) -> (i32, i32) {
    bounds(fit(depth, empties, fitted), alpha, beta)
}

fn bounds(f: Fit, alpha: i32, beta: i32) -> (i32, i32) {
    let margin = f.sigma * PROBCUT_T.0 / PROBCUT_T.1;
    let high = ((beta + margin - f.offset) * 1024 + f.slope - 1).div_euclid(f.slope);
    let low = ((alpha - margin - f.offset) * 1024).div_euclid(f.slope);
    (high, low)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stages_run_from_the_opening_to_the_end() {
        let buckets: Vec<usize> = [60, 50, 49, 40, 39, 30, 29, 20, 19, 0]
            .iter()
            .map(|&e| probcut_bucket(e))
            .collect();
        assert_eq!(buckets, [0, 0, 1, 1, 2, 2, 3, 3, 4, 4]);
    }

    #[test]
    fn a_shallow_score_at_a_bound_maps_beyond_the_window_by_the_margin() {
        for depth in PROBCUT_MIN_DEPTH..=16 {
            for empties in 14..=60 {
                for fitted in [false, true] {
                    let f = fit(depth, empties, fitted);
                    assert!(f.slope >= 512 && f.sigma > 0, "{depth} {empties}");
                    let margin = f.sigma * PROBCUT_T.0 / PROBCUT_T.1;
                    for (alpha, beta) in [(-300, -299), (-50, 120), (0, 1), (1000, 1400)] {
                        let (high, low) = bounds(f, alpha, beta);
                        // In 1/1024: the mapped bound passes the window by the
                        // margin, one shallow point less does not.
                        let (up, down) = (
                            (beta + margin - f.offset) * 1024,
                            (alpha - margin - f.offset) * 1024,
                        );
                        assert!(high * f.slope >= up && (high - 1) * f.slope < up);
                        assert!(low * f.slope <= down && (low + 1) * f.slope > down);
                    }
                }
            }
        }
    }
}
