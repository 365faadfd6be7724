//! The game at an online table, either game: the library's
//! [`AnyTable`] behind the small interface the actor uses, with its errors
//! as text and its finished record signed.

use virada::clock::TimeControl;
use virada::engine::search::{default_clock, Budget};
use virada::game::fairness::{Contribution, Seed};
use virada::game::{GameKind, Seat};
use virada::table::{AnyTable, Settings};

use super::keys::Keys;

/// A new table's handicap checked by the library as a table of `kind`
/// would take it: its short form written again (empty for none), or the
/// library's refusal, code and message (`handicap-othello-only` for
/// Nabucodonosor; `bad-handicap`, `bad-corner`, `empty-handicap` for a text
/// that is not a handicap).
pub fn check_handicap(kind: GameKind, text: &str) -> Result<String, (&'static str, String)> {
    let refusal = |e: virada::table::TableError| (e.code(), e.to_string());
    let settings = Settings {
        seats: [Seat::Person; 2],
        clock: None,
        seed: None,
        word: String::new(),
        handicap: None,
    };
    let settings = settings
        .with_handicap(text)
        .map_err(|e| refusal(e.into()))?;
    let Some(handicap) = settings.handicap else {
        return Ok(String::new());
    };
    AnyTable::new(kind, settings).map_err(refusal)?;
    Ok(handicap.to_string())
}

/// A game of either kind.
#[derive(Clone, Debug)]
pub struct Game(AnyTable);

impl Game {
    /// A new game: seats are bots where `bots` says so (at `level`), the
    /// seed is the table's secret, `words` the two seats' words and
    /// `randoms` their random values (the colour draw's version 3), or
    /// `None` for a table stored before contributions (version 2).
    pub fn new(
        kind: GameKind,
        clock: u32,
        level: u8,
        bots: [bool; 2],
        words: &[String; 2],
        randoms: Option<[Option<[u8; 32]>; 2]>,
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
            clock: (clock > 0).then_some(TimeControl::PerMove { seconds: clock }),
            seed: Some(seed),
            word: String::new(),
            handicap: None,
        };
        let mut table = AnyTable::new(kind, settings).map_err(|e| e.to_string())?;
        // The table drew the seed in secret: it was not chosen.
        table.set_seed_chosen(false);
        match randoms {
            Some([a, b]) => {
                let [first, second] = words.clone();
                let contributions = [
                    Contribution {
                        random: a,
                        word: first,
                    },
                    Contribution {
                        random: b,
                        word: second,
                    },
                ];
                table.set_contributions(contributions)
            }
            None => table.set_words(words.clone()),
        }
        .map_err(|e| e.to_string())?;
        Ok(Game(table))
    }

    /// Sets Othello's handicap (V2) from its short form before the first
    /// move (empty for none): the library starts again from the handicap's
    /// start, which follows the colours the contributions drew.
    pub fn set_handicap(&mut self, text: &str) -> Result<(), String> {
        self.0.set_handicap(text).map_err(|e| e.to_string())
    }

    /// Replays stored moves.
    pub fn replay(&mut self, moves: &str) -> Result<(), String> {
        self.0.replay_text(moves).map_err(|e| e.to_string())
    }

    /// The side to move plays `text`.
    pub fn play(&mut self, text: &str) -> Result<(), String> {
        self.0.play(text).map(|_| ()).map_err(|e| e.to_string())
    }

    /// The table plays the time-out move.
    pub fn time_out(&mut self) -> Result<(), String> {
        self.0.time_out().map(|_| ()).map_err(|e| e.to_string())
    }

    /// Moves played, passes included.
    pub fn ply(&self) -> usize {
        self.0.ply()
    }

    /// Discs (or pieces) on the board, seat by seat.
    pub fn score(&self) -> [u32; 2] {
        use virada::Color;
        fn by_seat<R: virada::game::rules::Rules>(
            s: &virada::game::session::Session<R>,
        ) -> [u32; 2] {
            let [dark, light] = s.rules().counts();
            let mut score = [0; 2];
            score[s.seat_of(Color::Dark)] = dark;
            score[s.seat_of(Color::Light)] = light;
            score
        }
        match &self.0 {
            AnyTable::Othello(t) => by_seat(t.session()),
            AnyTable::Nabucodonosor(t) => by_seat(t.session()),
        }
    }

    /// The seat whose turn it is.
    pub fn seat_to_move(&self) -> usize {
        self.0.seat_to_move()
    }

    /// Neither side can move.
    pub fn is_over(&self) -> bool {
        self.0.is_over()
    }

    /// The moves as the record writes them.
    pub fn moves_text(&self) -> String {
        self.0.moves_text()
    }

    /// The page's JSON snapshot (no seed in it).
    pub fn snapshot(&self) -> String {
        self.0.snapshot()
    }

    /// The finished game's record with the seed, not yet signed.
    pub fn record_text(&self) -> String {
        self.0.record(true)
    }

    /// The bot's move at `level`; `None` when the game is over. Node budgets
    /// bound levels 1-9; the top level thinks for a second, as in the page.
    pub fn bot_move(&self, level: u8) -> Option<String> {
        self.0
            .bot_move(level, 16 << 20, Budget::millis(1000.0, default_clock))
    }

    /// The bot at `level` takes (or gives back) a person's seat: the record
    /// names it.
    pub fn set_bot(&mut self, seat: usize, level: u8, bot: bool) {
        self.0.set_stand_in(seat, level, bot);
    }
}

/// A record's text signed with the server's key.
pub fn sign(text: &str, keys: &Keys) -> String {
    virada::record::sign(text, &keys.public_bytes(), |bytes| keys.sign(bytes))
}
