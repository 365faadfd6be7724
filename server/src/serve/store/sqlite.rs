//! The embedded store: tables in progress and finished records in a SQLite
//! database (`virada.db` in the data folder; rusqlite with SQLite bundled,
//! so nothing needs installing). What `virada serve` keeps without `--redis`.
//!
//! One thread owns the connection. Writes arrive on a channel and are
//! applied in batches, one transaction a batch, and each writer hears back
//! only once its write is committed: the server says a move happened only
//! after it is on disk, so a server killed at any moment (SIGKILL included)
//! loses nothing it has announced. The journal is SQLite's write-ahead log.

use std::path::Path;
use std::time::Duration;

use rusqlite::{params, Connection, OptionalExtension as _, TransactionBehavior};
use tokio::sync::{mpsc, oneshot};

use super::{Answer, AppendError, Appending, RecordEntry, Storage};

/// The database file in the data folder.
pub const DB_FILE: &str = "virada.db";
/// Writes applied in one transaction at most.
const BATCH: usize = 512;
/// How often the checkpointer copies the write-ahead log into the database.
const CHECKPOINT_EVERY: Duration = Duration::from_millis(500);
/// Pages of log after which a commit checkpoints by itself, should the
/// checkpointer fall behind (SQLite's default is 1000).
const WAL_LIMIT_PAGES: i64 = 50_000;

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
    AppendMove {
        id: String,
        ply: usize,
        mv: String,
        state: String,
        done: oneshot::Sender<Result<(), AppendError>>,
    },
    Rewrite {
        id: String,
        record: String,
        done: oneshot::Sender<Result<(), String>>,
    },
    LoadTables(oneshot::Sender<Result<Vec<(String, String)>, String>>),
    Record(String, oneshot::Sender<Result<Option<String>, String>>),
    Records(usize, oneshot::Sender<Result<Vec<RecordEntry>, String>>),
}

/// A handle on the store's thread; cheap to clone.
#[derive(Clone)]
pub struct Sqlite {
    ops: mpsc::UnboundedSender<Op>,
}

impl Sqlite {
    /// Opens (or makes) the database in `folder` and starts its thread.
    pub fn open(folder: &Path) -> Result<Sqlite, String> {
        let path = folder.join(DB_FILE);
        // Owner-only (0600), as SQLite's journal and log then are too.
        crate::private::make_file(&path)
            .map_err(|e| format!("cannot make {}: {e}", path.display()))?;
        let connection =
            Connection::open(&path).map_err(|e| format!("cannot open {}: {e}", path.display()))?;
        // A file of a newer schema is left as it is.
        let version: u32 = connection
            .pragma_query_value(None, "user_version", |row| row.get(0))
            .map_err(|e| format!("{}: {e}", path.display()))?;
        if version > super::SCHEMA_VERSION {
            return Err(super::newer_schema(&path.display().to_string(), version));
        }
        prepare(&connection).map_err(|e| format!("{}: {e}", path.display()))?;
        if version < super::SCHEMA_VERSION {
            connection
                .pragma_update(None, "user_version", super::SCHEMA_VERSION)
                .map_err(|e| format!("{}: {e}", path.display()))?;
        }
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
        Ok(Sqlite { ops })
    }

    async fn ask<T, E: From<String>>(
        &self,
        make: impl FnOnce(oneshot::Sender<Result<T, E>>) -> Op,
    ) -> Result<T, E> {
        let (done, answer) = oneshot::channel();
        self.ops
            .send(make(done))
            .map_err(|_| E::from("the store has stopped".to_string()))?;
        answer
            .await
            .map_err(|_| E::from("the store has stopped".to_string()))?
    }
}

impl Storage for Sqlite {
    fn save_table(&self, id: &str, state: String) -> Appending<'_> {
        let id = id.to_string();
        let saving = self.ask::<(), String>(|done| Op::SaveTable { id, state, done });
        Box::pin(async move { saving.await.map_err(AppendError::Failed) })
    }

    fn append_move(&self, id: &str, ply: usize, mv: &str, state: String) -> Appending<'_> {
        let (id, mv) = (id.to_string(), mv.to_string());
        Box::pin(self.ask(move |done| Op::AppendMove {
            id,
            ply,
            mv,
            state,
            done,
        }))
    }

    fn finish(&self, id: &str, game: &str, record: String, finished_ms: i64) -> Answer<'_, ()> {
        let (id, game) = (id.to_string(), game.to_string());
        Box::pin(self.ask(move |done| Op::Finish {
            id,
            game,
            record,
            finished_ms,
            done,
        }))
    }

    fn load_tables(&self) -> Answer<'_, Vec<(String, String)>> {
        Box::pin(self.ask(Op::LoadTables))
    }

    fn rewrite_record(&self, id: &str, record: String) -> Answer<'_, ()> {
        let id = id.to_string();
        Box::pin(self.ask(move |done| Op::Rewrite { id, record, done }))
    }

    fn record(&self, id: &str) -> Answer<'_, Option<String>> {
        let id = id.to_string();
        Box::pin(self.ask(|done| Op::Record(id, done)))
    }

    fn records(&self, limit: usize) -> Answer<'_, Vec<RecordEntry>> {
        Box::pin(self.ask(move |done| Op::Records(limit, done)))
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
         CREATE INDEX IF NOT EXISTS records_by_time ON records (finished_ms);
         CREATE TABLE IF NOT EXISTS moves (
             id TEXT NOT NULL,
             ply INTEGER NOT NULL,
             move TEXT NOT NULL,
             PRIMARY KEY (id, ply)
         );",
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

