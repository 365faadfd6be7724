//! `virada train`: make the evaluation's weights from games.
//!
//! `gen` plays games from XOT openings (a few random moves early for
//! variety, then the engine at a fixed depth), solves each game exactly once
//! `--solve-at` empties are left and follows the solver's line to the end.
//! Every position is written with a label from the mover's view: the exact
//! score from the solve on (and at every position before it, the solved
//! score as the game reached it). `fit` fits the pattern tables and scalars
//! of each stage to those labels by least squares, pulled towards the
//! hand-set weights where the data is thin.

use clap::{Args as ClapArgs, Subcommand};
use rand_chacha::rand_core::{Rng, SeedableRng};
use std::io::Write;
use virada::endgame::{EndTable, Solver};
use virada::eval::{self, Weights};
use virada::search::{Budget, Engine, Limits};
use virada::{Move, Position, Square};

/// The two steps.
#[derive(Subcommand)]
pub enum Command {
    /// Play and solve games; append labelled positions to a file.
    Gen(GenArgs),
    /// Fit weights to labelled positions.
    Fit(FitArgs),
}

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
}

/// Options of `fit`.
#[derive(ClapArgs)]
pub struct FitArgs {
    /// Labelled positions (from `gen`), one file or more.
    #[arg(required = true)]
    data: Vec<std::path::PathBuf>,
    /// Where to write the weights.
    #[arg(long)]
    out: std::path::PathBuf,
    /// Passes over the data.
    #[arg(long, default_value_t = 1000)]
    passes: u32,
    /// Fit only the stages from this one on (earlier ones keep the hand-set
    /// weights: their labels, from games far from their end, are noisy).
    #[arg(long, default_value_t = 0)]
    first_stage: usize,
    /// Pull towards the hand-set weights, in pseudo-observations.
    #[arg(long, default_value_t = 8.0)]
    prior: f64,
}

/// Runs a `train` subcommand.
pub fn run(command: Command) -> Result<std::process::ExitCode, String> {
    match command {
        Command::Gen(a) => gen(&a),
        Command::Fit(a) => fit(&a),
    }
    .map(|()| std::process::ExitCode::SUCCESS)
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

fn gen(a: &GenArgs) -> Result<(), String> {
    let lines = opening_lines(&a.openings)?;
    let mut out = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&a.out)
        .map_err(|e| format!("cannot open {}: {e}", a.out.display()))?;
    let mut engine = Engine::new(16 << 20);
    let mut table = EndTable::with_bytes(64 << 20);
    let mut written = 0u64;
    for game in a.first..a.first + a.games {
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
            buf.extend_from_slice(&p.player().0.to_le_bytes());
            buf.extend_from_slice(&p.opponent().0.to_le_bytes());
            buf.push(score as i8 as u8);
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
        if (game - a.first + 1) % 100 == 0 {
            eprintln!("{} games, {written} positions", game - a.first + 1);
        }
    }
    eprintln!("{} games, {written} positions", a.games);
    Ok(())
}

/// One training position, as features.
struct Sample {
    /// Table slots within a stage (already symmetry-shared).
    slots: Vec<u32>,
    /// Mobility, potential mobility and disc differences.
    scalars: [f32; 3],
    /// The label, in evaluation units.
    target: f32,
}

/// The evaluation of `x` under table values `w` and scalars `s`.
fn predict(x: &Sample, w: &[f32], s: &[f32; 3]) -> f32 {
    x.slots.iter().map(|&i| w[i as usize]).sum::<f32>()
        + s.iter().zip(x.scalars).map(|(a, b)| a * b).sum::<f32>()
}

/// The root mean square error of `w` and `s` over `samples`, in discs.
fn rms(samples: &[Sample], w: &[f32], s: &[f32; 3]) -> f64 {
    let mut sq = 0f64;
    for x in samples {
        sq += f64::from(x.target - predict(x, w, s)).powi(2);
    }
    (sq / samples.len().max(1) as f64).sqrt() / f64::from(eval::DISC)
}

