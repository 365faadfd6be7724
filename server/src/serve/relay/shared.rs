//! What a table's front shares with the cluster's tasks: the local actor's
//! channel when this server runs the table, the lease flag, and who sits
//! where — this server's sockets by seat (to say `hello` again to a new
//! holder), and, on the holder, the other servers' sockets by (server,
//! seat), counted out when that server's liveness key lapses (its sockets'
//! `Left` never comes).

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use tokio::sync::{broadcast, mpsc};

use super::super::table::Command;
use super::lock;

/// This server's sockets in a table's seats: how many, and the seat's token.
#[derive(Default)]
pub struct Presence {
    /// Sockets a seat.
    pub count: [usize; 2],
    /// Each seat's token, once a socket sat there.
    pub token: [Option<String>; 2],
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
}

impl Shared {
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

    /// The servers with sockets seated here.
    pub fn remote_servers(&self) -> Vec<String> {
        lock(&self.remote).keys().map(|(s, _)| s.clone()).collect()
    }

    /// Server `server` died: its sockets leave their seats.
    pub async fn server_gone(&self, server: &str) {
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
