//! Othello at the table: its snapshot fields (`legal`, `supplies`), its
//! transcripts (`f5d6PA…`), its GGF export and the bot's seeded move.

use super::{GameFields, Settings, Table, TableError, View};
use crate::engine::bot;
use crate::engine::search::{Budget, Engine};
use crate::game::session::Session;
use crate::json::Object;
use crate::{Move, Position, Square};

impl View for Position {
    const NAME: &'static str = "othello";
    const MAX_LEVEL: u8 = crate::engine::bot::LEVELS.len() as u8;

    /// `legal` (`[[square, flips], …]` in reading order) and `supplies`
    /// (`[dark, light]`, T7).
    fn extra_json(session: &Session<Position>, o: &mut Object<'_>) {
        let p = session.position();
        o.array("legal", |a| {
            for sq in p.legal_moves().squares() {
                a.array(|a| {
                    a.item(sq.index()).item(p.flips(sq).count());
                });
            }
        });
        o.array("supplies", |a| {
            a.items(session.supplies());
        });
    }

    /// The same fields, as a value.
    fn fields(session: &Session<Position>) -> GameFields {
        let p = session.position();
        GameFields::Othello {
            legal: p
                .legal_moves()
                .squares()
                .map(|sq| [sq.index(), p.flips(sq).count() as usize])
                .collect(),
            supplies: session.supplies(),
        }
    }

    fn placed(mv: Move, _size: usize) -> Option<usize> {
        match mv {
            Move::Play(sq) => Some(sq.index()),
            Move::Pass => None,
        }
    }

    fn preview(&self, mv: Move) -> Vec<usize> {
        match mv {
            Move::Play(sq) if self.legal_moves().contains(sq) => {
                self.flips(sq).squares().map(|s| s.index()).collect()
            }
            _ => Vec::new(),
        }
    }

    fn set_handicap(
        session: &mut Session<Position>,
        handicap: Option<crate::game::handicap::Handicap>,
    ) -> Result<(), super::SetupError> {
        session.set_handicap(handicap);
        Ok(())
    }
}

impl Table<Position> {
    /// A fresh Othello game.
    pub fn othello(settings: Settings) -> Result<Table<Position>, TableError> {
        Table::new(Position::start(), settings)
    }

    /// The discs a disc on `sq` would flip for the side to move (empty when
    /// the square is not legal).
    pub fn flips(&self, sq: Square) -> Vec<usize> {
        self.session.rules().preview(Move::Play(sq))
    }

    /// Plays a transcript such as `f5d6PAc3`, marking as table-placed the
    /// plies whose index (0-based) is in `by_table`: how the page restores a
    /// stored game.
    pub fn replay_transcript(
        &mut self,
        transcript: &str,
        by_table: &[u32],
    ) -> Result<(), TableError> {
        let chars: Vec<char> = transcript.chars().filter(|c| !c.is_whitespace()).collect();
        let texts: Vec<String> = chars.chunks(2).map(|p| p.iter().collect()).collect();
        self.replay(
            texts
                .iter()
                .enumerate()
                .map(|(ply, t)| (t.as_str(), by_table.contains(&(ply as u32)))),
        )
    }

    /// The moves so far as one transcript (`f5d6PA…`).
    pub fn transcript(&self) -> String {
        self.session
            .moves()
            .iter()
            .map(|m| m.mv.to_string())
            .collect()
    }

    /// The GGF export (see [`crate::record::ggf::write`]).
    pub fn ggf(&self) -> String {
        crate::record::ggf::write(&self.session)
    }

