//! The record's clocks beyond a clock a move: `clock: 180+2` or
//! `clock: 2d`, the `times` line (each ply's time left, as lichess's `%clk`
//! and GGF's move times give it) and a result ` on time`; their reading,
//! writing and the verifier's `clock` check.
//!
//! ```text
//! clock: 60+1
//! moves: d3 e3 f4 g5 f5
//! times: 59.3 60.7 57.4 60.7 56.7 0.0
//! result: dark 61 light 3 dark wins on time
//! ```
//!
//! `times` has one entry a ply: the time left to the player that played it
//! (a player's time is its own: after Nabucodonosor's swap it changes colour
//! with the player), after the ply, its increment included, in seconds with tenths (rounded
//! up: a side with any time left never shows `0.0`); a pass leaves its
//! side's time as it was. A game lost on time has one entry more, `0.0`:
//! the flag of the side to move after the last ply. Its score is the World
//! Othello Federation's ([`crate::clock::score_on_time`]).

use super::report::{Check, Status};
use super::{Field, Record, RecordError};
use crate::clock::{score_on_time, TimeControl, MAX_TENTHS};
use crate::game::GameKind;
use crate::game::Verdict;
use crate::Color;

/// A record's game clock or correspondence, with what it says of time.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Timing {
    /// The clock: [`TimeControl::Game`] or [`TimeControl::Correspondence`]
    /// (a clock a move stays the record's `clock` field, as before).
    pub control: TimeControl,
    /// Under a game clock, each ply's time left to its side, in tenths of a
    /// second, and `0` after them when a flag fell; empty when not kept.
    pub times: Vec<u32>,
    /// The result line says the game was lost on time.
    pub on_time: bool,
}

/// The clock line's value: `(a clock a move, a game clock or correspondence)`.
pub(crate) fn parse_clock_line(
    (n, v): (usize, &str),
) -> Result<(Option<u32>, Option<TimeControl>), RecordError> {
    if v == "off" {
        return Ok((None, None));
    }
    match v.parse::<TimeControl>() {
        Ok(TimeControl::PerMove { seconds }) => Ok((Some(seconds), None)),
        Ok(other) => Ok((None, Some(other))),
        Err(_) => Err(bad(n, Field::Clock, v)),
    }
}

/// The result line's value without a final ` on time`, and whether it had one.
pub(crate) fn split_on_time((n, v): (usize, &str)) -> ((usize, &str), bool) {
    match v.strip_suffix(" on time") {
        Some(rest) => ((n, rest), true),
        None => ((n, v), false),
    }
}

/// The record's timing from its parsed parts: `times` only under a game
/// clock, ` on time` only under a game clock or correspondence.
pub(crate) fn read(
    control: Option<TimeControl>,
    times: Option<(usize, &str)>,
    on_time: Option<(usize, &str)>,
) -> Result<Option<Timing>, RecordError> {
    let Some(control) = control else {
        if let Some((n, v)) = times {
            return Err(bad(n, Field::Times, v));
        }
        if let Some((n, v)) = on_time {
            return Err(bad(n, Field::Result, v));
        }
        return Ok(None);
    };
    let times = match times {
        Some((n, v)) if matches!(control, TimeControl::Game { .. }) => v
            .split(' ')
            .map(tenths)
            .collect::<Option<Vec<u32>>>()
            .filter(|t| t.len() <= super::MAX_MOVES + 1)
            .ok_or_else(|| bad(n, Field::Times, v))?,
        Some((n, v)) => return Err(bad(n, Field::Times, v)),
        None => Vec::new(),
    };
    Ok(Some(Timing {
        control,
        times,
        on_time: on_time.is_some(),
    }))
}

/// `178.4` as 1784: digits, a point, one digit.
fn tenths(s: &str) -> Option<u32> {
    let (whole, tenth) = s.split_once('.')?;
    let ok = |d: &str, most: usize| {
        !d.is_empty() && d.len() <= most && d.bytes().all(|b| b.is_ascii_digit())
    };
    if !ok(whole, 7) || !ok(tenth, 1) || (whole.len() > 1 && whole.starts_with('0')) {
        return None;
    }
    let t = whole.parse::<u32>().ok()? * 10 + tenth.parse::<u32>().ok()?;
    (t <= MAX_TENTHS).then_some(t)
}

/// Puts a game clock or correspondence into a record written at the table
/// (its `clock` line, `times`), and, when `loser`'s flag fell (or its
/// correspondence window lapsed), the result on time: won by the other
/// side, scored as the WOF scores it from the board's counts the record
/// holds (T23).
pub fn set_timing(r: &mut Record, control: TimeControl, times: Vec<u32>, loser: Option<Color>) {
    r.clock = None;
    r.timing = Some(Timing {
        control,
        times,
        on_time: loser.is_some(),
    });
    let Some(loser) = loser else {
        return;
    };
    let squares = match r.game {
        GameKind::Othello => 64,
        GameKind::Nabucodonosor(n) => u32::from(n) * u32::from(n),
    };
    let discs = [r.result.dark, r.result.light];
    let (lost, won) = score_on_time(discs[side(loser)], squares);
    (r.result.dark, r.result.light, r.result.verdict) = match loser {
        Color::Dark => (lost, won, Verdict::LightWins),
        Color::Light => (won, lost, Verdict::DarkWins),
    };
}

/// The `clock` line's value.
pub(crate) fn clock_text(r: &Record) -> String {
    match (&r.timing, r.clock) {
        (Some(t), _) => t.control.to_string(),
        (None, Some(secs)) => secs.to_string(),
        (None, None) => "off".to_string(),
    }
}

