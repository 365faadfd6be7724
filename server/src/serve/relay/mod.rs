//! Every server of one Redis serving every table (`--redis`): each table's
//! actor runs on the one server that holds its lease (lease.rs), and the
//! lease goes where the table's sockets are. The proxy in front
//! (`server/proxy/haproxy.cfg`) sends every socket of a table to one server,
//! hashing the table's id, and marks them (`X-Virada-Routed`): a new table
//! is reserved by the server that opened it and claimed by the first server
//! such a socket reaches, and a running table whose holder has no socket of
//! it is handed on to the server the proxy sends them to. Such a table
//! sends nothing over pub/sub.
//!
//! The relay stays for what the proxy cannot settle: the seconds of a
//! take-over, a change in the proxy's list of servers, and a page that
//! reaches another server directly. A socket landing on a server that does
//! not run its table talks to it through a front (front.rs) that relays its
//! commands over Redis pub/sub and hears its `state` frames there
//! (channels.rs, wire.rs), behind the same channels a local actor has, so
//! that the socket never knows. When the holder dies its lease lapses and a
//! server with sockets of the table (or, for a table nobody watches, the one
//! whose periodic scan finds it first) takes the lease and runs the actor
//! again from the stored state (upkeep.rs).
//!
//! Channels: `virada:cmd:ID` (a relayed command, answered by the holder),
//! `virada:reply:TOKEN` (answers and hand-overs to server TOKEN),
//! `virada:events:ID` (the holder's `state` frames, published only while
//! another server relays the table). Every server listens to all of them on
//! one pub/sub connection (patterns), and keeps what concerns its fronts.

mod channels;
mod counters;
mod front;
mod handover;
mod lease;
mod lobby_feed;
mod route;
mod shared;
mod upkeep;
mod wire;

pub use lease::TAKEOVER_BOUND;

use std::collections::HashMap;
use std::sync::atomic::AtomicU64;
use std::sync::{Arc, Mutex, Weak};
use std::time::Duration;

use redis::aio::{ConnectionManager, ConnectionManagerConfig};
use tokio::sync::oneshot;

use super::hub::{Handle, Hub};
use super::store::{Redis, Storage as _};
use super::table::{Saved, Status};

/// How many times (50 ms apart) a socket's table not yet stored is looked for.
const NEW_TABLE_TRIES: usize = 20;

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
    /// One table attached or adopted at a time (so two never make two
    /// fronts of one table on this server).
    opening: tokio::sync::Mutex<()>,
    /// What this server published and heard.
    counters: counters::Counters,
    /// This server stops: it takes no lease and hands on what it runs.
    stopping: std::sync::atomic::AtomicBool,
    /// The other servers alive when this one began to stop, to hand a
    /// table with no socket to.
    successors: Mutex<Vec<String>>,
}

impl Cluster {
    /// Joins the servers of `store`'s Redis as `token`: listens to the
    /// relay's channels, renews its leases, looks for tables nobody runs,
    /// and shares its part of the lobby.
    pub async fn start(store: Redis, token: &str, hub: Weak<Hub>) -> Result<Arc<Cluster>, String> {
        let config =
            ConnectionManagerConfig::new().set_response_timeout(Some(Duration::from_secs(5)));
        let connect = || ConnectionManager::new_with_config(store.client().clone(), config.clone());
        let connection = connect().await.map_err(|e| format!("redis: {e}"))?;
        let renewing = connect().await.map_err(|e| format!("redis: {e}"))?;
        let feeding = connect().await.map_err(|e| format!("redis: {e}"))?;
        let cluster = Arc::new(Cluster {
            token: token.to_string(),
            hub,
            store,
            connection,
            fronts: Mutex::new(HashMap::new()),
            pending: Mutex::new(HashMap::new()),
            next: AtomicU64::new(1),
            opening: tokio::sync::Mutex::new(()),
            counters: counters::Counters::default(),
            stopping: std::sync::atomic::AtomicBool::new(false),
            successors: Mutex::new(Vec::new()),
        });
        let (subscribed, ready) = oneshot::channel();
        tokio::spawn(Arc::clone(&cluster).listen(subscribed));
        let _ = tokio::time::timeout(Duration::from_secs(5), ready).await;
        tokio::spawn(Arc::clone(&cluster).renew(renewing));
        tokio::spawn(Arc::clone(&cluster).scan());
        lobby_feed::start(&cluster, feeding);
        Ok(cluster)
    }

