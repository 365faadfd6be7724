//! Benchmark entry points, built only with the `bench` feature (the page's
//! package is built without them; `make bench` builds its own).

use super::{browser_clock, coded, position};
use wasm_bindgen::prelude::*;

/// The leaves `depth` plies below the start position (see `movegen::perft`).
#[wasm_bindgen]
pub fn perft_start(depth: u32) -> f64 {
    crate::Position::start().perft(depth) as f64
}

/// The bot's search at `level` of the position given by its disc masks, with
/// a fresh engine (tables of 4 MiB, as the page's) and a budget of `nodes`
/// positions (0: none) and `time_ms`: `MOVE SCORE NODES`, for the search
/// benchmark (`tests/bench/wasm-bot.mjs`).
#[wasm_bindgen]
pub fn bot_bench(
    dark: u64,
    light: u64,
    dark_to_move: bool,
    level: u8,
    time_ms: u32,
    nodes: f64,
) -> Result<String, js_sys::Error> {
    let position = position(dark, light, dark_to_move)?;
    let mut budget =
        crate::engine::search::Budget::millis(f64::from(time_ms.max(1)), browser_clock);
    budget.nodes = (nodes >= 1.0).then_some(nodes as u64);
    let mut engine = crate::engine::search::Engine::new(4 << 20);
    engine.set_book(false);
    let choice = crate::engine::bot::choose_with(&mut engine, &position, level, &mut || 0, budget);
    Ok(format!("{} {} {}", choice.mv, choice.score, choice.nodes))
}

/// The exact solve of the position given by its disc masks, for the endgame
/// benchmark: `MOVE SCORE NODES` (score: final disc difference for the mover).
#[wasm_bindgen]
pub fn endgame_solve(
    dark: u64,
    light: u64,
    dark_to_move: bool,
    table_mb: u32,
) -> Result<String, js_sys::Error> {
    let position = position(dark, light, dark_to_move)?;
    let mut table =
        crate::engine::endgame::EndTable::with_bytes((table_mb.clamp(1, 1024) as usize) << 20);
    let s =
        crate::engine::endgame::Solver::new(&mut table, crate::engine::search::Budget::unlimited())
            .solve(&position)
            .ok_or_else(|| coded("stopped", "the solve was stopped"))?;
    Ok(format!("{} {} {}", s.best, s.score, s.nodes))
}
