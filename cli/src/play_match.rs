//! `virada match`: two players over XOT openings, each opening twice with
//! colours swapped; reports wins, draws, losses and disc totals.

use crate::external::External;
use std::process::ExitCode;
use virada::board::movegen::moves;
use virada::engine::bot::{choose_with, seeded_stream};
use virada::engine::eval::{Eval, Weights};
use virada::engine::search::{default_clock, Budget, Engine, Limits};
use virada::game::fairness::Seed;
use virada::{Move, Position, Square};

/// Arguments of `virada match`.
#[derive(clap::Args)]
pub struct Args {
    /// The first player: `level:N` (1–10, optionally `level:N@NODES` for a
    /// node budget a move; a `/fullwidth` suffix turns ProbCut off,
    /// `/fitted` and `/margin` take its bounds from the fit per depth and
    /// stage or from the single margin, `/nobook` turns the opening book off,
    /// `/tN` searches on N threads sharing one table),
    /// `depth:D` (a fixed depth, exact from D + 8 empties up to 24), either
    /// with `+eval=WEIGHTS` for another weights file; `greedy` (most flips);
    /// `mobility` (depth 1, most mobility for itself less the opponent's);
    /// or `nboard:COMMAND`, an engine speaking the NBoard protocol.
    first: String,
    /// The second player, as the first.
    second: String,
    /// How many games (two per opening).
    #[arg(long, default_value_t = 200)]
    games: usize,
    /// The openings, one transcript a line.
    #[arg(long, default_value = "tests/data/xot-openings.txt")]
    openings: std::path::PathBuf,
    /// Skip this many openings first.
    #[arg(long, default_value_t = 0)]
    skip: usize,
    /// Skip this many games more (after `--skip`): an odd number starts on
    /// an opening's second game, to finish a match stopped half way.
    #[arg(long, default_value_t = 0)]
    skip_games: usize,
    /// Time per engine move in milliseconds.
    #[arg(long)]
    time_ms: Option<f64>,
    /// Node budget per engine move (reproducible, unlike time).
    #[arg(long)]
    nodes: Option<u64>,
    /// Each engine's transposition tables in MiB (a player on several
    /// threads shares one set).
    #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u32).range(1..=4096))]
    hash_mb: u32,
    /// Write each game here as a transcript, one a line (the opening's
    /// moves, then the game's, passes as `PA`): the games `virada puzzles
    /// build` reads.
    #[arg(long)]
    transcripts: Option<std::path::PathBuf>,
}

enum Player {
    /// A level, its node budget and its engine (with its threads).
    Level(u8, Option<u64>, Box<Engine>),
    /// A fixed midgame depth, exact from depth + 8 empties (up to 24), as
    /// `virada nboard`'s `set depth`.
    Depth(u32, Box<Engine>),
    External(Box<External>),
    Greedy,
    Mobility,
}

const PLAYERS: &str = "level:N[@NODES][/fullwidth|/fitted|/margin][/nobook][/tTHREADS] (N 1..10) or depth:D, either with +eval=WEIGHTS; greedy; mobility; or nboard:COMMAND";

/// The evaluation in a weights file, kept for the whole run.
fn load_eval(path: &str) -> Result<&'static Eval, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let weights = Weights::from_bytes(&bytes).map_err(|e| format!("{path}: {e}"))?;
    Ok(Box::leak(Box::new(Eval::new(weights))))
}

