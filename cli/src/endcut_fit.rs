//! `virada bench --endcut-fit GAMES FILE`: calibrates the solver's probable
//! cuts (`virada::engine::endgame::cut`) on the current evaluation. GAMES is
//! a file of `virada train gen --solve-at 22` (positions with their exact
//! scores from 22 empties on); for every position of 10 to 22 empties it
//! takes the shallow search's value at the depth the solver uses for that
//! many empties, then fits the exact score on it per empties: exact ≈ a ×
//! shallow + b, with σ the standard deviation of the rest. It prints every
//! depth's σ beside (to choose the depths by) and writes the table as Rust
//! source to FILE (`crate/src/engine/endgame/cut_fit.rs`).

use std::fmt::Write as _;
use std::path::Path;
use virada::engine::endgame::cut::{cut_depth, shallow_value, CUT_MIN, FIT_MAX};
use virada::{Color, Position};

/// Depths fitted beside the chosen one, for the printout.
const DEPTHS: std::ops::RangeInclusive<u32> = 0..=6;

/// Sums of a least-squares fit: n, Σx, Σy, Σxx, Σxy, Σyy.
type Sums = [f64; 6];

/// Runs the calibration and writes `out`.
pub fn section(games: &Path, out: &Path) -> Result<(), String> {
    let records = crate::train::read_records(games)?;
    let rows = (FIT_MAX + 1) as usize;
    let mut sums = vec![[[0f64; 6]; 7]; rows];
    let started = std::time::Instant::now();
    let mut used = 0;
    for r in &records {
        let n = r.empties();
        if !(CUT_MIN..=FIT_MAX).contains(&n) {
            continue;
        }
        let pos = Position::from_masks(r.player, r.opponent, Color::Dark);
        let y = f64::from(r.score);
        for d in DEPTHS {
            let x = f64::from(shallow_value(&pos, d)) / f64::from(virada::engine::eval::DISC);
            let s = &mut sums[n as usize][d as usize];
            for (k, v) in [1.0, x, y, x * x, x * y, y * y].into_iter().enumerate() {
                s[k] += v;
            }
        }
        used += 1;
        if used % 2000 == 0 {
            eprintln!("{used} positions, {:.0} s", started.elapsed().as_secs_f64());
        }
    }
    let mut rust = String::new();
    let _ = writeln!(
        rust,
        "//! The fit of the exact score on a shallow search's, per empties ({CUT_MIN}..={FIT_MAX};\n\
         //! below, unused), on {used} positions of solved games. Made by `virada bench\n\
         //! --depth 1 --runs 1 --endcut-fit GAMES crate/src/engine/endgame/cut_fit.rs`,\n\
         //! GAMES from `virada train gen --solve-at {FIT_MAX}` (docs/engine.md); rerun it\n\
         //! when the evaluation changes.\n\n\
         /// The fit of the exact score (discs) on a shallow search's (discs) at\n\
         /// some number of empties: exact ≈ slope × shallow + offset, σ about it.\n\
         #[derive(Clone, Copy, Debug)]\n\
         pub struct CutFit {{\n\
         \x20   /// The shallow search's depth, in plies.\n\
         \x20   pub depth: u32,\n\
         \x20   /// The exact score per shallow disc.\n\
         \x20   pub slope: f64,\n\
         \x20   /// The exact score at a shallow 0.\n\
         \x20   pub offset: f64,\n\
         \x20   /// The standard deviation of the exact score about the fit, in discs.\n\
         \x20   pub sigma: f64,\n\
         }}\n\n\
         /// Index: empties.\n\
         pub(super) const FIT: [CutFit; {rows}] = ["
    );
    for (n, row) in sums.iter().enumerate() {
        let depth = cut_depth(n as u32);
        let (slope, offset, sigma) = fit(&row[depth as usize]);
        let _ = writeln!(
            rust,
            "    CutFit {{\n        depth: {depth},\n        slope: {slope:.3},\n        offset: {offset:.3},\n        sigma: {sigma:.3},\n    }},"
        );
        if (CUT_MIN as usize..=FIT_MAX as usize).contains(&n) {
            let each: Vec<String> = DEPTHS
                .map(|d| format!("d{d} {:.2}", fit(&row[d as usize]).2))
                .collect();
            println!(
                "{n:>2} empties: n {:>5}, depth {depth}: slope {slope:.3} offset {offset:+.2} sigma {sigma:.2}; σ by depth: {}",
                row[0][0],
                each.join(" ")
            );
        }
    }
    let _ = writeln!(rust, "];");
    std::fs::write(out, rust).map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    println!("wrote {}", out.display());
    Ok(())
}

/// The least-squares fit of y on x from the sums: slope, offset and the
/// residual's standard deviation (0 with fewer than 30 positions: no cut).
fn fit(s: &Sums) -> (f64, f64, f64) {
    let n = s[0];
    if n < 30.0 {
        return (1.0, 0.0, 0.0);
    }
    let (mx, my) = (s[1] / n, s[2] / n);
    let vxx = s[3] / n - mx * mx;
    let vxy = s[4] / n - mx * my;
    let vyy = s[5] / n - my * my;
    let a = if vxx > 1e-9 { vxy / vxx } else { 1.0 };
    let b = my - a * mx;
    let rest = (vyy - 2.0 * a * vxy + a * a * vxx).max(0.0) * n / (n - 2.0);
    (a, b, rest.sqrt())
}
