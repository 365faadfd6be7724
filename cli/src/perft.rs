//! `virada perft DEPTH [--obf "<64 squares> <X|O>"] [--divide]`.

use std::process::ExitCode;
use std::time::Instant;
use virada::{Move, Obf, Position};

/// The deepest count accepted: deeper ones would run for days.
const MAX_DEPTH: u32 = 30;

/// Arguments of `virada perft`.
#[derive(clap::Args)]
pub struct Args {
    /// How many plies deep to count (0–30).
    depth: u32,
    /// Count from this position instead of the start: an OBF line, the 64
    /// squares a1…h8 (X dark, O light, - empty), a space, the side to move.
    #[arg(long, value_name = "POSITION", allow_hyphen_values = true)]
    obf: Option<String>,
    /// Also print the count below each move of the position.
    #[arg(long)]
    divide: bool,
}

/// The position an `--obf` argument names, or the start.
pub fn position_from(obf: Option<&str>) -> Result<Position, String> {
    match obf {
        None => Ok(Position::start()),
        Some(text) => text
            .parse::<Obf>()
            .map(|o| o.position)
            .map_err(|e| format!("--obf: {e}")),
    }
}

/// Runs the count and prints `perft DEPTH NODES SECONDS RATE` as the last line.
pub fn run(args: Args) -> Result<ExitCode, String> {
    if args.depth > MAX_DEPTH {
        return Err(format!(
            "depth {} is too deep: at most {MAX_DEPTH} (each ply multiplies the time by about 10)",
            args.depth
        ));
    }
    let position = position_from(args.obf.as_deref())?;
    let started = Instant::now();
    let nodes = if args.divide && args.depth > 0 {
        divide(&position, args.depth)
    } else {
        position.perft(args.depth)
    };
    let secs = started.elapsed().as_secs_f64();
    println!("{}", perft_line(args.depth, nodes, secs));
    Ok(ExitCode::SUCCESS)
}

/// `perft DEPTH NODES 0.41s 517.7M/s`.
pub fn perft_line(depth: u32, nodes: u64, secs: f64) -> String {
    format!(
        "perft {depth} {nodes} {secs:.2}s {:.1}M/s",
        nodes as f64 / secs.max(1e-9) / 1e6
    )
}

/// Prints each move with the leaves below it; returns their sum.
fn divide(position: &Position, depth: u32) -> u64 {
    let moves: Vec<Move> = if position.is_game_over() {
        Vec::new()
    } else if position.must_pass() {
        vec![Move::Pass]
    } else {
        position.legal_moves().squares().map(Move::Play).collect()
    };
    if moves.is_empty() {
        return 1;
    }
    let mut total = 0;
    for mv in moves {
        // Every move listed is legal: play_move cannot refuse it.
        let Ok(next) = position.play_move(mv) else {
            continue;
        };
        let n = next.perft(depth - 1);
        println!("{mv} {n}");
        total += n;
    }
    total
}
