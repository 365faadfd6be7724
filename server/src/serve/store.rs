//! What the server keeps: tables in progress and finished records, in an
//! embedded SQLite database (`virada.db` in the data folder; rusqlite with
//! SQLite bundled, so nothing needs installing).
//!
//! One thread owns the connection. Writes arrive on a channel and are
//! applied in batches, one transaction a batch, and each writer hears back
//! only once its write is committed: the server says a move happened only
//! after it is on disk, so a server killed at any moment (SIGKILL included)
//! loses nothing it has announced. The journal is SQLite's write-ahead log.

use std::path::Path;
use std::time::Duration;

use rusqlite::{params, Connection, OptionalExtension as _};
use tokio::sync::{mpsc, oneshot};

/// The database file in the data folder.
pub const DB_FILE: &str = "virada.db";
/// Writes applied in one transaction at most.
const BATCH: usize = 512;
/// How often the checkpointer copies the write-ahead log into the database.
const CHECKPOINT_EVERY: Duration = Duration::from_millis(500);
/// Pages of log after which a commit checkpoints by itself, should the
/// checkpointer fall behind (SQLite's default is 1000).
const WAL_LIMIT_PAGES: i64 = 50_000;

/// A finished record as listed.
#[derive(Clone, Debug, serde::Serialize)]
pub struct RecordEntry {
    /// The table's id, which is also the record's.
    pub id: String,
    /// `othello` or `nabucodonosor`.
    pub game: String,
    /// When the game ended, milliseconds since the Unix epoch.
    pub finished_ms: i64,
}

/// One thing asked of the store.
enum Op {
    SaveTable {
        id: String,
        state: String,
        done: oneshot::Sender<Result<(), String>>,
    },
    Finish {
        id: String,
        game: String,
        record: String,
        finished_ms: i64,
        done: oneshot::Sender<Result<(), String>>,
    },
    LoadTables(oneshot::Sender<Result<Vec<(String, String)>, String>>),
    Record(String, oneshot::Sender<Result<Option<String>, String>>),
    Records(usize, oneshot::Sender<Result<Vec<RecordEntry>, String>>),
}

/// A handle on the store's thread; cheap to clone.
#[derive(Clone)]
pub struct Store {
    ops: mpsc::UnboundedSender<Op>,
}

impl Store {
    /// Opens (or makes) the database in `folder` and starts its thread.
    pub fn open(folder: &Path) -> Result<Store, String> {
        let path = folder.join(DB_FILE);
        let connection =
            Connection::open(&path).map_err(|e| format!("cannot open {}: {e}", path.display()))?;
        prepare(&connection).map_err(|e| format!("{}: {e}", path.display()))?;
        // Checkpoints (which wait for the disk) run on a thread of their
        // own, so that a commit never waits for one.
        connection
            .pragma_update(None, "wal_autocheckpoint", WAL_LIMIT_PAGES)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        let checkpoints = Connection::open(&path)
            .and_then(|c| c.busy_timeout(Duration::from_secs(5)).map(|()| c))
            .map_err(|e| format!("cannot open {}: {e}", path.display()))?;
        let (alive, stopped) = std::sync::mpsc::channel::<()>();
        std::thread::Builder::new()
            .name("checkpoint".into())
            .spawn(move || checkpoint(&checkpoints, &stopped))
            .map_err(|e| format!("cannot start the checkpoint thread: {e}"))?;
        let (ops, receiver) = mpsc::unbounded_channel();
        std::thread::Builder::new()
            .name("store".into())
            .spawn(move || {
                run(connection, receiver);
                drop(alive);
            })
            .map_err(|e| format!("cannot start the store's thread: {e}"))?;
        Ok(Store { ops })
    }

    async fn ask<T>(
        &self,
        make: impl FnOnce(oneshot::Sender<Result<T, String>>) -> Op,
    ) -> Result<T, String> {
        let (done, answer) = oneshot::channel();
        self.ops
            .send(make(done))
            .map_err(|_| "the store has stopped".to_string())?;
        answer
            .await
            .map_err(|_| "the store has stopped".to_string())?
    }

