//! The history page: a stored game's line in the list, and a game of either
//! kind replayed step by step (`replay`).

use super::coded;
use wasm_bindgen::prelude::*;

/// A record, GGF game or Othello transcript replayed (`replay::read`), as
/// JSON (`Replay::to_json`): every position from the start with the ply
/// that led to it, who played it, whether the table placed it, the cell
/// placed and the cells flipped. An error's message starts with its code.
#[wasm_bindgen]
pub fn history_replay(text: &str) -> Result<String, js_sys::Error> {
    crate::engine::replay::read(text)
        .map(|r| r.to_json())
        .map_err(|e| coded(e.code(), &e))
}

/// A stored record's line in the history list, read from its header only
/// (`replay::summary`), as JSON. An error's message starts with its code.
#[wasm_bindgen]
pub fn history_summary(text: &str) -> Result<String, js_sys::Error> {
    crate::engine::replay::summary(text).map_err(|e| coded(e.code(), &e))
}
