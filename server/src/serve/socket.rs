//! One WebSocket at a table: sends the table's commitment (the seed's
//! fingerprint) as its first frame, before it reads anything; then reads
//! the page's messages (size cap, rate limit, `hello` first), hands them to
//! the table's actor, and writes back the actor's answers and every `state`
//! frame.
//!
//! A socket whose reader has stopped reading holds only itself: a frame that
//! cannot be written within [`SEND_TIMEOUT`] closes it, and a socket that
//! falls behind the table's broadcast skips to the newest state.

use std::time::Duration;

use axum::extract::ws::{Message, Utf8Bytes, WebSocket};
use futures_util::{SinkExt as _, StreamExt as _};
use tokio::sync::{broadcast, oneshot};
use tokio::time::Instant;

use super::hub::Handle;
use super::protocol::{self, ClientMessage, Code, Refusal};
use super::saved::{SeatAccount, Stop};
use super::table::{now_ms, Command, Welcome};

/// How long a page has to say `hello`.
const HELLO_TIMEOUT: Duration = Duration::from_secs(10);
/// How long one frame may take to go out.
const SEND_TIMEOUT: Duration = Duration::from_secs(10);
/// Messages a socket may send in a burst…
const BURST: f64 = 40.0;
/// …and a second after that.
const RATE: f64 = 20.0;

/// A token bucket: [`BURST`] messages at once, [`RATE`] a second.
struct Bucket {
    tokens: f64,
    at: Instant,
    told: Option<Instant>,
}

impl Bucket {
    fn new() -> Bucket {
        Bucket {
            tokens: BURST,
            at: Instant::now(),
            told: None,
        }
    }

    fn take(&mut self) -> bool {
        let now = Instant::now();
        self.tokens = (self.tokens + now.duration_since(self.at).as_secs_f64() * RATE).min(BURST);
        self.at = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }

    /// Whether to tell the sender (once a second at most).
    fn tell(&mut self) -> bool {
        let now = Instant::now();
        if self
            .told
            .is_some_and(|t| now.duration_since(t) < Duration::from_secs(1))
        {
            return false;
        }
        self.told = Some(now);
        true
    }
}

/// Serves one socket of table `id` until it closes.
pub async fn serve(
    socket: WebSocket,
    table: Handle,
    id: String,
    account: Option<SeatAccount>,
    mut closing: tokio::sync::watch::Receiver<bool>,
) {
    let _open = super::ops::metrics::SocketOpen::new();
    let (mut sink, mut stream) = socket.split();
    // The commitment goes out before the first read: no word, no
    // contribution and no hello is read before the page could see it.
    let commitment = protocol::commitment(&id, &table.fingerprint);
    let sent =
        tokio::time::timeout(SEND_TIMEOUT, sink.send(Message::Text(commitment.into()))).await;
    if !matches!(sent, Ok(Ok(()))) {
        return;
    }
    let mut events = table.events.subscribe();
    let mut bucket = Bucket::new();
    let mut seat: Option<usize> = None;
    let mut hello_done = false;
    let hello_by = Instant::now() + HELLO_TIMEOUT;
    // A spectator counts in the lobby while its socket is open.
    let mut watching = None;
    loop {
        let outgoing: Option<Utf8Bytes> = tokio::select! {
            frame = stream.next() => {
                let text = match frame {
                    Some(Ok(Message::Text(text))) => Some(text),
                    Some(Ok(Message::Binary(_))) => None,
                    Some(Ok(Message::Close(_)) | Err(_)) | None => break,
                    // Pings and pongs: answered by the socket itself.
                    Some(Ok(_)) => continue,
                };
                if !bucket.take() {
                    super::ops::metrics().rate_limited.with_label_values(&["socket"]).inc();
                    bucket.tell().then(|| {
                        Refusal::new(Code::RateLimited, "too many messages; this one was dropped")
                            .frame()
                            .into()
                    })
                } else if let Some(text) = text {
                    match handle(&table, &mut seat, &mut hello_done, &account, text.as_str()).await {
                        Reply::Frame(f) => Some(f.into()),
                        Reply::Nothing => None,
                        Reply::Gone => break,
                    }
                } else {
                    Some(Refusal::new(Code::BadMessage, "messages are JSON text").frame().into())
                }
            }
            event = events.recv(), if hello_done => match event {
                Ok(state) => Some(state.as_ref().into()),
                Err(broadcast::error::RecvError::Lagged(_)) => continue,
                Err(broadcast::error::RecvError::Closed) => break,
            },
            () = tokio::time::sleep_until(hello_by), if !hello_done => break,
            () = async { let _ = closing.wait_for(|stop| *stop).await; } => {
                // The server stops: the page reconnects at once, elsewhere.
                let close = Message::Close(Some(axum::extract::ws::CloseFrame {
                    code: protocol::RESTART_CLOSE,
                    reason: "server restart".into(),
                }));
                let _ = tokio::time::timeout(SEND_TIMEOUT, sink.send(close)).await;
                break;
            }
        };
        if let Some(frame) = outgoing {
            let sent = tokio::time::timeout(SEND_TIMEOUT, sink.send(Message::Text(frame))).await;
            if !matches!(sent, Ok(Ok(()))) {
                break;
            }
        }
        if hello_done && seat.is_none() && watching.is_none() {
            watching = Some(table.watchers.enter());
        }
    }
    if let Some(seat) = seat {
        let _ = table.commands.send(Command::Left { seat }).await;
    }
}

