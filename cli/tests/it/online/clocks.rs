//! Game clocks and correspondence over a real server process: the API
//! opens tables in the clock's notation and frames say it as text; a
//! flag falls on the server (no page needs to be there) and the signed
//! record verifies, lost on time; a server SIGKILLed mid-game comes back
//! with both remaining times as they were kept; a resigned game's clocks
//! stop at its end and stand still, through a restart too. (The clocks to the
//! millisecond, on paused time: server/src/serve/table/clock_tests.rs.)

use super::client::{self, create_table, Client, Server};
use super::{contribute_all, play_out, verify};
use serde_json::Value;

fn remaining(state: &Value) -> [i64; 2] {
    let r = &state["clocks"]["remaining"];
    [r[0].as_i64().unwrap(), r[1].as_i64().unwrap()]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_api_opens_tables_in_the_clocks_notation_and_frames_say_it() {
    let server = Server::start("clock-api", &[]);
    for (asked, said) in [
        (r#""180+2""#, "180+2"),
        (r#""2d""#, "2d"),
        (r#""30""#, "30"),
        ("45", "45"),
        ("0", "off"),
        (r#""off""#, "off"),
    ] {
        let body = format!(r#"{{"game":"othello","clock":{asked}}}"#);
        let id = create_table(&server, &body).await;
        let mut a = Client::connect(&server, &id).await;
        let welcome = a.hello(None).await;
        assert_eq!(welcome["state"]["clock"], said, "{body}");
    }
    for bad in [r#""0+0""#, r#""abc""#] {
        let body = format!(r#"{{"game":"othello","clock":{bad}}}"#);
        let (status, answer) = client::request(
            &server,
            "POST",
            "/api/tables",
            Some("application/json"),
            &body,
        )
        .await;
        assert_eq!(status, 400, "{body}");
        let answer: Value = serde_json::from_str(&answer).unwrap();
        assert_eq!(answer["code"], "bad-clock", "{body}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flag_falls_on_the_server_and_the_signed_record_verifies() {
    let server = Server::start("clock-flag", &[]);
    let id = create_table(&server, r#"{"game":"othello","clock":"1+0"}"#).await;
    let mut a = Client::connect(&server, &id).await;
    a.hello(None).await;
    let mut b = Client::connect(&server, &id).await;
    b.hello(None).await;
    let start = contribute_all(&mut [&mut a, &mut b]).await;
    let dark = start["table"]["seatToMove"].as_u64().unwrap();
    assert_eq!(start["clocks"]["running"], dark);
    let at_start = remaining(&start);
    assert_eq!(at_start[1 - dark as usize], 1000, "light's clock waits");
    assert!(at_start[dark as usize] <= 1000, "dark's runs");
    // Nobody moves: dark's second runs out on the server, which ends the game.
    let over = a.wait_state(|s| s["status"] == "over").await;
    assert_eq!(remaining(&over)[dark as usize], 0);
    let record = over["record"].as_str().unwrap();
    assert!(record.contains("\nclock: 1+0\n"), "{record}");
    assert!(record.contains("\ntimes: 0.0\n"), "{record}");
    assert!(record.contains(" light wins on time\n"), "{record}");
    let report = verify(record);
    assert!(report.all_passed(), "{}", report.to_json());
    assert_eq!(report.get("signature").unwrap().code, "signature-ok");
}

/// Plays `n` moves in turn, each the first legal one; every frame after a
/// move, in order.
async fn play(a: &mut Client, b: &mut Client, n: usize) -> Vec<Value> {
    let mut after = Vec::new();
    while after.len() < n {
        for c in [&mut *a, &mut *b] {
            let s = c.latest_state().await;
            if s["table"]["seatToMove"].as_u64() != c.seat.map(|x| x as u64) {
                continue;
            }
            let ply = s["ply"].as_u64().unwrap();
            let mv = client::first_legal(&s["table"]);
            c.send(serde_json::json!({"v":2,"type":"move","ply":ply,"move":mv}))
                .await;
            after.push(c.wait_state(|s| s["ply"].as_u64() != Some(ply)).await);
            if after.len() == n {
                break;
            }
        }
    }
    after
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_killed_mid_game_resumes_with_the_remaining_times_kept() {
    let mut server = Server::start("clock-kill", &[]);
    let id = create_table(&server, r#"{"game":"othello","clock":"600+5"}"#).await;
    let mut a = Client::connect(&server, &id).await;
    let ta = a.hello(None).await["token"].as_str().unwrap().to_string();
    let mut b = Client::connect(&server, &id).await;
    let tb = b.hello(None).await["token"].as_str().unwrap().to_string();
    contribute_all(&mut [&mut a, &mut b]).await;
    let after = play(&mut a, &mut b, 3).await;
    // Each mover's time just after its move, as the record will keep it.
    let kept: Vec<i64> = after
        .iter()
        .map(|s| {
            let next = s["clocks"]["running"].as_u64().unwrap() as usize;
            remaining(s)[1 - next]
        })
        .collect();
    let last = after.last().unwrap().clone();
    let running = last["clocks"]["running"].as_u64().unwrap() as usize;
    // SIGKILL: nothing is handed on; the same server comes back from its store.
    server.kill_and_restart();
    let mut a = Client::connect(&server, &id).await;
    let back = a.hello(Some(&ta)).await["state"].clone();
    assert_eq!(back["ply"], 3);
    assert_eq!(back["clocks"]["running"], running as u64);
    let (before, now) = (remaining(&last), remaining(&back));
    let elapsed = back["now"].as_i64().unwrap() - last["now"].as_i64().unwrap();
    assert_eq!(
        now[1 - running],
        before[1 - running],
        "the waiting side's time, as kept"
    );
    assert_eq!(
        now[running],
        before[running] - elapsed,
        "the running side's, from its turn's start"
    );
    let mut b = Client::connect(&server, &id).await;
    b.hello(Some(&tb)).await;
    let end = play_out(&mut [a, b], &[0, 1]).await;
    let record = end["record"].as_str().unwrap();
    let report = verify(record);
    assert!(report.all_passed(), "{}", report.to_json());
    let times = record
        .lines()
        .find_map(|l| l.strip_prefix("times: "))
        .expect("a times line");
    let first: Vec<String> = kept
        .iter()
        .map(|ms| {
            let tenths = (ms + 99) / 100;
            format!("{}.{}", tenths / 10, tenths % 10)
        })
        .collect();
    assert!(times.starts_with(&first.join(" ")), "{times} / {first:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_resigned_game_s_clocks_stop_at_its_end_and_stay_so_through_a_restart() {
    let mut server = Server::start("clock-resign", &[]);
    let id = create_table(&server, r#"{"game":"othello","clock":"60+0"}"#).await;
    let mut a = Client::connect(&server, &id).await;
    let ta = a.hello(None).await["token"].as_str().unwrap().to_string();
    let mut b = Client::connect(&server, &id).await;
    b.hello(None).await;
    contribute_all(&mut [&mut a, &mut b]).await;
    let after = play(&mut a, &mut b, 2).await;
    let running = after.last().unwrap()["clocks"]["running"].as_u64().unwrap();
    // The seat not to move resigns while the other's clock runs.
    let resigner = if a.seat == Some(running as usize) {
        &mut b
    } else {
        &mut a
    };
    resigner
        .send(serde_json::json!({"v":2,"type":"resign"}))
        .await;
    let over = resigner.wait_state(|s| s["status"] == "over").await;
    assert_eq!(over["clocks"]["running"], Value::Null, "no clock runs");
    let stopped = remaining(&over);
    assert!(stopped[running as usize] > 0 && stopped[running as usize] < 60_000);
    // The speed the page names beside "1+0", and T24's score seat by seat:
    // after two plies each side has a few discs, so the one who resigned
    // keeps theirs and the winner has the rest of the 64.
    assert_eq!(over["speed"], "bullet");
    let loser = 1 - running as usize;
    let score: Vec<u64> = over["resignedScore"]
        .as_array()
        .expect("a resignation's score")
        .iter()
        .map(|n| n.as_u64().unwrap())
        .collect();
    assert!(score[loser] < 32 && score[loser] > 0, "{score:?}");
    assert_eq!(score[0] + score[1], 64, "{score:?}");
    // The same server again, later: each clock as it stopped, to the millisecond.
    server.kill_and_restart();
    let mut a = Client::connect(&server, &id).await;
    let back = a.hello(Some(&ta)).await["state"].clone();
    assert_eq!(back["status"], "over");
    assert_eq!(back["clocks"]["running"], Value::Null);
    assert_eq!(remaining(&back), stopped, "the clocks stand still");
}
