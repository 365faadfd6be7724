//! Commit, then contribute, over a real server: the first frame of every
//! socket is the commitment; contributions out of place get their codes
//! and change nothing; a restart mid-window loses none.

use super::client::{self, Client, Server};
use super::{contribute_all, play_out, verify};
use serde_json::Value;
use std::time::Duration;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_first_frame_of_every_socket_is_the_commitment() {
    let server = Server::start("commitment", &[]);
    let opened =
        client::open_table(&server, "/api/tables", r#"{"game":"othello","clock":0}"#).await;
    let id = opened["id"].as_str().unwrap().to_string();
    let fingerprint = opened["fingerprint"].as_str().unwrap();
    // Host, guest, spectator: each socket hears the commitment before it sends a byte.
    let mut clients = Vec::new();
    for _ in 0..3 {
        let mut c = Client::connect(&server, &id).await;
        let first = c
            .next(Duration::from_secs(10))
            .await
            .expect("a first frame");
        assert_eq!(first["type"], "commitment", "{first}");
        assert_eq!(first["v"], 2);
        assert_eq!(first["id"], id.as_str());
        assert_eq!(first["fingerprint"], fingerprint);
        c.hello(None).await;
        clients.push(c);
    }
    let watcher = clients.pop().unwrap();
    assert_eq!(watcher.seat, None);
    let b = clients.pop().unwrap();
    let a = clients.pop().unwrap();
    let end = play_out(&mut [a, b], &[0, 1]).await;
    let record = end["record"].as_str().unwrap();
    assert!(record.contains(&format!("\nfingerprint: {fingerprint}\n")));
    // After the end too (the table let go or not), the first frame commits.
    let mut late = Client::connect(&server, &id).await;
    let first = late.next(Duration::from_secs(10)).await.unwrap();
    assert_eq!(first["type"], "commitment");
    assert_eq!(first["fingerprint"], fingerprint);
}

/// A contribution message with this random value and word.
fn contribution(random: &str, word: Option<&str>) -> Value {
    let mut m = serde_json::json!({"v":2,"type":"contribute","random":random});
    if let Some(word) = word {
        m["word"] = Value::from(word);
    }
    m
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn contributions_out_of_place_get_codes_and_change_nothing() {
    let server = Server::start("hostile-contributions", &["--contribution-window", "60"]);
    let id = client::create_table(&server, r#"{"game":"othello","clock":0}"#).await;
    let mut a = Client::connect(&server, &id).await;
    a.hello(None).await;
    // Before the window: the second seat is free.
    a.send(contribution(&a.random.clone(), None)).await;
    assert_eq!(a.error().await, "not-open");
    let mut b = Client::connect(&server, &id).await;
    b.hello(None).await;
    let open = a.wait_state(|s| s["status"] == "contributing").await;
    let until = open["contributeUntil"]
        .as_i64()
        .expect("the window's deadline");
    let mut watcher = Client::connect(&server, &id).await;
    watcher.hello(None).await;
    // A spectator, an over-long word, malformed random values.
    watcher.send(contribution(&"01".repeat(32), None)).await;
    assert_eq!(watcher.error().await, "not-seated");
    a.send(contribution(&"02".repeat(32), Some(&"x".repeat(257))))
        .await;
    assert_eq!(a.error().await, "bad-word");
    for bad in [
        "",
        "02",
        &"0A".repeat(32),
        &"02".repeat(33),
        &"zz".repeat(32),
    ] {
        a.send(contribution(bad, None)).await;
        assert_eq!(a.error().await, "bad-random", "{bad}");
    }
    a.send_text(r#"{"v":2,"type":"contribute"}"#).await;
    assert_eq!(a.error().await, "bad-message");
    // None of them counted.
    let state = a.latest_state().await;
    assert_eq!(state["seats"][0]["contributed"], false);
    assert_eq!(state["status"], "contributing");
    assert_eq!(state["contributeUntil"].as_i64(), Some(until));
    // One good contribution; a second one is refused.
    let first = a.random.clone();
    a.send(contribution(&first, Some("um"))).await;
    a.wait_state(|s| s["seats"][0]["contributed"] == true).await;
    a.send(contribution(&"03".repeat(32), Some("outra"))).await;
    assert_eq!(a.error().await, "contributed");
    // The other seat's contribution closes the window at once.
    let state = contribute_all(&mut [&mut b]).await;
    assert_eq!(state["contributeUntil"], Value::Null);
    // After the start: too late.
    b.send(contribution(&"04".repeat(32), None)).await;
    assert_eq!(b.error().await, "closed");
    let second = b.random.clone();
    let end = play_out(&mut [a, b], &[0, 1]).await;
    let record = end["record"].as_str().unwrap();
    let lines = format!("\nword: um\nsecond-word: \nrandom: {first}\nsecond-random: {second}\n");
    assert!(record.contains(&lines), "{record}");
    assert!(verify(record).all_passed(), "{}", verify(record).to_json());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_window_closes_with_what_arrived() {
    let server = Server::start("window", &["--contribution-window", "1"]);
    let id = client::create_table(&server, r#"{"game":"othello","clock":0}"#).await;
    let mut a = Client::connect(&server, &id).await;
    a.hello(None).await;
    let mut b = Client::connect(&server, &id).await;
    b.hello(None).await;
    // Only the first seat contributes; the window closes on its own.
    let random = a.random.clone();
    contribute_all(&mut [&mut a]).await;
    let end = play_out(&mut [a, b], &[0, 1]).await;
    let record = end["record"].as_str().unwrap();
    assert!(
        record.contains(&format!("\nrandom: {random}\nsecond-random: \n")),
        "{record}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_killed_mid_window_keeps_the_contributions() {
    let mut server = Server::start("kill-window", &["--contribution-window", "60"]);
    let id = client::create_table(&server, r#"{"game":"othello","clock":0}"#).await;
    let mut a = Client::connect(&server, &id).await;
    let ta = a.hello(None).await["token"].as_str().unwrap().to_string();
    let mut b = Client::connect(&server, &id).await;
    let tb = b.hello(None).await["token"].as_str().unwrap().to_string();
    a.wait_state(|s| s["status"] == "contributing").await;
    let first = a.random.clone();
    a.contribute_if_open().await;
    a.wait_state(|s| s["seats"][0]["contributed"] == true).await;
    server.kill_and_restart();
    let mut a = Client::connect(&server, &id).await;
    let back = a.hello(Some(&ta)).await;
    assert_eq!(back["state"]["status"], "contributing");
    assert_eq!(back["state"]["seats"][0]["contributed"], true);
    assert_eq!(back["state"]["seats"][1]["contributed"], false);
    let mut b = Client::connect(&server, &id).await;
    b.hello(Some(&tb)).await;
    let second = b.random.clone();
    let end = play_out(&mut [a, b], &[0, 1]).await;
    let record = end["record"].as_str().unwrap();
    assert!(
        record.contains(&format!("\nrandom: {first}\nsecond-random: {second}\n")),
        "{record}"
    );
    assert!(verify(record).all_passed());
}
