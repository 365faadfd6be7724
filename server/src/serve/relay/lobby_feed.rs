//! The lobby fed by changes. Each server writes its part of the lobby (the
//! tables it runs, as `Lobby::part` gives it) into one Redis hash,
//! `virada:lobby` (one field a server, its token), and adds an event naming
//! itself to a stream, `virada:lobby:events`, when its part changed: at
//! once (within [`WRITE_EVERY`]) when a table is listed, leaves, changes
//! seats or spectators, at most every [`MOVES_EVERY`] when its tables only
//! moved, and every [`KEEP_EVERY`] anyway (a part not written for [`STALE`]
//! is its dead server's). All of it only while a page listens to some
//! server's lobby: a server with one keeps `virada:lobby:watched` set.
//!
//! A server whose lobby a page listens to reads every part once (after
//! noting the stream's end, so that nothing written meanwhile is missed),
//! then follows the stream (`XREAD BLOCK`) and reads the part of each
//! server an event names. No table's state is read for the lobby.

use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;
use std::time::Duration;

use redis::aio::ConnectionManager;
use tokio::time::Instant;

use super::super::saved::now_ms;
use super::Cluster;

/// Every server's part of the lobby (a hash: token → part).
const PARTS: &str = "virada:lobby";
/// The events: which server's part changed.
const EVENTS: &str = "virada:lobby:events";
/// Set while a page listens to some server's lobby.
const WATCHED: &str = "virada:lobby:watched";
/// How often a server looks whether its part changed.
const WRITE_EVERY: Duration = Duration::from_millis(250);
/// How often a part whose tables only moved is written.
const MOVES_EVERY: Duration = Duration::from_millis(2000);
/// How often a part is written anyway, so that the others know it is alive.
const KEEP_EVERY: Duration = Duration::from_millis(2000);
/// How old a part may be before the others take it for a dead server's.
const STALE: Duration = Duration::from_millis(6000);
/// How often a server looks whether a page listens anywhere.
const LOOK_EVERY: Duration = Duration::from_millis(1000);
/// How long the mark of a listened-to lobby lasts unless set again.
const WATCHED_TTL: Duration = Duration::from_millis(3000);
/// How long one read of the stream waits for an event.
const BLOCK: Duration = Duration::from_millis(1000);
/// Events kept in the stream (about; readers need only the last few).
const KEEP_EVENTS: usize = 1000;

/// Starts writing this server's part and reading the others'; `reading`
/// is a connection of its own (its reads block).
pub(super) fn start(cluster: &Arc<Cluster>, reading: ConnectionManager) {
    tokio::spawn(write(Arc::clone(cluster), cluster.connection.clone()));
    tokio::spawn(read(Arc::clone(cluster), reading));
}

