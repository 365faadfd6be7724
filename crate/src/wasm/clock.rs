//! The clock as people type it (`3+2`: minutes + seconds a move) read
//! into the notation the record and the API keep (`180+2`: seconds), a
//! clock's speed, and the score of a game ended early (rule T24): what the
//! pages ask of the library's `clock`. (Writing a clock as people read it
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

/// The score of a game ended early with a loser (a resignation, rule
/// T24): `[loser's, winner's]` from the loser's discs on a board of
/// `squares` squares (`crate::clock::score_ended_early`).
#[wasm_bindgen]
pub fn score_ended_early(loser_discs: u32, squares: u32) -> Vec<u32> {
    let (loser, winner) = crate::clock::score_ended_early(loser_discs, squares);
    vec![loser, winner]
}

/// The speed a clock in the record's notation is rated at (`bullet`,
/// `blitz`, `rapid`, `classical`, `correspondence`; lichess's classes,
/// `crate::clock::Speed`), `""` for none. Errors: `bad-clock`.
#[wasm_bindgen]
pub fn clock_speed(notation: &str) -> Result<String, js_sys::Error> {
    match notation {
        "off" | "0" | "" => Ok(String::new()),
        _ => notation
            .parse::<TimeControl>()
            .map(|c| c.speed().name().to_string())
            .map_err(|e| coded(e.code(), e.reason())),
    }
}
