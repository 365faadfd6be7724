//! The puzzle page's worker: a package of its own (`puzzle-exports`,
//! www/pkg-puzzle) that only puzzle.html's worker loads. A thin shell over
//! the library's `puzzle::session::Session`: the set, a puzzle's line
//! played with the exact solver, the next puzzle, the day's, and a rating
//! kept on the device. Answers are JSON; refusals a coded `Error`.

use super::coded;
use crate::puzzle::session::{Session, SessionError};
use crate::rating::Stated;
use wasm_bindgen::prelude::*;

/// The solver's table: 16 MiB, as the server's oracle.
const TABLE_BYTES: usize = 16 << 20;

fn error(e: SessionError) -> js_sys::Error {
    coded(e.code, e.message)
}

/// A whole number from the page, or `None` when it is not one.
fn whole(x: f64) -> Option<i64> {
    (x.is_finite() && x.fract() == 0.0 && x.abs() < 1e15).then_some(x as i64)
}

/// The set, the solver and the puzzle being played.
#[wasm_bindgen]
pub struct PuzzleSession(Session);

#[wasm_bindgen]
impl PuzzleSession {
    /// A session with no set yet.
    #[wasm_bindgen(constructor)]
    pub fn new() -> PuzzleSession {
        PuzzleSession(Session::new(TABLE_BYTES))
    }

    /// Reads the set's text; the number of puzzles. Errors: `puzzle-set`.
    pub fn load_set(&mut self, text: &str) -> Result<u32, js_sys::Error> {
        self.0.load_set(text).map(|n| n as u32).map_err(error)
    }

    /// Opens a puzzle by id or whole line (`Session::open`).
    pub fn open(&mut self, text: &str) -> Result<String, js_sys::Error> {
        self.0.open(text).map_err(error)
    }

    /// The person plays `square` (`Session::play`).
    pub fn play(&mut self, square: &str) -> Result<String, js_sys::Error> {
        self.0.play(square).map_err(error)
    }

    /// The id rated nearest `rating`, none of `skip` (ids joined by commas).
    pub fn nearest(&self, rating: i32, skip: &str) -> Option<String> {
        self.0.nearest(rating, skip)
    }

    /// A streak's next: the easiest rated above `rating`, none of `skip`.
    pub fn harder(&self, rating: i32, skip: &str) -> Option<String> {
        self.0.harder(rating, skip)
    }

    /// The day's puzzle, `{"day", "id"}` (`day`: days since 1970-01-01).
    pub fn daily(&self, day: f64) -> Option<String> {
        self.0.daily(whole(day)?)
    }

    /// A rating on the device after an attempt (`Session::rate`): the
    /// person's rating, deviation (hundredths) and volatility (billionths).
    /// Errors: `bad-rating`, `no-puzzle`.
    pub fn rate(
        &self,
        rating: f64,
        deviation: f64,
        volatility: f64,
        id: &str,
        solved: bool,
    ) -> Result<String, js_sys::Error> {
        let bad = || coded("bad-rating", "a rating is three whole numbers");
        let person = Stated {
            rating: whole(rating).ok_or_else(bad)?,
            deviation: whole(deviation).ok_or_else(bad)?,
            volatility: whole(volatility).ok_or_else(bad)?,
        };
        self.0.rate(person, id, solved).map_err(error)
    }
}

impl Default for PuzzleSession {
    fn default() -> PuzzleSession {
        PuzzleSession::new()
    }
}
