//! A table a tournament opened: its record names the tournament and the
//! round, its result goes to the tournament's round when it ends (from
//! whichever server runs it, through the shared store; a resignation's
//! discs counted as a loss on time's, T23). A game not played out
//! (W5–W6, `virada::tournament::Unplayed`): a seat nobody took by the
//! forfeit time loses by forfeit, and a player who withdraws during the
//! round loses the game (a forfeit before both moved, else a
//! resignation); the table then says so to whoever is there, and no bot
//! sits.

use super::super::saved::{Cut, Unplayed, UnplayedWhy};
use super::super::tournament::{report, Result2};
use super::{Actor, Holder, Status};
use virada::rating::Outcome;
use virada::tournament::Unplayed as Unplayed2;

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

    /// The forfeit time came with a seat still empty (W5): whoever sat wins
    /// by forfeit, the table says so and closes; no bot plays.
    pub(super) async fn forfeit_to_tournament(&mut self) {
        let present = self
            .saved
            .seats
            .clone()
            .map(|h| matches!(h, Holder::Person { .. }));
        let rule = virada::tournament::forfeit(present);
        if let Some(codes) = rule.codes() {
            self.send_result(coded(codes)).await;
        }
        self.close_unplayed(UnplayedWhy::Absent, present.map(|p| !p))
            .await;
    }

    /// The account `account` withdrew from the tournament (W6): its game
    /// here, unless over, is lost at once, and the opponent is told.
    pub(super) async fn withdrew(&mut self, account: &str) {
        if self.saved.status == Status::Over || self.saved.players.tournament.is_none() {
            return;
        }
        let Some(seat) = self
            .saved
            .players
            .accounts
            .iter()
            .position(|a| a.as_ref().is_some_and(|a| a.id == account))
        else {
            return;
        };
        let both_moved = self.saved.status == Status::Playing
            && self.game.as_ref().is_some_and(|g| g.ply() >= 2);
        let mut lost = [false, false];
        lost[seat] = true;
        let rule = virada::tournament::withdrawal(seat, both_moved);
        if let Some(t) = self.saved.players.tournament.as_mut() {
            t.ended = Some(Unplayed {
                why: UnplayedWhy::Withdrew,
                lost,
            });
        }
        match (rule, self.saved.status) {
            (Unplayed2::Resigned(leaver), _) => self.cut_short(Cut::Resigned(leaver)).await,
            (Unplayed2::Forfeit(_), Status::Playing) => {
                // Under way but not both moved: the record says aborted,
                // the round a forfeit (report_to_tournament).
                self.cut_short(Cut::Aborted(seat)).await;
            }
            (Unplayed2::Forfeit(_), _) => {
                if let Some(codes) = rule.codes() {
                    self.send_result(coded(codes)).await;
                }
                self.close_unplayed(UnplayedWhy::Withdrew, lost).await;
            }
        }
    }

    /// A tournament's table closed before its game began (W5, W6): over,
    /// with no move, no record.
    pub(super) fn never_played(&self) -> bool {
        self.saved.status == Status::Over
            && self.saved.cut.is_none()
            && self.saved.moves.is_empty()
            && self
                .saved
                .players
                .tournament
                .as_ref()
                .is_some_and(|t| t.ended.is_some())
    }

    /// Ends the game under way with `cut`, as a resignation or an abort does.
    async fn cut_short(&mut self, cut: Cut) {
        let before = self.saved.clone();
        self.saved.cut = Some(cut);
        self.thinking = None;
        if self.after_move().await.is_err() {
            self.undo(before);
        }
    }

    /// Closes a table whose game was never played (W5, W6): over, with no
    /// record; its state kept, so that a page opened later still shows why.
    async fn close_unplayed(&mut self, why: UnplayedWhy, lost: [bool; 2]) {
        if let Some(t) = self.saved.players.tournament.as_mut() {
            t.ended = Some(Unplayed { why, lost });
        }
        self.saved.status = Status::Over;
        self.saved.deadline_ms = None;
        self.saved.window_until_ms = None;
        self.thinking = None;
        self.over_at = Some(super::now_ms());
        self.keep_finished().await;
        self.broadcast();
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

/// A forfeit: whoever was `present` wins it (W5).
fn forfeit(present: [bool; 2]) -> Result2 {
    match virada::tournament::forfeit(present).codes() {
        Some(codes) => coded(codes),
        None => coded(['-', '-']),
    }
}

/// A forfeit's result from its TRF codes (the first seat is white).
fn coded([white, black]: [char; 2]) -> Result2 {
    Result2 {
        white,
        black,
        discs: None,
    }
}
