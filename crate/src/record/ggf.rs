//! Export of an Othello game as GGF (the Generic Game Format of GGS and
//! NBoard): `(;GM[Othello]PC[Virada]PB[…]PW[…]RE[…]TY[8]BO[8 … *]B[f5]W[d6]…;)`,
//! written by the crate's GGF notation ([`GgfGame`]); a game clock as GGS
//! writes one: `TI` and each move's time (read back in [`super::ggf_clock`]).

use crate::clock::TimeControl;
use crate::game::session::Session;
use crate::game::Seat;
use crate::{Color, GgfGame, Move, Position};

fn player(s: Seat) -> String {
    match s {
        Seat::Person => "person".to_string(),
        Seat::Bot { level } => format!("bot-{level}"),
    }
}

/// The game in GGF: place, players (dark is `PB`), board type, the start
/// board (a handicap's, V2) and every move (`PA` for a pass). `RE` is dark's disc count less
/// light's, only once the game is over (lost on time: the score T23 gives
/// it). Under a game clock, its `TI` and each move's time
/// ([`super::ggf_clock`]).
pub fn write(game: &Session<Position>) -> String {
    let moves: Vec<Move> = game.moves().iter().map(|m| m.mv).collect();
    let dark = game.dark_seat();
    let mut ggf = game_of(
        *game.start(),
        &moves,
        [game.seats[dark], game.seats[1 - dark]],
        game.is_over(),
    );
    if let Some(t) = &game.timed {
        stamp(&mut ggf, t.control, &t.times);
    }
    if let Some(loser) = game.lost_on_time() {
        // Lost on time: the result is the WOF's score (T23), not the board's.
        let p = game.position();
        let discs = [p.count(Color::Dark), p.count(Color::Light)];
        let (lost, won) =
            crate::clock::score_on_time(discs[usize::from(loser == Color::Light)], 64);
        let (dark, light) = match loser {
            Color::Dark => (lost, won),
            Color::Light => (won, lost),
        };
        ggf.set_property("RE", &format!("{:+}", i64::from(dark) - i64::from(light)));
    }
    ggf.to_string()
}

/// The same from a start and its plies: `players` are dark's seat then
/// light's, `over` says whether to write `RE`.
pub fn write_moves(start: Position, moves: &[Move], players: [Seat; 2], over: bool) -> String {
    game_of(start, moves, players, over).to_string()
}

/// [`write_moves`]'s game, before it is written.
pub(super) fn game_of(start: Position, moves: &[Move], players: [Seat; 2], over: bool) -> GgfGame {
    let mut ggf = GgfGame::from_moves(start, moves);
    ggf.set_property("PC", "Virada");
    ggf.set_property("PB", &player(players[0]));
    ggf.set_property("PW", &player(players[1]));
    if over {
        if let Ok(p) = ggf.end() {
            let diff = i64::from(p.count(Color::Dark)) - i64::from(p.count(Color::Light));
            ggf.set_property("RE", &format!("{diff:+}"));
        }
    }
    ggf.set_property("TY", "8");
    ggf
}

/// `180` as `03:00`, `3725` as `1:02:05`.
fn hms(seconds: u32) -> String {
    let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    match h {
        0 => format!("{m:02}:{s:02}"),
        _ => format!("{h}:{m:02}:{s:02}"),
    }
}

/// The `TI` value of a game clock: `03:00/00:02/` for `180+2`.
pub fn ti(control: TimeControl) -> Option<String> {
    match control {
        TimeControl::Game { base, increment } => Some(format!("{}/{}/", hms(base), hms(increment))),
        _ => None,
    }
}

/// Writes a game clock into `game`: its `TI`, and each move's time (the
/// seconds it took, from `times`, each ply's time left in tenths) when
/// there is one a move. Nothing for another clock.
pub fn stamp(game: &mut GgfGame, control: TimeControl, times: &[u32]) {
    let TimeControl::Game { base, increment } = control else {
        return;
    };
    if let Some(ti) = ti(control) {
        game.set_property("TI", &ti);
    }
    if times.len() < game.moves.len() {
        return;
    }
    let mut left = [base * 10; 2];
    for (m, &after) in game.moves.iter_mut().zip(times) {
        let side = usize::from(m.color == crate::Color::Light);
        let gain = if m.mv == Move::Pass {
            0
        } else {
            increment * 10
        };
        let took = (left[side] + gain).saturating_sub(after);
        m.time = Some(format!("{}.{}", took / 10, took % 10));
        left[side] = after;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::fairness::Seed;

    #[test]
    fn an_exported_game_reads_back_to_the_same_end() {
        let mut game = Session::othello(
            [Seat::Person, Seat::Bot { level: 3 }],
            Some(30),
            Seed([3; 32]),
            String::new(),
        );
        loop {
            let p = *game.position();
            let mv = match p.timeout_move() {
                Some(sq) => Move::Play(sq),
                None if p.must_pass() => Move::Pass,
                None => break,
            };
            game.play(mv, false).unwrap();
        }
        let text = write(&game);
        assert!(text.starts_with("(;GM[Othello]PC[Virada]"), "{text}");
        let back: GgfGame = text.parse().unwrap();
        assert_eq!(back.end().unwrap(), *game.position());
        assert_eq!(back.plain_moves().len(), game.moves().len());
        let p = game.position();
        let diff = i64::from(p.count(Color::Dark)) - i64::from(p.count(Color::Light));
        assert_eq!(back.property("RE"), Some(format!("{diff:+}").as_str()));
        let dark = game.dark_seat();
        assert_eq!(back.property("PB"), Some(player(game.seats[dark]).as_str()));
    }
}
