//! What the server keeps, behind one small trait, [`Storage`]: tables in
//! progress (their state as JSON, and their moves one a ply) and finished
//! records. Two implementations: [`Sqlite`], the embedded database one
//! server keeps in its data folder (the default), and [`Redis`], shared by
//! several servers (`--redis`). Both answer only once a write is kept, and
//! both run the same conformance suite (`tests.rs`).

use std::fmt;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

mod redis;
#[cfg(test)]
pub(crate) mod redis_server;
mod sqlite;
#[cfg(test)]
mod tests;

pub use self::redis::{lease_key, shown_url, Redis};
pub use self::sqlite::{Sqlite, DB_FILE};

/// The version of the tables' and records' layout in a store: SQLite's
/// `user_version` of [`DB_FILE`], Redis's `virada:tables:schema`. A store
/// without one is written with it; a server refuses to start over a store
/// of a newer version (written by a newer server: it may not read it right).
/// Raise it with a change of layout that an older server cannot read, and
/// say so in the changelog: servers over one Redis are then upgraded
/// together (docs/operations.md).
pub const SCHEMA_VERSION: u32 = 1;

/// The refusal of a store whose layout `found` is newer than this server's.
fn newer_schema(store: &str, found: u32) -> String {
    format!(
        "{store} holds tables of schema {found}, newer than this server's {SCHEMA_VERSION} \
         (virada {}): it was written by a newer server; run that one, or a newer one",
        crate::version::LONG
    )
}

/// A store's answer to come.
pub type Answer<'a, T> = Pin<Box<dyn Future<Output = Result<T, String>> + Send + 'a>>;

/// The answer to [`Storage::append_move`] and [`Storage::save_table`].
pub type Appending<'a> = Pin<Box<dyn Future<Output = Result<(), AppendError>> + Send + 'a>>;

/// The store a server uses, shared by its tables.
pub type Store = Arc<dyn Storage>;

/// Where tables and records are kept.
pub trait Storage: Send + Sync {
    /// Saves a table's state (JSON), replacing the last; resolves once
    /// kept. The shared store refuses it ([`AppendError::Fenced`]) when
    /// another server holds the table's lease.
    fn save_table(&self, id: &str, state: String) -> Appending<'_>;

    /// Appends `mv` as move number `ply` (moves already played, from 0) of
    /// table `id` and saves the table's new `state`, in one atomic step:
    /// only when `ply` is the table's next move, so that of two servers
    /// sending a move for the same ply exactly one is taken.
    fn append_move(&self, id: &str, ply: usize, mv: &str, state: String) -> Appending<'_>;

    /// Stores a finished table's record and forgets the table (its state
    /// and moves), in one atomic step.
    fn finish(&self, id: &str, game: &str, record: String, finished_ms: i64) -> Answer<'_, ()>;

    /// Replaces a finished record's text (its game stays where it was):
    /// a deleted account's name replaced, the record signed again. Nothing
    /// happens when there is no such record.
    fn rewrite_record(&self, id: &str, record: String) -> Answer<'_, ()>;

    /// Every table in progress: `(id, state)`.
    fn load_tables(&self) -> Answer<'_, Vec<(String, String)>>;

    /// One table in progress by id: its state, `None` when it is not in
    /// progress (never opened, or finished). The shared store answers it
    /// alone; the default looks through [`Storage::load_tables`].
    fn load_table(&self, id: &str) -> Answer<'_, Option<String>> {
        let id = id.to_string();
        Box::pin(async move {
            let tables = self.load_tables().await?;
            Ok(tables.into_iter().find(|(i, _)| *i == id).map(|(_, s)| s))
        })
    }

    /// A finished record by id.
    fn record(&self, id: &str) -> Answer<'_, Option<String>>;

    /// The latest finished records, newest first (ties by id).
    fn records(&self, limit: usize) -> Answer<'_, Vec<RecordEntry>>;
}

/// A finished record as listed.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct RecordEntry {
    /// The table's id, which is also the record's.
    pub id: String,
    /// `othello` or `nabucodonosor`, or `match` for a match record.
    pub game: String,
    /// When the game ended, milliseconds since the Unix epoch.
    pub finished_ms: i64,
}

/// Why a move was not appended, or a table's state not saved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AppendError {
    /// That ply is not the next one: the move was sent twice, late, or
    /// another server took it first (the protocol's `stale-ply`).
    StalePly {
        /// The moves the table has.
        at: usize,
    },
    /// The table's game is over (its record is stored).
    Over,
    /// Another server holds the table's lease: it runs the table now, and
    /// what this server has of it is behind (the shared store only).
    Fenced,
    /// The store failed.
    Failed(String),
}

impl fmt::Display for AppendError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AppendError::StalePly { at } => write!(f, "the game is at move {at}"),
            AppendError::Over => f.write_str("the game is over"),
            AppendError::Fenced => f.write_str("another server runs the table now"),
            AppendError::Failed(e) => f.write_str(e),
        }
    }
}

impl std::error::Error for AppendError {}

impl From<String> for AppendError {
    fn from(e: String) -> AppendError {
        AppendError::Failed(e)
    }
}
