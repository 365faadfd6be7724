//! The table under a game clock or correspondence (T22, T23): the caller
//! gives each instant (milliseconds on any monotonic scale, as the page's
//! `performance.now()` or the server's clock), the table charges the side
//! to move, adds the increment, charges a forced pass nothing, and ends the
//! game lost on time when a flag falls. It never plays for a person then:
//! [`Table::time_out`] is a clock a move's.

use super::{Table, TableError, View};
use crate::clock::{Flagged, GameClock, TimeControl};
use crate::game::session::Event;
use crate::game::timed::Timed;
use crate::json::{self, Shown};
use crate::Color;

pub(super) const NEEDS_TIME: TableError = TableError::Clock(
    "clock-needs-time",
    "under a game clock a move is played at its instant (play_at)",
);
pub(super) const NO_TABLE_MOVE: TableError = TableError::Clock(
    "no-table-move",
    "under a game clock the table never moves for a player",
);
pub(super) const FLAG_FELL: TableError = TableError::Clock(
    "flag-fell",
    "the time ran out before the move: the game is lost on time",
);
pub(super) const NO_UNDO: TableError =
    TableError::Clock("clock-no-undo", "no undo under a game clock");
const BAD_STATE: TableError = TableError::Clock(
    "bad-clock-state",
    "the times do not fit this table's clock and moves",
);

/// A game clock's state at `now` (one copy for both games: the page's
/// package stays small).
pub(super) fn state_of(t: &Timed, now: u64) -> ClockState {
    let mut left = t.left(now);
    if let Some(f) = t.clock.flag(now) {
        left[f.side] = 0;
    }
    ClockState {
        control: t.control,
        left,
        running: t.running(),
        lost_on_time: t.loser(),
    }
}

/// [`Table::clock_json`] of a game clock, or `null`.
pub(super) fn json_of(timed: Option<&Timed>, now: u64) -> String {
    let Some(c) = timed.map(|t| state_of(t, now)) else {
        return "null".to_string();
    };
    json::object(|o| {
        o.field("control", Shown(c.control))
            .array("left", |a| {
                a.items(c.left);
            })
            .field("running", c.running.map(Shown))
            .field("lostOnTime", c.lost_on_time.map(Shown));
    })
}

/// The snapshot's clock fields (see [`Table::snapshot`]), one copy for
/// both games: `clockTimes` is each ply's time left so far, in tenths, as
/// the record keeps them (what a page stores to resume the game).
pub(super) fn snapshot_fields(
    o: &mut json::Object<'_>,
    control: Option<TimeControl>,
    timed: Option<&Timed>,
) {
    o.field("timeControl", control.map(Shown))
        .field("clockLeft", timed.map(|t| Pair(t.clock.remaining_ms)))
        .field("clockRunning", timed.and_then(Timed::running).map(Shown))
        .field("clockSince", timed.map_or(0, |t| t.clock.since))
        .field("lostOnTime", timed.and_then(Timed::loser).map(Shown))
        .array("clockTimes", |a| {
            a.items(timed.map_or(&[][..], |t| &t.times[..]));
        });
}

/// Two numbers as a JSON array.
struct Pair([u64; 2]);

impl json::Value for Pair {
    fn write_json(&self, out: &mut String) {
        out.push_str(&json::array(|a| {
            a.items(self.0);
        }));
    }
}

/// A game clock at an instant, as the page draws it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
pub struct ClockState {
    /// The clock, `180+2` or `2d`.
    pub control: TimeControl,
    /// Dark's and light's time left, in milliseconds.
    pub left: [u64; 2],
    /// The colour whose time runs, if one does.
    pub running: Option<Color>,
    /// The colour that lost on time, once a flag fell.
    pub lost_on_time: Option<Color>,
}

impl<R: View> Table<R> {
    /// The table's clock in its notation (`30`, `180+2`, `2d`), `None`
    /// for none.
    pub fn clock_control(&self) -> Option<TimeControl> {
        let s = &self.session;
        match &s.timed {
            Some(t) => Some(t.control),
            None => s.clock.map(|seconds| TimeControl::PerMove { seconds }),
        }
    }

    /// The game clock or correspondence's state, with each ply's time
    /// kept so far (what a server stores to resume the table).
    pub fn timed(&self) -> Option<&Timed> {
        self.session.timed.as_ref()
    }

    /// Starts the side to move's clock at `now` (the game's first turn),
    /// once; nothing without a game clock, or once the game is over.
    /// [`Table::play_at`] starts it too if it has not run yet.
    pub fn start_clock(&mut self, now: u64) {
        let to_move = self.session.rules().side_to_move();
        let over = self.session.is_over();
        if let Some(t) = self.session.timed.as_mut().filter(|_| !over) {
            t.begin(to_move, now);
        }
    }

