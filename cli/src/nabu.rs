//! `virada nabu …`: Nabucodonosor from the command line (moves, perft,
//! stats, match).

use clap::Subcommand;
use std::process::ExitCode;
use std::time::Instant;
use virada::game::nabu::{NabuBoard, NabuGame, NabuMove, MAX_SIZE, MIN_SIZE};
use virada::Color;

/// The generator stream of `nabu stats`.
const STATS_STREAM: u64 = 0x6e61_6275_0000_0001;
/// The generator stream of `nabu match`.
const MATCH_STREAM: u64 = 0x6e61_6275_0000_0002;

/// The `virada nabu` subcommands.
#[derive(Subcommand)]
pub enum Command {
    /// Print every legal move of SIDE on CELLS, one a line: placements in
    /// reading order (`d3`), then captures by top-left then bottom-right in
    /// reading order (`c3:e4`), then `swap` with --second-turn; nothing when
    /// SIDE has no legal move (it must pass, N5). Superko is left out (it needs
    /// the history).
    Moves {
        /// n×n cells row by row from a1 (row 1 at the top): X dark, O light, - empty.
        #[arg(allow_hyphen_values = true)]
        cells: String,
        /// The side to move: X or O.
        side: String,
        /// It is the game's second turn: the pie swap is offered (N4).
        #[arg(long)]
        second_turn: bool,
    },
    /// Count the leaves DEPTH plies below the start of a SIZE×SIZE game (a
    /// swap and a pass are plies, a finished game is one leaf), or below
    /// CELLS with SIDE to move (no history: not the second turn).
    Perft {
        /// Board side, 5 to 15.
        size: usize,
        /// Plies.
        depth: u32,
        /// Start from these cells instead of the empty board.
        #[arg(long, allow_hyphen_values = true)]
        cells: Option<String>,
        /// Side to move with --cells: X or O.
        #[arg(long, default_value = "X")]
        side: String,
    },
    /// Play random games (each legal move equally likely) and print their
    /// length, moves a turn, how they ended and whether any arrangement repeated.
    Stats {
        /// Board side, 5 to 15.
        #[arg(long, default_value_t = 8)]
        size: usize,
        /// How many games.
        #[arg(long, default_value_t = 1000)]
        games: u32,
        /// Seed of the random choices.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Play the bot at LEVEL against the "largest capture, else random
    /// placement" player, colours alternating, and print the score and the
    /// time per move.
    Match {
        /// Bot level, 1 to 5.
        #[arg(long, default_value_t = 5)]
        level: u8,
        /// Board side, 5 to 15.
        #[arg(long, default_value_t = 8)]
        size: usize,
        /// How many games.
        #[arg(long, default_value_t = 20)]
        games: u32,
        /// Most milliseconds a bot move may think (the playout budget of the
        /// level also applies).
        #[arg(long, default_value_t = 1000)]
        ms: u64,
        /// Seed of the random choices.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
}

/// Runs one `virada nabu` subcommand.
pub fn run(command: Command) -> Result<ExitCode, String> {
    match command {
        Command::Moves {
            cells,
            side,
            second_turn,
        } => moves(&cells, &side, second_turn),
        Command::Perft {
            size,
            depth,
            cells,
            side,
        } => perft(size, depth, cells.as_deref(), &side),
        Command::Stats { size, games, seed } => stats(size, games, seed),
        Command::Match {
            level,
            size,
            games,
            ms,
            seed,
        } => bot_match(level, size, games, ms, seed),
    }
}

fn parse_side(side: &str) -> Result<Color, String> {
    match side {
        "X" | "x" => Ok(Color::Dark),
        "O" | "o" => Ok(Color::Light),
        other => Err(format!("SIDE is X or O, not {other:?}")),
    }
}

/// The legal moves of `side` on `cells`, in the documented order.
fn moves(cells: &str, side: &str, second_turn: bool) -> Result<ExitCode, String> {
    let board = NabuBoard::from_cells(cells).map_err(|e| e.to_string())?;
    let mover = parse_side(side)?;
    let mut lines: Vec<String> = board
        .placements(mover)
        .iter()
        .map(|c| c.to_string())
        .collect();
    lines.extend(
        virada::game::nabu::captures(&board, mover)
            .iter()
            .map(|r| r.to_string()),
    );
    if second_turn {
        lines.push("swap".into());
    }
    for line in &lines {
        println!("{line}");
    }
    Ok(ExitCode::SUCCESS)
}

fn perft(size: usize, depth: u32, cells: Option<&str>, side: &str) -> Result<ExitCode, String> {
    let game = match cells {
        None => NabuGame::new(size).map_err(|e| e.to_string())?,
        Some(cells) => {
            let board = NabuBoard::from_cells(cells).map_err(|e| e.to_string())?;
            if board.size() != size {
                return Err(format!(
                    "SIZE is {size} but the cells make a {0}×{0} board",
                    board.size()
                ));
            }
            NabuGame::from_board(board, parse_side(side)?)
        }
    };
    let started = Instant::now();
    let nodes = game.perft(depth);
    let secs = started.elapsed().as_secs_f64();
    println!("perft {size}x{size} {depth} {nodes} {secs:.2}s");
    Ok(ExitCode::SUCCESS)
}

/// The generator of the CLI's random choices: the game generator
/// (`fairness::game_rng`, ChaCha20) of the seed whose first 8 bytes are
/// `seed` (little-endian, the rest zero), on stream `stream`.
pub fn stream(stream: u64, seed: u64) -> impl FnMut() -> u64 {
    use virada::game::fairness::{game_rng, Rng, Seed};
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&seed.to_le_bytes());
    let mut rng = game_rng(&Seed(bytes), stream);
    move || rng.next_u64()
}

/// A uniform index below `n` (n > 0).
pub fn below(rng: &mut impl FnMut() -> u64, n: usize) -> usize {
    ((rng() as u128 * n as u128) >> 64) as usize
}

fn stats(size: usize, games: u32, seed: u64) -> Result<ExitCode, String> {
    if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
        return Err(format!("--size is {MIN_SIZE} to {MAX_SIZE}, not {size}"));
    }
    if games == 0 {
        return Err("--games must be at least 1".into());
    }
    let mut rng = stream(STATS_STREAM, seed);
    let started = Instant::now();
    let (mut turns, mut placements, mut captures, mut decisions) = (0u64, 0u64, 0u64, 0u64);
    let (mut wipeouts, mut full_one_colour, mut repeats, mut blocked) = (0u32, 0u32, 0u32, 0u64);
    let mut longest = 0usize;
    for _ in 0..games {
        let mut game = NabuGame::new(size).map_err(|e| e.to_string())?;
        let mut seen = std::collections::HashSet::new();
        seen.insert(*game.board());
        while game.outcome().is_none() {
            let legal = game.legal_moves();
            let p = game.placements().len();
            let c = legal
                .iter()
                .filter(|m| matches!(m, NabuMove::Capture(_)))
                .count();
            placements += p as u64;
            captures += c as u64;
            decisions += 1;
            blocked +=
                (virada::game::nabu::captures(game.board(), game.to_move()).len() - c) as u64;
            let mv = legal[below(&mut rng, legal.len())];
            game.play_unchecked(mv);
            if matches!(mv, NabuMove::Capture(_) | NabuMove::Place(_))
                && !seen.insert(*game.board())
            {
                repeats += 1;
            }
        }
        let n = game.moves().len();
        turns += n as u64;
        longest = longest.max(n);
        if let Some(o) = game.outcome() {
            if o.end == virada::game::nabu::NabuEnd::WipeOut {
                wipeouts += 1;
            }
        }
        let b = game.board();
        if b.empty_count() == 0 && (b.count(Color::Dark) == 0 || b.count(Color::Light) == 0) {
            full_one_colour += 1;
        }
    }
    let g = f64::from(games);
    let d = decisions as f64;
    println!(
        "nabu stats {size}x{size}: {games} random games (seed {seed}), {:.1}s",
        started.elapsed().as_secs_f64()
    );
    println!(
        "mean length        {:.1} turns (longest {longest})",
        turns as f64 / g
    );
    println!(
        "legal moves a turn {:.1} ({:.1} placements, {:.2} captures)",
        (placements + captures) as f64 / d,
        placements as f64 / d,
        captures as f64 / d
    );
    println!("ended              {games} of {games} ({wipeouts} by wipe-out)");
    println!(
        "board full of one colour at the end: {:.1}%",
        100.0 * f64::from(full_one_colour) / g
    );
    println!("repeated arrangements: {repeats}; captures barred by superko: {blocked}");
    Ok(ExitCode::SUCCESS)
}

