//! `virada train fit`: fit, stage by stage, every pattern slot and scalar
//! of the evaluation to labelled positions by least squares (full-batch
//! steps, each slot by its mean error over the positions that use it,
//! pulled towards the starting weights as if by `--prior` positions agreeing
//! with them). Configurations that are mirror images within a pattern share
//! a slot, so the evaluation stays exactly symmetric. One position in eight
//! (by a hash of it) is held out; the error on it is reported for the
//! hand-set weights, the starting ones and the fit. `--stages` cuts the
//! game into more (or fewer) slices than the starting weights: each starts
//! from the stage that holds its middle. `--extra` adds scalar terms beyond
//! mobility, potential mobility and discs (parity, odd regions, stable
//! discs); the others stay zero. `--drop` leaves base patterns out (their
//! tables zero), to measure what each brings; `--add` fits other shapes
//! beside them (`shapes.rs`), measured by their held-out error alone.
//! Stages are fitted in parallel.

use super::read_records;
use super::shapes::Added;
use clap::Args as ClapArgs;
use virada::engine::eval::{self, patterns, Scalars, Weights, TERMS};

/// A scalar term `fit` may add to the three every table weighs.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Extra {
    /// An odd or even number of empties.
    Parity,
    /// Quarters with an odd number of empties where each side can play.
    Regions,
    /// Stable discs.
    Stable,
}

impl Extra {
    /// Its place in [`eval::terms`].
    fn term(self) -> usize {
        match self {
            Extra::Parity => 3,
            Extra::Regions => 4,
            Extra::Stable => 5,
        }
    }
}

/// Options of `fit`.
#[derive(ClapArgs)]
pub struct FitArgs {
    /// Labelled positions (from `gen` or `label`), one file or more.
    #[arg(required = true)]
    data: Vec<std::path::PathBuf>,
    /// Where to write the weights.
    #[arg(long)]
    out: std::path::PathBuf,
    /// Passes over the data.
    #[arg(long, default_value_t = 1000)]
    passes: u32,
    /// The weights to start from and pull towards (default: the hand-set ones).
    #[arg(long)]
    init: Option<std::path::PathBuf>,
    /// Fit only the stages from this one on (earlier ones keep the starting
    /// weights).
    #[arg(long, default_value_t = 0)]
    first_stage: usize,
    /// Pull towards the starting weights, in pseudo-observations.
    #[arg(long, default_value_t = 8.0)]
    prior: f64,
    /// Also report the held-out error of these weights (e.g. the table
    /// shipped before).
    #[arg(long)]
    compare: Option<std::path::PathBuf>,
    /// Stages to fit (default: as many as the starting weights have).
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=60))]
    stages: Option<u8>,
    /// Stages fitted at once.
    #[arg(long, default_value_t = 2)]
    threads: usize,
    /// Scalar terms to fit beyond mobility, potential mobility and discs
    /// (comma-separated); the others are zero in the result.
    #[arg(long, value_enum, value_delimiter = ',')]
    extra: Vec<Extra>,
    /// Base patterns to leave out, by name (`edge+2x`, `corner3x3`, …;
    /// comma-separated): their tables are zero in the result.
    #[arg(long, value_delimiter = ',')]
    drop: Vec<String>,
    /// Shapes to fit beside the base patterns, from zero (`triangle`,
    /// `corner-kite`, `edge-middle`… as `train/shapes.rs` lists them, or a
    /// base pattern's name, dropped and fitted again; comma-separated).
    /// Their tables are not written: the held-out error is the fit's own,
    /// before rounding.
    #[arg(long, value_delimiter = ',')]
    add: Vec<String>,
}

fn read_weights(path: &std::path::Path) -> Result<Weights, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    Weights::from_bytes(&bytes).map_err(|e| format!("{}: {e}", path.display()))
}

/// A stage's table values and scalars as `f32`.
fn stage_f32(w: &Weights, stage: usize) -> (Vec<f32>, [f32; TERMS]) {
    (
        w.stage_values(stage)
            .iter()
            .map(|&v| f32::from(v))
            .collect(),
        w.stage_scalars(stage).to_array().map(f32::from),
    )
}

/// One training position, as features.
struct Sample {
    /// Its empty squares.
    empties: u8,
    /// Table slots within a stage (already symmetry-shared): the base
    /// patterns', then the added shapes' (`fit --add`).
    slots: Vec<u32>,
    /// How many of `slots` are the base patterns' (the ones a file holds).
    base: u16,
    /// The scalar terms ([`eval::terms`]; zero where not fitted).
    scalars: [f32; TERMS],
    /// The label, in evaluation units.
    target: f32,
}

