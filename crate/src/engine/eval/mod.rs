//! The position evaluation: pattern tables (edges with X squares, 2×5 and
//! 3×3 corners, rows 2–4 and their turns, diagonals of 4 to 8 squares) and
//! the scalar terms ([`Scalars`]: mobility, potential mobility, disc count,
//! parity, odd regions, stable discs), each weighted by stage (how many
//! empties are left). Scores are from the mover's view in 1/100 disc
//! ([`DISC`]).
//!
//! The weights are a table loaded at start: [`Weights::hand_set`] ships with
//! the crate; [`Weights::from_bytes`] reads a trained table of the same shape
//! (see [`Weights::to_bytes`] for the format).

mod format;
mod hand;
mod index;
pub mod patterns;
mod terms;

use index::RowIndex;
use patterns::{instances, BASE};
use std::sync::OnceLock;
pub(crate) use terms::frontier_empties;
pub use terms::{terms, Scalars, TERMS};

/// One disc of final margin in evaluation units.
pub const DISC: i32 = 100;

/// How many stages the hand-set weights use.
pub const STAGES: usize = 6;

/// A weights table: for each stage, one table a base pattern (3^len values,
/// square contents as base-3 digits: 0 empty, 1 mover, 2 opponent) and the
/// scalars.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    stages: usize,
    offsets: Vec<usize>,
    stride: usize,
    tables: Vec<i16>,
    scalars: Vec<Scalars>,
}

/// Why a weights file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WeightsError {
    /// Not a weights file of this version.
    BadHeader,
    /// The file ended early or has extra bytes.
    BadLength {
        /// Bytes expected.
        expected: usize,
        /// Bytes found.
        found: usize,
    },
}

impl std::fmt::Display for WeightsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WeightsError::BadHeader => {
                f.write_str("not a virada weights file (VRDW1, VRDW2 or VRDW3)")
            }
            WeightsError::BadLength { expected, found } => {
                write!(f, "weights file has {found} bytes, expected {expected}")
            }
        }
    }
}

impl std::error::Error for WeightsError {}

/// The trained weights file (`crate/weights/eval.vrdw`, made by `virada
/// train`; `docs/engine.md`, "Training the evaluation").
#[cfg(not(target_arch = "wasm32"))]
pub const TRAINED: &[u8] = include_bytes!("../../../weights/eval.vrdw");

impl Weights {
    /// All zero, with `stages` stages (at least one).
    pub fn zero(stages: usize) -> Weights {
        let stages = stages.max(1);
        let mut offsets = Vec::new();
        let mut stride = 0;
        for p in BASE {
            offsets.push(stride);
            stride += 3usize.pow(p.squares.len() as u32);
        }
        Weights {
            stages,
            offsets,
            stride,
            tables: vec![0; stride * stages],
            scalars: vec![Scalars::default(); stages],
        }
    }

    /// The hand-set weights (see the `hand` module): the starting point and
    /// prior of training, and the fallback when no trained table is loaded.
    pub fn hand_set() -> Weights {
        hand::weights()
    }

    /// The weights the engine uses unless told otherwise: natively the
    /// trained table built into the binary ([`TRAINED`]); in WebAssembly the
    /// hand-set ones until the page's worker installs the trained file
    /// (kept out of the wasm module, which the page loads for the rules).
    pub fn shipped() -> Weights {
        #[cfg(not(target_arch = "wasm32"))]
        if let Ok(w) = Weights::from_bytes(TRAINED) {
            return w;
        }
        Weights::hand_set()
    }

    /// How many stages.
    pub fn stages(&self) -> usize {
        self.stages
    }

    /// The table of base pattern `base` at `stage`.
    pub fn table_mut(&mut self, stage: usize, base: usize) -> &mut [i16] {
        let start = stage * self.stride + self.offsets[base];
        let len = 3usize.pow(BASE[base].squares.len() as u32);
        &mut self.tables[start..start + len]
    }

