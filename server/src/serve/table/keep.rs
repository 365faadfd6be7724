//! How a move is kept: appended to the store with its ply, together with
//! the table's new state, in one atomic step of the store (`append_move`),
//! so that a move for a ply is kept once whoever sends it: a person's move
//! relayed by two servers, the bot's, or a time-out played by a server that
//! lost the table's lease without knowing it yet. A refusal that shows the
//! store past this actor (the lease another's, more moves kept than it
//! has) puts the actor behind.

use super::super::store::AppendError;
use super::Actor;

impl Actor {
    /// Appends the table's last move (its moves as saved) with its ply and
    /// saves its state. A table stored before moves were appended one a ply
    /// has fewer in the store than in its state: those are appended first.
    pub(super) async fn keep_move(&mut self) -> Result<(), AppendError> {
        let kept = self.append_last().await;
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
}
