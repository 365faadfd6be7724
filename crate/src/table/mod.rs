//! What the page needs from a game in one call, for either game: a [`Table`]
//! wraps a [`Session`] set up from checked [`Settings`], plays the moves
//! people, bots and the clock make (each returning what happened, forced
//! passes included), and describes everything the page draws as one small
//! [`Snapshot`], written as JSON for the page. [`AnyTable`] holds either game's table behind one type,
//! for the page's wasm boundary and the server.
//!
//! The page never decides a rule: legal moves, flips and captures, passes,
//! the time-out move and the result all come from here.

mod any;
mod clock;
mod nabu;
mod othello;
mod settings;
mod snapshot;

pub use any::AnyTable;
pub use clock::ClockState;
pub use nabu::{nabu_bot_move, nabu_bot_move_within, BOT_STREAM};
pub use settings::{Settings, SetupError};
pub use snapshot::{event_json, GameFields, Snapshot};

use crate::game::fairness::Seed;
use crate::game::rules::Rules;
use crate::game::session::{Event, Session};
use crate::game::timed::Timed;
use crate::game::{Colours, Seat};
use std::fmt;

/// Why a table refused something.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableError {
    /// The settings are out of range.
    Setup(SetupError),
    /// A move that cannot be read.
    Move(String),
    /// A move the rules refuse: the rule set's code and message.
    Illegal {
        /// The rule set's stable code (`no-flips`, `superko`, …).
        code: &'static str,
        /// In plain English.
        message: String,
    },
    /// A stored move marked as the table's is not the time-out move, or was
    /// made with the clock off.
    TableMove(usize),
    /// Asked of the other game (e.g. a GGF export of Nabucodonosor).
    WrongGame,
    /// Stored hints and undos that cannot be read.
    Assists(String),
    /// A hint or an undo at a rated table (a match, the online table).
    Rated,
    /// A hint or an undo when it is not a person's turn against the bot, or
    /// an undo with no move of the person's to take back.
    NoAssist,
    /// Refused by the game clock: its stable code (`clock-needs-time`, a
    /// move with no instant under a game clock; `no-table-move`, the
    /// table's move asked under one; `flag-fell`, a move after the flag;
    /// `clock-no-undo`; `bad-clock-state`, a restore that does not fit the
    /// game) and what was wrong.
    Clock(&'static str, &'static str),
}

impl TableError {
    /// A stable code for the user interface to translate.
    pub fn code(&self) -> &'static str {
        match self {
            TableError::Setup(e) => e.code(),
            TableError::Move(_) => "bad-move",
            TableError::Illegal { code, .. } => code,
            TableError::TableMove(_) => "table-move-mismatch",
            TableError::WrongGame => "wrong-game",
            TableError::Assists(_) => "bad-assists",
            TableError::Rated => "rated",
            TableError::NoAssist => "nothing-to-undo",
            TableError::Clock(code, _) => code,
        }
    }

    fn illegal<R: Rules>(e: R::Illegal) -> TableError {
        TableError::Illegal {
            code: R::illegal_code(&e),
            message: e.to_string(),
        }
    }
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableError::Setup(e) => write!(f, "{e}"),
            TableError::Move(s) => write!(f, "cannot read the move {s:?}"),
            TableError::Illegal { message, .. } => f.write_str(message),
            TableError::TableMove(ply) => write!(
                f,
                "move {ply} is marked as the table's but is not the time-out move"
            ),
            TableError::WrongGame => f.write_str("this game has no such thing"),
            TableError::Assists(s) => write!(f, "cannot read the hints and undos {s:?}"),
            TableError::Rated => f.write_str("no hint and no undo at a rated table"),
            TableError::NoAssist => f.write_str(
                "a hint or an undo is for a person's turn against the bot, after a move of theirs",
            ),
            TableError::Clock(_, message) => f.write_str(message),
        }
    }
}

impl std::error::Error for TableError {}

impl From<SetupError> for TableError {
    fn from(e: SetupError) -> Self {
        TableError::Setup(e)
    }
}

