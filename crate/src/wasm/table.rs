//! The game at the table, one class for both games: the same methods, a JSON
//! snapshot (see `table::Table::snapshot`), a JSON event for each turn (see
//! `table::event_json`), and coded errors. A thin shell over the library's
//! `table::AnyTable`.

use super::coded;
use crate::table::{AnyTable, Settings, TableError};
use wasm_bindgen::prelude::*;

fn error(e: TableError) -> js_sys::Error {
    coded(e.code(), e)
}

/// The page's milliseconds as the table's instant (a negative or unknown
/// time as 0).
fn instant(ms: f64) -> u64 {
    if ms.is_finite() && ms > 0.0 {
        ms as u64
    } else {
        0
    }
}

/// A game at the table, Othello or Nabucodonosor.
#[wasm_bindgen]
pub struct GameTable(AnyTable);

#[wasm_bindgen]
impl GameTable {
    /// A new game: `game` is `othello` or `nabucodonosor`; `size` is
    /// Nabucodonosor's board side (5–15, ignored for Othello); `seats` is two
    /// of `person`, `bot` (at `level`) or `bot:N`; `clock` is `30`, `180+2`
    /// or empty; an empty `seed_hex` draws a secret seed, 64
    /// hex characters choose one (marked chosen); `word` is the players' word
    /// (at most 256 bytes). Errors: `bad-game`, `bad-size`, `bad-seats`,
    /// `bad-level`, `bad-clock`, `correspondence-online-only`, `bad-seed`,
    /// `bad-word`, `no-random`.
    #[wasm_bindgen(constructor)]
    pub fn new(
        game: &str,
        size: u32,
        seats: &str,
        level: u32,
        clock: &str,
        seed_hex: &str,
        word: &str,
    ) -> Result<GameTable, js_sys::Error> {
        AnyTable::named(game, size, |max| {
            Settings::parse(seats, level, clock, seed_hex, word, max)
        })
        .map(GameTable)
        .map_err(error)
    }

    /// Everything the page draws, as JSON (see `table::Table::snapshot`).
    pub fn snapshot(&self) -> String {
        self.0.snapshot()
    }

    /// The side to move plays `mv` (`f5`; `d3`, `c3:e4`, `swap`); the table
    /// then passes for any side with no move. Returns the event as JSON.
    /// Errors: `bad-move`, then the rule set's codes.
    pub fn play(&mut self, mv: &str) -> Result<String, js_sys::Error> {
        self.0.play(mv).map_err(error)
    }

    /// `play` at the instant `now` (ms): `table::Table::play_at`.
    pub fn play_at(&mut self, mv: &str, now: f64) -> Result<String, js_sys::Error> {
        self.0.play_at(mv, instant(now)).map_err(error)
    }

    /// `table::Table::start_clock`.
    pub fn start_clock(&mut self, now: f64) {
        self.0.start_clock(instant(now))
    }

    /// `table::Table::check_flag`: `dark`, `light` or none.
    pub fn check_flag(&mut self, now: f64) -> Option<String> {
        self.0.check_flag(instant(now)).map(|c| c.to_string())
    }

    /// `table::Table::clock_json`.
    pub fn clock(&self, now: f64) -> String {
        self.0.clock_json(instant(now))
    }

    /// A stored game's clock, after its moves were replayed
    /// (`table::Table::restore_clock`): each ply's time left in tenths as
    /// the record keeps them, dark's and light's milliseconds left when
    /// their clocks last stopped, and the instant the side to move's clock
    /// started. Errors: `bad-clock-state`.
    pub fn restore_clock(
        &mut self,
        times: Vec<u32>,
        dark_ms: f64,
        light_ms: f64,
        since: f64,
    ) -> Result<(), js_sys::Error> {
        let left = [instant(dark_ms), instant(light_ms)];
        self.0
            .restore_clock(times, left, instant(since))
            .map_err(error)
    }

    /// The clock ran out: the table plays the time-out move, marked, then
    /// any forced pass. Returns the event as JSON; `game-over` once over,
    /// `no-table-move` under a game clock.
    pub fn time_out(&mut self) -> Result<String, js_sys::Error> {
        self.0.time_out().map_err(error)
    }

    /// The cells `mv` would turn over now (Othello's flips of a square, a
    /// Nabucodonosor capture's cells), a `Uint32Array`; empty when it is
    /// not legal.
    pub fn preview(&self, mv: &str) -> Vec<u32> {
        self.0.preview(mv).into_iter().map(|c| c as u32).collect()
    }

    /// Nabucodonosor: the legal captures containing cell `index` (each as
    /// the record writes it, `c3:e4`), in the order repeated taps cycle
    /// through them (largest first). Othello: none.
    pub fn captures_at(&self, index: u32) -> Vec<String> {
        self.0.captures_at(index as usize)
    }

    /// Replays stored moves written as the record writes them (`f5 *d3 PA`,
    /// `d3 *c3:e4 swap pass`), each checked.
    pub fn replay(&mut self, moves: &str) -> Result<(), js_sys::Error> {
        self.0.replay_text(moves).map_err(error)
    }

    /// The person to move took a hint (the page shows the bot's best move
    /// from the analysis): noted in the record. Errors: `rated`,
    /// `nothing-to-undo` (not a person's turn against the bot).
    pub fn hint_taken(&mut self) -> Result<(), js_sys::Error> {
        self.0.hint().map_err(error)
    }

    /// The person to move takes back their last move and everything since
    /// (the bot's reply, forced passes): noted in the record. Returns the
    /// number of plies taken back. Errors: `rated`, `nothing-to-undo`.
    pub fn undo(&mut self) -> Result<u32, js_sys::Error> {
        self.0.undo().map(|n| n as u32).map_err(error)
    }

    /// Restores a stored game's hints and undos (`hint 3, undo 8 2`, as the
    /// snapshot's `assists` gives them). Errors: `bad-assists`, `rated`.
    pub fn set_assists(&mut self, text: &str) -> Result<(), js_sys::Error> {
        self.0.set_assists(text).map_err(error)
    }

    /// Makes the game rated (no hint, no undo) or casual.
    pub fn set_rated(&mut self, rated: bool) {
        self.0.set_rated(rated)
    }

    /// Sets Othello's handicap (V2) before the first move, in its short form:
    /// `seat1` or `seat2`, then `:first` and/or the corners (`seat2:first:a1,h8`);
    /// empty or `none` for none. The snapshot's `handicap` then says it.
    /// Errors: `bad-handicap`, `bad-corner`, `empty-handicap`,
    /// `handicap-othello-only`, `handicap-after-start`.
    pub fn set_handicap(&mut self, text: &str) -> Result<(), js_sys::Error> {
        self.0.set_handicap(text).map_err(error)
    }

    /// Marks the seed as chosen or secret (when restoring a stored game).
    pub fn set_seed_chosen(&mut self, chosen: bool) {
        self.0.set_seed_chosen(chosen)
    }

    /// The seed as 64 lowercase hex characters (the page shows it only at the end).
    pub fn seed_hex(&self) -> String {
        self.0.seed().to_string()
    }

    /// The game's record, with the seed when `reveal` (game over or
    /// abandoned), `seed: hidden` before.
    pub fn record(&self, reveal: bool) -> String {
        self.0.record(reveal)
    }

    /// Othello's GGF export; `wrong-game` for Nabucodonosor.
    pub fn ggf(&self) -> Result<String, js_sys::Error> {
        self.0.ggf().map_err(error)
    }
}
