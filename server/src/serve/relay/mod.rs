//! Every server of one Redis serving every table (`--redis`): each table's
//! actor runs on the one server that holds its lease (lease.rs); a socket
//! landing on another server talks to it through a front (front.rs) that
//! relays its commands over Redis pub/sub and hears its `state` frames
//! there (wire.rs), behind the same channels a local actor has, so that the
//! socket never knows. When the holder dies its lease lapses and a server
//! with sockets of the table (or, for a table nobody watches, the one whose
//! periodic scan finds it first) takes the lease and runs the actor again
//! from the stored state.
//!
//! Channels: `virada:cmd:ID` (a relayed command, answered by the holder),
//! `virada:reply:TOKEN` (answers to server TOKEN), `virada:events:ID` (the
//! holder's `state` frames). Every server listens to all of them on one
//! pub/sub connection (patterns), and keeps what concerns its fronts.

mod front;
mod lease;
mod shared;
mod wire;

pub use lease::TAKEOVER_BOUND;

use std::collections::HashMap;
use std::sync::atomic::AtomicU64;
use std::sync::{Arc, Mutex, Weak};
use std::time::Duration;

use futures_util::StreamExt as _;
use redis::aio::{ConnectionManager, ConnectionManagerConfig};
use tokio::sync::oneshot;

use super::hub::{Handle, Hub};
use super::store::{Redis, Storage as _};
use super::table::{Saved, Status};

/// How often a server looks for tables nobody runs.
const SCAN_EVERY: Duration = Duration::from_millis(1000);
/// How many times (50 ms apart) a socket's table not yet stored is looked for.
const NEW_TABLE_TRIES: usize = 20;
/// How long a pub/sub connection that broke waits before connecting again.
const RECONNECT: Duration = Duration::from_millis(250);
/// How many times a server back on its channels asks for the frames it missed.
const RESYNC_TRIES: usize = 3;
/// The wait between those asks.
const RESYNC_AGAIN: Duration = Duration::from_millis(1000);

/// A relayed command's channel.
fn cmd_channel(id: &str) -> String {
    format!("virada:cmd:{id}")
}

/// A server's answers' channel.
fn reply_channel(token: &str) -> String {
    format!("virada:reply:{token}")
}

/// A table's `state` frames' channel.
fn events_channel(id: &str) -> String {
    format!("virada:events:{id}")
}

/// This server's part among the servers of one Redis.
pub struct Cluster {
    token: String,
    hub: Weak<Hub>,
    store: Redis,
    /// Publishing and the fronts' lease reads.
    connection: ConnectionManager,
    fronts: Mutex<HashMap<String, Arc<shared::Shared>>>,
    pending: Mutex<HashMap<u64, oneshot::Sender<wire::Answer>>>,
    next: AtomicU64,
    /// The tables other servers run that this server's lobby lists.
    mirrored: Mutex<std::collections::HashSet<String>>,
    /// One table attached or adopted at a time (so two never make two
    /// fronts of one table on this server).
    opening: tokio::sync::Mutex<()>,
}

impl Cluster {
    /// Joins the servers of `store`'s Redis as `token`: listens to the
    /// relay's channels, renews its leases, and looks for tables nobody
    /// runs (at once, then every [`SCAN_EVERY`]).
    pub async fn start(store: Redis, token: &str, hub: Weak<Hub>) -> Result<Arc<Cluster>, String> {
        let config =
            ConnectionManagerConfig::new().set_response_timeout(Some(Duration::from_secs(5)));
        let connect = || ConnectionManager::new_with_config(store.client().clone(), config.clone());
        let connection = connect().await.map_err(|e| format!("redis: {e}"))?;
        let renewing = connect().await.map_err(|e| format!("redis: {e}"))?;
        let cluster = Arc::new(Cluster {
            token: token.to_string(),
            hub,
            store,
            connection,
            fronts: Mutex::new(HashMap::new()),
            pending: Mutex::new(HashMap::new()),
            next: AtomicU64::new(1),
            mirrored: Mutex::new(std::collections::HashSet::new()),
            opening: tokio::sync::Mutex::new(()),
        });
        let (subscribed, ready) = oneshot::channel();
        tokio::spawn(Arc::clone(&cluster).listen(subscribed));
        let _ = tokio::time::timeout(Duration::from_secs(5), ready).await;
        tokio::spawn(Arc::clone(&cluster).renew(renewing));
        tokio::spawn(Arc::clone(&cluster).scan());
        Ok(cluster)
    }

