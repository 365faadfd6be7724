//! What a tournament's page is told, over real sockets: the one asking,
//! signed in, hears their rating at its clock and whether it is inside the
//! range before they tap Join; a tournament nobody else joined ends
//! cancelled, with no round; a player who withdrew still counts among the
//! players and is marked in the standings.

use super::client::Server;
use super::people::{call, Person, ORIGIN};
use super::tournament::{now_ms, view, wait_for};
use serde_json::{json, Value};

/// A tournament made by `by` with `extra` over a Swiss of one round that
/// starts in `starts_in` ms; its id.
async fn make(s: &Server, by: &Person, starts_in: i64, extra: Value) -> String {
    let mut body = json!({
        "name": "Quarta Suíça", "format": "swiss", "clock": "30", "rated": false,
        "rounds": 1, "starts": now_ms() + starts_in,
    });
    for (k, v) in extra.as_object().unwrap() {
        body[k] = v.clone();
    }
    let made = by
        .call(s, "POST", "/api/tournaments", Some(&body.to_string()))
        .await;
    assert_eq!(made.status, 201, "{}", made.text);
    made.body["id"].as_str().unwrap().to_string()
}

async fn join(s: &Server, p: &Person, id: &str) {
    let joined = p
        .call(
            s,
            "POST",
            &format!("/api/tournaments/{id}/join"),
            Some("{}"),
        )
        .await;
    assert_eq!(joined.status, 200, "{}", joined.text);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_range_is_told_before_a_join_and_a_tournament_of_one_is_cancelled() {
    let s = Server::start("tournament-page", &["--origin", ORIGIN]);
    let mut gus = Person::new("gus");
    assert_eq!(gus.sign_up(&s).await.status, 201);
    // A new account is rated 1500: below 1800–2400, above 0–1200, inside
    // 1400–1600.
    for (min, max, range) in [
        (1800, 2400, "below"),
        (0, 1200, "above"),
        (1400, 1600, "in"),
    ] {
        let id = make(&s, &gus, 600_000, json!({"min": min, "max": max})).await;
        let asked = gus
            .call(&s, "GET", &format!("/api/tournaments/{id}"), None)
            .await;
        assert_eq!(asked.status, 200, "{}", asked.text);
        assert_eq!(
            asked.body["you"],
            json!({"rating": 1500, "range": range}),
            "{min}–{max}: {}",
            asked.text
        );
        // Nobody signed in: nothing about anyone.
        assert!(view(&s, &id).await.get("you").is_none());
        let joined = gus
            .call(
                &s,
                "POST",
                &format!("/api/tournaments/{id}/join"),
                Some("{}"),
            )
            .await;
        let expected = if range == "in" { 200 } else { 403 };
        assert_eq!(joined.status, expected, "{range}: {}", joined.text);
    }
    // gus alone: the tournament ends at its start, cancelled, no round,
    // no file; the page says so rather than showing empty standings.
    let id = make(&s, &gus, 500, json!({})).await;
    join(&s, &gus, &id).await;
    assert_eq!(view(&s, &id).await["cancelled"], false);
    let v = wait_for(&s, &id, |v| v["phase"] == "over").await;
    assert_eq!(v["cancelled"], true, "{v}");
    assert_eq!(v["played"], json!([]), "{v}");
    assert_eq!(v["standings"], json!([]), "{v}");
    assert_eq!(v["trf"], false, "{v}");
    assert_eq!(v["entrants"].as_array().unwrap().len(), 1, "{v}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_who_withdrew_still_counts_and_is_marked_in_the_standings() {
    let s = Server::start(
        "tournament-withdrawn",
        &["--origin", ORIGIN, "--tournament-forfeit", "1"],
    );
    let mut people = Vec::new();
    for name in ["hal", "ines", "joao"] {
        let mut p = Person::new(name);
        assert_eq!(p.sign_up(&s).await.status, 201);
        people.push(p);
    }
    let id = make(&s, &people[0], 1_000, json!({"rounds": 2})).await;
    for p in &people {
        join(&s, p, &id).await;
    }
    // Round 1 paired; joao withdraws. Nobody comes to a table, so each
    // game is lost by forfeit and the rounds go on.
    wait_for(&s, &id, |v| !v["played"].as_array().unwrap().is_empty()).await;
    let left = people[2]
        .call(
            &s,
            "POST",
            &format!("/api/tournaments/{id}/withdraw"),
            Some("{}"),
        )
        .await;
    assert_eq!(left.status, 200, "{}", left.text);
    let v = wait_for(&s, &id, |v| v["phase"] == "over").await;
    let list = call(&s, "GET", "/api/tournaments", None, None, None).await;
    let line = list.body["tournaments"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["id"] == id.as_str())
        .unwrap()
        .clone();
    assert_eq!(line["entrants"], 3, "three played: {line}");
    let standings = v["standings"].as_array().unwrap();
    assert_eq!(standings.len(), 3, "{v}");
    for s in standings {
        assert_eq!(s["withdrawn"], s["name"] == "joao", "{v}");
    }
}
