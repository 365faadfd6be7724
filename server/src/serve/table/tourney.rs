//! A table a tournament opened: its record names the tournament and the
//! round, its result goes to the tournament's round when it ends (from
//! whichever server runs it, through the shared store; a resignation's
//! discs counted as a loss on time's, T23), and a seat nobody
//! took by the forfeit time loses by forfeit; the bot then sits for
//! whoever is missing, in a game outside the tournament.

use super::super::tournament::{report, Result2};
use super::{Actor, Holder};
use virada::rating::Outcome;

impl Actor {
    /// The record's text with its `tournament` line, for a tournament's table.
    pub(super) fn tournament_text(&self, text: String) -> String {
        let Some(t) = &self.saved.players.tournament else {
            return text;
        };
        let Ok(mut record) = virada::record::parse(&text) else {
            return text;
        };
        record.tournament = Some(virada::record::TournamentRound {
            id: t.id.clone(),
            round: t.round,
        });
        virada::record::write_record(&record)
    }

    /// Tells the tournament how the finished game ended: the first seat
    /// is the pairing's white.
    pub(super) async fn report_to_tournament(&self) {
        let (Some(_), Some(record)) = (&self.saved.players.tournament, self.record.as_deref())
        else {
            return;
        };
        let Ok(r) = virada::record::parse(record) else {
            return;
        };
        let result = match (self.saved.cut, virada::record::rating_outcome(&r)) {
            // An abort before both moved: whoever aborted forfeits.
            (Some(super::super::saved::Cut::Aborted(seat)), _) => forfeit([seat != 0, seat != 1]),
            (_, Some(outcome)) => {
                let discs = |seat: usize| {
                    if r.dark == seat {
                        r.result.dark
                    } else {
                        r.result.light
                    }
                };
                let (white, black) = match outcome {
                    Outcome::Win => ('1', '0'),
                    Outcome::Draw => ('=', '='),
                    Outcome::Loss => ('0', '1'),
                };
                let mut counted = [discs(0), discs(1)];
                // A resignation is scored as a loss on time (T23): the
                // loser keeps its discs up to 31, the winner has the rest.
                if r.resigned.is_some() && outcome != Outcome::Draw {
                    let loser = usize::from(outcome == Outcome::Win);
                    let (kept, rest) = virada::clock::score_on_time(counted[loser], 64);
                    counted[loser] = kept;
                    counted[1 - loser] = rest;
                }
                Result2 {
                    white,
                    black,
                    discs: Some(counted),
                }
            }
            // Both people left: both lose by forfeit.
            (_, None) => forfeit([false, false]),
        };
        self.send_result(result).await;
    }

    /// The forfeit time came with a seat still empty.
    pub(super) async fn forfeit_to_tournament(&mut self) {
        let present = self
            .saved
            .seats
            .clone()
            .map(|h| matches!(h, Holder::Person { .. }));
        self.send_result(forfeit(present)).await;
        // What the bot plays now is no game of the tournament.
        self.saved.players.tournament = None;
        self.saved.players.rated = false;
    }

    async fn send_result(&self, result: Result2) {
        let (Some(t), Some(accounts)) = (&self.saved.players.tournament, &self.accounts) else {
            return;
        };
        if let Err(e) = report(accounts.kv(), t, &self.saved.id, result).await {
            tracing::error!("table {}: the tournament's result: {e}", self.saved.id);
        }
    }
}

/// A forfeit: whoever was `present` wins it.
fn forfeit(present: [bool; 2]) -> Result2 {
    let code = |p: bool| if p { '+' } else { '-' };
    Result2 {
        white: code(present[0]),
        black: code(present[1]),
        discs: None,
    }
}
