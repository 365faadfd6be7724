//! A table's front on one server: what its sockets hold as the table's
//! `Handle`. On the lease's holder the front hands commands to the local
//! actor, whose `state` frames go to the sockets and, while another server
//! relays the table, are published for it; elsewhere it relays commands to
//! the holder and feeds the sockets the holder's published frames. Either
//! way the socket sees one command channel and one broadcast.
//!
//! A new table's front starts with its lease reserved ([`Mode::Reserved`]):
//! the server the proxy sends its sockets to claims it, or this one runs it
//! when asked anything first (or after [`lease::FRESH_WAIT`]). A relaying
//! front looks at the lease every [`WATCH_EVERY`] and whenever a command
//! goes unanswered; when the lease lapsed it takes it and runs the actor
//! here from the stored state; when the holder changed it says its sockets
//! to the new one (until heard). A holder with no socket of its table hands
//! it to the server the proxy sends them to (handover.rs).

use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::{broadcast, mpsc};
use tokio::task::JoinHandle;
use tokio::time::Instant;

use super::super::hub::Handle;
use super::super::store::Storage as _;
use super::super::table::{Command, Ended, Saved};
use super::counters::Kind;
use super::lease::{self, WATCH_EVERY};
use super::shared::Shared;
use super::{events_channel, lock, wire, Cluster};

/// Commands a front's channel holds before senders wait.
const COMMAND_QUEUE: usize = 64;
/// `state` frames a slow socket may fall behind before it skips ahead.
const EVENT_QUEUE: usize = 16;
/// How long a relaying front with no socket lives on.
const IDLE: Duration = Duration::from_secs(5);

/// How a front starts.
pub enum Start {
    /// A new table: reserve its lease; run it here unless the server its
    /// sockets reach claims it.
    New(Saved),
    /// A table whose lease this server holds: run it here.
    Adopted(Saved),
    /// A finished table shown from its record (no lease).
    Record(Saved, String),
    /// A table another server runs: relay to it.
    Relay(Saved),
}

impl Start {
    /// The table.
    pub fn saved(&self) -> &Saved {
        match self {
            Start::New(s) | Start::Adopted(s) | Start::Record(s, _) | Start::Relay(s) => s,
        }
    }
}

/// What the front does now.
pub(super) enum Mode {
    /// The lease is reserved here for a new table not yet run.
    Reserved {
        /// The table as opened.
        saved: Box<Saved>,
        /// When this server runs it if nobody claimed it.
        until: Instant,
    },
    /// The actor runs here.
    Local,
    /// Another server runs the table (or nobody yet).
    Relay,
}

/// The front's task.
pub struct Front {
    pub(super) cluster: Arc<Cluster>,
    pub(super) shared: Arc<Shared>,
    pub(super) retry: mpsc::UnboundedSender<(Command, u8)>,
    pub(super) actor: Option<JoinHandle<Ended>>,
    publisher: Option<JoinHandle<()>>,
    pub(super) mode: Mode,
    pub(super) holder: Option<String>,
    idle_since: Option<Instant>,
    /// Whether the holder heard this server's presence (so that it stops
    /// sending frames when the front ends).
    pub(super) listening: bool,
    /// What the holder last heard of this server's spectators and home.
    told: (usize, bool),
    /// When the actor started here (a table is not handed on at once).
    pub(super) since: Instant,
    /// Since when a stopping server has had no socket of the table here.
    pub(super) empty_since: Option<Instant>,
}

