//! Either game at the table behind one type, [`AnyTable`]: what the page's
//! `GameTable` (the wasm boundary) and the server's online tables hold, with
//! the bot's move for either game.

use super::{event_json, Settings, SetupError, Snapshot, Table, TableError, View};
use crate::engine::search::{Budget, Engine};
use crate::game::fairness::Seed;
use crate::game::nabu::NabuGame;
use crate::game::rules::Rules;
use crate::game::session::Event;
use crate::game::GameKind;
use crate::Position;

/// A game at the table, Othello or Nabucodonosor.
#[derive(Clone, Debug)]
pub enum AnyTable {
    /// Othello.
    Othello(Table<Position>),
    /// Nabucodonosor.
    Nabucodonosor(Table<NabuGame>),
}

/// Runs `$body` with `$t` bound to the table inside, whichever the game.
macro_rules! each {
    ($table:expr, $t:ident => $body:expr) => {
        match $table {
            AnyTable::Othello($t) => $body,
            AnyTable::Nabucodonosor($t) => $body,
        }
    };
}

/// A turn's event as JSON (see [`event_json`]).
fn turn<R: View>(t: &Table<R>, event: Event<R::Move>) -> String {
    event_json::<R>(&event, t.session().rules().size())
}

impl AnyTable {
    /// The highest bot level a seat may hold in `kind`'s game.
    pub const fn max_level(kind: GameKind) -> u8 {
        match kind {
            GameKind::Othello => <Position as View>::MAX_LEVEL,
            GameKind::Nabucodonosor(_) => <NabuGame as View>::MAX_LEVEL,
        }
    }

    /// A fresh game of `kind` under `settings`; a Nabucodonosor board
    /// outside 5 to 15 is refused (`bad-size`).
    pub fn new(kind: GameKind, settings: Settings) -> Result<AnyTable, TableError> {
        match kind {
            GameKind::Othello => Table::othello(settings).map(AnyTable::Othello),
            GameKind::Nabucodonosor(n) => {
                Table::nabucodonosor(u32::from(n), settings).map(AnyTable::Nabucodonosor)
            }
        }
    }

    /// A fresh game named as the page names it: `othello`, or
    /// `nabucodonosor` on a board of side `size`, under the settings that
    /// `settings` reads given the game's highest bot level. Errors in that
    /// order: `bad-game`, the settings', `bad-size`.
    pub fn named(
        game: &str,
        size: u32,
        settings: impl FnOnce(u8) -> Result<Settings, SetupError>,
    ) -> Result<AnyTable, TableError> {
        match game {
            "othello" => {
                Table::othello(settings(<Position as View>::MAX_LEVEL)?).map(Self::Othello)
            }
            "nabucodonosor" => {
                let settings = settings(<NabuGame as View>::MAX_LEVEL)?;
                Table::nabucodonosor(size, settings).map(Self::Nabucodonosor)
            }
            other => Err(SetupError::Game(crate::text::excerpt(other)).into()),
        }
    }

    /// Which game, on which board.
    pub fn kind(&self) -> GameKind {
        each!(self, t => t.session().rules().kind())
    }

    /// Everything the page draws, as JSON (see [`Table::snapshot`]).
    pub fn snapshot(&self) -> String {
        each!(self, t => t.snapshot())
    }

    /// Everything the page draws, as a value (see [`Snapshot`]).
    pub fn to_snapshot(&self) -> Snapshot {
        each!(self, t => t.to_snapshot())
    }

    /// The side to move plays the move written `text`; the forced passes
    /// follow. Returns the event as JSON (see [`event_json`]).
    pub fn play(&mut self, text: &str) -> Result<String, TableError> {
        each!(self, t => t.play(text).map(|e| turn(t, e)))
    }

    /// The side to move plays `text` at the instant `now` (see
    /// [`Table::play_at`]); the event as JSON.
    pub fn play_at(&mut self, text: &str, now: u64) -> Result<String, TableError> {
        each!(self, t => t.play_at(text, now).map(|e| turn(t, e)))
    }

    /// Starts the side to move's game clock at `now` (see [`Table::start_clock`]).
    pub fn start_clock(&mut self, now: u64) {
        each!(self, t => t.start_clock(now))
    }

