//! The page's view of a Nabucodonosor game: plain values (cell indices in
//! reading order, `row * n + col`; move texts; strings) so that the wasm
//! layer is a thin wrapper and everything here is tested natively.

use super::board::{Cell, NabuParseError};
use super::bot;
use super::capture::{captures, Rect};
use super::game::{NabuEnd, NabuGame, NabuMove};
use super::session::{NabuPlayed, NabuSession};
use crate::fairness::{game_rng, Rng, Seed};
use crate::game::Seat;
use crate::Color;

/// The generator stream of the bot's choice at ply `p` is `BOT_STREAM + p`.
pub const BOT_STREAM: u64 = 0x6e61_6275_0000_0000;

/// A game at the table: see the module docs for the value conventions.
#[derive(Clone, Debug)]
pub struct NabuTable {
    session: NabuSession,
    game: NabuGame,
}

fn letter(c: Color) -> char {
    c.letter()
}

impl NabuTable {
    /// A new game on an empty board of side `size` (5–15).
    /// Two people, no clock, the all-zero seed (a seat setting and a seed
    /// come with [`NabuTable::start`]).
    pub fn new(size: usize) -> Result<NabuTable, String> {
        NabuTable::start(size, &"00".repeat(32), "", [0, 0], 0)
    }

    /// A game at the table: `seed_hex` (64 hex) and `word` decide who plays
    /// dark; `levels` are the seats' bot levels (0 = a person); `clock` is
    /// seconds a turn (0 = off).
    pub fn start(
        size: usize,
        seed_hex: &str,
        word: &str,
        levels: [u8; 2],
        clock: u32,
    ) -> Result<NabuTable, String> {
        let seed: Seed = seed_hex.parse().map_err(|e| format!("{e}"))?;
        let seat = |l: u8| {
            if l == 0 {
                Seat::Person
            } else {
                Seat::Bot { level: l }
            }
        };
        let clock = (clock > 0).then_some(clock);
        let session = NabuSession::new(size, levels.map(seat), clock, seed, word.to_string())
            .map_err(|e| e.to_string())?;
        let game = session.game().clone();
        Ok(NabuTable { session, game })
    }

    /// A game from its moves (`d3 c3:e4 swap pass …`, `*` before a table's
    /// time-out move), each checked.
    pub fn replay(size: usize, moves: &str) -> Result<NabuTable, String> {
        let mut t = NabuTable::new(size)?;
        for (i, word) in moves.split_whitespace().enumerate() {
            let p: NabuPlayed = word.parse().map_err(|e| format!("move {}: {e}", i + 1))?;
            if p.by_table {
                if t.game.timeout_move() != Some(p.mv) {
                    return Err(format!("move {} ({word}) is not the time-out move", i + 1));
                }
                t.time_out();
            } else {
                t.session
                    .play(p.mv)
                    .map_err(|e| format!("move {} ({word}): {e}", i + 1))?;
                t.game = t.session.game().clone();
            }
        }
        Ok(t)
    }

    /// Marks the seed as chosen by someone rather than drawn in secret (the
    /// record says so).
    pub fn mark_seed_chosen(&mut self) {
        self.session.seed_chosen = true;
    }

    /// The seat (0 or 1) whose turn it is, after the colour draw and any swap.
    pub fn seat_to_move(&self) -> usize {
        self.session.seat_of(self.game.to_move())
    }

    /// Which seat played dark at the start (the seed and word decide).
    pub fn dark_seat(&self) -> usize {
        self.session.dark_seat()
    }

    /// Plays the table's time-out move, marked as such, and returns it
    /// (empty when the game is over).
    pub fn time_out(&mut self) -> String {
        let mv = self.session.time_out();
        self.game = self.session.game().clone();
        mv.map_or(String::new(), |m| m.to_string())
    }

    /// The game's record (see `record`), with the seed when `reveal`.
    pub fn record(&self, reveal: bool) -> String {
        crate::record::write_nabu(&self.session, reveal)
    }

    /// The table over a rules-level game set up with
    /// [`NabuGame::from_board`] (tests only: no record is kept of it).
    #[cfg(test)]
    fn from_game(game: NabuGame) -> NabuTable {
        let mut t = NabuTable::new(game.size()).expect("a game's size is valid");
        t.game = game;
        t
    }