/// What a game adds to the table's snapshot, and the page's questions that
/// only it answers.
pub trait View: Rules {
    /// The game's name in the snapshot: `othello` or `nabucodonosor`.
    const NAME: &'static str;
    /// The highest bot level a seat may hold (the lowest is 1): the
    /// game's bot's.
    const MAX_LEVEL: u8;
    /// Writes the game's own snapshot fields.
    fn extra_json(session: &Session<Self>, o: &mut crate::json::Object<'_>);
    /// The game's own snapshot fields, as a value (the same as
    /// [`View::extra_json`] writes).
    fn fields(session: &Session<Self>) -> GameFields;
    /// The cell a move places a disc on, if it does.
    fn placed(mv: Self::Move, size: usize) -> Option<usize>;
    /// The cells `mv` would turn over now, empty when it is not legal.
    fn preview(&self, mv: Self::Move) -> Vec<usize>;
    /// Sets a handicap (V2) before the first move: Othello starts again
    /// from it; Nabucodonosor refuses (`handicap-othello-only`).
    fn set_handicap(
        session: &mut Session<Self>,
        handicap: Option<crate::game::handicap::Handicap>,
    ) -> Result<(), SetupError>;
}

/// A game at the table.
#[derive(Clone, Debug)]
pub struct Table<R: Rules> {
    session: Session<R>,
    /// The last turn's move (before its forced passes) and its turned cells.
    last: Option<(R::Move, Vec<usize>)>,
}

impl<R: View> Table<R> {
    /// A fresh game from `start` under `settings` (checked here again); with
    /// no seed in the settings a secret one is drawn.
    pub fn new(start: R, settings: Settings) -> Result<Table<R>, TableError> {
        settings.check(R::MAX_LEVEL)?;
        let chosen = settings.seed.is_some();
        let seed = match settings.seed {
            Some(seed) => seed,
            None => Seed::generate().map_err(SetupError::Random)?,
        };
        let per_move = settings.clock.and_then(|c| c.per_move());
        let mut session = Session::new(start, settings.seats, per_move, seed, settings.word);
        session.timed = settings.clock.and_then(Timed::new);
        session.seed_chosen = chosen;
        if settings.handicap.is_some() {
            R::set_handicap(&mut session, settings.handicap)?;
        }
        Ok(Table {
            session,
            last: None,
        })
    }

    /// The game inside.
    pub fn session(&self) -> &Session<R> {
        &self.session
    }

    /// A word from each seat (the online table), before the first move: the
    /// colour draw is then version 2 and so is the record. Each word at
    /// most [`crate::record::MAX_WORD_BYTES`] bytes.
    pub fn set_words(&mut self, words: [String; 2]) -> Result<(), TableError> {
        for word in &words {
            if word.len() > crate::record::MAX_WORD_BYTES {
                return Err(SetupError::Word(word.len()).into());
            }
        }
        let [first, second] = words;
        self.session.word = first;
        self.session.second_word = Some(second);
        // The colours may have changed: a handicap's start follows them.
        let handicap = self.session.handicap;
        if handicap.is_some() && self.session.moves().is_empty() {
            R::set_handicap(&mut self.session, handicap)?;
        }
        Ok(())
    }

    /// Each seat's contribution (the online table), before the first move:
    /// a random value (or none) and a word each. The colour draw is then
    /// version 3 and so is the record. Each word at most
    /// [`crate::record::MAX_WORD_BYTES`] bytes.
    pub fn set_contributions(
        &mut self,
        contributions: [crate::game::fairness::Contribution; 2],
    ) -> Result<(), TableError> {
        let [first, second] = contributions;
        let randoms = [first.random, second.random];
        self.set_words([first.word, second.word])?;
        self.session.randoms = Some(randoms);
        let handicap = self.session.handicap;
        if handicap.is_some() && self.session.moves().is_empty() {
            R::set_handicap(&mut self.session, handicap)?;
        }
        Ok(())
    }

    /// The bot takes the seat of a person who left (`true`), or gives it
    /// back (`false`): the seat plays as a bot at the table's level, and the
    /// record writes it `bot N for person`.
    pub fn set_stand_in(&mut self, seat: usize, level: u8, stand_in: bool) {
        let seat = seat.min(1);
        self.session.stand_in[seat] = stand_in;
        self.session.seats[seat] = match stand_in {
            true => Seat::Bot { level },
            false => Seat::Person,
        };
    }

