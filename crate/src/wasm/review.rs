//! The review: a game read for review and the analysis of one position,
//! deepened a step at a time in the worker that runs it.

use super::{browser_clock, coded};
use crate::engine::eval::DISC;
use crate::json;
use crate::Color;
use wasm_bindgen::prelude::*;

/// The review's analysis of one position (see `analysis`), kept in the
/// worker that runs it: every legal move's value, deepened a step at a time.
#[wasm_bindgen]
pub struct Analyzer(crate::engine::analysis::Analysis);

#[wasm_bindgen]
impl Analyzer {
    /// An analysis of the position given by its disc masks (bit 0 = a1),
    /// with tables of 16 MiB.
    #[wasm_bindgen(constructor)]
    pub fn new(dark: u64, light: u64, dark_to_move: bool) -> Result<Analyzer, JsError> {
        let board = crate::Board::new(crate::Bitboard(dark), crate::Bitboard(light))
            .map_err(|e| coded("bad-position", e))?;
        let side = if dark_to_move {
            crate::Color::Dark
        } else {
            crate::Color::Light
        };
        let position = crate::Position::new(board, side);
        Ok(Analyzer(crate::engine::analysis::Analysis::new(
            position,
            16 << 20,
        )))
    }

    /// Works for at most about `time_ms` and reports as JSON:
    /// `{"empties","depth","exact","done","progressed","nodes","moves":[{"sq","v","exact","depth"}],"line":["d3",…]}`,
    /// `v` in discs from the mover's view, best move first.
    pub fn step(&mut self, time_ms: u32) -> String {
        let budget =
            crate::engine::search::Budget::millis(f64::from(time_ms.max(1)), browser_clock);
        let r = self.0.step(budget);
        json::object(|o| {
            o.field("empties", self.0.position().empty().count())
                .field("depth", r.depth)
                .field("exact", r.exact)
                .field("done", r.done)
                .field("progressed", r.progressed)
                .field("nodes", r.nodes)
                .array("moves", |a| {
                    for m in &r.moves {
                        a.object(|o| {
                            o.field("sq", m.square.index())
                                .field("v", f64::from(m.value) / f64::from(DISC))
                                .field("exact", m.exact)
                                .field("depth", m.depth);
                        });
                    }
                })
                .array("line", |a| {
                    a.items(r.line.iter().map(|m| m.to_string()));
                });
        })
    }
}

/// A record, GGF game or transcript read for review (`review::read_game`),
/// as JSON: `{"source","plies":[{"dark","light","darkToMove","cells","legal","move","byTable","end"}]}`,
/// one entry a position (the masks as decimal strings, `cells` as
/// `Board::cells`, `move` the ply played from it, `null` after the last;
/// `end` the final margin from dark's view once the game is over, else `null`). An error's message starts with its code.
#[wasm_bindgen]
pub fn review_read(text: &str) -> Result<String, JsError> {
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
