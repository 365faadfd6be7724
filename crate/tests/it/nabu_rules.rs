//! One test (or more) per rule N1–N15 (`docs/rules.md`; N13, on whole
//! random games, in `nabu_games.rs`), each on a
//! small drawn board: `X` dark, `O` light, `.` empty; row 1 at the top,
//! column `a` at the left.

use virada::game::nabu::{
    captures, Cell, NabuBoard, NabuEnd, NabuGame, NabuIllegal, NabuMove, NabuParseError, Rect,
};
use virada::Color::{self, Dark, Light};

/// A board from a diagram: rows of `X`, `O`, `.`, spaces ignored.
fn board(diagram: &str) -> NabuBoard {
    let cells: String = diagram
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| if c == '.' { '-' } else { c })
        .collect();
    NabuBoard::from_cells(&cells).expect("a well-drawn board")
}

fn cell(s: &str) -> Cell {
    s.parse().expect("a cell")
}

fn rect(s: &str) -> Rect {
    s.parse().expect("a rectangle")
}

fn caps(b: &NabuBoard, p: Color) -> Vec<String> {
    captures(b, p).iter().map(|r| r.to_string()).collect()
}

fn mv(s: &str) -> NabuMove {
    s.parse().expect("a move")
}

#[test]
fn n1_sides_5_to_15_and_orthogonal_neighbours() {
    assert_eq!(NabuBoard::empty(4), Err(NabuParseError::Size(4)));
    assert_eq!(NabuBoard::empty(16), Err(NabuParseError::Size(16)));
    assert!(NabuGame::new(5).is_ok() && NabuGame::new(15).is_ok());
    assert_eq!(NabuGame::new(15).map(|g| g.legal_moves().len()), Ok(225));
    assert_eq!(cell("o15"), Cell::new(14, 14));
    assert!(Cell::parse_on("f1", 5).is_err());
    // Diagonal discs are not neighbours: c3 has only empty neighbours, so
    // the diagonal enemy discs do not make it forbidden (N6 needs one enemy).
    let b = board(
        "
        . . . . .
        . O . O .
        . . . . .
        . O . O .
        . . . . .",
    );
    assert!(b.can_place(Dark, cell("c3")));
    // Discs are unlimited: one colour can fill the whole board by placements.
    let mut g = NabuGame::new(5).expect("size");
    for i in 0..25 {
        let c = Cell::from_index(i, 5);
        if g.to_move() == Light && g.can_swap() {
            g.play(NabuMove::Swap).expect("swap");
        }
        g.play(NabuMove::Place(c)).expect("placement");
    }
    assert_eq!(g.board().empty_count(), 0);
}

#[test]
fn n2_empty_board_dark_first() {
    let g = NabuGame::new(8).expect("size");
    assert_eq!(g.board().empty_count(), 64);
    assert_eq!(g.to_move(), Dark);
    assert_eq!(g.outcome(), None);
}

#[test]
fn n3_one_action_a_turn_and_capture_optional() {
    // X may capture b2:c2 but may also place instead; either ends the turn.
    let b = board(
        "
        . X X . .
        X O O X .
        . X X . .
        . . . . .
        . . . . .",
    );
    let mut g = NabuGame::from_board(b, Dark);
    let legal = g.legal_moves();
    assert!(legal.contains(&mv("b2:c2")));
    assert!(legal.contains(&mv("e5")));
    g.play(mv("e5")).expect("placing instead of capturing");
    assert_eq!(g.to_move(), Light);
    assert!(g.play(mv("a5")).is_ok());
    assert_eq!(g.to_move(), Dark);
    g.play(mv("b2:c2")).expect("the capture is still there");
    assert_eq!(g.to_move(), Light);
}

