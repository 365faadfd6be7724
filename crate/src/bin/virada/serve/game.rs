//! The game at an online table, either game: the crate's [`Table`] for
//! Othello or Nabucodonosor behind one small interface the actor uses.

use serde::{Deserialize, Serialize};
use virada::game::fairness::Seed;
use virada::game::nabu::NabuGame;
use virada::game::Seat;
use virada::table::{Settings, Table};
use virada::Position;

use super::keys::Keys;

/// Which game, on which board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "game", rename_all = "kebab-case")]
pub enum Kind {
    /// Othello on 8×8.
    Othello,
    /// Nabucodonosor on `size`×`size`.
    Nabucodonosor {
        /// The board's side, 5 to 15.
        size: u32,
    },
}

impl Kind {
    /// The game's name as records write it.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Othello => "othello",
            Kind::Nabucodonosor { .. } => "nabucodonosor",
        }
    }

    /// The board's side.
    pub fn size(self) -> u32 {
        match self {
            Kind::Othello => 8,
            Kind::Nabucodonosor { size } => size,
        }
    }
}

/// A game of either kind.
#[derive(Clone, Debug)]
pub enum Game {
    /// Othello.
    Othello(Table<Position>),
    /// Nabucodonosor.
    Nabu(Table<NabuGame>),
}

/// The same call on either game.
macro_rules! each {
    ($game:expr, $t:ident => $e:expr) => {
        match $game {
            Game::Othello($t) => $e,
            Game::Nabu($t) => $e,
        }
    };
}

impl Game {
    /// A new game: seats are bots where `bots` says so (at `level`), the
    /// seed is the table's secret, `words` the two seats' words.
    pub fn new(
        kind: Kind,
        clock: u32,
        level: u8,
        bots: [bool; 2],
        words: &[String; 2],
        seed: Seed,
    ) -> Result<Game, String> {
        let seats = bots.map(|bot| {
            if bot {
                Seat::Bot { level }
            } else {
                Seat::Person
            }
        });
        let settings = Settings {
            seats,
            clock: (clock > 0).then_some(clock),
            seed: Some(seed),
            word: String::new(),
            handicap: None,
        };
        let mut game = match kind {
            Kind::Othello => Game::Othello(Table::othello(settings).map_err(|e| e.to_string())?),
            Kind::Nabucodonosor { size } => {
                Game::Nabu(Table::nabucodonosor(size, settings).map_err(|e| e.to_string())?)
            }
        };
        each!(&mut game, t => {
            // The table drew the seed in secret: it was not chosen.
            t.set_seed_chosen(false);
            t.set_words(words.clone()).map_err(|e| e.to_string())?;
        });
        Ok(game)
    }

    /// Replays stored moves.
    pub fn replay(&mut self, moves: &str) -> Result<(), String> {
        each!(self, t => t.replay_text(moves).map_err(|e| e.to_string()))
    }

    /// The side to move plays `text`.
    pub fn play(&mut self, text: &str) -> Result<(), String> {
        each!(self, t => t.play(text).map(|_| ()).map_err(|e| e.to_string()))
    }

    /// The table plays the time-out move.
    pub fn time_out(&mut self) -> Result<(), String> {
        each!(self, t => t.time_out().map(|_| ()).map_err(|e| e.to_string()))
    }

    /// Moves played, passes included.
    pub fn ply(&self) -> usize {
        each!(self, t => t.session().moves().len())
    }

    /// The seat whose turn it is.
    pub fn seat_to_move(&self) -> usize {
        each!(self, t => {
            let s = t.session();
            s.seat_of(virada::game::rules::Rules::side_to_move(s.rules()))
        })
    }

    /// Neither side can move.
    pub fn is_over(&self) -> bool {
        each!(self, t => t.session().is_over())
    }

    /// The moves as the record writes them.
    pub fn moves_text(&self) -> String {
        each!(self, t => t.moves_text())
    }

    /// The page's JSON snapshot (no seed in it).
    pub fn snapshot(&self) -> String {
        each!(self, t => t.snapshot())
    }

    /// The finished game's record with the seed, signed with the server's key.
    pub fn signed_record(&self, keys: &Keys) -> String {
        let text = each!(self, t => t.record(true));
        virada::record::sign(&text, &keys.public_bytes(), |bytes| keys.sign(bytes))
    }

    /// The bot's move at `level`; `None` when the game is over.
    pub fn bot_move(&self, level: u8) -> Option<String> {
        match self {
            Game::Othello(t) => {
                let s = t.session();
                if s.is_over() {
                    return None;
                }
                let ply = u32::try_from(s.moves().len()).unwrap_or(u32::MAX);
                let mut rng = virada::engine::bot::seeded_stream(&s.seed, ply);
                let mut engine = virada::engine::search::Engine::new(16 << 20);
                let choice = virada::engine::bot::choose_with(
                    &mut engine,
                    s.rules(),
                    level,
                    &mut rng,
                    // Node budgets bound levels 1-9; the top level thinks
                    // for a second, as in the page.
                    virada::engine::search::Budget::millis(
                        1000.0,
                        virada::engine::search::default_clock,
                    ),
                );
                Some(choice.mv.to_string())
            }
            Game::Nabu(t) => t.bot_move(level).map(|m| m.to_string()),
        }
    }

    /// The bot at `level` takes (or gives back) a person's seat: the record
    /// names it.
    pub fn set_bot(&mut self, seat: usize, level: u8, bot: bool) {
        each!(self, t => t.set_stand_in(seat, level, bot));
    }
}
