//! The scripted tables: each slot opens a table, seats two clients, plays
//! random legal moves at its rate, and opens a new table when a game ends.

use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use futures_util::{SinkExt as _, StreamExt as _};
use tokio::sync::{watch, Semaphore};
use tokio::time::Instant;
use tokio_tungstenite::tungstenite::Message;

use super::seat::{seat_two, Frame, Player, Seen};
use super::tally::Counters;
use super::{Phase, Settings, OPEN_TIMEOUT};

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
