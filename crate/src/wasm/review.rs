//! The review: a game read for review and the analysis of one position,
//! deepened a step at a time in the worker that runs it.

use super::{browser_clock, coded};
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
        let moves: Vec<String> = r
            .moves
            .iter()
            .map(|m| {
                format!(
                    r#"{{"sq":{},"v":{},"exact":{},"depth":{}}}"#,
                    m.square.index(),
                    f64::from(m.value) / f64::from(crate::engine::eval::DISC),
                    m.exact,
                    m.depth
                )
            })
            .collect();
        let line: Vec<String> = r.line.iter().map(|m| format!("\"{m}\"")).collect();
        format!(
            r#"{{"empties":{},"depth":{},"exact":{},"done":{},"progressed":{},"nodes":{},"moves":[{}],"line":[{}]}}"#,
            self.0.position().empty().count(),
            r.depth,
            r.exact,
            r.done,
            r.progressed,
            r.nodes,
            moves.join(","),
            line.join(",")
        )
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
    let positions = game.positions();
    let plies: Vec<String> = positions
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let board = p.board();
            let legal: Vec<String> = p
                .legal_moves()
                .into_iter()
                .map(|s| s.index().to_string())
                .collect();
            let mv = game
                .moves
                .get(i)
                .map_or("null".to_string(), |m| format!("\"{m}\""));
            // The final margin from dark's view (empties to the winner), once over.
            let dark = board.discs(crate::Color::Dark).count() as i32;
            let light = board.discs(crate::Color::Light).count() as i32;
            let margin = match (dark - light).signum() {
                1 => 64 - 2 * light,
                -1 => 2 * dark - 64,
                _ => 0,
            };
            let end = if p.is_game_over() {
                margin.to_string()
            } else {
                "null".to_string()
            };
            format!(
                r#"{{"dark":"{}","light":"{}","darkToMove":{},"cells":"{}","legal":[{}],"move":{},"byTable":{},"end":{}}}"#,
                board.discs(crate::Color::Dark).0,
                board.discs(crate::Color::Light).0,
                p.side_to_move() == crate::Color::Dark,
                board.cells(),
                legal.join(","),
                mv,
                game.by_table.get(i).copied().unwrap_or(false),
                end
            )
        })
        .collect();
    Ok(format!(
        r#"{{"source":"{}","plies":[{}]}}"#,
        game.source.name(),
        plies.join(",")
    ))
}
