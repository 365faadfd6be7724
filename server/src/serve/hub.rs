//! Every online table of this server: the running actors by id, the
//! "Play anyone" queue, the per-address limit on new tables, and the lobby
//! their actors report to. Tables in progress are restored from the store
//! when the server starts. Over Redis (`--redis`) a table's handle is its
//! front on this server (relay/), which runs the actor here or relays to
//! the server that does.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, OnceLock, Weak};
use std::time::Duration;

use tokio::sync::{broadcast, mpsc};

use super::keys::Keys;
use super::lobby::{Lobby, Watchers};
use super::relay::Cluster;
use super::saved::MatchPlay;
use super::store::{Redis, Store};
use super::table::{
    fresh_token, now_ms, Actor, Command, Ended, Holder, Next, Opener, Saved, Status, Timing,
};
use virada::game::GameKind;

/// Commands a table's channel holds before senders wait.
const COMMAND_QUEUE: usize = 64;
/// `state` frames a slow socket may fall behind before it skips to the newest.
const EVENT_QUEUE: usize = 16;

/// A running table: where to send commands and hear states.
#[derive(Clone)]
pub struct Handle {
    /// The actor's command channel.
    pub commands: mpsc::Sender<Command>,
    /// The actor's state frames.
    pub events: broadcast::Sender<Arc<str>>,
    /// The seed's fingerprint, public from the table's opening.
    pub fingerprint: Arc<str>,
    /// The lobby's count of the table's spectators.
    pub watchers: Watchers,
}

/// A table just opened, or joined through "Play anyone".
#[derive(Clone, Debug)]
pub struct Opened {
    /// The table's id.
    pub id: String,
    /// Its seed's fingerprint, as every `state` frame gives it.
    pub fingerprint: String,
}

/// What a new table is.
#[derive(Clone, Debug)]
pub struct NewTable {
    /// The game and board.
    pub kind: GameKind,
    /// The clock, `None` for none.
    pub clock: super::clock::Clock,
    /// The bot's level for a seat it takes.
    pub level: u8,
    /// Othello's handicap (V2), its short form checked by the library;
    /// empty for none.
    pub handicap: String,
    /// The match (V1) its game belongs to, if any.
    pub play: Option<MatchPlay>,
    /// The seats held for accounts, and whether it is rated (a seek's table).
    pub players: super::saved::Players,
}

/// Limits on what one address may do.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// New tables an address may open in [`Limits::window`] (0: no limit).
    pub tables_per_address: usize,
    /// The window of that count.
    pub window: Duration,
}

/// The server's tables.
pub struct Hub {
    tables: Arc<Mutex<HashMap<String, Handle>>>,
    waiting: Mutex<HashMap<(GameKind, super::clock::Clock), String>>,
    /// New tables by address: a burst of the limit, then one every
    /// window's share of it.
    opened: super::ops::per_address::PerAddress,
    store: Store,
    keys: Arc<Keys>,
    timing: Timing,
    lobby: Arc<Lobby>,
    /// The hub itself, for its tables to open the next one ("Play again").
    me: Weak<Hub>,
    /// This server among the servers of one Redis (`--redis`).
    cluster: OnceLock<Arc<Cluster>>,
    /// The accounts, for the tables to name, rate and keep their games.
    accounts: OnceLock<Arc<super::accounts::Accounts>>,
    /// Set when the server stops: every table socket is closed with
    /// [`super::protocol::RESTART_CLOSE`], and the page reconnects at once.
    closing: tokio::sync::watch::Sender<bool>,
}

