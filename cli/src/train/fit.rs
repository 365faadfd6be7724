//! `virada train fit`: fit, stage by stage, every pattern slot and scalar
//! of the evaluation to labelled positions by least squares (full-batch
//! steps, each slot by its mean error over the positions that use it,
//! pulled towards the starting weights as if by `--prior` positions agreeing
//! with them). Configurations that are mirror images within a pattern share
//! a slot, so the evaluation stays exactly symmetric. One position in eight
//! (by a hash of it) is held out; the error on it is reported for the
//! hand-set weights, the starting ones and the fit.

use super::read_records;
use clap::Args as ClapArgs;
use virada::engine::eval::{self, Weights};

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
}

fn read_weights(path: &std::path::Path) -> Result<Weights, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    Weights::from_bytes(&bytes).map_err(|e| format!("{}: {e}", path.display()))
}

/// A stage's table values and scalars as `f32`.
fn stage_f32(w: &Weights, stage: usize) -> (Vec<f32>, [f32; 3]) {
    let s = w.stage_scalars(stage);
    (
        w.stage_values(stage)
            .iter()
            .map(|&v| f32::from(v))
            .collect(),
        [s.mobility, s.potential, s.discs].map(f32::from),
    )
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
    let compare = a.compare.as_deref().map(read_weights).transpose()?;
    for w in [&init].into_iter().chain(compare.as_ref()) {
        if w.stages() != hand.stages() {
            return Err(format!(
                "weights with {} stages; this build fits {}",
                w.stages(),
                hand.stages()
            ));
        }
    }
    let mut trained = init.clone();
    let features = eval::Features::new(&hand);
    let stages = hand.stages();
    let mut by_stage: Vec<Vec<Sample>> = (0..stages).map(|_| Vec::new()).collect();
    // One position in eight (by a hash of it) is held out to measure the fit.
    let mut held: Vec<Vec<Sample>> = (0..stages).map(|_| Vec::new()).collect();
    for r in &records {
        let (p, o) = (r.player, r.opponent);
        let (slots, scalars) = features.of(p, o);
        let set = if (p ^ o.rotate_left(23)).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 40 & 15 < 2 {
            &mut held
        } else {
            &mut by_stage
        };
        set[hand.stage(r.empties())].push(Sample {
            slots,
            scalars: scalars.map(|v| v as f32),
            target: f32::from(r.score) * eval::DISC as f32,
        });
    }
    drop(records);
    let stride = features.stride();
    let mut report = Vec::new();
    for (stage, samples) in by_stage.iter().enumerate() {
        if samples.is_empty() || stage < a.first_stage {
            continue;
        }
        let (prior_w, prior_s) = stage_f32(&init, stage);
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
        let error = |w: &Weights| {
            let (tw, ts) = stage_f32(w, stage);
            format!("{:.2}", rms(&held[stage], &tw, &ts))
        };
        report.push(format!(
            "| {stage} | {} | {} | {} | {}{} | {:.2} |",
            samples.len(),
            held[stage].len(),
            error(&hand),
            compare
                .as_ref()
                .map(|c| error(c) + " | ")
                .unwrap_or_default(),
            error(&init),
            rms(&held[stage], &w, &s)
        ));
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
    eprintln!("held-out error, root mean square in discs:");
    eprintln!(
        "| stage | positions fitted | held out | hand-set | {}start | fitted |",
        if compare.is_some() { "compared | " } else { "" }
    );
    for line in report {
        eprintln!("{line}");
    }
    std::fs::write(&a.out, trained.to_bytes())
        .map_err(|e| format!("cannot write {}: {e}", a.out.display()))?;
    eprintln!("wrote {}", a.out.display());
    Ok(())
}
