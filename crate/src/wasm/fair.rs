//! Fair play: fresh seeds, fingerprints and the record verifier.

use super::{coded, seed};
use wasm_bindgen::prelude::*;

/// A fresh secret seed from `crypto.getRandomValues`, as 64 lowercase hex characters.
#[wasm_bindgen]
pub fn fair_new_seed() -> Result<String, js_sys::Error> {
    crate::game::fairness::Seed::generate()
        .map(|s| s.to_string())
        .map_err(|e| coded("no-random", e))
}

/// The fingerprint (SHA-256 of the 32 raw bytes, 64 hex) of a seed given in hex.
#[wasm_bindgen]
pub fn fair_fingerprint(seed_hex: &str) -> Result<String, js_sys::Error> {
    Ok(seed(seed_hex)?.fingerprint())
}

/// Checks a game record's text: JSON `{"ok":bool,"checks":[{"check",
/// "status","code","params":{…},"message"}…]}` (see
/// `record::Report::to_json`). A match record is checked by the bots'
/// package's `match_verify` (see [`record_is_match`]), so the match verifier
/// stays out of the page's download.
#[wasm_bindgen]
pub fn record_verify(text: &str) -> String {
    crate::record::verify_text(text).to_json()
}

/// Whether a record's text is a match record (`virada-match 1`), to be
/// checked by the bots' package's `match_verify` rather than [`record_verify`].
#[wasm_bindgen]
pub fn record_is_match(text: &str) -> bool {
    crate::record::is_match(text)
}
