//! The bot and its search: determinism, replays from the seed, budgets, and
//! agreement with the exact solver near the end.

use crate::common;

use virada::engine::bot::{choose_with, seeded_stream, LEVELS};
use virada::engine::search::{Budget, Engine, Limits};
use virada::game::fairness::Seed;
use virada::{Move, Position};

fn after(moves: &str) -> Position {
    let mut pos = Position::start();
    for pair in moves.as_bytes().chunks(2) {
        let sq = std::str::from_utf8(pair).unwrap().parse().unwrap();
        pos = pos.play(sq).unwrap();
    }
    pos
}

#[test]
fn the_search_is_deterministic() {
    let pos = after("f5d6c3d3c4f4c5b3c2");
    let limits = Limits {
        depth: 6,
        exact_empties: 0,
        wld_empties: 0,
    };
    let a = Engine::new(1 << 20).search(&pos, &limits, Budget::unlimited());
    let b = Engine::new(1 << 20).search(&pos, &limits, Budget::unlimited());
    assert_eq!(a, b);
    assert_eq!(a.depth, 6);
    let Move::Play(sq) = a.best else {
        panic!("pass")
    };
    assert!(pos.legal_moves().contains(sq));
}

#[test]
fn a_weak_level_replays_from_the_seed_and_differs_across_seeds() {
    let pos = after("f5d6c3d3c4");
    let play = |seed: u8| -> Vec<Move> {
        (0..40)
            .map(|ply| {
                let mut engine = Engine::new(1 << 16);
                let mut rng = seeded_stream(&Seed([seed; 32]), ply);
                choose_with(&mut engine, &pos, 1, &mut rng, Budget::unlimited()).mv
            })
            .collect()
    };
    assert_eq!(play(1), play(1));
    assert_ne!(play(1), play(2));
}

#[test]
fn a_node_budget_stops_the_search_with_a_legal_move() {
    let pos = after("f5d6c3d3c4f4");
    let budget = Budget {
        nodes: Some(5_000),
        ..Budget::unlimited()
    };
    let limits = Limits {
        depth: 60,
        exact_empties: 30,
        wld_empties: 30,
    };
    let r = Engine::new(1 << 20).search(&pos, &limits, budget);
    let Move::Play(sq) = r.best else {
        panic!("pass")
    };
    assert!(pos.legal_moves().contains(sq));
    assert!(!r.exact);
    assert!(r.nodes < 50_000, "{} nodes", r.nodes);
}

#[test]
fn the_top_level_plays_a_best_move_of_ffo_positions() {
    let mut engine = Engine::new(8 << 20);
    for obf in common::read_obf("fforum-01-19.obf").iter().take(8) {
        engine.clear();
        let c = choose_with(
            &mut engine,
            &obf.position,
            10,
            &mut || 0,
            Budget::unlimited(),
        );
        let best = obf.annotations[0].score;
        let got = obf
            .annotations
            .iter()
            .find(|a| a.mv == c.mv)
            .map(|a| a.score);
        assert_eq!(got, Some(best), "played {}", c.mv);
        assert_eq!(c.score, best * 100);
    }
    assert_eq!(LEVELS.len(), 10);
}

#[test]
fn midgame_search_reaching_the_end_agrees_with_the_solver() {
    // FFO #1 with a full-depth midgame search but no endgame hand-over at the root.
    let obf = &common::read_obf("fforum-01-19.obf")[0];
    let limits = Limits {
        depth: 14,
        exact_empties: 0,
        wld_empties: 0,
    };
    let r = Engine::new(8 << 20).search(&obf.position, &limits, Budget::unlimited());
    assert_eq!(r.score, obf.annotations[0].score * 100);
    assert!(r.exact);
}

thread_local! {
    static TICKS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// A clock that moves on a millisecond each time it is read. The search
/// reads it every 1,024 nodes (and at each iteration's end), so on this
/// clock its time is its work: the same on every machine.
fn ticking_clock() -> f64 {
    TICKS.with(|t| {
        let now = t.get();
        t.set(now + 1);
        now as f64
    })
}

#[test]
fn with_no_solve_to_follow_the_search_deepens_to_its_deadline() {
    let pos = after("f5d6c3d3c4f4c5b3c2");
    let limits = Limits {
        depth: 60,
        exact_empties: 20,
        wld_empties: 20,
    };
    const DEADLINE: u64 = 300;
    TICKS.with(|t| t.set(0));
    let r = Engine::new(1 << 20).search(
        &pos,
        &limits,
        Budget::millis(DEADLINE as f64, ticking_clock),
    );
    let read = TICKS.with(|t| t.get());
    // Stopping once the time left was under twice the time used, it read the
    // clock 184 times; now it searches until the deadline passes.
    assert!(read > DEADLINE, "stopped at {read} of {DEADLINE}");
    let Move::Play(sq) = r.best else {
        panic!("pass")
    };
    assert!(pos.legal_moves().contains(sq));
    assert!(r.depth >= 6, "depth {}", r.depth);
}

#[test]
fn levels_six_to_nine_replay_within_their_node_budgets() {
    let pos = after("f5d6c3d3c4f4c5b3c2");
    let mut last = 0;
    for n in 6..=9u8 {
        let level = &LEVELS[usize::from(n) - 1];
        assert!(level.nodes > last * 3, "level {n}: {} nodes", level.nodes);
        last = level.nodes;
        let choose = || {
            choose_with(
                &mut Engine::new(1 << 20),
                &pos,
                n,
                &mut || 0,
                Budget::unlimited(),
            )
        };
        let (a, b) = (choose(), choose());
        assert_eq!(a, b, "level {n}");
        // Far from the end no solver runs: every node is a midgame one, and
        // the budget is checked every 1,024.
        assert!(
            a.nodes <= level.nodes + 1024,
            "level {n}: {} nodes",
            a.nodes
        );
    }
}

#[test]
fn probcut_reaches_a_depth_with_fewer_nodes() {
    let pos = after("f5d6c3d3c4f4c5b3c2e6");
    let limits = Limits {
        depth: 9,
        exact_empties: 0,
        wld_empties: 0,
    };
    let search = |probcut| {
        let mut engine = Engine::new(4 << 20);
        engine.set_probcut(probcut);
        engine.search(&pos, &limits, Budget::unlimited())
    };
    let (cut, full) = (search(true), search(false));
    assert_eq!((cut.depth, full.depth), (9, 9));
    assert!(
        cut.nodes < full.nodes,
        "{} against {}",
        cut.nodes,
        full.nodes
    );
    for r in [cut, full] {
        let Move::Play(sq) = r.best else {
            panic!("pass")
        };
        assert!(pos.legal_moves().contains(sq));
    }
}
