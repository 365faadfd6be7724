//! A table handed on: its holder has no socket of it, and the proxy sends
//! its sockets to another server (which said so in its presence), so the
//! lease goes there and the table stops costing a pub/sub hop a command and
//! a frame. After a change in the proxy's list of servers, a table's people
//! reconnect to its new server one by one; once none is left on the holder
//! the table follows them.
//!
//! The holder holds back the requests that come for the table from then on,
//! waits for its actor to answer those it was given before (a `Flush`
//! behind them) and for their answers to go out, stops the actor (every
//! change is stored before it is sent), hands the lease on in one step
//! (`lease::hand`), and tells the next holder on its own channel, with the
//! requests it held back: they reached the next holder too, while it still
//! relayed the table, and went unanswered there.

use std::sync::atomic::Ordering;
use std::time::Duration;

use tokio::sync::oneshot;
use tokio::time::Instant;

use super::super::table::Command;
use super::counters::Kind;
use super::front::{Front, Mode};
use super::{lease, reply_channel, wire};

/// How long a table runs on a server before it may be handed on (a page
/// reconnecting has a moment to come back).
const SETTLED: Duration = Duration::from_millis(1500);
/// The longest wait for the actor to answer what it was given.
const FLUSH_WAIT: Duration = Duration::from_secs(2);
/// The longest wait for those answers to go out.
const ANSWERS_WAIT: Duration = Duration::from_secs(1);
/// How long a stopping server waits for a table's pages, told to
/// reconnect, to reach another server before it hands the table to any.
const ORPHAN_WAIT: Duration = Duration::from_millis(1500);

impl Front {
    /// Hands the table on when no socket of it is here and the proxy sends
    /// them to another server that has some.
    pub(super) async fn hand_on_if_away(&mut self) {
        if self.since.elapsed() < SETTLED || self.sockets_here() > 0 || !self.shared.leased() {
            return;
        }
        let Some(next) = self.shared.home_relay() else {
            return;
        };
        self.hand_on(next).await;
    }

    /// The server stops: once its sockets are closed, hands the table to
    /// the server the proxy sends them to now (they reconnected there), or
    /// after [`ORPHAN_WAIT`] with none, to another server alive.
    pub(super) async fn hand_on_stopping(&mut self) {
        if !self.shared.leased() || self.sockets_here() > 0 {
            return;
        }
        if let Some(next) = self.shared.home_relay() {
            self.hand_on(next).await;
            return;
        }
        let empty = *self.empty_since.get_or_insert_with(Instant::now);
        if empty.elapsed() < ORPHAN_WAIT {
            return;
        }
        if let Some(next) = self.cluster.successor(&self.shared.id) {
            self.hand_on(next).await;
        }
    }

    /// Hands the table to server `next`.
    async fn hand_on(&mut self, next: String) {
        let id = self.shared.id.clone();
        self.shared.hold();
        let mut flushed = false;
        if let Some(local) = self.shared.local() {
            let (reply, done) = oneshot::channel();
            if local.send(Command::Flush { reply }).await.is_ok() {
                flushed = matches!(tokio::time::timeout(FLUSH_WAIT, done).await, Ok(Ok(_)));
            }
        }
        if !flushed {
            // The actor is behind (a busy machine): stopped now, a write of
            // its could land after the next holder read the table. It goes
            // on here, and the table is handed on at a later look.
            tracing::debug!("table {id}: not handed on yet, its actor is busy");
            self.answer_held();
            return;
        }
        let until = Instant::now() + ANSWERS_WAIT;
        while self.shared.answering.load(Ordering::Relaxed) > 0 && Instant::now() < until {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        // Nothing runs here any more: every change is stored.
        self.stop_actor();
        let mut c = self.cluster.connection.clone();
        let handed = lease::hand(&mut c, &id, &self.cluster.token, &next).await;
        let held = self.shared.unpark();
        if !matches!(handed, Ok(true)) {
            tracing::warn!("table {id}: not handed on ({handed:?})");
            self.look().await;
            return;
        }
        tracing::debug!("table {id}: handed on to where its sockets are");
        super::super::ops::metrics().handovers.inc();
        self.mode = Mode::Relay;
        self.holder = Some(next.clone());
        let notice = wire::Notice::Take {
            take: id.clone(),
            held,
        };
        if let Ok(text) = serde_json::to_string(&notice) {
            self.cluster
                .publish(Kind::Handover, &reply_channel(&next), text)
                .await;
        }
    }
}