impl Player {
    /// The player `text` names, its engine's tables of `hash_mb` MiB.
    fn parse(text: &str, hash_mb: u32) -> Result<Player, String> {
        if let Some(command) = text.strip_prefix("nboard:") {
            return Ok(Player::External(Box::new(External::start(command)?)));
        }
        let bad = || format!("unknown player {text:?}: {PLAYERS}");
        let (spec, eval) = match text.split_once("+eval=") {
            Some((spec, path)) => (spec, Some(load_eval(path)?)),
            None => (text, None),
        };
        let bytes = (hash_mb as usize) << 20;
        // `fit`: ProbCut's bounds from its fitted table or not (None: the engine's default).
        let engine = |probcut: bool, fit: Option<bool>, book: bool| {
            let mut engine = Box::new(match eval {
                Some(eval) => Engine::with_eval(bytes, eval),
                None => Engine::new(bytes),
            });
            engine.set_probcut(probcut);
            if let Some(fit) = fit {
                engine.set_probcut_fit(fit);
            }
            engine.set_book(book);
            engine
        };
        match spec {
            "greedy" if eval.is_none() => Ok(Player::Greedy),
            "mobility" if eval.is_none() => Ok(Player::Mobility),
            _ => {
                if let Some(d) = spec.strip_prefix("depth:") {
                    let d = d
                        .parse::<u32>()
                        .ok()
                        .filter(|d| (1..=60).contains(d))
                        .ok_or_else(bad)?;
                    return Ok(Player::Depth(d, engine(true, None, false)));
                }
                let mut spec = spec.strip_prefix("level:").ok_or_else(bad)?;
                let (mut probcut, mut fit, mut book, mut threads) = (true, None, true, 1);
                while let Some((rest, flag)) = spec.rsplit_once('/') {
                    match flag {
                        _ if flag.starts_with('t') => {
                            threads = flag[1..]
                                .parse::<usize>()
                                .ok()
                                .filter(|t| (1..=64).contains(t))
                                .ok_or_else(bad)?;
                        }
                        "fullwidth" => probcut = false,
                        "fitted" => fit = Some(true),
                        "margin" => fit = Some(false),
                        "nobook" => book = false,
                        _ => return Err(bad()),
                    }
                    spec = rest;
                }
                let (n, nodes) = match spec.split_once('@') {
                    Some((n, nodes)) => (n, Some(nodes.parse::<u64>().map_err(|_| bad())?)),
                    None => (spec, None),
                };
                let n = n
                    .parse::<u8>()
                    .ok()
                    .filter(|n| (1..=10).contains(n))
                    .ok_or_else(bad)?;
                let mut engine = engine(probcut, fit, book);
                engine.set_threads(threads);
                Ok(Player::Level(n, nodes, engine))
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn choose(
        &mut self,
        start: &Position,
        played: &[Move],
        pos: &Position,
        game: usize,
        ply: u32,
        args: &Args,
        stats: &mut Stats,
    ) -> Result<Move, String> {
        let budget = || {
            let mut budget = match args.time_ms {
                Some(ms) => Budget::millis(ms, default_clock),
                None => Budget::unlimited(),
            };
            budget.nodes = args.nodes;
            budget
        };
        let started = std::time::Instant::now();
        Ok(match self {
            Player::Greedy => pos.timeout_move().map_or(Move::Pass, Move::Play),
            Player::Mobility => {
                let mut best: Option<(i32, Square)> = None;
                for sq in pos.legal_moves() {
                    let next = pos.play_unchecked(sq);
                    let (p, o) = (next.player().0, next.opponent().0);
                    let v = moves(o, p).count_ones() as i32 - moves(p, o).count_ones() as i32;
                    if best.is_none_or(|(b, _)| v > b) {
                        best = Some((v, sq));
                    }
                }
                best.map_or(Move::Pass, |(_, sq)| Move::Play(sq))
            }
            Player::Level(level, nodes, engine) => {
                let mut seed = [0u8; 32];
                seed[..8].copy_from_slice(&(game as u64).to_le_bytes());
                seed[8] = *level;
                let mut rng = seeded_stream(&Seed(seed), ply);
                let mut budget = budget();
                budget.nodes = nodes.or(args.nodes);
                let choice = choose_with(engine, pos, *level, &mut rng, budget);
                if choice.book {
                    stats.book += 1;
                } else {
                    stats.add(choice.nodes, started.elapsed().as_secs_f64(), choice.depth);
                }
                choice.mv
            }
            Player::Depth(depth, engine) => {
                let limits = Limits {
                    depth: *depth,
                    exact_empties: (*depth + 8).min(24),
                    wld_empties: 0,
                };
                let r = engine.search(pos, &limits, budget());
                stats.add(r.nodes, started.elapsed().as_secs_f64(), r.depth);
                r.best
            }
            Player::External(engine) => {
                let reply = engine.choose(start, played)?;
                stats.add(reply.nodes, started.elapsed().as_secs_f64(), reply.depth);
                reply.mv
            }
        })
    }

    fn new_game(&mut self) {
        match self {
            Player::Level(_, _, engine) => engine.clear(),
            Player::Depth(_, engine) => engine.clear(),
            Player::External(engine) => engine.new_game(),
            Player::Greedy | Player::Mobility => {}
        }
    }
}

/// What one player's engine spent over a match.
#[derive(Default)]
struct Stats {
    moves: u64,
    nodes: u64,
    max_nodes: u64,
    secs: f64,
    max_secs: f64,
    /// Depths reached, summed (an exact solve counts its empties).
    depth: u64,
    /// Moves taken from the opening book (not in the other figures).
    book: u64,
}

impl Stats {
    fn add(&mut self, nodes: u64, secs: f64, depth: u32) {
        self.depth += u64::from(depth);
        self.moves += 1;
        self.nodes += nodes;
        self.max_nodes = self.max_nodes.max(nodes);
        self.secs += secs;
        self.max_secs = self.max_secs.max(secs);
    }

    /// `NAME: N moves, nodes mean/max, ms mean/max, depth mean[, B from the
    /// book]` (nothing for a player without an engine).
    fn line(&self, name: &str) -> Option<String> {
        (self.moves + self.book > 0).then(|| {
            let book = match self.book {
                0 => String::new(),
                b => format!(", {b} more from the book"),
            };
            format!(
                "{name}: {} moves, nodes {:.0} mean {} max, {:.1} ms mean {:.1} ms max, {:.2} M nodes/s, depth {:.1} mean{book}",
                self.moves,
                self.nodes as f64 / self.moves.max(1) as f64,
                self.max_nodes,
                1000.0 * self.secs / self.moves.max(1) as f64,
                1000.0 * self.max_secs,
                self.nodes as f64 / self.secs.max(1e-9) / 1e6,
                self.depth as f64 / self.moves.max(1) as f64
            )
        })
    }
}

/// The position after an opening transcript such as `f5f4g3f6d3f3d6h3`.
pub fn opening(line: &str) -> Result<Position, String> {
    let mut pos = Position::start();
    let chars: Vec<char> = line.trim().chars().collect();
    for pair in chars.chunks(2) {
        let name: String = pair.iter().collect();
        let sq: Square = name
            .parse()
            .map_err(|e: virada::ParseSquareError| e.to_string())?;
        if pos.must_pass() {
            pos = pos.pass_unchecked();
        }
        pos = pos.play(sq).map_err(|e| format!("{line}: {e}"))?;
    }
    Ok(pos)
}

/// Plays the match and prints one line per 20 games and the result.
pub fn run(args: Args) -> Result<ExitCode, String> {
    let text = std::fs::read_to_string(&args.openings)
        .map_err(|e| format!("cannot read {}: {e}", args.openings.display()))?;
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .skip(args.skip)
        .collect();
    if lines.len() * 2 < args.skip_games + args.games {
        return Err(format!(
            "only {} openings for {} games",
            lines.len(),
            args.games
        ));
    }
    let mut players = [
        Player::parse(&args.first, args.hash_mb)?,
        Player::parse(&args.second, args.hash_mb)?,
    ];
    let mut stats = [Stats::default(), Stats::default()];
    let mut transcripts = String::new();
    let (mut wins, mut draws, mut losses, mut discs_first, mut discs_second) =
        (0, 0, 0, 0u32, 0u32);
    for game in args.skip_games..args.skip_games + args.games {
        let start = opening(lines[game / 2])?;
        // Even games: the first player takes the side to move after the opening.
        let first_color = if game % 2 == 0 {
            start.side_to_move()
        } else {
            start.side_to_move().other()
        };
        for p in players.iter_mut() {
            p.new_game();
        }
        let mut pos = start;
        let mut ply = 8;
        let mut played: Vec<Move> = Vec::new();
        while !pos.is_game_over() {
            let who = usize::from(pos.side_to_move() != first_color);
            let mv = if pos.must_pass() {
                Move::Pass
            } else {
                players[who].choose(&start, &played, &pos, game, ply, &args, &mut stats[who])?
            };
            played.push(mv);
            pos = pos
                .play_move(mv)
                .map_err(|e| format!("game {game}: {mv}: {e}"))?;
            ply += 1;
        }
        if args.transcripts.is_some() {
            transcripts.push_str(lines[game / 2].trim());
            transcripts.push_str(&virada::write_transcript_with_passes(&played));
            transcripts.push('\n');
        }
        let (a, b) = (pos.count(first_color), pos.count(first_color.other()));
        discs_first += a;
        discs_second += b;
        match a.cmp(&b) {
            std::cmp::Ordering::Greater => wins += 1,
            std::cmp::Ordering::Equal => draws += 1,
            std::cmp::Ordering::Less => losses += 1,
        }
        if (game + 1 - args.skip_games) % 20 == 0 {
            eprintln!(
                "{} games: {wins}-{draws}-{losses}",
                game + 1 - args.skip_games
            );
        }
    }
    if let Some(path) = &args.transcripts {
        std::fs::write(path, transcripts)
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    let points = f64::from(wins) + 0.5 * f64::from(draws);
    println!(
        "{} vs {}: {} games, {wins} wins {draws} draws {losses} losses ({:.1}%), discs {discs_first}-{discs_second}",
        args.first,
        args.second,
        args.games,
        100.0 * points / args.games as f64
    );
    // What each engine spent, on stderr: the time depends on the machine.
    for (stats, name) in stats.iter().zip([&args.first, &args.second]) {
        if let Some(line) = stats.line(name) {
            eprintln!("{line}");
        }
    }
    Ok(ExitCode::SUCCESS)
}
