//! The lobby's list as JSON: this server's part (its own tables, as the
//! other servers read it from Redis) and the whole list the pages get,
//! this server's tables merged with the other servers' parts. Each part
//! holds its first [`MAX_LISTED`] tables of each kind and its counts, so the
//! merge's first [`MAX_LISTED`] are the whole list's.

use std::collections::{HashMap, HashSet};

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::{now_ms, Inner, Listed, Part, Summary, MAX_LISTED, VERSION};

/// A listed table as the events carry it.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Shown<'a> {
    #[serde(flatten)]
    summary: &'a Summary,
    /// Moves played, once the game started.
    #[serde(skip_serializing_if = "Option::is_none")]
    ply: Option<usize>,
    /// Discs (or pieces) seat by seat, once the game started.
    #[serde(skip_serializing_if = "Option::is_none")]
    score: Option<[u32; 2]>,
    /// The seat whose turn it is, once the game started.
    #[serde(skip_serializing_if = "Option::is_none")]
    turn: Option<usize>,
    /// When the time of the seat to move runs out, under a game clock or
    /// correspondence (ms since the epoch, on the scale of the list's `now`).
    #[serde(skip_serializing_if = "Option::is_none")]
    turn_until: Option<i64>,
    spectators: usize,
    since: i64,
}

/// A list, or a server's part of it.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct List {
    v: u32,
    waiting: Vec<Value>,
    playing: Vec<Value>,
    waiting_count: usize,
    playing_count: usize,
    /// When a server's part was written (ms since the epoch); absent from
    /// the list the pages get.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    at: Option<i64>,
}

/// The other servers' parts, by server.
#[derive(Default)]
pub(super) struct Parts(HashMap<String, List>);

impl Parts {
    /// Server `token`'s part from its JSON (`None`, or unreadable: it has
    /// none); whether the list changed.
    pub(super) fn set(&mut self, token: &str, json: Option<&str>) -> bool {
        let Some(part) = json.and_then(|j| serde_json::from_str::<List>(j).ok()) else {
            return self.0.remove(token).is_some();
        };
        let same = self.0.get(token).is_some_and(|old| {
            (
                &old.waiting,
                &old.playing,
                old.waiting_count,
                old.playing_count,
            ) == (
                &part.waiting,
                &part.playing,
                part.waiting_count,
                part.playing_count,
            )
        });
        self.0.insert(token.to_string(), part);
        !same
    }

    /// The servers whose parts are here, with when each was written.
    pub(super) fn written(&self) -> Vec<(String, i64)> {
        self.0
            .iter()
            .map(|(t, p)| (t.clone(), p.at.unwrap_or(0)))
            .collect()
    }
}

/// This server's tables of each kind in their order: waiting tables
/// longest-waiting first, games newest first.
fn own(inner: &Inner) -> (Vec<&Listed>, Vec<&Listed>) {
    let mut waiting: Vec<&Listed> = Vec::new();
    let mut playing: Vec<&Listed> = Vec::new();
    for listed in inner.tables.values() {
        match listed.part {
            Part::Waiting => waiting.push(listed),
            Part::Playing => playing.push(listed),
        }
    }
    waiting.sort_by_key(|l| (l.since, l.order));
    playing.sort_by_key(|l| std::cmp::Reverse((l.since, l.order)));
    (waiting, playing)
}

/// One of this server's tables as shown, its spectators counted on every
/// server.
fn shown(inner: &Inner, l: &Listed) -> Value {
    let id = &l.summary.id;
    let spectators = inner.spectators.get(id).copied().unwrap_or(0)
        + inner.remote_spectators.get(id).copied().unwrap_or(0);
    let shown = Shown {
        summary: &l.summary,
        ply: l.progress.map(|p| p.ply),
        score: l.progress.map(|p| p.score),
        turn: l.progress.map(|p| p.turn),
        turn_until: l.progress.and_then(|p| p.until),
        spectators,
        since: l.since,
    };
    serde_json::to_value(shown).unwrap_or_default()
}

/// This server's tables: its first of each kind, and its counts.
fn own_list(inner: &Inner) -> List {
    let (waiting, playing) = own(inner);
    let first = |tables: &[&Listed]| -> Vec<Value> {
        tables
            .iter()
            .take(MAX_LISTED)
            .map(|l| shown(inner, l))
            .collect()
    };
    List {
        v: VERSION,
        waiting_count: waiting.len(),
        playing_count: playing.len(),
        waiting: first(&waiting),
        playing: first(&playing),
        at: None,
    }
}

/// This server's part, as the other servers read it.
pub(super) fn part_json(inner: &Inner) -> String {
    let part = List {
        at: Some(now_ms()),
        ..own_list(inner)
    };
    serde_json::to_string(&part).unwrap_or_default()
}

/// The whole list: this server's tables and the other servers' parts, each
/// table once (a table changing servers may be in two parts for a moment).
pub(super) fn list_json(inner: &Inner) -> String {
    let mut seen: HashSet<String> = inner.tables.keys().cloned().collect();
    let mut list = own_list(inner);
    // The newest parts first: a table in two keeps its newest line.
    let mut parts: Vec<&List> = inner.parts.0.values().collect();
    parts.sort_by_key(|p| std::cmp::Reverse(p.at));
    for part in parts {
        let mut twice = [0, 0];
        for (k, entries) in [&part.waiting, &part.playing].into_iter().enumerate() {
            for entry in entries {
                let Some(id) = entry["id"].as_str() else {
                    continue;
                };
                if !seen.insert(id.to_string()) {
                    twice[k] += 1;
                    continue;
                }
                let into = if k == 0 {
                    &mut list.waiting
                } else {
                    &mut list.playing
                };
                into.push(entry.clone());
            }
        }
        list.waiting_count += part.waiting_count.saturating_sub(twice[0]);
        list.playing_count += part.playing_count.saturating_sub(twice[1]);
    }
    let since = |v: &Value| v["since"].as_i64().unwrap_or(0);
    // Stable sorts: this server's tables keep their order among equals.
    list.waiting.sort_by_key(since);
    list.playing.sort_by_key(|v| std::cmp::Reverse(since(v)));
    list.waiting.truncate(MAX_LISTED);
    list.playing.truncate(MAX_LISTED);
    serde_json::to_string(&list).unwrap_or_default()
}
