//! The move to ratings by speed, on stores written as schema 1 wrote them
//! (raw SQL and raw Redis commands, not this server's code): one account
//! at one speed, two at three speeds recomputed, one whose list lost a
//! game, two whose game's ratings are gone, one unrated; then a rated game
//! changing only its speed. Against
//! SQLite and against a `redis-server` started on a free loopback port.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use serde_json::json;
use virada::clock::Speed;
use virada::rating::{rate, Outcome, Stated};

use super::super::kv::{Kv, RedisKv, SqliteKv, SCHEMA_VERSION};
use super::super::model::{leaderboard_key, GameEntry, SpeedRating, LEGACY_LEADERBOARD};
use super::super::{Accounts, Settings};
use super::Moved;
use crate::serve::keys::Keys;
use crate::serve::store::redis_server::RedisServer;
use crate::serve::store::{self, Store};

/// Schema 1's layout, as its server made `accounts.db`.
const SCHEMA_1: &str =
    "CREATE TABLE kv (key TEXT PRIMARY KEY, value TEXT NOT NULL, expires_ms INTEGER);
     CREATE INDEX kv_expires ON kv (expires_ms) WHERE expires_ms IS NOT NULL;
     CREATE TABLE rank (idx TEXT NOT NULL, member TEXT NOT NULL, score REAL NOT NULL,
                        PRIMARY KEY (idx, member));
     CREATE INDEX rank_score ON rank (idx, score DESC, member);
     PRAGMA user_version = 1;";

const RECORD: &str = include_str!("../../../../tests/data/records/good-no-word.txt");

fn id(name: &str) -> String {
    format!("{:0<32}", hex_of(name))
}

fn hex_of(name: &str) -> String {
    name.bytes().map(|b| format!("{b:02x}")).collect()
}

/// A schema-1 store's contents, made as its server made them: each game
/// rated with one rating an account, in order.
struct Old {
    docs: Vec<(String, String)>,
    board: Vec<(String, f64)>,
    records: Vec<(String, String)>,
    /// Each table's ratings before, seat order.
    before: BTreeMap<String, [Stated; 2]>,
    /// Each account's one rating at the end.
    rating: BTreeMap<String, Stated>,
}

/// (table, clock seconds a move, seats, the first seat's outcome).
const GAMES: [(&str, u32, [&str; 2], Outcome); 10] = [
    ("t1", 15, ["ana", "bia"], Outcome::Win),
    ("t2", 30, ["bia", "eve"], Outcome::Loss),
    ("t3", 15, ["ana", "bia"], Outcome::Draw),
    ("t4", 5, ["eve", "bia"], Outcome::Loss),
    ("t5", 15, ["bia", "ana"], Outcome::Loss),
    ("t6", 15, ["cid", "eve"], Outcome::Win),
    ("t7", 30, ["cid", "eve"], Outcome::Win),
    ("t8", 30, ["eve", "cid"], Outcome::Draw),
    ("t10", 5, ["fay", "gus"], Outcome::Win),
    ("t11", 30, ["gus", "fay"], Outcome::Loss),
];

