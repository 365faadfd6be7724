//! Export of an Othello game as GGF (the Generic Game Format of GGS and
//! NBoard): `(;GM[Othello]…BO[8 … *]B[f5]W[d6]…;)`.
//!
//! A small writer of the fields a viewer needs: game, place, players, result,
//! board type, start board, and the moves (`pa` for a pass).

use crate::game::{Game, Seat};
use crate::{Color, Move, Position, Square};

fn player(s: Seat) -> String {
    match s {
        Seat::Person => "person".to_string(),
        Seat::Bot { level } => format!("bot-{level}"),
    }
}

/// `8 ` then eight rows of `-`, `*` (dark) and `O` (light), then the side to move.
fn board(p: &Position) -> String {
    let b = p.board();
    let mut s = String::from("8");
    for row in 0..8u8 {
        s.push(' ');
        for col in 0..8u8 {
            let sq = Square::from_coords(col, row).unwrap_or(Square::ALL[0]);
            s.push(match b.at(sq) {
                Some(Color::Dark) => '*',
                Some(Color::Light) => 'O',
                None => '-',
            });
        }
    }
    s.push(' ');
    s.push(match p.side_to_move() {
        Color::Dark => '*',
        Color::Light => 'O',
    });
    s
}

/// The game in GGF. `RE` is dark's disc count less light's, only once the
/// game is over.
pub fn write(game: &Game) -> String {
    let start = Position::start();
    let dark = game.dark_seat();
    let mut s = format!(
        "(;GM[Othello]PC[Virada]PB[{}]PW[{}]",
        player(game.seats[dark]),
        player(game.seats[1 - dark])
    );
    if game.outcome().is_some() {
        let p = game.position();
        let diff = i64::from(p.count(Color::Dark)) - i64::from(p.count(Color::Light));
        s.push_str(&format!("RE[{diff:+}]"));
    }
    s.push_str(&format!("TY[8]BO[{}]", board(&start)));
    let mut side = Color::Dark;
    for m in game.moves() {
        let tag = if side == Color::Dark { 'B' } else { 'W' };
        match m.mv {
            Move::Play(sq) => s.push_str(&format!("{tag}[{sq}]")),
            Move::Pass => s.push_str(&format!("{tag}[pa]")),
        }
        side = side.other();
    }
    s.push_str(";)");
    s
}
