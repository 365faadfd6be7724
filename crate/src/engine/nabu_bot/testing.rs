//! For tests: a whole Nabucodonosor game at the table, played by the greedy
//! bot from a fixed pseudo-random stream, every seventh turn left to the
//! clock (so the table's time-out moves are in it).

use crate::game::fairness::Seed;
use crate::game::nabu::NabuGame;
use crate::game::session::{Seat, Session};

/// A finished 6×6 game (person against bot 2, 20 s a turn, seed 07…07) with
/// `word`; `stream` starts the bot's random choices.
pub(crate) fn played_game(stream: u64, word: &str) -> Session<NabuGame> {
    let mut s = Session::new(
        NabuGame::new(6).expect("size"),
        [Seat::Person, Seat::Bot { level: 2 }],
        Some(20),
        Seed([7; 32]),
        word.into(),
    );
    let mut k = stream;
    let mut next = || {
        k = k
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        k
    };
    let mut turn = 0;
    while !s.is_over() {
        turn += 1;
        if turn % 7 == 0 {
            s.time_out();
        } else {
            let mv = super::greedy_move(s.rules(), &mut next).expect("move");
            s.turn(mv).expect("legal");
        }
    }
    s
}
