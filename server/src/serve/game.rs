//! The game at an online table, either game: the library's
//! [`AnyTable`] behind the small interface the actor uses, with its errors
//! as text and its finished record signed.

use virada::engine::search::{default_clock, Budget};
use virada::game::fairness::{Contribution, Seed};
use virada::game::rules::Rules as _;
use virada::game::timed::Timed;
use virada::game::{Colours, GameKind, Seat};
use virada::table::{AnyTable, Settings};
use virada::Color;

use super::keys::Keys;

/// An instant as the library's clock takes it (one before the epoch is 0).
fn instant(now: i64) -> u64 {
    u64::try_from(now).unwrap_or(0)
}

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

/// A game of either kind; under a game clock or correspondence the
/// library's table runs the clock on the instants the actor gives it.
#[derive(Clone, Debug)]
pub struct Game {
    table: AnyTable,
    /// The seat the colour draw gave dark ([`Session::dark_seat`]), drawn
    /// once (or the first, in a tournament's game: [`Game::set_colours`]): the draw hashes the seed with both contributions (SHA-256),
    /// and the frame's clocks and the score ask whose colour is whose at
    /// every move. Nothing changes it once the words are set.
    ///
    /// [`Session::dark_seat`]: virada::game::session::Session::dark_seat
    draw: usize,
}

/// A game's clocks as a frame shows them: seat by seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Clocks {
    /// Each seat's time left at the frame's `now`, in milliseconds.
    pub remaining: [u64; 2],
    /// The seat whose clock runs, `None` before the start and after the end.
    pub running: Option<usize>,
}

impl Game {
    /// A new game: seats are bots where `bots` says so (at `level`), the
    /// seed is the table's secret, `words` the two seats' words and
    /// `randoms` their random values (the colour draw's version 3), or
    /// `None` for a table stored before contributions (version 2).
    pub fn new(
        kind: GameKind,
        clock: super::clock::Clock,
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
            clock,
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
        let draw = match &table {
            AnyTable::Othello(t) => t.session().dark_seat(),
            AnyTable::Nabucodonosor(t) => t.session().dark_seat(),
        };
        Ok(Game { table, draw })
    }

    /// Sets who decides the colours before the first move: a
    /// tournament's pairing gives dark to the first seat (W7), whatever
    /// the draw; refused once a move is played or with a handicap set.
    pub fn set_colours(&mut self, colours: Colours) -> Result<(), String> {
        if !self.table.set_colours(colours) {
            return Err("the colours are set before the first move, with no handicap".into());
        }
        self.draw = match &self.table {
            AnyTable::Othello(t) => t.session().dark_seat(),
            AnyTable::Nabucodonosor(t) => t.session().dark_seat(),
        };
        Ok(())
    }

    /// Sets Othello's handicap (V2) from its short form before the first
    /// move (empty for none): the library starts again from the handicap's
    /// start, which follows the colours the contributions drew.
    pub fn set_handicap(&mut self, text: &str) -> Result<(), String> {
        self.table.set_handicap(text).map_err(|e| e.to_string())
    }

    /// Replays stored moves.
    pub fn replay(&mut self, moves: &str) -> Result<(), String> {
        self.table.replay_text(moves).map_err(|e| e.to_string())
    }

    /// The side to move plays `text` at `now` (ms since the epoch): under
    /// a game clock its thinking time is charged and the increment added,
    /// the forced passes charged nothing; a move after its flag fell is
    /// refused (`flag-fell`) and the game is then lost on time.
    pub fn play(&mut self, text: &str, now: i64) -> Result<(), String> {
        self.table
            .play_at(text, instant(now))
            .map(|_| ())
            .map_err(|e| e.to_string())
    }

    /// The seat playing `color`: the draw's, exchanged once Nabucodonosor's
    /// pie rule swapped the colours (as [`Session::seat_of`] says, without
    /// drawing again).
    ///
    /// [`Session::seat_of`]: virada::game::session::Session::seat_of
    fn seat_of(&self, color: Color) -> usize {
        let swapped = match &self.table {
            AnyTable::Othello(t) => t.session().rules().swapped(),
            AnyTable::Nabucodonosor(t) => t.session().rules().swapped(),
        };
        let dark = self.draw ^ usize::from(swapped);
        match color {
            Color::Dark => dark,
            Color::Light => 1 - dark,
        }
    }

    /// Starts the clock of the side to move at `now` (the game's start),
    /// once.
    pub fn start_clock(&mut self, now: i64) {
        self.table.start_clock(instant(now));
    }

    /// Whether a flag has fallen by `now` (noted: the game is then lost on
    /// time by that side).
    pub fn flag(&mut self, now: i64) -> bool {
        self.table.check_flag(instant(now)).is_some()
    }

    /// When the running side's flag falls (ms since the epoch), if a clock
    /// runs.
    pub fn flag_at(&self) -> Option<i64> {
        let clock = &self.table.timed()?.clock;
        let side = clock.running?;
        i64::try_from(clock.since.saturating_add(clock.remaining_ms[side])).ok()
    }

    /// The seat that lost on time, if a flag fell.
    pub fn lost_on_time(&self) -> Option<usize> {
        let loser = self.table.timed()?.loser()?;
        Some(self.seat_of(loser))
    }

    /// The game ended off the board at `now` (a resignation, an abort):
    /// both clocks stop there.
    pub fn halt_clock(&mut self, now: i64) {
        self.table.halt_clock(instant(now));
    }

