use super::*;
use crate::Color;

/// FFO's first positions with their annotated scores (tests/data, the FFO
/// endgame suite: the source of the scores, not of the puzzles).
fn ffo(n: usize) -> Obf {
    let text = include_str!("../../../tests/data/fforum-01-19.obf");
    let lines = crate::parse_obf_text(text).unwrap();
    lines[n - 1].clone()
}

fn square(name: &str) -> Square {
    name.parse().unwrap()
}

#[test]
fn a_position_with_one_best_move_by_a_clear_margin_is_a_puzzle() {
    let mut oracle = Oracle::default();
    // FFO #1: G8 +18, the next H1 +12: six apart, the margin.
    let p = puzzle_at(&ffo(1).position, &mut oracle).expect("a puzzle");
    assert_eq!((p.best, p.score), (square("g8"), 18));
    assert_eq!(p.id, id_of(&ffo(1).position));
    // G8 lies in an odd region, H1 (a corner, not the best) in an even one.
    assert_eq!(p.themes, vec![Theme::Parity]);
    // FFO #2: A4 +10, then B2 +0.
    let p = puzzle_at(&ffo(2).position, &mut oracle).expect("a puzzle");
    assert_eq!((p.best, p.score), (square("a4"), 10));
    // FFO #3: D1 +2 and G3 +0, too close; FFO #4: H8 and A5 both +0.
    assert_eq!(puzzle_at(&ffo(3).position, &mut oracle), None);
    assert_eq!(puzzle_at(&ffo(4).position, &mut oracle), None);
}

#[test]
fn the_line_answers_with_perfect_replies_and_accepts_any_best_move() {
    let mut oracle = Oracle::default();
    let puzzle = puzzle_at(&ffo(1).position, &mut oracle).unwrap();
    let mut line = Line::new(&puzzle);
    let mut at = puzzle.position;
    let mut moves = 0;
    let mut square_to_play = puzzle.best;
    loop {
        let turn = line.play(square_to_play, &mut oracle).unwrap();
        moves += 1;
        let Turn::Kept { replies, solved } = turn else {
            panic!("a best move was refused");
        };
        at = at.play_unchecked(square_to_play);
        for r in &replies {
            // Each reply is the opponent's perfect move (or a forced pass).
            assert_eq!(Some(*r), oracle.perfect_move(&at));
            at = at.play_move(*r).unwrap();
        }
        assert_eq!(line.position, at);
        if solved {
            break;
        }
        // The person's score holds along the line.
        assert_eq!(oracle.score(&at), puzzle.score);
        // Any move that keeps the best score is accepted: take the last one.
        square_to_play = oracle
            .move_values(&at)
            .into_iter()
            .filter(|&(_, v)| v == puzzle.score)
            .map(|(sq, _)| sq)
            .next_back()
            .unwrap();
    }
    assert_eq!(moves, LINE_MOVES.min(moves));
    assert!(moves == LINE_MOVES || at.is_game_over());
    assert_eq!(line.play(square("a1"), &mut oracle), Err(LineError::Over));
}

#[test]
fn a_wrong_move_shows_its_cost_and_its_refutation() {
    let mut oracle = Oracle::default();
    let puzzle = puzzle_at(&ffo(1).position, &mut oracle).unwrap();
    let mut line = Line::new(&puzzle);
    assert_eq!(
        line.play(square("a1"), &mut oracle),
        Err(LineError::Illegal(square("a1")))
    );
    let Turn::Wrong(miss) = line.play(square("h1"), &mut oracle).unwrap() else {
        panic!("h1 was accepted");
    };
    // "This ends 38 to 26; the best ends 41 to 23."
    assert_eq!((miss.value, miss.best), (12, 18));
    assert_eq!(miss.ends, (38, 26));
    assert_eq!(miss.best_ends, (41, 23));
    // The refutation is legal, ends the game, and ends at the cost.
    let mut at = miss.after;
    for mv in &miss.refutation {
        at = at.play_move(*mv).unwrap();
    }
    assert!(at.is_game_over());
    let person = puzzle.position.side_to_move();
    let (mine, theirs) = (at.count(person), at.count(person.other()));
    let empties = 64 - mine - theirs;
    let diff = mine as i32 - theirs as i32;
    let score = diff + diff.signum() * empties as i32;
    assert_eq!(score, 12);
    assert!(line.over);
}

/// Games of our own: at ply `i` each side plays its legal square number
/// `(i · k + k) mod n` in reading order (weak play leaves clear mistakes).
fn our_games() -> Vec<String> {
    (1..=6)
        .map(|k| {
            let mut at = Position::start();
            let mut moves = Vec::new();
            while !at.is_game_over() {
                let legal: Vec<Square> = at.legal_moves().into_iter().collect();
                let i = moves.len();
                let mv = if legal.is_empty() {
                    Move::Pass
                } else {
                    Move::Play(legal[(i * k + k) % legal.len()])
                };
                moves.push(mv);
                at = at.play_move(mv).unwrap();
            }
            crate::write_transcript_with_passes(&moves)
        })
        .collect()
}

