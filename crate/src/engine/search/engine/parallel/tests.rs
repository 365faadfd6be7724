use super::*;
use crate::engine::search::Budget;
use crate::Move;

/// An FFO position (#40, 20 empties; the file's own annotation says its
/// score: +38 for a2) and a midgame one (after the first XOT opening).
fn ffo40() -> Position {
    let obf = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X";
    obf.parse::<crate::Obf>().expect("FFO #40").position
}

fn midgame() -> Position {
    let mut pos = Position::start();
    for mv in crate::parse_transcript("f5f4g3f6d3f3d6h3", pos).expect("legal") {
        pos = pos.play_move(mv).expect("legal");
    }
    pos
}

fn limits(depth: u32, exact_empties: u32) -> Limits {
    Limits {
        depth,
        exact_empties,
        wld_empties: 0,
    }
}

#[test]
fn the_threads_solve_an_endgame_to_the_one_thread_score() {
    let pos = ffo40();
    let mut alone = Engine::new(16 << 20);
    let one = alone.search(&pos, &limits(4, 24), Budget::unlimited());
    assert!(one.exact);
    assert_eq!(one.score, 38 * crate::engine::eval::DISC);
    for threads in [2, 3] {
        let mut engine = Engine::new(16 << 20);
        engine.set_threads(threads);
        let r = engine.search(&pos, &limits(4, 24), Budget::unlimited());
        assert!(r.exact, "{threads} threads");
        assert_eq!(r.score, one.score, "{threads} threads");
        assert_eq!(
            r.best,
            Move::Play("a2".parse().unwrap()),
            "{threads} threads"
        );
    }
}

#[test]
fn the_helpers_join_the_leader_to_a_fixed_depth_and_leave_when_it_is_done() {
    let pos = midgame();
    let mut engine = Engine::new(16 << 20);
    let clock = crate::engine::search::default_clock;
    let team = Arc::new(Team::new(&engine, 2, &pos, &limits(9, 0), clock));
    let result = std::thread::scope(|scope| {
        for index in 0..2 {
            let team = &team;
            scope.spawn(move || help(team, index));
        }
        while team.active() < 2 {
            std::thread::yield_now();
        }
        lead(&mut engine, &team, Budget::unlimited())
    });
    assert_eq!(result.depth, 9);
    let Move::Play(sq) = result.best else {
        panic!("a pass in {pos:?}")
    };
    assert!(pos.legal_moves().contains(sq));
    assert_eq!((team.joined(), team.active()), (2, 0));
    assert_eq!(team.phase(), Phase::Done);
}

#[test]
fn a_helper_fills_the_leaders_table() {
    let pos = midgame();
    let engine = Engine::new(16 << 20);
    let clock = crate::engine::search::default_clock;
    let team = Arc::new(Team::new(&engine, 1, &pos, &limits(60, 0), clock));
    let children: Vec<Position> = pos
        .legal_moves()
        .squares()
        .map(|sq| pos.play_unchecked(sq))
        .collect();
    let stored = |depth: u32| {
        children.iter().any(|c| {
            let hit = engine.tables.mid.probe(c.player().0, c.opponent().0);
            hit.is_some_and(|h| h.depth >= depth)
        })
    };
    assert!(!stored(1));
    std::thread::scope(|scope| {
        scope.spawn(|| help(&team, 0));
        // The helper alone searches: what it finds, the leader's table has.
        let started = std::time::Instant::now();
        while !stored(6) && started.elapsed().as_secs() < 30 {
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        team.begin(Phase::Done);
    });
    assert!(
        stored(6),
        "a child of the root searched 6 plies deep, in the leader's table"
    );
    assert!(team.helped() > 0);
    assert_eq!((team.joined(), team.active()), (1, 0));
}

#[test]
fn a_helper_without_a_place_or_after_the_end_returns_at_once() {
    let pos = midgame();
    let mut engine = Engine::new(1 << 20);
    let team = Arc::new(Team::new(
        &engine,
        1,
        &pos,
        &limits(4, 0),
        crate::engine::search::default_clock,
    ));
    help(&team, 5);
    let result = lead(&mut engine, &team, Budget::unlimited());
    assert_eq!(result.depth, 4);
    // Called after the leader is done (its message came late): nothing to do.
    help(&team, 0);
    assert_eq!((team.helped(), team.active()), (0, 0));
}

#[test]
fn a_timed_search_on_several_threads_stops_with_a_legal_move() {
    let pos = midgame();
    let mut engine = Engine::new(4 << 20);
    engine.set_threads(3);
    let budget = Budget::millis(60.0, crate::engine::search::default_clock);
    let started = std::time::Instant::now();
    let r = engine.search(&pos, &limits(60, 0), budget);
    assert!(started.elapsed().as_secs_f64() < 5.0);
    let Move::Play(sq) = r.best else {
        panic!("a pass")
    };
    assert!(pos.legal_moves().contains(sq));
    assert!(r.depth >= 1 && r.nodes > 0);
}

#[test]
fn a_deeper_iteration_completed_by_a_helper_is_the_answer() {
    let pos = midgame();
    let mut engine = Engine::new(1 << 20);
    let clock = crate::engine::search::default_clock;
    let squares: Vec<crate::Square> = pos.legal_moves().squares().collect();
    // What a helper would report; the leader stops at depth 4.
    let team = Arc::new(Team::new(&engine, 1, &pos, &limits(4, 0), clock));
    let last = *squares.last().expect("a legal move");
    team.completed(3, squares[0].index() as u8, 500);
    team.completed(9, last.index() as u8, -1234);
    team.completed(7, squares[0].index() as u8, 800);
    assert_eq!(team.deepest(), Some((9, last.index() as u8, -1234)));
    let r = lead(&mut engine, &team, Budget::unlimited());
    assert_eq!((r.best, r.score, r.depth), (Move::Play(last), -1234, 9));
    // Not deeper than the leader's own: the leader's answer.
    let team = Arc::new(Team::new(&engine, 1, &pos, &limits(4, 0), clock));
    team.completed(2, last.index() as u8, 0);
    let alone = lead(&mut engine, &team, Budget::unlimited());
    assert_eq!(alone.depth, 4);
    assert_eq!(
        team.deepest().map(|d| d.0),
        Some(4),
        "the leader's own iterations count"
    );
}
