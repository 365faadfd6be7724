//! Nabucodonosor at the table: its snapshot fields, the tap cycle of
//! captures at a cell, and the bot's seeded move.

use super::{GameFields, Settings, SetupError, Table, TableError, View};
use crate::engine::nabu_bot as bot;
use crate::game::fairness::{game_rng, Rng, Seed};
use crate::game::nabu::{NabuEnd, NabuGame, NabuMove, Rect, MAX_SIZE, MIN_SIZE};
use crate::game::rules::Rules;
use crate::game::session::Session;
use crate::json::{Object, Shown};

/// The generator stream of the bot's choice at ply `p` is `BOT_STREAM + p`.
pub const BOT_STREAM: u64 = 0x6e61_6275_0000_0000;

impl View for NabuGame {
    const NAME: &'static str = "nabucodonosor";
    const MAX_LEVEL: u8 = bot::MAX_LEVEL;

    /// `placements` (cell indices, reading order), `captures` (texts, the
    /// CLI's order), `legalMoves` (texts), `canSwap`, `swapped` and `end`
    /// (`null`, `"wipe-out"`, `"more-discs"` or `"last-mover"`).
    fn extra_json(session: &Session<NabuGame>, o: &mut Object<'_>) {
        let g = session.rules();
        let n = g.size();
        let end = g.outcome().map(|o| match o.end {
            NabuEnd::WipeOut => "wipe-out",
            NabuEnd::MoreDiscs => "more-discs",
            NabuEnd::LastMover => "last-mover",
        });
        o.array("placements", |a| {
            a.items(g.placements().iter().map(|c| c.index(n)));
        })
        .array("captures", |a| {
            a.items(g.captures().iter().map(Shown));
        })
        .array("legalMoves", |a| {
            a.items(Rules::legal_moves(g).iter().map(Shown));
        })
        .field("canSwap", g.can_swap())
        .field("swapped", g.swapped())
        .field("end", end);
    }

    /// The same fields, as a value.
    fn fields(session: &Session<NabuGame>) -> GameFields {
        let g = session.rules();
        let n = g.size();
        let end = g.outcome().map(|o| match o.end {
            NabuEnd::WipeOut => "wipe-out",
            NabuEnd::MoreDiscs => "more-discs",
            NabuEnd::LastMover => "last-mover",
        });
        GameFields::Nabucodonosor {
            placements: g.placements().iter().map(|c| c.index(n)).collect(),
            captures: g.captures().iter().map(ToString::to_string).collect(),
            legal_moves: Rules::legal_moves(g)
                .iter()
                .map(ToString::to_string)
                .collect(),
            can_swap: g.can_swap(),
            swapped: g.swapped(),
            end: end.map(str::to_string),
        }
    }

    fn placed(mv: NabuMove, size: usize) -> Option<usize> {
        match mv {
            NabuMove::Place(c) => Some(c.index(size)),
            _ => None,
        }
    }

    fn preview(&self, mv: NabuMove) -> Vec<usize> {
        match mv {
            NabuMove::Capture(r) if self.check(mv).is_ok() => {
                r.cells().iter().map(|c| c.index(self.size())).collect()
            }
            _ => Vec::new(),
        }
    }

    /// A handicap is for Othello only (V2).
    fn set_handicap(
        _: &mut Session<NabuGame>,
        handicap: Option<crate::game::handicap::Handicap>,
    ) -> Result<(), SetupError> {
        match handicap {
            None => Ok(()),
            Some(_) => Err(SetupError::Handicap(
                crate::game::handicap::HandicapError::NotOthello,
            )),
        }
    }
}

impl Table<NabuGame> {
    /// A fresh game on an empty `size`×`size` board (5 to 15).
    pub fn nabucodonosor(size: u32, settings: Settings) -> Result<Table<NabuGame>, TableError> {
        let start = usize::try_from(size)
            .ok()
            .filter(|n| (MIN_SIZE..=MAX_SIZE).contains(n))
            .and_then(|n| NabuGame::new(n).ok())
            .ok_or(SetupError::Size(size))?;
        Table::new(start, settings)
    }

    /// The legal captures whose rectangle contains cell `index`, in the
    /// order a repeated tap cycles through them: largest first, then by
    /// top-left and bottom-right in reading order.
    pub fn captures_at(&self, index: usize) -> Vec<String> {
        let g = self.session.rules();
        let n = g.size();
        if index >= n * n {
            return Vec::new();
        }
        let cell = crate::game::nabu::Cell::from_index(index, n);
        let mut list: Vec<Rect> = g
            .captures()
            .into_iter()
            .filter(|r| r.contains_cell(cell))
            .collect();
        list.sort_by_key(|r| (std::cmp::Reverse(r.area()), r.reading_key()));
        list.iter().map(|r| r.to_string()).collect()
    }

    /// The bot's move at `level`, deterministic from the game's seed and the
    /// ply (see [`nabu_bot_move`]); `None` once over.
    pub fn bot_move(&self, level: u8) -> Option<NabuMove> {
        self.bot_move_within(level, &mut || false)
    }

    /// [`Table::bot_move`], ended early when `stop` says so (under a game
    /// clock, the bot's own time): the same move as ever when it does not.
    pub fn bot_move_within(&self, level: u8, stop: &mut impl FnMut() -> bool) -> Option<NabuMove> {
        let game = self.session.rules();
        let ply = game.moves().len() as u64;
        let mut rng = game_rng(&self.session.seed, BOT_STREAM.wrapping_add(ply));
        let mut next = || rng.next_u64();
        bot::choose(game, level, &mut next, stop)
    }
}