fn fit(a: &FitArgs) -> Result<(), String> {
    let mut raw = Vec::new();
    for path in &a.data {
        let bytes =
            std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        if bytes.len() % 17 != 0 {
            return Err(format!(
                "{}: not a whole number of positions",
                path.display()
            ));
        }
        raw.extend_from_slice(&bytes);
    }
    let hand = Weights::hand_set();
    let mut trained = hand.clone();
    let features = eval::Features::new(&hand);
    let stages = hand.stages();
    let mut by_stage: Vec<Vec<Sample>> = (0..stages).map(|_| Vec::new()).collect();
    // One position in eight (by a hash of it) is held out to measure the fit.
    let mut held: Vec<Vec<Sample>> = (0..stages).map(|_| Vec::new()).collect();
    for c in raw.chunks_exact(17) {
        let p = u64::from_le_bytes(c[0..8].try_into().unwrap_or_default());
        let o = u64::from_le_bytes(c[8..16].try_into().unwrap_or_default());
        let score = c[16] as i8;
        let empties = (!(p | o)).count_ones();
        let (slots, scalars) = features.of(p, o);
        let set = if (p ^ o.rotate_left(23)).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 40 & 15 < 2 {
            &mut held
        } else {
            &mut by_stage
        };
        set[hand.stage(empties)].push(Sample {
            slots,
            scalars: scalars.map(|v| v as f32),
            target: f32::from(score) * eval::DISC as f32,
        });
    }
    let stride = features.stride();
    for (stage, samples) in by_stage.iter().enumerate() {
        if samples.is_empty() || stage < a.first_stage {
            continue;
        }
        let prior_w: Vec<f32> = hand
            .stage_values(stage)
            .iter()
            .map(|&v| f32::from(v))
            .collect();
        let prior_s = hand.stage_scalars(stage);
        let prior_s = [prior_s.mobility, prior_s.potential, prior_s.discs].map(f32::from);
        let mut w = prior_w.clone();
        let mut s = prior_s;
        let mut count = vec![0f32; stride];
        for x in samples {
            for &i in &x.slots {
                count[i as usize] += 1.0;
            }
        }
        let mut scale_s = [0f32; 3];
        for x in samples {
            for (scale, v) in scale_s.iter_mut().zip(x.scalars) {
                *scale += v * v;
            }
        }
        let prior = a.prior as f32;
        let mut grad = vec![0f32; stride];
        for pass in 0..a.passes {
            grad.iter_mut().for_each(|g| *g = 0.0);
            let mut grad_s = [0f32; 3];
            let mut sq = 0f64;
            for x in samples {
                let err = x.target - predict(x, &w, &s);
                sq += f64::from(err) * f64::from(err);
                for &i in &x.slots {
                    grad[i as usize] += err;
                }
                for (g, v) in grad_s.iter_mut().zip(x.scalars) {
                    *g += err * v;
                }
            }
            // Each weight moves by its mean error over the positions that
            // use it, shrunk towards the prior; the step is divided among
            // the terms that share each error.
            let step = 1.0 / (samples[0].slots.len() as f32 + 3.0);
            for i in 0..stride {
                let g = grad[i] + prior * (prior_w[i] - w[i]);
                w[i] += step * g / (count[i] + prior);
            }
            for ((v, g), scale) in s.iter_mut().zip(grad_s).zip(scale_s) {
                *v += step * g / (scale + 1.0);
            }
            if pass % 200 == 0 || pass + 1 == a.passes {
                eprintln!(
                    "stage {stage}: {} positions, pass {pass}: rms error {:.2} discs, held out {:.2}",
                    samples.len(),
                    (sq / samples.len() as f64).sqrt() / f64::from(eval::DISC),
                    rms(&held[stage], &w, &s)
                );
            }
        }
        let values = trained.stage_values_mut(stage);
        for (slot, v) in values.iter_mut().zip(&w) {
            *slot = v.round().clamp(-30000.0, 30000.0) as i16;
        }
        features.share_symmetric(values);
        let sc = trained.scalars_mut(stage);
        sc.mobility = s[0].round() as i16;
        sc.potential = s[1].round() as i16;
        sc.discs = s[2].round() as i16;
    }
    std::fs::write(&a.out, trained.to_bytes())
        .map_err(|e| format!("cannot write {}: {e}", a.out.display()))?;
    eprintln!("wrote {}", a.out.display());
    Ok(())
}
