//! What the page draws of a table: the [`Snapshot`] of the whole game (a
//! plain value, with serde's traits under the `serde` feature, for the
//! server and the command line), the same snapshot written as JSON with the
//! crate's [`json`] writer (the page's path across the wasm boundary: see
//! `docs/development.md`, "JSON across the wasm boundary"), and the event
//! of one turn.

use super::{Table, View};
use crate::game::session::Event;
use crate::game::{Seat, Verdict};
use crate::json::{self, Object, Shown};

/// Everything the page draws of a table, for both games, then the game's
/// own fields ([`GameFields`]). serde writes it as [`Table::snapshot`]
/// does: these fields in this order, named in camel case (`seatToMove`),
/// the game's own fields in the same object, a ply as `[text, colour
/// letter, by table]`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct Snapshot {
    /// `othello` or `nabucodonosor`.
    pub game: String,
    /// The board's side.
    pub size: usize,
    /// `X`/`O`/`-` row by row from a1.
    pub cells: String,
    /// The colour to move, `dark` or `light`.
    pub side: String,
    /// The seat to move (0 or 1).
    pub seat_to_move: usize,
    /// The seat dark at the start (0 or 1).
    pub dark_seat: usize,
    /// Each seat: `person` or `bot:N`.
    pub seats: Vec<String>,
    /// Seconds a turn, 0 for none.
    pub clock: u32,
    /// Dark's and light's discs.
    pub counts: [u32; 2],
    /// Always false: the table passes at once.
    pub must_pass: bool,
    /// The game is over.
    pub over: bool,
    /// Once over: `dark`, `light` or `draw`.
    pub outcome: Option<String>,
    /// The cell the last turn placed on, or -1.
    pub last: i64,
    /// The cells the last turn turned over.
    pub last_flips: Vec<usize>,
    /// The last turn's move as the record writes it.
    pub last_move: Option<String>,
    /// Every ply: its text, the mover's colour letter (`X`/`O`) and whether
    /// the table played it; passes included.
    pub moves: Vec<(String, String, bool)>,
    /// The hints and undos as the record writes them, `""` for none.
    pub assists: String,
    /// Rated: no hint, no undo.
    pub rated: bool,
    /// The seed's fingerprint, 64 hex.
    pub fingerprint: String,
    /// Someone chose the seed.
    pub seed_chosen: bool,
    /// The players' word.
    pub word: String,
    /// The move the table would play on time-out now.
    pub timeout_move: Option<String>,
    /// The handicap's short form (`seat2:first:a1,h8`).
    pub handicap: Option<String>,
    /// The clock in its notation (`30`, `180+2`, `2d`), `None` for none.
    pub time_control: Option<String>,
    /// Under a game clock or correspondence, dark's and light's time left
    /// in milliseconds when their clocks last stopped (the running one's
    /// counts down from `clock_since`).
    pub clock_left: Option<[u64; 2]>,
    /// The colour whose time runs, `dark` or `light`.
    pub clock_running: Option<String>,
    /// The instant the running clock started, on the caller's scale.
    pub clock_since: u64,
    /// The colour that lost on time, once a flag fell.
    pub lost_on_time: Option<String>,
    /// Under a game clock, each ply's time left so far in tenths (the
    /// record's `times`); empty otherwise.
    pub clock_times: Vec<u32>,
    /// The game's own fields, after the others.
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub fields: GameFields,
}

/// The fields of a [`Snapshot`] that only one game has.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(untagged, rename_all_fields = "camelCase")
)]
pub enum GameFields {
    /// Othello's.
    Othello {
        /// `[square, flips]` for each legal square, in reading order.
        legal: Vec<[usize; 2]>,
        /// The discs left to dark and to light (T7).
        supplies: [u32; 2],
    },
    /// Nabucodonosor's.
    Nabucodonosor {
        /// The legal placements' cells, in reading order.
        placements: Vec<usize>,
        /// The legal captures' texts, in the command line's order.
        captures: Vec<String>,
        /// Every legal move's text.
        legal_moves: Vec<String>,
        /// The pie rule may be taken now.
        can_swap: bool,
        /// The pie rule was taken.
        swapped: bool,
        /// Once over: `wipe-out`, `more-discs` or `last-mover`.
        end: Option<String>,
    },
}