/// The evaluation of `x` under table values `w` and scalars `s`.
fn predict(x: &Sample, w: &[f32], s: &[f32; TERMS]) -> f32 {
    x.slots.iter().map(|&i| w[i as usize]).sum::<f32>()
        + s.iter().zip(x.scalars).map(|(a, b)| a * b).sum::<f32>()
}

/// The root mean square error of `w` and `s` over `samples`, in discs.
fn rms(samples: &[Sample], w: &[f32], s: &[f32; TERMS]) -> f64 {
    let mut sq = 0f64;
    for x in samples {
        sq += f64::from(x.target - predict(x, w, s)).powi(2);
    }
    (sq / samples.len().max(1) as f64).sqrt() / f64::from(eval::DISC)
}

/// The root mean square error of weights `w` (of any number of stages,
/// each sample evaluated at its own, on the base patterns' slots) over
/// `samples`, in discs.
fn rms_of(samples: &[Sample], w: &Weights) -> f64 {
    let stages: Vec<(Vec<f32>, [f32; TERMS])> = (0..w.stages()).map(|s| stage_f32(w, s)).collect();
    let mut sq = 0f64;
    for x in samples {
        let (tw, ts) = &stages[w.stage(u32::from(x.empties))];
        let value = x.slots[..usize::from(x.base)]
            .iter()
            .map(|&i| tw[i as usize])
            .sum::<f32>()
            + ts.iter().zip(x.scalars).map(|(a, b)| a * b).sum::<f32>();
        sq += f64::from(x.target - value).powi(2);
    }
    (sq / samples.len().max(1) as f64).sqrt() / f64::from(eval::DISC)
}

/// Runs `fit`.
pub fn run(a: &FitArgs) -> Result<(), String> {
    let mut records = Vec::new();
    for path in &a.data {
        records.extend(read_records(path)?);
    }
    let hand = Weights::hand_set();
    let init = match &a.init {
        Some(path) => read_weights(path)?,
        None => hand.clone(),
    };
    let stages = a.stages.map_or(init.stages(), usize::from);
    let mut init = init.restaged(stages);
    let fitted_terms = fitted_terms(&a.extra);
    for stage in 0..stages {
        let s = init.scalars_mut(stage);
        let mut terms = s.to_array();
        keep_fitted(&mut terms, &fitted_terms);
        *s = Scalars::from_array(terms);
    }
    let compare = a.compare.as_deref().map(read_weights).transpose()?;
    let features = eval::Features::new(&hand);
    let dropped = a
        .drop
        .iter()
        .map(|name| {
            patterns::BASE
                .iter()
                .position(|b| b.name == name.as_str())
                .ok_or_else(|| {
                    let names: Vec<&str> = patterns::BASE.iter().map(|b| b.name).collect();
                    format!("no base pattern {name:?}; there are {}", names.join(", "))
                })
        })
        .collect::<Result<Vec<usize>, String>>()?;
    let dropped_slots: Vec<std::ops::Range<usize>> =
        dropped.iter().map(|&b| features.slots_of(b)).collect();
    let added = Added::new(&a.add, features.stride())?;
    let mut by_stage: Vec<Vec<Sample>> = (0..stages).map(|_| Vec::new()).collect();
    // One position in eight (by a hash of it) is held out to measure the fit.
    let mut held: Vec<Vec<Sample>> = (0..stages).map(|_| Vec::new()).collect();
    for r in &records {
        let (p, o) = (r.player, r.opponent);
        let (mut slots, mut scalars) = features.of(p, o);
        slots.retain(|&s| !dropped_slots.iter().any(|r| r.contains(&(s as usize))));
        let base = slots.len() as u16;
        added.extend(p, o, &mut slots);
        keep_fitted(&mut scalars, &fitted_terms);
        let set = if (p ^ o.rotate_left(23)).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 40 & 15 < 2 {
            &mut held
        } else {
            &mut by_stage
        };
        set[init.stage(r.empties())].push(Sample {
            empties: r.empties() as u8,
            slots,
            base,
            scalars: scalars.map(|v| v as f32),
            target: f32::from(r.score) * eval::DISC as f32,
        });
    }
    drop(records);
    let stride = features.stride() + added.len();
    let todo: Vec<usize> = (a.first_stage..stages)
        .filter(|&s| !by_stage[s].is_empty())
        .collect();
    // Stages are independent: `--threads` of them at a time.
    let next = std::sync::atomic::AtomicUsize::new(0);
    let fitted: Vec<(usize, Vec<f32>, [f32; TERMS], f64)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..a.threads.clamp(1, todo.len().max(1)))
            .map(|_| {
                scope.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(&stage) = todo.get(i) else { break };
                        let (w, s, held) =
                            fit_stage(a, stage, &init, &by_stage[stage], &held[stage], stride);
                        done.push((stage, w, s, held));
                    }
                    done
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_default())
            .collect()
    });
    if fitted.len() != todo.len() {
        return Err("a fitting thread failed".into());
    }
    let mut trained = init.clone();
    for (stage, w, s, _) in &fitted {
        let values = trained.stage_values_mut(*stage);
        for (slot, v) in values.iter_mut().zip(w) {
            *slot = v.round().clamp(-30000.0, 30000.0) as i16;
        }
        features.share_symmetric(values);
        for r in &dropped_slots {
            values[r.clone()].fill(0);
        }
        *trained.scalars_mut(*stage) =
            Scalars::from_array(s.map(|v| v.round().clamp(-30000.0, 30000.0) as i16));
    }
    eprintln!("held-out error, root mean square in discs:");
    eprintln!(
        "| stage | empties | positions fitted | held out | hand-set | {}start | fitted |",
        if compare.is_some() { "compared | " } else { "" }
    );
    let mut all = (0usize, [0f64; 4]);
    for stage in todo {
        let empties = init.stage_empties(stage).unwrap_or(0..=0);
        let held = &held[stage];
        let errors = [
            Some(rms_of(held, &hand)),
            compare.as_ref().map(|c| rms_of(held, c)),
            Some(rms_of(held, &init)),
            Some(if a.add.is_empty() {
                rms_of(held, &trained)
            } else {
                // The added shapes' tables are the fit's alone.
                fitted
                    .iter()
                    .find(|f| f.0 == stage)
                    .map_or(f64::NAN, |f| f.3)
            }),
        ];
        all.0 += held.len();
        for (sum, e) in all.1.iter_mut().zip(errors) {
            *sum += e.unwrap_or(0.0).powi(2) * held.len() as f64;
        }
        let cells: Vec<String> = errors.iter().flatten().map(|e| format!("{e:.2}")).collect();
        eprintln!(
            "| {stage} | {}–{} | {} | {} | {} |",
            empties.start(),
            empties.end(),
            by_stage[stage].len(),
            held.len(),
            cells.join(" | ")
        );
    }
    let total: Vec<String> = all
        .1
        .iter()
        .enumerate()
        .filter(|&(i, _)| i != 1 || compare.is_some())
        .map(|(_, sq)| format!("{:.2}", (sq / all.0.max(1) as f64).sqrt()))
        .collect();
    eprintln!("| all | | | {} | {} |", all.0, total.join(" | "));
    if !a.add.is_empty() {
        eprintln!(
            "fitted: with {} beside the base patterns, before rounding; {} holds the base patterns alone",
            a.add.join(", "),
            a.out.display()
        );
    }
    std::fs::write(&a.out, trained.to_bytes())
        .map_err(|e| format!("cannot write {}: {e}", a.out.display()))?;
    eprintln!("wrote {}", a.out.display());
    Ok(())
}

