//! A tournament's file checked in the page ("Verify a game"), as
//! `virada swiss check` checks it. A package of its own (`trf-exports`,
//! www/pkg-trf): the page loads it only for a tournament's file.

use crate::json;
use crate::tournament::verify_trf;
use wasm_bindgen::prelude::*;

/// Checks a tournament's TRF (signed by its server or not): JSON
/// `{"ok":bool,"trf":true,"players":[{"id":…,"name":…,"points":…},…],
/// "checks":[{"check":…,"status":…,"code":…,"params":{…},"message":…},…]}`,
/// the checks as `tournament::verify_trf` makes them. A signature comes
/// back as the notice `signature-in-page`, for the browser's Ed25519. Any
/// text gives a report; one that is not a TRF fails its first check.
#[wasm_bindgen]
pub fn trf_verify(text: &str) -> String {
    let report = verify_trf(text);
    json::object(|o| {
        o.field("ok", report.ok())
            .field("trf", true)
            .array("players", |a| {
                for p in &report.players {
                    a.object(|o| {
                        o.field("id", p.id)
                            .field("name", p.name.as_str())
                            .field("points", p.points.as_str());
                    });
                }
            })
            .array("checks", |a| {
                for c in &report.checks {
                    a.object(|o| {
                        o.field("check", c.check)
                            .field("status", c.status.as_str())
                            .field("code", c.code)
                            .object("params", |o| {
                                for (k, v) in &c.params {
                                    o.field(k, v.as_str());
                                }
                            })
                            .field("message", c.to_string().as_str());
                    });
                }
            });
    })
}
