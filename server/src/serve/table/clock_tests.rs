//! The server's game clocks and correspondence windows, on tokio's paused
//! time: every wait below is virtual, and the table's clock moves exactly
//! as far as it does (`saved::now_ms` reads tokio's clock), so each
//! remaining time is checked to the millisecond the server computed it,
//! and each wait to within 1 ms. A real SQLite store keeps the table.
//!
//! Paused time jumps to the next timer whenever the runtime waits, also
//! while the actor waits for its store's thread: so a test never sleeps
//! while the actor may still be writing (it waits for the frame that
//! follows the write first), and it waits for a flag by waiting for the
//! frame that ends the game, with no timer of its own.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use serde_json::Value;
use tokio::sync::{broadcast, mpsc, oneshot};

use super::super::keys::Keys;
use super::super::store::{Sqlite, Store};
use super::{Actor, Command, Holder, Saved, Status, Timing};
use crate::serve::saved::{token_hash, Players};
use virada::game::GameKind;

/// A table's actor on its own store, and what its pages hear.
struct Table {
    commands: mpsc::Sender<Command>,
    events: broadcast::Receiver<Arc<str>>,
    store: Store,
    keys: Arc<Keys>,
    dir: PathBuf,
    id: String,
    task: tokio::task::JoinHandle<super::Ended>,
    _watchdog: Watchdog,
}

fn timing() -> Timing {
    Timing {
        grace: Duration::from_secs(2),
        seat_wait: Duration::from_secs(60),
        linger: Duration::from_secs(3600),
        contribute: Duration::from_secs(60),
    }
}

fn person(token: &str) -> Holder {
    Holder::Person {
        token: token_hash(token),
        word: String::new(),
        random: String::new(),
    }
}

/// Two people seated (tokens `a` and `b`) at a table under `clock`, its
/// contribution window closed: the game starts at the actor's first wake.
fn seated(id: &str, clock: &str) -> Saved {
    Saved {
        id: id.to_string(),
        kind: GameKind::Othello,
        clock: crate::serve::clock::read(clock).unwrap(),
        level: 1,
        seed: "5e".repeat(32),
        seats: [person("a"), person("b")],
        status: Status::Contributing,
        moves: String::new(),
        deadline_ms: None,
        wait_until_ms: 0,
        gone_since_ms: [None, None],
        paired: false,
        window_until_ms: Some(0),
        contributions: true,
        handicap: String::new(),
        play: None,
        again: [false, false],
        declined: [false, false],
        next: None,
        players: Players::default(),
        cut: None,
        timed: None,
    }
}