    /// The rules-level game.
    pub const fn game(&self) -> &NabuGame {
        &self.game
    }

    /// The board side.
    pub const fn size(&self) -> usize {
        self.game.size()
    }

    /// The cells row by row from `a1`: `X` dark, `O` light, `-` empty.
    pub fn cells(&self) -> String {
        self.game.board().cells()
    }

    /// `X` or `O`: the colour to move.
    pub fn to_move(&self) -> char {
        letter(self.game.to_move())
    }

    /// Dark and light disc counts.
    pub fn counts(&self) -> [u32; 2] {
        let b = self.game.board();
        [b.count(Color::Dark), b.count(Color::Light)]
    }

    fn cell_at(&self, index: usize) -> Option<Cell> {
        let n = self.size();
        (index < n * n).then(|| Cell::from_index(index, n))
    }

    /// Indices of the legal placements (N6), in reading order.
    pub fn placements(&self) -> Vec<u32> {
        let n = self.size();
        self.game
            .placements()
            .iter()
            .map(|c| c.index(n) as u32)
            .collect()
    }

    /// The legal captures (superko applied) as `c3:e4`, in the CLI's order.
    pub fn captures(&self) -> Vec<String> {
        self.game.captures().iter().map(|r| r.to_string()).collect()
    }

    /// Every legal move as text, in the CLI's order (`pass` when forced).
    pub fn legal_moves(&self) -> Vec<String> {
        self.game
            .legal_moves()
            .iter()
            .map(|m| m.to_string())
            .collect()
    }

    /// The legal captures whose rectangle contains cell `index`, in the
    /// order a repeated tap cycles through them: largest first, then by
    /// top-left and bottom-right in reading order.
    pub fn captures_at(&self, index: usize) -> Vec<String> {
        let Some(cell) = self.cell_at(index) else {
            return Vec::new();
        };
        let mut list: Vec<Rect> = self
            .game
            .captures()
            .into_iter()
            .filter(|r| r.contains_cell(cell))
            .collect();
        list.sort_by_key(|r| (std::cmp::Reverse(r.area()), r.reading_key()));
        list.iter().map(|r| r.to_string()).collect()
    }

    /// The cells a capture `rect` (`c3:e4`) would flip, as indices, if it is
    /// legal now.
    pub fn flips(&self, rect: &str) -> Result<Vec<u32>, String> {
        let r: Rect = rect.parse().map_err(|e: NabuParseError| e.to_string())?;
        self.game
            .check(NabuMove::Capture(r))
            .map_err(|e| e.to_string())?;
        let n = self.size();
        Ok(r.cells().iter().map(|c| c.index(n) as u32).collect())
    }

    /// Plays a move given as text (`d3`, `c3:e4`, `swap`, `pass`).
    pub fn play(&mut self, mv: &str) -> Result<(), String> {
        let m: NabuMove = mv.parse().map_err(|e: NabuParseError| e.to_string())?;
        self.session.play(m).map_err(|e| e.to_string())?;
        self.game = self.session.game().clone();
        Ok(())
    }

    /// Whether the pie swap is offered now (N4).
    pub fn can_swap(&self) -> bool {
        self.game.can_swap()
    }

    /// Whether the side to move must pass (N5).
    pub fn must_pass(&self) -> bool {
        self.game.outcome().is_none() && self.game.legal_moves() == [NabuMove::Pass]
    }

    /// Whether the players exchanged colours (N4).
    pub fn swapped(&self) -> bool {
        self.game.swapped()
    }

    /// The table's move on time-out: the largest capture, else the first
    /// legal placement in reading order (else `pass`); empty when over.
    pub fn timeout_move(&self) -> String {
        self.game
            .timeout_move()
            .map_or(String::new(), |m| m.to_string())
    }

    /// Empty while the game goes on; else the winner's letter and how:
    /// `X wipe-out`, `O more-discs`, `X last-mover`.
    pub fn outcome(&self) -> String {
        self.game.outcome().map_or(String::new(), |o| {
            let how = match o.end {
                NabuEnd::WipeOut => "wipe-out",
                NabuEnd::MoreDiscs => "more-discs",
                NabuEnd::LastMover => "last-mover",
            };
            format!("{} {how}", letter(o.winner))
        })
    }