    /// The bot's move at `level` with `engine`, stopping at `budget`,
    /// deterministic from the game's seed and the ply (see
    /// [`bot::game_move`]); `None` once over.
    pub fn bot_move(&self, level: u8, engine: &mut Engine, budget: Budget<'_>) -> Option<Move> {
        let s = &self.session;
        if s.is_over() {
            return None;
        }
        let ply = u32::try_from(s.moves().len()).unwrap_or(u32::MAX);
        Some(bot::game_move(engine, s.rules(), level, &s.seed, ply, budget).mv)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::fairness::Seed;

    const SEED: &str = "00000000000000000000000000000000000000000000000000000000000000ff";

    fn table(
        seats: &str,
        level: u32,
        clock: u32,
        seed: &str,
        word: &str,
    ) -> Result<Table<Position>, TableError> {
        Table::othello(Settings::parse(
            seats,
            level,
            &clock.to_string(),
            seed,
            word,
            Position::MAX_LEVEL,
        )?)
    }

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn a_given_seed_is_marked_chosen_and_a_bad_one_refused() {
        let t = table("person,person", 1, 30, SEED, "").unwrap();
        assert!(t.session().seed_chosen);
        assert_eq!(t.session().clock, Some(30));
        assert_eq!(
            table("person,person", 1, 0, "abc", "").unwrap_err().code(),
            "bad-seed"
        );
        let fresh = table("person,bot", 1, 0, "", "").unwrap();
        assert!(!fresh.session().seed_chosen);
        assert_eq!(fresh.session().clock, None);
        assert_eq!(
            table("person,bot", 1, 90_000, "", "").unwrap_err().code(),
            "bad-clock"
        );
    }

    #[test]
    fn flips_are_empty_off_the_legal_squares() {
        let t = table("person,person", 1, 0, SEED, "").unwrap();
        assert!(t.flips(sq("a1")).is_empty());
        assert_eq!(t.flips(sq("f5")), [36]);
    }

    #[test]
    fn replay_restores_moves_and_table_marks_and_refuses_illegal_ones() {
        let mut t = table("person,person", 1, 30, SEED, "").unwrap();
        // d3 is the time-out move at the start; after it, c3 flips the most? Mark only d3.
        t.replay_transcript("d3c5f6", &[0]).unwrap();
        assert_eq!(t.transcript(), "d3c5f6");
        let marks: Vec<bool> = t.session().moves().iter().map(|m| m.by_table).collect();
        assert_eq!(marks, [true, false, false]);
        let mut u = table("person,person", 1, 30, SEED, "").unwrap();
        assert_eq!(
            u.replay_transcript("f5a1", &[]).unwrap_err().code(),
            "no-flips"
        );
        assert_eq!(
            u.replay_transcript("zz", &[]).unwrap_err().code(),
            "bad-move"
        );
        let mut v = table("person,person", 1, 30, SEED, "").unwrap();
        assert_eq!(
            v.replay_transcript("f5", &[0]).unwrap_err().code(),
            "table-move-mismatch"
        );
        let mut w = table("person,person", 1, 0, SEED, "").unwrap();
        assert!(
            w.replay_transcript("d3", &[0]).is_err(),
            "no clock, no table move"
        );
    }

    #[test]
    fn time_out_plays_the_rule_move_marked_by_table() {
        let mut t = table("person,person", 1, 30, SEED, "").unwrap();
        // At the start every legal square flips one disc: d3 is first in reading order.
        let e = t.time_out().unwrap();
        assert_eq!(e.mv, Move::Play(sq("d3")));
        assert!(t.session().moves()[0].by_table);
    }

    #[test]
    fn snapshot_describes_the_start() {
        let t = table("person,bot", 2, 30, SEED, "").unwrap();
        let s = t.snapshot();
        assert!(s.contains("\"cells\":\"---------------------------OX------XO"));
        assert!(s.contains("\"side\":\"dark\""));
        assert!(s.contains("\"seats\":[\"person\",\"bot:2\"]"));
        assert!(s.contains("\"legal\":[[19,1],[26,1],[37,1],[44,1]]"));
        assert!(s.contains("\"counts\":[2,2]"));
        assert!(s.contains("\"supplies\":[30,30]"));
        assert!(s.contains("\"outcome\":null"));
        assert!(s.contains("\"last\":-1"));
        assert!(s.contains("\"seedChosen\":true"));
    }

    #[test]
    fn snapshot_after_a_move_names_it_and_its_flips() {
        let mut t = table("person,person", 1, 0, SEED, "").unwrap();
        t.play("f5").unwrap();
        let s = t.snapshot();
        assert!(s.contains("\"last\":37,\"lastFlips\":[36]"));
        assert!(s.contains("\"moves\":[[\"f5\",\"X\",false]]"));
        assert!(s.contains("\"side\":\"light\""));
    }

    #[test]
    fn the_word_decides_the_dark_seat_with_the_seed() {
        for word in ["", "virada", "ganhei!", "pão de queijo", "\"\\\n"] {
            let t = table("person,bot", 3, 0, SEED, word).unwrap();
            let seed: Seed = SEED.parse().unwrap();
            assert_eq!(t.session().word, word);
            assert_eq!(
                t.session().dark_seat(),
                crate::game::fairness::dark_seat(&seed, word)
            );
            assert!(t
                .snapshot()
                .contains(&format!("\"darkSeat\":{}", t.session().dark_seat())));
        }
        let long = "x".repeat(crate::record::MAX_WORD_BYTES + 1);
        assert_eq!(
            table("person,bot", 3, 0, SEED, &long).unwrap_err().code(),
            "bad-word"
        );
        assert!(table("person,bot", 3, 0, SEED, &long[1..]).is_ok());
    }
}
