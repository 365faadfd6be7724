//! What a table's front shares with the cluster's tasks: the local actor's
//! channel when this server runs the table, the lease flag, who sits where
//! — this server's sockets by seat (said again to a new holder, all at
//! once), and, on the holder, the other servers' sockets by (server, seat),
//! counted out when that server's liveness key lapses (its sockets' `Left`
//! never comes) — the servers relaying the table (only they hear its
//! frames), and the requests held back while the table starts here.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use tokio::sync::{broadcast, mpsc, Notify};

use super::super::table::Command;
use super::lock;
use super::wire::Request;

/// This server's sockets in a table's seats: how many, and the seat's token.
#[derive(Default)]
pub struct Presence {
    /// Sockets a seat.
    pub count: [usize; 2],
    /// Each seat's token, once a socket sat there.
    pub token: [Option<String>; 2],
}

/// On the holder: another server relaying the table, as it last said.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Relay {
    /// Its spectators' sockets.
    pub watching: usize,
    /// The proxy sends the table's sockets there.
    pub home: bool,
}

/// What the front shares with the cluster's tasks.
pub struct Shared {
    /// The table's id.
    pub id: String,
    /// The sockets' `state` frames.
    pub events: broadcast::Sender<Arc<str>>,
    /// The local actor's channel, when this server runs the table.
    pub local: Mutex<Option<mpsc::Sender<Command>>>,
    /// Whether this server holds the table's lease.
    pub leased: AtomicBool,
    /// Tells the front its lease was lost.
    pub lost: mpsc::UnboundedSender<()>,
    /// This server's sockets in the seats.
    pub presence: Mutex<Presence>,
    /// On the holder: other servers' sockets in each seat.
    pub remote: Mutex<HashMap<(String, usize), usize>>,
    /// On the holder: the servers relaying the table, by token.
    pub relays: Mutex<HashMap<String, Relay>>,
    /// Requests that came while the table was starting here (reserved,
    /// claimed, taken over or handed over): answered once its actor runs.
    pub parked: Mutex<Option<Vec<Request>>>,
    /// Wakes the front: a request was held back, or the lease was handed here.
    pub knock: Notify,
    /// Relayed commands being answered here (a holder handing the table
    /// on waits for their answers to go out first).
    pub answering: AtomicUsize,
    /// The proxy sends the table's sockets to this server (one came with
    /// `X-Virada-Routed`).
    pub home: AtomicBool,
}

impl Shared {
    /// A table's shared part, nobody at it yet.
    pub fn new(
        id: String,
        events: broadcast::Sender<Arc<str>>,
        lost: mpsc::UnboundedSender<()>,
    ) -> Shared {
        Shared {
            id,
            events,
            local: Mutex::new(None),
            leased: AtomicBool::new(false),
            lost,
            presence: Mutex::new(Presence::default()),
            remote: Mutex::new(HashMap::new()),
            relays: Mutex::new(HashMap::new()),
            parked: Mutex::new(None),
            knock: Notify::new(),
            answering: AtomicUsize::new(0),
            home: AtomicBool::new(false),
        }
    }

    /// The local actor's channel, when this server runs the table.
    pub fn local(&self) -> Option<mpsc::Sender<Command>> {
        lock(&self.local).clone()
    }

    /// Whether this server holds the table's lease.
    pub fn leased(&self) -> bool {
        self.leased.load(Ordering::Relaxed)
    }

    /// Another server took the lease: the actor here stops.
    pub fn lost(&self) {
        let _ = self.lost.send(());
    }

    /// Holds requests back from now on, until [`Shared::unpark`].
    pub fn hold(&self) {
        lock(&self.parked).get_or_insert_with(Vec::new);
    }

    /// Holds `request` back when requests are held back; whether it was.
    pub fn park(&self, request: Request) -> Result<(), Request> {
        let mut parked = lock(&self.parked);
        match parked.as_mut() {
            Some(held) => {
                held.push(request);
                drop(parked);
                self.knock.notify_one();
                Ok(())
            }
            None => Err(request),
        }
    }

    /// Stops holding requests back; those held.
    pub fn unpark(&self) -> Vec<Request> {
        lock(&self.parked).take().unwrap_or_default()
    }

