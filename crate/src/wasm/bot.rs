//! The bots: Othello's search (with the trained weights) and
//! Nabucodonosor's, each asked with plain values since a table cannot go
//! into the bot's worker; the top level's search split across helper
//! workers lives in `split.rs`, on several threads over one memory in
//! `team.rs`.

use super::{browser_clock, coded, position, seed};
use wasm_bindgen::prelude::*;

/// Installs a trained weights file (`VRDW1`–`VRDW3`, see `eval::Weights::to_bytes`)
/// for every later search, from the file's bytes as fetched (a
/// `Uint8Array`). Call before the first search; errors: `bad-weights` (the
/// file was refused, and why) or `weights-in-use`.
#[wasm_bindgen]
pub fn load_weights(bytes: &js_sys::Uint8Array) -> Result<(), js_sys::Error> {
    let weights = crate::engine::eval::Weights::from_bytes(&bytes.to_vec())
        .map_err(|e| coded("bad-weights", e))?;
    if crate::engine::eval::Eval::install(weights) {
        Ok(())
    } else {
        Err(coded(
            "weights-in-use",
            "the evaluation is already in use; load weights before the first search",
        ))
    }
}

/// Installs the opening book (`VRDB1`, see `book::Book::from_bytes`) that
/// levels 8–10 play from, from the file's bytes as fetched (a
/// `Uint8Array`). Call before the first search; errors: `bad-book` (the
/// file was refused, and why) or `book-in-use`.
#[wasm_bindgen]
pub fn load_book(bytes: &js_sys::Uint8Array) -> Result<(), js_sys::Error> {
    let book =
        crate::engine::book::Book::from_bytes(&bytes.to_vec()).map_err(|e| coded("bad-book", e))?;
    if crate::engine::book::Book::install(book) {
        Ok(())
    } else {
        Err(coded(
            "book-in-use",
            "the book is already in use; load it before the first search",
        ))
    }
}

/// The Othello bot's move for the position given by its two disc masks
/// (bit 0 = a1 … bit 63 = h8), as JSON: `{"move":"d3","book":false}`
/// (`PA` when it must pass; `book` when the move came from the opening
/// book), with the nodes searched and the depth reached beside it.
/// `seed_hex` is the game's seed (64 hex characters) and `ply` the number of
/// moves played, so a weak level's seeded choices replay; `time_ms` bounds
/// the search.
#[wasm_bindgen]
pub fn bot_choose(
    dark: u64,
    light: u64,
    dark_to_move: bool,
    level: u8,
    seed_hex: &str,
    ply: u32,
    time_ms: u32,
) -> Result<String, js_sys::Error> {
    let seed = seed(seed_hex)?;
    let position = position(dark, light, dark_to_move)?;
    let budget = crate::engine::search::Budget::millis(f64::from(time_ms.max(1)), browser_clock);
    let choice = BOT_ENGINE.with(|engine| {
        let mut engine = engine.borrow_mut();
        crate::engine::bot::game_move(&mut engine, &position, level, &seed, ply, budget)
    });
    Ok(answer(&choice, None))
}

/// A choice as the bot's worker answers it: `{"move":"d3","book":false,
/// "nodes":N,"depth":D}`, and `"helpers":H` (how many helper workers
/// searched beside the bot's) when given.
pub(super) fn answer(choice: &crate::engine::bot::Choice, helpers: Option<usize>) -> String {
    crate::json::object(|o| {
        o.field("move", choice.mv.to_string())
            .field("book", choice.book)
            .field("nodes", choice.nodes)
            .field("depth", choice.depth);
        if let Some(helpers) = helpers {
            o.field("helpers", helpers);
        }
    })
}

/// The bot's tables: 4 MiB, and 16 MiB where helper threads share them
/// (the package built with WebAssembly threads), which fill them faster.
const BOT_TABLE_BYTES: usize = if cfg!(target_feature = "atomics") {
    16 << 20
} else {
    4 << 20
};

thread_local! {
    /// The bot's engine, kept between moves.
    pub(super) static BOT_ENGINE: std::cell::RefCell<crate::engine::search::Engine> =
        std::cell::RefCell::new(crate::engine::search::Engine::new(BOT_TABLE_BYTES));
}

/// The Nabucodonosor bot's move at `level` for the game of side `size` after
/// `moves` (space separated, as the record writes them), from the game's
/// seed (64 hex) and the ply; empty when the game is over. `time_ms`, when
/// not 0, bounds its search (under a game clock, its own time: T22); 0
/// leaves it to its playouts alone, so a game replays. (Not in the threaded
/// package: Nabucodonosor's bot runs in a worker of its own.)
#[cfg(feature = "bot-exports")]
#[wasm_bindgen]
pub fn nabu_bot_move(
    size: u32,
    moves: &str,
    level: u8,
    seed_hex: &str,
    time_ms: u32,
) -> Result<String, js_sys::Error> {
    let deadline = browser_clock() + f64::from(time_ms);
    let mut stop = || time_ms > 0 && browser_clock() >= deadline;
    crate::table::nabu_bot_move_within(size, moves, level, seed_hex, &mut stop)
        .map_err(|e| coded(e.code(), e))
}
