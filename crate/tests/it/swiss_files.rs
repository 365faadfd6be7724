//! The Swiss tests' set-up, written once: the tournaments bbpPairings made
//! (`tests/data/swiss/`), its pairings' files read, and one game's colours
//! swapped. The command line's tests (`cli/tests/it/cli_swiss.rs`) include
//! this file too, so both levels read the same files the same way.

#![allow(dead_code)]

use virada::tournament::{Colour, Pair, Trf};

/// The path of `name` in `tests/data/swiss/` (from the library's or the
/// command line's crate, both one folder below the repository's root).
pub fn path(name: &str) -> String {
    concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/swiss/").to_string() + name
}

/// The text of `name` in `tests/data/swiss/`.
pub fn data(name: &str) -> String {
    std::fs::read_to_string(path(name)).expect("the test file is there")
}

/// A pairings file as bbpPairings writes it (`-p`): the count, then
/// `white black` a line, `0` for a bye.
pub fn read_pairs(text: &str) -> Vec<Pair> {
    text.lines()
        .skip(1)
        .map(|l| {
            let (w, b) = l.split_once(' ').expect("two numbers");
            let b: u32 = b.trim().parse().expect("a number");
            Pair {
                white: w.parse().expect("a number"),
                black: (b != 0).then_some(b),
            }
        })
        .collect()
}

/// The colours of round `round`'s (from 1) first game swapped for both of
/// its players: still a legal round, no longer the Dutch system's pairing.
pub fn swap_colours(trf: &mut Trf, round: usize) {
    let r = round - 1;
    let a = trf
        .players
        .iter()
        .position(|p| p.games[r].played())
        .expect("a game");
    let o = trf.players[a].games[r].opponent.expect("an opponent");
    let b = trf
        .players
        .iter()
        .position(|p| p.id == o)
        .expect("the opponent");
    for i in [a, b] {
        let g = &mut trf.players[i].games[r];
        g.colour = g.colour.map(Colour::other);
    }
}
