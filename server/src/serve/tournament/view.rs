//! A tournament as the page reads it: its settings, entrants, each round's
//! boards with their tables and results, and the standings with what
//! decided each place (an arena's: its points, in order), each withdrawn
//! or absent player marked (an arena's: its points, then its performance); an
//! arena's end; a tournament over before its first round (`cancelled`);
//! the list's order.

use std::cmp::Ordering;

use serde_json::{json, Value};

use super::model::{Format, Phase, Tournament};

fn format_name(f: Format) -> &'static str {
    match f {
        Format::Swiss => "swiss",
        Format::RoundRobin => "round-robin",
        Format::Arena => "arena",
    }
}

fn phase_name(p: Phase) -> &'static str {
    match p {
        Phase::Open => "open",
        Phase::Running => "running",
        Phase::Over => "over",
    }
}

/// The list's order: those open for entries first, the soonest start
/// first; then those being played, then those over, the latest start first
/// of each; equal starts by id. One order, whatever the store's.
pub fn list_order(a: &Tournament, b: &Tournament) -> Ordering {
    let rank = |t: &Tournament| match t.phase {
        Phase::Open => 0,
        Phase::Running => 1,
        Phase::Over => 2,
    };
    rank(a).cmp(&rank(b)).then_with(|| {
        if a.phase == Phase::Open {
            a.starts_ms.cmp(&b.starts_ms)
        } else {
            b.starts_ms.cmp(&a.starts_ms)
        }
        .then_with(|| a.id.cmp(&b.id))
    })
}

/// Over before a round was paired: fewer than two joined.
fn cancelled(t: &Tournament) -> bool {
    t.phase == Phase::Over && t.played.is_empty()
}

/// A line of the list.
pub fn summary(t: &Tournament) -> Value {
    json!({
        "id": t.id,
        "name": t.name,
        "format": format_name(t.format),
        "clock": t.clock,
        "rated": t.rated,
        "phase": phase_name(t.phase),
        "starts": t.starts_ms,
        // Everyone who played counts, withdrawn or not.
        "entrants": t.entrants.len(),
        "round": t.played.len(),
        "rounds": t.rounds,
        "minutes": t.minutes,
        "cancelled": cancelled(t),
    })
}

/// Points in tenths as a number (`15` → 1.5).
fn points(tenths: u32) -> f64 {
    f64::from(tenths) / 10.0
}

/// The whole tournament; `now` lets the page count down to the start.
pub fn full(t: &Tournament, now: i64) -> Value {
    let name = |n: u32| t.by_number(n).map(|e| e.name.clone());
    let withdrawn = |n: u32| t.by_number(n).is_some_and(|e| e.withdrawn);
    // Absent (W8) means paused from the pairings: said while it runs.
    let running = t.phase == Phase::Running;
    let absent = |n: u32| running && t.by_number(n).is_some_and(|e| e.absent && !e.withdrawn);
    let rounds: Vec<Value> = t
        .played
        .iter()
        .map(|r| {
            let boards: Vec<Value> = r
                .boards
                .iter()
                .map(|b| {
                    json!({
                        "table": b.table,
                        "white": { "number": b.white, "name": name(b.white) },
                        "black": b.black.map(|n| json!({ "number": n, "name": name(n) })),
                        "result": b.result.map(|r| json!({
                            "white": r.white.to_string(),
                            "black": r.black.to_string().trim().to_string(),
                            "discs": r.discs,
                        })),
                    })
                })
                .collect();
            json!({ "number": r.number, "started": r.started_ms, "boards": boards })
        })
        .collect();
    let standings: Vec<Value> = if t.format == Format::Arena {
        let arena = t.arena();
        arena
            .standings()
            .iter()
            .enumerate()
            .map(|(i, p)| {
                json!({
                    "place": i + 1, "number": p.id, "name": name(p.id),
                    "points": p.score, "fire": p.on_fire(),
                    "performance": p.performance(),
                    "withdrawn": withdrawn(p.id),
                    "absent": absent(p.id),
                })
            })
            .collect()
    } else {
        t.standings()
            .iter()
            .map(|s| {
                json!({
                    "place": s.place, "number": s.id, "name": name(s.id),
                    "points": points(s.points), "discs": s.discs,
                    "brightwell": points(s.brightwell), "buchholz": points(s.buchholz),
                    "decidedBy": s.decided_by.code(),
                    "withdrawn": withdrawn(s.id),
                    "absent": absent(s.id),
                })
            })
            .collect()
    };
    let entrants: Vec<Value> = t
        .entrants
        .iter()
        .map(|e| {
            json!({
                "name": e.name, "rating": e.rating, "number": e.number,
                "withdrawn": e.withdrawn,
                "absent": running && e.absent && !e.withdrawn,
            })
        })
        .collect();
    json!({
        "id": t.id,
        "name": t.name,
        "format": format_name(t.format),
        "clock": t.clock,
        "rated": t.rated,
        "rounds": t.rounds,
        "double": t.double,
        "minutes": t.minutes,
        "min": t.min,
        "max": t.max,
        "starts": t.starts_ms,
        "now": now,
        "creator": t.creator_name,
        "phase": phase_name(t.phase),
        "entrants": entrants,
        "played": rounds,
        "standings": standings,
        "trf": t.trf.is_some(),
        // An arena's end, from its start.
        "ends": t.ends_ms,
        "cancelled": cancelled(t),
    })
}
