//! The shared store: tables in progress and finished records in Redis, for
//! several servers at once (the `redis` crate on tokio, through a
//! connection manager that reconnects by itself).
//!
//! Keys (`ID` a table's id):
//!
//! | key | type | what |
//! | --- | --- | --- |
//! | `virada:tables` | set | the ids of the tables in progress |
//! | `virada:table:ID` | string | the table's state (JSON) |
//! | `virada:moves:ID` | list | the table's moves, one a ply |
//! | `virada:record:ID` | hash | `game`, `record` (the signed text), `finished_ms` |
//! | `virada:records` | sorted set | the finished ids by `finished_ms` |
//! | `virada:lease:ID` | string | the token of the server running the table (PX: it lapses) |
//! | `virada:alive:TOKEN` | string | a server's liveness (PX, renewed with its leases) |
//! | `virada:tables:schema` | string | the layout's version ([`super::SCHEMA_VERSION`]) |
//!
//! A move is appended by a Lua script, which Redis runs alone: it checks
//! that the game is not over and that the ply is the list's length, then
//! pushes the move and saves the state, so of two servers sending a move for
//! the same ply exactly one is taken. Finishing is one `MULTI`/`EXEC`.
//! Records are as durable as Redis's persistence: run it with
//! `--appendonly yes` (a warning is logged when it is off).

use std::time::Duration;

use redis::aio::{ConnectionManager, ConnectionManagerConfig};
use redis::Script;

use super::{Answer, AppendError, Appending, RecordEntry, Storage};

/// The set of the tables in progress.
const TABLES: &str = "virada:tables";
/// The finished records by time.
const RECORDS: &str = "virada:records";
/// The version of the layout the store was written with.
const SCHEMA_KEY: &str = "virada:tables:schema";

/// Appends a move: KEYS = moves, state, the set of tables, record, lease;
/// ARGV = ply, move, state, id, our token. Answers [`TAKEN`], [`OVER`],
/// [`FENCED`] (another server holds the table's lease), or the moves the
/// table has when the ply is not the next one.
const APPEND: &str = r"
if redis.call('EXISTS', KEYS[4]) == 1 then return -2 end
local holder = redis.call('GET', KEYS[5])
if holder and holder ~= ARGV[5] then return -3 end
local at = redis.call('LLEN', KEYS[1])
if at ~= tonumber(ARGV[1]) then return at end
redis.call('RPUSH', KEYS[1], ARGV[2])
redis.call('SET', KEYS[2], ARGV[3])
redis.call('SADD', KEYS[3], ARGV[4])
return -1
";
/// Saves a table's state unless another server holds its lease, or the
/// table has more moves than the state (a state read before its last
/// move was kept would hide that move from every later reader): KEYS =
/// state, the set of tables, the lease, moves; ARGV = state, id, our
/// token, the state's moves (empty: not checked). Answers [`TAKEN`] when
/// saved, [`FENCED`], or the moves the table has when the state is behind.
const SAVE: &str = r"
local holder = redis.call('GET', KEYS[3])
if holder and holder ~= ARGV[3] then return -3 end
if ARGV[4] ~= '' then
  local at = redis.call('LLEN', KEYS[4])
  if at > tonumber(ARGV[4]) then return at end
end
redis.call('SET', KEYS[1], ARGV[1])
redis.call('SADD', KEYS[2], ARGV[2])
return -1
";

/// The script's answer when the move is taken.
const TAKEN: i64 = -1;
/// The script's answer when the game is over.
const OVER: i64 = -2;
/// The script's answer when another server holds the table's lease.
const FENCED: i64 = -3;

/// How long a command may wait for Redis's answer.
const RESPONSE_TIMEOUT: Duration = Duration::from_secs(5);
/// How long the first connection at start may take.
const FIRST_CONNECT: Duration = Duration::from_secs(3);

/// A Redis URL as it may be shown (in a log, an error): its password, if
/// any (`redis://:PASSWORD@HOST` or `rediss://USER:PASSWORD@HOST`), hidden.
pub fn shown_url(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let authority_end = rest.find('/').unwrap_or(rest.len());
    match rest[..authority_end].rsplit_once('@') {
        Some((user, host)) => {
            let user = user.split_once(':').map_or(user, |(name, _)| name);
            format!("{scheme}://{user}:…@{host}{}", &rest[authority_end..])
        }
        None => url.to_string(),
    }
}

