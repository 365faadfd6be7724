//! The split search against the plain one: with ProbCut off, at a fixed
//! depth, both find the same value (the depth's minimax value), on one
//! runner or several; in the endgame both find the same exact or
//! win/loss/draw value; the move chosen has that value.

use super::{search_threads, Job, JobResult, Split};
use crate::engine::search::{default_clock, Budget, Engine, Limits};
use crate::{Move, Position};

/// The position after `plies` moves drawn by a fixed generator from the start.
fn position_after(plies: usize, seed: u64) -> Position {
    let mut pos = Position::start();
    let mut state = seed;
    for _ in 0..plies {
        if pos.is_game_over() {
            break;
        }
        if pos.must_pass() {
            pos = pos.pass_unchecked();
            continue;
        }
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let legal: Vec<_> = pos.legal_moves().squares().collect();
        pos = pos.play_unchecked(legal[(state >> 33) as usize % legal.len()]);
    }
    pos
}

fn engines(n: usize) -> Vec<Engine> {
    (0..n)
        .map(|_| {
            let mut e = Engine::new(1 << 20);
            e.set_probcut(false);
            e
        })
        .collect()
}

#[test]
fn at_a_fixed_depth_the_split_finds_the_plain_searchs_value_with_a_move_worth_it() {
    let limits = Limits {
        depth: 5,
        exact_empties: 0,
        wld_empties: 0,
    };
    for (plies, seed) in [(14, 1), (20, 2), (26, 3), (32, 4)] {
        let pos = position_after(plies, seed);
        if pos.legal_moves().count() < 2 {
            continue;
        }
        let mut plain = engines(1);
        let want = plain[0].search(&pos, &limits, Budget::unlimited());
        for runners in [1, 3] {
            let got = search_threads(&mut engines(runners), &pos, &limits, Budget::unlimited());
            assert_eq!(
                got.score, want.score,
                "{runners} runners after {plies} plies"
            );
            assert_eq!(got.depth, 5);
            let Move::Play(sq) = got.best else {
                panic!("a pass with moves to play")
            };
            let mut check = engines(1);
            let value = check[0].move_value(&pos, sq, 5, Budget::unlimited());
            assert_eq!(value, Some(want.score), "{runners} runners: {sq}");
        }
    }
}

#[test]
fn in_the_endgame_the_split_solves_as_the_plain_search() {
    for (plies, seed) in [(46, 5), (47, 6)] {
        let pos = position_after(plies, seed);
        let empties = pos.empty().count();
        let exact = Limits {
            depth: 4,
            exact_empties: empties,
            wld_empties: empties,
        };
        let want = engines(1)[0].search(&pos, &exact, Budget::unlimited());
        let got = search_threads(&mut engines(2), &pos, &exact, Budget::unlimited());
        assert!(got.exact && want.exact);
        assert_eq!((got.score, got.depth), (want.score, empties));
        if let Move::Play(sq) = got.best {
            let mut engine = Engine::new(1 << 20);
            let value = engine.solve_move(&pos, sq, -64, 64, Budget::unlimited());
            assert_eq!(value.map(|v| v * 100), Some(want.score), "{sq}");
        }
        // Win, loss or draw only: the same sign.
        let wld = Limits {
            exact_empties: 0,
            ..exact
        };
        let want = engines(1)[0].search(&pos, &wld, Budget::unlimited());
        let got = search_threads(&mut engines(3), &pos, &wld, Budget::unlimited());
        assert!(!got.exact);
        assert_eq!(got.score, want.score);
        assert!(got.score.abs() <= 100);
    }
}

#[test]
fn a_budget_stops_it_with_a_legal_move_and_no_move_is_a_pass() {
    let pos = position_after(20, 9);
    let limits = Limits {
        depth: 60,
        exact_empties: 20,
        wld_empties: 22,
    };
    let budget = Budget {
        nodes: Some(30_000),
        ..Budget::unlimited()
    };
    let got = search_threads(&mut engines(2), &pos, &limits, budget);
    let Move::Play(sq) = got.best else {
        panic!("a pass with moves to play")
    };
    assert!(pos.legal_moves().contains(sq));
    assert!(got.nodes > 0 && got.depth >= 1);
    let timed = Budget::millis(50.0, default_clock);
    let got = search_threads(&mut engines(2), &pos, &limits, timed);
    assert!(matches!(got.best, Move::Play(sq) if pos.legal_moves().contains(sq)));
    // Light has no square but dark has: a pass, with nothing to plan.
    let board =
        crate::Board::new(crate::Bitboard(1 << 0), crate::Bitboard(1 << 1 | 1 << 63)).unwrap();
    let pass = Position::new(board, crate::Color::Light);
    let split = Split::new(&pass, &limits, None, None, default_clock);
    assert!(split.is_done());
    assert_eq!(split.outcome().best, Move::Pass);
}

#[test]
fn jobs_sent_as_text_and_run_in_turn_give_the_same_value() {
    // The page's way: jobs and results as lines, two runners served in turn.
    let pos = position_after(24, 11);
    let limits = Limits {
        depth: 4,
        exact_empties: 0,
        wld_empties: 0,
    };
    let want = engines(1)[0].search(&pos, &limits, Budget::unlimited());
    let mut split = Split::new(&pos, &limits, None, None, default_clock);
    let mut runners = engines(2);
    let mut out: Vec<Option<String>> = vec![None, None];
    while !split.is_done() {
        for (i, slot) in out.iter_mut().enumerate() {
            if slot.is_none() {
                *slot = split.next_job(i).map(|j| j.to_text());
            }
        }
        let Some(i) = out.iter().position(Option::is_some) else {
            panic!("nothing out and not done")
        };
        let job = Job::from_text(&out[i].take().unwrap_or_default()).expect("a job");
        let result = super::run_job(&mut runners[i], &job, default_clock, None);
        split.take(JobResult::from_text(&result.to_text()).expect("a result"));
    }
    assert_eq!(split.outcome().score, want.score);
}
