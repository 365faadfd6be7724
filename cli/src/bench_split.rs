//! `virada bench --split N DEPTH`: the search split across threads
//! (`virada::engine::search::split`) against the plain search, on the same
//! positions to the same fixed depth: wall-clock time to the depth, nodes
//! and nodes a second, for one thread, a split on one thread, and a split on
//! 2 … `--threads` threads. Time to a depth is what the threads buy; nodes a
//! second alone count the work the runners repeat without a shared table.

use crate::bench::sample_positions;
use std::time::Instant;
use virada::engine::search::split::search_threads;
use virada::engine::search::{Budget, Engine, Limits};

/// Prints the section.
pub fn section(count: usize, depth: u32, threads: usize) -> Result<(), String> {
    let limits = Limits {
        depth,
        exact_empties: 0,
        wld_empties: 0,
    };
    let positions = sample_positions(count, 4)?;
    println!(
        "split search, {} positions to depth {depth}, fresh engines of 16 MiB a thread, wall-clock time:",
        positions.len()
    );
    let mut base = None;
    // 0: the plain search; k ≥ 1: the split on k threads.
    for k in std::iter::once(0).chain(1..=threads.max(1)) {
        let (mut nodes, mut secs, mut same) = (0u64, 0f64, 0);
        for pos in &positions {
            let started = Instant::now();
            let r = if k == 0 {
                Engine::new(16 << 20).search(pos, &limits, Budget::unlimited())
            } else {
                let mut engines: Vec<Engine> = (0..k).map(|_| Engine::new(16 << 20)).collect();
                search_threads(&mut engines, pos, &limits, Budget::unlimited())
            };
            secs += started.elapsed().as_secs_f64();
            nodes += r.nodes;
            same += usize::from(r.depth == depth);
        }
        let base = *base.get_or_insert(secs);
        let name = match k {
            0 => "plain, 1 thread".to_string(),
            1 => "split, 1 thread".to_string(),
            k => format!("split, {k} threads"),
        };
        println!(
            "  {name}: {secs:.2} s ({:.2}x the plain search's speed to the depth), {nodes} nodes, {:.2} M nodes/s, {same} reached the depth",
            base / secs.max(1e-9),
            nodes as f64 / secs.max(1e-9) / 1e6
        );
    }
    Ok(())
}
