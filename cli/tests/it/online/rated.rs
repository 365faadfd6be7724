//! Seeks, rated games and profiles over real sockets: a rated seek taken
//! from the lobby opens a table with both accounts seated; the game played
//! to its end is rated once, its signed record names both and states each
//! rating before and after (the verifier recomputes them), both profiles
//! and the leaderboard show the new ratings; quick pairing widens its
//! range as it waits; hostile requests get their codes. And two servers
//! over one Redis: sign up on one, sign in on the other, pair across them.

use super::client::{Client, Listening, Server};
use super::people::{call, Person, ORIGIN};
use super::redis::RedisServer;
use super::{play_out, verify};
use serde_json::{json, Value};
use virada::rating::{rate, Stated};

const RATED: &str = r#"{"game":"othello","clock":30,"rated":true}"#;

/// Seats both at the seek's table with their session cookies; the clients.
async fn sit(server: &impl Listening, table: &str, a: &Person, b: &Person) -> Vec<Client> {
    let mut first = Client::connect_as(server, table, a.cookie.as_deref().unwrap()).await;
    let welcome = first.hello(None).await;
    assert_eq!(welcome["seat"], 0, "{welcome}");
    let mut second = Client::connect_as(server, table, b.cookie.as_deref().unwrap()).await;
    let welcome = second.hello(None).await;
    assert_eq!(welcome["seat"], 1, "{welcome}");
    vec![first, second]
}

/// The ratings after the game, as the library computes them from the record.
fn expected(record: &str) -> (Stated, Stated) {
    let r = virada::record::parse(record).unwrap();
    let outcome = virada::record::rating_outcome(&r).unwrap();
    rate(Stated::NEW, Stated::NEW, outcome)
}

async fn profile(server: &impl Listening, name: &str) -> Value {
    let a = call(
        server,
        "GET",
        &format!("/api/players/{name}"),
        None,
        None,
        None,
    )
    .await;
    assert_eq!(a.status, 200, "{}", a.text);
    a.body
}

