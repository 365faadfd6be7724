//! The clock as people type it (`3+2`: minutes + seconds a move) read
//! into the notation the record and the API keep (`180+2`: seconds): what
//! the pages ask of the library's `clock` (a clock's speed and a
//! resignation's score come in the server's `state` frame). (Writing a clock as people read it
//! is `www/core/clock-text.js`'s, a display only: the first board's
//! download has no room for it here.)

use super::coded;
use crate::clock::TimeControl;
use wasm_bindgen::prelude::*;

/// A clock typed by a person (`3+2`, `0.5+0`, `30s`, `2d`) in the
/// record's and the API's notation (`180+2`, `30`, `2d`). Errors:
/// `bad-clock`, whose sentence says what may be written.
#[wasm_bindgen]
pub fn clock_from_players(text: &str) -> Result<String, js_sys::Error> {
    TimeControl::from_players(text)
        .map(|c| c.to_string())
        .map_err(|e| coded(e.code(), e.reason()))
}
