//! What the page needs from a game in one call: a [`Table`] wraps a
//! [`Game`] with the seat, clock and seed settings the page reads from its
//! address, plays the moves people, bots and the clock make, and describes
//! everything the page draws as one small JSON snapshot.
//!
//! The page never decides a rule: legal squares, flips, passes, the time-out
//! move and the result all come from here.

use crate::fairness::{Seed, SeedError};
use crate::game::{Game, Seat};
use crate::{Color, IllegalMove, Move, Outcome, Square};
use std::fmt;
use std::fmt::Write as _;

/// Why a table could not be set up or restored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableError {
    /// The seats text is not `person,bot`, `person,person` or `bot,bot` (or `bot,person`).
    Seats(String),
    /// The seed is not 64 hex characters (or no secure random source).
    Seed(SeedError),
    /// A stored move could not be read.
    Move(String),
    /// A stored move breaks the rules.
    Illegal(IllegalMove),
    /// The players' word is longer than a record holds (256 bytes of UTF-8).
    Word(usize),
}

impl TableError {
    /// A stable code for the user interface to translate.
    pub fn code(&self) -> &'static str {
        match self {
            TableError::Seats(_) => "bad-seats",
            TableError::Seed(_) => "bad-seed",
            TableError::Move(_) => "bad-move",
            TableError::Illegal(e) => e.code(),
            TableError::Word(_) => "bad-word",
        }
    }
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableError::Seats(s) => write!(
                f,
                "seats must be person,bot, person,person or bot,bot, not {s:?}"
            ),
            TableError::Seed(e) => write!(f, "seed: {e}"),
            TableError::Move(s) => write!(f, "cannot read the move {s:?}"),
            TableError::Illegal(e) => write!(f, "{e}"),
            TableError::Word(n) => write!(
                f,
                "the word is {n} bytes long; at most {} fit in a record",
                crate::record::MAX_WORD_BYTES
            ),
        }
    }
}

impl std::error::Error for TableError {}

impl From<IllegalMove> for TableError {
    fn from(e: IllegalMove) -> Self {
        TableError::Illegal(e)
    }
}

/// Reads `person,bot`-style seats; every bot sits at `level`, kept within the
/// bot's levels (1 to 10) so that the label says what plays.
pub fn parse_seats(text: &str, level: u8) -> Result<[Seat; 2], TableError> {
    let top = u8::try_from(crate::bot::LEVELS.len()).unwrap_or(u8::MAX);
    let level = level.clamp(1, top);
    let one = |s: &str| match s.trim() {
        "person" => Ok(Seat::Person),
        "bot" => Ok(Seat::Bot { level }),
        _ => Err(TableError::Seats(text.to_string())),
    };
    let mut parts = text.split(',');
    match (parts.next(), parts.next(), parts.next()) {
        (Some(a), Some(b), None) => Ok([one(a)?, one(b)?]),
        _ => Err(TableError::Seats(text.to_string())),
    }
}

/// A game at the table.
#[derive(Clone, Debug)]
pub struct Table {
    game: Game,
    /// The squares the last placement flipped, for the page's animation.
    last_flips: u64,
}

impl Table {
    /// A fresh game. An empty `seed_hex` draws a secret seed; a given one is
    /// marked as chosen. `clock` is seconds per turn, 0 for none. `word` is
    /// the players' word (empty for none): with the seed it decides who plays
    /// dark ([`crate::fairness::dark_seat`]); at most 256 bytes.
    pub fn new(
        seats: &str,
        level: u8,
        clock: u32,
        seed_hex: &str,
        word: &str,
    ) -> Result<Table, TableError> {
        let seats = parse_seats(seats, level)?;
        if word.len() > crate::record::MAX_WORD_BYTES {
            return Err(TableError::Word(word.len()));
        }
        let (seed, chosen) = if seed_hex.is_empty() {
            (Seed::generate().map_err(TableError::Seed)?, false)
        } else {
            (seed_hex.parse().map_err(TableError::Seed)?, true)
        };
        let clock = (clock > 0).then_some(clock);
        let mut game = Game::new(seats, clock, seed, word.to_string());
        game.seed_chosen = chosen;
        Ok(Table {
            game,
            last_flips: 0,
        })
    }

    /// Marks the seed as chosen (not drawn in secret), e.g. when restoring a stored game.
    pub fn set_seed_chosen(&mut self, chosen: bool) {
        self.game.seed_chosen = chosen;
    }

    /// The game inside.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The discs a disc on `sq` would flip for the side to move (empty when
    /// the square is not legal).
    pub fn flips(&self, sq: Square) -> u64 {
        let position = self.game.position();
        if position.legal_moves().contains(sq) {
            position.flips(sq).0
        } else {
            0
        }
    }

    /// Places a disc for the side to move; `by_table` marks a time-out move (T16).
    pub fn play(&mut self, sq: Square, by_table: bool) -> Result<(), TableError> {
        let flips = self.flips(sq);
        self.game.play(Move::Play(sq), by_table)?;
        self.last_flips = flips;
        Ok(())
    }