    /// Opens a new table here: its lease is reserved for it, claimable by
    /// the server the proxy sends its sockets to; it runs here when asked
    /// anything first.
    pub fn open(self: &Arc<Self>, hub: &Hub, saved: Saved) -> Handle {
        self.front(hub, front::Start::New(saved), Vec::new())
    }

    /// Shows a finished table from its record here (no lease: nothing runs).
    pub fn show_record(self: &Arc<Self>, hub: &Hub, saved: Saved, record: String) -> Handle {
        self.front(hub, front::Start::Record(saved, record), Vec::new())
    }

    /// A table in progress that this server has no front for: run here when
    /// nobody holds it, or when `routed` (the proxy sent its socket here)
    /// and it is still claimable; else relayed to its holder. `None` when no
    /// table `id` is in progress.
    pub async fn attach(self: &Arc<Self>, id: &str, routed: bool) -> Option<Handle> {
        let saved = self.stored_soon(id).await?;
        let _one = self.opening.lock().await;
        let hub = self.hub.upgrade()?;
        if let Some(handle) = hub.table(id) {
            self.arrived(id, routed);
            return Some(handle);
        }
        let mut c = self.connection.clone();
        let holder = lease::holder(&mut c, id).await.ok()?;
        let start = match holder {
            Some(h) if h == self.token => front::Start::Adopted(saved),
            _ if self.stopping() => front::Start::Relay(saved),
            Some(_) if routed && lease::settle(&mut c, id, &self.token).await.ok()? => {
                self.counters.claimed();
                tracing::debug!("table {id}: claimed where its sockets are");
                front::Start::Adopted(saved)
            }
            Some(_) => front::Start::Relay(saved),
            None if lease::take(&mut c, id, &self.token).await.ok()? => {
                front::Start::Adopted(saved)
            }
            None => front::Start::Relay(saved),
        };
        // The state above was read before the lease was known to be ours:
        // its holder may have kept moves since, then handed the lease here
        // (a server stopping) or let it lapse. Run from what is stored now.
        let start = match start {
            front::Start::Adopted(_) => match self.stored(id).await {
                Some(now) => front::Start::Adopted(now),
                None => {
                    let _ = lease::release(&mut c, id, &self.token).await;
                    return None;
                }
            },
            start => start,
        };
        let handle = self.front(&hub, start, Vec::new());
        self.arrived(id, routed);
        Some(handle)
    }

    /// A socket of table `id` arrived here, through the proxy when `routed`:
    /// the proxy sends the table's sockets here, so its lease may come here.
    pub fn arrived(&self, id: &str, routed: bool) {
        if !routed {
            return;
        }
        if let Some(shared) = self.shared(id) {
            if !shared.home.swap(true, std::sync::atomic::Ordering::Relaxed) {
                shared.knock.notify_one();
            }
        }
    }

    /// What this server published and heard, and its tables (`GET /api/relay`).
    pub fn counters(&self) -> serde_json::Value {
        let (running, relaying) = self.table_counts();
        self.counters.json(&self.token, running, relaying)
    }

