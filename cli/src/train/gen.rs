//! `virada train gen`: play games from XOT openings (a few random moves
//! early for variety, then the engine at a fixed depth), solve each game
//! exactly once `--solve-at` empties are left and follow the solver's line
//! to the end. Every position is written with a label from the mover's view:
//! the exact score from the solve on, and at every position before it the
//! solved score as the game reached it (the game's outcome).
//!
//! With `--labels`, a second file gets the same positions labelled as
//! `label` would on the playing weights (round 1 of the training): the
//! search's score blended with the game's result by `--outcome`, the exact
//! score from the solve on. The scores come from the searches that chose
//! the moves; positions where the move was random, or a pass, get a search
//! of their own on a second engine, so that the games are the same with and
//! without `--labels`.

use super::Record;
use clap::Args as ClapArgs;
use rand_chacha::rand_core::{Rng, SeedableRng};
use std::io::Write;
use virada::engine::endgame::{EndTable, Solver};
use virada::engine::eval::DISC;
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
    /// Also write every position, in the same order, labelled by the
    /// playing search blended with the game's result (what `label` makes).
    #[arg(long)]
    labels: Option<std::path::PathBuf>,
    /// With `--labels`: the share of the game's result in a label (0: the
    /// search's score alone; 1: the result alone).
    #[arg(long, default_value_t = 0.25)]
    outcome: f64,
}

/// One game: the positions before the solve, each with the game's result
/// from its mover's view and (with `--labels`) its search score in discs,
/// then the solved positions with their exact scores.
struct Game {
    played: Vec<(Position, i32, Option<f64>)>,
    solved: Vec<(Position, i32)>,
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
    if !(0.0..=1.0).contains(&a.outcome) {
        return Err("--outcome is a share, from 0 to 1".into());
    }
    super::install_weights(a.weights.as_deref())?;
    let lines = opening_lines(&a.openings)?;
    let (mut out, mut before) = super::append_records(&a.out)?;
    let mut labels_out = match &a.labels {
        Some(path) => {
            let (file, count) = super::append_records(path)?;
            // A run stopped between the two writes of a game leaves one file a
            // game longer: cut it back, and that game is played again.
            let whole = before.min(count);
            for (file, path, count) in [(&out, &a.out, before), (&file, path, count)] {
                if count > whole {
                    eprintln!(
                        "{}: cutting {} positions the other file lacks",
                        path.display(),
                        count - whole
                    );
                    file.set_len(whole * Record::SIZE as u64)
                        .map_err(|e| format!("{}: {e}", path.display()))?;
                }
            }
            before = whole;
            Some(file)
        }
        None => None,
    };
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
    let mut player = Player {
        engine: Engine::new(16 << 20),
        labeller: a.labels.as_ref().map(|_| Engine::new(8 << 20)),
        table: EndTable::with_bytes(64 << 20),
    };
    let mut written = 0u64;
    for number in first..end {
        let opening = &lines[(number as usize) % lines.len()];
        let Some(game) = player.play(a, number, opening)? else {
            continue;
        };
        let mut buf = Vec::new();
        let mut label_buf = Vec::new();
        let put = |buf: &mut Vec<u8>, p: &Position, score: i32| {
            Record {
                player: p.player().0,
                opponent: p.opponent().0,
                score: score as i8,
            }
            .write(buf)
        };
        for (p, result, searched) in &game.played {
            put(&mut buf, p, *result);
            if let Some(searched) = searched {
                put(
                    &mut label_buf,
                    p,
                    i32::from(super::blend(*result as i8, *searched, a.outcome)),
                );
            }
        }
        for (p, s) in &game.solved {
            put(&mut buf, p, *s);
            put(&mut label_buf, p, *s);
        }
        written += (game.played.len() + game.solved.len()) as u64;
        out.write_all(&buf).map_err(|e| e.to_string())?;
        if let (Some(file), Some(path)) = (labels_out.as_mut(), &a.labels) {
            file.write_all(&label_buf)
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        }
        std::fs::write(&next_path, format!("{}\n", number + 1))
            .map_err(|e| format!("cannot write {}: {e}", next_path.display()))?;
        if (number + 1) % 100 == 0 {
            eprintln!(
                "game {number} done ({} to go), {written} positions",
                end - number - 1
            );
        }
    }
    eprintln!("games {first}..{end} done, {written} positions");
    Ok(())
}

/// What plays the games: the engine that chooses the moves, the one that
/// scores the other positions for `--labels`, the solver's table.
struct Player {
    engine: Engine,
    labeller: Option<Engine>,
    table: EndTable,
}

impl Player {
    /// Plays game `number` from `opening`; `None` when the opening already
    /// ended the game.
    fn play(
        &mut self,
        a: &GenArgs,
        number: u64,
        opening: &[Square],
    ) -> Result<Option<Game>, String> {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(number);
        let mut pos = Position::start();
        for &sq in opening {
            pos = pos.play(sq).map_err(|e| e.to_string())?;
        }
        let limits = Limits {
            depth: a.depth,
            exact_empties: 0,
            wld_empties: 0,
        };
        let in_discs = |score: i32| f64::from(score) / f64::from(DISC);
        let mut played: Vec<(Position, Option<f64>)> = Vec::new();
        while !pos.is_game_over() && pos.empty().count() > a.solve_at {
            let legal = pos.legal_moves();
            let random = !legal.is_empty()
                && pos.empty().count() > 30
                && rng.next_u64() % 1000 < a.random_per_mille;
            if legal.is_empty() || random {
                let searched = self.labeller.as_mut().map(|engine| {
                    engine.clear();
                    in_discs(engine.search(&pos, &limits, Budget::unlimited()).score)
                });
                played.push((pos, searched));
                if legal.is_empty() {
                    pos = pos.pass().map_err(|e| e.to_string())?;
                } else {
                    let squares: Vec<Square> = legal.squares().collect();
                    let sq = squares[(rng.next_u64() % squares.len() as u64) as usize];
                    pos = pos.play(sq).map_err(|e| e.to_string())?;
                }
                continue;
            }
            let found = self.engine.search(&pos, &limits, Budget::unlimited());
            played.push((pos, self.labeller.as_ref().map(|_| in_discs(found.score))));
            pos = match found.best {
                Move::Play(s) => pos.play(s),
                Move::Pass => pos.play(legal.squares().next().ok_or("no move")?),
            }
            .map_err(|e| e.to_string())?;
        }
        // Solve from here along the best line; every position gets its exact score.
        self.table.clear();
        let root_side = pos.side_to_move();
        let mut root_score = None;
        let mut solved: Vec<(Position, i32)> = Vec::new();
        while !pos.is_game_over() {
            let s = Solver::new(&mut self.table, Budget::unlimited())
                .solve(&pos)
                .ok_or("solve stopped")?;
            root_score.get_or_insert(if pos.side_to_move() == root_side {
                s.score
            } else {
                -s.score
            });
            solved.push((pos, s.score));
            pos = pos.play_move(s.best).map_err(|e| e.to_string())?;
        }
        let Some(root) = root_score else {
            return Ok(None);
        };
        let played = played
            .into_iter()
            .map(|(p, searched)| {
                let result = if p.side_to_move() == root_side {
                    root
                } else {
                    -root
                };
                (p, result, searched)
            })
            .collect();
        Ok(Some(Game { played, solved }))
    }
}