    /// Whether requests are held back now.
    pub fn holding(&self) -> bool {
        lock(&self.parked).is_some()
    }

    /// Server `from` seated one more socket in `seat`.
    pub fn remote_hello(&self, from: &str, seat: usize) {
        *lock(&self.remote)
            .entry((from.to_string(), seat))
            .or_default() += 1;
    }

    /// Server `from`'s socket in `seat` closed; whether it was counted.
    pub fn remote_left(&self, from: &str, seat: usize) -> bool {
        let mut remote = lock(&self.remote);
        match remote.get_mut(&(from.to_string(), seat)) {
            Some(n) if *n > 0 => {
                *n -= 1;
                if *n == 0 {
                    remote.remove(&(from.to_string(), seat));
                }
                true
            }
            _ => false,
        }
    }

    /// Server `from`'s sockets in `seat`, as counted here.
    pub fn remote_count(&self, from: &str, seat: usize) -> usize {
        lock(&self.remote)
            .get(&(from.to_string(), seat))
            .copied()
            .unwrap_or(0)
    }

    /// Sets server `from`'s count in `seat`.
    pub fn set_remote_count(&self, from: &str, seat: usize, n: usize) {
        let mut remote = lock(&self.remote);
        if n == 0 {
            remote.remove(&(from.to_string(), seat));
        } else {
            remote.insert((from.to_string(), seat), n);
        }
    }

    /// Server `from` relays the table: it hears its frames from now on.
    pub fn listen(&self, from: &str) {
        lock(&self.relays).entry(from.to_string()).or_default();
    }

    /// Server `from` says what it has at the table.
    pub fn relay_says(&self, from: &str, relay: Relay) {
        lock(&self.relays).insert(from.to_string(), relay);
    }

    /// Server `from` relays the table no more.
    pub fn unlisten(&self, from: &str) {
        lock(&self.relays).remove(from);
    }

    /// Whether another server hears the table's frames.
    pub fn relayed(&self) -> bool {
        !lock(&self.relays).is_empty()
    }

    /// Spectators on the other servers.
    pub fn remote_watching(&self) -> usize {
        lock(&self.relays).values().map(|r| r.watching).sum()
    }

    /// The server the proxy sends the table's sockets to, when it has
    /// some there (the most, of several).
    pub fn home_relay(&self) -> Option<String> {
        let remote = lock(&self.remote);
        let seated = |token: &str| -> usize {
            remote
                .iter()
                .filter(|((t, _), _)| t == token)
                .map(|(_, n)| n)
                .sum()
        };
        lock(&self.relays)
            .iter()
            .filter(|(_, r)| r.home)
            .map(|(token, r)| (seated(token) + r.watching, token))
            .filter(|(sockets, _)| *sockets > 0)
            .max_by_key(|(sockets, token)| (*sockets, std::cmp::Reverse((*token).clone())))
            .map(|(_, token)| token.clone())
    }

    /// The servers with sockets seated or watching here.
    pub fn remote_servers(&self) -> Vec<String> {
        let mut all: Vec<String> = lock(&self.remote).keys().map(|(s, _)| s.clone()).collect();
        all.extend(lock(&self.relays).keys().cloned());
        all.sort();
        all.dedup();
        all
    }

    /// Forgets the other servers (this server no longer runs the table).
    pub fn forget_remote(&self) {
        lock(&self.remote).clear();
        lock(&self.relays).clear();
    }

    /// Server `server` died: its sockets leave their seats, and it hears
    /// nothing more.
    pub async fn server_gone(&self, server: &str) {
        self.unlisten(server);
        let gone: Vec<(usize, usize)> = {
            let mut remote = lock(&self.remote);
            let keys: Vec<(String, usize)> = remote
                .keys()
                .filter(|(s, _)| s == server)
                .cloned()
                .collect();
            keys.into_iter()
                .filter_map(|k| remote.remove(&k).map(|n| (k.1, n)))
                .collect()
        };
        let Some(local) = self.local() else {
            return;
        };
        for (seat, n) in gone {
            for _ in 0..n {
                let _ = local.send(Command::Left { seat }).await;
            }
        }
    }
}