    /// Makes the game rated (a match) or casual: a rated game has no hint
    /// and no undo. A table with a word from each seat (the online table)
    /// is always rated.
    pub fn set_rated(&mut self, rated: bool) {
        self.session.rated = rated;
    }

    /// Whether hints and undos are refused: a match, or the online table.
    pub fn is_rated(&self) -> bool {
        self.session.rated || self.session.second_word.is_some()
    }

    /// The person to move, in a game against the bot, may ask for help.
    fn assist_allowed(&self) -> Result<(), TableError> {
        if self.is_rated() {
            return Err(TableError::Rated);
        }
        let g = &self.session;
        let against_bot = g.seats.iter().any(|s| matches!(s, Seat::Bot { .. }));
        let person_to_move = g.seats[g.seat_of(g.rules().side_to_move())] == Seat::Person;
        if g.is_over() || !against_bot || !person_to_move {
            return Err(TableError::NoAssist);
        }
        Ok(())
    }

    /// The person to move asks for a hint: noted in the record (`hint P`,
    /// P the ply about to be played). The hint itself (the bot's best move
    /// and its value) comes from the engine's analysis of the position.
    /// Errors: `rated`, `nothing-to-undo` (not a person's turn against the
    /// bot, or the game is over).
    pub fn hint(&mut self) -> Result<(), TableError> {
        self.assist_allowed()?;
        self.session.note_hint();
        Ok(())
    }

    /// The person to move takes back their last move: every ply since
    /// their previous turn (the bot's replies and the forced passes) and
    /// their own move, noted in the record (`undo P K`). Returns how many
    /// plies were taken back. Errors: `rated`, `nothing-to-undo` (not a
    /// person's turn against the bot, or no move of theirs yet).
    pub fn undo(&mut self) -> Result<usize, TableError> {
        self.assist_allowed()?;
        if self.session.timed.is_some() {
            return Err(clock::NO_UNDO);
        }
        let g = &self.session;
        let me = g.rules().side_to_move();
        // The last ply this colour made by choice (not a forced pass).
        let mine = g
            .moves()
            .iter()
            .zip(g.movers())
            .rposition(|(p, c)| *c == me && p.mv != R::pass_move());
        let Some(at) = mine else {
            return Err(TableError::NoAssist);
        };
        let back = g.moves().len() - at;
        let taken = self.session.take_back(back);
        // What the board now shows last: the ply before, if any.
        self.last = self
            .session
            .moves()
            .iter()
            .rev()
            .find(|p| p.mv != R::pass_move())
            .map(|p| (p.mv, Vec::new()));
        Ok(taken)
    }

    /// The hints and undos so far, as the record writes them (`hint 3,
    /// undo 8 2`), empty for none.
    pub fn assists_text(&self) -> String {
        let texts: Vec<String> = self.session.assists.iter().map(|a| a.to_string()).collect();
        texts.join(", ")
    }

    /// Restores the hints and undos of a stored game, written as
    /// [`Table::assists_text`] gives them (empty for none). Errors:
    /// `bad-assists`, `rated` (a rated table has none).
    pub fn set_assists(&mut self, text: &str) -> Result<(), TableError> {
        if text.trim().is_empty() {
            self.session.assists.clear();
            return Ok(());
        }
        if self.is_rated() {
            return Err(TableError::Rated);
        }
        let assists = crate::record::read_assists(text)
            .ok_or_else(|| TableError::Assists(crate::text::excerpt(text)))?;
        self.session.assists = assists;
        Ok(())
    }

    /// Sets the handicap (V2) written in its short form (`seat2:first:a1,h8`,
    /// empty or `none` for none) before the first move: the game starts
    /// again from it. Errors: `bad-handicap`, `bad-corner`, `empty-handicap`,
    /// `handicap-othello-only`, `handicap-after-start`.
    pub fn set_handicap(&mut self, text: &str) -> Result<(), TableError> {
        let handicap =
            crate::game::handicap::Handicap::parse_optional(text).map_err(SetupError::Handicap)?;
        if !self.session.moves().is_empty() {
            return Err(SetupError::Handicap(crate::game::handicap::HandicapError::Started).into());
        }
        R::set_handicap(&mut self.session, handicap)?;
        self.last = None;
        self.restart_clock();
        Ok(())
    }

