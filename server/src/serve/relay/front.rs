//! A table's front on one server: what its sockets hold as the table's
//! `Handle`. On the lease's holder the front hands commands to the local
//! actor, whose `state` frames go to the sockets and are published for the
//! other servers; elsewhere it relays commands to the holder and feeds the
//! sockets the holder's published frames. Either way the socket sees one
//! command channel and one broadcast.
//!
//! A relaying front looks at the lease every [`WATCH_EVERY`] and whenever
//! a command goes unanswered; when the lease lapsed it takes it and runs the
//! actor here from the stored state. When the holder changes, the front says
//! `hello` again for each of its seated sockets, so that the new holder
//! counts them present.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::{broadcast, mpsc, oneshot};
use tokio::task::JoinHandle;
use tokio::time::Instant;

use super::super::hub::Handle;
use super::super::protocol::{Code, Refusal};
use super::super::store::Storage as _;
use super::super::table::{Command, Ended, Saved, Welcome};
use super::lease::{self, WATCH_EVERY};
use super::shared::{Presence, Shared};
use super::{cmd_channel, events_channel, lock, wire, Cluster};

/// Commands a front's channel holds before senders wait.
const COMMAND_QUEUE: usize = 64;
/// `state` frames a slow socket may fall behind before it skips ahead.
const EVENT_QUEUE: usize = 16;
/// How long a relayed command waits for the holder's answer before the
/// front looks at the lease: it sends the command again only when the
/// holder changed (or the lease lapsed).
const REPLY_WAIT: Duration = Duration::from_millis(1500);
/// How many times a relayed command waits [`REPLY_WAIT`] for a holder that
/// still holds the lease before it is sent again.
const SLOW_WAITS: usize = 20;
/// How many times a command is sent before it is refused (`storage`).
const TRIES: u8 = 6;
/// How long a relaying front with no socket lives on.
const IDLE: Duration = Duration::from_secs(5);

/// How a front starts.
pub enum Start {
    /// A new table: take its lease, then run it here.
    New(Saved),
    /// A table whose lease this server took: run it here.
    Adopted(Saved),
    /// A finished table shown from its record (no lease).
    Record(Saved, String),
    /// A table another server runs: relay to it.
    Relay(Saved),
}

/// The front's task.
pub struct Front {
    cluster: Arc<Cluster>,
    shared: Arc<Shared>,
    retry: mpsc::UnboundedSender<(Command, u8)>,
    actor: Option<JoinHandle<Ended>>,
    publisher: Option<JoinHandle<()>>,
    holder: Option<String>,
    idle_since: Option<Instant>,
}

