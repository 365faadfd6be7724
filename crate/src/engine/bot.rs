//! The bot: levels 1–10 over the [`search`](crate::engine::search) engine.
//!
//! | level | name | search | exact from | win/loss/draw from | mistakes | book |
//! |--:|---|---|--:|--:|---|---|
//! | 1 | Beginner | depth 1 | – | – | greedy for discs, noise ±30 discs, about 1 move in 3 at random | – |
//! | 2 | Novice | depth 1 | – | – | noise ±10 discs, about 1 in 8 at random | – |
//! | 3 | Casual | depth 2 | 4 | – | noise ±3 discs, 1 in 30 at random | – |
//! | 4 | Club | depth 3 | 8 | – | noise ±1.5 discs | – |
//! | 5 | Keen | depth 4 | 10 | 12 | none | – |
//! | 6 | Strong | 2,500 nodes | 12 | 14 | none | – |
//! | 7 | Expert | 10,000 nodes | 14 | 16 | none | – |
//! | 8 | Master | 40,000 nodes | 16 | 18 | none | within 1 disc of the best |
//! | 9 | Grandmaster | 240,000 nodes | 18 | 20 | none | within 0.6 disc |
//! | 10 | Perfect | its time (1 s a move in the browser) | 24 | 26 | none | within 0.3 disc |
//!
//! Levels 8–10 play from the opening book ([`crate::engine::book`]) wherever it
//! knows every legal move: one of the moves valued within their margin of
//! the best, drawn by the game's seed, so their openings vary from game to
//! game at no real cost.
//!
//! Levels 6–10 deepen iteratively while at least twice what they used is
//! left of their budget (an iteration cut short still counts when it proved
//! a better move) (levels 6–9 a node budget, the same in the browser and
//! natively and on one thread, so a game against them replays; level 10 the
//! time it is given, on as many threads as it is given),
//! then solve the endgame with what is left when within reach. Every level
//! also stops at the time budget it is given. Mistakes are drawn from the
//! game's seeded generator, so a game replays.

use crate::engine::eval::DISC;
use crate::engine::search::{Budget, Engine, Limits, SearchResult};
use crate::{Move, Position};

/// What a level means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    /// 1 to 10.
    pub number: u8,
    /// The plain name shown in the interface.
    pub name: &'static str,
    /// Midgame search depth in plies.
    pub depth: u32,
    /// Exact endgame solve at or below this many empties (0: never).
    pub exact_empties: u32,
    /// Win/loss/draw solve at or below this many empties (0: never).
    pub wld_empties: u32,
    /// Random noise added to each move's score, up to ± this (1/100 disc).
    pub noise: i32,
    /// Chance, per thousand, of a move picked at random.
    pub blunder_per_mille: u64,
    /// Extra value per disc flipped (a beginner's greed), 1/100 disc.
    pub greed: i32,
    /// Node budget a move (0: none), in midgame nodes (the endgame solver's
    /// count [`SOLVER_NODES_PER_NODE`](crate::engine::search::SOLVER_NODES_PER_NODE) to one), in the browser as natively.
    pub nodes: u64,
    /// Plays from the opening book, any move within this much of the best
    /// (1/100 disc), when set.
    pub book: Option<i32>,
}

#[allow(clippy::too_many_arguments)]
const fn level(
    number: u8,
    name: &'static str,
    depth: u32,
    exact_empties: u32,
    wld_empties: u32,
    noise: i32,
    blunder_per_mille: u64,
    greed: i32,
    nodes: u64,
    book: Option<i32>,
) -> Level {
    Level {
        number,
        name,
        depth,
        exact_empties,
        wld_empties,
        noise,
        blunder_per_mille,
        greed,
        nodes,
        book,
    }
}

