//! A scripted player's connection: the frames it reads, a table opened
//! with `POST /api/tables`, a client seated with `hello` (again with its
//! seat's token after a reconnection), two seated at a new table.

use std::sync::atomic::Ordering;

use futures_util::{SinkExt as _, StreamExt as _};
use serde::Deserialize;
use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;

use super::tally::Counters;
use super::{Settings, READ_BUFFER};

/// A frame from the server, only the fields the players read.
#[derive(Deserialize)]
pub(super) struct Frame {
    #[serde(rename = "type")]
    pub(super) kind: String,
    #[serde(default)]
    pub(super) seat: Option<usize>,
    #[serde(default)]
    pub(super) state: Option<Box<Frame>>,
    #[serde(default)]
    pub(super) ply: Option<u64>,
    #[serde(default)]
    pub(super) status: Option<String>,
    #[serde(default)]
    pub(super) table: Option<Snapshot>,
    #[serde(default)]
    pub(super) code: Option<String>,
    /// A welcome's seat token, to sit again after a reconnection.
    #[serde(default)]
    pub(super) token: Option<String>,
}

/// The game's snapshot: whose turn and the legal moves.
#[derive(Deserialize, Clone)]
pub(super) struct Snapshot {
    #[serde(rename = "seatToMove")]
    pub(super) seat_to_move: usize,
    /// Othello: `[[square, flips], …]`.
    #[serde(default)]
    pub(super) legal: Vec<(usize, u32)>,
    /// Nabucodonosor: the moves' texts.
    #[serde(default, rename = "legalMoves")]
    pub(super) legal_moves: Vec<String>,
}

/// What a client last heard of the game.
#[derive(Clone, Default)]
pub(super) struct Seen {
    pub(super) ply: u64,
    pub(super) over: bool,
    pub(super) playing: bool,
    pub(super) table: Option<Snapshot>,
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

/// Opens a table and seats two players through the servers `settings`
/// names (the second through the next server, relayed).
pub(super) async fn seat_two(
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
