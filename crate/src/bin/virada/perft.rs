//! `virada perft DEPTH`.

use std::process::ExitCode;
use std::time::Instant;

/// Arguments of `virada perft`.
#[derive(clap::Args)]
pub struct Args {
    /// How many plies deep to count.
    depth: u32,
}

/// Runs the count and prints `perft DEPTH NODES SECONDS RATE` as the last line.
pub fn run(args: Args) -> Result<ExitCode, String> {
    let position = virada::Position::start();
    let started = Instant::now();
    let nodes = position.perft(args.depth);
    let secs = started.elapsed().as_secs_f64();
    println!(
        "perft {} {} {:.2}s {:.1}M/s",
        args.depth,
        nodes,
        secs,
        nodes as f64 / secs.max(1e-9) / 1e6
    );
    Ok(ExitCode::SUCCESS)
}
