//! The relay's pub/sub: one connection listening to every table's command
//! and frame channels and to this server's own, connected again whenever it
//! breaks; the holder's side of a relayed command (run on the local actor,
//! answered on the asker's channel); a relaying server's presence, said to
//! the holder until it is heard.

use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

use futures_util::StreamExt as _;
use tokio::sync::{mpsc, oneshot};

use super::super::table::Command;
use super::counters::Kind;
use super::shared::{Relay, Shared};
use super::{cmd_channel, lease, lock, reply_channel, wire, Cluster};

/// How long a pub/sub connection that broke waits before connecting again.
const RECONNECT: Duration = Duration::from_millis(250);
/// How long a relaying server waits for the holder to hear its presence
/// before saying it again.
const PRESENCE_WAIT: Duration = Duration::from_millis(1500);
/// How many times a presence is said to one holder at most.
const PRESENCE_TRIES: usize = 8;

/// Counts a relayed command being answered while it lives.
pub(super) struct Answering(Arc<Shared>);

impl Answering {
    pub(super) fn new(shared: &Arc<Shared>) -> Answering {
        shared.answering.fetch_add(1, Ordering::Relaxed);
        Answering(Arc::clone(shared))
    }
}

impl Drop for Answering {
    fn drop(&mut self) {
        self.0.answering.fetch_sub(1, Ordering::Relaxed);
    }
}

impl Cluster {
    /// Listens to the relay's channels, connecting again whenever the
    /// connection breaks; tells `subscribed` once first listening.
    pub(super) async fn listen(self: Arc<Self>, subscribed: oneshot::Sender<()>) {
        let mut subscribed = Some(subscribed);
        // Said once an outage, not at every try (4 a second): the store's
        // watch says when Redis answers again.
        let mut unreachable_said = false;
        loop {
            match self.store.client().get_async_pubsub().await {
                Ok(mut pubsub) => {
                    unreachable_said = false;
                    let ok = pubsub.psubscribe("virada:cmd:*").await.is_ok()
                        && pubsub.psubscribe("virada:events:*").await.is_ok()
                        && pubsub.subscribe(reply_channel(&self.token)).await.is_ok();
                    if ok {
                        match subscribed.take() {
                            Some(s) => {
                                let _ = s.send(());
                            }
                            None => self.resync(),
                        }
                        let mut messages = pubsub.on_message();
                        while let Some(message) = messages.next().await {
                            let Ok(payload) = message.get_payload::<String>() else {
                                continue;
                            };
                            self.on_message(message.get_channel_name(), payload);
                        }
                    }
                    tracing::warn!("the relay's Redis connection broke; connecting again");
                }
                Err(e) if unreachable_said => tracing::debug!("the relay cannot reach Redis: {e}"),
                Err(e) => {
                    unreachable_said = true;
                    tracing::warn!(
                        "the relay cannot reach Redis: {e}; it tries again until it can"
                    );
                }
            }
            tokio::time::sleep(RECONNECT).await;
        }
    }

    /// Back on its channels after a break: says its presence again to the
    /// holder of each table relayed here, which sends its state frame again
    /// (the frames published meanwhile never arrived, and a page may wait
    /// on one).
    fn resync(self: &Arc<Self>) {
        let relayed: Vec<Arc<Shared>> = lock(&self.fronts)
            .values()
            .filter(|f| f.local().is_none())
            .cloned()
            .collect();
        for shared in relayed {
            self.tell_presence(&shared, None);
        }
    }

