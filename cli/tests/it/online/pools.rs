//! The lobby's pools over a real server process: two accounts tapping the
//! same pool are paired, rated, at that clock; the seeks' list counts who
//! is seeking in each pool; tapping again (a cancel) empties it; a clock
//! that is not a pool is refused with `bad-pool`.

use super::client::{Client, Listening, Server};
use super::people::{call, Person, ORIGIN};
use serde_json::{json, Value};

/// The seeks' list's count for each pool, in the pools' order.
async fn counts(server: &impl Listening) -> Vec<(String, u64)> {
    let list = call(server, "GET", "/api/seeks", None, None, None).await;
    assert_eq!(list.status, 200, "{}", list.text);
    list.body["pools"]
        .as_array()
        .expect("pools")
        .iter()
        .map(|p| {
            (
                p["clock"].as_str().unwrap().to_string(),
                p["seeking"].as_u64().unwrap(),
            )
        })
        .collect()
}

fn only(clock: &str, n: u64) -> Vec<(String, u64)> {
    ["60+0", "180+2", "300+0", "600+0", "30", "2d"]
        .iter()
        .map(|c| (c.to_string(), if *c == clock { n } else { 0 }))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_accounts_tapping_one_pool_are_paired_rated_at_its_clock() {
    let s = Server::start("pools", &["--origin", ORIGIN]);
    let mut ivo = Person::new("ivo");
    let mut jia = Person::new("jia");
    assert_eq!(ivo.sign_up(&s).await.status, 201);
    assert_eq!(jia.sign_up(&s).await.status, 201);
    assert_eq!(counts(&s).await, only("", 0));

    // Ivo taps 180+2: a rated quick seek around his blitz rating, waiting.
    let tap = r#"{"clock":"180+2"}"#;
    let first = ivo.call(&s, "POST", "/api/seeks/pool", Some(tap)).await;
    assert_eq!(first.status, 201, "{}", first.text);
    assert_eq!(first.body["table"], Value::Null, "{}", first.text);
    assert_eq!(
        (first.body["min"].clone(), first.body["max"].clone()),
        (json!(1300), json!(1700))
    );
    let ivo_seek = first.body["id"].as_str().unwrap().to_string();
    assert_eq!(counts(&s).await, only("180+2", 1));
    let list = call(&s, "GET", "/api/seeks", None, None, None).await;
    let seek = &list.body["seeks"][0];
    assert_eq!(
        (
            &seek["clock"],
            &seek["rated"],
            &seek["quick"],
            &seek["game"]
        ),
        (
            &json!("180+2"),
            &json!(true),
            &json!(true),
            &json!("othello")
        )
    );

    // Jia taps another pool first: nobody pairs across pools.
    let other = jia
        .call(&s, "POST", "/api/seeks/pool", Some(r#"{"clock":"300+0"}"#))
        .await;
    assert_eq!(other.body["table"], Value::Null, "{}", other.text);
    let mut both = only("180+2", 1);
    both[2].1 = 1;
    assert_eq!(counts(&s).await, both);

    // Then the same pool: paired at once, and both pools count nobody.
    let second = jia.call(&s, "POST", "/api/seeks/pool", Some(tap)).await;
    assert_eq!(second.status, 201, "{}", second.text);
    let table = second.body["table"].as_str().expect("paired").to_string();
    assert_eq!(counts(&s).await, only("", 0));
    let status = ivo
        .call(&s, "GET", &format!("/api/seeks/{ivo_seek}"), None)
        .await;
    assert_eq!(
        (status.body["status"].clone(), status.body["table"].clone()),
        (json!("paired"), json!(table))
    );

    // The table: Ivo (who waited) first, Jia second, rated, at 180+2.
    let mut a = Client::connect_as(&s, &table, ivo.cookie.as_deref().unwrap()).await;
    assert_eq!(a.hello(None).await["seat"], 0);
    let mut b = Client::connect_as(&s, &table, jia.cookie.as_deref().unwrap()).await;
    assert_eq!(b.hello(None).await["seat"], 1);
    let state = a.latest_state().await;
    assert_eq!(state["clock"], "180+2", "{state}");
    assert_eq!(state["rated"], true);
    assert_eq!(state["seats"][0]["name"], "ivo");
    assert_eq!(state["seats"][1]["name"], "jia");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tapping_again_cancels_and_a_clock_that_is_no_pool_is_refused() {
    let s = Server::start("pools-cancel", &["--origin", ORIGIN]);
    let mut kai = Person::new("kai");
    assert_eq!(kai.sign_up(&s).await.status, 201);
    let tap = kai
        .call(&s, "POST", "/api/seeks/pool", Some(r#"{"clock":"2d"}"#))
        .await;
    assert_eq!(tap.status, 201, "{}", tap.text);
    assert_eq!(counts(&s).await, only("2d", 1));
    let id = tap.body["id"].as_str().unwrap();
    let cancel = kai
        .call(&s, "POST", &format!("/api/seeks/{id}/cancel"), Some("{}"))
        .await;
    assert_eq!(cancel.status, 200, "{}", cancel.text);
    assert_eq!(counts(&s).await, only("", 0));

    for bad in [
        r#"{"clock":"600+5"}"#,
        r#"{"clock":"abc"}"#,
        r#"{"clock":30}"#,
    ] {
        let refused = kai.call(&s, "POST", "/api/seeks/pool", Some(bad)).await;
        assert_eq!(
            (refused.status, refused.code()),
            (400, "bad-pool"),
            "{bad}: {}",
            refused.text
        );
    }
    let empty = kai.call(&s, "POST", "/api/seeks/pool", Some("{}")).await;
    assert_eq!((empty.status, empty.code()), (400, "bad-body"));
    let signed_out = call(
        &s,
        "POST",
        "/api/seeks/pool",
        Some(ORIGIN),
        None,
        Some(r#"{"clock":"60+0"}"#),
    )
    .await;
    assert_eq!(signed_out.status, 401, "{}", signed_out.text);
    assert_eq!(counts(&s).await, only("", 0));
}
