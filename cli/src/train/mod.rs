//! `virada train`: make the evaluation's weights from games.
//!
//! `gen` plays and solves games and writes their positions, each labelled
//! with the game's exact result from the mover's view; `label` relabels
//! the positions far from the end with searches on the latest weights
//! (blended with that result); `fit` fits the pattern tables and scalars of
//! every stage to the labels by least squares. `label` and `fit` are run in
//! turn, each round's weights searching the next round's labels
//! (docs/engine.md, "Training the evaluation").

mod fit;
mod gen;
mod label;
mod shapes;

use clap::Subcommand;
use std::path::Path;

/// The steps.
#[derive(Subcommand)]
pub enum Command {
    /// Play and solve games; append labelled positions to a file.
    Gen(gen::GenArgs),
    /// Relabel positions with searches on given weights.
    Label(label::LabelArgs),
    /// Fit weights to labelled positions.
    Fit(fit::FitArgs),
}

/// Runs a `train` subcommand.
pub fn run(command: Command) -> Result<std::process::ExitCode, String> {
    match command {
        Command::Gen(a) => gen::run(&a),
        Command::Label(a) => label::run(&a),
        Command::Fit(a) => fit::run(&a),
    }
    .map(|()| std::process::ExitCode::SUCCESS)
}

/// One labelled position as stored: the mover's discs and the opponent's
/// (little-endian `u64`s), then the label in discs from the mover's view
/// (`i8`). 17 bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Record {
    /// The mover's discs.
    pub player: u64,
    /// The opponent's discs.
    pub opponent: u64,
    /// Final disc difference from the mover's view (exact or estimated).
    pub score: i8,
}

impl Record {
    /// Bytes a record.
    pub const SIZE: usize = 17;

    /// Appends the record's bytes to `out`.
    pub fn write(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.player.to_le_bytes());
        out.extend_from_slice(&self.opponent.to_le_bytes());
        out.push(self.score as u8);
    }

    /// Reads one record (`bytes` is [`Record::SIZE`] long).
    fn read(bytes: &[u8]) -> Record {
        let word = |b: &[u8]| u64::from_le_bytes(b.try_into().unwrap_or_default());
        Record {
            player: word(&bytes[0..8]),
            opponent: word(&bytes[8..16]),
            score: bytes[16] as i8,
        }
    }

    /// Empty squares.
    pub fn empties(&self) -> u32 {
        (!(self.player | self.opponent)).count_ones()
    }
}

/// Every record of a file; an error names the file when it is not whole
/// records or holds an impossible position.
pub fn read_records(path: &Path) -> Result<Vec<Record>, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    if bytes.len() % Record::SIZE != 0 {
        return Err(format!(
            "{}: {} bytes is not a whole number of {}-byte positions (a run stopped mid-write? `gen` and `label` cut a partial last one when they resume)",
            path.display(),
            bytes.len(),
            Record::SIZE
        ));
    }
    let records: Vec<Record> = bytes.chunks_exact(Record::SIZE).map(Record::read).collect();
    if let Some(i) = records.iter().position(|r| r.player & r.opponent != 0) {
        return Err(format!(
            "{}: position {i} has a square held by both sides",
            path.display()
        ));
    }
    Ok(records)
}

/// Opens `path` to append whole records: a partial last record (a run
/// stopped mid-write) is cut. Returns the file and how many records it holds.
pub fn append_records(path: &Path) -> Result<(std::fs::File, u64), String> {
    let file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map_err(|e| format!("cannot open {}: {e}", path.display()))?;
    let len = file
        .metadata()
        .map_err(|e| format!("{}: {e}", path.display()))?
        .len();
    let whole = len - len % Record::SIZE as u64;
    if whole != len {
        eprintln!(
            "{}: cutting a partial last position ({} bytes)",
            path.display(),
            len - whole
        );
        file.set_len(whole)
            .map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok((file, whole / Record::SIZE as u64))
}

/// A label far from the end: the game's `result` and a search's score
/// (`searched`, in discs), `outcome` of it the result's; both from the
/// mover's view.
pub fn blend(result: i8, searched: f64, outcome: f64) -> i8 {
    let blend = outcome * f64::from(result) + (1.0 - outcome) * searched;
    blend.round().clamp(-64.0, 64.0) as i8
}

/// Makes the weights in `path` the evaluation of every search in this
/// process (the shipped table when `None`).
pub fn install_weights(path: Option<&Path>) -> Result<(), String> {
    let Some(path) = path else { return Ok(()) };
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let weights = virada::engine::eval::Weights::from_bytes(&bytes)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    if !virada::engine::eval::Eval::install(weights) {
        return Err("the evaluation was already in use".into());
    }
    Ok(())
}
