//! A running table's handle, shared by the hub (hub.rs), which keeps one a
//! table, the relay (relay/), whose fronts make them, and the sockets: a
//! leaf, so that the hub and the relay need not import each other for it.

use std::sync::Arc;

use tokio::sync::{broadcast, mpsc};

use super::lobby::Watchers;
use super::table::Command;

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