#[test]
fn puzzles_found_in_a_game_are_its_positions() {
    let search = Search {
        max_empties: 16,
        ..Search::default()
    };
    let mut oracle = Oracle::default();
    let mut total = 0;
    for transcript in our_games() {
        let found = from_game(&transcript, search, &mut oracle).unwrap();
        total += found.len();
        assert!(found.len() <= search.per_game);
        let positions = crate::engine::review::read_game(&transcript)
            .unwrap()
            .positions();
        for p in &found {
            assert!(positions.contains(&p.position));
            assert!((10..=16).contains(&p.empties()));
            // Checked again the long way: every move solved exactly.
            let values = oracle.move_values(&p.position);
            let best: Vec<_> = values.iter().filter(|&&(_, v)| v == p.score).collect();
            assert_eq!(best.len(), 1);
            assert_eq!(best[0].0, p.best);
            assert!(values
                .iter()
                .all(|&(sq, v)| sq == p.best || v <= p.score - MARGIN));
        }
    }
    assert!(total > 0, "no puzzle in {:?}", our_games());
    assert_eq!(
        from_game("f5f5", search, &mut oracle).unwrap_err().code(),
        "transcript-occupied"
    );
}

#[test]
fn a_puzzle_line_reads_back_and_exports_in_ffo_style() {
    let mut oracle = Oracle::default();
    let p = puzzle_at(&ffo(1).position, &mut oracle).unwrap();
    let export = p.export_line();
    assert_eq!(
        export,
        format!(
            "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; id={}; rating={}",
            p.id, p.rating
        )
    );
    let back: Puzzle = export.parse().unwrap();
    assert_eq!(back.themes, Vec::new());
    assert_eq!(back.position, p.position);
    let set_line = p.to_string();
    assert!(set_line.ends_with(&format!("; themes={}", p.theme_names())));
    assert_eq!(set_line.parse::<Puzzle>(), Ok(p.clone()));
    assert_eq!(read_set(&format!("# a set\n\n{set_line}\n")), Ok(vec![p]));
}

#[test]
fn bad_puzzle_lines_are_refused_with_a_code() {
    let cells = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";
    for (line, code) in [
        (format!("{cells}; G8:+18; rating=1000"), "puzzle-id"),
        (format!("{cells}; G8:+18; id=a b; rating=1000"), "puzzle-id"),
        (format!("{cells}; G8:+18; id=x; rating=-3"), "puzzle-rating"),
        (
            format!("{cells}; G8:+18; H1:+12; id=x; rating=1"),
            "puzzle-answer",
        ),
        (format!("{cells}; id=x; rating=1"), "puzzle-answer"),
        (
            format!("{cells}; G8:+18; id=x; rating=1; themes=luck"),
            "puzzle-theme",
        ),
        (
            format!("{cells}; G8:+18; id=x; rating=1; colour=red"),
            "puzzle-field",
        ),
        (
            format!("{cells}; A1:+18; id=x; rating=1"),
            "obf-illegal-move",
        ),
        ("XX; G8:+18; id=x; rating=1".to_string(), "obf-wrong-length"),
    ] {
        assert_eq!(
            line.parse::<Puzzle>().map_err(|e| e.code()),
            Err(code),
            "{line}"
        );
    }
    assert_eq!(read_set("\nnonsense\n").unwrap_err().0, 2);
}

#[test]
fn ids_are_eight_hex_digits_and_differ_with_the_side_to_move() {
    let p = Position::start();
    let id = id_of(&p);
    assert_eq!(id.len(), 8);
    assert!(valid_id(&id));
    assert_eq!(id, id_of(&Position::start()));
    let other = Position::new(p.board(), Color::Light);
    assert_ne!(id, id_of(&other));
    assert!(!valid_id(""));
    assert!(!valid_id(&"a".repeat(33)));
    assert!(!valid_id("a/b"));
}

#[test]
fn difficulty_grows_with_the_empties_and_the_plausible_mistakes() {
    let d = |empties, rank, plausible| {
        Difficulty {
            empties,
            rank,
            plausible,
        }
        .rating()
    };
    assert_eq!(d(10, 1, 0), 1000);
    assert_eq!(d(20, 1, 0), 1500);
    assert_eq!(d(10, 3, 2), 1380);
    assert!(d(24, 9, 9) <= 2500);
    assert!(d(12, 1, 0) < d(14, 1, 0));
    assert!(d(14, 1, 0) < d(14, 2, 0));
    assert!(d(14, 1, 0) < d(14, 1, 1));
}

