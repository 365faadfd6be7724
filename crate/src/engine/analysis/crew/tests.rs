use super::super::{Analysis, Report, DEPTH_BEFORE_EXACT};
use crate::engine::eval::DISC;
use crate::engine::search::Budget;
use crate::{Position, Square};

/// FFO #40 (20 empties, dark to move): A2 +38 best.
fn ffo40() -> Position {
    crate::parse_obf_text("O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X")
        .unwrap()[0]
        .position
}

/// Steps until done on `threads` threads, each step within `budget`.
fn run(position: Position, threads: usize, budget: Budget<'_>) -> Vec<Report> {
    let mut analysis = Analysis::new(position, 16 << 20);
    let mut reports = Vec::new();
    loop {
        let r = analysis.step_threads(budget, threads);
        let done = r.done;
        reports.push(r);
        if done || reports.len() > 100_000 {
            return reports;
        }
    }
}

/// The last report's values, by square.
fn values(report: &Report) -> Vec<(Square, i32, bool)> {
    let mut got: Vec<(Square, i32, bool)> = report
        .moves
        .iter()
        .map(|m| (m.square, m.value / DISC, m.exact))
        .collect();
    got.sort_by_key(|(sq, _, _)| sq.index());
    got
}

#[test]
fn on_three_threads_the_exact_values_are_one_threads() {
    let alone = run(ffo40(), 1, Budget::unlimited());
    let three = run(ffo40(), 3, Budget::unlimited());
    let (a, t) = (alone.last().unwrap(), three.last().unwrap());
    assert!(t.done && t.exact);
    assert_eq!(values(t), values(a));
    assert_eq!(t.best().unwrap().square, "a2".parse().unwrap());
    assert_eq!(t.best().unwrap().value, 38 * DISC);
    // Deepened a ply a step to the depth before the solves, as one thread.
    let depths: Vec<u32> = three.iter().map(|r| r.depth).take(6).collect();
    assert_eq!(depths, [1, 2, 3, 4, 5, 6]);
    assert!(three
        .iter()
        .any(|r| r.depth == DEPTH_BEFORE_EXACT && !r.exact));
    // Several moves solved in a step: fewer steps than one thread's.
    assert!(
        three.len() < alone.len(),
        "{} steps against {}",
        three.len(),
        alone.len()
    );
}

#[test]
fn a_small_budget_stops_steps_and_they_resume_to_the_same_values() {
    let budget = Budget {
        nodes: Some(20_000),
        ..Budget::unlimited()
    };
    let reports = run(ffo40(), 2, budget);
    let last = reports.last().unwrap();
    assert!(last.done && last.exact);
    assert!(
        reports.iter().any(|r| !r.progressed),
        "some steps were cut short"
    );
    let alone = run(ffo40(), 1, Budget::unlimited());
    assert_eq!(values(last), values(alone.last().unwrap()));
}

#[test]
fn the_helpers_join_and_their_nodes_count() {
    let mut analysis = Analysis::new(Position::start(), 1 << 20);
    for depth in 1..=6 {
        let crew = analysis.crew().unwrap();
        let r = std::thread::scope(|scope| {
            let helper = scope.spawn(|| crew.help());
            // The helper has come before the leader starts.
            while crew.joined() == 0 && !helper.is_finished() {
                std::thread::yield_now();
            }
            analysis.lead(&crew, Budget::unlimited())
        });
        assert_eq!(crew.joined(), 1);
        assert!(r.progressed && !r.done);
        assert_eq!(r.depth, depth);
        // Every move searched to the step's depth (their values, though
        // symmetric, may differ: what the shared table holds depends on
        // which thread was where).
        assert!(r.moves.iter().all(|m| m.depth == depth));
        assert_eq!(r.moves.len(), 4);
        assert!(depth < 3 || r.nodes > 0, "depth {depth}: {} nodes", r.nodes);
    }
}

#[test]
fn a_helper_after_the_step_does_nothing() {
    let mut analysis = Analysis::new(Position::start(), 1 << 20);
    let crew = analysis.crew().unwrap();
    let r = analysis.lead(&crew, Budget::unlimited());
    assert!(r.progressed && r.depth == 1);
    crew.help();
    assert_eq!(crew.joined(), 0);
    // The next step is a ply deeper.
    let next = analysis.crew().unwrap();
    assert_eq!(analysis.lead(&next, Budget::unlimited()).depth, 2);
}
