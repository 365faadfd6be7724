//! The lobby over a real server: `GET /api/lobby`'s server-sent events read
//! as a page's EventSource would. A table appears as waiting once its host
//! sits, moves to the games in progress when the second person sits, counts
//! its spectators, and leaves at the end; a "Play anyone" table waits
//! unlisted; and no event carries a token, a word or the seed.

use super::client::{self, Client, Listening, Server};
use super::play_out;
use serde_json::Value;
use std::time::{Duration, Instant};
use tokio::io::{AsyncBufReadExt as _, AsyncReadExt as _, AsyncWriteExt as _, BufReader};

/// How long any one wait may take before the test fails.
const PATIENCE: Duration = Duration::from_secs(60);

/// A reader of the lobby's events: every list it received, in order.
pub(super) struct Events {
    reader: BufReader<tokio::net::TcpStream>,
    /// The body's bytes read but not yet made into events.
    pending: String,
    /// Every event's text, as sent.
    texts: Vec<String>,
}

impl Events {
    pub(super) async fn open(server: &impl Listening) -> Events {
        let mut stream = tokio::net::TcpStream::connect(("127.0.0.1", server.port()))
            .await
            .unwrap();
        stream
            .write_all(
                b"GET /api/lobby HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n",
            )
            .await
            .unwrap();
        let mut reader = BufReader::new(stream);
        let mut head = Vec::new();
        loop {
            let mut line = String::new();
            reader.read_line(&mut line).await.unwrap();
            if line == "\r\n" || line.is_empty() {
                break;
            }
            head.push(line.trim_end().to_ascii_lowercase());
        }
        assert!(head[0].starts_with("http/1.1 200"), "{head:?}");
        assert!(head.contains(&"content-type: text/event-stream".to_string()));
        assert!(head.contains(&"transfer-encoding: chunked".to_string()));
        Events {
            reader,
            pending: String::new(),
            texts: Vec::new(),
        }
    }

    /// One chunk of the body.
    async fn chunk(&mut self) {
        let mut size = String::new();
        self.reader.read_line(&mut size).await.unwrap();
        let size = usize::from_str_radix(size.trim(), 16).expect("a chunk's size");
        assert!(size > 0, "the lobby's stream ended");
        let mut data = vec![0; size + 2];
        self.reader.read_exact(&mut data).await.unwrap();
        data.truncate(size);
        self.pending.push_str(std::str::from_utf8(&data).unwrap());
    }

    /// The next `lobby` event's list.
    async fn next(&mut self) -> Value {
        loop {
            if let Some(end) = self.pending.find("\n\n") {
                let event: String = self.pending.drain(..end + 2).collect();
                let data: Vec<&str> = event
                    .lines()
                    .filter_map(|l| l.strip_prefix("data: "))
                    .collect();
                if data.is_empty() {
                    continue; // a keep-alive comment
                }
                assert!(event.starts_with("event: lobby\n"), "{event}");
                let text = data.join("\n");
                self.texts.push(text.clone());
                return serde_json::from_str(&text).unwrap();
            }
            tokio::time::timeout(PATIENCE, self.chunk())
                .await
                .expect("a lobby event in time");
        }
    }

    /// Reads events until one satisfies `done` (within [`PATIENCE`]).
    pub(super) async fn until(&mut self, done: impl Fn(&Value) -> bool) -> Value {
        let wait = async {
            loop {
                let list = self.next().await;
                if done(&list) {
                    return list;
                }
            }
        };
        match tokio::time::timeout(PATIENCE, wait).await {
            Ok(list) => list,
            Err(_) => panic!(
                "no such lobby event in time; the last: {:?}",
                self.texts.last()
            ),
        }
    }
}