fn ms(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

/// Writes this server's part when it changed, while a page listens anywhere.
async fn write(cluster: Arc<Cluster>, mut c: ConnectionManager) {
    let mut anywhere = false;
    let mut looked: Option<Instant> = None;
    let mut marked = false;
    // What was written last: the part's shape and moves, and when.
    let mut last: Option<(u64, u64, Instant)> = None;
    loop {
        tokio::time::sleep(WRITE_EVERY).await;
        let Some(hub) = cluster.hub.upgrade() else {
            return;
        };
        let lobby = hub.lobby();
        let here = lobby.watched();
        if looked.is_none_or(|t| t.elapsed() >= LOOK_EVERY) || (here && !marked) {
            looked = Some(Instant::now());
            marked = here;
            anywhere = if here {
                let set: redis::RedisResult<()> = redis::cmd("SET")
                    .arg(WATCHED)
                    .arg(&cluster.token)
                    .arg("PX")
                    .arg(ms(WATCHED_TTL))
                    .query_async(&mut c)
                    .await;
                if let Err(e) = set {
                    tracing::warn!("the lobby's mark not set: {e}");
                }
                true
            } else {
                let found: redis::RedisResult<bool> =
                    redis::cmd("EXISTS").arg(WATCHED).query_async(&mut c).await;
                found.unwrap_or(false)
            };
        }
        if !anywhere {
            last = None;
            continue;
        }
        let (json, shape, moves) = lobby.part();
        let due = match last {
            None => true,
            Some((s, m, at)) => {
                s != shape
                    || (m != moves && at.elapsed() >= MOVES_EVERY)
                    || at.elapsed() >= KEEP_EVERY
            }
        };
        if !due {
            continue;
        }
        let written: redis::RedisResult<()> = redis::pipe()
            .cmd("HSET")
            .arg(PARTS)
            .arg(&cluster.token)
            .arg(json)
            .ignore()
            .cmd("XADD")
            .arg(EVENTS)
            .arg("MAXLEN")
            .arg("~")
            .arg(KEEP_EVENTS)
            .arg("*")
            .arg("from")
            .arg(&cluster.token)
            .ignore()
            .query_async(&mut c)
            .await;
        match written {
            Ok(()) => last = Some((shape, moves, Instant::now())),
            Err(e) => tracing::warn!("the lobby's part not written: {e}"),
        }
    }
}

/// Follows the other servers' parts while a page listens to this server's
/// lobby.
async fn read(cluster: Arc<Cluster>, mut c: ConnectionManager) {
    // Where in the stream this server is; `None` while nobody listens here.
    let mut after: Option<String> = None;
    let mut swept = Instant::now();
    loop {
        let Some(hub) = cluster.hub.upgrade() else {
            return;
        };
        let lobby = Arc::clone(hub.lobby());
        drop(hub);
        if !lobby.watched() {
            if after.take().is_some() {
                for (token, _) in lobby.parts() {
                    lobby.set_part(&token, None);
                }
            }
            tokio::time::sleep(WRITE_EVERY).await;
            continue;
        }
        let Some(from) = after.clone() else {
            match read_all(&cluster, &mut c, &lobby).await {
                Ok(end) => after = Some(end),
                Err(e) => {
                    tracing::warn!("the lobby's parts not read: {e}");
                    tokio::time::sleep(WRITE_EVERY).await;
                }
            }
            continue;
        };
        match next_events(&mut c, &from).await {
            Ok((end, servers)) => {
                after = Some(end);
                for token in servers.iter().filter(|t| **t != cluster.token) {
                    let part: redis::RedisResult<Option<String>> = redis::cmd("HGET")
                        .arg(PARTS)
                        .arg(token)
                        .query_async(&mut c)
                        .await;
                    if let Ok(part) = part {
                        lobby.set_part(token, part.as_deref().filter(|p| fresh(p)));
                    }
                }
            }
            Err(e) => {
                tracing::warn!("the lobby's events not read: {e}");
                after = None;
                tokio::time::sleep(WRITE_EVERY).await;
            }
        }
        if swept.elapsed() >= KEEP_EVERY {
            swept = Instant::now();
            let stale = now_ms() - i64::try_from(STALE.as_millis()).unwrap_or(i64::MAX);
            for (token, at) in lobby.parts() {
                if at < stale {
                    lobby.set_part(&token, None);
                }
            }
        }
    }
}

/// Whether a part was written less than [`STALE`] ago.
fn fresh(part: &str) -> bool {
    let at = serde_json::from_str::<serde_json::Value>(part)
        .ok()
        .and_then(|v| v["at"].as_i64())
        .unwrap_or(0);
    now_ms() - at < i64::try_from(STALE.as_millis()).unwrap_or(i64::MAX)
}

/// Notes the stream's end, then reads every other server's part; the end.
async fn read_all(
    cluster: &Cluster,
    c: &mut ConnectionManager,
    lobby: &super::super::lobby::Lobby,
) -> redis::RedisResult<String> {
    let newest: redis::Value = redis::cmd("XREVRANGE")
        .arg(EVENTS)
        .arg("+")
        .arg("-")
        .arg("COUNT")
        .arg(1)
        .query_async(c)
        .await?;
    let end = entries(&newest)
        .last()
        .map_or_else(|| "0-0".to_string(), |(id, _)| id.clone());
    let parts: HashMap<String, String> = redis::cmd("HGETALL").arg(PARTS).query_async(c).await?;
    for (token, part) in parts {
        if token != cluster.token && fresh(&part) {
            lobby.set_part(&token, Some(&part));
        }
    }
    Ok(end)
}

/// The events after `from` (waiting up to [`BLOCK`] for one): the last
/// one's id, and the servers they name.
async fn next_events(
    c: &mut ConnectionManager,
    from: &str,
) -> redis::RedisResult<(String, BTreeSet<String>)> {
    let reply: redis::Value = redis::cmd("XREAD")
        .arg("COUNT")
        .arg(500)
        .arg("BLOCK")
        .arg(ms(BLOCK))
        .arg("STREAMS")
        .arg(EVENTS)
        .arg(from)
        .query_async(c)
        .await?;
    // [[stream, [entry …]]], or nil when nothing came.
    let mut end = from.to_string();
    let mut servers = BTreeSet::new();
    if let redis::Value::Array(streams) = &reply {
        for stream in streams {
            if let redis::Value::Array(pair) = stream {
                if let Some(list) = pair.get(1) {
                    for (id, fields) in entries(list) {
                        end = id;
                        if let Some(server) = fields.get("from") {
                            servers.insert(server.clone());
                        }
                    }
                }
            }
        }
    }
    Ok((end, servers))
}

/// A stream's entries (`[[id, [field, value, …]], …]`): each id and fields.
fn entries(value: &redis::Value) -> Vec<(String, HashMap<String, String>)> {
    let text = |v: &redis::Value| redis::from_redis_value_ref::<String>(v).ok();
    let redis::Value::Array(items) = value else {
        return Vec::new();
    };
    items
        .iter()
        .filter_map(|item| {
            let redis::Value::Array(pair) = item else {
                return None;
            };
            let id = text(pair.first()?)?;
            let mut fields = HashMap::new();
            if let Some(redis::Value::Array(flat)) = pair.get(1) {
                for kv in flat.chunks(2) {
                    if let [k, v] = kv {
                        if let (Some(k), Some(v)) = (text(k), text(v)) {
                            fields.insert(k, v);
                        }
                    }
                }
            }
            Some((id, fields))
        })
        .collect()
}