/// The ten levels, weakest first.
pub const LEVELS: [Level; 10] = [
    level(1, "Beginner", 1, 0, 0, 3000, 350, 150, 0, None),
    level(2, "Novice", 1, 0, 0, 1000, 120, 40, 0, None),
    level(3, "Casual", 2, 4, 0, 300, 33, 0, 0, None),
    level(4, "Club", 3, 8, 0, 150, 0, 0, 0, None),
    level(5, "Keen", 4, 10, 12, 0, 0, 0, 0, None),
    level(6, "Strong", 60, 12, 14, 0, 0, 0, 2_500, None),
    level(7, "Expert", 60, 14, 16, 0, 0, 0, 10_000, None),
    level(8, "Master", 60, 16, 18, 0, 0, 0, 40_000, Some(100)),
    level(9, "Grandmaster", 60, 18, 20, 0, 0, 0, 240_000, Some(60)),
    level(10, "Perfect", 60, 24, 26, 0, 0, 0, 0, Some(30)),
];

/// The level numbered `n`, clamped to 1..=10.
pub fn level_of(n: u8) -> &'static Level {
    &LEVELS[usize::from(n.clamp(1, 10)) - 1]
}

/// A choice and what the bot thought of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The move.
    pub mv: Move,
    /// Its score from the mover's view (1/100 disc), as searched.
    pub score: i32,
    /// Positions visited.
    pub nodes: u64,
    /// The deepest search completed for it, in plies (the empties when the
    /// endgame was solved; 0 for a forced pass or a move picked at random).
    pub depth: u32,
    /// Whether `score` is the solved final margin (or, for a win/loss/draw
    /// solve, its sign).
    pub exact: bool,
    /// Whether the move came from the opening book (`score` is then the
    /// book's value, `depth` and `nodes` 0).
    pub book: bool,
}

/// The bot's choice in `position` at `level` with no randomness and no time
/// limit (a fresh small engine). Passes only when forced.
pub fn choose(position: &Position, level: u8) -> Move {
    let mut engine = Engine::new(1 << 20);
    choose_with(&mut engine, position, level, &mut || 0, Budget::unlimited()).mv
}

/// The bot's choice with `engine`, drawing any randomness from `rng` (the
/// game's seeded generator) and stopping at `budget`. The top level
/// searches on the engine's threads ([`Engine::set_threads`]); a level with
/// a node budget (6–9) on this one alone, so that its games replay.
pub fn choose_with(
    engine: &mut Engine,
    position: &Position,
    level: u8,
    rng: &mut impl FnMut() -> u64,
    budget: Budget<'_>,
) -> Choice {
    match plan(engine, position, level, rng, budget) {
        Plan::Chosen(choice) => choice,
        Plan::Search(limits, budget) if level_of(level).nodes > 0 => {
            searched(engine.search_alone(position, &limits, budget))
        }
        Plan::Search(limits, budget) => searched(engine.search(position, &limits, budget)),
    }
}

/// What a level does in a position: a choice made without the full search
/// (a forced pass, a book move, a weak level's pick), or the search to run.
pub enum Plan<'a> {
    /// The move is chosen.
    Chosen(Choice),
    /// Search within these limits and this budget (the level's node budget
    /// applied), then play [`searched`]'s choice.
    Search(Limits, Budget<'a>),
}