    /// The colour whose flag has fallen by `now`, if any (see
    /// [`Table::check_flag`]).
    pub fn check_flag(&mut self, now: u64) -> Option<crate::Color> {
        each!(self, t => t.check_flag(now))
    }

    /// The game clock at `now` (see [`Table::clock_state`]).
    pub fn clock_state(&self, now: u64) -> Option<super::ClockState> {
        self.timed().map(|t| super::clock::state_of(t, now))
    }

    /// The game ended off the board at `now`: both clocks stop (see
    /// [`Table::halt_clock`]).
    pub fn halt_clock(&mut self, now: u64) {
        each!(self, t => t.halt_clock(now))
    }

    /// The game clock at `now` as JSON (see [`Table::clock_json`]).
    pub fn clock_json(&self, now: u64) -> String {
        super::clock::json_of(self.timed(), now)
    }

    /// The table's clock in its notation, `None` for none.
    pub fn clock_control(&self) -> Option<crate::clock::TimeControl> {
        each!(self, t => t.clock_control())
    }

    /// The game clock's state with each ply's time (see [`Table::timed`]).
    pub fn timed(&self) -> Option<&crate::game::timed::Timed> {
        each!(self, t => t.timed())
    }

    /// Resumes a replayed table's game clock (see [`Table::restore_clock`]).
    pub fn restore_clock(
        &mut self,
        times: Vec<u32>,
        remaining_ms: [u64; 2],
        since: u64,
    ) -> Result<(), TableError> {
        each!(self, t => t.restore_clock(times, remaining_ms, since))
    }

    /// The clock ran out: the table plays the time-out move, marked, then
    /// the forced passes. Returns the event as JSON.
    pub fn time_out(&mut self) -> Result<String, TableError> {
        each!(self, t => t.time_out().map(|e| turn(t, e)))
    }

    /// The cells the move `text` would turn over now (empty when it is not legal).
    pub fn preview(&self, text: &str) -> Vec<usize> {
        each!(self, t => t.preview(text))
    }

    /// Nabucodonosor: the legal captures containing cell `index`, in the
    /// order repeated taps cycle through them (see
    /// [`Table::captures_at`]). Othello: none.
    pub fn captures_at(&self, index: usize) -> Vec<String> {
        match self {
            AnyTable::Othello(_) => Vec::new(),
            AnyTable::Nabucodonosor(t) => t.captures_at(index),
        }
    }

    /// Replays moves written as the record writes them, each checked.
    pub fn replay_text(&mut self, moves: &str) -> Result<(), TableError> {
        each!(self, t => t.replay_text(moves))
    }

    /// The person to move takes a hint (see [`Table::hint`]).
    pub fn hint(&mut self) -> Result<(), TableError> {
        each!(self, t => t.hint())
    }

    /// The person to move takes back their last move (see [`Table::undo`]);
    /// returns how many plies were taken back.
    pub fn undo(&mut self) -> Result<usize, TableError> {
        each!(self, t => t.undo())
    }

    /// Restores a stored game's hints and undos (see [`Table::set_assists`]).
    pub fn set_assists(&mut self, text: &str) -> Result<(), TableError> {
        each!(self, t => t.set_assists(text))
    }

    /// Makes the game rated (no hint, no undo) or casual.
    pub fn set_rated(&mut self, rated: bool) {
        each!(self, t => t.set_rated(rated))
    }

    /// Sets Othello's handicap before the first move (see [`Table::set_handicap`]).
    pub fn set_handicap(&mut self, text: &str) -> Result<(), TableError> {
        each!(self, t => t.set_handicap(text))
    }

    /// Sets who decides the colours before the first move (see
    /// [`Table::set_colours`]).
    pub fn set_colours(&mut self, colours: crate::game::Colours) -> bool {
        each!(self, t => t.set_colours(colours))
    }

    /// Marks the seed as chosen or secret.
    pub fn set_seed_chosen(&mut self, chosen: bool) {
        each!(self, t => t.set_seed_chosen(chosen))
    }