    /// A handicap set before the first move may change the side to move:
    /// its clock starts instead, at the same instant.
    pub(super) fn restart_clock(&mut self) {
        let to_move = self.session.rules().side_to_move();
        let fresh = self.session.moves().is_empty();
        if let Some(t) = self.session.timed.as_mut() {
            if let (true, Some(_), None) = (fresh, t.clock.running, t.clock.flagged) {
                t.clock.running = None;
                let since = t.clock.since;
                t.begin(to_move, since);
            }
        }
    }

    /// The side to move plays the move written `text` at the instant
    /// `now`; the forced passes follow. Under a game clock its thinking
    /// time is charged and the increment added, the passes charged nothing;
    /// a move at or after the instant its time ran out is refused
    /// (`flag-fell`) and the game is lost on time. Without a game clock,
    /// [`Table::play`].
    pub fn play_at(&mut self, text: &str, now: u64) -> Result<Event<R::Move>, TableError> {
        if self.session.timed.is_none() {
            return self.play(text);
        }
        let mv = Self::read(text)?;
        self.start_clock(now);
        if self.check_flag(now).is_some() {
            return Err(FLAG_FELL);
        }
        let swapped = self.session.rules().swapped();
        let event = self.session.turn(mv).map_err(TableError::illegal::<R>)?;
        // The pie swap (N4): the players' times change colour with them.
        let exchanged = !swapped && self.session.rules().swapped();
        if let Some(t) = self.session.timed.as_mut() {
            // No flag at `now` (checked above): the turn finds none either.
            let _ = t.turn(event.mover, exchanged, &event.passes, event.over, now);
        }
        self.last = Some((event.mv, event.changed.clone()));
        Ok(event)
    }

    /// The colour whose flag has fallen by `now`, if any: the game is then
    /// over, lost on time by that colour (noted at the instant its time
    /// reached zero). How a caller polls the running clock.
    pub fn check_flag(&mut self, now: u64) -> Option<Color> {
        let t = self.session.timed.as_mut()?;
        let Flagged { side, .. } = t.check(now)?;
        Some([Color::Dark, Color::Light][side])
    }

    /// The game ended off the board at `now` (a resignation, an abort):
    /// both clocks stop where they are, and stand still from then on.
    pub fn halt_clock(&mut self, now: u64) {
        if let Some(t) = self.session.timed.as_mut() {
            t.halt(now);
        }
    }

    /// The game clock at `now` (`None` without one): each side's time
    /// left, the one that runs, the one that lost on time. It notes
    /// nothing: see [`Table::check_flag`].
    pub fn clock_state(&self, now: u64) -> Option<ClockState> {
        self.session.timed.as_ref().map(|t| state_of(t, now))
    }

    /// [`Table::clock_state`] as JSON: `{"control":"180+2","left":[ms,
    /// ms],"running":"dark","lostOnTime":null}` (dark's time first), or
    /// `null` without a game clock.
    pub fn clock_json(&self, now: u64) -> String {
        json_of(self.session.timed.as_ref(), now)
    }

    /// Resumes the game clock of a table whose moves were replayed (a
    /// server after a restart): `times` as kept (each ply's time left in
    /// tenths, the flag's `0` after them when one fell; none under
    /// correspondence), dark's and light's time left `remaining_ms`, and the
    /// side to move's clock running from `since` (or, after a flag, fallen
    /// then). `bad-clock-state` when the times do not fit the moves.
    pub fn restore_clock(
        &mut self,
        times: Vec<u32>,
        remaining_ms: [u64; 2],
        since: u64,
    ) -> Result<(), TableError> {
        let plies = self.session.moves().len();
        let over = self.session.rules().verdict().is_some();
        let to_move = usize::from(self.session.rules().side_to_move() == Color::Light);
        let Some(old) = self.session.timed.as_ref() else {
            return Err(BAD_STATE);
        };
        let flagged = match old.control {
            TimeControl::Game { .. } if times.len() == plies => false,
            TimeControl::Game { .. } if times.len() == plies + 1 && !over => {
                if times.last() != Some(&0) {
                    return Err(BAD_STATE);
                }
                true
            }
            TimeControl::Correspondence { .. } if times.is_empty() => false,
            _ => return Err(BAD_STATE),
        };
        let mut remaining_ms = remaining_ms;
        if flagged {
            remaining_ms[to_move] = 0;
        }
        let clock = GameClock {
            increment_ms: old.clock.increment_ms,
            remaining_ms,
            running: (!over && !flagged).then_some(to_move),
            since,
            flagged: flagged.then_some(Flagged {
                side: to_move,
                at: since,
            }),
        };
        self.session.timed = Some(Timed {
            control: old.control,
            clock,
            times,
        });
        Ok(())
    }
}
