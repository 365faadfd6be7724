//! Readiness: whether this server should get requests. A server alone is
//! ready while its data folder's database takes a write; a server told to
//! stop is not, so that the proxy sends it nothing new. Redis, shared by
//! every server of a site, is not part of it: a Redis blip would take every
//! server out of the proxy at once, pages included. While Redis is away a
//! server stays ready and says so on a line of its own; its pages are
//! served, the online API answers `store-away` (`super::super::api`'s gate)
//! and a table's moves are refused with `storage` until it is back. A
//! watch asks Redis every second, says in the log when it goes and comes
//! back, and keeps `virada_redis_up` and `virada_redis_outages_total`.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use redis::aio::MultiplexedConnection;
use rusqlite::Connection;

use super::metrics::metrics;

/// The longest a store may take to answer and the server still be ready.
pub const READY_WITHIN: Duration = Duration::from_millis(500);
/// How often the watch asks.
const WATCH_EVERY: Duration = Duration::from_secs(1);

/// Whether this server's Redis refused its last `PING` (an error, not
/// slowness).
static REDIS_AWAY: AtomicBool = AtomicBool::new(false);

/// The words of a `PING` that took too long (the server is busy, or Redis
/// is): not ready, but not away either.
const SLOW: &str = "no answer within";

/// Whether the tables' store is away now (Redis refused the last `PING`:
/// connection refused or broken, not merely slow): a move is refused at
/// once with `storage` rather than wait for the store's own time-outs, and
/// the page says the table reconnects.
pub fn store_away() -> bool {
    REDIS_AWAY.load(Ordering::Relaxed)
}

/// What readiness asks of this server's stores.
pub struct Readiness {
    redis: Option<RedisProbe>,
    sqlite: Option<SqliteProbe>,
    stopping: AtomicBool,
    /// Whether Redis answered the last time it was asked.
    redis_up: AtomicBool,
    /// Why Redis did not answer the last time it was asked.
    redis_reason: Mutex<Option<String>>,
}

struct RedisProbe {
    client: redis::Client,
    /// Kept between probes; dropped when it fails, made again next time.
    connection: tokio::sync::Mutex<Option<MultiplexedConnection>>,
}

struct SqliteProbe {
    path: PathBuf,
    connection: Arc<Mutex<Option<Connection>>>,
}

impl Readiness {
    /// Readiness over Redis (`redis_url`) when given, else over the data
    /// folder's database file `sqlite`.
    pub fn new(redis_url: Option<&str>, sqlite: Option<PathBuf>) -> Result<Arc<Readiness>, String> {
        let redis = match redis_url {
            Some(url) => Some(RedisProbe {
                client: redis::Client::open(url)
                    .map_err(|e| format!("{}: {e}", super::super::store::shown_url(url)))?,
                connection: tokio::sync::Mutex::new(None),
            }),
            None => None,
        };
        let ready = Arc::new(Readiness {
            redis,
            sqlite: sqlite.map(|path| SqliteProbe {
                path,
                connection: Arc::new(Mutex::new(None)),
            }),
            stopping: AtomicBool::new(false),
            redis_up: AtomicBool::new(true),
            redis_reason: Mutex::new(None),
        });
        if ready.redis.is_some() {
            metrics().with_redis();
            metrics().redis_up.set(1);
        }
        Ok(ready)
    }

    /// From now on the server is not ready: it is stopping.
    pub fn stop(&self) {
        self.stopping.store(true, Ordering::Relaxed);
    }

    /// Whether Redis answered the last time it was asked (true without Redis).
    pub fn redis_up(&self) -> bool {
        self.redis_up.load(Ordering::Relaxed)
    }

    /// What Redis lacks, as the watch last saw it (`None` while it
    /// answers, and without Redis): a line `/readyz` adds to `ready`.
    pub fn redis_note(&self) -> Option<String> {
        if self.redis_up() {
            return None;
        }
        let reason = self
            .redis_reason
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone()
            .unwrap_or_default();
        Some(format!(
            "redis: {reason}; pages are served, online play waits until it is back"
        ))
    }

