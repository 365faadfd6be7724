//! `virada train gen`: play games from XOT openings (a few random moves
//! early for variety, then the engine at a fixed depth), solve each game
//! exactly once `--solve-at` empties are left and follow the solver's line
//! to the end. Every position is written with a label from the mover's view:
//! the exact score from the solve on, and at every position before it the
//! solved score as the game reached it (the game's outcome).

use super::Record;
use clap::Args as ClapArgs;
use rand_chacha::rand_core::{Rng, SeedableRng};
use std::io::Write;
use virada::engine::endgame::{EndTable, Solver};
use virada::engine::search::{Budget, Engine, Limits};
use virada::{Move, Position, Square};

/// Options of `gen`.
#[derive(ClapArgs)]
pub struct GenArgs {
    /// The file to append to (17 bytes a position: mover, opponent, score).
    #[arg(long)]
    out: std::path::PathBuf,
    /// How many games.
    #[arg(long, default_value_t = 1000)]
    games: u64,
    /// The first game's number (games are numbered; each number is its own seed).
    #[arg(long, default_value_t = 0)]
    first: u64,
    /// Solve exactly once this many empties are left.
    #[arg(long, default_value_t = 18)]
    solve_at: u32,
    /// The engine's depth while playing.
    #[arg(long, default_value_t = 6)]
    depth: u32,
    /// Per thousand, the chance of a random move above 30 empties.
    #[arg(long, default_value_t = 100)]
    random_per_mille: u64,
    /// The openings, one transcript a line.
    #[arg(long, default_value = "tests/data/xot-openings.txt")]
    openings: std::path::PathBuf,
    /// The weights the engine plays with (default: the shipped table).
    #[arg(long)]
    weights: Option<std::path::PathBuf>,
}

fn opening_lines(path: &std::path::Path) -> Result<Vec<Vec<Square>>, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let l = l.trim();
            (0..l.len() / 2)
                .map(|i| {
                    l[2 * i..2 * i + 2]
                        .parse::<Square>()
                        .map_err(|_| format!("bad opening line {l}"))
                })
                .collect()
        })
        .collect()
}

pub fn run(a: &GenArgs) -> Result<(), String> {
    super::install_weights(a.weights.as_deref())?;
    let lines = opening_lines(&a.openings)?;
    let (mut out, before) = super::append_records(&a.out)?;
    // `OUT.next` holds the number of the next game to play: a stopped run
    // started again with the same arguments goes on from there.
    let next_path = std::path::PathBuf::from(format!("{}.next", a.out.display()));
    let end = a.first + a.games;
    let mut first = a.first;
    if before > 0 {
        if let Some(next) = std::fs::read_to_string(&next_path)
            .ok()
            .and_then(|t| t.trim().parse::<u64>().ok())
            .filter(|n| (a.first..=end).contains(n))
        {
            first = next;
        }
        eprintln!(
            "{}: {before} positions already there; appending from game {first}",
            a.out.display()
        );
    }
    let mut engine = Engine::new(16 << 20);
    let mut table = EndTable::with_bytes(64 << 20);
    let mut written = 0u64;
    for game in first..end {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(game);
        let mut pos = Position::start();
        for &sq in &lines[(game as usize) % lines.len()] {
            pos = pos.play(sq).map_err(|e| e.to_string())?;
        }
        let mut seen: Vec<Position> = Vec::new();
        while !pos.is_game_over() && pos.empty().count() > a.solve_at {
            seen.push(pos);
            let legal = pos.legal_moves();
            if legal.is_empty() {
                pos = pos.pass().map_err(|e| e.to_string())?;
                continue;
            }
            let squares: Vec<Square> = legal.squares().collect();
            let random = pos.empty().count() > 30 && rng.next_u64() % 1000 < a.random_per_mille;
            let sq = if random {
                squares[(rng.next_u64() % squares.len() as u64) as usize]
            } else {
                let limits = Limits {
                    depth: a.depth,
                    exact_empties: 0,
                    wld_empties: 0,
                };
                match engine.search(&pos, &limits, Budget::unlimited()).best {
                    Move::Play(s) => s,
                    Move::Pass => squares[0],
                }
            };
            pos = pos.play(sq).map_err(|e| e.to_string())?;
        }
        // Solve from here along the best line; every position gets its exact score.
        table.clear();
        let root_side = pos.side_to_move();
        let mut root_score = None;
        let mut tail: Vec<(Position, i32)> = Vec::new();
        while !pos.is_game_over() {
            let s = Solver::new(&mut table, Budget::unlimited())
                .solve(&pos)
                .ok_or("solve stopped")?;
            root_score.get_or_insert(if pos.side_to_move() == root_side {
                s.score
            } else {
                -s.score
            });
            tail.push((pos, s.score));
            pos = pos.play_move(s.best).map_err(|e| e.to_string())?;
        }
        let Some(root) = root_score else { continue };
        let mut buf = Vec::new();
        let mut put = |p: &Position, score: i32| {
            Record {
                player: p.player().0,
                opponent: p.opponent().0,
                score: score as i8,
            }
            .write(&mut buf)
        };
        for p in &seen {
            put(
                p,
                if p.side_to_move() == root_side {
                    root
                } else {
                    -root
                },
            );
        }
        for (p, s) in &tail {
            put(p, *s);
        }
        written += (seen.len() + tail.len()) as u64;
        out.write_all(&buf).map_err(|e| e.to_string())?;
        std::fs::write(&next_path, format!("{}\n", game + 1))
            .map_err(|e| format!("cannot write {}: {e}", next_path.display()))?;
        if (game + 1) % 100 == 0 {
            eprintln!(
                "game {game} done ({} to go), {written} positions",
                end - game - 1
            );
        }
    }
    eprintln!("games {first}..{end} done, {written} positions");
    Ok(())
}