impl<R: View> Table<R> {
    /// Everything the page draws, as a value (see [`Snapshot`]).
    pub fn to_snapshot(&self) -> Snapshot {
        let g = &self.session;
        let p = g.rules();
        let side = p.side_to_move();
        let outcome = outcome(g.verdict());
        let placed = self
            .last
            .as_ref()
            .and_then(|(mv, _)| R::placed(*mv, p.size()));
        let timed = g.timed.as_ref();
        Snapshot {
            game: R::NAME.to_string(),
            size: p.size(),
            cells: p.cells(),
            side: side.to_string(),
            seat_to_move: g.seat_of(side),
            dark_seat: g.dark_seat(),
            seats: g
                .seats
                .iter()
                .map(|seat| match seat {
                    Seat::Person => "person".to_string(),
                    Seat::Bot { level } => format!("bot:{level}"),
                })
                .collect(),
            clock: g.clock.unwrap_or(0),
            counts: p.counts(),
            must_pass: p.must_pass(),
            over: g.is_over(),
            outcome: outcome.map(str::to_string),
            last: placed.map_or(-1, |c| c as i64),
            last_flips: self.last.as_ref().map_or(Vec::new(), |(_, f)| f.clone()),
            last_move: self.last.as_ref().map(|(mv, _)| mv.to_string()),
            moves: g
                .moves()
                .iter()
                .zip(g.movers())
                .map(|(m, c)| (m.mv.to_string(), c.letter().to_string(), m.by_table))
                .collect(),
            assists: self.assists_text(),
            rated: self.is_rated(),
            fingerprint: g.seed.fingerprint(),
            seed_chosen: g.seed_chosen,
            word: g.word.clone(),
            timeout_move: p.timeout_move().map(|m| m.to_string()),
            handicap: g.handicap.map(|h| h.to_string()),
            time_control: self.clock_control().map(|c| c.to_string()),
            clock_left: timed.map(|t| t.clock.remaining_ms),
            clock_running: timed.and_then(|t| t.running()).map(|c| c.to_string()),
            clock_since: timed.map_or(0, |t| t.clock.since),
            lost_on_time: g.lost_on_time().map(|c| c.to_string()),
            clock_times: timed.map_or_else(Vec::new, |t| t.times.clone()),
            fields: R::fields(g),
        }
    }

