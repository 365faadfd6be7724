//! Behaviour of the midgame search's cutoffs and its budget.

use super::{Budget, Engine, Limits};
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
            crate::bot::choose(&pos, 4)
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