    /// Every table value of `stage`, base patterns in order.
    pub fn stage_values(&self, stage: usize) -> &[i16] {
        &self.tables[stage * self.stride..(stage + 1) * self.stride]
    }

    /// Every table value of `stage`, to change.
    pub fn stage_values_mut(&mut self, stage: usize) -> &mut [i16] {
        &mut self.tables[stage * self.stride..(stage + 1) * self.stride]
    }

    /// The scalars at `stage`.
    pub fn stage_scalars(&self, stage: usize) -> Scalars {
        self.scalars[stage]
    }

    /// The scalars at `stage`, to change.
    pub fn scalars_mut(&mut self, stage: usize) -> &mut Scalars {
        &mut self.scalars[stage]
    }

    /// The stage for `empties` empty squares: the game cut in equal slices.
    pub fn stage(&self, empties: u32) -> usize {
        let played = 60 - empties.min(60) as usize;
        (played * self.stages / 61).min(self.stages - 1)
    }

    /// The numbers of empty squares that fall in `stage`; `None` when none
    /// does (more stages than moves).
    pub fn stage_empties(&self, stage: usize) -> Option<std::ops::RangeInclusive<u32>> {
        let low = (0..=60).find(|&e| self.stage(e) == stage)?;
        let high = (0..=60).rev().find(|&e| self.stage(e) == stage)?;
        Some(low..=high)
    }

    /// The same weights cut into `stages` stages (at least one): each new
    /// stage takes the values of the stage here that holds its middle.
    pub fn restaged(&self, stages: usize) -> Weights {
        let mut w = Weights::zero(stages);
        for stage in 0..w.stages {
            let middle = w
                .stage_empties(stage)
                .map_or(0, |e| e.start() + (e.end() - e.start()).div_ceil(2));
            let from = self.stage(middle);
            w.stage_values_mut(stage)
                .copy_from_slice(self.stage_values(from));
            w.scalars[stage] = self.scalars[from];
        }
        w
    }
}

static SHARED: OnceLock<Eval> = OnceLock::new();

/// A ready evaluator: weights and the placed pattern copies.
pub struct Eval {
    weights: Weights,
    /// Per copy: its table's offset within a stage.
    offsets: Vec<usize>,
    /// Every copy's index within its table, from the board's rows.
    index: RowIndex,
}

impl Eval {
    /// An evaluator over `weights`.
    pub fn new(weights: Weights) -> Eval {
        let copies = instances();
        let offsets = copies.iter().map(|i| weights.offsets[i.base]).collect();
        let squares: Vec<Vec<u8>> = copies.into_iter().map(|i| i.squares).collect();
        Eval {
            weights,
            offsets,
            index: RowIndex::new(&squares),
        }
    }

    /// The evaluator every search uses: [`Weights::shipped`] unless
    /// [`Eval::install`] came first. Built once.
    pub fn shared() -> &'static Eval {
        SHARED.get_or_init(|| Eval::new(Weights::shipped()))
    }

    /// Makes `weights` the shared evaluator; false (and no change) when the
    /// shared evaluator was already built.
    pub fn install(weights: Weights) -> bool {
        SHARED.set(Eval::new(weights)).is_ok()
    }

    /// The score of the position where `p` is to move against `o`, in 1/100
    /// disc from the mover's view. Deterministic. Always inlined, so that the
    /// solver's compilation for AVX2 evaluates with it too.
    #[inline(always)]
    pub fn evaluate(&self, p: u64, o: u64) -> i32 {
        let empties = !(p | o);
        let stage = self.weights.stage(empties.count_ones());
        let base = stage * self.weights.stride;
        let tables = &self.weights.tables[base..base + self.weights.stride];
        let indexes = self.index.indexes(p, o);
        let mut total = 0i32;
        for (&offset, &index) in self.offsets.iter().zip(&indexes) {
            total += i32::from(tables[offset + usize::from(index)]);
        }
        total += self.weights.scalars[stage].weigh(p, o);
        total.clamp(-63 * DISC, 63 * DISC)
    }
}