    fn on_message(self: &Arc<Self>, channel: &str, payload: String) {
        self.counters.heard();
        if let Some(id) = channel.strip_prefix("virada:cmd:") {
            let Some(shared) = self.shared(id) else {
                return;
            };
            let request = match serde_json::from_str::<wire::Request>(&payload) {
                Ok(request) => request,
                Err(e) => {
                    tracing::warn!("a relayed command for {id} unread: {e}");
                    return;
                }
            };
            if request.from == self.token {
                return;
            }
            match shared.local() {
                Some(local) if !shared.holding() => {
                    let answering = Answering::new(&shared);
                    tokio::spawn(Arc::clone(self).answer(shared, local, request, answering));
                }
                // Starting here, or handing on: held back for the actor
                // that runs next; else another server runs it.
                _ => {
                    let _ = shared.park(request);
                }
            }
        } else if let Some(id) = channel.strip_prefix("virada:events:") {
            if let Some(shared) = self.shared(id) {
                if shared.local().is_none() {
                    let _ = shared.events.send(Arc::from(payload));
                }
            }
        } else {
            match serde_json::from_str::<wire::Notice>(&payload) {
                Ok(wire::Notice::Answer(answer)) => {
                    if let Some(waiting) = lock(&self.pending).remove(&answer.req) {
                        let _ = waiting.send(answer);
                    }
                }
                Ok(wire::Notice::Take { take, held }) => self.taken(take, held),
                Err(e) => tracing::warn!("a message for this server unread: {e}"),
            }
        }
    }

    /// Runs a relayed command on this server's actor and sends the answer
    /// back; counts the asking server's people in their seats, and sends it
    /// the table's frames from now on.
    pub(super) async fn answer(
        self: Arc<Self>,
        shared: Arc<Shared>,
        local: mpsc::Sender<Command>,
        request: wire::Request,
        _answering: Answering,
    ) {
        let wire::Request { from, req, asked } = request;
        // A finished table shown from its record runs with no lease.
        if shared.leased() && !self.still_holds(&shared).await {
            return;
        }
        shared.listen(&from);
        let asked = match asked {
            wire::Asked::Left { seat } => {
                if shared.remote_left(&from, seat) {
                    let _ = local.send(Command::Left { seat }).await;
                }
                return;
            }
            wire::Asked::Unlisten => {
                shared.unlisten(&from);
                self.spectators_changed(&shared);
                return;
            }
            wire::Asked::Presence {
                seats,
                tokens,
                watching,
                home,
            } => {
                let relay = Relay { watching, home };
                self.presence(&shared, &local, &from, seats, tokens, relay)
                    .await;
                self.reply(
                    &from,
                    wire::Answer {
                        req,
                        ..wire::Answer::default()
                    },
                )
                .await;
                return;
            }
            asked => asked,
        };
        let hello = matches!(asked, wire::Asked::Hello { .. });
        let Some((command, waiter)) = wire::join(asked) else {
            return;
        };
        if local.send(command).await.is_err() {
            return;
        }
        let Some(answer) = waiter.answer(req).await else {
            return;
        };
        if hello && answer.code.is_none() {
            match answer.seat {
                Some(seat) => shared.remote_hello(&from, seat),
                None => {
                    // A spectator: counted until its server says otherwise.
                    let mut relay = lock(&shared.relays).get(&from).copied().unwrap_or_default();
                    relay.watching += 1;
                    shared.relay_says(&from, relay);
                    self.spectators_changed(&shared);
                }
            }
        }
        if req != 0 {
            self.reply(&from, answer).await;
        }
    }

    /// Sends `answer` to server `to`.
    async fn reply(&self, to: &str, answer: wire::Answer) {
        if let Ok(text) = serde_json::to_string(&wire::Notice::Answer(answer)) {
            self.publish(Kind::Answer, &reply_channel(to), text).await;
        }
    }

    /// Server `from` says it has `seats` sockets seated (with their
    /// `tokens`) and `relay`'s spectators: its people are counted present
    /// as many times (a `hello` for each one more, a `Left` for each one
    /// fewer than counted), and every page hears the state again.
    async fn presence(
        &self,
        shared: &Arc<Shared>,
        local: &mpsc::Sender<Command>,
        from: &str,
        seats: [usize; 2],
        tokens: [Option<String>; 2],
        relay: Relay,
    ) {
        for (seat, &want) in seats.iter().enumerate() {
            let mut have = shared.remote_count(from, seat);
            while have > want {
                if local.send(Command::Left { seat }).await.is_err() {
                    return;
                }
                have -= 1;
            }
            while have < want {
                let (reply, answer) = oneshot::channel();
                let token = tokens[seat].clone();
                // The seat's token says who it is; no account is needed.
                let hello = Command::Hello {
                    token,
                    account: None,
                    reply,
                };
                if tokens[seat].is_none() || local.send(hello).await.is_err() {
                    break;
                }
                match answer.await {
                    Ok(Ok(welcome)) if welcome.seat == Some(seat) => have += 1,
                    _ => break,
                }
            }
            shared.set_remote_count(from, seat, have);
        }
        shared.relay_says(from, relay);
        self.spectators_changed(shared);
        let _ = local.send(Command::Show).await;
    }

