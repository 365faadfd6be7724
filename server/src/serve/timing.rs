//! A game clock (`180+2`) or a correspondence window (`2d`) beside an
//! online game, on the server's instants (ms since the epoch, the actor's
//! `now`): the library's [`Timed`] (crate/src/game/timed.rs) turned after
//! each turn, a forced pass charged nothing, the flag noted where it fell.
//! It is what the table stores beside its moves after every move, so that
//! a restart or a takeover resumes with both remaining times.

use virada::clock::{GameClock, TimeControl};
use virada::game::timed::Timed;
use virada::Color;

/// One day, in milliseconds.
const DAY_MS: u64 = 86_400_000;

/// Clock side (0 dark, 1 light) of a colour.
fn side(c: Color) -> usize {
    usize::from(c == Color::Light)
}

/// The colour of clock side `s`.
fn color(s: usize) -> Color {
    [Color::Dark, Color::Light][s & 1]
}

/// A stopped clock for `control`: a game clock or correspondence (each
/// side's first window), `None` for a clock a move.
pub fn new(control: TimeControl) -> Option<Timed> {
    let clock = match control {
        TimeControl::Game { base, increment } => GameClock::new(base, increment),
        TimeControl::Correspondence { days } => GameClock::new(days * 86_400, 0),
        TimeControl::PerMove { .. } => return None,
    };
    Some(Timed {
        control,
        clock,
        times: Vec::new(),
    })
}

/// Instants as the library takes them (an instant before the epoch is 0).
fn at(now: i64) -> u64 {
    u64::try_from(now).unwrap_or(0)
}

/// Starts `to_move`'s clock at `now`, once.
pub fn begin(t: &mut Timed, to_move: Color, now: i64) {
    if t.clock.running.is_none() && t.clock.flagged.is_none() {
        t.clock.start(side(to_move), at(now));
    }
}

/// The flag that has fallen by `now`, noted once: the colour that lost on
/// time (under a game clock, its `0` ends the times).
pub fn check(t: &mut Timed, now: i64) -> Option<Color> {
    let before = t.clock.flagged;
    let flag = t.clock.check(at(now));
    if before.is_none() && flag.is_some() && keeps_times(t) {
        t.times.push(0);
    }
    flag.map(|f| color(f.side))
}

/// Whether each ply's time left is kept (a game clock's record has them).
fn keeps_times(t: &Timed) -> bool {
    matches!(t.control, TimeControl::Game { .. })
}

/// A turn ended at `now`: `mover` moved, then `passes` forced passes
/// followed (each charged nothing, the other side's first), and the game
/// is `over` or not. The caller checked the flag at `now` first.
pub fn turn(t: &mut Timed, mover: Color, passes: usize, over: bool, now: i64) {
    let now = at(now);
    let Ok(left) = t.clock.moved(now) else {
        return;
    };
    let keep = keeps_times(t);
    if keep {
        t.times.push(virada::clock::tenths_of(left));
    }
    let mut passer = mover.other();
    for _ in 0..passes {
        t.clock.passed(now);
        if keep {
            let left = t.clock.remaining(side(passer), now);
            t.times.push(virada::clock::tenths_of(left));
        }
        passer = passer.other();
    }
    if let (TimeControl::Correspondence { days }, Some(next)) = (t.control, t.clock.running) {
        // Correspondence: the side to move has the whole window again.
        t.clock.remaining_ms[next] = u64::from(days) * DAY_MS;
    }
    if over {
        t.clock.stop();
    }
}

/// When the running side's flag falls (ms since the epoch), if a clock runs.
pub fn flag_at(t: &Timed) -> Option<i64> {
    let side = t.clock.running?;
    i64::try_from(t.clock.since.saturating_add(t.clock.remaining_ms[side])).ok()
}

/// The colour that lost on time, if a flag fell.
pub fn loser(t: &Timed) -> Option<Color> {
    t.clock.flagged.map(|f| color(f.side))
}

/// Dark's and light's time left at `now` (`0` for a fallen flag), and the
/// colour whose clock runs.
pub fn left(t: &Timed, now: i64) -> ([u64; 2], Option<Color>) {
    let flagged = t.clock.flagged.map(|f| f.side);
    let left = [0, 1].map(|s| {
        if flagged == Some(s) {
            0
        } else {
            t.clock.remaining(s, at(now))
        }
    });
    (left, t.clock.running.map(color))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_clock_charges_the_mover_adds_the_increment_and_no_pass() {
        let mut t = new("60+2".parse().unwrap()).unwrap();
        begin(&mut t, Color::Dark, 1_000);
        assert_eq!(flag_at(&t), Some(61_000));
        turn(&mut t, Color::Dark, 1, false, 13_300);
        // Dark: 60 - 12.3 + 2 = 49.7 s; light passed, charged nothing: dark runs again.
        assert_eq!(left(&t, 13_300), ([49_700, 60_000], Some(Color::Dark)));
        assert_eq!(t.times, vec![497, 600]);
        assert_eq!(check(&mut t, 63_000 - 1), None);
        assert_eq!(check(&mut t, 63_000), Some(Color::Dark));
        assert_eq!(t.times, vec![497, 600, 0]);
        assert_eq!(left(&t, 70_000), ([0, 60_000], None));
    }

    #[test]
    fn correspondence_gives_each_turn_its_whole_window() {
        let mut t = new("2d".parse().unwrap()).unwrap();
        begin(&mut t, Color::Dark, 0);
        turn(&mut t, Color::Dark, 0, false, DAY_MS as i64 + 5);
        assert_eq!(flag_at(&t), Some(3 * DAY_MS as i64 + 5));
        turn(&mut t, Color::Light, 0, false, 2 * DAY_MS as i64);
        assert_eq!(flag_at(&t), Some(4 * DAY_MS as i64));
        assert!(t.times.is_empty());
        assert_eq!(check(&mut t, 4 * DAY_MS as i64), Some(Color::Dark));
        assert!(t.times.is_empty(), "correspondence keeps no times");
    }
}