    /// The table passes for a player with no legal square (T5).
    pub fn pass(&mut self) -> Result<(), TableError> {
        self.game.play(Move::Pass, false)?;
        self.last_flips = 0;
        Ok(())
    }

    /// The clock ran out: the table places the time-out move (T16) and returns
    /// its square, or passes when that is all there is (`None`).
    pub fn time_out(&mut self) -> Result<Option<Square>, TableError> {
        match self.game.position().timeout_move() {
            Some(sq) => self.play(sq, true).map(|()| Some(sq)),
            None => self.pass().map(|()| None),
        }
    }

    /// Plays a transcript such as `f5d6PAc3`, marking as table-placed the plies
    /// whose index (0-based) is in `by_table`: how the page restores a stored game.
    pub fn replay(&mut self, transcript: &str, by_table: &[u32]) -> Result<(), TableError> {
        let chars: Vec<char> = transcript.chars().filter(|c| !c.is_whitespace()).collect();
        for (ply, pair) in chars.chunks(2).enumerate() {
            let text: String = pair.iter().collect();
            let marked = by_table.contains(&(ply as u32));
            if text.eq_ignore_ascii_case("pa") {
                self.pass()?;
            } else {
                let sq: Square = text.parse().map_err(|_| TableError::Move(text.clone()))?;
                self.play(sq, marked)?;
            }
        }
        Ok(())
    }

    /// The moves so far as one transcript (`f5d6PA…`).
    pub fn transcript(&self) -> String {
        self.game.moves().iter().map(|m| m.mv.to_string()).collect()
    }

    /// Everything the page draws, as JSON:
    ///
    /// `cells` (64 × `X`/`O`/`-`, a1 first), `side` (`"dark"`/`"light"`, the
    /// side to move), `seatToMove`, `darkSeat`, `seats` (`"person"` or
    /// `"bot:N"`), `clock` (seconds, 0 = none), `legal` (`[[square, flips], …]`
    /// in reading order), `counts` and `supplies` (`[dark, light]`), `mustPass`,
    /// `over`, `outcome` (`null`, `"dark"`, `"light"` or `"draw"`), `last`
    /// (square of the last placement or -1), `lastFlips` (its flipped squares),
    /// `moves` (`[[text, colour letter, by table], …]`), `fingerprint`, `seedChosen`.
    pub fn snapshot(&self) -> String {
        let g = &self.game;
        let p = g.position();
        let mut s = String::with_capacity(1024);
        s.push_str("{\"cells\":\"");
        s.push_str(&p.board().cells());
        let side = p.side_to_move();
        let _ = write!(
            s,
            "\",\"side\":\"{}\",\"seatToMove\":{},\"darkSeat\":{},\"seats\":[",
            color_name(side),
            g.seat_of(side),
            g.dark_seat()
        );
        for (i, seat) in g.seats.iter().enumerate() {
            if i > 0 {
                s.push(',');
            }
            match seat {
                Seat::Person => s.push_str("\"person\""),
                Seat::Bot { level } => {
                    let _ = write!(s, "\"bot:{level}\"");
                }
            }
        }
        let _ = write!(s, "],\"clock\":{},\"legal\":[", g.clock.unwrap_or(0));
        for (i, sq) in p.legal_moves().squares().enumerate() {
            if i > 0 {
                s.push(',');
            }
            let _ = write!(s, "[{},{}]", sq.index(), p.flips(sq).count());
        }
        let counts = [p.count(Color::Dark), p.count(Color::Light)];
        let supplies = g.supplies();
        let _ = write!(
            s,
            "],\"counts\":[{},{}],\"supplies\":[{},{}],\"mustPass\":{},\"over\":{},\"outcome\":{},",
            counts[0],
            counts[1],
            supplies[0],
            supplies[1],
            p.must_pass(),
            p.is_game_over(),
            match g.outcome() {
                None => "null",
                Some(Outcome::Win(Color::Dark)) => "\"dark\"",
                Some(Outcome::Win(Color::Light)) => "\"light\"",
                Some(Outcome::Draw) => "\"draw\"",
            }
        );
        let last = g.moves().last().and_then(|m| match m.mv {
            Move::Play(sq) => Some(sq.index() as i32),
            Move::Pass => None,
        });
        let _ = write!(s, "\"last\":{},\"lastFlips\":[", last.unwrap_or(-1));
        for (i, sq) in crate::Bitboard(self.last_flips).squares().enumerate() {
            if i > 0 {
                s.push(',');
            }
            let _ = write!(s, "{}", sq.index());
        }
        s.push_str("],\"moves\":[");
        let mut mover = Color::Dark;
        for (i, m) in g.moves().iter().enumerate() {
            if i > 0 {
                s.push(',');
            }
            let _ = write!(s, "[\"{}\",\"{}\",{}]", m.mv, mover.letter(), m.by_table);
            mover = mover.other();
        }
        let _ = write!(
            s,
            "],\"fingerprint\":\"{}\",\"seedChosen\":{}}}",
            g.seed.fingerprint(),
            g.seed_chosen
        );
        s
    }
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::Dark => "dark",
        Color::Light => "light",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SEED: &str = "00000000000000000000000000000000000000000000000000000000000000ff";

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn seats_read_the_page_forms_and_refuse_others() {
        assert_eq!(
            parse_seats("person,bot", 3),
            Ok([Seat::Person, Seat::Bot { level: 3 }])
        );
        assert_eq!(
            parse_seats("bot,bot", 0),
            Ok([Seat::Bot { level: 1 }, Seat::Bot { level: 1 }])
        );
        assert_eq!(
            parse_seats("bot,person", 200),
            Ok([Seat::Bot { level: 10 }, Seat::Person])
        );
        assert!(parse_seats("person", 1).is_err());
        assert!(parse_seats("person,cat", 1).is_err());
        assert!(parse_seats("person,person,bot", 1).is_err());
    }