#[test]
fn n4_pie_swap_only_on_the_second_turn() {
    let mut g = NabuGame::new(6).expect("size");
    assert_eq!(g.play(NabuMove::Swap), Err(NabuIllegal::Swap));
    g.play(mv("c3")).expect("first move");
    assert_eq!(g.legal_moves().last(), Some(&NabuMove::Swap));
    let before = *g.board();
    g.play(NabuMove::Swap).expect("swap on the second turn");
    // The board stays; light (now held by the first player) moves.
    assert_eq!(*g.board(), before);
    assert_eq!(g.to_move(), Light);
    assert!(g.swapped());
    assert!(!g.legal_moves().contains(&NabuMove::Swap));
    g.play(mv("d4")).expect("light places");
    assert_eq!(g.board().get(cell("d4")), Some(Light));
    assert_eq!(g.play(NabuMove::Swap), Err(NabuIllegal::Swap));
    // Without a swap, the second turn is an ordinary light placement.
    let mut h = NabuGame::replay(6, "c3 d4").expect("replay");
    assert!(!h.swapped());
    assert_eq!(h.play(NabuMove::Swap), Err(NabuIllegal::Swap));
}

#[test]
fn n5_pass_only_when_forced() {
    let mut g = NabuGame::new(5).expect("size");
    assert_eq!(g.play(NabuMove::Pass), Err(NabuIllegal::Pass));
    // A full board where light has no disc and no capture: passing is the
    // only move. (Every full board with both colours that we searched had a
    // capture for someone.)
    let full = board(
        "
        X X X X X
        X X X X X
        X X X X X
        X X X X X
        X X X X X",
    );
    g = NabuGame::from_board(full, Light);
    assert_eq!(g.legal_moves(), vec![NabuMove::Pass]);
    // A full board with a capture: no pass.
    let one = board(
        "
        X X X X X
        X X X X X
        X X O X X
        X X X X X
        X X X X X",
    );
    let h = NabuGame::from_board(one, Dark);
    assert_eq!(h.legal_moves(), vec![mv("c3:c3")]);
    assert_eq!(h.check(NabuMove::Pass), Err(NabuIllegal::Pass));
    g.play(NabuMove::Pass).expect("forced pass");
    assert_eq!(g.to_move(), Dark);
}

#[test]
fn n6_interior_cell_with_one_enemy_and_three_empty_is_forbidden() {
    let b = board(
        "
        . . . . . .
        . . O . . .
        . . . . . O
        . X . . . .
        . . . . . .
        O . . . . .",
    );
    // c3: interior, neighbours c2 = O and three empty → forbidden for X.
    assert!(!b.can_place(Dark, cell("c3")));
    // …but fine for O (its own disc is not an enemy).
    assert!(b.can_place(Light, cell("c3")));
    // e3: interior, neighbour f3 = O (edge disc), three empty → forbidden.
    assert!(!b.can_place(Dark, cell("e3")));
    // f2, f4 are edge cells: never forbidden. a5 is on the edge too.
    assert!(b.can_place(Dark, cell("f2")) && b.can_place(Dark, cell("f4")));
    assert!(b.can_place(Dark, cell("a5")));
    // b6 is an edge cell next to the corner disc.
    assert!(b.can_place(Dark, cell("b6")));
    // Occupied cells never.
    assert!(!b.can_place(Dark, cell("c2")) && !b.can_place(Light, cell("b4")));
    let two = board(
        "
        . . . . .
        . . O . .
        . O . . .
        . . . X .
        . . . . .",
    );
    // c3 has two enemy neighbours: allowed. b2: one enemy (c2) and one more (b3).
    assert!(two.can_place(Dark, cell("c3")));
    assert!(two.can_place(Dark, cell("b2")));
    // d3: one enemy (c3? no, empty) — c2 is diagonal: d3 touches d4 = X (own)
    // and nothing else: allowed. For O, d3 has one enemy (d4) and three
    // empty: forbidden.
    assert!(two.can_place(Dark, cell("d3")));
    assert!(!two.can_place(Light, cell("d3")));
}

