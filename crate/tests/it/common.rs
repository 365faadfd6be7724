//! Helpers shared by the integration tests: a small deterministic generator
//! and random games.

#![allow(dead_code)]

use virada::{Move, Position};

/// A small deterministic generator (xorshift64), for test data only.
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number below `n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A game of random legal moves from the start, to the end or `max_plies`
/// plies, passes included; with every position on the way.
pub fn random_game(rng: &mut Rng, max_plies: usize) -> (Vec<Move>, Vec<Position>) {
    let mut position = Position::start();
    let mut moves = Vec::new();
    let mut seen = vec![position];
    while moves.len() < max_plies && !position.is_game_over() {
        let legal: Vec<_> = position.legal_moves().squares().collect();
        let mv = if legal.is_empty() {
            Move::Pass
        } else {
            Move::Play(legal[rng.below(legal.len())])
        };
        position = position.play_move(mv).expect("a legal move");
        moves.push(mv);
        seen.push(position);
    }
    (moves, seen)
}

/// The repository's test data directory.
pub fn data_path(name: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/data")
        .join(name)
}

/// Every position of an OBF file under `tests/data/`.
pub fn read_obf(name: &str) -> Vec<virada::Obf> {
    let path = data_path(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    virada::parse_obf_text(&text).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// A whole game with a forced pass: the first of the policies "the k-th
/// legal square, k = turn × step modulo their count" (step 1, 2, …) whose
/// game has one.
pub fn game_with_a_pass() -> Vec<virada::Square> {
    for step in 1..200 {
        let mut p = virada::Position::start();
        let (mut squares, mut passed) = (Vec::new(), false);
        for turn in 0.. {
            if p.is_game_over() {
                break;
            }
            if p.must_pass() {
                passed = true;
                p = p.pass().unwrap();
                continue;
            }
            let legal: Vec<_> = p.legal_moves().into_iter().collect();
            let sq = legal[(turn * step) % legal.len()];
            squares.push(sq);
            p = p.play(sq).unwrap();
        }
        if passed {
            return squares;
        }
    }
    panic!("no policy gave a pass");
}
