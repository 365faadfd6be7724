//! The accounts' embedded store: `accounts.db` in the data folder
//! (rusqlite, SQLite bundled), in write-ahead-log mode, apart from the
//! tables' database so that neither waits on the other's writes.
//!
//! | table | what |
//! | --- | --- |
//! | `kv` | `key` (primary), `value` (JSON), `expires_ms` (null: never) |
//! | `rank` | `idx`, `member` (primary together), `score` |
//!
//! The schema's version is SQLite's `user_version`; [`MIGRATIONS`] brings
//! an older file's layout up to date in one transaction (a new file
//! straight to [`super::SCHEMA_VERSION`], having no documents to move), and
//! a newer file is refused. Version 1's documents are the accounts' to
//! migrate once open (`super::super::speeds`).

use std::path::Path;
use std::sync::{Arc, Mutex};

use rusqlite::{params, Connection, OptionalExtension as _, TransactionBehavior};

use super::{Answer, Change, Expect, KeyValue, SCHEMA_VERSION};

/// The database file in the data folder.
pub const ACCOUNTS_FILE: &str = "accounts.db";

/// Each migration takes the layout from its index to the next version
/// (versions past these change documents only).
const MIGRATIONS: [&str; 1] = [
    // 0 → 1: documents by key, and sorted indexes.
    "CREATE TABLE kv (key TEXT PRIMARY KEY, value TEXT NOT NULL, expires_ms INTEGER);
     CREATE INDEX kv_expires ON kv (expires_ms) WHERE expires_ms IS NOT NULL;
     CREATE TABLE rank (idx TEXT NOT NULL, member TEXT NOT NULL, score REAL NOT NULL,
                        PRIMARY KEY (idx, member));
     CREATE INDEX rank_score ON rank (idx, score DESC, member);",
];

/// The accounts' SQLite store; cheap to clone.
#[derive(Clone)]
pub struct SqliteKv {
    connection: Arc<Mutex<Connection>>,
}

impl SqliteKv {
    /// Opens (or makes) `accounts.db` in `folder`, migrated to the
    /// current schema.
    pub fn open(folder: &Path) -> Result<SqliteKv, String> {
        let path = folder.join(ACCOUNTS_FILE);
        // Owner-only (0600), as SQLite's journal and log then are too.
        crate::private::make_file(&path)
            .map_err(|e| format!("cannot make {}: {e}", path.display()))?;
        let mut connection =
            Connection::open(&path).map_err(|e| format!("cannot open {}: {e}", path.display()))?;
        let at = |e: rusqlite::Error| format!("{}: {e}", path.display());
        connection
            .pragma_update(None, "journal_mode", "WAL")
            .map_err(at)?;
        connection
            .pragma_update(None, "synchronous", "FULL")
            .map_err(at)?;
        connection
            .busy_timeout(std::time::Duration::from_secs(5))
            .map_err(at)?;
        migrate(&mut connection).map_err(|e| format!("{}: {e}", path.display()))?;
        Ok(SqliteKv {
            connection: Arc::new(Mutex::new(connection)),
        })
    }

    /// Runs `work` on the connection, off the async threads.
    fn with<T: Send + 'static>(
        &self,
        work: impl FnOnce(&mut Connection) -> Result<T, rusqlite::Error> + Send + 'static,
    ) -> Answer<'_, T> {
        let connection = Arc::clone(&self.connection);
        Box::pin(async move {
            tokio::task::spawn_blocking(move || {
                let mut connection = connection
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner);
                work(&mut connection).map_err(|e| format!("accounts store: {e}"))
            })
            .await
            .map_err(|e| format!("accounts store: {e}"))?
        })
    }
}

/// Brings the file's schema to [`SCHEMA_VERSION`].
fn migrate(connection: &mut Connection) -> Result<(), String> {
    let version: u32 = connection
        .pragma_query_value(None, "user_version", |row| row.get(0))
        .map_err(|e| e.to_string())?;
    if version > SCHEMA_VERSION {
        return Err(format!(
            "the accounts' schema is version {version}, newer than this server's {SCHEMA_VERSION}"
        ));
    }
    if version as usize >= MIGRATIONS.len() {
        return Ok(());
    }
    // A new file has no documents to move: it starts at the current schema.
    let to = if version == 0 {
        SCHEMA_VERSION
    } else {
        MIGRATIONS.len() as u32
    };
    let tx = connection
        .transaction_with_behavior(TransactionBehavior::Exclusive)
        .map_err(|e| e.to_string())?;
    for step in &MIGRATIONS[version as usize..] {
        tx.execute_batch(step).map_err(|e| e.to_string())?;
    }
    tx.pragma_update(None, "user_version", to)
        .map_err(|e| e.to_string())?;
    tx.commit().map_err(|e| e.to_string())?;
    tracing::info!("accounts' schema migrated from version {version} to {to}");
    Ok(())
}

fn now_ms() -> i64 {
    crate::serve::table::now_ms()
}

