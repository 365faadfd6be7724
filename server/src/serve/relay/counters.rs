//! What one server sends over Redis pub/sub, counted by kind, and what it
//! hears: `GET /api/relay` answers them, so that a test (or an operator)
//! sees that a table whose sockets all reach its holder sends nothing.

use std::sync::atomic::{AtomicU64, Ordering};

/// What a published message was.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A table's `state` frame, for the servers relaying it.
    Frame,
    /// A socket's command relayed to the table's holder.
    Command,
    /// The holder's answer to a relayed command.
    Answer,
    /// A relaying server's sockets at a table, said to its holder.
    Presence,
    /// A table handed on to the server its sockets reach.
    Handover,
}

/// The counts, one a kind, and the messages heard.
#[derive(Default)]
pub struct Counters {
    frames: AtomicU64,
    commands: AtomicU64,
    answers: AtomicU64,
    presence: AtomicU64,
    handovers: AtomicU64,
    heard: AtomicU64,
    claimed: AtomicU64,
    handed: AtomicU64,
}

impl Counters {
    /// One more message of `kind` published.
    pub fn published(&self, kind: Kind) {
        let counter = match kind {
            Kind::Frame => &self.frames,
            Kind::Command => &self.commands,
            Kind::Answer => &self.answers,
            Kind::Presence => &self.presence,
            Kind::Handover => &self.handovers,
        };
        counter.fetch_add(1, Ordering::Relaxed);
    }

    /// One more message heard on the channels this server listens to.
    pub fn heard(&self) {
        self.heard.fetch_add(1, Ordering::Relaxed);
    }

    /// A new table claimed here by its first socket's server (this one).
    pub fn claimed(&self) {
        self.claimed.fetch_add(1, Ordering::Relaxed);
    }

    /// A running table handed to this server.
    pub fn handed(&self) {
        self.handed.fetch_add(1, Ordering::Relaxed);
    }

    /// Every message published, of every kind.
    pub fn total(&self) -> u64 {
        [
            &self.frames,
            &self.commands,
            &self.answers,
            &self.presence,
            &self.handovers,
        ]
        .iter()
        .map(|c| c.load(Ordering::Relaxed))
        .sum()
    }

    /// The counts as `GET /api/relay` gives them, with the tables this
    /// server runs and relays now.
    pub fn json(&self, server: &str, running: usize, relaying: usize) -> serde_json::Value {
        let n = |c: &AtomicU64| c.load(Ordering::Relaxed);
        serde_json::json!({
            "server": server,
            "published": {
                "total": self.total(),
                "frames": n(&self.frames),
                "commands": n(&self.commands),
                "answers": n(&self.answers),
                "presence": n(&self.presence),
                "handovers": n(&self.handovers),
            },
            "heard": n(&self.heard),
            "claimed": n(&self.claimed),
            "handedHere": n(&self.handed),
            "tables": { "running": running, "relaying": relaying },
        })
    }
}