/// The scalar terms a fit weighs: the first three (mobility, potential
/// mobility, discs), and the extra ones asked for, each once however
/// often it was named.
fn fitted_terms(extra: &[Extra]) -> [bool; TERMS] {
    let mut on = [false; TERMS];
    on[..3].fill(true);
    for e in extra {
        on[e.term()] = true;
    }
    on
}

/// Zeroes the terms a fit does not weigh.
fn keep_fitted<T: Copy + Default>(values: &mut [T; TERMS], fitted: &[bool; TERMS]) {
    for (v, &on) in values.iter_mut().zip(fitted) {
        if !on {
            *v = T::default();
        }
    }
}

/// Fits one stage's table values and scalars, from `init`'s.
fn fit_stage(
    a: &FitArgs,
    stage: usize,
    init: &Weights,
    samples: &[Sample],
    held: &[Sample],
    stride: usize,
) -> (Vec<f32>, [f32; TERMS], f64) {
    let (mut prior_w, prior_s) = stage_f32(init, stage);
    // Slots past the file's (the added shapes') start from zero.
    prior_w.resize(stride, 0.0);
    let mut w = prior_w.clone();
    let mut s = prior_s;
    let mut count = vec![0f32; stride];
    for x in samples {
        for &i in &x.slots {
            count[i as usize] += 1.0;
        }
    }
    let mut scale_s = [0f32; TERMS];
    for x in samples {
        for (scale, v) in scale_s.iter_mut().zip(x.scalars) {
            *scale += v * v;
        }
    }
    let prior = a.prior as f32;
    let terms = fitted_terms(&a.extra).iter().filter(|&&on| on).count();
    let mut grad = vec![0f32; stride];
    for pass in 0..a.passes {
        grad.iter_mut().for_each(|g| *g = 0.0);
        let mut grad_s = [0f32; TERMS];
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
        let step = 1.0 / (samples[0].slots.len() + terms) as f32;
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
                rms(held, &w, &s)
            );
        }
    }
    let held_out = rms(held, &w, &s);
    (w, s, held_out)
}