impl Table {
    fn open(id: &str, clock: &str) -> Table {
        let dir = std::env::temp_dir().join(format!("virada-clock-{}-{id}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let store: Store = Arc::new(Sqlite::open(&dir).unwrap());
        let keys = Arc::new(Keys::load_or_create(&dir).unwrap());
        Table::run(seated(id, clock), store, keys, dir)
    }

    fn run(saved: Saved, store: Store, keys: Arc<Keys>, dir: PathBuf) -> Table {
        let id = saved.id.clone();
        let (events, listening) = broadcast::channel(256);
        let (commands, receiver) = mpsc::channel(16);
        let actor = Actor::new(
            saved,
            Arc::clone(&store),
            Arc::clone(&keys),
            timing(),
            events,
            commands.clone(),
        )
        .unwrap();
        let task = tokio::spawn(actor.run(receiver));
        Table {
            _watchdog: Watchdog::start("a clock test"),
            commands,
            events: listening,
            store,
            keys,
            dir,
            id,
            task,
        }
    }

    /// The table read again from its store by a new actor (a restart).
    async fn restart(&mut self) {
        self.task.abort();
        let _ = (&mut self.task).await;
        let json = self.store.load_table(&self.id).await.unwrap().unwrap();
        let saved: Saved = serde_json::from_str(&json).unwrap();
        let dir = std::mem::take(&mut self.dir);
        let again = Table::run(saved, Arc::clone(&self.store), Arc::clone(&self.keys), dir);
        // The old actor's handle goes (its folder, taken, stays).
        drop(std::mem::replace(self, again));
    }

    /// A page with `token` says hello: its seat.
    async fn hello(&mut self, token: &str) -> Option<usize> {
        let (reply, answer) = oneshot::channel();
        let token = Some(token.to_string());
        let hello = Command::Hello {
            token,
            account: None,
            reply,
        };
        self.commands.send(hello).await.unwrap();
        answer.await.unwrap().ok().unwrap().seat
    }

    /// `seat`'s last connection closes.
    async fn left(&mut self, seat: usize) {
        self.commands.send(Command::Left { seat }).await.unwrap();
    }

    /// `seat` plays `mv` at move `ply`: the table's answer.
    async fn play(&mut self, seat: usize, ply: usize, mv: &str) -> Result<(), String> {
        let (reply, answer) = oneshot::channel();
        let mv = mv.to_string();
        let seat = Some(seat);
        let command = Command::Move {
            seat,
            ply,
            mv,
            reply,
        };
        self.commands.send(command).await.unwrap();
        answer
            .await
            .unwrap()
            .map_err(|r| r.code.as_str().to_string())
    }

    /// The first state frame from now on that `ok` accepts.
    async fn until(&mut self, ok: impl Fn(&Value) -> bool) -> Value {
        loop {
            match self.events.recv().await {
                Ok(text) => {
                    let frame: Value = serde_json::from_str(&text).unwrap();
                    if ok(&frame) {
                        return frame;
                    }
                }
                Err(broadcast::error::RecvError::Lagged(_)) => {}
                Err(e) => panic!("the table stopped: {e}"),
            }
        }
    }

    /// The frame once `ply` moves are played (passes included).
    async fn at_ply(&mut self, ply: u64) -> Value {
        self.until(|f| f["ply"] == ply).await
    }
}

/// Ends the test run when a test hangs (a frame that never comes: paused
/// time has no timer left to jump to) for a minute of real time.
struct Watchdog(std::sync::mpsc::Sender<()>);

impl Watchdog {
    fn start(name: &'static str) -> Watchdog {
        let (done, finished) = std::sync::mpsc::channel::<()>();
        std::thread::spawn(move || {
            if let Err(std::sync::mpsc::RecvTimeoutError::Timeout) =
                finished.recv_timeout(Duration::from_secs(60))
            {
                eprintln!("{name}: no frame came for a minute; the run stops");
                std::process::exit(101);
            }
        });
        Watchdog(done)
    }
}

impl Drop for Watchdog {
    fn drop(&mut self) {
        let _ = self.0.send(());
    }
}

impl Drop for Table {
    fn drop(&mut self) {
        self.task.abort();
        if !self.dir.as_os_str().is_empty() {
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }
}

/// Waits `ms` of (paused) time.
async fn wait(ms: u64) {
    tokio::time::sleep(Duration::from_millis(ms)).await;
}

fn remaining(frame: &Value) -> [i64; 2] {
    let r = &frame["clocks"]["remaining"];
    [r[0].as_i64().unwrap(), r[1].as_i64().unwrap()]
}

fn now(frame: &Value) -> i64 {
    frame["now"].as_i64().unwrap()
}

fn to_move(frame: &Value) -> usize {
    frame["table"]["seatToMove"].as_u64().unwrap() as usize
}

/// Within a millisecond of `expected` (the paused clock is read in whole ms).
fn about(got: i64, expected: i64, what: &str) {
    assert!((got - expected).abs() <= 1, "{what}: {got}, not {expected}");
}

/// Both people at the table, the game started: the first playing frame.
async fn started(t: &mut Table) -> Value {
    assert_eq!(t.hello("a").await, Some(0));
    assert_eq!(t.hello("b").await, Some(1));
    let frame = t.until(|f| f["status"] == "playing").await;
    assert!(frame["clocks"].is_object(), "{frame}");
    frame
}

#[tokio::test(start_paused = true)]
async fn a_flag_falls_on_the_server_and_the_game_is_lost_on_time() {
    let mut t = Table::open("flag", "60+1");
    let first = started(&mut t).await;
    let dark = to_move(&first);
    assert_eq!(remaining(&first), [60_000, 60_000]);
    assert_eq!(first["clocks"]["running"], dark);
    let t0 = now(&first);
    // Dark thinks 12.3 s: 60 - 12.3 + 1 = 48.7 s left, and light's clock runs.
    wait(12_300).await;
    t.play(dark, 0, "f5").await.unwrap();
    let moved = t.at_ply(1).await;
    let t1 = now(&moved);
    about(t1 - t0, 12_300, "dark's thinking");
    let mut left = [0; 2];
    left[dark] = 60_000 - (t1 - t0) + 1_000;
    left[1 - dark] = 60_000;
    assert_eq!(remaining(&moved), left);
    assert_eq!(moved["clocks"]["running"], 1 - dark);
    // Light never moves: its flag falls at its 60th second, on the server.
    let over = t.until(|f| f["status"] == "over").await;
    about(now(&over) - t1, 60_000, "light's flag");
    assert_eq!(remaining(&over)[1 - dark], 0);
    assert_eq!(over["clocks"]["running"], Value::Null);
    let record = over["record"].as_str().unwrap();
    assert!(record.contains("\nclock: 60+1\n"), "{record}");
    let dark_left = (left[dark] + 99) / 100;
    let times = format!("\ntimes: {}.{} 0.0\n", dark_left / 10, dark_left % 10);
    assert!(record.contains(&times), "{record}");
    assert!(record.contains(" dark wins on time\n"), "{record}");
    let report = virada::record::verify_text(record);
    assert!(report.all_passed(), "{}", report.to_json());
    assert_eq!(report.get("signature").unwrap().code, "signature-ok");
    // A move after the flag is refused: the game is over.
    assert_eq!(t.play(1 - dark, 1, "d6").await, Err("over".into()));
}

#[tokio::test(start_paused = true)]
async fn the_increment_follows_each_move_and_a_forced_pass_costs_nothing() {
    let mut t = Table::open("increment", "60+2");
    let first = started(&mut t).await;
    let dark = to_move(&first);
    // After these eight moves dark has none: it passes, light moves again.
    let moves = ["c4", "c3", "c2", "b2", "e6", "c1", "a1", "a3"];
    let thinking = [1_100u64, 2_200, 3_300, 4_400, 500, 600, 700, 800];
    let mut left = [60_000i64; 2];
    let mut before = now(&first);
    let mut frame = first;
    for (ply, (mv, think)) in moves.iter().zip(thinking).enumerate() {
        let seat = if ply % 2 == 0 { dark } else { 1 - dark };
        wait(think).await;
        t.play(seat, ply, mv).await.unwrap();
        // After a3 dark's pass follows at once: two plies.
        frame = t.at_ply(ply as u64 + 1 + u64::from(ply == 7)).await;
        about(now(&frame) - before, think as i64, mv);
        left[seat] += 2_000 - (now(&frame) - before);
        assert_eq!(
            remaining(&frame),
            left,
            "after {mv}: the time less the thinking, plus 2 s"
        );
        before = now(&frame);
    }
    // Dark passed (ply 8): light runs again, and dark was charged nothing.
    let passed = frame;
    assert_eq!(passed["clocks"]["running"], 1 - dark);
    assert_eq!(to_move(&passed), 1 - dark);
    wait(7_000).await;
    let light_move = virada_first_legal(&passed);
    t.play(1 - dark, 9, &light_move).await.unwrap();
    let frame = t.at_ply(10).await;
    about(now(&frame) - before, 7_000, "light's second thought");
    left[1 - dark] += 2_000 - (now(&frame) - before);
    assert_eq!(remaining(&frame), left, "the pass cost dark nothing");
}

/// The first legal move a frame's snapshot lists.
fn virada_first_legal(frame: &Value) -> String {
    let table = &frame["table"];
    if let Some(moves) = table["legalMoves"].as_array() {
        return moves[0].as_str().unwrap().to_string();
    }
    let sq = table["legal"][0][0].as_u64().unwrap() as usize;
    format!("{}{}", (b'a' + (sq % 8) as u8) as char, sq / 8 + 1)
}

#[tokio::test(start_paused = true)]
async fn a_reconnect_does_not_stop_the_clock_and_the_bot_never_sits() {
    let mut t = Table::open("reconnect", "180+2");
    let first = started(&mut t).await;
    let dark = to_move(&first);
    let t0 = now(&first);
    // Dark's page loses its socket for 10 s, past the 2 s grace period.
    t.left(dark).await;
    t.until(|f| f["seats"][dark]["connected"] == false).await;
    wait(10_000).await;
    let token = if dark == 0 { "a" } else { "b" };
    assert_eq!(t.hello(token).await, Some(dark));
    let back = t.until(|f| f["seats"][dark]["connected"] == true).await;
    about(now(&back) - t0, 10_000, "away");
    assert_eq!(
        back["seats"][dark]["kind"], "person",
        "the bot never takes the seat"
    );
    assert_eq!(back["clocks"]["running"], dark);
    assert_eq!(remaining(&back)[dark], 180_000 - (now(&back) - t0));
    wait(5_000).await;
    t.play(dark, 0, "f5").await.unwrap();
    let moved = t.at_ply(1).await;
    about(now(&moved) - t0, 15_000, "dark's whole turn");
    assert_eq!(
        remaining(&moved)[dark],
        180_000 - (now(&moved) - t0) + 2_000
    );
}

#[tokio::test(start_paused = true)]
async fn a_correspondence_move_days_later_is_played_and_a_lapsed_window_loses() {
    const DAY: u64 = 86_400_000;
    let mut t = Table::open("days", "1d");
    let first = started(&mut t).await;
    let dark = to_move(&first);
    // Nobody's page stays open; dark comes back 20 hours later and moves.
    t.left(0).await;
    t.left(1).await;
    t.until(|f| f["seats"][0]["connected"] == false && f["seats"][1]["connected"] == false)
        .await;
    wait(20 * 3_600_000).await;
    let token = if dark == 0 { "a" } else { "b" };
    assert_eq!(t.hello(token).await, Some(dark));
    t.play(dark, 0, "f5").await.unwrap();
    let moved = t.at_ply(1).await;
    assert_eq!(
        remaining(&moved)[1 - dark],
        DAY as i64,
        "light has a whole day"
    );
    t.left(dark).await;
    t.until(|f| f["seats"][dark]["connected"] == false).await;
    // The server restarts meanwhile: the table is read again from its store.
    t.restart().await;
    // Light lets its day lapse: it loses on time, found by the table itself.
    let over = t.until(|f| f["status"] == "over").await;
    about(now(&over) - now(&moved), DAY as i64, "light's window");
    let record = over["record"].as_str().unwrap();
    assert!(record.contains("\nclock: 1d\n"), "{record}");
    assert!(record.contains(" dark wins on time\n"), "{record}");
    let report = virada::record::verify_text(record);
    assert!(report.all_passed(), "{}", report.to_json());
}

#[tokio::test(start_paused = true)]
async fn a_window_that_lapsed_while_no_server_ran_is_lost_at_the_restart() {
    let mut t = Table::open("lapsed", "2d");
    let first = started(&mut t).await;
    let dark = to_move(&first);
    t.play(dark, 0, "f5").await.unwrap();
    t.at_ply(1).await;
    // No server runs for three days; the one that starts finds the lapse.
    t.task.abort();
    wait(3 * 86_400_000).await;
    t.restart().await;
    let over = t.until(|f| f["status"] == "over").await;
    let record = over["record"].as_str().unwrap();
    assert!(record.contains(" dark wins on time\n"), "{record}");
    assert!(virada::record::verify_text(record).all_passed());
}