impl Hub {
    /// The hub, with every stored table in progress running again; over
    /// `shared` (Redis and this server's token), the tables are shared with
    /// the other servers of that Redis, each run where its lease is.
    pub async fn start(
        store: Store,
        keys: Arc<Keys>,
        timing: Timing,
        limits: Limits,
        shared: Option<(Redis, String)>,
        accounts: Arc<super::accounts::Accounts>,
    ) -> Result<Arc<Hub>, String> {
        let hub = Arc::new_cyclic(|me| Hub {
            me: me.clone(),
            tables: Arc::new(Mutex::new(HashMap::new())),
            waiting: Mutex::new(HashMap::new()),
            opened: super::ops::per_address::PerAddress::new(
                u32::try_from(limits.tables_per_address).unwrap_or(u32::MAX),
                u32::try_from(limits.tables_per_address)
                    .ok()
                    .filter(|n| *n > 0)
                    .map(|n| limits.window / n),
            ),
            store,
            keys,
            timing,
            lobby: Arc::new(Lobby::new()),
            cluster: OnceLock::new(),
            closing: tokio::sync::watch::Sender::new(false),
            accounts: OnceLock::from(accounts),
        });
        if let Some((redis, token)) = shared {
            // The cluster's scan runs the tables nobody runs.
            let cluster = Cluster::start(redis, &token, Arc::downgrade(&hub)).await?;
            let _ = hub.cluster.set(cluster);
            return Ok(hub);
        }
        let stored = hub.store.load_tables().await?;
        let count = stored.len();
        for (id, json) in stored {
            match serde_json::from_str::<Saved>(&json) {
                // A finished table's state is kept for its rebuild
                // (`table_or_record`), not run.
                Ok(saved) if saved.status == Status::Over => {}
                Ok(saved) => {
                    if let Err(e) = hub.spawn(saved) {
                        tracing::error!("table {id} not restored: {e}");
                    }
                }
                Err(e) => tracing::error!("table {id} not restored: {e}"),
            }
        }
        if count > 0 {
            tracing::info!("{count} tables in progress restored");
        }
        Ok(hub)
    }

    /// The server's accounts.
    pub fn accounts(&self) -> Option<&Arc<super::accounts::Accounts>> {
        self.accounts.get()
    }

    /// The server's public key (hex).
    pub fn public_key(&self) -> String {
        self.keys.public_hex()
    }

    /// The lobby: the tables waiting for a person and the games in progress.
    pub fn lobby(&self) -> &Arc<Lobby> {
        &self.lobby
    }

    /// What this server sent to the others over Redis pub/sub, and its
    /// tables (`GET /api/relay`); `None` for a server alone.
    pub fn relay_counters(&self) -> Option<serde_json::Value> {
        self.cluster.get().map(|c| c.counters())
    }

    /// Tells every table socket of this server to close (the server
    /// stops): each page reconnects at once, through the proxy to another.
    pub fn close_sockets(&self) {
        self.closing.send_replace(true);
    }

    /// What a socket watches to know that the server stops.
    pub fn closing(&self) -> tokio::sync::watch::Receiver<bool> {
        self.closing.subscribe()
    }

    /// A server of several stopping: takes no new table and hands each one
    /// it runs to another server, then returns (at `deadline` at the
    /// latest). A server alone has nothing to hand on.
    pub async fn hand_all_on(&self, deadline: Duration) {
        if let Some(cluster) = self.cluster.get() {
            cluster.drain(deadline).await;
        }
    }

    /// Whether this server is one of several over Redis.
    pub fn shared(&self) -> bool {
        self.cluster.get().is_some()
    }

    /// The tables this server runs, and those it relays to another server.
    pub fn table_counts(&self) -> (usize, usize) {
        match self.cluster.get() {
            Some(cluster) => cluster.table_counts(),
            None => (lock(&self.tables).len(), 0),
        }
    }

    /// The store, for finished records.
    pub fn store(&self) -> &Store {
        &self.store
    }

    fn spawn(&self, saved: Saved) -> Result<Handle, String> {
        self.spawn_with(saved, None)
    }

    /// Starts a table's actor (over a finished `record` when given); the
    /// table leaves the hub when its actor ends.
    fn spawn_with(&self, saved: Saved, record: Option<String>) -> Result<Handle, String> {
        if let Some(cluster) = self.cluster.get() {
            return Ok(match record {
                Some(record) => cluster.show_record(self, saved, record),
                None => cluster.open(self, saved),
            });
        }
        let id = saved.id.clone();
        let fingerprint = saved.fingerprint();
        let (events, _) = broadcast::channel(EVENT_QUEUE);
        let (commands, task) = self.start_actor(saved, record, events.clone(), [0, 0])?;
        let handle = Handle {
            commands,
            events,
            fingerprint,
            watchers: self.lobby.watchers(&id),
        };
        lock(&self.tables).insert(id.clone(), handle.clone());
        let tables = Arc::clone(&self.tables);
        let lobby = Arc::clone(&self.lobby);
        tokio::spawn(async move {
            let _ = task.await;
            lock(&tables).remove(&id);
            lobby.remove(&id);
        });
        Ok(handle)
    }