/// What `level` does in `position` with `engine` (its tables and its book
/// setting), drawing any randomness from `rng`: [`choose_with`] up to the
/// full search, which the caller may run its own way (split across runners,
/// [`crate::engine::search::split`]).
pub fn plan<'a>(
    engine: &mut Engine,
    position: &Position,
    level: u8,
    rng: &mut impl FnMut() -> u64,
    budget: Budget<'a>,
) -> Plan<'a> {
    let level = level_of(level);
    let mut budget = budget;
    if level.nodes > 0 {
        budget.nodes = Some(budget.nodes.map_or(level.nodes, |n| n.min(level.nodes)));
    }
    let legal = position.legal_moves();
    if legal.is_empty() {
        return Plan::Chosen(Choice {
            mv: Move::Pass,
            score: 0,
            nodes: 0,
            depth: 0,
            exact: false,
            book: false,
        });
    }
    if let Some(choice) = from_book(engine, position, level, rng) {
        return Plan::Chosen(choice);
    }
    let empties = position.empty().count();
    let weak = level.noise > 0 || level.blunder_per_mille > 0 || level.greed > 0;
    if weak && empties > level.exact_empties {
        let scores = engine.score_moves(position, level.depth, budget);
        let roll = rng();
        if roll % 1000 >= 1000 - level.blunder_per_mille {
            let i = (rng() % u64::from(legal.count())) as usize;
            if let Some(sq) = legal.squares().nth(i) {
                let score = scores.iter().find(|s| s.0 == sq).map_or(0, |s| s.1);
                return Plan::Chosen(Choice {
                    mv: Move::Play(sq),
                    score,
                    nodes: 0,
                    depth: 0,
                    exact: false,
                    book: false,
                });
            }
        }
        let mut best: Option<(i32, crate::Square, i32)> = None;
        for &(sq, score) in &scores {
            let span = 2 * level.noise as u64 + 1;
            let noise = (rng() % span) as i32 - level.noise;
            let greed = level.greed * position.flips(sq).count() as i32;
            let key = score + noise + greed;
            if best.is_none_or(|(k, _, _)| key > k) {
                best = Some((key, sq, score));
            }
        }
        if let Some((_, sq, score)) = best {
            return Plan::Chosen(Choice {
                mv: Move::Play(sq),
                score,
                nodes: 0,
                depth: level.depth,
                exact: false,
                book: false,
            });
        }
    }
    let limits = Limits {
        depth: level.depth,
        exact_empties: level.exact_empties,
        wld_empties: level.wld_empties,
    };
    Plan::Search(limits, budget)
}

/// The choice a search's result makes.
pub fn searched(result: SearchResult) -> Choice {
    Choice {
        mv: result.best,
        score: result.score,
        nodes: result.nodes,
        depth: result.depth,
        exact: result.exact,
        book: false,
    }
}

/// The book's move for `level` in `position`, if the level plays from the
/// book and the book knows every legal move: one of those within the level's
/// margin of the best, drawn from `rng`.
fn from_book(
    engine: &Engine,
    position: &Position,
    level: &Level,
    rng: &mut impl FnMut() -> u64,
) -> Option<Choice> {
    let margin = level.book?;
    if !engine.uses_book() {
        return None;
    }
    let moves = crate::engine::book::Book::shared()?.moves(position)?;
    let best = moves.first()?.1;
    let near = moves.iter().take_while(|m| m.1 >= best - margin).count();
    let (sq, score) = moves[(rng() % near as u64) as usize];
    Some(Choice {
        mv: Move::Play(sq),
        score,
        nodes: 0,
        depth: 0,
        exact: false,
        book: true,
    })
}

/// The random words for the bot's choice at `ply`: the game's ChaCha20
/// generator ([`game_rng`](crate::game::fairness::game_rng)) on stream `ply`, so a
/// game replays from its seed.
pub fn seeded_stream(seed: &crate::game::fairness::Seed, ply: u32) -> impl FnMut() -> u64 {
    use crate::game::fairness::Rng;
    let mut rng = crate::game::fairness::game_rng(seed, u64::from(ply));
    move || rng.next_u64()
}

/// The bot's move in a game: [`choose_with`] drawing from the game's
/// seeded generator on stream `ply` (the moves played so far,
/// [`seeded_stream`]), so the same seed replays the same game. The one way
/// the page's bot worker and the server's tables ask the bot.
pub fn game_move(
    engine: &mut Engine,
    position: &Position,
    level: u8,
    seed: &crate::game::fairness::Seed,
    ply: u32,
    budget: Budget<'_>,
) -> Choice {
    let mut rng = seeded_stream(seed, ply);
    choose_with(engine, position, level, &mut rng, budget)
}