    /// Runs a new table here: its lease is taken before its actor starts.
    pub fn open(self: &Arc<Self>, hub: &Hub, saved: Saved) -> Handle {
        self.front(hub, front::Start::New(saved))
    }

    /// Shows a finished table from its record here (no lease: nothing runs).
    pub fn show_record(self: &Arc<Self>, hub: &Hub, saved: Saved, record: String) -> Handle {
        self.front(hub, front::Start::Record(saved, record))
    }

    /// A table in progress that this server has no front for: relayed to
    /// its holder, or run here when nobody holds it. `None` when no table
    /// `id` is in progress.
    pub async fn attach(self: &Arc<Self>, id: &str) -> Option<Handle> {
        let saved = self.stored_soon(id).await?;
        let _one = self.opening.lock().await;
        let hub = self.hub.upgrade()?;
        if let Some(handle) = hub.table(id) {
            return Some(handle);
        }
        let mut c = self.connection.clone();
        let holder = lease::holder(&mut c, id).await.ok()?;
        match holder {
            Some(h) if h != self.token => Some(self.front(&hub, front::Start::Relay(saved))),
            Some(_) => Some(self.front(&hub, front::Start::Adopted(saved))),
            None if lease::take(&mut c, id, &self.token).await.ok()? => {
                Some(self.front(&hub, front::Start::Adopted(saved)))
            }
            None => Some(self.front(&hub, front::Start::Relay(saved))),
        }
    }