/// The `times` line's value, if the record keeps times.
pub(crate) fn times_text(r: &Record) -> Option<String> {
    let t = r.timing.as_ref().filter(|t| !t.times.is_empty())?;
    let texts: Vec<String> = t
        .times
        .iter()
        .map(|x| format!("{}.{}", x / 10, x % 10))
        .collect();
    Some(texts.join(" "))
}

/// ` on time` after the result, when lost on time.
pub(crate) fn result_suffix(r: &Record) -> &'static str {
    match &r.timing {
        Some(t) if t.on_time => " on time",
        _ => "",
    }
}

fn bad(line: usize, field: Field, v: &str) -> RecordError {
    RecordError::BadValue {
        line,
        field,
        found: crate::text::excerpt(v),
    }
}

/// How the replay ended, for the clock's checks.
pub(crate) struct Replayed<'a> {
    /// Each ply's colour, its player's clock (0 for the player who held
    /// dark at the start, 1 for the other: after Nabucodonosor's swap a
    /// colour's mover is the other player) and whether it was a pass.
    pub plies: &'a [(Color, usize, bool)],
    /// The side to move after the last ply.
    pub to_move: Color,
    /// The game ended on the board.
    pub over: bool,
    /// Dark's and light's discs.
    pub counts: [u32; 2],
    /// The board's squares.
    pub squares: u32,
}

/// The verifier's `clock` check and, for a game lost on time, its
/// `result` check (`None`: the result is checked as any other).
pub(crate) fn checks(r: &Record, t: &Timing, g: &Replayed) -> (Check, Option<Check>) {
    let clock = match t.control {
        TimeControl::Game { base, increment } => check_times(t, g, base, increment),
        _ => Check::new("clock", Status::Passed, "clock-ok").with("clock", t.control),
    };
    (clock, t.on_time.then(|| on_time_result(r, g)))
}

fn side(c: Color) -> usize {
    usize::from(c == Color::Light)
}

fn fail(code: &'static str, ply: usize) -> Check {
    Check::new("clock", Status::Failed, code).with("ply", ply)
}

/// The times against the plies: one a ply (and the flag), none rising by
/// more than the increment on its player's clock, a pass leaving its side's time, no move made
/// with no time left, the flag where the result says it fell.
fn check_times(t: &Timing, g: &Replayed, base: u32, increment: u32) -> Check {
    let clock = format!("{base}+{increment}");
    if t.times.is_empty() {
        return match t.on_time {
            true => fail("clock-on-time-without-flag", g.plies.len() + 1),
            false => Check::new("clock", Status::Passed, "clock-ok")
                .with("clock", clock)
                .with("times", 0),
        };
    }
    let expected = g.plies.len() + usize::from(t.on_time);
    if t.times.len() != expected {
        if t.on_time && t.times.len() == g.plies.len() {
            return fail("clock-on-time-without-flag", g.plies.len() + 1);
        }
        return Check::new("clock", Status::Failed, "clock-times-count")
            .with("times", t.times.len())
            .with("plies", g.plies.len());
    }
    let inc = increment * 10;
    let mut left = [base * 10; 2];
    for (i, (&(color, clock, pass), &time)) in g.plies.iter().zip(&t.times).enumerate() {
        let (s, ply) = (clock & 1, i + 1);
        if pass && time != left[s] {
            return fail("clock-pass-charged", ply)
                .with("before", tenths_text(left[s]))
                .with("after", tenths_text(time));
        }
        if !pass && time > left[s] + inc {
            return fail("clock-time-rises", ply)
                .with("before", tenths_text(left[s]))
                .with("after", tenths_text(time))
                .with("increment", increment);
        }
        if !pass && time <= inc {
            return fail("clock-move-after-flag", ply).with("color", color);
        }
        left[s] = time;
    }
    if t.on_time && (g.over || t.times.last() != Some(&0)) {
        return fail("clock-on-time-without-flag", g.plies.len() + 1);
    }
    Check::new("clock", Status::Passed, "clock-ok")
        .with("clock", clock)
        .with("times", t.times.len())
}

fn tenths_text(t: u32) -> String {
    format!("{}.{}", t / 10, t % 10)
}

/// A game lost on time: won by the side not to move (whose flag did not
/// fall), scored as the WOF scores it from the board where the flag fell;
/// failed `clock-on-time-winner` when the record names another winner,
/// `clock-on-time-score` when it states another score.
fn on_time_result(r: &Record, g: &Replayed) -> Check {
    let flagged = side(g.to_move);
    let (lost, won) = score_on_time(g.counts[flagged], g.squares);
    let (dark, light, verdict) = match flagged {
        0 => (lost, won, Verdict::LightWins),
        _ => (won, lost, Verdict::DarkWins),
    };
    if g.over {
        return Check::new("result", Status::Failed, "clock-on-time-without-flag")
            .with("ply", g.plies.len() + 1);
    }
    if r.result.verdict != verdict {
        return Check::new("result", Status::Failed, "clock-on-time-winner")
            .with("computed", verdict.as_str())
            .with("recorded", r.result.verdict.as_str());
    }
    if (r.result.dark, r.result.light) != (dark, light) {
        return Check::new("result", Status::Failed, "clock-on-time-score")
            .with("dark", dark)
            .with("light", light)
            .with("recorded-dark", r.result.dark)
            .with("recorded-light", r.result.light);
    }
    Check::new("result", Status::Passed, "result-on-time")
        .with("dark", dark)
        .with("light", light)
        .with("verdict", verdict.as_str())
}