/// What to send back after one message.
enum Reply {
    Frame(String),
    Nothing,
    Gone,
}

async fn handle(
    table: &Handle,
    seat: &mut Option<usize>,
    hello_done: &mut bool,
    account: &Option<SeatAccount>,
    text: &str,
) -> Reply {
    let message = match protocol::parse(text) {
        Ok(m) => m,
        Err(refusal) => return Reply::Frame(refusal.frame()),
    };
    if !*hello_done && !matches!(message, ClientMessage::Hello { .. }) {
        return Reply::Frame(Refusal::new(Code::BadHello, "say hello first").frame());
    }
    match message {
        ClientMessage::Hello { token, .. } => {
            if *hello_done {
                return Reply::Frame(Refusal::new(Code::BadHello, "hello came twice").frame());
            }
            let (reply, answer) = oneshot::channel();
            if table
                .commands
                .send(Command::Hello {
                    token,
                    account: account.clone(),
                    reply,
                })
                .await
                .is_err()
            {
                return Reply::Gone;
            }
            match answer.await {
                Ok(Ok(Welcome {
                    seat: s,
                    token,
                    state,
                })) => {
                    *seat = s;
                    *hello_done = true;
                    let welcome = serde_json::json!({
                        "v": protocol::VERSION,
                        "type": "welcome",
                        "seat": s,
                        "token": token,
                        "state": serde_json::from_str::<serde_json::Value>(&state)
                            .unwrap_or_default(),
                    });
                    Reply::Frame(welcome.to_string())
                }
                Ok(Err(refusal)) => Reply::Frame(refusal.frame()),
                Err(_) => Reply::Gone,
            }
        }
        ClientMessage::Ping { t, .. } => Reply::Frame(protocol::pong(t, now_ms())),
        ClientMessage::Contribute { random, word, .. } => {
            ask(table, |reply| Command::Contribute {
                seat: *seat,
                random,
                word: word.unwrap_or_default(),
                reply,
            })
            .await
        }
        ClientMessage::Start { .. } => {
            ask(table, |reply| Command::Start { seat: *seat, reply }).await
        }
        ClientMessage::Again { .. } => {
            ask(table, |reply| Command::Again { seat: *seat, reply }).await
        }
        ClientMessage::Resign { .. } => stop(table, *seat, Stop::Resign).await,
        ClientMessage::Abort { .. } => stop(table, *seat, Stop::Abort).await,
        ClientMessage::NoThanks { .. } => {
            ask(table, |reply| Command::NoThanks { seat: *seat, reply }).await
        }
        ClientMessage::Move { ply, mv, .. } => {
            ask(table, |reply| Command::Move {
                seat: *seat,
                ply,
                mv,
                reply,
            })
            .await
        }
    }
}

/// A seated person resigns or aborts.
async fn stop(table: &Handle, seat: Option<usize>, how: Stop) -> Reply {
    ask(table, |reply| Command::Stop { seat, how, reply }).await
}

/// Sends a command and turns a refusal into its `error` frame (a success
/// is heard as the next `state`).
async fn ask(
    table: &Handle,
    make: impl FnOnce(oneshot::Sender<Result<(), Refusal>>) -> Command,
) -> Reply {
    let (reply, answer) = oneshot::channel();
    if table.commands.send(make(reply)).await.is_err() {
        return Reply::Gone;
    }
    match answer.await {
        Ok(Ok(())) => Reply::Nothing,
        Ok(Err(refusal)) => Reply::Frame(refusal.frame()),
        Err(_) => Reply::Gone,
    }
}
