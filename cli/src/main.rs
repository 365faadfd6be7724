//! The `virada` command line: one module a subcommand; `serve`, `load` and
//! `trial` are the server crate's (`virada_server`).

use clap::{Parser, Subcommand};
use std::process::ExitCode;
use virada_server::{backup, export, load, serve, trial};

mod bench;
mod bench_analysis;
mod bench_endgame;
mod bench_split;
mod book;
mod endcut_fit;
mod external;
mod nabu;
mod nboard;
mod perft;
mod play_match;
mod probcut_fit;
mod puzzles;
mod solve;
mod swiss;
mod train;
mod verify;

/// Othello and Nabucodonosor rules, records and engine.
#[derive(Parser)]
#[command(name = "virada", version = virada_server::version::LONG, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaves DEPTH plies below a position (a pass is a ply; a
    /// finished game is one leaf).
    Perft(perft::Args),
    /// Print the speed figures: perft leaves per second, one thread.
    Bench(bench::Args),
    /// Check a game record: fingerprint, colours, every move, the time-out
    /// moves and the result. Exits 0 only when every check passes.
    Verify(verify::Args),
    /// Serve the site (the files its sw.js lists) and the online table over
    /// HTTP.
    // Boxed: its many flags would make every command as large.
    Serve(Box<serve::Args>),
    /// Load a server: N tables of scripted players on loopback; moves a
    /// second, latency, connections and the server's memory.
    Load(load::Args),
    /// Start Redis, N servers over it and haproxy in front of them (the
    /// shipped configuration) on this machine, for a trial; Ctrl-C stops all.
    Trial(trial::Args),
    /// The site's folder: `virada site export DIR` copies what the server
    /// serves (what sw.js lists) into DIR, the folder to deploy.
    #[command(subcommand)]
    Site(export::SiteCommand),
    /// Make a new signing key in FILE and a push key in FILE.push, for
    /// `virada serve --key-file FILE`: readable by their owner only, and
    /// never over a key that exists.
    Keygen(serve::KeygenArgs),
    /// Copy a running server's two SQLite databases (accounts and ratings;
    /// tables and records) into one file while it serves: each as of one
    /// moment, the accounts' first, then the tables' (a game that ends
    /// between the two copies has its record but not its rating change).
    Backup(backup::BackupArgs),
    /// Write a data folder's databases from a file `virada backup` made.
    Restore(backup::RestoreArgs),
    /// Solve each position of an OBF file exactly and check its annotations.
    Solve(solve::Args),
    /// Build the opening book, or look into it.
    #[command(subcommand)]
    Book(book::Command),
    /// Make the evaluation's weights: play and solve games, then fit.
    #[command(subcommand)]
    Train(train::Command),
    /// Nabucodonosor: legal moves, perft, random-game statistics, bot matches.
    #[command(subcommand)]
    Nabu(nabu::Command),
    /// Speak the NBoard engine protocol on stdin/stdout.
    Nboard(nboard::Args),
    /// Play two players against each other over XOT openings, both colours each.
    #[command(name = "match")]
    Match(play_match::Args),
    /// Swiss tournaments by FIDE's Dutch system: pair the next round of a
    /// TRF, check a tournament's pairings.
    #[command(subcommand)]
    Swiss(swiss::Command),
    /// Puzzles whose answers are proven: build the set from finished games,
    /// export it one puzzle a line.
    #[command(subcommand)]
    Puzzles(puzzles::Command),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Perft(args) => perft::run(args),
        Command::Bench(args) => bench::run(args),
        Command::Verify(args) => verify::run(args),
        Command::Serve(args) => {
            init_logging(args.log_format == serve::LogFormat::Json);
            serve::run(*args)
        }
        Command::Load(args) => load::run(args),
        Command::Trial(args) => trial::run(args),
        Command::Site(command) => export::run(command),
        Command::Keygen(args) => serve::run_keygen(args),
        Command::Backup(args) => backup::run_backup(args),
        Command::Restore(args) => backup::run_restore(args),
        Command::Solve(args) => solve::run(args),
        Command::Nabu(command) => nabu::run(command),
        Command::Train(command) => train::run(command),
        Command::Book(command) => book::run(command),
        Command::Nboard(args) => nboard::run(args),
        Command::Match(args) => play_match::run(args),
        Command::Swiss(command) => swiss::run(command),
        Command::Puzzles(command) => puzzles::run(command),
    };
    match result {
        Ok(code) => code,
        Err(message) => {
            eprintln!("virada: {message}");
            ExitCode::from(2)
        }
    }
}

/// Log lines to standard error, filtered by `RUST_LOG` (default `info`):
/// what `virada serve` says of each request and of its tables. `RUST_LOG`
/// is a level (`debug`) or a list of them by target
/// (`virada_server=debug,warn`); anything else is said and `info` kept.
/// `json`: one JSON object a line, with the span of the request it belongs
/// to (its id).
fn init_logging(json: bool) {
    use tracing_subscriber::filter::{LevelFilter, Targets};
    use tracing_subscriber::layer::SubscriberExt;
    use tracing_subscriber::util::SubscriberInitExt;
    let default = || Targets::new().with_default(LevelFilter::INFO);
    let filter = match std::env::var("RUST_LOG") {
        Ok(text) if !text.trim().is_empty() => text.parse().unwrap_or_else(|e| {
            eprintln!("virada: RUST_LOG={text:?} is not a list of levels ({e}); logging at info");
            default()
        }),
        _ => default(),
    };
    let fmt = tracing_subscriber::fmt::layer()
        .with_writer(std::io::stderr)
        .with_target(false);
    let registry = tracing_subscriber::registry().with(filter);
    let _ = if json {
        registry
            .with(fmt.json().with_current_span(true).with_span_list(false))
            .try_init()
    } else {
        registry.with(fmt.compact()).try_init()
    };
}
