//! Match play (V1): the running score and the match record, from the
//! match's kind and its games' records (the page keeps the records; the
//! rules of scoring stay here), and the match record's verifier. In the
//! bots' package (`bot-exports`): the page loads it only for a match.

use super::coded;
use crate::json;
use crate::record::matchplay::MatchKind;
use crate::record::{score_games, write_match, MatchRecordError, MatchVerdict};
use wasm_bindgen::prelude::*;

fn error(e: MatchRecordError) -> js_sys::Error {
    coded(e.code, e)
}

fn kind(kind: &str, target: u32) -> Result<MatchKind, js_sys::Error> {
    MatchKind::new(kind, target).map_err(|e| coded(e.code(), e))
}

/// The match so far: `kind` is `points` or `games`, `target` its number,
/// `records` each finished game's record in order. JSON
/// `{"games":[[A,B],…],"total":[A,B],"over":bool,"winner":"first"|"second"|"draw"|"none"}`
/// (points of the first and the second seat). Errors: `bad-match`,
/// `bad-record`, `seats-mismatch`, `match-over`, `game-unfinished`,
/// `too-many-games`.
#[wasm_bindgen]
pub fn match_status(
    kind_name: &str,
    target: u32,
    records: Vec<String>,
) -> Result<String, js_sys::Error> {
    let kind = kind(kind_name, target)?;
    let status = |games: &[[u32; 2]], total: [u32; 2], over: bool, winner: &str| {
        json::object(|o| {
            o.array("games", |a| {
                for game in games {
                    a.array(|a| {
                        a.items(game);
                    });
                }
            })
            .array("total", |a| {
                a.items(total);
            })
            .field("over", over)
            .field("winner", winner);
        })
    };
    if records.is_empty() {
        return Ok(status(&[], [0, 0], false, "none"));
    }
    let (m, _) = score_games(kind, &records).map_err(error)?;
    Ok(status(
        m.games(),
        m.totals(),
        m.is_over(),
        MatchVerdict::of(&m).as_str(),
    ))
}

/// The match record of the games so far (see `docs/record-format.md`),
/// with the same errors as [`match_status`] and `no-games`.
#[wasm_bindgen]
pub fn match_record(
    kind_name: &str,
    target: u32,
    records: Vec<String>,
) -> Result<String, js_sys::Error> {
    write_match(kind(kind_name, target)?, &records).map_err(error)
}

/// Checks a match record's text (see [`crate::record::is_match`]): JSON like
/// the page package's `record_verify`, with `"match"` and `"games"` added
/// (see `record::MatchReport::to_json`).
#[wasm_bindgen]
pub fn match_verify(text: &str) -> String {
    crate::record::verify_match_text(text).to_json()
}