impl Front {
    /// Starts table `start`'s front; what the cluster keeps, and the handle.
    pub fn spawn(
        cluster: Arc<Cluster>,
        start: Start,
        watchers: super::super::lobby::Watchers,
    ) -> (Arc<Shared>, Handle) {
        let saved = match &start {
            Start::New(s) | Start::Adopted(s) | Start::Record(s, _) | Start::Relay(s) => s,
        };
        let id = saved.id.clone();
        let fingerprint = saved.fingerprint();
        let (events, _) = broadcast::channel(EVENT_QUEUE);
        let (commands, receiver) = mpsc::channel(COMMAND_QUEUE);
        let (lost, lost_rx) = mpsc::unbounded_channel();
        let (retry, retry_rx) = mpsc::unbounded_channel();
        let shared = Arc::new(Shared {
            id: id.clone(),
            events: events.clone(),
            local: Mutex::new(None),
            leased: AtomicBool::new(false),
            lost,
            presence: Mutex::new(Presence::default()),
            remote: Mutex::new(HashMap::new()),
        });
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
            holder: None,
            idle_since: None,
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
        let mut c = self.cluster.connection.clone();
        match start {
            Start::New(saved) => {
                if lease::take(&mut c, &saved.id, &self.cluster.token)
                    .await
                    .unwrap_or(false)
                {
                    self.run_actor(saved, None, true);
                } else {
                    tracing::error!("table {}: its lease could not be taken", saved.id);
                }
            }
            Start::Adopted(saved) => self.run_actor(saved, None, true),
            Start::Record(saved, record) => self.run_actor(saved, Some(record), false),
            Start::Relay(_) => self.look().await,
        }
        let mut tick = tokio::time::interval(WATCH_EVERY);
        loop {
            tokio::select! {
                command = commands.recv() => match command {
                    Some(command) => self.route(command, 0),
                    None => break,
                },
                Some((command, tries)) = retry.recv() => {
                    self.look().await;
                    self.route(command, tries);
                }
                Some(()) = lost.recv() => {
                    self.stop_actor();
                    self.look().await;
                }
                _ = tick.tick() => {
                    if self.shared.local().is_some() {
                        if let Some(actor) = self.actor.take_if(|a| a.is_finished()) {
                            if !matches!(actor.await, Ok(Ended::Behind)) {
                                break;
                            }
                            // Another server is past this one: its sockets
                            // go to the holder, or it reads the table again.
                            self.stop_actor();
                            self.look().await;
                        }
                    } else {
                        self.look().await;
                        if self.idle() {
                            break;
                        }
                    }
                }
            }
        }
        self.stop_actor();
        if self.shared.leased() {
            let _ = lease::release(&mut c, &self.shared.id, &self.cluster.token).await;
        }
        self.cluster.forget(&self.shared.id);
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

    /// Runs the table's actor here, its frames to this front's sockets and
    /// published for the other servers'.
    fn run_actor(&mut self, saved: Saved, record: Option<String>, leased: bool) {
        let Some(hub) = self.cluster.hub.upgrade() else {
            return;
        };
        let id = saved.id.clone();
        match hub.start_actor(saved, record, self.shared.events.clone()) {
            Ok((commands, task)) => {
                *lock(&self.shared.local) = Some(commands);
                self.shared.leased.store(leased, Ordering::Relaxed);
                self.actor = Some(task);
                self.holder = Some(self.cluster.token.clone());
                self.publisher = Some(tokio::spawn(publish(
                    Arc::clone(&self.cluster),
                    self.shared.events.subscribe(),
                    events_channel(&id),
                )));
                self.hello_again();
            }
            Err(e) => tracing::error!("table {id} not run: {e}"),
        }
    }

    /// Stops the actor here (its lease went to another server).
    fn stop_actor(&mut self) {
        if let Some(task) = self.actor.take() {
            task.abort();
        }
        if let Some(task) = self.publisher.take() {
            task.abort();
        }
        *lock(&self.shared.local) = None;
        self.shared.leased.store(false, Ordering::Relaxed);
        lock(&self.shared.remote).clear();
        self.holder = None;
        if let Some(hub) = self.cluster.hub.upgrade() {
            hub.lobby().remove(&self.shared.id);
        }
    }

    /// Looks at the lease of a table run elsewhere: takes it when it
    /// lapsed, says hello again when the holder changed.
    async fn look(&mut self) {
        if self.shared.local().is_some() {
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
                    self.holder = Some(h);
                    self.hello_again();
                }
            }
            _ => {
                if holder.is_none() && !lease::take(&mut c, &id, &token).await.unwrap_or(false) {
                    return;
                }
                let store = self.cluster.store.clone();
                let state = store.load_table(&id).await;
                match state {
                    Ok(Some(json)) => match serde_json::from_str::<Saved>(&json) {
                        Ok(saved) => {
                            tracing::info!("table {id}: its holder is gone; running it here");
                            self.run_actor(saved, None, true);
                        }
                        Err(e) => tracing::error!("table {id} cannot be read: {e}"),
                    },
                    Ok(None) => {
                        let _ = lease::release(&mut c, &id, &token).await;
                        if let Ok(Some(record)) = store.record(&id).await {
                            if let Ok(saved) = super::super::hub::saved_from_record(&id, &record) {
                                self.run_actor(saved, Some(record), false);
                            }
                        }
                    }
                    Err(e) => {
                        tracing::warn!("table {id} not taken over: {e}");
                        let _ = lease::release(&mut c, &id, &token).await;
                    }
                }
            }
        }
    }

    /// Says `hello` again for each of this server's seated sockets, to the
    /// table's new holder.
    fn hello_again(&mut self) {
        let seated: Vec<(usize, String)> = {
            let presence = lock(&self.shared.presence);
            (0..2)
                .filter_map(|s| Some((s, presence.token[s].clone()?)))
                .flat_map(|(s, t)| std::iter::repeat_n((s, t), presence.count[s]))
                .collect()
        };
        for (_, token) in seated {
            let (reply, _) = oneshot::channel();
            let hello = Command::Hello {
                token: Some(token),
                account: None,
                reply,
            };
            match self.shared.local() {
                Some(local) => {
                    tokio::spawn(async move {
                        let _ = local.send(hello).await;
                    });
                }
                None => {
                    if let Some((asked, _)) = wire::split(hello) {
                        self.relay_once(asked, 0);
                    }
                }
            }
        }
    }

    /// Publishes a command for the holder, with request number `req` (0:
    /// no answer awaited).
    fn relay_once(&self, asked: wire::Asked, req: u64) {
        let request = wire::Request {
            from: self.cluster.token.clone(),
            req,
            asked,
        };
        let Ok(text) = serde_json::to_string(&request) else {
            return;
        };
        let cluster = Arc::clone(&self.cluster);
        let channel = cmd_channel(&self.shared.id);
        tokio::spawn(async move { cluster.publish(&channel, text).await });
    }

    /// Sends a socket's command to the actor, here or on the holder.
    fn route(&mut self, command: Command, tries: u8) {
        let command = if tries == 0 {
            self.track(command)
        } else {
            command
        };
        if let Some(local) = self.shared.local() {
            tokio::spawn(async move {
                let _ = local.send(command).await;
            });
            return;
        }
        let Some((asked, replier)) = wire::split(command) else {
            return;
        };
        if matches!(replier, wire::Replier::Nobody) {
            self.relay_once(asked, 0);
            return;
        }
        if tries >= TRIES {
            replier.refuse(Refusal::new(
                Code::Storage,
                "the table's server did not answer; nothing happened",
            ));
            return;
        }
        let req = self.cluster.next.fetch_add(1, Ordering::Relaxed);
        let (waiting, answer) = oneshot::channel();
        lock(&self.cluster.pending).insert(req, waiting);
        self.relay_once(asked.clone(), req);
        let (cluster, retry) = (Arc::clone(&self.cluster), self.retry.clone());
        let (id, sent_to) = (self.shared.id.clone(), self.holder.clone());
        tokio::spawn(async move {
            let mut answer = answer;
            // A holder still holding the lease is slow, not gone: the
            // command is not sent twice (a move would come back stale).
            for _ in 0..SLOW_WAITS {
                match tokio::time::timeout(REPLY_WAIT, &mut answer).await {
                    Ok(Ok(answer)) => return replier.reply(answer),
                    Ok(Err(_)) => break,
                    Err(_) => {
                        let mut c = cluster.connection.clone();
                        let now = lease::holder(&mut c, &id).await.ok().flatten();
                        if sent_to.is_none() || now != sent_to {
                            break;
                        }
                    }
                }
            }
            lock(&cluster.pending).remove(&req);
            if let Some(command) = wire::unsplit(asked, replier) {
                let _ = retry.send((command, tries + 1));
            }
        });
    }

    /// Counts this server's sockets in their seats, from their `hello`'s
    /// answers and their `Left`.
    fn track(&self, command: Command) -> Command {
        match command {
            Command::Hello {
                token,
                account,
                reply,
            } => {
                let (inner, answer) = oneshot::channel::<Result<Welcome, Refusal>>();
                let shared = Arc::clone(&self.shared);
                let asked = token.clone();
                tokio::spawn(async move {
                    let Ok(answer) = answer.await else {
                        return;
                    };
                    if let Ok(welcome) = &answer {
                        if let Some(seat) = welcome.seat {
                            let mut presence = lock(&shared.presence);
                            presence.count[seat] += 1;
                            if let Some(t) = welcome.token.clone().or(asked) {
                                presence.token[seat] = Some(t);
                            }
                        }
                    }
                    let _ = reply.send(answer);
                });
                Command::Hello {
                    token,
                    account,
                    reply: inner,
                }
            }
            Command::Left { seat } => {
                let mut presence = lock(&self.shared.presence);
                presence.count[seat] = presence.count[seat].saturating_sub(1);
                Command::Left { seat }
            }
            other => other,
        }
    }
}

/// Publishes a table's `state` frames for the other servers' fronts.
async fn publish(
    cluster: Arc<Cluster>,
    mut frames: broadcast::Receiver<Arc<str>>,
    channel: String,
) {
    loop {
        match frames.recv().await {
            Ok(frame) => cluster.publish(&channel, frame.to_string()).await,
            Err(broadcast::error::RecvError::Lagged(_)) => continue,
            Err(broadcast::error::RecvError::Closed) => return,
        }
    }
}