/// The live document at `key`.
fn current(tx: &Connection, key: &str, now: i64) -> Result<Option<String>, rusqlite::Error> {
    tx.query_row(
        "SELECT value FROM kv WHERE key = ?1 AND (expires_ms IS NULL OR expires_ms > ?2)",
        params![key, now],
        |row| row.get(0),
    )
    .optional()
}

impl KeyValue for SqliteKv {
    fn get(&self, key: &str) -> Answer<'_, Option<String>> {
        let key = key.to_string();
        self.with(move |c| current(c, &key, now_ms()))
    }

    fn swap(&self, changes: Vec<Change>) -> Answer<'_, bool> {
        self.with(move |c| {
            let now = now_ms();
            let tx = c.transaction_with_behavior(TransactionBehavior::Immediate)?;
            for change in &changes {
                let held = current(&tx, &change.key, now)?;
                let holds = match &change.expect {
                    Expect::Any => true,
                    Expect::Absent => held.is_none(),
                    Expect::Equal(v) => held.as_deref() == Some(v.as_str()),
                };
                if !holds {
                    return Ok(false);
                }
            }
            for change in &changes {
                match &change.set {
                    Some(value) => {
                        let expires = change
                            .ttl_ms
                            .map(|ms| now.saturating_add(i64::try_from(ms).unwrap_or(i64::MAX)));
                        tx.execute(
                            "INSERT INTO kv (key, value, expires_ms) VALUES (?1, ?2, ?3)
                             ON CONFLICT (key) DO UPDATE SET value = ?2, expires_ms = ?3",
                            params![change.key, value, expires],
                        )?;
                    }
                    None => {
                        tx.execute("DELETE FROM kv WHERE key = ?1", params![change.key])?;
                    }
                }
            }
            // What has lapsed goes, a little at a time.
            tx.execute(
                "DELETE FROM kv WHERE key IN (SELECT key FROM kv
                 WHERE expires_ms IS NOT NULL AND expires_ms <= ?1 LIMIT 64)",
                params![now],
            )?;
            tx.commit()?;
            Ok(true)
        })
    }

    fn take(&self, key: &str) -> Answer<'_, Option<String>> {
        let key = key.to_string();
        self.with(move |c| {
            let tx = c.transaction_with_behavior(TransactionBehavior::Immediate)?;
            let value = current(&tx, &key, now_ms())?;
            tx.execute("DELETE FROM kv WHERE key = ?1", params![key])?;
            tx.commit()?;
            Ok(value)
        })
    }

    fn rank(&self, index: &str, member: &str, score: Option<f64>) -> Answer<'_, ()> {
        let (index, member) = (index.to_string(), member.to_string());
        self.with(move |c| {
            match score {
                Some(score) => c.execute(
                    "INSERT INTO rank (idx, member, score) VALUES (?1, ?2, ?3)
                     ON CONFLICT (idx, member) DO UPDATE SET score = ?3",
                    params![index, member, score],
                )?,
                None => c.execute(
                    "DELETE FROM rank WHERE idx = ?1 AND member = ?2",
                    params![index, member],
                )?,
            };
            Ok(())
        })
    }

    fn top(&self, index: &str, count: usize) -> Answer<'_, Vec<(String, f64)>> {
        let index = index.to_string();
        self.with(move |c| {
            let mut statement = c.prepare(
                "SELECT member, score FROM rank WHERE idx = ?1
                 ORDER BY score DESC, member LIMIT ?2",
            )?;
            let rows = statement
                .query_map(params![index, count as i64], |row| {
                    Ok((row.get(0)?, row.get(1)?))
                })?
                .collect::<Result<Vec<(String, f64)>, _>>()?;
            Ok(rows)
        })
    }

    fn schema_version(&self) -> Answer<'_, u32> {
        self.with(|c| c.pragma_query_value(None, "user_version", |row| row.get(0)))
    }

    fn set_schema_version(&self, from: u32, to: u32) -> Answer<'_, bool> {
        self.with(move |c| {
            let tx = c.transaction_with_behavior(TransactionBehavior::Immediate)?;
            let at: u32 = tx.pragma_query_value(None, "user_version", |row| row.get(0))?;
            if at != from {
                return Ok(false);
            }
            tx.pragma_update(None, "user_version", to)?;
            tx.commit()?;
            Ok(true)
        })
    }

    fn keys(&self, prefix: &str) -> Answer<'_, Vec<String>> {
        let prefix = prefix.to_string();
        self.with(move |c| {
            let mut statement = c.prepare(
                "SELECT key FROM kv WHERE substr(key, 1, ?2) = ?1
                 AND (expires_ms IS NULL OR expires_ms > ?3) ORDER BY key",
            )?;
            let length = prefix.chars().count() as i64;
            let rows = statement
                .query_map(params![prefix, length, now_ms()], |row| row.get(0))?
                .collect::<Result<Vec<String>, _>>()?;
            Ok(rows)
        })
    }
}
