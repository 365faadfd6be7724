//! The review: a game read for review (the analysis of a position is
//! `analyzer`'s).

use super::coded;
use crate::Color;
use js_sys::{Array, Object, Reflect, Uint8Array};
use wasm_bindgen::prelude::*;

/// Sets `key` on `o` (a fresh plain object, where setting cannot fail).
fn set(o: &Object, key: &str, value: impl Into<JsValue>) {
    let _ = Reflect::set(o, &JsValue::from_str(key), &value.into());
}

/// The value, or `null` (not `undefined`) for none.
fn or_null<T: Into<JsValue>>(value: Option<T>) -> JsValue {
    value.map_or(JsValue::NULL, Into::into)
}

/// A record, GGF game or transcript read for review (`review::read_game`),
/// as a JavaScript object: `{source, plies: [{dark, light, darkToMove,
/// cells, legal, move, byTable, end}]}`, one entry a position: the disc
/// masks as `BigInt`s (bit 0 = a1), `cells` as `Board::cells`, `legal` the
/// legal squares as a `Uint8Array`, `move` the ply played from it (`null`
/// after the last), `end` the final margin from dark's view once the game
/// is over, else `null`. An error's message starts with its code.
#[wasm_bindgen]
pub fn review_read(text: &str) -> Result<JsValue, js_sys::Error> {
    let game = crate::engine::review::read_game(text).map_err(|e| coded(e.code(), &e))?;
    let plies = Array::new();
    for (i, p) in game.positions().iter().enumerate() {
        let board = p.board();
        let dark = board.discs(Color::Dark);
        let light = board.discs(Color::Light);
        // The final margin from dark's view (empties to the winner), once over.
        let (d, l) = (dark.count() as i32, light.count() as i32);
        let margin = match (d - l).signum() {
            1 => 64 - 2 * l,
            -1 => 2 * d - 64,
            _ => 0,
        };
        let legal: Vec<u8> = p
            .legal_moves()
            .into_iter()
            .map(|s| s.index() as u8)
            .collect();
        let ply = Object::new();
        set(&ply, "dark", dark.0);
        set(&ply, "light", light.0);
        set(&ply, "darkToMove", p.side_to_move() == Color::Dark);
        set(&ply, "cells", board.cells());
        set(&ply, "legal", Uint8Array::from(&legal[..]));
        set(
            &ply,
            "move",
            or_null(game.moves.get(i).map(|m| m.to_string())),
        );
        set(
            &ply,
            "byTable",
            game.by_table.get(i).copied().unwrap_or(false),
        );
        set(&ply, "end", or_null(p.is_game_over().then_some(margin)));
        plies.push(&ply);
    }
    let out = Object::new();
    set(&out, "source", game.source.name());
    set(&out, "plies", plies);
    Ok(out.into())
}