    /// Sets who decides the colours ([`Colours`]) before the first move:
    /// a tournament's pairing gives dark to the first seat, the pairing's
    /// first mover (W7), and the record then names the tournament and the
    /// round. `false`, and nothing changed, once a move is played or when
    /// a handicap is set: a game the pairing sets has none, its first
    /// mover plays dark and moves first (and a record with both would be
    /// checked by the draw, the rule of tournament records written before).
    pub fn set_colours(&mut self, colours: Colours) -> bool {
        if !self.session.moves().is_empty() || self.session.handicap.is_some() {
            return false;
        }
        self.session.colours = colours;
        true
    }

    /// Marks the seed as chosen or secret (e.g. when restoring a stored game).
    pub fn set_seed_chosen(&mut self, chosen: bool) {
        self.session.seed_chosen = chosen;
    }

    fn read(text: &str) -> Result<R::Move, TableError> {
        R::parse_move(text).ok_or_else(|| TableError::Move(crate::text::excerpt(text)))
    }

    /// The side to move plays the move written `text` (`f5`, `c3:e4`, `swap`,
    /// a pass when forced); the forced passes follow. Under a game clock or
    /// correspondence a move needs its instant: `clock-needs-time` (see
    /// [`Table::play_at`]).
    pub fn play(&mut self, text: &str) -> Result<Event<R::Move>, TableError> {
        if self.session.timed.is_some() {
            return Err(clock::NEEDS_TIME);
        }
        let mv = Self::read(text)?;
        let event = self.session.turn(mv).map_err(TableError::illegal::<R>)?;
        self.last = Some((event.mv, event.changed.clone()));
        Ok(event)
    }

    /// The clock a move ran out: the table plays the time-out move, marked,
    /// then the forced passes. Never under a game clock or correspondence
    /// (T22): `no-table-move`.
    pub fn time_out(&mut self) -> Result<Event<R::Move>, TableError> {
        if self.session.timed.is_some() {
            return Err(clock::NO_TABLE_MOVE);
        }
        let event = self.session.time_out().ok_or_else(|| TableError::Illegal {
            code: "game-over",
            message: "the game is over".to_string(),
        })?;
        self.last = Some((event.mv, event.changed.clone()));
        Ok(event)
    }

    /// The cells the move `text` would turn over now (empty when it is not legal).
    pub fn preview(&self, text: &str) -> Vec<usize> {
        R::parse_move(text).map_or_else(Vec::new, |mv| self.session.rules().preview(mv))
    }

    /// Replays stored plies `(text, by the table)`, each checked (a table's
    /// move must be the time-out move, with the clock on), then any forced
    /// pass: how the page restores a stored game.
    pub fn replay<'a>(
        &mut self,
        plies: impl IntoIterator<Item = (&'a str, bool)>,
    ) -> Result<(), TableError> {
        for (text, by_table) in plies {
            let mv = Self::read(text)?;
            let ply = self.session.moves().len() + 1;
            if by_table
                && (self.session.clock.is_none() || self.session.rules().timeout_move() != Some(mv))
            {
                return Err(TableError::TableMove(ply));
            }
            let changed = self
                .session
                .play(mv, by_table)
                .map_err(TableError::illegal::<R>)?;
            if mv != R::pass_move() {
                self.last = Some((mv, changed));
            }
        }
        self.session.forced_passes();
        Ok(())
    }

    /// Replays moves written as the record writes them (`f5 *d3 PA`,
    /// `d3 *c3:e4 swap pass`).
    pub fn replay_text(&mut self, moves: &str) -> Result<(), TableError> {
        self.replay(moves.split_whitespace().map(|w| match w.strip_prefix('*') {
            Some(rest) => (rest, true),
            None => (w, false),
        }))
    }

    /// The game's record, with the seed when `reveal` (see [`crate::record`]).
    pub fn record(&self, reveal: bool) -> String {
        crate::record::write(&self.session, reveal)
    }

    /// Every move so far as the record writes them, space separated, `*`
    /// before a table's move.
    pub fn moves_text(&self) -> String {
        let texts: Vec<String> = self.session.moves().iter().map(|m| m.to_string()).collect();
        texts.join(" ")
    }
}
