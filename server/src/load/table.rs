//! The scripted tables: each slot opens a table, seats two clients, plays
//! random legal moves at its rate, and opens a new table when a game ends.

use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use futures_util::{SinkExt as _, StreamExt as _};
use serde::Deserialize;
use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
use tokio::net::TcpStream;
use tokio::sync::{watch, Semaphore};
use tokio::time::Instant;
use tokio_tungstenite::tungstenite::Message;

use super::tally::Counters;
use super::{Phase, Settings, OPEN_TIMEOUT, READ_BUFFER};

/// A frame from the server, only the fields the players read.
#[derive(Deserialize)]
pub(super) struct Frame {
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    seat: Option<usize>,
    #[serde(default)]
    state: Option<Box<Frame>>,
    #[serde(default)]
    ply: Option<u64>,
    #[serde(default)]
    status: Option<String>,
    #[serde(default)]
    table: Option<Snapshot>,
    #[serde(default)]
    code: Option<String>,
    /// A welcome's seat token, to sit again after a reconnection.
    #[serde(default)]
    token: Option<String>,
}

/// The game's snapshot: whose turn and the legal moves.
#[derive(Deserialize, Clone)]
struct Snapshot {
    #[serde(rename = "seatToMove")]
    seat_to_move: usize,
    /// Othello: `[[square, flips], …]`.
    #[serde(default)]
    legal: Vec<(usize, u32)>,
    /// Nabucodonosor: the moves' texts.
    #[serde(default, rename = "legalMoves")]
    legal_moves: Vec<String>,
}

/// What a client last heard of the game.
#[derive(Clone, Default)]
pub(super) struct Seen {
    ply: u64,
    over: bool,
    playing: bool,
    table: Option<Snapshot>,
}

impl Seen {
    pub(super) fn take(&mut self, frame: Frame) {
        self.ply = frame.ply.unwrap_or(self.ply);
        self.over = frame.status.as_deref() == Some("over");
        self.playing = frame.status.as_deref() == Some("playing");
        self.table = frame.table;
    }
}

pub(super) type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>>;

/// One player's connection.
pub(super) struct Player {
    pub(super) socket: Socket,
    pub(super) seat: usize,
    pub(super) seen: Seen,
    /// Where it connects, and its seat's token.
    pub(super) url: String,
    pub(super) token: Option<String>,
}

/// What woke a table up.
enum Event {
    /// Time for the next move.
    Tick,
    /// The pending move was not seen in time.
    Lost,
    /// A frame (or the end) from player 0 or 1.
    Frame(
        usize,
        Option<Result<Message, tokio_tungstenite::tungstenite::Error>>,
    ),
    /// Player 0 or 1 connected again (or could not).
    Back(usize, Option<Box<Player>>),
}

/// A player connecting again, while the other goes on.
type Rejoining<'a> = Option<Pin<Box<dyn Future<Output = Option<Player>> + Send + 'a>>>;

/// The end of a player's connecting again; never, when it is not.
async fn back(rejoining: &mut Rejoining<'_>) -> Option<Box<Player>> {
    match rejoining {
        Some(again) => again.await.map(Box::new),
        None => std::future::pending().await,
    }
}

/// A move on its way: sent at `at` for `ply`; `seen` by each client.
struct Pending {
    ply: u64,
    at: Instant,
    seen: [bool; 2],
    by: usize,
    /// The move as sent, to send again when it never reached the table.
    text: String,
    /// Sent again after a reconnection.
    again: bool,
    /// A client connected again while the move was on its way.
    rejoined: bool,
}

impl Pending {
    /// `who` has a state past the move: the latency once both have.
    fn seen_by(&mut self, who: usize, ply: u64, counters: &Counters) -> bool {
        if ply <= self.ply {
            return false;
        }
        self.seen[who] = true;
        if self.seen != [true, true] {
            return false;
        }
        let took = self.at.elapsed();
        if took > super::tally::SLOW {
            counters.slow.fetch_add(1, Ordering::Relaxed);
            if self.rejoined {
                counters.slow_rejoined.fetch_add(1, Ordering::Relaxed);
            }
        }
        let us = u32::try_from(took.as_micros()).unwrap_or(u32::MAX);
        counters.acknowledged.fetch_add(1, Ordering::Relaxed);
        counters
            .latencies
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .push(us);
        true
    }
}

/// A small random stream (xorshift) for picking moves.
struct Dice(u64);

impl Dice {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n.max(1) as u64) as usize
    }
}

