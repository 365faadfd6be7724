//! The exact solver against the FFO endgame suite (tests/data/fforum-*.obf,
//! Fabrice's Othello Forum; scores are the final disc difference under
//! perfect play, best first).

use crate::common;

use virada::engine::endgame::{solve_parallel, EndTable, Solver};
use virada::engine::search::{default_clock, Budget};
use virada::Move;

fn check_file(name: &str) {
    let mut table = EndTable::with_bytes(16 << 20);
    for (i, obf) in common::read_obf(name).iter().enumerate() {
        table.clear();
        let mut solver = Solver::new(&mut table, Budget::unlimited());
        let s = solver.solve(&obf.position).expect("no budget, no abort");
        let best = obf.annotations[0].score;
        assert_eq!(s.score, best, "{name} #{}: score", i + 1);
        let annotated = obf.annotations.iter().find(|a| a.mv == s.best);
        assert_eq!(
            annotated.map(|a| a.score),
            Some(best),
            "{name} #{}: move {}",
            i + 1,
            s.best
        );
    }
}

#[test]
fn ffo_1_to_19_solve_to_their_annotated_scores() {
    check_file("fforum-01-19.obf");
}

#[test]
fn ffo_20_to_39_solve_to_their_annotated_scores() {
    check_file("fforum-20-39.obf");
}

#[test]
fn the_eight_symmetries_of_a_position_solve_alike() {
    let mut table = EndTable::with_bytes(8 << 20);
    for obf in common::read_obf("fforum-01-19.obf").iter().take(6) {
        let expected = obf.annotations[0].score;
        for which in 0..8 {
            table.clear();
            let pos = obf.position.symmetry(which);
            let s = Solver::new(&mut table, Budget::unlimited())
                .solve(&pos)
                .expect("solved");
            assert_eq!(s.score, expected, "symmetry {which}");
            let Move::Play(sq) = s.best else {
                panic!("pass")
            };
            assert!(pos.legal_moves().contains(sq));
        }
    }
}

#[test]
fn win_loss_draw_agrees_with_the_exact_sign_and_a_tiny_budget_aborts() {
    let mut table = EndTable::with_bytes(8 << 20);
    for obf in common::read_obf("fforum-01-19.obf") {
        table.clear();
        let s = Solver::new(&mut table, Budget::unlimited())
            .solve_wld(&obf.position)
            .expect("solved");
        assert_eq!(s.score, obf.annotations[0].score.signum());
    }
    let obf = &common::read_obf("fforum-20-39.obf")[18];
    table.clear();
    let budget = Budget {
        nodes: Some(10_000),
        ..Budget::unlimited()
    };
    let mut solver = Solver::new(&mut table, budget);
    assert_eq!(solver.solve(&obf.position), None);
    assert!(solver.aborted());
}

/// A solve whose time is up stops in its guess at the score (a search on
/// the evaluation of up to a million positions), before it visits a
/// position of its own: the bot keeps to its time when it turns to the
/// solve late in its move.
#[test]
fn a_solve_out_of_time_stops_in_its_guess() {
    let mut table = EndTable::with_bytes(8 << 20);
    let deep = common::read_obf("fforum-20-39.obf")
        .into_iter()
        .filter(|obf| obf.position.empty().count() >= 20);
    for obf in deep.take(4) {
        table.clear();
        let budget = Budget::millis(0.0, default_clock);
        let mut solver = Solver::new(&mut table, budget);
        assert_eq!(solver.solve(&obf.position), None);
        assert!(solver.aborted());
        // One position entered to find the solve aborted (it reads the
        // clock every 4,096 otherwise).
        assert!(
            solver.nodes <= 1,
            "{}: {} nodes",
            obf.position,
            solver.nodes
        );
    }
}

/// Several threads on one table give the single thread's exact scores, with
/// an annotated best move.
fn check_parallel(name: &str, take: usize, threads: usize) {
    let mut table = EndTable::with_bytes(16 << 20);
    for (i, obf) in common::read_obf(name).iter().enumerate().take(take) {
        table.clear();
        let s = solve_parallel(&obf.position, &mut table, threads, Budget::unlimited())
            .expect("no budget, no abort");
        let best = obf.annotations[0].score;
        assert_eq!(s.score, best, "{name} #{} on {threads} threads", i + 1);
        let annotated = obf.annotations.iter().find(|a| a.mv == s.best);
        assert_eq!(
            annotated.map(|a| a.score),
            Some(best),
            "{name} #{} on {threads} threads: move {}",
            i + 1,
            s.best
        );
    }
}

#[test]
fn two_and_four_threads_solve_to_the_annotated_scores_and_moves() {
    for threads in [2, 4] {
        check_parallel("fforum-01-19.obf", 19, threads);
        check_parallel("fforum-20-39.obf", 4, threads);
    }
}

#[test]
fn a_parallel_solve_stops_with_its_budget() {
    let obf = &common::read_obf("fforum-20-39.obf")[18];
    let mut table = EndTable::with_bytes(8 << 20);
    let budget = Budget {
        nodes: Some(10_000),
        ..Budget::unlimited()
    };
    assert_eq!(solve_parallel(&obf.position, &mut table, 2, budget), None);
}
