//! One suite against both accounts' stores: SQLite in a scratch folder,
//! and a `redis-server` these tests start on a free loopback port.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use super::{update, Change, KeyValue, RedisKv, SqliteKv, SCHEMA_VERSION};
use crate::serve::store::redis_server::RedisServer;

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap()
}

fn temp_dir() -> std::path::PathBuf {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("virada-kv-{}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// What both stores do.
async fn conformance(kv: Arc<dyn KeyValue>) {
    assert_eq!(kv.schema_version().await.unwrap(), SCHEMA_VERSION);
    assert_eq!(kv.get("a").await.unwrap(), None);
    // Create only where nothing is; several keys at once or none.
    assert!(kv.swap(vec![Change::create("a", "1")]).await.unwrap());
    assert!(!kv.swap(vec![Change::create("a", "2")]).await.unwrap());
    let both = vec![Change::create("b", "x"), Change::create("a", "3")];
    assert!(!kv.swap(both).await.unwrap());
    assert_eq!(
        kv.get("b").await.unwrap(),
        None,
        "a refused swap changes nothing"
    );
    // Compare and set; remove.
    assert!(!kv
        .swap(vec![Change::set("a", "4").from(Some("0"))])
        .await
        .unwrap());
    assert!(kv
        .swap(vec![Change::set("a", "4").from(Some("1"))])
        .await
        .unwrap());
    assert_eq!(kv.get("a").await.unwrap().as_deref(), Some("4"));
    assert!(kv.swap(vec![Change::remove("a")]).await.unwrap());
    assert_eq!(kv.get("a").await.unwrap(), None);
    // Read once.
    assert!(kv.swap(vec![Change::set("c", "once")]).await.unwrap());
    assert_eq!(kv.take("c").await.unwrap().as_deref(), Some("once"));
    assert_eq!(kv.take("c").await.unwrap(), None);
    // Lapsing.
    assert!(kv
        .swap(vec![Change::set("d", "soon").lapsing(150)])
        .await
        .unwrap());
    assert_eq!(kv.get("d").await.unwrap().as_deref(), Some("soon"));
    tokio::time::sleep(std::time::Duration::from_millis(400)).await;
    assert_eq!(kv.get("d").await.unwrap(), None);
    assert!(kv.swap(vec![Change::create("d", "again")]).await.unwrap());
    // Sorted indexes.
    kv.rank("board", "m", Some(1500.0)).await.unwrap();
    kv.rank("board", "k", Some(1700.5)).await.unwrap();
    kv.rank("board", "z", Some(1400.0)).await.unwrap();
    kv.rank("board", "z", Some(1800.0)).await.unwrap();
    kv.rank("board", "m", None).await.unwrap();
    let top = kv.top("board", 10).await.unwrap();
    assert_eq!(
        top,
        vec![("z".to_string(), 1800.0), ("k".to_string(), 1700.5)]
    );
    assert_eq!(kv.top("board", 1).await.unwrap().len(), 1);
    assert_eq!(kv.top("other", 5).await.unwrap(), vec![]);
    // Keys by prefix, in order, the lapsed left out; a glob's characters
    // are only characters.
    for key in ["acc:b", "acc:a", "acc*x", "accent"] {
        assert!(kv.swap(vec![Change::set(key, "1")]).await.unwrap());
    }
    assert!(kv
        .swap(vec![Change::set("acc:gone", "1").lapsing(1)])
        .await
        .unwrap());
    tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    assert_eq!(kv.keys("acc:").await.unwrap(), vec!["acc:a", "acc:b"]);
    assert_eq!(kv.keys("acc*").await.unwrap(), vec!["acc*x"]);
    assert!(kv.keys("zzz").await.unwrap().is_empty());
    // The schema's version moves only from the one expected.
    assert!(!kv.set_schema_version(1, 7).await.unwrap());
    assert!(kv
        .set_schema_version(SCHEMA_VERSION, SCHEMA_VERSION)
        .await
        .unwrap());
    assert_eq!(kv.schema_version().await.unwrap(), SCHEMA_VERSION);
    // Many writers updating one document: every change kept.
    let mut writers = Vec::new();
    for _ in 0..8 {
        let kv = Arc::clone(&kv);
        writers.push(tokio::spawn(async move {
            for _ in 0..10 {
                update::<u32, _>(&*kv, "count", |n| Some(n.unwrap_or(0) + 1))
                    .await
                    .unwrap();
            }
        }));
    }
    for w in writers {
        w.await.unwrap();
    }
    assert_eq!(kv.get("count").await.unwrap().as_deref(), Some("80"));
}

#[test]
fn sqlite_keeps_accounts() {
    let dir = temp_dir();
    runtime().block_on(async {
        conformance(Arc::new(SqliteKv::open(&dir).unwrap())).await;
        // Opened again: the same schema, the same documents.
        let again = SqliteKv::open(&dir).unwrap();
        assert_eq!(again.get("d").await.unwrap().as_deref(), Some("again"));
    });
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn sqlite_refuses_a_newer_schema() {
    let dir = temp_dir();
    drop(SqliteKv::open(&dir).unwrap());
    let c = rusqlite::Connection::open(dir.join(super::sqlite::ACCOUNTS_FILE)).unwrap();
    c.pragma_update(None, "user_version", SCHEMA_VERSION + 1)
        .unwrap();
    drop(c);
    let refused = SqliteKv::open(&dir).err().unwrap();
    assert!(refused.contains("newer"), "{refused}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn redis_keeps_accounts() {
    let redis = RedisServer::start("kv");
    runtime().block_on(async {
        let client = redis::Client::open(redis.url()).unwrap();
        let connection = redis::aio::ConnectionManager::new(client).await.unwrap();
        conformance(Arc::new(RedisKv::open(connection).await.unwrap())).await;
    });
}
