//! `virada train label`: new labels for positions far from the end, from
//! searches on given weights. A position with at most `--exact` empties
//! keeps its label (`gen` solved it exactly); any other gets the score of a
//! `--depth` search, blended with its label from `gen` (the result the game
//! reached from it) by `--outcome`. The output lines up with the input
//! record for record; a stopped run resumes where its output ends.

use super::{append_records, read_records, Record};
use clap::Args as ClapArgs;
use std::io::Write;
use std::time::Instant;
use virada::engine::eval::DISC;
use virada::engine::search::{Budget, Engine, Limits};
use virada::{Color, Position};

/// Options of `label`.
#[derive(ClapArgs)]
pub struct LabelArgs {
    /// Positions from `gen`.
    data: std::path::PathBuf,
    /// Where to write the relabelled positions (appended to when it exists:
    /// the run resumes after the positions already there).
    #[arg(long)]
    out: std::path::PathBuf,
    /// The search's depth.
    #[arg(long, default_value_t = 6)]
    depth: u32,
    /// The weights the search evaluates with (default: the shipped table).
    #[arg(long)]
    weights: Option<std::path::PathBuf>,
    /// Positions with at most this many empties keep their (exact) label:
    /// no more than `gen`'s `--solve-at`.
    #[arg(long, default_value_t = 18)]
    exact: u32,
    /// The share of the game's result in the new label (0: the search's
    /// score alone; 1: the result alone).
    #[arg(long, default_value_t = 0.25)]
    outcome: f64,
    /// Threads.
    #[arg(long, default_value_t = 2)]
    threads: usize,
}

/// Positions labelled between two writes (and progress lines).
const BLOCK: usize = 4096;

/// The new label of `r`.
fn label(engine: &mut Engine, r: &Record, a: &LabelArgs) -> i8 {
    if r.empties() <= a.exact {
        return r.score;
    }
    // read_records refused overlapping masks; the side's colour does not
    // change a search.
    let pos = Position::from_masks(r.player, r.opponent, Color::Dark);
    engine.clear();
    let limits = Limits {
        depth: a.depth,
        exact_empties: 0,
        wld_empties: 0,
    };
    let searched =
        f64::from(engine.search(&pos, &limits, Budget::unlimited()).score) / f64::from(DISC);
    super::blend(r.score, searched, a.outcome)
}

/// Runs `label`.
pub fn run(a: &LabelArgs) -> Result<(), String> {
    if !(0.0..=1.0).contains(&a.outcome) {
        return Err("--outcome is a share, from 0 to 1".into());
    }
    super::install_weights(a.weights.as_deref())?;
    let records = read_records(&a.data)?;
    let (mut out, done) = append_records(&a.out)?;
    let done = done as usize;
    if done > records.len() {
        return Err(format!(
            "{} has {done} positions, more than {} in {}: not its output",
            a.out.display(),
            records.len(),
            a.data.display()
        ));
    }
    if done > 0 {
        eprintln!("{done} positions already labelled; resuming");
    }
    let threads = a.threads.max(1);
    let mut engines: Vec<Engine> = (0..threads).map(|_| Engine::new(8 << 20)).collect();
    let started = Instant::now();
    let mut at = done;
    while at < records.len() {
        let block = &records[at..(at + BLOCK).min(records.len())];
        let share = block.len().div_ceil(threads);
        let labels: Vec<Vec<i8>> = std::thread::scope(|scope| {
            let handles: Vec<_> = block
                .chunks(share)
                .zip(engines.iter_mut())
                .map(|(chunk, engine)| {
                    scope.spawn(move || {
                        chunk
                            .iter()
                            .map(|r| label(engine, r, a))
                            .collect::<Vec<i8>>()
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().unwrap_or_default())
                .collect()
        });
        let labels: Vec<i8> = labels.into_iter().flatten().collect();
        if labels.len() != block.len() {
            return Err("a labelling thread failed".into());
        }
        let mut buf = Vec::with_capacity(block.len() * Record::SIZE);
        for (r, &score) in block.iter().zip(&labels) {
            Record { score, ..*r }.write(&mut buf);
        }
        out.write_all(&buf)
            .map_err(|e| format!("cannot write {}: {e}", a.out.display()))?;
        at += block.len();
        let secs = started.elapsed().as_secs_f64();
        eprintln!(
            "{at}/{} positions labelled, {:.0} a second",
            records.len(),
            (at - done) as f64 / secs.max(1e-9)
        );
    }
    Ok(())
}
