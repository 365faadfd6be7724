//! Fair play: fresh seeds, fingerprints and the record verifier.

use super::{coded, seed};
use wasm_bindgen::prelude::*;

/// A fresh secret seed from `crypto.getRandomValues`, as 64 lowercase hex characters.
#[wasm_bindgen]
pub fn fair_new_seed() -> Result<String, JsError> {
    crate::fairness::Seed::generate()
        .map(|s| s.to_string())
        .map_err(|e| coded("no-random", e))
}

/// The fingerprint (SHA-256 of the 32 raw bytes, 64 hex) of a seed given in hex.
#[wasm_bindgen]
pub fn fair_fingerprint(seed_hex: &str) -> Result<String, JsError> {
    Ok(seed(seed_hex)?.fingerprint())
}

/// Checks a record's text: JSON `{"ok":bool,"checks":[{"check","status",
/// "code","params":{…},"message"}…]}` (see `record::Report::to_json`); a
/// match record's adds `"match"` and `"games"` (see
/// `record::MatchReport::to_json`).
#[wasm_bindgen]
pub fn record_verify(text: &str) -> String {
    if crate::record::is_match(text) {
        crate::record::verify_match_text(text).to_json()
    } else {
        crate::record::verify_text(text).to_json()
    }
}