    /// Every move so far, space separated, `*` before a table's move.
    pub fn moves(&self) -> String {
        self.session
            .played()
            .iter()
            .map(|m| m.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The bot's move at `level` (1–5), deterministic from the game's seed
    /// (64 hex characters) and the ply: its random choices come from
    /// `fairness::game_rng(seed, BOT_STREAM + ply)`. Empty when over.
    pub fn bot_move(&self, level: u8, seed_hex: &str) -> Result<String, String> {
        let seed: Seed = seed_hex.parse().map_err(|e| format!("{e}"))?;
        let ply = self.game.moves().len() as u64;
        let mut rng = game_rng(&seed, BOT_STREAM.wrapping_add(ply));
        let mut next = || rng.next_u64();
        Ok(bot::choose(&self.game, level, &mut next, &mut || false)
            .map_or(String::new(), |m| m.to_string()))
    }
}

/// Every capture of `mover` on `cells` (for tools): see [`captures`].
pub fn captures_of(cells: &str, mover: Color) -> Result<Vec<String>, String> {
    let b = super::board::NabuBoard::from_cells(cells).map_err(|e| e.to_string())?;
    Ok(captures(&b, mover).iter().map(|r| r.to_string()).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tap_cycle_order_and_flips() {
        // b2:c2 and b2:b3 overlap on b2 (see the N11 test).
        let cells = concat!("-XX---", "XOOX--", "XOOOX-", "-XXX--", "------", "------");
        let b = super::super::board::NabuBoard::from_cells(cells).expect("cells");
        let t = NabuTable::from_game(NabuGame::from_board(b, Color::Dark));
        // Both have 2 discs: reading order of the top-left, then bottom-right.
        assert_eq!(t.captures_at(Cell::new(1, 1).index(6)), ["b2:c2", "b2:b3"]);
        assert_eq!(t.captures_at(Cell::new(2, 3).index(6)), ["d3:d3"]);
        assert_eq!(t.captures_at(0), Vec::<String>::new());
        assert_eq!(t.flips("b2:c2"), Ok(vec![7, 8]));
        assert_eq!(t.timeout_move(), "b2:c2");
        assert!(t.flips("a1:a1").is_err());
        assert!(t.flips("junk").is_err());
        assert_eq!(t.captures_at(999), Vec::<String>::new());
    }

    #[test]
    fn timeout_bot_and_outcome_values() {
        let mut t = NabuTable::new(6).expect("size");
        assert_eq!(t.timeout_move(), "a1");
        let seed = "00".repeat(32);
        let a = t.bot_move(2, &seed).expect("bot");
        assert_eq!(
            a,
            t.bot_move(2, &seed).expect("bot"),
            "same seed, same move"
        );
        t.play(&a).expect("bot's move is legal");
        assert!(t.can_swap());
        assert!(t.bot_move(2, "zz").is_err());
        assert_eq!(t.outcome(), "");
        assert!(t.play("nonsense").is_err());
    }
}

#[cfg(test)]
mod session_tests {
    use super::*;

    #[test]
    fn a_table_game_records_and_verifies_after_replay() {
        let seed = "ab".repeat(32);
        let mut t = NabuTable::start(6, &seed, "palavra", [0, 3], 10).expect("start");
        t.play("c3").expect("first");
        t.play("swap").expect("pie");
        assert!(t.swapped());
        while t.outcome().is_empty() {
            if t.game().moves().len() % 5 == 0 {
                assert!(!t.time_out().is_empty());
            } else {
                let mv = t.bot_move(1, &seed).expect("bot");
                t.play(&mv).expect("legal");
            }
        }
        let text = t.record(true);
        let report = crate::record::verify_text(&text);
        assert!(report.all_passed(), "{report}");
        let again = NabuTable::replay(6, &t.moves()).expect("replay with marks");
        assert_eq!(again.cells(), t.cells());
        assert_eq!(again.outcome(), t.outcome());
        assert!(NabuTable::start(6, "nothex", "", [0, 0], 0).is_err());
        assert!(NabuTable::replay(6, "c3 *d4").is_err());
    }
}
