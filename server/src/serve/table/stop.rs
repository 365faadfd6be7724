//! Resign and abort: a seated person ends the game before its board does.
//! A resignation ends it at once, the other seat wins, and the signed
//! record's `result` line says who resigned (`light wins, dark resigned`,
//! `virada::record::resign`); a rated game is rated as any other win. An
//! abort, before both seats have moved, ends it with no result: its record
//! says `unfinished`, it is not rated and no account keeps it. Either goes
//! the way of the board's own end (`after_move`): the record is kept and
//! signed before anyone hears of it.

use super::super::saved::{Cut, Stop};
use super::{now_ms, Actor, Code, Holder, Refusal, Status};

impl Actor {
    /// A seated person resigns or aborts.
    pub(super) async fn stop(&mut self, seat: Option<usize>, how: Stop) -> Result<(), Refusal> {
        let seat = seat.ok_or_else(|| Refusal::new(Code::NotSeated, "only a seated person may"))?;
        if !matches!(self.saved.seats[seat], Holder::Person { .. }) {
            return Err(Refusal::new(Code::NotSeated, "only a seated person may"));
        }
        match self.saved.status {
            Status::Waiting | Status::Contributing => {
                return Err(Refusal::new(Code::NotStarted, "the game has not started"))
            }
            Status::Over => return Err(Refusal::new(Code::Over, "the game is over")),
            Status::Playing => {}
        }
        let Some(ply) = self.game.as_ref().map(|g| g.ply()) else {
            return Err(Refusal::new(Code::NotStarted, "the game has not started"));
        };
        let cut = match how {
            Stop::Resign => Cut::Resigned(seat),
            Stop::Abort if self.both_moved(ply) => {
                return Err(Refusal::new(
                    Code::Moved,
                    "both seats have moved: the game can be resigned, not aborted",
                ))
            }
            Stop::Abort => Cut::Aborted(seat),
        };
        let before = self.saved.clone();
        // The clocks stop at the cut and stand still (kept with the table).
        if let Some(g) = self.game.as_mut() {
            g.halt_clock(now_ms());
        }
        self.saved.cut = Some(cut);
        self.thinking = None;
        if self.after_move().await.is_err() {
            self.undo(before);
            return Err(Refusal::new(Code::Storage, "the end could not be kept"));
        }
        Ok(())
    }

    /// Whether both seats have played a move of their own (a pass counts
    /// as one: the game asked it of them).
    fn both_moved(&self, ply: usize) -> bool {
        ply >= 2
    }

    /// The game has ended, by its board or by a seat.
    pub(super) fn ended(&self) -> bool {
        self.saved.cut.is_some() || self.game.as_ref().is_some_and(|g| g.is_over())
    }
}