    #[test]
    fn a_given_seed_is_marked_chosen_and_a_bad_one_refused() {
        let t = Table::new("person,person", 1, 30, SEED, "").unwrap();
        assert!(t.game().seed_chosen);
        assert_eq!(t.game().clock, Some(30));
        assert!(Table::new("person,person", 1, 0, "abc", "").is_err());
        let fresh = Table::new("person,bot", 1, 0, "", "").unwrap();
        assert!(!fresh.game().seed_chosen);
        assert_eq!(fresh.game().clock, None);
    }

    #[test]
    fn flips_are_empty_off_the_legal_squares() {
        let t = Table::new("person,person", 1, 0, SEED, "").unwrap();
        assert_eq!(t.flips(sq("a1")), 0);
        assert_eq!(t.flips(sq("f5")), sq("e5").bit());
    }

    #[test]
    fn replay_restores_moves_and_table_marks_and_refuses_illegal_ones() {
        let mut t = Table::new("person,person", 1, 0, SEED, "").unwrap();
        t.replay("f5d6c3", &[1]).unwrap();
        assert_eq!(t.transcript(), "f5d6c3");
        let marks: Vec<bool> = t.game().moves().iter().map(|m| m.by_table).collect();
        assert_eq!(marks, [false, true, false]);
        let mut u = Table::new("person,person", 1, 0, SEED, "").unwrap();
        assert_eq!(
            u.replay("f5a1", &[]),
            Err(TableError::Illegal(IllegalMove::NoFlips(sq("a1"))))
        );
        assert!(matches!(u.replay("zz", &[]), Err(TableError::Move(_))));
    }

    #[test]
    fn time_out_plays_the_rule_move_marked_by_table() {
        let mut t = Table::new("person,person", 1, 30, SEED, "").unwrap();
        // At the start every legal square flips one disc: d3 is first in reading order.
        assert_eq!(t.time_out(), Ok(Some(sq("d3"))));
        assert!(t.game().moves()[0].by_table);
    }

    #[test]
    fn snapshot_describes_the_start() {
        let t = Table::new("person,bot", 2, 30, SEED, "").unwrap();
        let s = t.snapshot();
        assert!(s.starts_with("{\"cells\":\"---------------------------OX------XO"));
        assert!(s.contains("\"side\":\"dark\""));
        assert!(s.contains("\"seats\":[\"person\",\"bot:2\"]"));
        assert!(s.contains("\"legal\":[[19,1],[26,1],[37,1],[44,1]]"));
        assert!(s.contains("\"counts\":[2,2],\"supplies\":[30,30]"));
        assert!(s.contains("\"outcome\":null"));
        assert!(s.contains("\"last\":-1"));
        assert!(s.contains("\"seedChosen\":true"));
    }

    #[test]
    fn snapshot_after_a_move_names_it_and_its_flips() {
        let mut t = Table::new("person,person", 1, 0, SEED, "").unwrap();
        t.play(sq("f5"), false).unwrap();
        let s = t.snapshot();
        assert!(s.contains("\"last\":37,\"lastFlips\":[36]"));
        assert!(s.contains("\"moves\":[[\"f5\",\"X\",false]]"));
        assert!(s.contains("\"side\":\"light\""));
    }

    #[test]
    fn the_word_decides_the_dark_seat_with_the_seed() {
        for word in ["", "virada", "ganhei!", "pão de queijo"] {
            let t = Table::new("person,bot", 3, 0, SEED, word).unwrap();
            let seed: Seed = SEED.parse().unwrap();
            assert_eq!(t.game().word, word);
            assert_eq!(
                t.game().dark_seat(),
                crate::fairness::dark_seat(&seed, word)
            );
            assert!(t
                .snapshot()
                .contains(&format!("\"darkSeat\":{}", t.game().dark_seat())));
        }
        let long = "x".repeat(crate::record::MAX_WORD_BYTES + 1);
        let e = Table::new("person,bot", 3, 0, SEED, &long).unwrap_err();
        assert_eq!(e.code(), "bad-word");
        assert!(Table::new("person,bot", 3, 0, SEED, &long[1..]).is_ok());
    }
}