/// Where a write's answer goes.
enum Done {
    Plain(oneshot::Sender<Result<(), String>>),
    Append(oneshot::Sender<Result<(), AppendError>>),
}

impl Done {
    fn send(self, result: Result<(), String>) {
        match self {
            Done::Plain(done) => {
                let _ = done.send(result);
            }
            Done::Append(done) => {
                let _ = done.send(result.map_err(AppendError::Failed));
            }
        }
    }
}

/// A write's answer, sent once its transaction is committed.
type Ack = (Done, Result<(), String>);

fn apply(connection: &mut Connection, batch: Vec<Op>) {
    let mut acks: Vec<Ack> = Vec::new();
    // Immediate: the write lock is taken at the start, so that two handles
    // on one database wait for each other instead of failing.
    let transaction = match connection.transaction_with_behavior(TransactionBehavior::Immediate) {
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
                let r = execute(&transaction, SAVE_STATE, params![id, state]);
                acks.push((Done::Plain(done), r.map(|_| ()).map_err(|e| e.to_string())));
            }
            Op::Finish {
                id,
                game,
                record,
                finished_ms,
                done,
            } => {
                let r = execute(
                    &transaction,
                    "INSERT OR REPLACE INTO records (id, game, record, finished_ms)
                     VALUES (?1, ?2, ?3, ?4)",
                    params![id, game, record, finished_ms],
                )
                .and_then(|_| execute(&transaction, "DELETE FROM tables WHERE id = ?1", [&id]))
                .and_then(|_| execute(&transaction, "DELETE FROM moves WHERE id = ?1", [&id]));
                acks.push((Done::Plain(done), r.map(|_| ()).map_err(|e| e.to_string())));
            }
            Op::Rewrite { id, record, done } => {
                let r = transaction.execute(
                    "UPDATE records SET record = ?2 WHERE id = ?1",
                    params![id, record],
                );
                acks.push((Done::Plain(done), r.map(|_| ()).map_err(|e| e.to_string())));
            }
            Op::AppendMove {
                id,
                ply,
                mv,
                state,
                done,
            } => {
                // The answer waits for the commit only when it is a yes.
                match append_move(&transaction, &id, ply, &mv, &state) {
                    Ok(()) => acks.push((Done::Append(done), Ok(()))),
                    Err(e) => {
                        let _ = done.send(Err(e));
                    }
                }
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
            done.send(Err(e.clone()));
        }
        return;
    }
    for (done, result) in acks {
        done.send(result);
    }
}

impl Op {
    /// Answers the op with an error.
    fn fail(self, e: &str) {
        let e = e.to_string();
        match self {
            Op::SaveTable { done, .. } | Op::Finish { done, .. } | Op::Rewrite { done, .. } => {
                let _ = done.send(Err(e));
            }
            Op::AppendMove { done, .. } => {
                let _ = done.send(Err(AppendError::Failed(e)));
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

/// Saves a table's state, the row made or replaced.
const SAVE_STATE: &str = "INSERT INTO tables (id, state) VALUES (?1, ?2)
     ON CONFLICT(id) DO UPDATE SET state = excluded.state";

/// Runs one of the store's few statements, compiled once and kept in the
/// connection's cache: parsing the SQL again for every move was most of
/// the store thread's work (`docs/load.md`, "Game clocks").
fn execute(
    connection: &Connection,
    sql: &str,
    values: impl rusqlite::Params,
) -> rusqlite::Result<usize> {
    connection.prepare_cached(sql)?.execute(values)
}

/// Appends `mv` as move `ply` of table `id` and saves its `state`, when
/// `ply` is the next move and the game is not over.
fn append_move(
    connection: &Connection,
    id: &str,
    ply: usize,
    mv: &str,
    state: &str,
) -> Result<(), AppendError> {
    let failed = |e: rusqlite::Error| AppendError::Failed(e.to_string());
    let over: bool = connection
        .prepare_cached("SELECT EXISTS (SELECT 1 FROM records WHERE id = ?1)")
        .and_then(|mut s| s.query_row([id], |row| row.get(0)))
        .map_err(failed)?;
    if over {
        return Err(AppendError::Over);
    }
    let at: i64 = connection
        .prepare_cached("SELECT COUNT(*) FROM moves WHERE id = ?1")
        .and_then(|mut s| s.query_row([id], |row| row.get(0)))
        .map_err(failed)?;
    let at = usize::try_from(at).unwrap_or(usize::MAX);
    if at != ply {
        return Err(AppendError::StalePly { at });
    }
    execute(
        connection,
        "INSERT INTO moves (id, ply, move) VALUES (?1, ?2, ?3)",
        params![id, i64::try_from(ply).unwrap_or(i64::MAX), mv],
    )
    .and_then(|_| execute(connection, SAVE_STATE, params![id, state]))
    .map_err(failed)?;
    Ok(())
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
            let store = Sqlite::open(&dir).unwrap();
            store.save_table("a", "{\"n\":1}".into()).await.unwrap();
            store.save_table("a", "{\"n\":2}".into()).await.unwrap();
            store.save_table("b", "{}".into()).await.unwrap();
            store
                .finish("b", "othello", "virada-record 1\n".into(), 5)
                .await
                .unwrap();
        });
        rt.block_on(async {
            let store = Sqlite::open(&dir).unwrap();
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
