//! `virada bench --probcut-fit N FILE`: calibrates ProbCut on the current
//! evaluation. For N positions (after each of the first N XOT openings, 0 to
//! 40 moves of level 5 further, in turn), each deep depth D and its shallow
//! depth d, it searches the position to d and to D (full window, a cleared
//! engine each), then fits the deep score on the shallow one per stage
//! (empties bucket): deep ≈ a × shallow + b, with σ the standard deviation of
//! the rest. It writes the table as Rust source to FILE
//! (`crate/src/engine/search/probcut.rs`'s `FIT`).

use std::fmt::Write as _;
use virada::engine::search::{
    probcut_depth, Budget, Engine, Limits, PROBCUT_BUCKETS, PROBCUT_FIT_DEPTHS,
};

/// Runs the calibration and writes `out`.
pub fn section(count: usize, out: &std::path::Path) -> Result<(), String> {
    let depths = PROBCUT_FIT_DEPTHS;
    // Sums per (deep depth, bucket): n, Σx, Σy, Σxx, Σxy, Σyy.
    let rows = (depths.end() - depths.start() + 1) as usize;
    let mut sums = vec![[[0f64; 6]; PROBCUT_BUCKETS]; rows];
    let mut engine = Engine::new(16 << 20);
    let started = std::time::Instant::now();
    for (i, pos) in crate::bench::sample_positions(count, 6)?
        .into_iter()
        .enumerate()
    {
        let empties = pos.empty().count();
        let bucket = virada::engine::search::probcut_bucket(empties);
        for deep in depths.clone() {
            // Only midgame searches: the search solves the last 12 empties.
            if deep + 12 > empties {
                break;
            }
            let mut score = |depth: u32| {
                engine.clear();
                let limits = Limits {
                    depth,
                    exact_empties: 0,
                    wld_empties: 0,
                };
                f64::from(engine.search(&pos, &limits, Budget::unlimited()).score)
            };
            let x = score(probcut_depth(deep));
            let y = score(deep);
            let s = &mut sums[(deep - depths.start()) as usize][bucket];
            for (k, v) in [1.0, x, y, x * x, x * y, y * y].into_iter().enumerate() {
                s[k] += v;
            }
        }
        eprintln!(
            "{} positions, {:.0} s",
            i + 1,
            started.elapsed().as_secs_f64()
        );
    }
    let mut rust = String::new();
    let _ = writeln!(
        rust,
        "//! ProbCut's fit of the deep score on the shallow one, per deep depth\n\
         //! ({}..={}) and stage, on {count} positions. Made by `virada bench\n\
         //! --depth 1 --runs 1 --probcut-fit {count} crate/src/engine/search/probcut.rs`\n\
         //! (docs/engine.md); rerun it when the evaluation changes.\n\n\
         use super::fit::{{Fit, PROBCUT_BUCKETS}};\n",
        depths.start(),
        depths.end()
    );
    let _ = writeln!(
        rust,
        "pub(super) const FIT: [[Fit; PROBCUT_BUCKETS]; {rows}] = ["
    );
    for (r, row) in sums.iter().enumerate() {
        let deep = depths.start() + r as u32;
        let _ = writeln!(rust, "    // depth {deep} from {}", probcut_depth(deep));
        let _ = writeln!(rust, "    [");
        for s in row {
            let fit = fit(s);
            let _ = writeln!(
                rust,
                "        Fit {{\n            n: {},\n            slope: {},\n            offset: {},\n            sigma: {},\n        }},",
                s[0] as u32, fit.0, fit.1, fit.2
            );
            println!(
                "depth {deep:>2}/{} bucket: n {:>4} slope {:>5.3} offset {:>5} sigma {:>4}",
                probcut_depth(deep),
                s[0],
                f64::from(fit.0) / 1024.0,
                fit.1,
                fit.2
            );
        }
        let _ = writeln!(rust, "    ],");
    }
    let _ = writeln!(rust, "];");
    std::fs::write(out, rust).map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    println!("wrote {}", out.display());
    Ok(())
}

/// The least-squares fit of y on x from the sums: slope in 1/1024, offset
/// and the residual's standard deviation in evaluation units.
fn fit(s: &[f64; 6]) -> (i32, i32, i32) {
    let n = s[0];
    if n < 3.0 {
        return (1024, 0, 0);
    }
    let (mx, my) = (s[1] / n, s[2] / n);
    let vxx = s[3] / n - mx * mx;
    let vxy = s[4] / n - mx * my;
    let vyy = s[5] / n - my * my;
    let a = if vxx > 1.0 { vxy / vxx } else { 1.0 };
    let b = my - a * mx;
    let rest = (vyy - 2.0 * a * vxy + a * a * vxx).max(0.0) * n / (n - 2.0);
    (
        (a * 1024.0).round() as i32,
        b.round() as i32,
        rest.sqrt().round() as i32,
    )
}
