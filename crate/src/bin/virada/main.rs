//! The `virada` command line: one module a subcommand.

use clap::{Parser, Subcommand};
use std::process::ExitCode;

mod nboard;
mod perft;
mod play_match;
mod solve;

/// Othello and Nabucodonosor rules, records and engine.
#[derive(Parser)]
#[command(name = "virada", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaves DEPTH plies below a position (a pass is a ply; a
    /// finished game is one leaf).
    Perft(perft::Args),
    /// Solve each position of an OBF file exactly and check its annotations.
    Solve(solve::Args),
    /// Speak the NBoard engine protocol on stdin/stdout.
    Nboard(nboard::Args),
    /// Play two players against each other over XOT openings, both colours each.
    #[command(name = "match")]
    Match(play_match::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Perft(args) => perft::run(args),
        Command::Solve(args) => solve::run(args),
        Command::Nboard(args) => nboard::run(args),
        Command::Match(args) => play_match::run(args),
    };
    match result {
        Ok(code) => code,
        Err(message) => {
            eprintln!("virada: {message}");
            ExitCode::from(2)
        }
    }
}