    /// The lobby counts the table's spectators on every server.
    pub(super) fn spectators_changed(&self, shared: &Shared) {
        if let Some(hub) = self.hub.upgrade() {
            hub.lobby()
                .remote_spectators(&shared.id, shared.remote_watching());
        }
    }

    /// Says this server's sockets at table `shared` to its holder (the one
    /// the lease names, or `to`), again until it is heard or the holder
    /// changes.
    pub(super) fn tell_presence(self: &Arc<Self>, shared: &Arc<Shared>, to: Option<String>) {
        let asked = {
            let presence = lock(&shared.presence);
            let watching = self
                .hub
                .upgrade()
                .map_or(0, |hub| hub.lobby().spectators_of(&shared.id));
            wire::Asked::Presence {
                seats: presence.count,
                tokens: presence.token.clone(),
                watching,
                home: shared.home.load(Ordering::Relaxed),
            }
        };
        let cluster = Arc::clone(self);
        let id = shared.id.clone();
        tokio::spawn(async move {
            let mut c = cluster.connection.clone();
            let sent_to = match to {
                Some(to) => Some(to),
                None => lease::holder(&mut c, &id).await.ok().flatten(),
            };
            for _ in 0..PRESENCE_TRIES {
                let req = cluster.next.fetch_add(1, Ordering::Relaxed);
                let (waiting, answer) = oneshot::channel();
                lock(&cluster.pending).insert(req, waiting);
                let request = wire::Request {
                    from: cluster.token.clone(),
                    req,
                    asked: asked.clone(),
                };
                if let Ok(text) = serde_json::to_string(&request) {
                    cluster
                        .publish(Kind::Presence, &cmd_channel(&id), text)
                        .await;
                }
                let heard = tokio::time::timeout(PRESENCE_WAIT, answer).await;
                lock(&cluster.pending).remove(&req);
                if matches!(heard, Ok(Ok(_))) {
                    return;
                }
                // Said again while the holder is the same; a new holder
                // hears it from the front, which looks at the lease.
                let now = lease::holder(&mut c, &id).await.ok().flatten();
                if now.is_none() || now != sent_to || now.as_deref() == Some(&cluster.token) {
                    return;
                }
            }
        });
    }

    /// Whether table `shared`'s lease is still this server's, looked at
    /// before a relayed command reaches the local actor. A holder stopped
    /// (SIGSTOP, a long pause) and woken runs its actor until its next
    /// renewal finds the lease gone; in that time its actor, a ply or more
    /// behind, would answer the commands the new holder answers too (the
    /// asking server keeps the first answer: a move refused as `stale-ply`
    /// that the new holder took), and send its state from before. So a
    /// server that lost the lease stays silent, and its actor stops now.
    async fn still_holds(&self, shared: &Shared) -> bool {
        let mut c = self.connection.clone();
        match lease::holder(&mut c, &shared.id).await {
            Ok(holder) if holder.as_deref() != Some(self.token.as_str()) => {
                tracing::warn!("table {}: its lease is no longer this server's", shared.id);
                shared.lost();
                false
            }
            _ => true,
        }
    }

    /// Publishes `text` on `channel`, counted as `kind` (a lost message is
    /// asked again by a time-out, or superseded by the next state).
    pub(super) async fn publish(&self, kind: Kind, channel: &str, text: String) {
        self.counters.published(kind);
        let mut c = self.connection.clone();
        let sent: redis::RedisResult<i64> = redis::cmd("PUBLISH")
            .arg(channel)
            .arg(text)
            .query_async(&mut c)
            .await;
        if let Err(e) = sent {
            tracing::warn!("not published on {channel}: {e}");
        }
    }
}