/// One table slot: a table, played, replaced when over, until the run ends.
pub(super) async fn table_task(
    index: usize,
    tables: usize,
    settings: Arc<Settings>,
    counters: Arc<Counters>,
    mut phase: watch::Receiver<Phase>,
    opening: Arc<Semaphore>,
    ready: Arc<AtomicUsize>,
) {
    // The slots are spread over the servers in turn.
    let address = settings.addresses[index % settings.addresses.len()].as_str();
    let mut dice =
        Dice(0x9E37_79B9_7F4A_7C15 ^ (index as u64 + 1).wrapping_mul(0x2545_F491_4F6C_DD1D));
    let mut players = open_table(&settings, address, &counters, &opening).await;
    ready.fetch_add(1, Ordering::Relaxed);
    let (from, until) = loop {
        if let Phase::Running { from, until } = *phase.borrow_and_update() {
            break (from, until);
        }
        if phase.changed().await.is_err() {
            return;
        }
    };
    // The table's turns spread evenly over one period.
    let offset = settings.period.mul_f64(index as f64 / tables as f64);
    let mut ticks = tokio::time::interval_at(from + offset, settings.period);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    while Instant::now() < until {
        let Some(mut pair) = players.take() else {
            // The last table could not be opened: try again a little later.
            tokio::time::sleep(Duration::from_millis(500)).await;
            players = open_table(&settings, address, &counters, &opening).await;
            continue;
        };
        let over = play(
            &mut pair, &settings, &counters, &mut ticks, &mut dice, until,
        )
        .await;
        for player in pair {
            let mut socket = player.socket;
            let _ = socket.close(None).await;
            counters.open_sockets.fetch_sub(1, Ordering::Relaxed);
        }
        if over {
            counters.games.fetch_add(1, Ordering::Relaxed);
        }
        if Instant::now() < until {
            players = open_table(&settings, address, &counters, &opening).await;
        }
    }
    if let Some(pair) = players {
        for player in pair {
            let mut socket = player.socket;
            let _ = socket.close(None).await;
            counters.open_sockets.fetch_sub(1, Ordering::Relaxed);
        }
    }
}

