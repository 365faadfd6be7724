//! What accounts, sessions, passkeys, ratings, kept games and seeks are
//! kept in, behind one small trait, [`KeyValue`]: JSON documents by key,
//! changed several at once only when each is as expected (so two servers
//! never both take a name, a seek or a game's rating), read-and-removed
//! once (a ceremony's state), some lapsing after a time, and sorted
//! indexes (the leaderboard, the open seeks). Two implementations:
//! [`SqliteKv`] (`accounts.db` in the data folder, one server) and
//! [`RedisKv`] (`--redis`, shared by several servers); `tests.rs` runs one
//! suite against both. Each has a schema version and its migrations
//! ([`SCHEMA_VERSION`]): the layout's (tables, keys) when the store
//! opens, the documents' (`super::speeds`) when the accounts open.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

mod redis;
mod sqlite;
#[cfg(test)]
mod tests;

pub use self::redis::RedisKv;
pub use self::sqlite::{SqliteKv, ACCOUNTS_FILE};

/// The schema version both stores are at once the accounts are open: each
/// refuses a newer one on opening. Version 1 is the layout (documents by
/// key, sorted indexes) with one rating an account; version 2 the same
/// layout with a rating a speed, to which `super::speeds` migrates the
/// documents of a version-1 store. A new store starts at this version.
pub const SCHEMA_VERSION: u32 = 2;

/// A store's answer to come.
pub type Answer<'a, T> = Pin<Box<dyn Future<Output = Result<T, String>> + Send + 'a>>;

/// The store the accounts use, shared.
pub type Kv = Arc<dyn KeyValue>;

/// What a key must hold for a [`KeyValue::swap`] to go through.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expect {
    /// Anything, or nothing.
    Any,
    /// Nothing: the key is not there (or has lapsed).
    Absent,
    /// Exactly this document.
    Equal(String),
}

/// One key's change in a [`KeyValue::swap`].
#[derive(Clone, Debug)]
pub struct Change {
    /// The key.
    pub key: String,
    /// What it must hold now.
    pub expect: Expect,
    /// Its new document, `None` to remove it.
    pub set: Option<String>,
    /// Milliseconds until the new document lapses, `None` for never.
    pub ttl_ms: Option<u64>,
}

impl Change {
    /// Sets `key` to `value` whatever it holds.
    pub fn set(key: impl Into<String>, value: impl Into<String>) -> Change {
        Change {
            key: key.into(),
            expect: Expect::Any,
            set: Some(value.into()),
            ttl_ms: None,
        }
    }

    /// Sets `key` to `value` only where nothing is.
    pub fn create(key: impl Into<String>, value: impl Into<String>) -> Change {
        Change {
            expect: Expect::Absent,
            ..Change::set(key, value)
        }
    }

    /// Removes `key` whatever it holds.
    pub fn remove(key: impl Into<String>) -> Change {
        Change {
            key: key.into(),
            expect: Expect::Any,
            set: None,
            ttl_ms: None,
        }
    }

    /// The same change, only if the key holds `old` now (`None`: nothing).
    pub fn from(mut self, old: Option<&str>) -> Change {
        self.expect = match old {
            Some(old) => Expect::Equal(old.to_string()),
            None => Expect::Absent,
        };
        self
    }

    /// The same change, its document lapsing after `ms` milliseconds.
    pub fn lapsing(mut self, ms: u64) -> Change {
        self.ttl_ms = Some(ms);
        self
    }
}

/// A store of JSON documents by key, with atomic multi-key swaps.
pub trait KeyValue: Send + Sync {
    /// The document at `key`, `None` when there is none (or it lapsed).
    fn get(&self, key: &str) -> Answer<'_, Option<String>>;

    /// Applies every change at once when every key holds what its change
    /// expects, and answers `true`; otherwise changes nothing and answers
    /// `false`.
    fn swap(&self, changes: Vec<Change>) -> Answer<'_, bool>;

    /// Reads and removes the document at `key` in one step: of two asking
    /// at once, one gets it.
    fn take(&self, key: &str) -> Answer<'_, Option<String>>;

    /// Sets `member`'s score in the sorted index `index`; `None` removes it.
    fn rank(&self, index: &str, member: &str, score: Option<f64>) -> Answer<'_, ()>;

    /// The first `count` members of `index`, highest score first (ties by
    /// member).
    fn top(&self, index: &str, count: usize) -> Answer<'_, Vec<(String, f64)>>;

    /// The schema version the store is at.
    fn schema_version(&self) -> Answer<'_, u32>;

    /// Sets the schema version to `to` only if it is `from`; whether it was.
    fn set_schema_version(&self, from: u32, to: u32) -> Answer<'_, bool>;

    /// Every live key that starts with `prefix`, in order (a migration's
    /// walk over the documents of one kind: `account:`).
    fn keys(&self, prefix: &str) -> Answer<'_, Vec<String>>;
}

/// Reads the document at `key` as `T`; `None` when absent.
pub async fn read<T: serde::de::DeserializeOwned>(
    kv: &dyn KeyValue,
    key: &str,
) -> Result<Option<(T, String)>, String> {
    match kv.get(key).await? {
        Some(text) => serde_json::from_str(&text)
            .map(|value| Some((value, text)))
            .map_err(|e| format!("{key}: {e}")),
        None => Ok(None),
    }
}

/// Changes the document at `key` with `change` (given what it holds, `None`
/// for nothing; answering the new document, `None` to remove it), retrying
/// while another writer changed it in between. Answers what was written.
pub async fn update<T, F>(kv: &dyn KeyValue, key: &str, mut change: F) -> Result<Option<T>, String>
where
    T: serde::Serialize + serde::de::DeserializeOwned,
    F: FnMut(Option<T>) -> Option<T>,
{
    for _ in 0..64 {
        let old = read::<T>(kv, key).await?;
        let text = old.as_ref().map(|(_, text)| text.clone());
        let new = change(old.map(|(value, _)| value));
        let set = new
            .as_ref()
            .map(serde_json::to_string)
            .transpose()
            .map_err(|e| e.to_string())?;
        let swap = Change {
            key: key.to_string(),
            expect: Expect::Any,
            set,
            ttl_ms: None,
        }
        .from(text.as_deref());
        if kv.swap(vec![swap]).await? {
            return Ok(new);
        }
    }
    Err(format!("{key}: changed by others 64 times in a row"))
}