/// Table `id` in the list's `part` (`waiting` or `playing`).
pub(super) fn entry<'a>(list: &'a Value, part: &str, id: &str) -> Option<&'a Value> {
    list[part]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["id"] == id)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_lists_a_waiting_table_then_its_game_and_spectators() {
    let server = Server::start("lobby", &[]);
    let mut events = Events::open(&server).await;
    let first = events.next().await;
    assert_eq!(first["v"], 1);
    assert_eq!(first["waiting"], serde_json::json!([]));
    assert_eq!(first["playingCount"], 0);

    // A "Play anyone" table waits unlisted.
    let paired = client::open_table(&server, "/api/pair", r#"{"game":"othello"}"#).await;
    let paired_id = paired["id"].as_str().unwrap().to_string();
    let mut anyone = Client::connect(&server, &paired_id).await;
    anyone.word = "lobby-word-anyone".into();
    let anyone_token = anyone.hello(None).await["token"]
        .as_str()
        .unwrap()
        .to_string();

    // A table opened and its host seated: listed as waiting.
    let opened = client::open_table(
        &server,
        "/api/tables",
        r#"{"game":"nabucodonosor","size":7,"clock":45,"level":2}"#,
    )
    .await;
    let id = opened["id"].as_str().unwrap().to_string();
    let mut host = Client::connect(&server, &id).await;
    host.word = "lobby-word-host".into();
    let welcome = host.hello(None).await;
    let host_token = welcome["token"].as_str().unwrap().to_string();
    let seated = Instant::now();
    let list = events.until(|l| entry(l, "waiting", &id).is_some()).await;
    eprintln!("listed {:?} after the host sat", seated.elapsed());
    let waiting = entry(&list, "waiting", &id).unwrap();
    assert_eq!(waiting["game"], "nabucodonosor");
    assert_eq!(waiting["size"], 7);
    assert_eq!(waiting["clock"], "45", "the clock in its notation");
    assert_eq!(waiting["level"], 2);
    assert_eq!(waiting["seats"], serde_json::json!(["person", "empty"]));
    assert_eq!(waiting["spectators"], 0);
    assert_eq!(waiting["fingerprint"], opened["fingerprint"]);
    assert!(entry(&list, "waiting", &paired_id).is_none());
    assert!(entry(&list, "playing", &paired_id).is_none());

    // The second person sits: the table leaves the waiting list for the games.
    let mut guest = Client::connect(&server, &id).await;
    guest.word = "lobby-word-guest".into();
    let guest_token = guest.hello(None).await["token"]
        .as_str()
        .unwrap()
        .to_string();
    let list = events.until(|l| entry(l, "playing", &id).is_some()).await;
    assert!(entry(&list, "waiting", &id).is_none());
    let game = entry(&list, "playing", &id).unwrap();
    assert_eq!(game["seats"], serde_json::json!(["person", "person"]));

    // Spectators come and go; the count follows.
    let mut watchers = Vec::new();
    for n in 1..=2 {
        let mut watcher = Client::connect(&server, &id).await;
        assert_eq!(watcher.hello(None).await["seat"], Value::Null);
        watchers.push(watcher);
        events
            .until(|l| entry(l, "playing", &id).is_some_and(|e| e["spectators"] == n))
            .await;
    }
    watchers.pop().unwrap().close().await;
    events
        .until(|l| entry(l, "playing", &id).is_some_and(|e| e["spectators"] == 1))
        .await;

    let (host_random, guest_random) = (host.random.clone(), guest.random.clone());
    // The end: the game leaves the lobby.
    let end = play_out(&mut [host, guest], &[0, 1]).await;
    let record = end["record"].as_str().unwrap();
    let seed = record
        .lines()
        .find_map(|l| l.strip_prefix("seed: "))
        .unwrap();
    events.until(|l| entry(l, "playing", &id).is_none()).await;

    // Nothing secret ever went out: no token, no word, no seed.
    let secrets = [
        host_token.as_str(),
        guest_token.as_str(),
        anyone_token.as_str(),
        "lobby-word",
        seed,
        host_random.as_str(),
        guest_random.as_str(),
    ];
    assert!(events.texts.len() >= 6, "{:?}", events.texts);
    for text in &events.texts {
        for secret in secrets {
            assert!(!text.contains(secret), "{secret} in {text}");
        }
    }
    anyone.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_shows_its_move_and_score_who_left_and_goes_when_both_left() {
    let server = Server::start("lobby-left", &["--grace", "60"]);
    let mut events = Events::open(&server).await;
    let id = client::create_table(&server, r#"{"game":"othello","clock":0}"#).await;
    let mut host = Client::connect(&server, &id).await;
    host.hello(None).await;
    let mut guest = Client::connect(&server, &id).await;
    guest.hello(None).await;
    super::contribute_all(&mut [&mut host, &mut guest]).await;
    // Started: move 0, two discs each.
    let list = events
        .until(|l| entry(l, "playing", &id).is_some_and(|e| e["ply"] == 0))
        .await;
    assert_eq!(
        entry(&list, "playing", &id).unwrap()["score"],
        serde_json::json!([2, 2])
    );
    super::play_rounds(&mut host, &mut guest, 3).await;
    let state = host.latest_state().await;
    let ply = state["ply"].as_u64().unwrap();
    let list = events
        .until(|l| entry(l, "playing", &id).is_some_and(|e| e["ply"] == ply))
        .await;
    let shown = entry(&list, "playing", &id).unwrap();
    // Each seat's discs, as the page counts them (`counts` is dark, light).
    let dark = state["table"]["darkSeat"].as_u64().unwrap() as usize;
    let counts = &state["table"]["counts"];
    let mut score = [0, 0];
    score[dark] = counts[0].as_u64().unwrap();
    score[1 - dark] = counts[1].as_u64().unwrap();
    assert_eq!(shown["score"], serde_json::json!(score), "{shown}");
    assert_eq!(score[0] + score[1], 4 + ply, "a disc a move, no pass yet");

    // The guest leaves: shown away, the game still listed.
    guest.close().await;
    events
        .until(|l| {
            entry(l, "playing", &id)
                .is_some_and(|e| e["seats"] == serde_json::json!(["person", "away"]))
        })
        .await;
    // The host leaves too: nobody is at the game, and it leaves the lobby
    // (the bot would play it out for the record, with nobody to watch).
    host.close().await;
    let list = events.until(|l| entry(l, "playing", &id).is_none()).await;
    assert!(entry(&list, "waiting", &id).is_none());
}