/// The error of a server whose Redis is not there at start.
fn not_there(url: &str, why: &str) -> String {
    format!(
        "cannot reach Redis at {url}: {why}. Start Redis first: this server \
         keeps its tables there and serves nothing without it"
    )
}

/// The moves in a table's state (its `moves`, one word a ply); `None`
/// when the state has none to count.
fn plies(state: &str) -> Option<usize> {
    let value: serde_json::Value = serde_json::from_str(state).ok()?;
    Some(value.get("moves")?.as_str()?.split_whitespace().count())
}

fn table_key(id: &str) -> String {
    format!("virada:table:{id}")
}

fn moves_key(id: &str) -> String {
    format!("virada:moves:{id}")
}

fn record_key(id: &str) -> String {
    format!("virada:record:{id}")
}

/// The key of table `id`'s lease: the token of the server running it.
pub fn lease_key(id: &str) -> String {
    format!("virada:lease:{id}")
}

fn failed(e: &redis::RedisError) -> String {
    format!("redis: {e}")
}

/// A handle on a Redis server; cheap to clone.
#[derive(Clone)]
pub struct Redis {
    client: redis::Client,
    connection: ConnectionManager,
    append: Script,
    save: Script,
    /// This server's token: a write to a table whose lease another token
    /// holds is refused (fenced off), so a server that lost a lease
    /// without knowing it yet changes nothing.
    token: String,
}

impl Redis {
    /// Connects to `url` (`redis://HOST:PORT`); warns when Redis keeps
    /// nothing on disk between writes (append-only persistence off).
    pub async fn connect(given: &str) -> Result<Redis, String> {
        let url = shown_url(given);
        let url = url.as_str();
        let client = redis::Client::open(given).map_err(|e| format!("{url}: {e}"))?;
        // Once, quickly: a Redis not there is said at once (the connection
        // manager below would try again for seconds first).
        let first = tokio::time::timeout(FIRST_CONNECT, client.get_multiplexed_async_connection());
        match first.await {
            Ok(Ok(_)) => {}
            Ok(Err(e)) => return Err(not_there(url, &e.to_string())),
            Err(_) => return Err(not_there(url, "no answer within 3 s")),
        }
        // Every write waits for Redis's fsync (`appendfsync always`); on a
        // busy disk that can take longer than the client's default half
        // second, and a write timed out is a write the server cannot vouch for.
        let config = ConnectionManagerConfig::new().set_response_timeout(Some(RESPONSE_TIMEOUT));
        let mut connection = ConnectionManager::new_with_config(client.clone(), config)
            .await
            .map_err(|e| format!("cannot reach Redis at {url}: {e}"))?;
        let info: String = redis::cmd("INFO")
            .arg("persistence")
            .query_async(&mut connection)
            .await
            .map_err(|e| failed(&e))?;
        // Written only where no version is (a new store, or one older
        // than the version's key); a newer one is refused.
        let (version,): (Option<u32>,) = redis::pipe()
            .cmd("SET")
            .arg(SCHEMA_KEY)
            .arg(super::SCHEMA_VERSION)
            .arg("NX")
            .ignore()
            .cmd("GET")
            .arg(SCHEMA_KEY)
            .query_async(&mut connection)
            .await
            .map_err(|e| failed(&e))?;
        let version = version.unwrap_or(0);
        if version > super::SCHEMA_VERSION {
            return Err(super::newer_schema(&format!("Redis at {url}"), version));
        }
        if !info.lines().any(|line| line.trim() == "aof_enabled:1") {
            tracing::warn!(
                "Redis at {url} runs without append-only persistence: \
                 finished records may be lost when it stops (run it with --appendonly yes)"
            );
        }
        // A move is kept once Redis answered; with `appendfsync everysec`
        // (Redis's default) the last second of moves may be lost with Redis.
        // `CONFIG` may be renamed away (a managed Redis): then nothing is said.
        let fsync: redis::RedisResult<Vec<String>> = redis::cmd("CONFIG")
            .arg("GET")
            .arg("appendfsync")
            .query_async(&mut connection)
            .await;
        if let Some(policy) = fsync.ok().and_then(|pair| pair.get(1).cloned()) {
            if policy != "always" {
                tracing::warn!(
                    "Redis at {url} syncs its append-only file with `appendfsync {policy}`: \
                     moves answered in the last second may be lost when it stops \
                     (run it with --appendfsync always)"
                );
            }
        }
        Ok(Redis {
            client,
            connection,
            append: Script::new(APPEND),
            save: Script::new(SAVE),
            token: String::new(),
        })
    }

