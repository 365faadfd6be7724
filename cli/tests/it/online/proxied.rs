//! Several servers as an operator runs them: `virada trial` (Redis, three
//! servers, haproxy with the shipped configuration), pages reaching the
//! tables only through the proxy, which sends every socket of a table to
//! one server. A table run there sends nothing over pub/sub (the servers'
//! counters and Redis's own `INFO commandstats` say so); a server killed
//! moves only its own tables, whose pages come back through the proxy to
//! the server that takes them over.

use super::client::{create_table, Client};
use super::front::come_back;
use super::trial::{publish_calls, published, redis, Trial};
use super::{contribute_all, play_out, play_rounds, verify};
use std::time::Instant;

/// The moves of a record, as written.
fn moves_of(record: &str) -> Vec<String> {
    record
        .lines()
        .find_map(|l| l.strip_prefix("moves: "))
        .unwrap()
        .split(' ')
        .map(str::to_string)
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_whose_sockets_reach_its_holder_sends_nothing_over_pub_sub() {
    let trial = Trial::start(3, &[]);
    // Opened through the proxy (by any server), both people through it.
    let id = create_table(&trial, r#"{"game":"othello","clock":0}"#).await;
    let mut a = Client::connect(&trial, &id).await;
    a.hello(None).await;
    let mut b = Client::connect(&trial, &id).await;
    b.hello(None).await;
    let end = play_out(&mut [a, b], &[0, 1]).await;
    let record = end["record"].as_str().unwrap();
    assert!(verify(record).all_passed(), "{record}");
    let moves = moves_of(record).len();

    let relays = trial.relays(&[]).await;
    let running: Vec<u64> = relays
        .iter()
        .map(|r| r["tables"]["running"].as_u64().unwrap())
        .collect();
    assert_eq!(
        running.iter().sum::<u64>(),
        1,
        "one server runs it: {relays:?}"
    );
    assert_eq!(published(&relays), 0, "{relays:?}");
    let calls = publish_calls(&trial.redis);
    assert_eq!(calls, 0, "Redis ran PUBLISH {calls} times");
    let claimed: u64 = relays.iter().map(|r| r["claimed"].as_u64().unwrap()).sum();
    eprintln!(
        "{moves} moves through the proxy: {calls} PUBLISH; claimed by the server \
         its sockets reached: {claimed}"
    );
}

/// Opens a table through the proxy and seats both people; the game started.
async fn seated(trial: &Trial) -> (String, Client, Client, String, String) {
    let id = create_table(trial, r#"{"game":"othello","clock":0}"#).await;
    let mut a = Client::connect(trial, &id).await;
    let ta = a.hello(None).await["token"].as_str().unwrap().to_string();
    let mut b = Client::connect(trial, &id).await;
    let tb = b.hello(None).await["token"].as_str().unwrap().to_string();
    contribute_all(&mut [&mut a, &mut b]).await;
    (id, a, b, ta, tb)
}

/// Table `id`'s holder, by its lease.
fn holder(trial: &Trial, id: &str) -> String {
    redis(&trial.redis, &["GET", &format!("virada:lease:{id}")])
}

/// Waits (10 s at most) until no server but `dead` relays a table: every
/// table's sockets are on its holder.
async fn until_nothing_relayed(trial: &Trial, dead: usize) {
    let start = Instant::now();
    loop {
        let relays = trial.relays(&[dead]).await;
        let relaying: u64 = relays
            .iter()
            .map(|r| r["tables"]["relaying"].as_u64().unwrap())
            .sum();
        if relaying == 0 {
            return;
        }
        assert!(
            start.elapsed() < std::time::Duration::from_secs(10),
            "still relayed after 10 s: {relays:?}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_killed_moves_only_its_own_tables_and_their_pages_come_back_through_the_proxy() {
    let trial = Trial::start(3, &[]);
    let tokens: Vec<String> = trial
        .relays(&[])
        .await
        .iter()
        .map(|r| r["server"].as_str().unwrap().to_string())
        .collect();
    let mut tables = Vec::new();
    for _ in 0..6 {
        tables.push(seated(&trial).await);
    }
    for (_, a, b, _, _) in &mut tables {
        play_rounds(a, b, 2).await;
    }
    let before: Vec<String> = tables.iter().map(|t| holder(&trial, &t.0)).collect();
    assert!(before.iter().all(|h| tokens.contains(h)), "{before:?}");
    let victim = tokens.iter().position(|t| *t == before[0]).unwrap();
    let (id, mut a, b, ta, tb) = tables.remove(0);
    let kept = a.latest_state().await["moves"]
        .as_str()
        .unwrap()
        .to_string();

    trial.kill(victim);
    let killed = Instant::now();
    // The first table's people come back through the proxy, to the server
    // the ring gives it now, which takes it over once the lease lapsed.
    drop((a, b));
    let (mut a, wa) = come_back(&trial, &id, &ta).await;
    let (mut b, wb) = come_back(&trial, &id, &tb).await;
    eprintln!(
        "both pages back at the table {:?} after its server was killed",
        killed.elapsed()
    );
    assert_eq!(
        (wa["seat"].as_u64(), wb["seat"].as_u64()),
        (Some(0), Some(1))
    );
    assert!(wa["state"]["moves"].as_str().unwrap().starts_with(&kept));
    let new = holder(&trial, &id);
    assert!(new != before[0] && tokens.contains(&new), "{new}");

    // The other tables kept their servers: the killed one's only moved.
    for (i, (other, ..)) in tables.iter().enumerate() {
        let now = holder(&trial, other);
        if before[i + 1] == before[0] {
            assert_ne!(now, before[0], "table {other} still on the killed server");
        } else {
            assert_eq!(now, before[i + 1], "table {other} changed servers");
        }
    }

    // Once its people are on the new holder, the table sends nothing more.
    // (When another server took the lapsed lease before the pages came
    // back, it hands the table on to theirs once it has run 1.5 s there.)
    play_rounds(&mut a, &mut b, 1).await;
    until_nothing_relayed(&trial, victim).await;
    let quiet = published(&trial.relays(&[victim]).await);
    let end = play_out(&mut [a, b], &[0, 1]).await;
    let record = end["record"].as_str().unwrap();
    assert!(verify(record).all_passed(), "{record}");
    assert!(moves_of(record).join(" ").starts_with(&kept));
    assert_eq!(published(&trial.relays(&[victim]).await), quiet);
    // Every other game ends, each record whole (the killed server's people
    // come back through the proxy too).
    for (i, (id, a, b, ta, tb)) in tables.into_iter().enumerate() {
        let (a, b) = if before[i + 1] == before[0] {
            drop((a, b));
            (
                come_back(&trial, &id, &ta).await.0,
                come_back(&trial, &id, &tb).await.0,
            )
        } else {
            (a, b)
        };
        let end = play_out(&mut [a, b], &[0, 1]).await;
        let record = end["record"].as_str().unwrap();
        assert!(verify(record).all_passed(), "{id}: {record}");
    }
}