    /// `Ok` when ready, else each reason.
    pub async fn check(&self) -> Result<(), Vec<String>> {
        let mut reasons = Vec::new();
        if self.stopping.load(Ordering::Relaxed) {
            reasons.push("stopping: handing its tables on".to_string());
        }
        if let Some(probe) = &self.sqlite {
            if let Err(e) = probe.write().await {
                reasons.push(format!("sqlite: {e}"));
            }
        }
        if reasons.is_empty() {
            Ok(())
        } else {
            Err(reasons)
        }
    }

    /// Notes Redis's answer: a line in the log and the metrics when it changes.
    fn saw_redis(&self, answered: &Result<(), String>) {
        let up = answered.is_ok();
        metrics().redis_up.set(i64::from(up));
        let away = answered.as_ref().is_err_and(|e| !e.starts_with(SLOW));
        REDIS_AWAY.store(away, Ordering::Relaxed);
        *self
            .redis_reason
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = answered.clone().err();
        if self.redis_up.swap(up, Ordering::Relaxed) != up {
            match answered {
                Ok(()) => tracing::warn!("redis: answering again"),
                Err(e) => {
                    metrics().redis_outages.inc();
                    tracing::error!(
                        "redis: {e}; online play waits (moves refused) until it is back"
                    );
                }
            }
        }
    }

    /// Asks every second until the process ends (over Redis only).
    pub fn watch(self: &Arc<Self>) {
        if self.redis.is_none() {
            return;
        }
        let ready = Arc::clone(self);
        tokio::spawn(async move {
            let mut every = tokio::time::interval(WATCH_EVERY);
            every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                every.tick().await;
                if let Some(probe) = &ready.redis {
                    let answered = probe.ping().await;
                    ready.saw_redis(&answered);
                }
            }
        });
    }
}

impl RedisProbe {
    /// `PING`, answered `PONG` within [`READY_WITHIN`] (connecting included).
    async fn ping(&self) -> Result<(), String> {
        let start = Instant::now();
        let mut held = self.connection.lock().await;
        let answer = tokio::time::timeout(READY_WITHIN, async {
            let mut connection = match held.as_ref() {
                Some(c) => c.clone(),
                None => {
                    let c = self
                        .client
                        .get_multiplexed_async_connection()
                        .await
                        .map_err(|e| format!("cannot connect ({e})"))?;
                    *held = Some(c.clone());
                    c
                }
            };
            let pong: String = redis::cmd("PING")
                .query_async(&mut connection)
                .await
                .map_err(|e| format!("PING failed ({e})"))?;
            if pong == "PONG" {
                Ok(())
            } else {
                Err(format!("PING answered {pong:?}"))
            }
        })
        .await
        .unwrap_or_else(|_| Err(format!("{SLOW} {} ms", READY_WITHIN.as_millis())));
        match &answer {
            Ok(()) => metrics()
                .redis_seconds
                .with_label_values(&["ping"])
                .observe(start.elapsed().as_secs_f64()),
            Err(_) => *held = None,
        }
        answer
    }
}

impl SqliteProbe {
    /// Writes one row of a table of its own, within [`READY_WITHIN`].
    async fn write(&self) -> Result<(), String> {
        let path = self.path.clone();
        let held = Arc::clone(&self.connection);
        let task = tokio::task::spawn_blocking(move || {
            let mut held = held
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            if held.is_none() {
                let c = Connection::open(&path)
                    .and_then(|c| c.busy_timeout(READY_WITHIN).map(|()| c))
                    .and_then(|c| {
                        c.execute_batch(
                            "CREATE TABLE IF NOT EXISTS ready (id INTEGER PRIMARY KEY, at_ms INTEGER NOT NULL)",
                        )
                        .map(|()| c)
                    })
                    .map_err(|e| format!("cannot open {}: {e}", path.display()))?;
                *held = Some(c);
            }
            let c = held.as_ref().ok_or("no connection")?;
            let now = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX));
            let written = c.execute(
                "INSERT OR REPLACE INTO ready (id, at_ms) VALUES (1, ?1)",
                [now],
            );
            match written {
                Ok(_) => Ok(()),
                Err(e) => {
                    *held = None;
                    Err(format!("cannot write to {}: {e}", path.display()))
                }
            }
        });
        match tokio::time::timeout(READY_WITHIN * 2, task).await {
            Ok(Ok(answer)) => answer,
            Ok(Err(e)) => Err(format!("the check failed: {e}")),
            Err(_) => Err(format!(
                "no write within {} ms",
                (READY_WITHIN * 2).as_millis()
            )),
        }
    }
}
