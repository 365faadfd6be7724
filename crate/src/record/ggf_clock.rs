//! A game clock in GGF: the clock as `TI[time/increment/extension]` (GGS's
//! clock, each part `[[h:]mm:]ss`; Virada's clocks have no extension) and
//! each move's time after its second `/`, the seconds the move took
//! (`B[f5//1.7]`), written from a record's `times` and read back into them.

pub use super::ggf::{stamp, ti};
use super::{Record, Timing};
use crate::clock::TimeControl;
use crate::game::Moves;
use crate::{GgfGame, Move};

/// `[[h:]m:]s` as seconds (each part digits, minutes and seconds under 60
/// after the first part); empty as 0.
fn seconds(text: &str) -> Option<u32> {
    if text.is_empty() {
        return Some(0);
    }
    let parts: Vec<&str> = text.split(':').collect();
    if parts.len() > 3 {
        return None;
    }
    let mut total: u32 = 0;
    for (i, p) in parts.iter().enumerate() {
        if p.is_empty() || p.len() > 5 || !p.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let n: u32 = p.parse().ok()?;
        if i > 0 && n >= 60 {
            return None;
        }
        total = total.checked_mul(60)?.checked_add(n)?;
    }
    Some(total)
}

/// The game clock a `TI` value states, `None` when it is none of Virada's
/// (an extension, a zero base, a part out of range).
pub fn read_ti(value: &str) -> Option<TimeControl> {
    let mut parts = value.split('/');
    let base = seconds(parts.next()?)?;
    let increment = seconds(parts.next().unwrap_or(""))?;
    let extension = seconds(parts.next().unwrap_or(""))?;
    if extension != 0 || parts.next().is_some() {
        return None;
    }
    format!("{base}+{increment}").parse().ok()
}

/// A record's game in GGF, with its clock and each move's time under a game
/// clock (`None` for Nabucodonosor).
pub fn write(r: &Record) -> Option<String> {
    let Moves::Othello(plies) = &r.moves else {
        return None;
    };
    let moves: Vec<Move> = plies.iter().map(|p| p.mv).collect();
    let start = match r.handicap {
        Some(h) => h.start(r.dark),
        None => crate::Position::start(),
    };
    let players = [r.seats[r.dark], r.seats[1 - r.dark]];
    let over = r.result.verdict != crate::game::Verdict::Unfinished;
    let mut game = super::ggf::game_of(start, &moves, players, over);
    if let Some(Timing {
        control,
        times,
        on_time,
    }) = &r.timing
    {
        stamp(&mut game, *control, times);
        if *on_time {
            // The record's result, scored as T23 scores a loss on time.
            let diff = i64::from(r.result.dark) - i64::from(r.result.light);
            game.set_property("RE", &format!("{diff:+}"));
        }
    }
    Some(game.to_string())
}

/// The clock and the record's `times` (each ply's time left, in tenths)
/// a GGF game states: its `TI` and each move's time. `None` without a game
/// clock of Virada's; the times empty unless every move has one (in
/// seconds, at most tenths).
pub fn read(game: &GgfGame) -> Option<(TimeControl, Vec<u32>)> {
    let control = read_ti(game.property("TI")?)?;
    let TimeControl::Game { base, increment } = control else {
        return None;
    };
    let mut left = [base * 10; 2];
    let mut times = Vec::with_capacity(game.moves.len());
    for m in &game.moves {
        let Some(took) = m.time.as_deref().and_then(tenths) else {
            return Some((control, Vec::new()));
        };
        let side = usize::from(m.color == crate::Color::Light);
        let gain = if m.mv == Move::Pass {
            0
        } else {
            increment * 10
        };
        left[side] = (left[side] + gain).saturating_sub(took);
        times.push(left[side]);
    }
    Some((control, times))
}

/// `1.7`, `12` or `0.25` (rounded up to tenths) as tenths of a second.
fn tenths(text: &str) -> Option<u32> {
    let (whole, frac) = text.split_once('.').unwrap_or((text, ""));
    let digits = |d: &str| d.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() || whole.len() > 7 || frac.len() > 3 || !digits(whole) || !digits(frac) {
        return None;
    }
    let thousandths = format!("{frac:0<3}").parse::<u32>().ok()?;
    Some(whole.parse::<u32>().ok()? * 10 + thousandths.div_ceil(100))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ti_reads_and_writes_ggs_clocks() {
        let c = |b, i| TimeControl::Game {
            base: b,
            increment: i,
        };
        assert_eq!(ti(c(180, 2)).unwrap(), "03:00/00:02/");
        assert_eq!(ti(c(3725, 0)).unwrap(), "1:02:05/00:00/");
        assert_eq!(ti(TimeControl::Correspondence { days: 2 }), None);
        for (text, clock) in [
            ("03:00/00:02/", c(180, 2)),
            ("1:02:05/00:00/", c(3725, 0)),
            ("15:00", c(900, 0)),
            ("15:00/5", c(900, 5)),
            ("15:00//", c(900, 0)),
            ("60/1/0", c(60, 1)),
        ] {
            assert_eq!(read_ti(text), Some(clock), "{text}");
        }
        for bad in [
            "15:00//02:00",
            "00:00/00:00/",
            "abc",
            "1:60",
            "",
            "5:00/1/0/0",
            "-1:00",
        ] {
            assert_eq!(read_ti(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_move_time_is_read_in_tenths_rounded_up() {
        assert_eq!(tenths("1.7"), Some(17));
        assert_eq!(tenths("1.25"), Some(13));
        assert_eq!(tenths("12"), Some(120));
        assert_eq!(tenths("0.001"), Some(1));
        for bad in ["", ".5", "1.2345", "-1", "1,5", "1e3"] {
            assert_eq!(tenths(bad), None, "{bad}");
        }
    }
}