fn old_store() -> Old {
    let names = ["ana", "bia", "cid", "dan", "eve", "fay", "gus"];
    let mut rating: BTreeMap<String, Stated> =
        names.iter().map(|n| (n.to_string(), Stated::NEW)).collect();
    let mut counts: BTreeMap<&str, [u32; 4]> = names.iter().map(|n| (*n, [0; 4])).collect();
    let mut lists: BTreeMap<&str, Vec<serde_json::Value>> = BTreeMap::new();
    let mut old = Old {
        docs: Vec::new(),
        board: Vec::new(),
        records: Vec::new(),
        before: BTreeMap::new(),
        rating: BTreeMap::new(),
    };
    for (n, (table, clock, seats, outcome)) in GAMES.iter().enumerate() {
        let before = [rating[seats[0]], rating[seats[1]]];
        let (x, y) = rate(before[0], before[1], *outcome);
        rating.insert(seats[0].to_string(), x);
        rating.insert(seats[1].to_string(), y);
        old.before.insert(table.to_string(), before);
        old.docs.push((
            format!("rated:{table}"),
            json!({
                "accounts": [id(seats[0]), id(seats[1])],
                "before": [before[0].to_string(), before[1].to_string()],
                "after": [x.to_string(), y.to_string()],
            })
            .to_string(),
        ));
        for seat in 0..2 {
            let mine = if seat == 0 {
                *outcome
            } else {
                outcome.flipped()
            };
            let result = match mine {
                Outcome::Win => "win",
                Outcome::Draw => "draw",
                Outcome::Loss => "loss",
            };
            let c = counts.get_mut(seats[seat]).unwrap();
            c[0] += 1;
            c[match mine {
                Outcome::Win => 1,
                Outcome::Draw => 2,
                Outcome::Loss => 3,
            }] += 1;
            let after = if seat == 0 { x } else { y };
            lists.entry(seats[seat]).or_default().push(json!({
                "id": table, "finished_ms": 1_000 + n as i64, "game": "othello", "seat": seat,
                "opponent": id(seats[1 - seat]), "opponent_name": seats[1 - seat],
                "result": result, "rating": after.to_string(),
            }));
        }
        let text = RECORD.replace("\nclock: 30\n", &format!("\nclock: {clock}\n"));
        old.records.push((table.to_string(), text));
    }
    // cid's list lost its first game (as a list cut at its length would);
    // the ratings t11 gave are not kept.
    lists.get_mut("cid").unwrap().remove(0);
    old.docs.retain(|(key, _)| key != "rated:t11");
    for name in names {
        let [games, wins, draws, losses] = counts[name];
        old.docs.push((
            format!("account:{}", id(name)),
            json!({
                "id": id(name), "name": name, "created_ms": 1, "passkeys": [],
                "rating": rating[name].to_string(), "rated_games": games,
                "wins": wins, "draws": draws, "losses": losses, "sessions": [],
            })
            .to_string(),
        ));
        old.docs.push((format!("name:{name}"), id(name)));
        if let Some(list) = lists.get(name) {
            old.docs
                .push((format!("games:{}", id(name)), json!(list).to_string()));
        }
        if games >= 1 {
            old.board.push((id(name), rating[name].rating()));
        }
    }
    old.rating = rating;
    old
}

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
    let dir = std::env::temp_dir().join(format!("virada-speeds-{}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn accounts(kv: Kv, records: Store, dir: &std::path::Path) -> Arc<Accounts> {
    let keys = Arc::new(Keys::load_or_create(dir).unwrap());
    Accounts::new(
        kv,
        Settings {
            origin: "http://localhost:8000".into(),
            also: Vec::new(),
            min_games: 1,
            records: Some((records, keys)),
        },
    )
    .unwrap()
}

async fn account(accounts: &Accounts, name: &str) -> super::super::model::Account {
    super::super::kv::read(&**accounts.kv(), &format!("account:{}", id(name)))
        .await
        .unwrap()
        .unwrap()
        .0
}

/// What the move must have done, whichever store.
async fn moved_as_documented(accounts: &Accounts, old: &Old) {
    let done = accounts.migrate().await.unwrap();
    let how: BTreeMap<String, Moved> = done.accounts.into_iter().collect();
    assert_eq!(
        how,
        BTreeMap::from([
            (id("ana"), Moved::OneSpeed),
            (id("bia"), Moved::Recomputed),
            (id("cid"), Moved::Majority),
            (id("dan"), Moved::Unrated),
            (id("eve"), Moved::Recomputed),
            (id("fay"), Moved::Majority),
            (id("gus"), Moved::Majority),
        ])
    );
    assert_eq!(
        accounts.kv().schema_version().await.unwrap(),
        SCHEMA_VERSION
    );
    // ana: three blitz games (15 s a move: 450 s), moved whole.
    let ana = account(accounts, "ana").await;
    assert_eq!(
        ana.ratings,
        BTreeMap::from([(
            Speed::Blitz,
            SpeedRating {
                rating: old.rating["ana"],
                games: 3
            }
        )])
    );
    // bia: blitz t1 t3 t5, rapid t2, bullet t4, each from 1500.
    let bia = account(accounts, "bia").await;
    let b = &old.before;
    let rapid = rate(Stated::NEW, b["t2"][1], Outcome::Loss).0;
    let bullet = rate(b["t4"][0], Stated::NEW, Outcome::Loss).1;
    let blitz = [
        ("t1", 1, Outcome::Loss),
        ("t3", 1, Outcome::Draw),
        ("t5", 0, Outcome::Loss),
    ]
    .into_iter()
    .fold(Stated::NEW, |me, (t, seat, mine)| {
        if seat == 0 {
            rate(me, b[t][1], mine).0
        } else {
            rate(b[t][0], me, mine.flipped()).1
        }
    });
    assert_eq!(
        bia.ratings,
        BTreeMap::from([
            (
                Speed::Bullet,
                SpeedRating {
                    rating: bullet,
                    games: 1
                }
            ),
            (
                Speed::Blitz,
                SpeedRating {
                    rating: blitz,
                    games: 3
                }
            ),
            (
                Speed::Rapid,
                SpeedRating {
                    rating: rapid,
                    games: 1
                }
            ),
        ])
    );
    assert_ne!(blitz, old.rating["bia"]);
    // Its kept games say their speed, and the rating each gave now.
    let games: Vec<GameEntry> = accounts.games(&id("bia")).await.unwrap();
    let t2 = games.iter().find(|g| g.id == "t2").unwrap();
    assert_eq!((t2.speed, t2.rating), (Some(Speed::Rapid), Some(rapid)));
    // cid: 3 rated games, one gone from its list: the whole rating to
    // rapid, where 2 of the 2 known were.
    let cid = account(accounts, "cid").await;
    assert_eq!(
        cid.ratings,
        BTreeMap::from([(
            Speed::Rapid,
            SpeedRating {
                rating: old.rating["cid"],
                games: 3
            }
        )])
    );
    assert!(account(accounts, "dan").await.ratings.is_empty());
    // fay and gus: a bullet game and a rapid one, but the rapid one's
    // ratings are not kept: no recomputing; a tie goes to the faster.
    for name in ["fay", "gus"] {
        assert_eq!(
            account(accounts, name).await.ratings,
            BTreeMap::from([(
                Speed::Bullet,
                SpeedRating {
                    rating: old.rating[name],
                    games: 2
                }
            )]),
            "{name}"
        );
    }
    let eve = account(accounts, "eve").await;
    assert_eq!(
        eve.ratings.values().map(|r| r.games).sum::<u32>(),
        5,
        "{eve:?}"
    );
    assert_eq!(eve.rated_games(), 5);
    // One leaderboard a speed; the old one empty.
    assert!(accounts
        .kv()
        .top(LEGACY_LEADERBOARD, 10)
        .await
        .unwrap()
        .is_empty());
    let board = |speed| async move {
        let top = accounts
            .kv()
            .top(&leaderboard_key(speed), 10)
            .await
            .unwrap();
        top.into_iter().map(|(m, _)| m).collect::<Vec<_>>()
    };
    let mut blitz_ids = board(Speed::Blitz).await;
    blitz_ids.sort();
    assert_eq!(blitz_ids, vec![id("ana"), id("bia"), id("eve")]);
    assert_eq!(board(Speed::Bullet).await.len(), 4);
    assert!(board(Speed::Classical).await.is_empty());
    // Once: asked again, nothing moves.
    assert!(accounts.migrate().await.unwrap().accounts.is_empty());
    assert_eq!(account(accounts, "bia").await.ratings, bia.ratings);

    // A rated game now changes its speed's ratings only.
    let rated = accounts
        .rate("t9", [&id("ana"), &id("bia")], Speed::Bullet, Outcome::Win)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(rated.speed, Some(Speed::Bullet));
    assert_eq!(rated.before, [Stated::NEW, bullet]);
    let (ana2, bia2) = (
        account(accounts, "ana").await,
        account(accounts, "bia").await,
    );
    assert_eq!(ana2.at(Speed::Bullet).games, 1);
    assert_eq!(ana2.at(Speed::Blitz), ana.at(Speed::Blitz));
    assert_eq!(bia2.at(Speed::Bullet).games, 2);
    assert_eq!(bia2.at(Speed::Bullet).rating, rated.after[1]);
    for speed in [Speed::Blitz, Speed::Rapid] {
        assert_eq!(bia2.at(speed), bia.at(speed), "{speed:?}");
    }
    assert!(board(Speed::Bullet).await.contains(&id("ana")));
}

#[test]
fn sqlite_of_schema_1_moves_its_ratings_to_their_speeds() {
    let dir = temp_dir();
    let old = old_store();
    {
        let c = rusqlite::Connection::open(dir.join(super::super::kv::ACCOUNTS_FILE)).unwrap();
        c.execute_batch(SCHEMA_1).unwrap();
        for (key, value) in &old.docs {
            c.execute(
                "INSERT INTO kv (key, value) VALUES (?1, ?2)",
                rusqlite::params![key, value],
            )
            .unwrap();
        }
        for (member, score) in &old.board {
            c.execute(
                "INSERT INTO rank (idx, member, score) VALUES ('leaderboard', ?1, ?2)",
                rusqlite::params![member, score],
            )
            .unwrap();
        }
    }
    runtime().block_on(async {
        let records: Store = Arc::new(store::Sqlite::open(&dir).unwrap());
        for (table, text) in &old.records {
            records
                .finish(table, "othello", text.clone(), 5)
                .await
                .unwrap();
        }
        let kv: Kv = Arc::new(SqliteKv::open(&dir).unwrap());
        assert_eq!(kv.schema_version().await.unwrap(), 1, "not moved yet");
        moved_as_documented(&accounts(kv, records, &dir), &old).await;
        // Opened again: already there.
        let again = SqliteKv::open(&dir).unwrap();
        assert_eq!(
            super::super::kv::KeyValue::schema_version(&again)
                .await
                .unwrap(),
            SCHEMA_VERSION
        );
    });
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn redis_of_schema_1_moves_its_ratings_to_their_speeds() {
    let redis = RedisServer::start("speeds");
    let dir = temp_dir();
    let old = old_store();
    runtime().block_on(async {
        let client = redis::Client::open(redis.url()).unwrap();
        let mut raw = redis::aio::ConnectionManager::new(client).await.unwrap();
        for (key, value) in &old.docs {
            redis::cmd("SET")
                .arg(format!("virada:kv:{key}"))
                .arg(value)
                .query_async::<()>(&mut raw)
                .await
                .unwrap();
        }
        for (member, score) in &old.board {
            redis::cmd("ZADD")
                .arg("virada:rank:leaderboard")
                .arg(score)
                .arg(member)
                .query_async::<()>(&mut raw)
                .await
                .unwrap();
        }
        redis::cmd("SET")
            .arg("virada:accounts:schema")
            .arg(1)
            .query_async::<()>(&mut raw)
            .await
            .unwrap();
        let shared = store::Redis::connect(&redis.url()).await.unwrap();
        let records: Store = Arc::new(shared.clone());
        for (table, text) in &old.records {
            records
                .finish(table, "othello", text.clone(), 5)
                .await
                .unwrap();
        }
        let kv: Kv = Arc::new(RedisKv::open(shared.connection()).await.unwrap());
        assert_eq!(kv.schema_version().await.unwrap(), 1, "not moved yet");
        moved_as_documented(&accounts(kv, records, &dir), &old).await;
    });
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_record_s_clock_gives_its_speed() {
    let at = |clock: &str| super::record_speed(&RECORD.replace("clock: 30", clock));
    assert_eq!(at("clock: 30"), Some(Speed::Rapid));
    assert_eq!(at("clock: 5"), Some(Speed::Bullet));
    assert_eq!(at("clock: 300"), Some(Speed::Classical));
    assert_eq!(at("clock: off"), None);
    assert_eq!(super::record_speed("not a record"), None);
}
