//! Matches (V1) at the online table. Each game of a match is a table of its
//! own (a new seed and commitment, new contributions, its own signed
//! record), chained as "Play again" chains them but without asking: when a
//! game ends and the match is not decided, the table opens the next game's
//! table with the same people's seats held (again.rs's [`Opener`]) and its
//! `next` sends both pages there. Each table keeps the match in its state
//! ([`MatchPlay`]: what ends it, its record's id, the signed records of the
//! games before), so a restart loses nothing. The library scores the games
//! (`record::score_games`); when the match is over the server writes the
//! match record (`virada-match 2`), signs it with its key and stores it
//! under the match's id, where `GET /api/records/{id}` serves it. A match
//! both people have left (the bot holding both seats at a game's end) ends
//! there, its record's winner `none`: the bot does not play it out alone.
//!
//! [`Opener`]: super::Opener

use serde::Serialize;
use virada::record::matchplay::MatchKind;
use virada::record::{score_games, write_match_signed, MatchVerdict};

use super::{now_ms, Actor, Holder};
use crate::serve::saved::MatchPlay;

/// A new table's match as the API reads it (`points:16`, `games:4`, or
/// `one` for a single game): the library's kind, checked against the
/// choices offered.
pub fn read_match(text: &str) -> Result<Option<MatchKind>, String> {
    if text.is_empty() || text == "one" {
        return Ok(None);
    }
    let (kind, n) = text
        .split_once(':')
        .ok_or_else(|| "a match is \"points:N\" or \"games:N\"".to_string())?;
    let n: u32 = n
        .parse()
        .map_err(|_| "the match's number is a whole number")?;
    MatchKind::new(kind, n).map(Some).map_err(|e| e.to_string())
}

/// A new match: what ends it, and the id its record will have.
pub fn new_match(kind: MatchKind) -> Result<MatchPlay, String> {
    Ok(MatchPlay {
        kind: kind.to_string(),
        id: super::fresh_token()?,
        games: Vec::new(),
        left: false,
    })
}

/// The match as the `state` frame shows it (docs/server.md).
#[derive(Serialize)]
pub struct MatchView {
    /// `points` or `games`.
    kind: &'static str,
    /// Points to reach, or games to play.
    target: u32,
    /// This table's game's number in the match (from 1).
    game: usize,
    /// Each finished game's points (first seat, second seat), this one's
    /// included once it is over.
    games: Vec<[u32; 2]>,
    /// The running totals.
    total: [u32; 2],
    /// `first`, `second`, `draw` once the match is over, else `none`.
    winner: &'static str,
    /// The match record's id once the match is over.
    record: Option<String>,
}

/// The finished games' records: the games before, then this one's when over.
fn records(play: &MatchPlay, record: Option<&str>) -> Vec<String> {
    let mut all = play.games.clone();
    all.extend(record.map(str::to_string));
    all
}

/// What the `state` frame says of the match `play` (this table's finished
/// `record`, if any, counted); `None` when the games cannot be scored.
pub fn view(play: &MatchPlay, record: Option<&str>) -> Option<MatchView> {
    let kind: MatchKind = play.kind.parse().ok()?;
    let (m, _) = score_games(kind, &records(play, record)).ok().or_else(|| {
        // No game finished yet: an empty match.
        play.games.is_empty().then(|| {
            (
                virada::record::matchplay::Match::new(kind),
                [virada::game::Seat::Person; 2],
            )
        })
    })?;
    let over = m.is_over() || play.left;
    Some(MatchView {
        kind: kind.name(),
        target: kind.target(),
        game: play.games.len() + 1,
        games: m.games().to_vec(),
        total: m.totals(),
        winner: MatchVerdict::of(&m).as_str(),
        record: over.then(|| play.id.clone()),
    })
}

impl Actor {
    /// After a game of a match ended (its signed record kept): the next
    /// game's table opens (`next`), or, when the match is decided, its
    /// signed record is written and stored. Then the finished table's state
    /// is kept with it, and everyone hears.
    pub(super) async fn match_goes_on(&mut self) {
        let (Some(play), Some(record)) = (self.saved.play.clone(), self.record.clone()) else {
            return;
        };
        let Ok(kind) = play.kind.parse::<MatchKind>() else {
            tracing::error!("table {}: a match of no known kind", self.saved.id);
            return;
        };
        let all = records(&play, Some(&record));
        // Nobody left to play on: the bot does not play the match out alone.
        let left = !self
            .saved
            .seats
            .iter()
            .any(|h| matches!(h, Holder::Person { .. }));
        match score_games(kind, &all) {
            Ok((m, _)) if m.is_over() || left => {
                if let Some(p) = self.saved.play.as_mut() {
                    p.left = !m.is_over();
                }
                let keys = &self.keys;
                match write_match_signed(kind, &all, &keys.public_bytes(), |b| keys.sign(b)) {
                    Ok(text) => {
                        if let Err(e) = self.store.finish(&play.id, "match", text, now_ms()).await {
                            tracing::error!("match {}: the record was not stored: {e}", play.id);
                        }
                    }
                    Err(e) => tracing::error!("match {}: no record: {e}", play.id),
                }
            }
            Ok(_) => {
                let next = MatchPlay { games: all, ..play };
                match self.open_next(Some(next)) {
                    Ok(id) => self.saved.next = Some(id),
                    Err(e) => tracing::error!("table {}: no next game: {e}", self.saved.id),
                }
            }
            Err(e) => tracing::error!("table {}: the match cannot be scored: {e}", self.saved.id),
        }
        self.keep_finished().await;
        self.broadcast();
    }
}