#[test]
fn n7_rectangle_of_enemy_discs_only_and_1x1_allowed() {
    let b = board(
        "
        . X . X X X .
        X O X O . O X
        . X . X X X .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .",
    );
    // b2 (1×1) qualifies. d2:f2 has an empty cell inside, so it is no
    // rectangle of O; d2 and f2 alone each have the empty e2 as a wall.
    assert_eq!(caps(&b, Dark), vec!["b2:b2"]);
}

#[test]
fn n8_walls_full_of_one_colour_and_corners_ignored() {
    let b = board(
        "
        O . . . O .
        . X X X . .
        X O O O X .
        . X X X . .
        O . . . O .
        . . . . . .",
    );
    // b3:d3: all four walls dark; the diagonal corners a2, e2, a4, e4 are empty.
    assert_eq!(caps(&b, Dark), vec!["b3:d3"]);
    // One hole in the S wall breaks it; b3 and d3 alone still qualify
    // (three dark walls each), c3 has the hole as its S wall.
    let holed = board(
        "
        . . . . . .
        . X X X . .
        X O O O X .
        . X . X . .
        . . . . . .
        . . . . . .",
    );
    assert_eq!(caps(&holed, Dark), vec!["b3:b3", "d3:d3"]);
    // A wall of mixed colours is broken too, even with no holes.
    let mixed = board(
        "
        . . . . . .
        . X O X . .
        X O O O X .
        . X X X . .
        . . . . . .
        . . . . . .",
    );
    assert!(!caps(&mixed, Dark).contains(&"b3:d3".to_string()));
}

#[test]
fn n9_edge_wall_copies_opposite_and_two_edges_are_neutral() {
    // a1:b1 on the top edge: N is an edge wall and takes S's colour (X);
    // W is the left edge and takes E's colour (c1 = X). X owns all four.
    let b = board(
        "
        O O X . .
        X X . . .
        . . . . .
        . . . . .
        . . . . .",
    );
    assert_eq!(caps(&b, Dark), vec!["a1:b1"]);
    // If S were light, N would be light too: X owns only W and E (1 + 1),
    // not more than w + h = 3.
    let b2 = board(
        "
        O O X . .
        O O . . .
        X X . . .
        . . . . .
        . . . . .",
    );
    // a1:b2: N edge takes S (X), W edge takes E (c1..c2: c2 empty → broken).
    assert!(caps(&b2, Dark).is_empty());
    // A full column spans both N and S edges: they are neutral. Then X needs
    // W and E (h + h = 10 > 1 + 5).
    let col = board(
        "
        X O X . .
        X O X . .
        X O X . .
        X O X . .
        X O X . .",
    );
    assert_eq!(caps(&col, Dark), vec!["b1:b5"]);
    // With one side wall light, X owns h = 5, not more than 1 + 5.
    let half = board(
        "
        X O O . .
        X O O . .
        X O O . .
        X O O . .
        X O O . .",
    );
    assert!(!caps(&half, Dark).contains(&"b1:b5".to_string()));
    // Wide strip spanning the whole width: W, E neutral; N and S both X:
    // 2w = 10 > w + h = 6.
    let strip = board(
        "
        . . . . .
        X X X X X
        O O O O O
        X X X X X
        . . . . .",
    );
    assert_eq!(caps(&strip, Dark), vec!["a3:e3"]);
}