    /// Saves a table's state (JSON), replacing the last; resolves once on disk.
    pub async fn save_table(&self, id: &str, state: String) -> Result<(), String> {
        let id = id.to_string();
        self.ask(|done| Op::SaveTable { id, state, done }).await
    }

    /// Stores a finished table's record and forgets the table, in one
    /// transaction.
    pub async fn finish(
        &self,
        id: &str,
        game: &str,
        record: String,
        finished_ms: i64,
    ) -> Result<(), String> {
        let (id, game) = (id.to_string(), game.to_string());
        self.ask(|done| Op::Finish {
            id,
            game,
            record,
            finished_ms,
            done,
        })
        .await
    }

    /// Every table in progress: `(id, state)`.
    pub async fn load_tables(&self) -> Result<Vec<(String, String)>, String> {
        self.ask(Op::LoadTables).await
    }

    /// A finished record by id.
    pub async fn record(&self, id: &str) -> Result<Option<String>, String> {
        let id = id.to_string();
        self.ask(|done| Op::Record(id, done)).await
    }

    /// The latest finished records, newest first.
    pub async fn records(&self, limit: usize) -> Result<Vec<RecordEntry>, String> {
        self.ask(|done| Op::Records(limit, done)).await
    }
}

fn prepare(connection: &Connection) -> rusqlite::Result<()> {
    connection.busy_timeout(Duration::from_secs(5))?;
    connection.pragma_update(None, "journal_mode", "WAL")?;
    // With the write-ahead log, NORMAL survives the process being killed;
    // only a power cut may lose the last transactions.
    connection.pragma_update(None, "synchronous", "NORMAL")?;
    connection.execute_batch(
        "CREATE TABLE IF NOT EXISTS tables (
             id TEXT PRIMARY KEY,
             state TEXT NOT NULL
         );
         CREATE TABLE IF NOT EXISTS records (
             id TEXT PRIMARY KEY,
             game TEXT NOT NULL,
             record TEXT NOT NULL,
             finished_ms INTEGER NOT NULL
         );
         CREATE INDEX IF NOT EXISTS records_by_time ON records (finished_ms);",
    )
}

/// The checkpoint thread: copies the log into the database every
/// [`CHECKPOINT_EVERY`] without blocking the writer (a passive checkpoint),
/// until the store's thread ends.
fn checkpoint(connection: &Connection, stopped: &std::sync::mpsc::Receiver<()>) {
    while let Err(std::sync::mpsc::RecvTimeoutError::Timeout) =
        stopped.recv_timeout(CHECKPOINT_EVERY)
    {
        if let Err(e) = connection.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |_| Ok(())) {
            tracing::warn!("checkpoint: {e}");
        }
    }
}

/// The store's thread: takes what is waiting, applies the writes in one
/// transaction, then answers.
fn run(mut connection: Connection, mut receiver: mpsc::UnboundedReceiver<Op>) {
    while let Some(first) = receiver.blocking_recv() {
        let mut batch = vec![first];
        while batch.len() < BATCH {
            match receiver.try_recv() {
                Ok(op) => batch.push(op),
                Err(_) => break,
            }
        }
        apply(&mut connection, batch);
    }
}

/// A write's answer, sent once its transaction is committed.
type Ack = (oneshot::Sender<Result<(), String>>, Result<(), String>);