fn close(x: f64, y: f64) -> bool {
    (x - y).abs() < 0.005
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_seek_taken_is_played_rated_and_shown_on_both_profiles() {
    let s = Server::start("rated", &["--origin", ORIGIN, "--leaderboard-games", "1"]);
    let mut eva = Person::new("eva");
    let mut fil = Person::new("Fil");
    assert_eq!(eva.sign_up(&s).await.status, 201);
    assert_eq!(fil.sign_up(&s).await.status, 201);

    let made = eva.call(&s, "POST", "/api/seeks", Some(RATED)).await;
    assert_eq!(made.status, 201, "{}", made.text);
    let seek = made.body["id"].as_str().unwrap().to_string();
    let list = call(&s, "GET", "/api/seeks", None, None, None).await;
    let listed = &list.body["seeks"][0];
    assert_eq!(
        (
            listed["name"].clone(),
            listed["rated"].clone(),
            listed["shown"].clone()
        ),
        (json!("eva"), json!(true), json!("1500?"))
    );
    assert!(
        listed.get("account").is_none(),
        "no account id in the lobby: {listed}"
    );

    // Hostile: taking one's own seek, cancelling another's.
    let own = eva
        .call(&s, "POST", &format!("/api/seeks/{seek}/accept"), Some("{}"))
        .await;
    assert_eq!((own.status, own.code()), (400, "own-seek"));
    let theirs = fil
        .call(&s, "POST", &format!("/api/seeks/{seek}/cancel"), Some("{}"))
        .await;
    assert_eq!((theirs.status, theirs.code()), (403, "not-yours"));

    let taken = fil
        .call(&s, "POST", &format!("/api/seeks/{seek}/accept"), Some("{}"))
        .await;
    assert_eq!(taken.status, 201, "{}", taken.text);
    let table = taken.body["table"].as_str().unwrap().to_string();
    let again = fil
        .call(&s, "POST", &format!("/api/seeks/{seek}/accept"), Some("{}"))
        .await;
    assert_eq!((again.status, again.code()), (404, "no-seek"));
    // The seeker's page hears where to go.
    let status = eva
        .call(&s, "GET", &format!("/api/seeks/{seek}"), None)
        .await;
    assert_eq!(
        (status.body["status"].clone(), status.body["table"].clone()),
        (json!("paired"), json!(table))
    );

    // A stranger's page watches: the seats are held for eva and Fil.
    let mut stranger = Client::connect(&s, &table).await;
    assert_eq!(stranger.hello(None).await["seat"], Value::Null);
    let mut clients = sit(&s, &table, &eva, &fil).await;
    let state = clients[0].latest_state().await;
    assert_eq!(state["seats"][0]["name"], "eva");
    assert_eq!(state["seats"][1]["name"], "Fil");
    assert_eq!(state["rated"], true);
    // A page cannot send a result or a rating.
    clients[0]
        .send(json!({"v":2,"type":"result","winner":0,"rating":3000}))
        .await;
    let refused = clients[0]
        .next(std::time::Duration::from_secs(10))
        .await
        .unwrap();
    assert_eq!(refused["code"], "bad-message", "{refused}");

    let over = play_out(&mut clients, &[0, 1]).await;
    let record = over["record"].as_str().unwrap().to_string();
    assert!(record.starts_with("virada-record 4\n"), "{record}");
    assert!(record.contains("\nnames: eva, Fil\n"), "{record}");
    let report = verify(&record);
    assert!(report.all_passed(), "{report}");
    assert_eq!(report.get("ratings").unwrap().code, "ratings-ok");
    assert_eq!(report.get("signature").unwrap().code, "signature-ok");

    // Both profiles: the library's own computation, and the kept game.
    let (a, b) = expected(&record);
    for (name, after, seat) in [("eva", a, 0), ("Fil", b, 1)] {
        let p = profile(&s, name).await;
        assert!(
            close(p["rating"].as_f64().unwrap(), after.rating()),
            "{name}: {p}"
        );
        assert!(
            close(p["deviation"].as_f64().unwrap(), after.deviation()),
            "{name}: {p}"
        );
        assert_eq!(p["shown"], after.shown());
        assert_eq!(p["ratedGames"], 1);
        let game = &p["games"][0];
        assert_eq!(
            (game["id"].clone(), game["seat"].clone()),
            (json!(table), json!(seat))
        );
        assert_eq!(p["history"].as_array().unwrap().len(), 2, "{p}");
        let results = [&p["wins"], &p["draws"], &p["losses"]].map(|v| v.as_u64().unwrap());
        assert_eq!(results.iter().sum::<u64>(), 1);
    }
    // 30 s a move is rapid (30 × 30 s = 15 min): the game changed the
    // rapid rating only, and is on the rapid leaderboard only.
    for name in ["eva", "Fil"] {
        let p = profile(&s, name).await;
        assert_eq!(p["speed"], "rapid", "{p}");
        let speeds = p["speeds"].as_array().unwrap();
        let named: Vec<&str> = speeds
            .iter()
            .map(|s| s["speed"].as_str().unwrap())
            .collect();
        assert_eq!(
            named,
            ["bullet", "blitz", "rapid", "classical", "correspondence"]
        );
        for s in speeds {
            let rapid = s["speed"] == "rapid";
            assert_eq!(s["games"], u32::from(rapid), "{p}");
            assert_eq!(s["shown"] == "1500?", !rapid, "{p}");
        }
        assert_eq!(speeds[2]["shown"], p["shown"]);
        assert_eq!(p["games"][0]["speed"], "rapid");
        assert_eq!(p["history"][1]["speed"], "rapid");
    }
    let board = call(&s, "GET", "/api/leaderboard?speed=rapid", None, None, None).await;
    assert_eq!(board.body["speed"], "rapid");
    let players = board.body["players"].as_array().unwrap();
    assert_eq!(players.len(), 2, "{}", board.text);
    assert!(players[0]["rating"].as_f64() >= players[1]["rating"].as_f64());
    assert_eq!(players[0]["games"], 1);
    for speed in ["", "?speed=blitz", "?speed=bullet", "?speed=correspondence"] {
        let other = call(
            &s,
            "GET",
            &format!("/api/leaderboard{speed}"),
            None,
            None,
            None,
        )
        .await;
        assert_eq!(other.status, 200, "{}", other.text);
        assert_eq!(other.body["players"], json!([]), "{speed}: {}", other.text);
    }
    // A table's seats ask for the rating at the speed of its clock.
    let rapid = profile(&s, "eva").await["shown"].clone();
    for (clock, speed, shown) in [
        ("30", "rapid", rapid.clone()),
        ("15", "blitz", json!("1500?")),
        ("600%2B5", "rapid", rapid.clone()),
        ("2d", "correspondence", json!("1500?")),
    ] {
        let p = profile(&s, &format!("eva?clock={clock}")).await;
        assert_eq!(
            (&p["speed"], &p["shown"]),
            (&json!(speed), &shown),
            "{clock}"
        );
    }
    for bad in ["abc", "0%2B0", ""] {
        let refused = call(
            &s,
            "GET",
            &format!("/api/players/eva?clock={bad}"),
            None,
            None,
            None,
        )
        .await;
        assert_eq!(
            (refused.status, refused.code()),
            (400, "bad-clock"),
            "{bad}"
        );
    }
    // A seek shows, and is matched by, the rating at its clock's speed.
    assert_ne!(rapid, "1500?");
    for (clock, shown) in [(30, rapid), (15, json!("1500?"))] {
        let body = format!(r#"{{"game":"othello","clock":{clock},"rated":true}}"#);
        let made = eva.call(&s, "POST", "/api/seeks", Some(&body)).await;
        assert_eq!(made.status, 201, "{}", made.text);
        let id = made.body["id"].as_str().unwrap().to_string();
        let list = call(&s, "GET", "/api/seeks", None, None, None).await;
        let seeks = list.body["seeks"].as_array().unwrap();
        let listed = seeks.iter().find(|s| s["id"] == json!(id)).unwrap();
        assert_eq!(listed["shown"], shown, "{clock}: {listed}");
        let gone = eva
            .call(&s, "POST", &format!("/api/seeks/{id}/cancel"), Some("{}"))
            .await;
        assert_eq!(gone.status, 200, "{}", gone.text);
    }
    let blitz = call(&s, "GET", "/api/leaderboard", None, None, None).await;
    assert_eq!(blitz.body["speed"], "blitz", "blitz when none is named");
    for bad in ["?speed=fast", "?speed=Blitz", "?speed="] {
        let refused = call(
            &s,
            "GET",
            &format!("/api/leaderboard{bad}"),
            None,
            None,
            None,
        )
        .await;
        assert_eq!(
            (refused.status, refused.code()),
            (400, "bad-speed"),
            "{bad}"
        );
    }
    // The kept record is the one served.
    let kept = call(
        &s,
        "GET",
        &format!("/api/records/{table}"),
        None,
        None,
        None,
    )
    .await;
    assert_eq!(kept.text, record);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn quick_pairing_widens_its_range_as_it_waits() {
    let s = Server::start("quick", &["--origin", ORIGIN]);
    let mut gil = Person::new("gil");
    let mut hal = Person::new("hal");
    assert_eq!(gil.sign_up(&s).await.status, 201);
    assert_eq!(hal.sign_up(&s).await.status, 201);
    // Each accepts only ratings far from 1500 at first.
    let narrow = r#"{"game":"othello","clock":30,"rated":false,"min":1520,"max":1700}"#;
    let first = gil.call(&s, "POST", "/api/seeks/quick", Some(narrow)).await;
    assert_eq!(
        (first.status, first.body["table"].clone()),
        (201, Value::Null),
        "{}",
        first.text
    );
    let second = hal.call(&s, "POST", "/api/seeks/quick", Some(narrow)).await;
    assert_eq!(
        second.body["table"],
        Value::Null,
        "not yet: {}",
        second.text
    );
    let gil_seek = first.body["id"].as_str().unwrap().to_string();
    // After a while both ranges reach 1500: the next asking pairs them.
    tokio::time::sleep(std::time::Duration::from_millis(5_500)).await;
    let status = gil
        .call(&s, "GET", &format!("/api/seeks/{gil_seek}"), None)
        .await;
    assert_eq!(status.body["status"], "paired", "{}", status.text);
    let hal_seek = second.body["id"].as_str().unwrap();
    let other = hal
        .call(&s, "GET", &format!("/api/seeks/{hal_seek}"), None)
        .await;
    assert_eq!(other.body["table"], status.body["table"]);
    let table = status.body["table"].as_str().unwrap();
    // The one who waited longer sits first.
    let clients = sit(&s, table, &gil, &hal).await;
    assert_eq!(clients[1].seat, Some(1));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_servers_over_one_redis_sign_up_sign_in_and_pair_across() {
    let redis = RedisServer::start("accounts");
    let key = std::env::temp_dir().join(format!("virada-accounts-{}.key", std::process::id()));
    let _ = std::fs::remove_file(&key);
    let flags = [
        "--redis",
        &redis.url(),
        "--key-file",
        key.to_str().unwrap(),
        "--origin",
        ORIGIN,
    ];
    let one = Server::start("accounts-redis-1", &flags);
    let two = Server::start("accounts-redis-2", &flags);

    // Signed up on one, signed in on the other (a synced passkey).
    let mut ivo = Person::new("ivo");
    assert_eq!(ivo.sign_up(&one).await.status, 201);
    let mut ivo_there = Person {
        name: "IVO".into(),
        passkey: ivo.passkey.synced(),
        cookie: None,
    };
    let signed = ivo_there.sign_in(&two).await;
    assert_eq!(
        (signed.status, signed.body["name"].clone()),
        (200, json!("ivo")),
        "{}",
        signed.text
    );
    assert_eq!(
        ivo.me(&two).await["name"],
        "ivo",
        "a session from one works on the other"
    );
    let mut jo = Person::new("jo-jo");
    assert_eq!(jo.sign_up(&two).await.status, 201);

    // A seek made on one is listed and taken on the other.
    let made = ivo.call(&one, "POST", "/api/seeks", Some(RATED)).await;
    let seek = made.body["id"].as_str().unwrap().to_string();
    let list = call(&two, "GET", "/api/seeks", None, None, None).await;
    assert_eq!(list.body["seeks"][0]["id"], json!(seek), "{}", list.text);
    let taken = jo
        .call(
            &two,
            "POST",
            &format!("/api/seeks/{seek}/accept"),
            Some("{}"),
        )
        .await;
    assert_eq!(taken.status, 201, "{}", taken.text);
    let table = taken.body["table"].as_str().unwrap().to_string();
    let status = ivo
        .call(&one, "GET", &format!("/api/seeks/{seek}"), None)
        .await;
    assert_eq!(status.body["table"], json!(table));

    // ivo plays from one, jo from two.
    let mut a = Client::connect_as(&one, &table, ivo.cookie.as_deref().unwrap()).await;
    assert_eq!(a.hello(None).await["seat"], 0);
    let mut b = Client::connect_as(&two, &table, jo.cookie.as_deref().unwrap()).await;
    assert_eq!(b.hello(None).await["seat"], 1);
    let mut clients = vec![a, b];
    let over = play_out(&mut clients, &[0, 1]).await;
    let record = over["record"].as_str().unwrap().to_string();
    assert!(record.contains("\nnames: ivo, jo-jo\n"), "{record}");
    assert!(verify(&record).all_passed());
    let (x, y) = expected(&record);
    for (server, name, after) in [(&one, "ivo", x), (&two, "jo-jo", y)] {
        let p = profile(server, name).await;
        assert!(close(p["rating"].as_f64().unwrap(), after.rating()), "{p}");
    }
    let _ = std::fs::remove_file(&key);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_game_left_to_the_bot_is_a_loss_for_who_left() {
    let s = Server::start("rated-left", &["--origin", ORIGIN, "--grace", "1"]);
    let mut kim = Person::new("kim");
    let mut lou = Person::new("lou");
    assert_eq!(kim.sign_up(&s).await.status, 201);
    assert_eq!(lou.sign_up(&s).await.status, 201);
    let made = kim.call(&s, "POST", "/api/seeks", Some(RATED)).await;
    let seek = made.body["id"].as_str().unwrap().to_string();
    let taken = lou
        .call(&s, "POST", &format!("/api/seeks/{seek}/accept"), Some("{}"))
        .await;
    let table = taken.body["table"].as_str().unwrap().to_string();
    let mut clients = sit(&s, &table, &kim, &lou).await;
    super::contribute_all(&mut clients.iter_mut().collect::<Vec<_>>()).await;
    // lou leaves for good: after the grace the bot holds the seat.
    let lou_page = clients.pop().unwrap();
    lou_page.close().await;
    clients[0]
        .wait_state(|s| s["seats"][1]["tookSeat"] == true)
        .await;
    let over = play_out(&mut clients, &[0]).await;
    let record = over["record"].as_str().unwrap().to_string();
    assert!(record.contains("for person\n"), "{record}");
    let r = virada::record::parse(&record).unwrap();
    assert_eq!(r.stand_in, [false, true]);
    let [(_, kim_after), (_, lou_after)] = r.ratings.expect("rated");
    assert!(
        kim_after.rating > 150_000 && lou_after.rating < 150_000,
        "{record}"
    );
    assert!(verify(&record).all_passed());
    assert_eq!(profile(&s, "lou").await["losses"], 1);
}