    /// Whether this server stops (it takes no lease then).
    pub(super) fn stopping(&self) -> bool {
        self.stopping.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// Stops taking leases and hands every table this server runs (or has
    /// reserved) to another server (handover.rs); returns once none is
    /// left, or at `deadline`.
    pub async fn drain(self: &Arc<Self>, deadline: Duration) {
        let until = tokio::time::Instant::now() + deadline;
        *lock(&self.successors) = self.others().await;
        self.stopping
            .store(true, std::sync::atomic::Ordering::Relaxed);
        let mut said = usize::MAX;
        loop {
            let held = lock(&self.fronts).values().filter(|f| f.leased()).count();
            if held == 0 {
                tracing::info!("every table handed on");
                return;
            }
            if held != said {
                tracing::info!("stopping: {held} tables still to hand on");
                said = held;
            }
            if tokio::time::Instant::now() >= until {
                tracing::warn!("stopping: {held} tables not handed on in {deadline:?}");
                return;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// The tokens of the other servers alive now.
    async fn others(&self) -> Vec<String> {
        let mut c = self.connection.clone();
        let mut found = Vec::new();
        let mut cursor: u64 = 0;
        loop {
            let answer: redis::RedisResult<(u64, Vec<String>)> = redis::cmd("SCAN")
                .arg(cursor)
                .arg("MATCH")
                .arg(lease::alive_key("*"))
                .arg("COUNT")
                .arg(1000)
                .query_async(&mut c)
                .await;
            let Ok((next, keys)) = answer else {
                break;
            };
            found.extend(
                keys.iter()
                    .filter_map(|k| k.strip_prefix(&lease::alive_key("")))
                    .filter(|t| *t != self.token)
                    .map(String::from),
            );
            if next == 0 {
                break;
            }
            cursor = next;
        }
        found.sort();
        found.dedup();
        found
    }

    /// One of the other servers for table `id`, spread by its id.
    pub(super) fn successor(&self, id: &str) -> Option<String> {
        let others = lock(&self.successors);
        if others.is_empty() {
            return None;
        }
        let spread = id.bytes().fold(0usize, |h, b| {
            h.wrapping_mul(31).wrapping_add(usize::from(b))
        });
        others.get(spread % others.len()).cloned()
    }

    /// The tables this server runs, and those it relays.
    pub fn table_counts(&self) -> (usize, usize) {
        let fronts = lock(&self.fronts);
        let running = fronts.values().filter(|f| f.local().is_some()).count();
        (running, fronts.len() - running)
    }

    /// Table `id`'s stored state, when in progress, waiting a moment for a
    /// table just opened on another server (its state is stored as the page
    /// is told its id); `None` at once for a finished table.
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

    /// Starts a front and makes it known to the hub; `held` are requests
    /// for the table that came before it (a table handed here).
    fn front(self: &Arc<Self>, hub: &Hub, start: front::Start, held: Vec<wire::Request>) -> Handle {
        let id = start.saved().id.clone();
        let watchers = hub.lobby().watchers(&id);
        let (shared, handle) = front::Front::spawn(Arc::clone(self), start, watchers, held);
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

    /// Table `id` was handed to this server with the requests its holder
    /// held back: its front runs it (from now on it holds requests back
    /// until it does), or a new front when it has none.
    fn taken(self: &Arc<Self>, id: String, held: Vec<wire::Request>) {
        self.counters.handed();
        if let Some(shared) = self.shared(&id) {
            shared.hold();
            for request in held {
                let _ = shared.park(request);
            }
            shared.knock.notify_one();
            return;
        }
        tokio::spawn(Arc::clone(self).adopt_handed(id, held));
    }

    /// Runs a table handed to this server, which has no front for it.
    async fn adopt_handed(self: Arc<Self>, id: String, held: Vec<wire::Request>) {
        let Some(saved) = self.stored(&id).await else {
            return;
        };
        let _one = self.opening.lock().await;
        let Some(hub) = self.hub.upgrade() else {
            return;
        };
        if hub.table(&id).is_some() {
            return;
        }
        let mut c = self.connection.clone();
        if lease::holder(&mut c, &id).await.ok().flatten().as_deref() == Some(&self.token) {
            self.front(&hub, front::Start::Adopted(saved), held);
        }
    }
}

/// A mutex's guard, also after a panic elsewhere.
fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}