    /// The same store, writing as the server whose token is `token`.
    pub fn with_token(mut self, token: &str) -> Redis {
        self.token = token.to_string();
        self
    }

    /// The client, for connections of one's own (pub/sub, leases).
    pub fn client(&self) -> &redis::Client {
        &self.client
    }

    /// The shared connection (it reconnects by itself).
    pub fn connection(&self) -> ConnectionManager {
        self.connection.clone()
    }
}

/// Counts a Redis round trip begun at `start` (`virada_redis_roundtrip_seconds`).
fn round_trip(op: &str, start: std::time::Instant) {
    super::super::ops::metrics()
        .redis_seconds
        .with_label_values(&[op])
        .observe(start.elapsed().as_secs_f64());
}

impl Storage for Redis {
    fn save_table(&self, id: &str, state: String) -> Appending<'_> {
        let id = id.to_string();
        let mut connection = self.connection.clone();
        Box::pin(async move {
            let start = std::time::Instant::now();
            let plies = plies(&state).map_or_else(String::new, |n| n.to_string());
            let answer: i64 = self
                .save
                .key(table_key(&id))
                .key(TABLES)
                .key(lease_key(&id))
                .key(moves_key(&id))
                .arg(state)
                .arg(&id)
                .arg(&self.token)
                .arg(plies)
                .invoke_async(&mut connection)
                .await
                .map_err(|e| AppendError::Failed(failed(&e)))?;
            round_trip("save_table", start);
            match answer {
                TAKEN => Ok(()),
                FENCED => Err(AppendError::Fenced),
                at => Err(AppendError::StalePly {
                    at: usize::try_from(at).unwrap_or(usize::MAX),
                }),
            }
        })
    }

    fn append_move(&self, id: &str, ply: usize, mv: &str, state: String) -> Appending<'_> {
        let (id, mv) = (id.to_string(), mv.to_string());
        let mut connection = self.connection.clone();
        Box::pin(async move {
            let start = std::time::Instant::now();
            let answer: i64 = self
                .append
                .key(moves_key(&id))
                .key(table_key(&id))
                .key(TABLES)
                .key(record_key(&id))
                .key(lease_key(&id))
                .arg(ply)
                .arg(mv)
                .arg(state)
                .arg(&id)
                .arg(&self.token)
                .invoke_async(&mut connection)
                .await
                .map_err(|e| AppendError::Failed(failed(&e)))?;
            round_trip("append_move", start);
            match answer {
                TAKEN => Ok(()),
                OVER => Err(AppendError::Over),
                FENCED => Err(AppendError::Fenced),
                at => Err(AppendError::StalePly {
                    at: usize::try_from(at).unwrap_or(usize::MAX),
                }),
            }
        })
    }

    fn finish(&self, id: &str, game: &str, record: String, finished_ms: i64) -> Answer<'_, ()> {
        let (id, game) = (id.to_string(), game.to_string());
        let mut connection = self.connection.clone();
        Box::pin(async move {
            redis::pipe()
                .atomic()
                .hset_multiple(
                    record_key(&id),
                    &[
                        ("game", game),
                        ("record", record),
                        ("finished_ms", finished_ms.to_string()),
                    ],
                )
                .ignore()
                .zadd(RECORDS, &id, finished_ms)
                .ignore()
                .del(&[table_key(&id), moves_key(&id)])
                .ignore()
                .srem(TABLES, &id)
                .ignore()
                .query_async::<()>(&mut connection)
                .await
                .map_err(|e| failed(&e))
        })
    }

    fn rewrite_record(&self, id: &str, record: String) -> Answer<'_, ()> {
        let key = record_key(id);
        let mut connection = self.connection.clone();
        Box::pin(async move {
            // Only a record that is there: HSETEX-like, by a check first
            // (the field `game` says the record exists).
            let there: bool = redis::cmd("HEXISTS")
                .arg(&key)
                .arg("game")
                .query_async(&mut connection)
                .await
                .map_err(|e| failed(&e))?;
            if !there {
                return Ok(());
            }
            redis::cmd("HSET")
                .arg(&key)
                .arg("record")
                .arg(record)
                .query_async::<()>(&mut connection)
                .await
                .map_err(|e| failed(&e))
        })
    }

    fn load_tables(&self) -> Answer<'_, Vec<(String, String)>> {
        let mut connection = self.connection.clone();
        Box::pin(async move {
            let ids: Vec<String> = redis::cmd("SMEMBERS")
                .arg(TABLES)
                .query_async(&mut connection)
                .await
                .map_err(|e| failed(&e))?;
            if ids.is_empty() {
                return Ok(Vec::new());
            }
            let keys: Vec<String> = ids.iter().map(|id| table_key(id)).collect();
            let states: Vec<Option<String>> = redis::cmd("MGET")
                .arg(&keys)
                .query_async(&mut connection)
                .await
                .map_err(|e| failed(&e))?;
            Ok(ids
                .into_iter()
                .zip(states)
                .filter_map(|(id, state)| Some((id, state?)))
                .collect())
        })
    }

    fn load_table(&self, id: &str) -> Answer<'_, Option<String>> {
        let key = table_key(id);
        let mut connection = self.connection.clone();
        Box::pin(async move {
            redis::cmd("GET")
                .arg(key)
                .query_async(&mut connection)
                .await
                .map_err(|e| failed(&e))
        })
    }

    fn record(&self, id: &str) -> Answer<'_, Option<String>> {
        let key = record_key(id);
        let mut connection = self.connection.clone();
        Box::pin(async move {
            redis::cmd("HGET")
                .arg(key)
                .arg("record")
                .query_async(&mut connection)
                .await
                .map_err(|e| failed(&e))
        })
    }

    fn records(&self, limit: usize) -> Answer<'_, Vec<RecordEntry>> {
        let mut connection = self.connection.clone();
        Box::pin(async move {
            if limit == 0 {
                return Ok(Vec::new());
            }
            let ids: Vec<String> = redis::cmd("ZREVRANGE")
                .arg(RECORDS)
                .arg(0)
                .arg(limit - 1)
                .query_async(&mut connection)
                .await
                .map_err(|e| failed(&e))?;
            // An empty pipeline is an error to Redis ("empty command"):
            // no record yet is an empty list.
            if ids.is_empty() {
                return Ok(Vec::new());
            }
            let mut pipe = redis::pipe();
            for id in &ids {
                pipe.cmd("HMGET")
                    .arg(record_key(id))
                    .arg("game")
                    .arg("finished_ms");
            }
            let fields: Vec<(Option<String>, Option<i64>)> = pipe
                .query_async(&mut connection)
                .await
                .map_err(|e| failed(&e))?;
            let mut list: Vec<RecordEntry> = ids
                .into_iter()
                .zip(fields)
                .filter_map(|(id, (game, finished_ms))| {
                    Some(RecordEntry {
                        id,
                        game: game?,
                        finished_ms: finished_ms?,
                    })
                })
                .collect();
            // Redis orders equal times by id backwards; the list is by id.
            list.sort_by(|a, b| b.finished_ms.cmp(&a.finished_ms).then(a.id.cmp(&b.id)));
            Ok(list)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::shown_url;

    #[test]
    fn a_password_is_never_shown() {
        assert_eq!(
            shown_url("redis://:s3cret@10.0.0.9:6379/0"),
            "redis://:…@10.0.0.9:6379/0"
        );
        assert_eq!(
            shown_url("rediss://virada:s3cret@redis.example:6380"),
            "rediss://virada:…@redis.example:6380"
        );
        assert_eq!(
            shown_url("redis://127.0.0.1:6379"),
            "redis://127.0.0.1:6379"
        );
        assert_eq!(shown_url("nonsense"), "nonsense");
    }
}