/// Plays one table until its game is over (`true`), the run ends, or a
/// connection fails (`false`).
async fn play(
    pair: &mut [Player; 2],
    settings: &Settings,
    counters: &Counters,
    ticks: &mut tokio::time::Interval,
    dice: &mut Dice,
    until: Instant,
) -> bool {
    let mut pending: Option<Pending> = None;
    let [a, b] = pair;
    let (mut again_a, mut again_b): (Rejoining<'_>, Rejoining<'_>) = (None, None);
    loop {
        let lost_at = pending.as_ref().map(|p| p.at + settings.timeout);
        let running = Instant::now() < until;
        if !running && pending.is_none() {
            return false;
        }
        let event = tokio::select! {
            _ = ticks.tick(), if running && pending.is_none() => Event::Tick,
            () = sleep_until(lost_at) => Event::Lost,
            frame = a.socket.next(), if again_a.is_none() => Event::Frame(0, frame),
            frame = b.socket.next(), if again_b.is_none() => Event::Frame(1, frame),
            player = back(&mut again_a), if again_a.is_some() => Event::Back(0, player),
            player = back(&mut again_b), if again_b.is_some() => Event::Back(1, player),
        };
        let (who, frame) = match event {
            Event::Tick => {
                if a.seen.over && b.seen.over {
                    return true;
                }
                let by = usize::from(a.seen.table.as_ref().map(|t| t.seat_to_move) != Some(a.seat));
                if [&again_a, &again_b][by].is_some() {
                    continue;
                }
                let mover = if by == 0 { &mut *a } else { &mut *b };
                if !mover.seen.playing
                    || mover.seen.table.as_ref().map(|t| t.seat_to_move) != Some(mover.seat)
                {
                    continue;
                }
                let Some(mv) = pick(&mover.seen, dice) else {
                    continue;
                };
                let ply = mover.seen.ply;
                let text = format!(r#"{{"v":2,"type":"move","ply":{ply},"move":"{mv}"}}"#);
                let at = Instant::now();
                let sent = mover.socket.send(Message::Text(text.clone().into())).await;
                if sent.is_err() && !settings.reconnect {
                    counters.error("send-failed");
                    return false;
                }
                counters.sent.fetch_add(1, Ordering::Relaxed);
                pending = Some(Pending {
                    ply,
                    at,
                    seen: [false, false],
                    by,
                    text,
                    again: false,
                    rejoined: false,
                });
                continue;
            }
            Event::Lost => {
                counters.lost.fetch_add(1, Ordering::Relaxed);
                pending = None;
                continue;
            }
            Event::Back(_, None) => {
                counters.error("closed");
                if pending.is_some() {
                    counters.lost.fetch_add(1, Ordering::Relaxed);
                }
                return false;
            }
            Event::Back(who, Some(again)) => {
                if who == 0 {
                    again_a = None;
                } else {
                    again_b = None;
                }
                let player = if who == 0 { &mut *a } else { &mut *b };
                player.socket = again.socket;
                player.seen = again.seen;
                // The welcome's state may be past the pending move; a
                // move that never reached the table is sent again, as
                // a person plays it again on the page.
                let ply = player.seen.ply;
                if let Some(p) = pending.as_mut() {
                    p.rejoined = true;
                    if p.seen_by(who, ply, counters) {
                        pending = None;
                    } else if p.by == who && ply == p.ply {
                        p.again = true;
                        let text = p.text.clone();
                        let _ = player.socket.send(Message::Text(text.into())).await;
                    }
                }
                continue;
            }
            Event::Frame(who, frame) => (who, frame),
        };
        let text = match frame {
            Some(Ok(Message::Text(text))) => text,
            Some(Ok(Message::Close(_)) | Err(_)) | None => {
                if settings.reconnect {
                    let player = if who == 0 { &*a } else { &*b };
                    let again = Box::pin(super::reconnect::rejoin(
                        player.url.clone(),
                        player.token.clone(),
                        player.seat,
                        counters,
                    ));
                    if who == 0 {
                        again_a = Some(again);
                    } else {
                        again_b = Some(again);
                    }
                    continue;
                }
                counters.error("closed");
                if pending.is_some() {
                    counters.lost.fetch_add(1, Ordering::Relaxed);
                }
                return false;
            }
            Some(Ok(_)) => continue,
        };
        let Ok(frame) = serde_json::from_str::<Frame>(text.as_str()) else {
            counters.error("unreadable-frame");
            continue;
        };
        match frame.kind.as_str() {
            "state" => {
                let player = if who == 0 { &mut *a } else { &mut *b };
                player.seen.take(frame);
                let ply = player.seen.ply;
                if pending
                    .as_mut()
                    .is_some_and(|p| p.seen_by(who, ply, counters))
                {
                    pending = None;
                }
                if pending.is_none() && a.seen.over && b.seen.over {
                    return true;
                }
            }
            "error" => {
                let code = frame.code.as_deref().unwrap_or("error");
                // A move sent again that the table had taken after all:
                // its state is on its way.
                if code == "stale-ply" && pending.as_ref().is_some_and(|p| p.again) {
                    continue;
                }
                counters.error(code);
                if pending.as_ref().is_some_and(|p| p.by == who) {
                    counters.refused.fetch_add(1, Ordering::Relaxed);
                    pending = None;
                }
            }
            _ => {}
        }
    }
}

async fn sleep_until(at: Option<Instant>) {
    match at {
        Some(at) => tokio::time::sleep_until(at).await,
        None => std::future::pending().await,
    }
}

/// A random legal move of the snapshot, as text.
fn pick(seen: &Seen, dice: &mut Dice) -> Option<String> {
    let table = seen.table.as_ref()?;
    if !table.legal_moves.is_empty() {
        return Some(table.legal_moves[dice.below(table.legal_moves.len())].clone());
    }
    if table.legal.is_empty() {
        return None;
    }
    let (square, _) = table.legal[dice.below(table.legal.len())];
    let file = char::from(b'a' + (square % 8) as u8);
    Some(format!("{file}{}", square / 8 + 1))
}

/// Opens a table and seats two players; `None` (the error counted) when
/// it could not.
async fn open_table(
    settings: &Settings,
    address: &str,
    counters: &Counters,
    opening: &Semaphore,
) -> Option<[Player; 2]> {
    let _permit = opening.acquire().await.ok()?;
    match tokio::time::timeout(OPEN_TIMEOUT, seat_two(settings, address, counters)).await {
        Ok(Ok(players)) => {
            counters.opened.fetch_add(1, Ordering::Relaxed);
            Some(players)
        }
        Ok(Err(code)) => {
            counters.error(&code);
            None
        }
        Err(_) => {
            counters.error("open-timeout");
            None
        }
    }
}

async fn seat_two(
    settings: &Settings,
    address: &str,
    counters: &Counters,
) -> Result<[Player; 2], String> {
    let id = create(settings, address).await?;
    let url = format!("ws://{address}/api/tables/{id}/ws");
    // With several servers the second player sits through the next one:
    // its moves are relayed to the table's server and back.
    let all = &settings.addresses;
    let next = all
        .iter()
        .position(|a| a == address)
        .map_or(address, |i| all[(i + 1) % all.len()].as_str());
    let mut first = join(&url, counters, None).await?;
    let mut second = join(&format!("ws://{next}/api/tables/{id}/ws"), counters, None).await?;
    // Both seats contribute (a page's random value); the game starts at once.
    for player in [&mut first, &mut second] {
        let random = virada::game::fairness::Seed::generate().map_err(|_| "random")?;
        let text = format!(r#"{{"v":2,"type":"contribute","random":"{random}"}}"#);
        player
            .socket
            .send(Message::Text(text.into()))
            .await
            .map_err(|_| "send-failed")?;
    }
    for player in [&mut first, &mut second] {
        while !player.seen.playing {
            match player.socket.next().await {
                Some(Ok(Message::Text(text))) => {
                    let frame: Frame =
                        serde_json::from_str(text.as_str()).map_err(|_| "unreadable-frame")?;
                    if frame.kind == "state" {
                        player.seen.take(frame);
                    } else if frame.kind == "error" {
                        return Err(frame.code.unwrap_or_else(|| "error".into()));
                    }
                }
                Some(Ok(_)) => {}
                _ => return Err("closed".into()),
            }
        }
    }
    if first.seat == second.seat {
        let _ = second.socket.close(None).await;
        return Err("same-seat".into());
    }
    Ok([first, second])
}

/// Connects and says hello; the player with its seat and first state.
pub(super) async fn join(
    url: &str,
    counters: &Counters,
    token: Option<&str>,
) -> Result<Player, String> {
    // A small read buffer: the default (128 KiB a socket) is most of the
    // memory of thousands of sockets that read 2 KiB frames.
    let config = tokio_tungstenite::tungstenite::protocol::WebSocketConfig::default()
        .read_buffer_size(READ_BUFFER);
    let (mut socket, _) = tokio_tungstenite::connect_async_with_config(url, Some(config), true)
        .await
        .map_err(|e| format!("connect: {}", short(&e.to_string())))?;
    let hello = match token {
        Some(token) => format!(r#"{{"v":2,"type":"hello","token":"{token}"}}"#),
        None => r#"{"v":2,"type":"hello"}"#.to_string(),
    };
    socket
        .send(Message::Text(hello.into()))
        .await
        .map_err(|_| "send-failed")?;
    loop {
        match socket.next().await {
            Some(Ok(Message::Text(text))) => {
                let frame: Frame =
                    serde_json::from_str(text.as_str()).map_err(|_| "unreadable-frame")?;
                match frame.kind.as_str() {
                    "welcome" => {
                        let seat = frame.seat.ok_or("spectator")?;
                        let token = frame.token.clone();
                        let mut seen = Seen::default();
                        if let Some(state) = frame.state {
                            seen.take(*state);
                        }
                        // Counted once seated: a try given up before is
                        // not an open socket.
                        counters.open_sockets.fetch_add(1, Ordering::Relaxed);
                        return Ok(Player {
                            socket,
                            seat,
                            seen,
                            url: url.to_string(),
                            token,
                        });
                    }
                    "error" => return Err(frame.code.unwrap_or_else(|| "error".into())),
                    _ => {}
                }
            }
            Some(Ok(_)) => {}
            _ => return Err("closed".into()),
        }
    }
}

/// The first words of an error, as a code.
fn short(e: &str) -> String {
    e.split(':')
        .next()
        .unwrap_or(e)
        .trim()
        .to_lowercase()
        .replace(' ', "-")
}

/// Opens a table with `POST /api/tables`; its id.
async fn create(settings: &Settings, address: &str) -> Result<String, String> {
    let mut stream = TcpStream::connect(address)
        .await
        .map_err(|e| format!("connect: {}", short(&e.to_string())))?;
    let request = format!(
        "POST /api/tables HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{}",
        address,
        settings.body.len(),
        settings.body
    );
    stream
        .write_all(request.as_bytes())
        .await
        .map_err(|_| "http-write")?;
    let mut raw = Vec::new();
    stream
        .read_to_end(&mut raw)
        .await
        .map_err(|_| "http-read")?;
    let raw = String::from_utf8_lossy(&raw);
    let status = raw.split(' ').nth(1).unwrap_or("");
    let body = raw.split_once("\r\n\r\n").map_or("", |(_, b)| b);
    if status != "201" {
        let code = serde_json::from_str::<serde_json::Value>(body)
            .ok()
            .and_then(|v| v["code"].as_str().map(str::to_string))
            .unwrap_or_default();
        return Err(format!("http-{status} {code}").trim().to_string());
    }
    serde_json::from_str::<serde_json::Value>(body)
        .ok()
        .and_then(|v| v["id"].as_str().map(str::to_string))
        .ok_or_else(|| "http-no-id".into())
}
