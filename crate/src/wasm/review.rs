//! The review: a game read for review (the analysis of a position is
//! `analyzer`'s).

use super::coded;
use crate::json;
use crate::Color;
use wasm_bindgen::prelude::*;

/// A record, GGF game or transcript read for review (`review::read_game`),
/// as JSON: `{"source","plies":[{"dark","light","darkToMove","cells","legal","move","byTable","end"}]}`,
/// one entry a position (the masks as decimal strings, `cells` as
/// `Board::cells`, `move` the ply played from it, `null` after the last;
/// `end` the final margin from dark's view once the game is over, else `null`). An error's message starts with its code.
#[wasm_bindgen]
pub fn review_read(text: &str) -> Result<String, js_sys::Error> {
    let game = crate::engine::review::read_game(text).map_err(|e| coded(e.code(), &e))?;
    let plies = |a: &mut json::Array<'_>| {
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
            a.object(|o| {
                o.field("dark", dark.0.to_string())
                    .field("light", light.0.to_string())
                    .field("darkToMove", p.side_to_move() == Color::Dark)
                    .field("cells", board.cells())
                    .array("legal", |a| {
                        a.items(p.legal_moves().into_iter().map(|s| s.index()));
                    })
                    .field("move", game.moves.get(i).map(|m| m.to_string()))
                    .field("byTable", game.by_table.get(i).copied().unwrap_or(false))
                    .field("end", p.is_game_over().then_some(margin));
            });
        }
    };
    Ok(json::object(|o| {
        o.field("source", game.source.name()).array("plies", plies);
    }))
}