    /// Runs a table's actor (over a finished `record` when given), its
    /// `state` frames on `events`, with `present` sockets already in each
    /// seat (a table taken over or handed on): its command channel and its
    /// task.
    pub(super) fn start_actor(
        &self,
        saved: Saved,
        record: Option<String>,
        events: broadcast::Sender<Arc<str>>,
        present: [usize; 2],
    ) -> Result<(mpsc::Sender<Command>, tokio::task::JoinHandle<Ended>), String> {
        let fingerprint = saved.fingerprint();
        let (commands, receiver) = mpsc::channel(COMMAND_QUEUE);
        let actor = Actor::new(
            saved,
            self.store.clone(),
            Arc::clone(&self.keys),
            self.timing,
            events,
            commands.clone(),
        )?;
        let actor = match record {
            Some(record) => actor.finished(record),
            None => actor,
        }
        .present(present);
        let opener: Weak<dyn Opener> = self.me.clone();
        let actor = actor
            .reporting(self.lobby.reporter(fingerprint))
            .opening(opener)
            .with_accounts(self.accounts.get().cloned());
        Ok((commands, tokio::spawn(actor.run(receiver))))
    }

    /// A table's front joins the hub (over Redis).
    pub(super) fn insert(&self, id: &str, handle: Handle) {
        lock(&self.tables).insert(id.to_string(), handle);
    }

    /// A table's front left the hub (over Redis).
    pub(super) fn forget(&self, id: &str) {
        lock(&self.tables).remove(id);
        self.lobby.remove(id);
    }

    /// A running table by id, or a finished one brought back from its
    /// stored record (it shows the end again, then is let go). `routed`:
    /// the proxy in front of several servers sent the socket here, as it
    /// sends every socket of the table (relay/).
    pub async fn table_or_record(&self, id: &str, routed: bool) -> Option<Handle> {
        let cluster = self.cluster.get();
        if let Some(handle) = self.table(id) {
            if let Some(cluster) = cluster {
                cluster.arrived(id, routed);
            }
            return Some(handle);
        }
        if let Some(cluster) = cluster {
            if let Some(handle) = cluster.attach(id, routed).await {
                return Some(handle);
            }
        }
        let Some(record) = self.store.record(id).await.ok().flatten() else {
            return self.unplayed(id).await;
        };
        // The finished table's kept state (its seats' token hashes, `next`,
        // its match) when there is one, else what its record says.
        let kept = self
            .store
            .load_table(id)
            .await
            .ok()
            .flatten()
            .and_then(|json| serde_json::from_str::<Saved>(&json).ok())
            .filter(|s| s.status == Status::Over);
        let saved = match kept.map_or_else(|| Saved::from_record(id, &record), Ok) {
            Ok(saved) => saved,
            Err(e) => {
                tracing::error!("record {id} cannot be shown: {e}");
                return None;
            }
        };
        // Two sockets may ask at once: the first one's table serves both.
        if let Some(handle) = self.table(id) {
            return Some(handle);
        }
        self.spawn_with(saved, Some(record)).ok()
    }

    /// A tournament's table closed before its game began (W5–W6), shown
    /// again from its kept state: it says why, then is let go.
    async fn unplayed(&self, id: &str) -> Option<Handle> {
        let saved = self
            .store
            .load_table(id)
            .await
            .ok()
            .flatten()
            .and_then(|json| serde_json::from_str::<Saved>(&json).ok())
            .filter(|s| {
                s.status == Status::Over
                    && s.players
                        .tournament
                        .as_ref()
                        .is_some_and(|t| t.ended.is_some())
            })?;
        if let Some(handle) = self.table(id) {
            return Some(handle);
        }
        self.spawn_with(saved, None).ok()
    }

