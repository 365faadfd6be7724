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