/// The evaluation's inputs, for fitting weights: which table slot of a stage
/// each pattern copy reads (configurations that are mirror images within a
/// pattern share one slot) and the scalar terms.
pub struct Features {
    stride: usize,
    /// Per copy: the base pattern's offset, its canonical-slot map, its squares.
    copies: Vec<(usize, usize, Vec<u8>)>,
    /// Per base pattern: configuration → its canonical configuration.
    canon: Vec<Vec<u32>>,
}

impl Features {
    /// The features of weights shaped like `weights`.
    pub fn new(weights: &Weights) -> Features {
        let canon = (0..patterns::BASE.len()).map(patterns::canonical).collect();
        let copies = instances()
            .into_iter()
            .map(|i| (weights.offsets[i.base], i.base, i.squares))
            .collect();
        Features {
            stride: weights.stride,
            copies,
            canon,
        }
    }

    /// Table slots in a stage.
    pub fn stride(&self) -> usize {
        self.stride
    }

    /// The slots of base pattern `base` ([`patterns::BASE`]) within a stage.
    pub fn slots_of(&self, base: usize) -> std::ops::Range<usize> {
        let start: usize = self.canon[..base].iter().map(Vec::len).sum();
        start..start + self.canon[base].len()
    }

    /// The slots `p` to move against `o` reads, and its scalar terms
    /// ([`terms`], all of them).
    pub fn of(&self, p: u64, o: u64) -> (Vec<u32>, [i32; TERMS]) {
        let slots = self
            .copies
            .iter()
            .map(|(offset, base, squares)| {
                let index = patterns::configuration(squares, p, o);
                (*offset + self.canon[*base][index] as usize) as u32
            })
            .collect();
        (slots, terms(p, o, true))
    }

