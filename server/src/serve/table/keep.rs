//! How a move is kept: appended to the store with its ply, together with
//! the table's new state, in one atomic step of the store (`append_move`),
//! so that a move for a ply is kept once whoever sends it: a person's move
//! relayed by two servers, the bot's, or a time-out played by a server that
//! lost the table's lease without knowing it yet. A refusal that shows the
//! store past this actor (the lease another's, more moves kept than it
//! has) puts the actor behind. After a move kept: the clock for the next
//! one, the end and its record, the bot; a move not kept is undone.

use super::super::store::AppendError;
use super::{now_ms, Actor, Saved, Status};

impl Actor {
    /// Appends the table's last move (its moves as saved) with its ply and
    /// saves its state. A table stored before moves were appended one a ply
    /// has fewer in the store than in its state: those are appended first.
    pub(super) async fn keep_move(&mut self) -> Result<(), AppendError> {
        let kept = self.append_last().await;
        if kept.is_ok() {
            super::super::ops::metrics().moves.inc();
        }
        if let Err(e) = &kept {
            let ply = self
                .saved
                .moves
                .split_whitespace()
                .count()
                .saturating_sub(1);
            match e {
                AppendError::StalePly { at } if *at > ply => self.behind = true,
                e => self.refused(e),
            }
        }
        kept
    }

    /// [`Actor::keep_move`]'s writes.
    async fn append_last(&self) -> Result<(), AppendError> {
        let id = &self.saved.id;
        let json =
            serde_json::to_string(&self.saved).map_err(|e| AppendError::Failed(e.to_string()))?;
        let moves: Vec<&str> = self.saved.moves.split_whitespace().collect();
        let Some((last, earlier)) = moves.split_last() else {
            return self.store.save_table(id, json).await;
        };
        let ply = earlier.len();
        match self.store.append_move(id, ply, last, json.clone()).await {
            Err(AppendError::StalePly { at }) if at < ply => {
                for (p, mv) in earlier.iter().enumerate().skip(at) {
                    self.store.append_move(id, p, mv, json.clone()).await?;
                }
                self.store.append_move(id, ply, last, json).await
            }
            kept => kept,
        }
    }

    /// Puts the table back as it was `before` a move that could not be
    /// kept: nobody has heard of the move.
    pub(super) fn undo(&mut self, before: Saved) {
        self.saved = before;
        match self.build_game() {
            Ok(game) => self.game = Some(game),
            Err(e) => tracing::error!("table {}: {e}", self.saved.id),
        }
    }

    /// After a move: the clock for the next one, the end, the bot. The
    /// move is kept (appended with its ply, then at the end the signed
    /// record) before anyone hears of it; when the store fails, or another
    /// server kept a move for that ply first, nothing is told and the
    /// caller undoes the move.
    pub(super) async fn after_move(&mut self) -> Result<(), AppendError> {
        let Some(game) = self.game.as_ref() else {
            return Ok(());
        };
        self.saved.moves = game.moves_text();
        self.saved.timed = game.timed().cloned();
        // A flag that fell ends the game with no move: like a resignation
        // or an abort, it comes after the last move kept.
        let flagged = game.lost_on_time().is_some();
        if self.ended() {
            self.saved.status = Status::Over;
            self.saved.deadline_ms = None;
            let record = self.final_record().await;
            // A resignation or an abort comes after the last move kept:
            // the record alone says it.
            if self.saved.cut.is_none() && !flagged {
                self.keep_move().await?;
            }
            self.store
                .finish(
                    &self.saved.id,
                    self.saved.kind.name(),
                    record.clone(),
                    now_ms(),
                )
                .await
                .inspect_err(|e| {
                    tracing::error!("table {}: the record was not stored: {e}", self.saved.id);
                })
                .map_err(AppendError::Failed)?;
            self.record = Some(record);
            self.over_at = Some(now_ms());
            self.keep_for_accounts().await;
            self.report_to_tournament().await;
            if self.saved.play.is_some() {
                self.match_goes_on().await;
            } else {
                // Kept beside the record: its people can still play again.
                self.keep_finished().await;
                self.broadcast();
            }
            return Ok(());
        }
        self.saved.deadline_ms = super::super::clock::per_move(self.saved.clock)
            .map(|seconds| now_ms() + i64::from(seconds) * 1000);
        self.keep_move()
            .await
            .inspect_err(|e| tracing::error!("table {}: move not stored: {e}", self.saved.id))?;
        self.broadcast();
        self.think();
        Ok(())
    }
}