    /// Everything the page draws, as JSON. For both games: `game`, `size`,
    /// `cells` (`X`/`O`/`-` row by row from a1), `side` (`"dark"`/`"light"`,
    /// to move), `seatToMove`, `darkSeat` (the seat dark at the start),
    /// `seats` (`"person"` or `"bot:N"`), `clock` (seconds, 0 = none),
    /// `counts` (`[dark, light]`), `mustPass` (always false: the table passes
    /// at once), `over`, `outcome` (`null`, `"dark"`, `"light"` or `"draw"`),
    /// `last` (the cell the last turn placed on, or -1), `lastFlips` (the
    /// cells it turned over), `lastMove` (its text or null), `moves`
    /// (`[[text, colour letter, by table], …]`, passes included),
    /// `assists` (the hints and undos as the record writes them, `""` for
    /// none), `rated` (no hint, no undo), `fingerprint`, `seedChosen`,
    /// `word`, `timeoutMove` (text or null), `handicap` (its short form,
    /// `seat2:first:a1,h8`, or null), `timeControl` (the clock's notation,
    /// `30`, `180+2`, `2d`, or null), `clockLeft` (under a game clock or
    /// correspondence, `[dark, light]` milliseconds left when the clocks
    /// last stopped, else null), `clockRunning` (`dark`, `light` or null),
    /// `clockSince` (the instant the running clock started), `lostOnTime`
    /// (the colour whose flag fell, or null; `outcome` then names the
    /// other), `clockTimes` (each ply's time left so far in tenths under a
    /// game clock, the record's `times`; `[]` otherwise);
    /// then the game's own fields (see [`View::extra_json`]). The same
    /// JSON as serde writes [`Table::to_snapshot`] (with the `serde`
    /// feature), written here with the crate's writer: the page's package
    /// is lighter so (see `docs/development.md`, "JSON across the wasm
    /// boundary").
    pub fn snapshot(&self) -> String {
        let g = &self.session;
        let p = g.rules();
        let side = p.side_to_move();
        let mut s = String::with_capacity(1024);
        json::object_into(&mut s, |o| {
            o.field("game", R::NAME)
                .field("size", p.size())
                .field("cells", p.cells())
                .field("side", Shown(side))
                .field("seatToMove", g.seat_of(side))
                .field("darkSeat", g.dark_seat())
                .array("seats", |a| {
                    for seat in &g.seats {
                        match seat {
                            Seat::Person => a.item("person"),
                            Seat::Bot { level } => a.item(Shown(format_args!("bot:{level}"))),
                        };
                    }
                });
            let [dark, light] = p.counts();
            let outcome = outcome(g.verdict());
            let placed = self
                .last
                .as_ref()
                .and_then(|(mv, _)| R::placed(*mv, p.size()));
            let flips: &[usize] = self.last.as_ref().map_or(&[], |(_, f)| f);
            o.field("clock", g.clock.unwrap_or(0))
                .array("counts", |a| {
                    a.item(dark).item(light);
                })
                .field("mustPass", p.must_pass())
                .field("over", g.is_over())
                .field("outcome", outcome)
                .field("last", placed.map_or(-1, |c| c as i64))
                .array("lastFlips", |a| {
                    a.items(flips);
                })
                .field("lastMove", self.last.as_ref().map(|(mv, _)| Shown(mv)))
                .array("moves", |a| {
                    for (m, c) in g.moves().iter().zip(g.movers()) {
                        a.array(|a| {
                            a.item(Shown(m.mv)).item(Shown(c.letter())).item(m.by_table);
                        });
                    }
                })
                .field("assists", self.assists_text())
                .field("rated", self.is_rated())
                .field("fingerprint", g.seed.fingerprint())
                .field("seedChosen", g.seed_chosen)
                .field("word", &g.word)
                .field("timeoutMove", p.timeout_move().map(Shown))
                .field("handicap", g.handicap.map(Shown));
            super::clock::snapshot_fields(o, self.clock_control(), g.timed.as_ref());
            R::extra_json(g, o);
        });
        s
    }
}

/// The page's word for a verdict: `dark`, `light`, `draw`, or none.
fn outcome(v: Option<Verdict>) -> Option<&'static str> {
    match v {
        None | Some(Verdict::Unfinished) => None,
        Some(Verdict::DarkWins) => Some("dark"),
        Some(Verdict::LightWins) => Some("light"),
        Some(Verdict::Draw) => Some("draw"),
    }
}

/// What a turn did, as JSON: `{"move":"f5","mover":"dark","byTable":false,
/// "placed":37,"changed":[36],"passes":["light"],"over":false}` — `placed`
/// is the cell a disc went on (-1 for none), `changed` the cells turned over
/// (flips or a capture), `passes` the colours the table then passed for.
pub fn event_json<R: View>(e: &Event<R::Move>, size: usize) -> String {
    json::object(|o: &mut Object<'_>| {
        o.field("move", Shown(e.mv))
            .field("mover", Shown(e.mover))
            .field("byTable", e.by_table)
            .field("placed", R::placed(e.mv, size).map_or(-1, |c| c as i64))
            .array("changed", |a| {
                a.items(&e.changed);
            })
            .array("passes", |a| {
                a.items(e.passes.iter().map(Shown));
            })
            .field("over", e.over);
    })
}