    /// Both seats' clocks as they stopped when the game was cut short
    /// ([`Game::halt_clock`]; kept with the table, so a restart shows the
    /// same): nothing runs, whenever asked.
    pub fn stopped_clocks(&self) -> Option<Clocks> {
        let since = self.table.timed()?.clock.since;
        let mut clocks = self.clocks(i64::try_from(since).unwrap_or(i64::MAX))?;
        clocks.running = None;
        Some(clocks)
    }

    /// Both seats' clocks at `now`, under a game clock or correspondence.
    pub fn clocks(&self, now: i64) -> Option<Clocks> {
        let state = self.table.clock_state(instant(now))?;
        let mut remaining = [0; 2];
        remaining[self.seat_of(Color::Dark)] = state.left[0];
        remaining[self.seat_of(Color::Light)] = state.left[1];
        Some(Clocks {
            remaining,
            running: state.running.map(|c| self.seat_of(c)),
        })
    }

    /// The clock's state as the table keeps it (with each ply's time).
    pub fn timed(&self) -> Option<&Timed> {
        self.table.timed()
    }

    /// Resumes the clock as kept with the last move, after the moves were
    /// replayed (a restart, a takeover); nothing for `None`.
    pub fn set_timed(&mut self, timed: Option<&Timed>) -> Result<(), String> {
        let Some(t) = timed else {
            return Ok(());
        };
        self.table
            .restore_clock(t.times.clone(), t.clock.remaining_ms, t.clock.since)
            .map_err(|e| e.to_string())
    }

    /// The table plays the time-out move.
    pub fn time_out(&mut self) -> Result<(), String> {
        self.table.time_out().map(|_| ()).map_err(|e| e.to_string())
    }

    /// Moves played, passes included.
    pub fn ply(&self) -> usize {
        self.table.ply()
    }

    /// Discs (or pieces) on the board, seat by seat.
    pub fn score(&self) -> [u32; 2] {
        let [dark, light] = match &self.table {
            AnyTable::Othello(t) => t.session().rules().counts(),
            AnyTable::Nabucodonosor(t) => t.session().rules().counts(),
        };
        let mut score = [0; 2];
        score[self.seat_of(Color::Dark)] = dark;
        score[self.seat_of(Color::Light)] = light;
        score
    }

    /// The seat whose turn it is.
    pub fn seat_to_move(&self) -> usize {
        self.table.seat_to_move()
    }

    /// Neither side can move, or a flag fell.
    pub fn is_over(&self) -> bool {
        self.table.is_over()
    }

    /// The moves as the record writes them.
    pub fn moves_text(&self) -> String {
        self.table.moves_text()
    }

    /// The page's JSON snapshot (no seed in it).
    pub fn snapshot(&self) -> String {
        self.table.snapshot()
    }

    /// The finished game's record with the seed, not yet signed (under a
    /// game clock or correspondence with its `clock`, each ply's time left
    /// and, when a flag fell, the result on time).
    pub fn record_text(&self) -> String {
        self.table.record(true)
    }

    /// The bot's move at `level`; `None` when the game is over. Node budgets
    /// bound levels 1-9; the top level thinks for a second, as in the page.
    pub fn bot_move(&self, level: u8) -> Option<String> {
        self.table
            .bot_move(level, 16 << 20, Budget::millis(1000.0, default_clock))
    }

    /// The bot at `level` takes (or gives back) a person's seat: the record
    /// names it.
    pub fn set_bot(&mut self, seat: usize, level: u8, bot: bool) {
        self.table.set_stand_in(seat, level, bot);
    }
}

/// A record's text signed with the server's key.
pub fn sign(text: &str, keys: &Keys) -> String {
    virada::record::sign(text, &keys.public_bytes(), |bytes| keys.sign(bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(kind: GameKind, randoms: Option<[Option<[u8; 32]>; 2]>, seed: u8) -> Game {
        let words = ["ana".to_string(), "bruno".to_string()];
        Game::new(kind, None, 3, [false; 2], &words, randoms, Seed([seed; 32])).unwrap()
    }

    /// The library's own answer, drawn again.
    fn drawn(g: &Game, color: Color) -> usize {
        match &g.table {
            AnyTable::Othello(t) => t.session().seat_of(color),
            AnyTable::Nabucodonosor(t) => t.session().seat_of(color),
        }
    }

    #[test]
    fn the_colours_drawn_once_are_the_librarys_whatever_the_draw_and_after_a_swap() {
        let mut seen = [false; 2];
        for seed in 0..16 {
            for randoms in [None, Some([Some([seed; 32]), None])] {
                for kind in [GameKind::Othello, GameKind::Nabucodonosor(7)] {
                    let mut g = game(kind, randoms, seed);
                    for color in [Color::Dark, Color::Light] {
                        assert_eq!(g.seat_of(color), drawn(&g, color));
                    }
                    seen[g.seat_of(Color::Dark)] = true;
                    if kind == GameKind::Othello {
                        continue;
                    }
                    // Nabucodonosor's pie rule: the second player swaps.
                    g.play("c3", 0).unwrap();
                    g.play("swap", 0).unwrap();
                    for color in [Color::Dark, Color::Light] {
                        assert_eq!(g.seat_of(color), drawn(&g, color), "after the swap");
                    }
                    let [dark, light] = match &g.table {
                        AnyTable::Nabucodonosor(t) => t.session().rules().counts(),
                        AnyTable::Othello(_) => unreachable!(),
                    };
                    let mut score = [0; 2];
                    score[drawn(&g, Color::Dark)] = dark;
                    score[drawn(&g, Color::Light)] = light;
                    assert_eq!(g.score(), score);
                }
            }
        }
        assert_eq!(seen, [true, true], "both seats drew dark in some game");
    }
}
