//! "Play again" over a real server: when both people of a finished game
//! ask, a new table with the same settings opens, held for them; each page
//! says hello there with the token it already had and sits in the same
//! seat. `again` out of place gets its code; one person asking opens
//! nothing; a person who played the bot gets the new table at once; "No
//! thanks" ends the offer for both.

use super::client::{self, Client, Server};
use super::{contribute_all, play_out};
use serde_json::Value;
use std::time::Duration;

/// Settings that end a game quickly, and differ from every default.
const SETTINGS: &str = r#"{"game":"nabucodonosor","size":5,"clock":40,"level":2}"#;

fn again() -> Value {
    serde_json::json!({"v":2,"type":"again"})
}

/// The settings a state shows: game, board size, clock, the bot's level.
fn settings(state: &Value) -> (Value, Value, Value, Value) {
    (
        state["game"].clone(),
        state["size"].clone(),
        state["clock"].clone(),
        state["seats"][0]["level"].clone(),
    )
}

/// The commitment of a fresh socket at `id`.
async fn commitment(c: &mut Client) -> String {
    let first = c
        .next(Duration::from_secs(10))
        .await
        .expect("a first frame");
    assert_eq!(first["type"], "commitment", "{first}");
    first["fingerprint"].as_str().unwrap().to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn both_asking_seats_both_at_a_new_table_with_the_same_settings() {
    let server = Server::start("again", &[]);
    let id = client::create_table(&server, SETTINGS).await;
    let mut a = Client::connect(&server, &id).await;
    let old_fingerprint = commitment(&mut a).await;
    let token_a = a.hello(None).await["token"].as_str().unwrap().to_string();
    let mut b = Client::connect(&server, &id).await;
    let token_b = b.hello(None).await["token"].as_str().unwrap().to_string();
    let started = contribute_all(&mut [&mut a, &mut b]).await;
    // Before the end: refused, and nothing changes.
    a.send(again()).await;
    assert_eq!(a.error().await, "not-over");
    let mut watcher = Client::connect(&server, &id).await;
    watcher.hello(None).await;
    let end = play_out(&mut [a, b], &[0, 1]).await;
    assert_eq!(end["again"], serde_json::json!([false, false]));
    assert_eq!(end["next"], Value::Null);
    // The clients were moved into play_out: the same seats, by token.
    let mut a = Client::connect(&server, &id).await;
    assert_eq!(a.hello(Some(&token_a)).await["seat"], 0);
    let mut b = Client::connect(&server, &id).await;
    assert_eq!(b.hello(Some(&token_b)).await["seat"], 1);

    // A spectator may not ask.
    watcher.send(again()).await;
    assert_eq!(watcher.error().await, "not-seated");
    // One person asking opens nothing: the other page sees who asked.
    a.send(again()).await;
    let asked = b.wait_state(|s| s["again"][0] == true).await;
    assert_eq!(asked["again"], serde_json::json!([true, false]));
    assert_eq!(asked["next"], Value::Null);
    // Asking twice changes nothing either.
    a.send(again()).await;
    b.send(again()).await;
    let moved = a.wait_state(|s| s["next"].is_string()).await;
    assert_eq!(moved["again"], serde_json::json!([true, true]));
    let next = moved["next"].as_str().unwrap().to_string();
    assert_ne!(next, id);
    let seen_by_b = b.wait_state(|s| s["next"].is_string()).await;
    assert_eq!(seen_by_b["next"], next.as_str());

    // The new table: a new commitment; a stranger only watches; both sit
    // again with their old tokens, in the same seats.
    let mut stranger = Client::connect(&server, &next).await;
    let fingerprint = commitment(&mut stranger).await;
    assert_ne!(fingerprint, old_fingerprint);
    let welcome = stranger.hello(None).await;
    assert_eq!(welcome["seat"], Value::Null);
    assert_eq!(welcome["state"]["status"], "waiting");
    let mut a2 = Client::connect(&server, &next).await;
    let welcome = a2.hello(Some(&token_a)).await;
    assert_eq!(welcome["seat"], 0);
    assert_eq!(welcome["token"], Value::Null, "the old token serves");
    let mut b2 = Client::connect(&server, &next).await;
    assert_eq!(b2.hello(Some(&token_b)).await["seat"], 1);
    let playing = contribute_all(&mut [&mut a2, &mut b2]).await;
    assert_eq!(settings(&playing), settings(&started));
    assert_eq!(playing["fingerprint"], fingerprint.as_str());
    assert_eq!(playing["seats"][0]["kind"], "person");
    assert_eq!(playing["seats"][1]["kind"], "person");
    // Both contributed anew at the new table.
    assert_eq!(playing["seats"][0]["contributed"], true);
    assert_eq!(playing["seats"][1]["contributed"], true);
    let end = play_out(&mut [a2, b2], &[0, 1]).await;
    let record = end["record"].as_str().unwrap();
    assert!(record.contains(&format!("\nfingerprint: {fingerprint}\n")));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_who_played_the_bot_gets_the_new_table_at_once() {
    let server = Server::start("again-bot", &[]);
    let id = client::create_table(&server, SETTINGS).await;
    let mut a = Client::connect(&server, &id).await;
    let token = a.hello(None).await["token"].as_str().unwrap().to_string();
    a.send(serde_json::json!({"v":2,"type":"start"})).await;
    let end = play_out(&mut [a], &[0]).await;
    assert_eq!(end["seats"][1]["kind"], "bot");
    let mut a = Client::connect(&server, &id).await;
    a.hello(Some(&token)).await;
    a.send(again()).await;
    let moved = a.wait_state(|s| s["next"].is_string()).await;
    assert_eq!(moved["again"], serde_json::json!([true, false]));
    let next = moved["next"].as_str().unwrap();
    let mut a2 = Client::connect(&server, next).await;
    assert_eq!(a2.hello(Some(&token)).await["seat"], 0);
    let playing = contribute_all(&mut [&mut a2]).await;
    assert_eq!(playing["seats"][1]["kind"], "bot");
    assert_eq!(settings(&playing), settings(&end));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_thanks_ends_the_offer_for_both() {
    let server = Server::start("again-no", &[]);
    let id = client::create_table(&server, SETTINGS).await;
    let mut a = Client::connect(&server, &id).await;
    let token_a = a.hello(None).await["token"].as_str().unwrap().to_string();
    let mut b = Client::connect(&server, &id).await;
    let token_b = b.hello(None).await["token"].as_str().unwrap().to_string();
    let no = serde_json::json!({"v":2,"type":"no-thanks"});
    contribute_all(&mut [&mut a, &mut b]).await;
    a.send(no.clone()).await;
    assert_eq!(a.error().await, "not-over");
    play_out(&mut [a, b], &[0, 1]).await;
    let mut a = Client::connect(&server, &id).await;
    a.hello(Some(&token_a)).await;
    let mut b = Client::connect(&server, &id).await;
    b.hello(Some(&token_b)).await;
    let mut watcher = Client::connect(&server, &id).await;
    watcher.hello(None).await;
    watcher.send(no.clone()).await;
    assert_eq!(watcher.error().await, "not-seated");
    // One asks; the other says no thanks: the first page hears it.
    a.send(again()).await;
    b.wait_state(|s| s["again"][0] == true).await;
    b.send(no).await;
    let heard = a.wait_state(|s| s["declined"][1] == true).await;
    assert_eq!(heard["again"], serde_json::json!([false, false]));
    assert_eq!(heard["next"], Value::Null);
    // Asking again now is refused, and opens nothing.
    a.send(again()).await;
    assert_eq!(a.error().await, "declined");
    b.send(again()).await;
    assert_eq!(b.error().await, "declined");
    let state = a.latest_state().await;
    assert_eq!(state["next"], Value::Null);
}