fn apply(connection: &mut Connection, batch: Vec<Op>) {
    let mut acks: Vec<Ack> = Vec::new();
    let transaction = match connection.transaction() {
        Ok(t) => t,
        Err(e) => {
            let e = e.to_string();
            for op in batch {
                op.fail(&e);
            }
            return;
        }
    };
    for op in batch {
        match op {
            Op::SaveTable { id, state, done } => {
                let r = transaction.execute(
                    "INSERT INTO tables (id, state) VALUES (?1, ?2)
                     ON CONFLICT(id) DO UPDATE SET state = excluded.state",
                    params![id, state],
                );
                acks.push((done, r.map(|_| ()).map_err(|e| e.to_string())));
            }
            Op::Finish {
                id,
                game,
                record,
                finished_ms,
                done,
            } => {
                let r = transaction
                    .execute(
                        "INSERT OR REPLACE INTO records (id, game, record, finished_ms)
                         VALUES (?1, ?2, ?3, ?4)",
                        params![id, game, record, finished_ms],
                    )
                    .and_then(|_| transaction.execute("DELETE FROM tables WHERE id = ?1", [&id]));
                acks.push((done, r.map(|_| ()).map_err(|e| e.to_string())));
            }
            Op::LoadTables(done) => {
                let _ = done.send(load_tables(&transaction).map_err(|e| e.to_string()));
            }
            Op::Record(id, done) => {
                let r = transaction
                    .query_row("SELECT record FROM records WHERE id = ?1", [id], |row| {
                        row.get(0)
                    })
                    .optional();
                let _ = done.send(r.map_err(|e| e.to_string()));
            }
            Op::Records(limit, done) => {
                let _ = done.send(list_records(&transaction, limit).map_err(|e| e.to_string()));
            }
        }
    }
    if let Err(e) = transaction.commit() {
        let e = e.to_string();
        for (done, _) in acks {
            let _ = done.send(Err(e.clone()));
        }
        return;
    }
    for (done, result) in acks {
        let _ = done.send(result);
    }
}

impl Op {
    /// Answers the op with an error.
    fn fail(self, e: &str) {
        let e = e.to_string();
        match self {
            Op::SaveTable { done, .. } | Op::Finish { done, .. } => {
                let _ = done.send(Err(e));
            }
            Op::LoadTables(done) => {
                let _ = done.send(Err(e));
            }
            Op::Record(_, done) => {
                let _ = done.send(Err(e));
            }
            Op::Records(_, done) => {
                let _ = done.send(Err(e));
            }
        }
    }
}

fn load_tables(connection: &Connection) -> rusqlite::Result<Vec<(String, String)>> {
    let mut statement = connection.prepare("SELECT id, state FROM tables")?;
    let rows = statement.query_map([], |row| Ok((row.get(0)?, row.get(1)?)))?;
    rows.collect()
}

fn list_records(connection: &Connection, limit: usize) -> rusqlite::Result<Vec<RecordEntry>> {
    let mut statement = connection.prepare(
        "SELECT id, game, finished_ms FROM records ORDER BY finished_ms DESC, id LIMIT ?1",
    )?;
    let limit = i64::try_from(limit).unwrap_or(i64::MAX);
    let rows = statement.query_map([limit], |row| {
        Ok(RecordEntry {
            id: row.get(0)?,
            game: row.get(1)?,
            finished_ms: row.get(2)?,
        })
    })?;
    rows.collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_and_records_outlive_the_store() {
        let dir = std::env::temp_dir().join(format!("virada-store-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let rt = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap();
        rt.block_on(async {
            let store = Store::open(&dir).unwrap();
            store.save_table("a", "{\"n\":1}".into()).await.unwrap();
            store.save_table("a", "{\"n\":2}".into()).await.unwrap();
            store.save_table("b", "{}".into()).await.unwrap();
            store
                .finish("b", "othello", "virada-record 1\n".into(), 5)
                .await
                .unwrap();
        });
        rt.block_on(async {
            let store = Store::open(&dir).unwrap();
            assert_eq!(
                store.load_tables().await.unwrap(),
                vec![("a".to_string(), "{\"n\":2}".to_string())]
            );
            assert_eq!(
                store.record("b").await.unwrap().as_deref(),
                Some("virada-record 1\n")
            );
            assert_eq!(store.record("a").await.unwrap(), None);
            let list = store.records(10).await.unwrap();
            assert_eq!(list.len(), 1);
            assert_eq!(list[0].game, "othello");
        });
        let _ = std::fs::remove_dir_all(&dir);
    }
}