impl Front {
    /// Starts table `start`'s front (`held`: requests that came for it
    /// before); what the cluster keeps, and the handle.
    pub fn spawn(
        cluster: Arc<Cluster>,
        start: Start,
        watchers: super::super::lobby::Watchers,
        held: Vec<wire::Request>,
    ) -> (Arc<Shared>, Handle) {
        let saved = start.saved();
        let id = saved.id.clone();
        let fingerprint = saved.fingerprint();
        let (events, _) = broadcast::channel(EVENT_QUEUE);
        let (commands, receiver) = mpsc::channel(COMMAND_QUEUE);
        let (lost, lost_rx) = mpsc::unbounded_channel();
        let (retry, retry_rx) = mpsc::unbounded_channel();
        let shared = Arc::new(Shared::new(id, events.clone(), lost));
        if matches!(start, Start::New(_) | Start::Adopted(_)) {
            // Requests that come before the actor runs wait for it.
            shared.hold();
            for request in held {
                let _ = shared.park(request);
            }
        }
        let handle = Handle {
            commands,
            events,
            fingerprint,
            watchers,
        };
        let front = Front {
            cluster,
            shared: Arc::clone(&shared),
            retry,
            actor: None,
            publisher: None,
            mode: Mode::Relay,
            holder: None,
            idle_since: None,
            listening: false,
            told: (0, false),
            since: Instant::now(),
            empty_since: None,
        };
        tokio::spawn(front.run(start, receiver, lost_rx, retry_rx));
        (shared, handle)
    }

    async fn run(
        mut self,
        start: Start,
        mut commands: mpsc::Receiver<Command>,
        mut lost: mpsc::UnboundedReceiver<()>,
        mut retry: mpsc::UnboundedReceiver<(Command, u8)>,
    ) {
        match start {
            Start::New(saved) => self.reserve(saved).await,
            Start::Adopted(saved) => self.run_actor(saved, None, true),
            Start::Record(saved, record) => self.run_actor(saved, Some(record), false),
            Start::Relay(_) => self.look().await,
        }
        let mut tick = tokio::time::interval(WATCH_EVERY);
        loop {
            tokio::select! {
                command = commands.recv() => match command {
                    Some(command) => self.route(command, 0).await,
                    None => break,
                },
                Some((command, tries)) = retry.recv() => {
                    self.look().await;
                    self.route(command, tries).await;
                }
                Some(()) = lost.recv() => {
                    self.stop_actor();
                    self.look().await;
                }
                () = self.shared.knock.notified() => self.knocked().await,
                _ = tick.tick() => {
                    if !self.tick().await {
                        break;
                    }
                }
            }
        }
        self.stop_actor();
        if self.shared.leased() {
            let mut c = self.cluster.connection.clone();
            let _ = lease::release(&mut c, &self.shared.id, &self.cluster.token).await;
        }
        if self.listening {
            self.relay_once(wire::Asked::Unlisten, 0);
        }
        self.cluster.forget(&self.shared.id);
    }

    /// Every [`WATCH_EVERY`]: runs a reserved table nobody claimed, ends
    /// with a finished actor, hands a table on, or looks at the lease of a
    /// relayed one; `false` when the front is done.
    async fn tick(&mut self) -> bool {
        match &self.mode {
            Mode::Reserved { until, .. } => {
                if Instant::now() >= *until || self.cluster.stopping() {
                    self.settle().await;
                }
                true
            }
            Mode::Local => {
                if let Some(actor) = self.actor.take_if(|a| a.is_finished()) {
                    if !matches!(actor.await, Ok(Ended::Behind)) {
                        return false;
                    }
                    // Another server is past this one: its sockets go to
                    // the holder, or it reads the table again.
                    self.stop_actor();
                    self.look().await;
                } else if self.cluster.stopping() {
                    self.hand_on_stopping().await;
                } else {
                    self.hand_on_if_away().await;
                }
                true
            }
            Mode::Relay => {
                self.look().await;
                self.tell_if_changed();
                !self.idle()
            }
        }
    }

    /// A request was held back, the lease was handed here, or a socket
    /// came through the proxy.
    async fn knocked(&mut self) {
        match self.mode {
            Mode::Reserved { .. } if self.shared.holding() => self.settle().await,
            Mode::Reserved { .. } => {}
            Mode::Local => self.answer_held(),
            Mode::Relay if self.shared.holding() => self.look().await,
            Mode::Relay => self.tell_if_changed(),
        }
    }