    /// Each seat's contribution, before the first move (see
    /// [`Table::set_contributions`]).
    pub fn set_contributions(
        &mut self,
        contributions: [crate::game::fairness::Contribution; 2],
    ) -> Result<(), TableError> {
        each!(self, t => t.set_contributions(contributions))
    }

    /// A word from each seat, before the first move (see [`Table::set_words`]).
    pub fn set_words(&mut self, words: [String; 2]) -> Result<(), TableError> {
        each!(self, t => t.set_words(words))
    }

    /// The bot takes (or gives back) the seat of a person who left (see
    /// [`Table::set_stand_in`]).
    pub fn set_stand_in(&mut self, seat: usize, level: u8, stand_in: bool) {
        each!(self, t => t.set_stand_in(seat, level, stand_in))
    }

    /// The game's secret seed.
    pub fn seed(&self) -> &Seed {
        each!(self, t => &t.session().seed)
    }

    /// Moves played, passes included.
    pub fn ply(&self) -> usize {
        each!(self, t => t.session().moves().len())
    }

    /// The seat (0 or 1) whose turn it is.
    pub fn seat_to_move(&self) -> usize {
        each!(self, t => {
            let s = t.session();
            s.seat_of(s.rules().side_to_move())
        })
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        each!(self, t => t.session().is_over())
    }

    /// Every move so far as the record writes them (see [`Table::moves_text`]).
    pub fn moves_text(&self) -> String {
        each!(self, t => t.moves_text())
    }

    /// The game's record, with the seed when `reveal`.
    pub fn record(&self, reveal: bool) -> String {
        each!(self, t => t.record(reveal))
    }

    /// Othello's GGF export; `wrong-game` for Nabucodonosor.
    pub fn ggf(&self) -> Result<String, TableError> {
        match self {
            AnyTable::Othello(t) => Ok(t.ggf()),
            AnyTable::Nabucodonosor(_) => Err(TableError::WrongGame),
        }
    }

    /// The bot's move at `level`, written as the record writes it; `None`
    /// once the game is over. Othello's comes from the search (tables of
    /// `table_bytes`, stopping at `budget`), Nabucodonosor's from its
    /// playouts; both draw from the game's seed and ply, so a game replays.
    pub fn bot_move(&self, level: u8, table_bytes: usize, budget: Budget<'_>) -> Option<String> {
        match self {
            AnyTable::Othello(t) => {
                let mut engine = Engine::new(table_bytes);
                t.bot_move(level, &mut engine, budget)
                    .map(|m| m.to_string())
            }
            AnyTable::Nabucodonosor(t) => t.bot_move(level).map(|m| m.to_string()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(max: u8) -> Result<Settings, SetupError> {
        Settings::parse("person,bot", 2, "", &"ab".repeat(32), "", max)
    }

    #[test]
    fn either_game_answers_through_one_type() {
        let mut o = AnyTable::named("othello", 0, settings).unwrap();
        assert_eq!(o.kind(), GameKind::Othello);
        assert!(o.play("f5").unwrap().starts_with("{\"move\":\"f5\""));
        let reply = o.bot_move(2, 1 << 16, Budget::unlimited()).expect("a move");
        o.play(&reply).unwrap();
        assert_eq!(o.ply(), 2);
        assert!(o.ggf().is_ok());

        let mut n = AnyTable::named("nabucodonosor", 6, settings).unwrap();
        assert_eq!(n.kind(), GameKind::Nabucodonosor(6));
        let first = n.bot_move(2, 1 << 16, Budget::unlimited()).expect("a move");
        n.play(&first).unwrap();
        assert_eq!(n.moves_text(), first);
        assert_eq!(n.ggf().unwrap_err().code(), "wrong-game");

        assert_eq!(
            AnyTable::named("go", 9, settings).unwrap_err().code(),
            "bad-game"
        );
        let huge = AnyTable::named("nabucodonosor", 300, settings).unwrap_err();
        assert_eq!(huge.code(), "bad-size");
        let level = AnyTable::named("nabucodonosor", 6, |_| {
            Settings::parse(
                "bot:9,person",
                2,
                "",
                "",
                "",
                AnyTable::max_level(GameKind::Nabucodonosor(6)),
            )
        });
        assert_eq!(level.unwrap_err().code(), "bad-level");
    }
}