#[test]
fn n10_more_than_half_the_perimeter_and_ties_fail() {
    // b2: X owns N and W (2), O owns S and E (2): a tie, no capture.
    let tie = board(
        "
        . X . . .
        X O O . .
        . O . . .
        . . . . .
        . . . . .",
    );
    assert!(!caps(&tie, Dark).contains(&"b2:b2".to_string()));
    // Three walls of four: capture.
    let three = board(
        "
        . X . . .
        X O X . .
        . O . . .
        . . . . .
        . . . . .",
    );
    assert!(caps(&three, Dark).contains(&"b2:b2".to_string()));
    // b2:d2 (w 3, h 1): both long walls X (6 > 4) although both ends are O.
    let long = board(
        "
        . X X X . .
        O O O O O .
        . X X X . .
        . . . . . .
        . . . . . .
        . . . . . .",
    );
    assert!(caps(&long, Dark).contains(&"b2:d2".to_string()));
    // Short walls alone (h + h = 2) do not beat w + h = 4.
    let short = board(
        "
        . O O O . .
        X O O O X .
        . O O O . .
        . . . . . .
        . . . . . .
        . . . . . .",
    );
    assert!(!caps(&short, Dark).contains(&"b2:d2".to_string()));
}

#[test]
fn n11_only_maximal_rectangles() {
    // b2:c2 qualifies, and so do b2 and c2 alone (3 dark walls each): only
    // the largest is a capture.
    let b = board(
        "
        . X X . .
        X O O X .
        . X X . .
        . . . . .
        . . . . .",
    );
    assert_eq!(caps(&b, Dark), vec!["b2:c2"]);
    // b2:c3 is all light but its E wall (d2 X, d3 O) is broken; inside it
    // b2:c2 (N, W, E dark: 4 > 3) and b2:b3 (N, S, W dark: 4 > 3) qualify
    // and overlap on b2. Neither contains the other: both are captures.
    let over = board(
        "
        . X X . . .
        X O O X . .
        X O O O X .
        . X X X . .
        . . . . . .
        . . . . . .",
    );
    assert_eq!(caps(&over, Dark), vec!["b2:c2", "b2:b3", "d3:d3"]);
}

#[test]
fn n12_capture_flips_every_disc_of_one_rectangle() {
    let b = board(
        "
        . X X . . .
        X O O X . .
        X O O O X .
        . X X X . .
        . . . . . .
        . . . . . .",
    );
    let mut g = NabuGame::from_board(b, Dark);
    g.play(NabuMove::Capture(rect("b2:c2"))).expect("capture");
    assert_eq!(
        g.board().cells(),
        board(
            "
        . X X . . .
        X X X X . .
        X O O O X .
        . X X X . .
        . . . . . .
        . . . . . ."
        )
        .cells()
    );
    // Discs are never removed: counts move from light to dark.
    assert_eq!(g.board().count(Light), 3);
    assert_eq!(
        g.play(NabuMove::Capture(rect("e5:e5"))),
        Err(NabuIllegal::Capture(rect("e5:e5")))
    );
}

#[test]
fn n14_wipe_out_ends_the_game_but_an_empty_colour_in_the_opening_does_not() {
    let mut g = NabuGame::new(5).expect("size");
    g.play(mv("a1")).expect("first disc");
    // Light has no discs, yet the game goes on.
    assert_eq!(g.outcome(), None);
    let b = board(
        "
        . X . . .
        X O X . .
        . X . . .
        . . . . .
        . . . . .",
    );
    let mut g = NabuGame::from_board(b, Dark);
    g.play(mv("b2:b2")).expect("capture");
    let o = g.outcome().expect("game over");
    assert_eq!((o.winner, o.end), (Dark, NabuEnd::WipeOut));
    assert!(g.legal_moves().is_empty());
    assert_eq!(g.play(mv("e5")), Err(NabuIllegal::GameOver));
}

#[test]
fn n15_two_passes_in_a_row_more_discs_wins() {
    let full = board(
        "
        X X X X X
        X X X X X
        X X X X X
        X X X X X
        X X X X X",
    );
    let mut g = NabuGame::from_board(full, Light);
    g.play(NabuMove::Pass).expect("light passes");
    assert_eq!(g.outcome(), None);
    g.play(NabuMove::Pass).expect("dark passes");
    let o = g.outcome().expect("over");
    assert_eq!((o.winner, o.end), (Dark, NabuEnd::MoreDiscs));
}