/// Glicko-2 by hand, step by step as in Glickman's "Example of the
/// Glicko-2 system" (the Illinois algorithm for the volatility), for one
/// rating period of `games` (opponent's rating and deviation, score):
/// independent of the `skillratings` crate the library uses.
fn glicko2_by_hand(
    player: (f64, f64, f64),
    games: &[(f64, f64, f64)],
    tau: f64,
) -> (f64, f64, f64) {
    use std::f64::consts::PI;
    let scale = 173.7178;
    let (mu, phi, sigma) = ((player.0 - 1500.0) / scale, player.1 / scale, player.2);
    let (mut v_inv, mut sum) = (0.0, 0.0);
    for &(r, d, score) in games {
        let (mu_j, phi_j) = ((r - 1500.0) / scale, d / scale);
        let g = 1.0 / (1.0 + 3.0 * phi_j * phi_j / (PI * PI)).sqrt();
        let e = 1.0 / (1.0 + (-g * (mu - mu_j)).exp());
        v_inv += g * g * e * (1.0 - e);
        sum += g * (score - e);
    }
    let v = 1.0 / v_inv;
    let delta = v * sum;
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex).powi(2))
            - (x - a) / (tau * tau)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * tau) < 0.0 {
            k += 1.0;
        }
        a - k * tau
    };
    let (mut fa, mut fb) = (f(big_a), f(big_b));
    while (big_b - big_a).abs() > 1e-6 {
        let c = big_a + (big_a - big_b) * fa / (fb - fa);
        let fc = f(c);
        if fc * fb <= 0.0 {
            big_a = big_b;
            fa = fb;
        } else {
            fa /= 2.0;
        }
        big_b = c;
        fb = fc;
    }
    let sigma2 = (big_a / 2.0).exp();
    let phi_star = (phi * phi + sigma2 * sigma2).sqrt();
    let phi2 = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
    let mu2 = mu + phi2 * phi2 * sum;
    (mu2 * scale + 1500.0, phi2 * scale, sigma2)
}

#[test]
fn attempts_are_rated_as_an_independent_glicko2_computation_says() {
    let stated = |r: f64, d: f64| Stated {
        rating: (r * 100.0) as i64,
        deviation: (d * 100.0) as i64,
        volatility: 60_000_000,
    };
    for (person, puzzle, solved) in [
        (stated(1500.0, 350.0), stated(1450.0, 200.0), true),
        (stated(1500.0, 350.0), stated(1450.0, 200.0), false),
        (stated(1720.5, 80.0), stated(1300.0, 60.0), false),
        (stated(1210.0, 150.0), stated(1900.0, 120.0), true),
    ] {
        let (p2, z2) = rate_attempt(person, puzzle, solved);
        let s = if solved { 1.0 } else { 0.0 };
        let by_hand = |a: Stated, b: Stated, s: f64| {
            glicko2_by_hand(
                (a.rating(), a.deviation(), a.volatility()),
                &[(b.rating(), b.deviation(), s)],
                crate::rating::TAU,
            )
        };
        for (got, want) in [
            (p2, by_hand(person, puzzle, s)),
            (z2, by_hand(puzzle, person, 1.0 - s)),
        ] {
            assert!((got.rating() - want.0).abs() < 0.02, "{got} {want:?}");
            assert!((got.deviation() - want.1).abs() < 0.02, "{got} {want:?}");
            assert!((got.volatility() - want.2).abs() < 1e-6, "{got} {want:?}");
        }
        assert_eq!(p2.rating > person.rating, solved);
    }
    // The by-hand computation is itself right: Glickman's worked example
    // (1500/200/0.06 beats 1400/30, loses to 1550/100 and 1700/300, τ 0.5)
    // ends at 1464.06, 151.52, 0.05999.
    let games = [
        (1400.0, 30.0, 1.0),
        (1550.0, 100.0, 0.0),
        (1700.0, 300.0, 0.0),
    ];
    let (r, d, v) = glicko2_by_hand((1500.0, 200.0, 0.06), &games, 0.5);
    assert!((r - 1464.06).abs() < 0.01, "{r}");
    assert!((d - 151.52).abs() < 0.01, "{d}");
    assert!((v - 0.05999).abs() < 0.00001, "{v}");
}

#[test]
fn a_list_of_moves_is_judged_solved_missed_or_unfinished() {
    let mut oracle = Oracle::default();
    let puzzle = puzzle_at(&ffo(1).position, &mut oracle).unwrap();
    // The person's moves of a solved line: each the first best square.
    let mut line = Line::new(&puzzle);
    let mut mine = Vec::new();
    while !line.over {
        let sq = oracle
            .move_values(&line.position)
            .into_iter()
            .find(|&(_, v)| v == puzzle.score)
            .map(|(sq, _)| sq)
            .unwrap();
        line.play(sq, &mut oracle).unwrap();
        mine.push(sq);
    }
    assert_eq!(judge(&puzzle, &mine, &mut oracle), Ok(LineOutcome::Solved));
    assert_eq!(
        judge(&puzzle, &mine[..1], &mut oracle),
        Ok(LineOutcome::Unfinished)
    );
    assert_eq!(
        judge(&puzzle, &[], &mut oracle),
        Ok(LineOutcome::Unfinished)
    );
    assert_eq!(
        judge(&puzzle, &[square("h1")], &mut oracle),
        Ok(LineOutcome::Missed)
    );
    assert_eq!(
        judge(&puzzle, &[square("h1"), square("g8")], &mut oracle),
        Err(LineError::Over)
    );
    assert_eq!(
        judge(&puzzle, &[square("a1")], &mut oracle),
        Err(LineError::Illegal(square("a1")))
    );
}
