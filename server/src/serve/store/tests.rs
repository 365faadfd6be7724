//! The stores' conformance suite, run against both [`Sqlite`] and [`Redis`]
//! (a `redis-server` these tests start on a free loopback port, in a
//! folder of their own, and stop), and the race of two handles sending a
//! move for the same ply.

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use super::redis_server::RedisServer;
use super::{AppendError, Redis, Sqlite, Storage, Store};

/// Races for one ply, a thousand times over.
const RACES: usize = 1000;

/// A fresh empty folder under the system's temporary one.
fn temp_dir(what: &str) -> PathBuf {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("virada-{what}-{}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap()
}

async fn sorted_tables(store: &dyn Storage) -> Vec<(String, String)> {
    let mut tables = store.load_tables().await.unwrap();
    tables.sort();
    tables
}

fn pair(id: &str, state: &str) -> (String, String) {
    (id.to_string(), state.to_string())
}

/// What every store does.
async fn conformance(store: &dyn Storage) {
    assert_eq!(sorted_tables(store).await, vec![]);
    store.save_table("a", "{\"n\":1}".into()).await.unwrap();
    store.save_table("a", "{\"n\":2}".into()).await.unwrap();
    assert_eq!(sorted_tables(store).await, vec![pair("a", "{\"n\":2}")]);

    // Moves: only the next ply is taken.
    store
        .append_move("m", 0, "f5", "{\"p\":1}".into())
        .await
        .unwrap();
    let again = store.append_move("m", 0, "d3", "{\"p\":9}".into()).await;
    assert_eq!(again, Err(AppendError::StalePly { at: 1 }));
    let ahead = store.append_move("m", 2, "d3", "{\"p\":9}".into()).await;
    assert_eq!(ahead, Err(AppendError::StalePly { at: 1 }));
    store
        .append_move("m", 1, "f6", "{\"p\":2}".into())
        .await
        .unwrap();
    assert_eq!(
        sorted_tables(store).await,
        vec![pair("a", "{\"n\":2}"), pair("m", "{\"p\":2}")]
    );

    // The end: the record kept, the table forgotten, no move after it.
    store
        .finish("m", "othello", "virada-record m\n".into(), 5)
        .await
        .unwrap();
    assert_eq!(
        store.record("m").await.unwrap().as_deref(),
        Some("virada-record m\n")
    );
    assert_eq!(sorted_tables(store).await, vec![pair("a", "{\"n\":2}")]);
    let late = store.append_move("m", 2, "c3", "{}".into()).await;
    assert_eq!(late, Err(AppendError::Over));
    assert_eq!(store.record("nobody").await.unwrap(), None);
    // A record rewritten (a deleted account's name replaced) keeps its place.
    store
        .rewrite_record("m", "virada-record m2\n".into())
        .await
        .unwrap();
    assert_eq!(
        store.record("m").await.unwrap().as_deref(),
        Some("virada-record m2\n")
    );
    store.rewrite_record("nobody", "x".into()).await.unwrap();
    assert_eq!(store.record("nobody").await.unwrap(), None);

    // The list: newest first, equal times by id.
    store
        .finish("b", "nabucodonosor", "virada-record b\n".into(), 5)
        .await
        .unwrap();
    store
        .finish("c", "othello", "virada-record c\n".into(), 7)
        .await
        .unwrap();
    let ids = |list: Vec<super::RecordEntry>| {
        list.into_iter()
            .map(|e| (e.id, e.game, e.finished_ms))
            .collect::<Vec<_>>()
    };
    assert_eq!(
        ids(store.records(10).await.unwrap()),
        vec![
            ("c".into(), "othello".into(), 7),
            ("b".into(), "nabucodonosor".into(), 5),
            ("m".into(), "othello".into(), 5),
        ]
    );
    assert_eq!(ids(store.records(1).await.unwrap()).len(), 1);
    assert!(store.records(0).await.unwrap().is_empty());
}

/// What a store has kept after [`conformance`], once reopened.
async fn kept(store: &dyn Storage) {
    assert_eq!(sorted_tables(store).await, vec![pair("a", "{\"n\":2}")]);
    assert_eq!(
        store.record("b").await.unwrap().as_deref(),
        Some("virada-record b\n")
    );
    assert_eq!(store.records(10).await.unwrap().len(), 3);
}

#[test]
fn sqlite_conforms_and_keeps_everything_when_reopened() {
    let dir = temp_dir("sqlite");
    let rt = runtime();
    rt.block_on(async { conformance(&Sqlite::open(&dir).unwrap()).await });
    rt.block_on(async { kept(&Sqlite::open(&dir).unwrap()).await });
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn redis_conforms_and_keeps_everything_when_killed() {
    let mut server = RedisServer::start("store");
    let rt = runtime();
    rt.block_on(async { conformance(&Redis::connect(&server.url()).await.unwrap()).await });
    server.restart();
    rt.block_on(async { kept(&Redis::connect(&server.url()).await.unwrap()).await });
}

/// Two handles send a move for the same ply at the same instant, [`RACES`]
/// times: exactly one is taken each time, the other hears `stale-ply`, and
/// the table keeps the one taken.
async fn race(first: Store, second: Store) {
    let mut wins = [0usize; 2];
    for round in 0..RACES {
        let id = format!("race-{round}");
        let barrier = Arc::new(tokio::sync::Barrier::new(2));
        let send = |store: &Store, who: usize| {
            let (store, barrier, id) = (Arc::clone(store), Arc::clone(&barrier), id.clone());
            tokio::spawn(async move {
                barrier.wait().await;
                store
                    .append_move(&id, 0, "f5", format!("{{\"by\":{who}}}"))
                    .await
            })
        };
        let (a, b) = (send(&first, 0), send(&second, 1));
        let answers = [a.await.unwrap(), b.await.unwrap()];
        let stale = Err(AppendError::StalePly { at: 1 });
        let winner = match &answers {
            [Ok(()), lost] if *lost == stale => 0,
            [lost, Ok(())] if *lost == stale => 1,
            _ => panic!("round {round}: {answers:?}"),
        };
        wins[winner] += 1;
        let tables = first.load_tables().await.unwrap();
        let state = tables
            .iter()
            .find(|(t, _)| *t == id)
            .map(|(_, s)| s.as_str());
        assert_eq!(state, Some(format!("{{\"by\":{winner}}}").as_str()));
        first
            .finish(&id, "othello", String::new(), 0)
            .await
            .unwrap();
    }
    println!(
        "{RACES} races for one ply: won {} and {} times",
        wins[0], wins[1]
    );
}

#[test]
fn sqlite_takes_one_move_a_ply_from_two_handles() {
    let dir = temp_dir("sqlite-race");
    let rt = runtime();
    rt.block_on(async {
        let first: Store = Arc::new(Sqlite::open(&dir).unwrap());
        let second: Store = Arc::new(Sqlite::open(&dir).unwrap());
        race(first, second).await;
    });
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn redis_takes_one_move_a_ply_from_two_connections() {
    let server = RedisServer::start("store");
    let rt = runtime();
    rt.block_on(async {
        let first: Store = Arc::new(Redis::connect(&server.url()).await.unwrap());
        let second: Store = Arc::new(Redis::connect(&server.url()).await.unwrap());
        race(first, second).await;
    });
}