fn bot_match(level: u8, size: usize, games: u32, ms: u64, seed: u64) -> Result<ExitCode, String> {
    use virada::engine::nabu_bot as bot;
    if !(1..=bot::MAX_LEVEL).contains(&level) {
        return Err(format!("--level is 1 to {}, not {level}", bot::MAX_LEVEL));
    }
    if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
        return Err(format!("--size is {MIN_SIZE} to {MAX_SIZE}, not {size}"));
    }
    let mut rng = stream(MATCH_STREAM, seed);
    let (mut wins, mut bot_moves, mut bot_secs, mut slowest) = (0u32, 0u64, 0f64, 0f64);
    let mut plies = 0usize;
    for g in 0..games {
        // The bot plays dark in even games. A swap exchanges the players' colours.
        let bot_first = g % 2 == 0;
        let mut game = NabuGame::new(size).map_err(|e| e.to_string())?;
        while game.outcome().is_none() {
            let first_to_move = (game.to_move() == Color::Dark) != game.swapped();
            let mv = if first_to_move == bot_first {
                let started = Instant::now();
                let limit = std::time::Duration::from_millis(ms);
                let mut stop = || started.elapsed() >= limit;
                let mv = bot::choose(&game, level, &mut rng, &mut stop);
                let secs = started.elapsed().as_secs_f64();
                bot_moves += 1;
                bot_secs += secs;
                slowest = slowest.max(secs);
                mv
            } else {
                bot::greedy_move(&game, &mut rng)
            };
            let mv = mv.ok_or("no move in an unfinished game")?;
            game.play(mv).map_err(|e| e.to_string())?;
        }
        plies += game.moves().len();
        let outcome = game.outcome().ok_or("the game did not end")?;
        let first_won = (outcome.winner == Color::Dark) != game.swapped();
        if first_won == bot_first {
            wins += 1;
        }
    }
    println!(
        "nabu match {size}x{size}: level {level} vs largest-capture player, {games} games (seed {seed}, {ms} ms a move)"
    );
    println!(
        "bot won {wins} of {games} ({:.0}%), mean {:.0} plies a game",
        100.0 * f64::from(wins) / f64::from(games.max(1)),
        plies as f64 / f64::from(games.max(1))
    );
    println!(
        "bot time a move: mean {:.3}s, slowest {:.3}s",
        bot_secs / (bot_moves.max(1) as f64),
        slowest
    );
    Ok(ExitCode::SUCCESS)
}