/// A score in discs, for display.
pub fn discs(score: i32) -> f64 {
    f64::from(score) / f64::from(DISC)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_level_plays_a_legal_move_and_passes_only_when_forced() {
        let start = Position::start();
        for n in 1..=10 {
            let mut engine = Engine::new(1 << 16);
            let mut state = 7u64;
            let mut rng = || {
                state = state
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                state >> 11
            };
            let budget = Budget {
                nodes: Some(20_000),
                ..Budget::unlimited()
            };
            let c = choose_with(&mut engine, &start, n, &mut rng, budget);
            let Move::Play(sq) = c.mv else {
                panic!("level {n} passed")
            };
            assert!(start.legal_moves().contains(sq), "level {n}");
        }
        // Dark has no square here but the game goes on: a pass.
        let board =
            crate::Board::new(crate::Bitboard(1 << 0), crate::Bitboard(1 << 1 | 1 << 63)).unwrap();
        let pos = Position::new(board, crate::Color::Light);
        assert_eq!(choose(&pos, 5), Move::Pass);
    }

    #[test]
    fn the_top_level_takes_a_free_corner() {
        // Dark to move can take a1 and wipe out light.
        let pos = Position::from_masks(1 << 18, 1 << 9, crate::Color::Dark);
        assert_eq!(choose(&pos, 10), Move::Play("a1".parse().unwrap()));
    }

    #[test]
    fn the_top_levels_open_from_the_book_varied_by_the_seed() {
        let start = Position::start();
        let book = crate::engine::book::Book::shared().expect("the built-in book");
        let first = book.moves(&start).expect("the book answers at the start");
        let mut played = std::collections::BTreeSet::new();
        for n in 8..=10 {
            for word in 0..8u64 {
                let mut engine = Engine::new(1 << 16);
                let c = choose_with(&mut engine, &start, n, &mut || word, Budget::unlimited());
                assert!(c.book && c.nodes == 0, "level {n}: {c:?}");
                let Move::Play(sq) = c.mv else {
                    panic!("level {n} passed")
                };
                assert!(first.iter().any(|&(s, v)| s == sq && v == c.score));
                played.insert(sq);
            }
        }
        // The four first moves are mirror images, all valued alike.
        assert_eq!(played.len(), 4, "{played:?}");
        // Without the book, or below level 8, the bot searches.
        let budget = || Budget {
            nodes: Some(5_000),
            ..Budget::unlimited()
        };
        let mut engine = Engine::new(1 << 16);
        engine.set_book(false);
        let c = choose_with(&mut engine, &start, 10, &mut || 0, budget());
        assert!(!c.book && c.nodes > 0);
        for n in 1..=7 {
            let mut engine = Engine::new(1 << 16);
            let c = choose_with(&mut engine, &start, n, &mut || 0, budget());
            assert!(!c.book, "level {n}");
        }
    }

    #[test]
    fn a_book_move_is_within_the_levels_margin_of_the_best() {
        // Every position the book answers after two plies: each level's
        // choice, whatever the seed, is within its margin of the best.
        let book = crate::engine::book::Book::shared().expect("the built-in book");
        let start = Position::start();
        let mut checked = 0;
        for a in start.legal_moves() {
            let one = start.play_unchecked(a);
            for b in one.legal_moves() {
                let pos = one.play_unchecked(b);
                let Some(moves) = book.moves(&pos) else {
                    continue;
                };
                for n in 8..=10 {
                    let margin = level_of(n).book.expect("a book level");
                    for word in 0..6u64 {
                        let mut engine = Engine::new(1 << 16);
                        let c =
                            choose_with(&mut engine, &pos, n, &mut || word, Budget::unlimited());
                        assert!(c.book);
                        assert!(
                            c.score >= moves[0].1 - margin,
                            "level {n}: {c:?} against {moves:?}"
                        );
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 0);
    }

    #[test]
    fn the_levels_with_a_node_budget_replay_whatever_threads_the_engine_has() {
        // A midgame position, searched (no book).
        let mut pos = Position::start();
        for mv in crate::parse_transcript("f5f4g3f6d3f3d6h3", pos).expect("legal") {
            pos = pos.play_move(mv).expect("legal");
        }
        for n in [6, 8] {
            let play = |threads: usize| {
                let mut engine = Engine::new(1 << 20);
                engine.set_book(false);
                engine.set_threads(threads);
                choose_with(&mut engine, &pos, n, &mut || 3, Budget::unlimited())
            };
            let alone = play(1);
            assert!(!alone.book && alone.nodes > 0, "level {n}: {alone:?}");
            // The same move, score, depth and nodes: searched alone.
            assert_eq!(play(3), alone, "level {n}");
        }
    }
}
