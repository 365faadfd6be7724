//! Nabucodonosor's whole games and bad input: random games on every size
//! end and never repeat an arrangement (N13–N15), and malformed boards,
//! moves and move lists give errors, not panics.

use virada::game::nabu::{Cell, NabuBoard, NabuGame, NabuMove};

#[test]
fn n13_random_games_end_and_never_repeat_an_arrangement() {
    // Random legal moves on every size: each game ends (N14/N15) and no
    // arrangement after a capture occurred before (N13).
    let mut s = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        s
    };
    for n in 5..=15 {
        for _ in 0..6 {
            let mut g = NabuGame::new(n).expect("size");
            let mut seen = std::collections::HashSet::new();
            seen.insert(*g.board());
            while g.outcome().is_none() {
                assert!(g.moves().len() < 20 * n * n, "game too long");
                let legal = g.legal_moves();
                let m = legal[(next() % legal.len() as u64) as usize];
                g.play(m).expect("a listed move is legal");
                if matches!(m, NabuMove::Capture(_) | NabuMove::Place(_)) {
                    assert!(seen.insert(*g.board()), "arrangement repeated on {n}x{n}");
                }
            }
        }
    }
}

#[test]
fn bad_input_gives_errors_not_panics() {
    for text in [
        "",
        "-",
        "XO",
        "é",
        "X".repeat(24).as_str(),
        "x".repeat(25).as_str(),
    ] {
        assert!(NabuBoard::from_cells(text).is_err(), "{text:?}");
    }
    for text in [
        "", "a", "a0", "a16", "p1", "a01", "1a", "é3", "a1:", ":a1", "e4:c3", "a1:b2:c3",
    ] {
        assert!(text.parse::<NabuMove>().is_err(), "{text:?}");
    }
    assert!(Cell::parse_on("h9", 8).is_err());
    assert!(NabuGame::replay(8, "d3 zz").is_err());
    assert!(NabuGame::replay(5, "f6").is_err());
    assert!(NabuGame::replay(5, "a1 a1").is_err());
    assert!(NabuGame::replay(5, "a1 b1 swap").is_err());
    assert!(NabuGame::replay(20, "a1").is_err());
    // Off-board moves on a small board are refused, not panics.
    let mut g = NabuGame::new(5).expect("size");
    assert!(g.play("o15".parse().expect("a move")).is_err());
    assert!(g.play("a1:o15".parse().expect("a move")).is_err());
}
