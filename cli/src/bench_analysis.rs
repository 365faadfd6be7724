//! `virada bench --analysis N DEPTH --threads T` (and `--analysis-obf
//! FILE`): the review's analysis ([`virada::engine::analysis`]) on one
//! thread, then on 2 … T threads over its one set of tables, stepped as the
//! page's worker steps it until every move of each position is searched
//! DEPTH plies deep (N midgame positions), or solved exactly (each position
//! of FILE). It gives the wall-clock time and the ratio to one thread's, and
//! all the threads' CPU time, to see whether they had a core each.

use crate::bench::sample_positions;
use crate::bench_split::process_cpu_seconds;
use std::time::Instant;
use virada::engine::analysis::{Analysis, EXACT_EMPTIES};
use virada::engine::search::Budget;
use virada::Position;

/// Tables of the page's analysis (`wasm/analyzer.rs`).
const TABLE_BYTES: usize = 16 << 20;

/// Where a position's analysis ends.
#[derive(Clone, Copy)]
enum Goal {
    /// Every move searched this deep.
    Depth(u32),
    /// Every move exact.
    Exact,
}

/// Prints the midgame section: `count` positions to `depth`.
pub fn midgame(count: usize, depth: u32, threads: usize) -> Result<(), String> {
    let positions = sample_positions(count, 4)?;
    println!(
        "the review's analysis, {} midgame positions, every move to depth {depth}:",
        positions.len()
    );
    section(&positions, Goal::Depth(depth), threads);
    Ok(())
}

/// Prints the endgame section: every position of the OBF file `path` with
/// [`EXACT_EMPTIES`] empties or fewer (where the analysis solves) solved
/// move by move.
pub fn exact(path: &str, threads: usize) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let positions: Vec<Position> = virada::parse_obf_text(&text)
        .map_err(|e| format!("{path}: {e}"))?
        .into_iter()
        .map(|t| t.position)
        .collect();
    // Past EXACT_EMPTIES the analysis only deepens: those are left out.
    let all = positions.len();
    let positions: Vec<Position> = positions
        .into_iter()
        .filter(|p| p.empty().count() <= EXACT_EMPTIES)
        .collect();
    println!(
        "the review's analysis, the {} positions of {path} with {EXACT_EMPTIES} empties or fewer (of {all}), every move exact:",
        positions.len()
    );
    section(&positions, Goal::Exact, threads);
    Ok(())
}

fn section(positions: &[Position], goal: Goal, threads: usize) {
    let mut base = None;
    for k in 1..=threads.max(1) {
        let before = process_cpu_seconds();
        let started = Instant::now();
        let (mut nodes, mut steps) = (0u64, 0u64);
        for position in positions {
            let mut analysis = Analysis::new(*position, TABLE_BYTES);
            loop {
                let r = analysis.step_threads(Budget::unlimited(), k);
                nodes += r.nodes;
                steps += 1;
                let reached = match goal {
                    Goal::Depth(d) => r.depth >= d,
                    Goal::Exact => r.exact,
                };
                if r.done || reached {
                    break;
                }
            }
        }
        let wall = started.elapsed().as_secs_f64();
        let all = match (before, process_cpu_seconds()) {
            (Some(a), Some(b)) => format!(", all threads {:.2} s on CPU", b - a),
            _ => String::new(),
        };
        let base_wall = *base.get_or_insert(wall);
        println!(
            "  {k} thread{}: {wall:.2} s wall ({:.2}x one thread's speed){all}; {nodes} nodes, {steps} steps",
            if k == 1 { "" } else { "s" },
            base_wall / wall.max(1e-9)
        );
    }
}
