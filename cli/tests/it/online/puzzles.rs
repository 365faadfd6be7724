//! Puzzles over real sockets, against the set the site ships
//! (`www/puzzle/puzzles.txt`): a puzzle without its answer, the next one
//! near a rating and a streak's next harder one, the day's puzzle, the
//! refusals of bad input, and a signed-in person's attempts judged and
//! rated, kept in the store through a restart (SQLite, then Redis).

use super::accounts::server;
use super::client::Server;
use super::people::{call, Person, ORIGIN};
use super::redis::RedisServer;
use serde_json::{json, Value};
use virada::puzzle::{choose, rate_attempt, read_set, Line, Oracle, Puzzle};
use virada::rating::Stated;
use virada::{Obf, Square};

fn shipped() -> Vec<Puzzle> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../www/puzzle/puzzles.txt");
    let set = read_set(&std::fs::read_to_string(path).unwrap()).unwrap();
    assert!(set.len() >= 2, "the shipped set is nearly empty");
    set
}

/// The person's moves of a solved line: each time the first square that
/// keeps the best score.
fn solution(p: &Puzzle) -> Vec<String> {
    let mut oracle = Oracle::new(4 << 20);
    let mut line = Line::new(p);
    let mut mine = Vec::new();
    while !line.over {
        let sq = oracle
            .move_values(&line.position)
            .into_iter()
            .find(|&(_, v)| v == p.score)
            .map(|(sq, _)| sq)
            .unwrap();
        line.play(sq, &mut oracle).unwrap();
        mine.push(sq.to_string());
    }
    mine
}

/// A legal first move other than the best.
fn wrong(p: &Puzzle) -> Square {
    p.position
        .legal_moves()
        .into_iter()
        .find(|&sq| sq != p.best)
        .unwrap()
}

async fn get(s: &Server, path: &str, cookie: Option<&str>) -> (u16, Value) {
    let a = call(s, "GET", path, None, cookie, None).await;
    (a.status, a.body)
}

fn whole(r: Stated) -> i64 {
    (r.rating + 50).div_euclid(100)
}