    /// Table `id`'s stored state, when in progress, waiting a moment for a
    /// table just opened on another server (its state is stored by its
    /// actor's first step, as the page is told its id); `None` at once for
    /// a finished table.
    async fn stored_soon(&self, id: &str) -> Option<Saved> {
        for _ in 0..NEW_TABLE_TRIES {
            if let Some(saved) = self.stored(id).await {
                return Some(saved);
            }
            if self.store.record(id).await.ok().flatten().is_some() {
                return None;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        None
    }

    /// Table `id`'s stored state, when in progress (a finished table's
    /// state, kept beside its record for Play again, is not).
    async fn stored(&self, id: &str) -> Option<Saved> {
        let json = self.store.load_table(id).await.ok()??;
        match serde_json::from_str::<Saved>(&json) {
            Ok(saved) if saved.status == Status::Over => None,
            Ok(saved) => Some(saved),
            Err(e) => {
                tracing::error!("table {id} cannot be read: {e}");
                None
            }
        }
    }

    /// Starts a front and makes it known to the hub.
    fn front(self: &Arc<Self>, hub: &Hub, start: front::Start) -> Handle {
        let id = match &start {
            front::Start::New(s)
            | front::Start::Adopted(s)
            | front::Start::Record(s, _)
            | front::Start::Relay(s) => s.id.clone(),
        };
        let watchers = hub.lobby().watchers(&id);
        let (shared, handle) = front::Front::spawn(Arc::clone(self), start, watchers);
        lock(&self.fronts).insert(id.clone(), shared);
        hub.insert(&id, handle.clone());
        handle
    }

    /// A front ended: the table leaves this server.
    fn forget(&self, id: &str) {
        lock(&self.fronts).remove(id);
        if let Some(hub) = self.hub.upgrade() {
            hub.forget(id);
        }
    }

    fn shared(&self, id: &str) -> Option<Arc<shared::Shared>> {
        lock(&self.fronts).get(id).cloned()
    }

    /// Listens to the relay's channels, connecting again whenever the
    /// connection breaks; tells `subscribed` once first listening.
    async fn listen(self: Arc<Self>, subscribed: oneshot::Sender<()>) {
        let mut subscribed = Some(subscribed);
        loop {
            match self.store.client().get_async_pubsub().await {
                Ok(mut pubsub) => {
                    let ok = pubsub.psubscribe("virada:cmd:*").await.is_ok()
                        && pubsub.psubscribe("virada:events:*").await.is_ok()
                        && pubsub.subscribe(reply_channel(&self.token)).await.is_ok();
                    if ok {
                        match subscribed.take() {
                            Some(s) => {
                                let _ = s.send(());
                            }
                            None => {
                                tokio::spawn(Arc::clone(&self).resync());
                            }
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
                Err(e) => tracing::warn!("the relay cannot reach Redis: {e}"),
            }
            tokio::time::sleep(RECONNECT).await;
        }
    }

    /// Once its channels are back after a break: asks the holder of each
    /// table relayed here for its state frame again, since the frames
    /// published meanwhile never arrived (and its pages may wait on one);
    /// asked [`RESYNC_TRIES`] times, as the holder's own channels may be
    /// coming back too.
    async fn resync(self: Arc<Self>) {
        for _ in 0..RESYNC_TRIES {
            let relayed: Vec<String> = lock(&self.fronts)
                .iter()
                .filter(|(_, f)| f.local().is_none())
                .map(|(id, _)| id.clone())
                .collect();
            for id in relayed {
                let request = wire::Request {
                    from: self.token.clone(),
                    req: 0,
                    asked: wire::Asked::Resync,
                };
                if let Ok(text) = serde_json::to_string(&request) {
                    self.publish(&cmd_channel(&id), text).await;
                }
            }
            tokio::time::sleep(RESYNC_AGAIN).await;
        }
    }

    fn on_message(self: &Arc<Self>, channel: &str, payload: String) {
        if let Some(id) = channel.strip_prefix("virada:cmd:") {
            let Some(shared) = self.shared(id) else {
                return;
            };
            let Some(local) = shared.local() else {
                return;
            };
            match serde_json::from_str::<wire::Request>(&payload) {
                Ok(request) => {
                    tokio::spawn(Arc::clone(self).answer(shared, local, request));
                }
                Err(e) => tracing::warn!("a relayed command for {id} unread: {e}"),
            }
        } else if let Some(id) = channel.strip_prefix("virada:events:") {
            if let Some(shared) = self.shared(id) {
                if shared.local().is_none() {
                    let _ = shared.events.send(Arc::from(payload));
                }
            }
        } else if let Ok(answer) = serde_json::from_str::<wire::Answer>(&payload) {
            if let Some(waiting) = lock(&self.pending).remove(&answer.req) {
                let _ = waiting.send(answer);
            }
        }
    }

    /// Runs a relayed command on this server's actor and sends the answer
    /// back; counts the asking server's people in their seats.
    async fn answer(
        self: Arc<Self>,
        shared: Arc<shared::Shared>,
        local: tokio::sync::mpsc::Sender<super::table::Command>,
        request: wire::Request,
    ) {
        let wire::Request { from, req, asked } = request;
        // A finished table shown from its record runs with no lease.
        if shared.leased() && !self.still_holds(&shared).await {
            return;
        }
        if let wire::Asked::Left { seat } = asked {
            if shared.remote_left(&from, seat) {
                let _ = local.send(super::table::Command::Left { seat }).await;
            }
            return;
        }
        let hello = matches!(asked, wire::Asked::Hello { .. });
        let (command, waiter) = wire::join(asked);
        if local.send(command).await.is_err() {
            return;
        }
        let Some(answer) = waiter.answer(req).await else {
            return;
        };
        if hello && answer.code.is_none() {
            if let Some(seat) = answer.seat {
                shared.remote_hello(&from, seat);
            }
        }
        if req == 0 {
            return;
        }
        let Ok(text) = serde_json::to_string(&answer) else {
            return;
        };
        self.publish(&reply_channel(&from), text).await;
    }

    /// Whether table `shared`'s lease is still this server's, looked at
    /// before a relayed command reaches the local actor. A holder stopped
    /// (SIGSTOP, a long pause) and woken runs its actor until its next
    /// renewal finds the lease gone; in that time its actor, a ply or more
    /// behind, would answer the commands the new holder answers too (the
    /// asking server keeps the first answer: a move refused as `stale-ply`
    /// that the new holder took), and send its state from before. So a
    /// server that lost the lease stays silent, and its actor stops now.
    async fn still_holds(&self, shared: &shared::Shared) -> bool {
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

    /// Publishes `text` on `channel` (a lost message is asked again by a
    /// time-out, or superseded by the next state).
    async fn publish(&self, channel: &str, text: String) {
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

    /// Renews the leases of the tables this server runs, every
    /// [`lease::RENEW_EVERY`]; a lease another server took stops the
    /// table here (its sockets are relayed to the new holder). Then counts
    /// out the people of servers that died.
    async fn renew(self: Arc<Self>, mut c: ConnectionManager) {
        loop {
            tokio::time::sleep(lease::RENEW_EVERY).await;
            let fronts: Vec<Arc<shared::Shared>> = lock(&self.fronts).values().cloned().collect();
            let ids: Vec<String> = fronts
                .iter()
                .filter(|f| f.leased())
                .map(|f| f.id.clone())
                .collect();
            match lease::renew(&mut c, &self.token, &ids).await {
                Ok(lost) => {
                    for id in lost {
                        tracing::warn!("table {id}: another server took its lease");
                        if let Some(shared) = self.shared(&id) {
                            shared.lost();
                        }
                    }
                }
                Err(e) => tracing::warn!("leases not renewed: {e}"),
            }
            let servers: Vec<String> = {
                let mut all: Vec<String> = fronts.iter().flat_map(|f| f.remote_servers()).collect();
                all.sort();
                all.dedup();
                all
            };
            if let Ok(alive) = lease::alive(&mut c, &servers).await {
                for (server, alive) in servers.iter().zip(alive) {
                    if !alive {
                        for f in &fronts {
                            f.server_gone(server).await;
                        }
                    }
                }
            }
        }
    }

    /// Looks for tables in progress whose lease nobody holds (nobody runs
    /// their clock) and runs them here, one lease at a time.
    async fn scan(self: Arc<Self>) {
        let mut c = self.connection.clone();
        loop {
            let ids: redis::RedisResult<Vec<String>> = redis::cmd("SMEMBERS")
                .arg("virada:tables")
                .query_async(&mut c)
                .await;
            if let Ok(ids) = ids {
                let ids: Vec<String> = {
                    let fronts = lock(&self.fronts);
                    ids.into_iter()
                        .filter(|id| !fronts.contains_key(id))
                        .collect()
                };
                for chunk in ids.chunks(500) {
                    let Ok(free) = lease::unheld(&mut c, chunk).await else {
                        break;
                    };
                    for id in free {
                        self.adopt(&id).await;
                    }
                }
            }
            self.mirror_lobby().await;
            tokio::time::sleep(SCAN_EVERY).await;
        }
    }

    /// Lists in this server's lobby the tables other servers run, from
    /// their stored states (while someone watches the lobby here), and
    /// takes out those that ended; this server's own actors report theirs.
    async fn mirror_lobby(&self) {
        let Some(hub) = self.hub.upgrade() else {
            return;
        };
        let lobby = hub.lobby();
        let mut mirrored = lock(&self.mirrored).clone();
        if !lobby.watched() && mirrored.is_empty() {
            return;
        }
        let Ok(tables) = self.store.load_tables().await else {
            return;
        };
        let mut now = std::collections::HashSet::new();
        for (id, json) in tables {
            if self.shared(&id).is_some_and(|f| f.local().is_some()) {
                continue;
            }
            let Ok(saved) = serde_json::from_str::<Saved>(&json) else {
                continue;
            };
            if saved.status == Status::Over {
                continue;
            }
            let fingerprint = saved.fingerprint();
            lobby.reporter(fingerprint).report(&saved);
            now.insert(id);
        }
        mirrored.retain(|id| !now.contains(id));
        for gone in &mirrored {
            if self.shared(gone).is_none_or(|f| f.local().is_none()) {
                lobby.remove(gone);
            }
        }
        *lock(&self.mirrored) = now;
    }

    /// Takes table `id`'s lease, when nobody holds it, and runs it here.
    async fn adopt(self: &Arc<Self>, id: &str) {
        let _one = self.opening.lock().await;
        if self.shared(id).is_some() {
            return;
        }
        let mut c = self.connection.clone();
        if !lease::take(&mut c, id, &self.token).await.unwrap_or(false) {
            return;
        }
        match (self.stored(id).await, self.hub.upgrade()) {
            (Some(saved), Some(hub)) => {
                tracing::info!("table {id}: nobody ran it; running it here");
                self.front(&hub, front::Start::Adopted(saved));
            }
            _ => {
                let _ = lease::release(&mut c, id, &self.token).await;
            }
        }
    }
}

/// A mutex's guard, also after a panic elsewhere.
fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}