    /// Reserves a new table's lease and stores the table; it runs here
    /// when this server settles the reservation first.
    async fn reserve(&mut self, saved: Saved) {
        let mut c = self.cluster.connection.clone();
        let (id, token) = (saved.id.clone(), self.cluster.token.clone());
        if !lease::reserve(&mut c, &id, &token).await.unwrap_or(false) {
            tracing::error!("table {id}: its lease could not be taken");
            self.shared.unpark();
            return;
        }
        self.shared.leased.store(true, Ordering::Relaxed);
        let stored = match serde_json::to_string(&saved) {
            Ok(json) => self.cluster.store.save_table(&id, json).await.is_ok(),
            Err(_) => false,
        };
        if !stored {
            // Run at once: the actor stores it (or says why not).
            self.mode = Mode::Reserved {
                saved: Box::new(saved),
                until: Instant::now(),
            };
            self.settle().await;
            return;
        }
        self.mode = Mode::Reserved {
            saved: Box::new(saved),
            until: Instant::now() + lease::FRESH_WAIT,
        };
    }

    /// Settles this server's reservation: runs the table here, or, when
    /// another server claimed it, relays to that one.
    pub(super) async fn settle(&mut self) {
        let Mode::Reserved { saved, .. } = std::mem::replace(&mut self.mode, Mode::Relay) else {
            return;
        };
        let mut c = self.cluster.connection.clone();
        match lease::settle(&mut c, &saved.id, &self.cluster.token).await {
            Ok(true) => self.run_actor(*saved, None, true),
            Ok(false) => {
                // Claimed by the server its sockets reach, which heard the
                // requests held back here too.
                self.shared.leased.store(false, Ordering::Relaxed);
                self.shared.unpark();
                self.look().await;
            }
            Err(e) => {
                tracing::warn!("table {}: its reservation not settled: {e}", saved.id);
                self.mode = Mode::Reserved {
                    saved,
                    until: Instant::now() + WATCH_EVERY,
                };
            }
        }
    }

    /// Whether a relaying front has had no socket for [`IDLE`].
    fn idle(&mut self) -> bool {
        let seated = lock(&self.shared.presence).count.iter().sum::<usize>();
        if self.shared.events.receiver_count() > 0 || seated > 0 {
            self.idle_since = None;
            return false;
        }
        self.idle_since.get_or_insert_with(Instant::now).elapsed() >= IDLE
    }

    /// This server's sockets at the table (the publisher's subscription
    /// is not one).
    pub(super) fn sockets_here(&self) -> usize {
        let publisher = usize::from(self.publisher.is_some());
        self.shared
            .events
            .receiver_count()
            .saturating_sub(publisher)
    }

    /// Runs the table's actor here, its frames to this front's sockets and
    /// published for the servers relaying it; answers the requests held
    /// back meanwhile.
    pub(super) fn run_actor(&mut self, saved: Saved, record: Option<String>, leased: bool) {
        let Some(hub) = self.cluster.hub.upgrade() else {
            return;
        };
        let id = saved.id.clone();
        let present = lock(&self.shared.presence).count;
        match hub.start_actor(saved, record, self.shared.events.clone(), present) {
            Ok((commands, task)) => {
                self.shared.forget_remote();
                *lock(&self.shared.local) = Some(commands);
                self.shared.leased.store(leased, Ordering::Relaxed);
                self.actor = Some(task);
                self.holder = Some(self.cluster.token.clone());
                self.mode = Mode::Local;
                self.since = Instant::now();
                self.listening = false;
                self.publisher = Some(tokio::spawn(publish(
                    Arc::clone(&self.cluster),
                    Arc::clone(&self.shared),
                    self.shared.events.subscribe(),
                    events_channel(&id),
                )));
                self.answer_held();
            }
            Err(e) => {
                tracing::error!("table {id} not run: {e}");
                self.shared.unpark();
            }
        }
    }

    /// Answers the requests held back while the actor started here.
    pub(super) fn answer_held(&self) {
        let Some(local) = self.shared.local() else {
            return;
        };
        for request in self.shared.unpark() {
            let answering = super::channels::Answering::new(&self.shared);
            tokio::spawn(Arc::clone(&self.cluster).answer(
                Arc::clone(&self.shared),
                local.clone(),
                request,
                answering,
            ));
        }
    }

