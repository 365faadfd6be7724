//! What a table shows: its `state` frame (everything a page shows, and
//! nothing secret before the end), sent to every page and reported to the
//! lobby after every change, or on asking (a server that missed frames).

use std::sync::Arc;

use super::Actor;

impl Actor {
    /// Sends the state frame to every page and reports it to the lobby;
    /// nothing once the actor is behind the table (its frame is stale).
    pub(super) fn broadcast(&self) {
        if self.behind {
            return;
        }
        let _ = self.events.send(self.state_frame());
        if let Some(lobby) = &self.lobby {
            let progress = self.game.as_ref().map(|g| super::super::lobby::Progress {
                ply: g.ply(),
                score: g.score(),
                turn: g.seat_to_move(),
                until: g.flag_at(),
            });
            lobby.report(&self.saved, progress);
        }
    }

    /// The `state` frame: everything a page shows, and nothing secret
    /// before the end (the seed only in the final record).
    pub(super) fn state_frame(&self) -> Arc<str> {
        super::super::frame::state(&super::super::frame::Parts {
            saved: &self.saved,
            game: self.game.as_ref(),
            connected: self.connected,
            record: self.record.as_deref(),
            grace: self.timing.grace,
            fingerprint: self.seed().map(|s| s.fingerprint()).unwrap_or_default(),
            key: self.keys.public_hex(),
            again: self.saved.again,
            declined: self.saved.declined,
            next: self.saved.next.as_deref(),
            stand_in: &self.stand_in,
            play: self
                .saved
                .play
                .as_ref()
                .and_then(|p| super::r#match::view(p, self.record.as_deref())),
        })
    }
}
