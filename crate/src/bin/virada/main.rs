//! The `virada` command line: one module a subcommand.

use clap::{Parser, Subcommand};
use std::process::ExitCode;

mod nabu;
mod perft;

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
    /// Nabucodonosor: legal moves, perft, random-game statistics, bot matches.
    #[command(subcommand)]
    Nabu(nabu::Command),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Perft(args) => perft::run(args),
        Command::Nabu(command) => nabu::run(command),
    };
    match result {
        Ok(code) => code,
        Err(message) => {
            eprintln!("virada: {message}");
            ExitCode::from(2)
        }
    }
}
