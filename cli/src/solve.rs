//! `virada solve FILE.obf [--empties-limit N] [--each-move] [--threads N]`:
//! the exact score of each position, checked against the file's `;MOVE:score`
//! annotations; with `--each-move`, also the exact value of every legal move.

use std::process::ExitCode;
use virada::engine::endgame::{solve_parallel, EndTable};
use virada::engine::search::Budget;

/// Arguments of `virada solve`.
#[derive(clap::Args)]
pub struct Args {
    /// An OBF file: 64 squares a1…h8 (X, O, -), a space, the side to move
    /// (X or O), then `;MOVE:score` annotations; `%` starts a comment.
    file: std::path::PathBuf,
    /// Skip positions with more empty squares than this.
    #[arg(long)]
    empties_limit: Option<u32>,
    /// Transposition table size in MiB.
    #[arg(long, default_value_t = 64)]
    hash_mb: usize,
    /// Also print the exact value of every legal move, `#N MOVE SCORE` a
    /// line, each position after the move solved on its own.
    #[arg(long)]
    each_move: bool,
    /// Threads a solve: they share the table and split the work; the
    /// answers are the same as on one (nodes count all threads').
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
    threads: u32,
}

/// Solves every position and prints `#N MOVE SCORE NODES SECONDS`, then a total.
pub fn run(args: Args) -> Result<ExitCode, String> {
    let text = std::fs::read_to_string(&args.file)
        .map_err(|e| format!("cannot read {}: {e}", args.file.display()))?;
    let mut table = EndTable::with_bytes(args.hash_mb << 20);
    let threads = args.threads as usize;
    let (mut total_nodes, mut total_secs, mut mismatches, mut solved) = (0u64, 0f64, 0, 0);
    let mut total_cpu = 0f64;
    let lines = virada::parse_obf_text(&text).map_err(|e| e.to_string())?;
    // FFO files are named after their first position: fforum-20-39.obf starts at #20.
    let first = args
        .file
        .file_stem()
        .and_then(|s| s.to_str())
        .and_then(|s| s.strip_prefix("fforum-"))
        .and_then(|s| s.split('-').next())
        .and_then(|n| n.parse::<usize>().ok())
        .unwrap_or(1);
    for (i, obf) in lines.iter().enumerate() {
        let number = first + i;
        let empties = obf.position.empty().count();
        if args.empties_limit.is_some_and(|l| empties > l) {
            continue;
        }
        table.clear();
        let (solution, timing) = crate::bench::time(|| {
            solve_parallel(&obf.position, &mut table, threads, Budget::unlimited())
        });
        let solution = solution.ok_or("the solve was stopped")?;
        let secs = timing.wall;
        total_cpu += timing.cpu.unwrap_or(secs);
        total_nodes += solution.nodes;
        total_secs += secs;
        solved += 1;
        let mut note = String::new();
        if let Some(expected) = obf
            .annotations
            .iter()
            .find(|a| a.mv == solution.best)
            .map(|a| a.score)
        {
            if expected != solution.score {
                mismatches += 1;
                note = format!("  MISMATCH: annotated {expected:+}");
            }
        } else if let Some((m, best)) = obf.annotations.first().map(|a| (a.mv, a.score)) {
            if best != solution.score {
                mismatches += 1;
                note = format!("  MISMATCH: annotated best {m} {best:+}");
            }
        }
        println!(
            "#{number} {} {:+} {} {:.3}{note}",
            solution.best, solution.score, solution.nodes, secs
        );
        if args.each_move {
            for sq in obf.position.legal_moves() {
                let child = obf.position.play_unchecked(sq);
                let s = solve_parallel(&child, &mut table, threads, Budget::unlimited())
                    .ok_or("the solve was stopped")?;
                println!("#{number} {sq} {:+}", -s.score);
            }
        }
    }
    println!(
        "total {solved} positions {total_nodes} nodes {total_secs:.3}s {:.1}M nodes/s {mismatches} mismatches (on CPU {total_cpu:.3}s, {:.1}M nodes/s)",
        total_nodes as f64 / total_secs.max(1e-9) / 1e6,
        total_nodes as f64 / total_cpu.max(1e-9) / 1e6
    );
    Ok(if mismatches == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}
