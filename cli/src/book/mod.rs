//! `virada book`: build the opening book and look into it (docs/book.md).

mod build;

use clap::{Args as ClapArgs, Subcommand};
use std::path::PathBuf;
use virada::engine::book::Book;
use virada::Position;

/// The steps.
#[derive(Subcommand)]
pub enum Command {
    /// Grow the book best first from deep searches (resumable).
    Build(build::BuildArgs),
    /// Print the book's moves and values after a transcript.
    Show(ShowArgs),
    /// How much a level's own search gives up, by the book's values, in
    /// the positions the book answers.
    Check(CheckArgs),
}

/// Options of `book check`.
#[derive(ClapArgs)]
pub struct CheckArgs {
    /// The level whose search is checked.
    #[arg(long, default_value_t = 10)]
    level: u8,
    /// Its node budget a move (level 10's second in the page).
    #[arg(long, default_value_t = 1_000_000)]
    nodes: u64,
    /// How many of the book's positions (spread evenly over them).
    #[arg(long, default_value_t = 200)]
    positions: usize,
    /// The book (default: the one built in).
    #[arg(long)]
    book: Option<PathBuf>,
    /// XOT openings, one transcript a line: how many the book answers after.
    #[arg(long, default_value = "tests/data/xot-openings.txt")]
    openings: PathBuf,
}

/// Options of `book show`.
#[derive(ClapArgs)]
pub struct ShowArgs {
    /// The moves from the start, e.g. `f5d6c3` (empty: the start).
    #[arg(default_value = "")]
    moves: String,
    /// The book (default: the one built in).
    #[arg(long)]
    book: Option<PathBuf>,
}

/// Runs a `book` subcommand.
pub fn run(command: Command) -> Result<std::process::ExitCode, String> {
    match command {
        Command::Build(a) => build::run(&a),
        Command::Show(a) => show(&a),
        Command::Check(a) => check(&a),
    }
    .map(|()| std::process::ExitCode::SUCCESS)
}

fn read_book(path: Option<&std::path::Path>) -> Result<Book, String> {
    match path {
        Some(path) => {
            let bytes =
                std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            Book::from_bytes(&bytes).map_err(|e| format!("{}: {e}", path.display()))
        }
        None => Book::from_bytes(virada::engine::book::BUILT_IN)
            .map_err(|e| format!("the built-in book: {e}")),
    }
}

fn check(a: &CheckArgs) -> Result<(), String> {
    use virada::engine::bot::choose_with;
    use virada::engine::search::{Budget, Engine};
    let book = read_book(a.book.as_deref())?;
    let text = std::fs::read_to_string(&a.openings)
        .map_err(|e| format!("cannot read {}: {e}", a.openings.display()))?;
    let (mut xot, mut xot_known) = (0, 0);
    for line in text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        xot += 1;
        xot_known += usize::from(book.moves(&super::play_match::opening(line)?).is_some());
    }
    println!("the book answers after {xot_known} of the {xot} XOT openings");
    let mut answered: Vec<(Position, Vec<(virada::Square, i32)>)> = book
        .positions()
        .map(|(p, o)| Position::from_masks(p, o, virada::Color::Dark))
        .filter_map(|pos| book.moves(&pos).map(|m| (pos, m)))
        .collect();
    // Fewest discs first, then by the masks: the same order every run.
    answered.sort_by_key(|(pos, _)| {
        (
            std::cmp::Reverse(pos.empty().count()),
            pos.player().0,
            pos.opponent().0,
        )
    });
    let step = (answered.len() / a.positions.max(1)).max(1);
    let (mut n, mut same, mut lost, mut nodes, mut secs) = (0u32, 0u32, 0i64, 0u64, 0f64);
    for (pos, moves) in answered.iter().step_by(step).take(a.positions) {
        let mut engine = Engine::new(16 << 20);
        engine.set_book(false);
        let budget = Budget {
            nodes: Some(a.nodes),
            ..Budget::unlimited()
        };
        let started = std::time::Instant::now();
        let c = choose_with(&mut engine, pos, a.level, &mut || 0, budget);
        secs += started.elapsed().as_secs_f64();
        nodes += c.nodes;
        let virada::Move::Play(sq) = c.mv else {
            continue;
        };
        let best = moves[0].1;
        let value = moves.iter().find(|m| m.0 == sq).map_or(best, |m| m.1);
        n += 1;
        same += u32::from(value == best);
        lost += i64::from(best - value);
    }
    let per = |x: f64| x / f64::from(n.max(1));
    println!(
        "{} positions the book answers; level {} at {} nodes on {n} of them: \
         the book's best (or one valued alike) {same} times ({:.1}%), \
         {:.2} discs given up a move by the book's values; \
         the book saves {:.0} nodes, {:.0} ms a move",
        answered.len(),
        a.level,
        a.nodes,
        100.0 * per(f64::from(same)),
        per(lost as f64 / 100.0),
        per(nodes as f64),
        per(1000.0 * secs),
    );
    Ok(())
}

fn show(a: &ShowArgs) -> Result<(), String> {
    let book = read_book(a.book.as_deref())?;
    let mut pos = Position::start();
    for m in
        virada::parse_transcript(a.moves.trim(), Position::start()).map_err(|e| e.to_string())?
    {
        pos = pos.play_move(m).map_err(|e| e.to_string())?;
    }
    println!("{} positions in the book", book.len());
    println!("{pos}");
    match book.moves(&pos) {
        None => println!("not in the book"),
        Some(moves) => {
            for (sq, v) in moves {
                println!("  {sq} {:+.2}", f64::from(v) / 100.0);
            }
        }
    }
    Ok(())
}