    /// A running table by id.
    pub fn table(&self, id: &str) -> Option<Handle> {
        lock(&self.tables).get(id).cloned()
    }

    /// Counts a new table against `address`'s limit; `false` when over it.
    fn may_open(&self, address: IpAddr) -> bool {
        self.opened.take(address).is_ok()
    }

    /// Opens a table; its creator takes the first seat when they say hello.
    /// `None` when the address has opened too many.
    pub fn open(
        &self,
        new: NewTable,
        address: IpAddr,
        paired: bool,
    ) -> Result<Option<Opened>, String> {
        if !self.may_open(address) {
            super::ops::metrics()
                .rate_limited
                .with_label_values(&["tables"])
                .inc();
            return Ok(None);
        }
        self.open_with(new, [Holder::Empty, Holder::Empty], paired)
            .map(Some)
    }

    /// Opens a seek's table under the id `id` (drawn by the pairing): its
    /// seats are held for the two accounts the table's players name, and
    /// it waits for them alone (no bot sits).
    pub fn open_paired(&self, id: &str, new: NewTable) -> Result<Opened, String> {
        self.open_as(id.to_string(), new, [Holder::Empty, Holder::Empty], true)
    }

    /// Opens a table with its seats as given (empty, or held to play again).
    fn open_with(&self, new: NewTable, seats: [Holder; 2], paired: bool) -> Result<Opened, String> {
        self.open_as(fresh_token()?, new, seats, paired)
    }

    /// [`Hub::open_with`] under a given id.
    fn open_as(
        &self,
        id: String,
        new: NewTable,
        seats: [Holder; 2],
        paired: bool,
    ) -> Result<Opened, String> {
        let seed = virada::game::fairness::Seed::generate().map_err(|e| e.to_string())?;
        let fingerprint = seed.fingerprint();
        let wait = i64::try_from(self.timing.seat_wait.as_millis()).unwrap_or(i64::MAX);
        let saved = Saved {
            id: id.clone(),
            kind: new.kind,
            clock: new.clock,
            level: new.level,
            seed: seed.to_string(),
            seats,
            status: Status::Waiting,
            moves: String::new(),
            deadline_ms: None,
            // A tournament's table waits until its forfeit, not a seek's wait.
            wait_until_ms: match &new.players.tournament {
                Some(t) => t.forfeit_at_ms,
                None => now_ms().saturating_add(wait),
            },
            gone_since_ms: [None, None],
            paired,
            window_until_ms: None,
            contributions: true,
            handicap: new.handicap,
            play: new.play,
            again: [false, false],
            declined: [false, false],
            next: None,
            players: new.players,
            cut: None,
            timed: None,
        };
        self.spawn(saved)?;
        Ok(Opened { id, fingerprint })
    }

    /// "Play anyone": the table where someone is already waiting for this
    /// game and clock, or a new one where the caller waits.
    pub fn pair(&self, new: NewTable, address: IpAddr) -> Result<Option<Opened>, String> {
        let key = (new.kind, new.clock);
        {
            let mut waiting = lock(&self.waiting);
            if let Some(id) = waiting.remove(&key) {
                if let Some(table) = self.table(&id) {
                    let fingerprint = table.fingerprint.to_string();
                    return Ok(Some(Opened { id, fingerprint }));
                }
            }
        }
        let opened = self.open(new, address, true)?;
        if let Some(opened) = &opened {
            lock(&self.waiting).insert(key, opened.id.clone());
        }
        Ok(opened)
    }
}

impl Opener for Hub {
    /// A table to play again: not counted against any address (its people
    /// opened the first), its seats held by the same people.
    fn open_held(&self, next: Next, seats: [Holder; 2]) -> Result<String, String> {
        let new = NewTable {
            kind: next.kind,
            clock: next.clock,
            level: next.level,
            handicap: next.handicap,
            play: next.play,
            players: next.players,
        };
        self.open_with(new, seats, false).map(|opened| opened.id)
    }
}

/// A mutex's guard, also after a panic elsewhere (the data stay usable).
fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}