/// The bot's move at `level` for the game of side `size` after `moves`
/// (space separated, `*` allowed), from the game's seed (64 hex) and the
/// ply: its random choices come from `fairness::game_rng(seed, BOT_STREAM +
/// ply)`. Empty when the game is over. For the bot's worker, where a table
/// cannot go.
pub fn nabu_bot_move(
    size: u32,
    moves: &str,
    level: u8,
    seed_hex: &str,
) -> Result<String, TableError> {
    nabu_bot_move_within(size, moves, level, seed_hex, &mut || false)
}

/// [`nabu_bot_move`], its search ended early when `stop` says so: under a
/// game clock the bot thinks within its own time (T22).
pub fn nabu_bot_move_within(
    size: u32,
    moves: &str,
    level: u8,
    seed_hex: &str,
    stop: &mut impl FnMut() -> bool,
) -> Result<String, TableError> {
    let seed: Seed = seed_hex.parse().map_err(SetupError::Seed)?;
    let mut t = Table::nabucodonosor(
        size,
        Settings {
            seats: [crate::game::Seat::Person; 2],
            clock: Some(crate::clock::TimeControl::PerMove { seconds: 1 }),
            seed: Some(seed),
            word: String::new(),
            handicap: None,
        },
    )?;
    t.replay_text(moves)?;
    Ok(t.bot_move_within(level, stop)
        .map_or(String::new(), |m| m.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(seats: &str, clock: u32, word: &str) -> Settings {
        Settings::parse(
            seats,
            2,
            &clock.to_string(),
            &"ab".repeat(32),
            word,
            NabuGame::MAX_LEVEL,
        )
        .unwrap()
    }

    #[test]
    fn tap_cycle_order_and_flips() {
        // b2:c2 and b2:b3 overlap on b2 (see the N11 test).
        let cells = concat!("-XX---", "XOOX--", "XOOOX-", "-XXX--", "------", "------");
        let b = crate::game::nabu::NabuBoard::from_cells(cells).expect("cells");
        let game = NabuGame::from_board(b, crate::Color::Dark);
        let t = Table {
            session: Session::new(
                game,
                [crate::game::Seat::Person; 2],
                None,
                Seed([0; 32]),
                String::new(),
            ),
            last: None,
        };
        assert_eq!(t.captures_at(7), ["b2:c2", "b2:b3"]);
        assert_eq!(t.captures_at(15), ["d3:d3"]);
        assert_eq!(t.captures_at(0), Vec::<String>::new());
        assert_eq!(t.captures_at(999), Vec::<String>::new());
        assert_eq!(t.preview("b2:c2"), [7, 8]);
        assert!(t.preview("a1:a1").is_empty());
        assert!(t.preview("junk").is_empty());
        assert_eq!(t.snapshot().matches("\"timeoutMove\":\"b2:c2\"").count(), 1);
    }

    #[test]
    fn sizes_out_of_range_are_refused() {
        for n in [0, 4, 16, 1000] {
            let e = Table::nabucodonosor(n, settings("person,person", 0, "")).unwrap_err();
            assert_eq!(e.code(), "bad-size");
        }
        assert_eq!(
            Settings::parse("person,bot", 6, "", "", "", NabuGame::MAX_LEVEL)
                .unwrap_err()
                .code(),
            "bad-level"
        );
    }

    #[test]
    fn a_table_game_records_and_verifies_after_replay() {
        let mut t = Table::nabucodonosor(6, settings("person,bot:3", 10, "palavra")).unwrap();
        t.play("c3").unwrap();
        assert_eq!(t.preview("c3:c3"), Vec::<usize>::new());
        let e = t.play("swap").unwrap();
        assert!(!e.over);
        assert!(t.session().rules().swapped());
        let mut turn = 0;
        while !t.session().is_over() {
            turn += 1;
            if turn % 5 == 0 {
                t.time_out().unwrap();
            } else {
                let mv = t.bot_move(1).unwrap();
                let e = t.play(&mv.to_string()).unwrap();
                assert!(e.passes.len() <= 2);
            }
        }
        let text = t.record(true);
        let report = crate::record::verify_text(&text);
        assert!(report.all_passed(), "{report}");
        let mut again = Table::nabucodonosor(6, settings("person,bot:3", 10, "palavra")).unwrap();
        again.replay_text(&t.moves_text()).unwrap();
        assert_eq!(again.record(true), text);
        assert!(t.snapshot().contains("\"end\":\""));
        let mut bad = Table::nabucodonosor(6, settings("person,person", 10, "")).unwrap();
        assert_eq!(
            bad.replay_text("c3 *d4").unwrap_err().code(),
            "table-move-mismatch"
        );
        assert_eq!(bad.play("c3").unwrap_err().code(), "placement");
        assert_eq!(
            nabu_bot_move(6, "c3", 2, &"ab".repeat(32)).unwrap(),
            nabu_bot_move(6, "c3", 2, &"ab".repeat(32)).unwrap()
        );
    }

    #[test]
    fn the_bot_stops_when_its_time_is_up_and_still_plays_a_legal_move() {
        let seed = "ab".repeat(32);
        let mut asked = 0;
        // Out of time at once: one playout, then a legal move all the same.
        let hurried = nabu_bot_move_within(8, "c3", 5, &seed, &mut || {
            asked += 1;
            true
        })
        .unwrap();
        assert_eq!(asked, 1, "asked before the second playout, then stopped");
        let mut t = Table::nabucodonosor(8, settings("person,person", 0, "")).unwrap();
        t.replay_text("c3").unwrap();
        assert!(t.play(&hurried).is_ok(), "{hurried} is legal");
        // Never out of time: the same move as without a clock.
        assert_eq!(
            nabu_bot_move_within(8, "c3", 3, &seed, &mut || false).unwrap(),
            nabu_bot_move(8, "c3", 3, &seed).unwrap()
        );
    }
}