    /// Stops the actor here (its lease went to another server).
    pub(super) fn stop_actor(&mut self) {
        if let Some(task) = self.actor.take() {
            task.abort();
        }
        if let Some(task) = self.publisher.take() {
            task.abort();
        }
        let was_local = lock(&self.shared.local).take().is_some();
        self.shared.leased.store(false, Ordering::Relaxed);
        self.shared.forget_remote();
        self.holder = None;
        if matches!(self.mode, Mode::Local) {
            self.mode = Mode::Relay;
        }
        if was_local {
            if let Some(hub) = self.cluster.hub.upgrade() {
                hub.lobby().remove(&self.shared.id);
            }
        }
    }

    /// Looks at the lease of a table run elsewhere: takes it when it
    /// lapsed, runs it when it was handed here, and says this server's
    /// sockets to a new holder.
    pub(super) async fn look(&mut self) {
        if !matches!(self.mode, Mode::Relay) {
            return;
        }
        let id = self.shared.id.clone();
        let token = self.cluster.token.clone();
        let mut c = self.cluster.connection.clone();
        let Ok(holder) = lease::holder(&mut c, &id).await else {
            return;
        };
        match holder {
            Some(h) if h != token => {
                if self.holder.as_deref() != Some(h.as_str()) {
                    self.holder = Some(h.clone());
                    self.tell(Some(h));
                }
            }
            _ => {
                if holder.is_none()
                    && (self.cluster.stopping()
                        || !lease::take(&mut c, &id, &token).await.unwrap_or(false))
                {
                    return;
                }
                // Ours: requests wait for the actor, read from the store.
                self.shared.hold();
                let store = self.cluster.store.clone();
                match store.load_table(&id).await {
                    Ok(Some(json)) => match serde_json::from_str::<Saved>(&json) {
                        Ok(saved) => {
                            tracing::info!("table {id}: running it here");
                            if holder.is_none() {
                                super::super::ops::metrics().takeovers.inc();
                            }
                            self.run_actor(saved, None, true);
                        }
                        Err(e) => {
                            tracing::error!("table {id} cannot be read: {e}");
                            self.shared.unpark();
                        }
                    },
                    Ok(None) => {
                        self.shared.unpark();
                        let _ = lease::release(&mut c, &id, &token).await;
                        if let Ok(Some(record)) = store.record(&id).await {
                            if let Ok(saved) = super::super::saved::Saved::from_record(&id, &record)
                            {
                                self.run_actor(saved, Some(record), false);
                            }
                        }
                    }
                    Err(e) => {
                        tracing::warn!("table {id} not taken over: {e}");
                        self.shared.unpark();
                        let _ = lease::release(&mut c, &id, &token).await;
                    }
                }
            }
        }
    }

    /// Says this server's sockets to the holder `to`, when it has any.
    fn tell(&mut self, to: Option<String>) {
        let seated = lock(&self.shared.presence).count.iter().sum::<usize>();
        let watching = self.watching_here();
        let home = self.shared.home.load(Ordering::Relaxed);
        self.told = (watching, home);
        if seated + watching == 0 && !home {
            return;
        }
        self.listening = true;
        self.cluster.tell_presence(&self.shared, to);
    }

    /// Says this server's sockets again when its spectators, or whether the
    /// proxy sends the table's sockets here, changed.
    fn tell_if_changed(&mut self) {
        let now = (
            self.watching_here(),
            self.shared.home.load(Ordering::Relaxed),
        );
        if now != self.told && self.holder.is_some() {
            self.tell(self.holder.clone());
        }
    }

    /// This server's spectators of the table.
    fn watching_here(&self) -> usize {
        self.cluster
            .hub
            .upgrade()
            .map_or(0, |hub| hub.lobby().spectators_of(&self.shared.id))
    }
}

/// Publishes a table's `state` frames while another server relays it.
async fn publish(
    cluster: Arc<Cluster>,
    shared: Arc<Shared>,
    mut frames: broadcast::Receiver<Arc<str>>,
    channel: String,
) {
    loop {
        match frames.recv().await {
            Ok(frame) if shared.relayed() => {
                cluster
                    .publish(Kind::Frame, &channel, frame.to_string())
                    .await;
            }
            Ok(_) | Err(broadcast::error::RecvError::Lagged(_)) => continue,
            Err(broadcast::error::RecvError::Closed) => return,
        }
    }
}
