//! What the page draws of a table, as JSON: the snapshot of the whole game
//! and the event of one turn, written with the crate's [`json`] writer.

use super::{Table, View};
use crate::game::session::Event;
use crate::game::{Seat, Verdict};
use crate::json::{self, Object, Shown};

impl<R: View> Table<R> {
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
    /// `seat2:first:a1,h8`, or null);
    /// then the game's own fields (see [`View::extra_json`]).
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
            let outcome = match p.verdict() {
                None | Some(Verdict::Unfinished) => None,
                Some(Verdict::DarkWins) => Some("dark"),
                Some(Verdict::LightWins) => Some("light"),
                Some(Verdict::Draw) => Some("draw"),
            };
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
            R::extra_json(g, o);
        });
        s
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