/// What the tests ask of one server over its store; `restart` kills it and
/// starts it again over the same store.
async fn the_puzzles_api(s: &mut Server) {
    let set = shipped();
    let (p, q) = (&set[0], &set[1]);

    // A puzzle as the API shows it: never its answer.
    let (status, shown) = get(s, &format!("/api/puzzles/{}", p.id), None).await;
    assert_eq!(status, 200, "{shown}");
    let mut keys: Vec<&str> = shown
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    keys.sort_unstable();
    assert_eq!(
        keys,
        [
            "deviation",
            "empties",
            "id",
            "moves",
            "obf",
            "rating",
            "shown",
            "side",
            "themes"
        ]
    );
    assert_eq!(shown["obf"], Obf::new(p.position).to_string());
    assert_eq!(shown["rating"], p.rating);
    let themes: Vec<&str> = p.themes.iter().map(|t| t.name()).collect();
    assert_eq!(shown["themes"], json!(themes));

    // Refusals of bad input.
    for (path, status, code) in [
        ("/api/puzzles/bad!id".to_string(), 400, "bad-puzzle-id"),
        (
            format!("/api/puzzles/{}", "a".repeat(33)),
            400,
            "bad-puzzle-id",
        ),
        ("/api/puzzles/nosuchpuzzle".to_string(), 404, "no-puzzle"),
        (
            "/api/puzzles/next?rating=abc".to_string(),
            400,
            "bad-rating",
        ),
        (
            "/api/puzzles/next?rating=99999".to_string(),
            400,
            "bad-rating",
        ),
        ("/api/puzzles/next?above=-1".to_string(), 400, "bad-rating"),
        (
            "/api/puzzles/next?skip=a%20b".to_string(),
            400,
            "bad-puzzle-id",
        ),
        ("/api/puzzles/next?above=4000".to_string(), 404, "no-puzzle"),
        ("/api/puzzles/me".to_string(), 401, "signed-out"),
    ] {
        let (got, body) = get(s, &path, None).await;
        assert_eq!(
            (got, body["code"].as_str()),
            (status, Some(code)),
            "{path}: {body}"
        );
    }
    let many = vec!["abc"; 201].join(",");
    let (got, body) = get(s, &format!("/api/puzzles/next?skip={many}"), None).await;
    assert_eq!(
        (got, body["code"].as_str()),
        (400, Some("too-many-skipped"))
    );

    // The next puzzle near a rating, a streak's next harder one, the day's.
    let (_, near) = get(s, "/api/puzzles/next?rating=1720", None).await;
    assert_eq!(near["id"], choose::nearest(&set, 1720, &[]).unwrap().id);
    let skip = format!(
        "/api/puzzles/next?rating=1720&skip={}",
        near["id"].as_str().unwrap()
    );
    let (_, other) = get(s, &skip, None).await;
    let skipped = [near["id"].as_str().unwrap()];
    assert_eq!(
        other["id"],
        choose::nearest(&set, 1720, &skipped).unwrap().id
    );
    let (_, harder) = get(s, &format!("/api/puzzles/next?above={}", p.rating), None).await;
    assert_eq!(
        harder["id"],
        choose::harder(&set, p.rating, &[]).unwrap().id
    );
    let (status, daily) = get(s, "/api/puzzles/daily", None).await;
    assert_eq!(status, 200);
    let day = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64
        / 86_400;
    assert_eq!(daily["day"], choose::date_of(day));
    assert_eq!(daily["puzzle"]["id"], choose::daily(&set, day).unwrap().id);

    // Attempts: only a signed-in person's, from the site's origin.
    let solved = json!({ "moves": solution(p) }).to_string();
    let attempt = format!("/api/puzzles/{}/attempt", p.id);
    let out = call(s, "POST", &attempt, Some(ORIGIN), None, Some(&solved)).await;
    assert_eq!((out.status, out.code()), (401, "signed-out"));
    let mut ana = Person::new("ana_puzzles");
    assert_eq!(ana.sign_up(s).await.status, 201);
    let cookie = ana.cookie.clone();
    let out = call(
        s,
        "POST",
        &attempt,
        Some("http://elsewhere"),
        cookie.as_deref(),
        Some(&solved),
    )
    .await;
    assert_eq!((out.status, out.code()), (403, "bad-origin"));
    let illegal = p
        .position
        .empty()
        .into_iter()
        .find(|&sq| !p.position.legal_moves().contains(sq))
        .unwrap();
    let first_only = json!({ "moves": [p.best.to_string()] }).to_string();
    let unfinished_code = if solution(p).len() > 1 {
        "unfinished"
    } else {
        ""
    };
    for (body, code) in [
        (r#"{"moves":["zz"]}"#.to_string(), "bad-move"),
        (r#"{"moves":[]}"#.to_string(), "bad-move"),
        (r#"{"moves":"g8"}"#.to_string(), "bad-move"),
        (r#"{"moves":["g8"],"solved":true}"#.to_string(), "bad-body"),
        (
            json!({ "moves": [illegal.to_string()] }).to_string(),
            "illegal-move",
        ),
        (
            json!({ "moves": [wrong(p).to_string(), p.best.to_string()] }).to_string(),
            "after-the-end",
        ),
        (first_only, unfinished_code),
    ] {
        if code.is_empty() {
            continue;
        }
        let out = ana.call(s, "POST", &attempt, Some(&body)).await;
        assert_eq!(
            (out.status, out.code()),
            (400, code),
            "{body}: {}",
            out.text
        );
    }
    let out = ana
        .call(
            s,
            "POST",
            "/api/puzzles/nosuchpuzzle/attempt",
            Some(&solved),
        )
        .await;
    assert_eq!((out.status, out.code()), (404, "no-puzzle"));

    // Solved: both ratings move as the library's Glicko-2 says.
    let out = ana.call(s, "POST", &attempt, Some(&solved)).await;
    assert_eq!(out.status, 200, "{}", out.text);
    let (me_after, p_after) = rate_attempt(Stated::NEW, p.starting_rating(), true);
    assert_eq!(out.body["outcome"], "solved");
    assert_eq!(out.body["rated"], true);
    assert_eq!(out.body["before"]["rating"], 1500);
    assert_eq!(out.body["after"]["rating"], whole(me_after));
    assert_eq!(out.body["change"], whole(me_after) - 1500);
    assert_eq!(out.body["puzzle"]["rating"], whole(p_after));
    // A second attempt is answered but not rated.
    let again = ana.call(s, "POST", &attempt, Some(&solved)).await;
    assert_eq!(
        (again.body["rated"].clone(), again.body["change"].clone()),
        (json!(false), json!(0))
    );

    // Missed: the wrong first move, and the refutation is the page's.
    let missed = json!({ "moves": [wrong(q).to_string()] }).to_string();
    let out = ana
        .call(
            s,
            "POST",
            &format!("/api/puzzles/{}/attempt", q.id),
            Some(&missed),
        )
        .await;
    assert_eq!(out.status, 200, "{}", out.text);
    assert_eq!(out.body["outcome"], "missed");
    let (me_missed, q_after) = rate_attempt(me_after, q.starting_rating(), false);
    assert_eq!(out.body["after"]["rating"], whole(me_missed));
    assert!(whole(me_missed) < whole(me_after));

    // Signed in, the next puzzle skips those attempted.
    let (_, next) = get(s, "/api/puzzles/next", cookie.as_deref()).await;
    let r = whole(me_missed) as i32;
    assert_eq!(
        next["id"],
        choose::nearest(&set, r, &[&p.id, &q.id]).unwrap().id
    );

    // Kept in the store: the same after a restart.
    s.kill_and_restart();
    let (status, me) = get(s, "/api/puzzles/me", cookie.as_deref()).await;
    assert_eq!(status, 200, "{me}");
    assert_eq!(
        (
            me["rating"].clone(),
            me["attempts"].clone(),
            me["solved"].clone()
        ),
        (json!(whole(me_missed)), json!(2), json!(1))
    );
    let (_, shown) = get(s, &format!("/api/puzzles/{}", p.id), None).await;
    assert_eq!(shown["rating"], whole(p_after));
    let (_, shown) = get(s, &format!("/api/puzzles/{}", q.id), None).await;
    assert_eq!(shown["rating"], whole(q_after));
    let again = ana.call(s, "POST", &attempt, Some(&solved)).await;
    assert_eq!(again.body["rated"], false);

    // The day's puzzle tells a signed-in person whether they tried it.
    let d = choose::daily(&set, day).unwrap();
    let (_, before) = get(s, "/api/puzzles/daily", cookie.as_deref()).await;
    assert_eq!(before["tried"], d.id == p.id || d.id == q.id);
    let missed = json!({ "moves": [wrong(d).to_string()] }).to_string();
    let out = ana
        .call(
            s,
            "POST",
            &format!("/api/puzzles/{}/attempt", d.id),
            Some(&missed),
        )
        .await;
    assert_eq!(out.status, 200, "{}", out.text);
    let (_, after) = get(s, "/api/puzzles/daily", cookie.as_deref()).await;
    assert_eq!(after["tried"], true);
    let (_, anyone) = get(s, "/api/puzzles/daily", None).await;
    assert!(anyone.get("tried").is_none(), "{anyone}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn puzzles_are_served_judged_and_rated_over_sqlite() {
    let mut s = server("puzzles-sqlite", &[]);
    the_puzzles_api(&mut s).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn puzzles_are_served_judged_and_rated_over_redis() {
    let redis = RedisServer::start("puzzles");
    let url = redis.url();
    let mut s = server("puzzles-redis", &["--redis", &url]);
    the_puzzles_api(&mut s).await;
}
