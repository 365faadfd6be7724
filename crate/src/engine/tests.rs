//! Behaviour of the midgame search's cutoffs and its budget, on positions
//! of a game the bot plays (so beside both, not inside the search).

use crate::engine::bot;
use crate::engine::search::{Budget, Engine, Limits};
use crate::{Move, Position};

/// Positions of a game level 4 plays against itself from the start, after
/// `plies` of its moves each.
fn positions(plies: &[usize]) -> Vec<Position> {
    let mut out = Vec::new();
    let mut pos = Position::start();
    for ply in 0..=plies.iter().copied().max().unwrap_or(0) {
        if plies.contains(&ply) && !pos.must_pass() && !pos.is_game_over() {
            out.push(pos);
        }
        if pos.is_game_over() {
            break;
        }
        let mv = if pos.must_pass() {
            Move::Pass
        } else {
            bot::choose(&pos, 4)
        };
        pos = pos.play_move(mv).unwrap();
    }
    out
}

fn limits(depth: u32) -> Limits {
    Limits {
        depth,
        exact_empties: 0,
        wld_empties: 0,
    }
}

#[test]
fn enhanced_transposition_cutoffs_keep_the_full_width_score() {
    let list = positions(&[8, 20, 34]);
    assert_eq!(list.len(), 3);
    for pos in &list {
        let mut scores = Vec::new();
        for etc in [false, true] {
            let mut engine = Engine::new(1 << 22);
            engine.set_probcut(false);
            engine.set_etc(etc);
            let r = engine.search(pos, &limits(7), Budget::unlimited());
            assert_eq!(r.depth, 7);
            scores.push(r.score);
        }
        assert_eq!(scores[0], scores[1], "{pos:?}");
    }
}

#[test]
fn a_search_cut_short_plays_a_legal_move_within_its_node_budget() {
    let list = positions(&[4, 12, 20, 28, 36]);
    assert_eq!(list.len(), 5);
    let mut cut_short = 0;
    for pos in &list {
        for limit in [1, 40, 300, 2_000, 9_000, 30_000] {
            let mut engine = Engine::new(1 << 20);
            let budget = Budget {
                nodes: Some(limit),
                ..Budget::unlimited()
            };
            let r = engine.search(pos, &limits(60), budget);
            let Move::Play(sq) = r.best else {
                panic!("a pass with moves to play")
            };
            assert!(pos.legal_moves().contains(sq), "{pos:?} {limit}");
            assert!(
                r.nodes <= limit,
                "{} nodes for a budget of {limit}",
                r.nodes
            );
            cut_short += usize::from(r.depth < 60);
        }
    }
    assert_eq!(cut_short, 30);
}
