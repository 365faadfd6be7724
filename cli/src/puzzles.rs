//! `virada puzzles build` and `virada puzzles export`: the puzzle set from
//! finished games (records, transcripts, GGF), and its lines in OBF with
//! the best move's exact score, the id and the rating
//! ([docs/puzzles.md](../../docs/puzzles.md)).

use std::collections::BTreeSet;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;
use virada::puzzle::{find, from_game, read_set, Oracle, Search};

/// Where the shipped set lives: the server and the page read it.
pub const SET: &str = "www/puzzle/puzzles.txt";

/// The `puzzles` subcommands.
#[derive(clap::Subcommand)]
pub enum Command {
    /// Find puzzles in finished games and write the set, one a line.
    Build(BuildArgs),
    /// Print a set one puzzle a line: OBF, `; MOVE:score`, `; id=ID; rating=R`.
    Export(ExportArgs),
}

/// Arguments of `virada puzzles build`.
#[derive(clap::Args)]
pub struct BuildArgs {
    /// Files of games: a record (one a file), GGF games (any number), or
    /// transcripts (one a line; `#` lines skipped).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Where to write the set (`-` for standard output).
    #[arg(long, default_value = SET)]
    out: String,
    /// The fewest empties.
    #[arg(long, default_value_t = find::MIN_EMPTIES)]
    min_empties: u32,
    /// The most empties.
    #[arg(long, default_value_t = find::MAX_EMPTIES)]
    max_empties: u32,
    /// At most this many puzzles from one game.
    #[arg(long, default_value_t = 3)]
    per_game: usize,
    /// Stop after this many puzzles.
    #[arg(long)]
    limit: Option<usize>,
}

/// Arguments of `virada puzzles export`.
#[derive(clap::Args)]
pub struct ExportArgs {
    /// The set to export.
    #[arg(default_value = SET)]
    set: PathBuf,
}

/// Runs a `puzzles` subcommand.
pub fn run(command: Command) -> Result<ExitCode, String> {
    match command {
        Command::Build(args) => build(args),
        Command::Export(args) => export(args),
    }
}

/// The games of one file's text: one record, every GGF game, or one
/// transcript a line.
fn games(text: &str) -> Vec<String> {
    let trimmed = text.trim_start_matches('\u{feff}').trim_start();
    if trimmed.starts_with(virada::record::MAGIC) {
        return vec![text.to_string()];
    }
    if trimmed.starts_with("(;") {
        return trimmed
            .split("(;")
            .filter(|g| !g.trim().is_empty())
            .map(|g| format!("(;{}", g.trim_end()))
            .collect();
    }
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_string)
        .collect()
}

fn build(args: BuildArgs) -> Result<ExitCode, String> {
    if args.min_empties < find::MIN_EMPTIES
        || args.max_empties > find::MAX_EMPTIES
        || args.min_empties > args.max_empties
    {
        return Err(format!(
            "the empties must lie within {}..={}",
            find::MIN_EMPTIES,
            find::MAX_EMPTIES
        ));
    }
    let search = Search {
        min_empties: args.min_empties,
        max_empties: args.max_empties,
        per_game: args.per_game,
    };
    let limit = args.limit.unwrap_or(usize::MAX);
    let started = Instant::now();
    let mut oracle = Oracle::default();
    let mut seen = BTreeSet::new();
    let mut set = Vec::new();
    let (mut read, mut refused) = (0, 0);
    'files: for path in &args.files {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        for game in games(&text) {
            read += 1;
            match from_game(&game, search, &mut oracle) {
                Ok(found) => {
                    for p in found {
                        if seen.insert(p.id.clone()) {
                            set.push(p);
                        }
                        if set.len() >= limit {
                            break 'files;
                        }
                    }
                }
                Err(e) => {
                    refused += 1;
                    eprintln!("{}: a game refused: {e}", path.display());
                }
            }
        }
    }
    // Easiest first, then by id: the same games give the same file.
    set.sort_by(|a, b| a.rating.cmp(&b.rating).then_with(|| a.id.cmp(&b.id)));
    let mut out = String::new();
    out.push_str(
        "# Virada puzzles: OBF; best move:exact score; id; rating; themes (docs/puzzles.md)\n",
    );
    for p in &set {
        out.push_str(&p.to_string());
        out.push('\n');
    }
    if args.out == "-" {
        std::io::stdout()
            .write_all(out.as_bytes())
            .map_err(|e| e.to_string())?;
    } else {
        std::fs::write(&args.out, out).map_err(|e| format!("cannot write {}: {e}", args.out))?;
    }
    eprintln!(
        "{} puzzles from {read} games ({refused} refused) in {:.1} s",
        set.len(),
        started.elapsed().as_secs_f64()
    );
    Ok(ExitCode::SUCCESS)
}

fn export(args: ExportArgs) -> Result<ExitCode, String> {
    let text = std::fs::read_to_string(&args.set)
        .map_err(|e| format!("cannot read {}: {e}", args.set.display()))?;
    let set = read_set(&text).map_err(|(line, e)| format!("{}:{line}: {e}", args.set.display()))?;
    let mut stdout = std::io::stdout().lock();
    for p in set {
        writeln!(stdout, "{}", p.export_line()).map_err(|e| e.to_string())?;
    }
    Ok(ExitCode::SUCCESS)
}