    /// Gives every configuration its canonical configuration's value, in one
    /// stage's tables.
    pub fn share_symmetric(&self, values: &mut [i16]) {
        let mut offset = 0;
        for canon in &self.canon {
            for (index, &c) in canon.iter().enumerate() {
                values[offset + index] = values[offset + c as usize];
            }
            offset += canon.len();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Position;

    #[test]
    fn the_trained_table_loads_and_differs_from_the_hand_set_one() {
        let trained = Weights::from_bytes(TRAINED).expect("crate/weights/eval.vrdw loads");
        // docs/training.md: the shipped table cuts the game into 12 stages.
        assert_eq!(trained.stages(), 2 * STAGES);
        assert_ne!(trained, Weights::hand_set());
        assert_eq!(Weights::shipped(), trained);
    }

    /// Perfect play from the start is a draw (Takizawa, "Othello is
    /// Solved", arXiv:2310.19387, 2023): the shipped weights should see the
    /// start, and each of the four (symmetric) first moves, as about even.
    /// The start's value is also pinned (docs/training.md gives it), so a
    /// table shipped by mistake, or a change to the evaluation's code, shows.
    #[test]
    fn the_shipped_weights_see_the_start_as_about_even() {
        let eval = Eval::new(Weights::shipped());
        let start = Position::start();
        let v = eval.evaluate(start.player().0, start.opponent().0);
        assert!(v.abs() <= 2 * DISC, "start valued {v}");
        assert_eq!(v, 103, "the shipped table's value of the start");
        let after: Vec<i32> = ["f5", "e6", "d3", "c4"]
            .iter()
            .map(|m| start.play(m.parse().unwrap()).unwrap())
            .map(|p| eval.evaluate(p.player().0, p.opponent().0))
            .collect();
        assert!(after.iter().all(|&a| a == after[0]), "{after:?}");
        assert!(after[0].abs() <= 2 * DISC, "after f5 valued {}", after[0]);
    }

    #[test]
    fn weights_round_trip_through_bytes_and_reject_junk() {
        let w = Weights::hand_set();
        assert_eq!(Weights::from_bytes(&w.to_bytes()), Ok(w));
        let trained = Weights::shipped();
        let bytes = trained.to_bytes();
        assert_eq!(&bytes[..5], b"VRDW2");
        assert_eq!(Weights::from_bytes(&bytes), Ok(trained));
        assert_eq!(Weights::from_bytes(b"nope"), Err(WeightsError::BadHeader));
        let mut short = Weights::zero(2).to_bytes();
        short.pop();
        assert!(matches!(
            Weights::from_bytes(&short),
            Err(WeightsError::BadLength { .. })
        ));
    }

    #[test]
    fn the_extra_terms_are_written_as_vrdw3_and_add_weight_times_value() {
        let plain = Weights::shipped();
        let mut w = plain.clone();
        let stage = w.stage(59);
        w.scalars_mut(stage).parity = 40;
        w.scalars_mut(stage).odd_regions = -7;
        w.scalars_mut(stage).stable = 90;
        let bytes = w.to_bytes();
        assert_eq!(&bytes[..5], b"VRDW3");
        assert_eq!(Weights::from_bytes(&bytes), Ok(w.clone()));
        let mut cut = bytes.clone();
        cut.truncate(bytes.len() - 1);
        assert!(Weights::from_bytes(&cut).is_err());
        // After f5: parity +1, odd regions +1, stable 0 (terms.rs).
        let pos = Position::start().play("f5".parse().unwrap()).unwrap();
        let (p, o) = (pos.player().0, pos.opponent().0);
        let before = Eval::new(plain).evaluate(p, o);
        assert_eq!(Eval::new(w).evaluate(p, o), before + 40 - 7);
    }

    /// Twelve stages cut each of six in two (the stages are equal slices of
    /// the game), so the shipped table restaged to 12 values every position
    /// as it does; restaged to its own count it is itself.
    #[test]
    fn restaging_into_finer_slices_keeps_every_value() {
        let w = Weights::shipped();
        assert_eq!(w.restaged(w.stages()), w);
        let fine = Eval::new(w.restaged(2 * w.stages()));
        let eval = Eval::new(w.clone());
        let mut pos = Position::start();
        let mut seen = 0;
        while !pos.is_game_over() {
            let (p, o) = (pos.player().0, pos.opponent().0);
            assert_eq!(fine.evaluate(p, o), eval.evaluate(p, o));
            seen += 1;
            // The last legal square: a game that runs along the board.
            pos = match pos.legal_moves().squares().last() {
                Some(sq) => pos.play(sq).unwrap(),
                None => pos.pass().unwrap(),
            };
        }
        assert!(seen > 50);
        // Coarser: a stage takes the values of the one holding its middle.
        let coarse = w.restaged(3);
        assert_eq!(coarse.stages(), 3);
        assert_eq!(coarse.stage_values(0), w.stage_values(w.stage(50)));
    }

    #[test]
    fn the_eight_symmetries_evaluate_alike_and_a_corner_is_good() {
        let eval = Eval::shared();
        let mut pos = Position::start();
        for sq in ["f5", "d6", "c3", "d3", "c4", "f4", "c5", "b3", "c2"] {
            pos = pos.play(sq.parse().unwrap()).unwrap();
        }
        let v0 = eval.evaluate(pos.player().0, pos.opponent().0);
        for which in 1..8 {
            let s = pos.symmetry(which);
            assert_eq!(
                eval.evaluate(s.player().0, s.opponent().0),
                v0,
                "symmetry {which}"
            );
        }
        // The mover holding a1 instead of the opponent is better for the mover.
        let p = 1u64 | (1 << 27);
        let o = (1u64 << 28) | (1 << 9);
        assert!(eval.evaluate(p, o) > eval.evaluate(o, p));
    }
}
